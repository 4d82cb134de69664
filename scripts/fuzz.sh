#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer executables of Fuzz/Package.swift with
# AddressSanitizer and runs each for PP_FUZZ_SECONDS (default 60) seconds,
# starting from the checked-in seeds (Fuzz/corpus/<target>, read-only) and the
# crash regressions. New inputs go to build/fuzz/corpus/<target>; a crash input
# lands in build/fuzz/crashes/<target>/ — fix it, then copy it to
# Fuzz/regressions/<target>/ so `make test` replays it.
# Prints one line per target: "FUZZ <target> executions=N crashes=N" and a total.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${PP_FUZZ_SECONDS:-60}
targets=${PP_FUZZ_TARGETS:-"request-bodies cms certificate-chain jwt deep-link doctor-plist http http-framing"}
out=build/fuzz
mkdir -p "$out"

# One product at a time, so that only the fuzz executables and what they use
# are built sanitized. libFuzzer is linked into those executables alone
# (Fuzz/Package.swift): --sanitize=fuzzer would link it into the main package's
# build tool too (WireTypeGenerator), whose `main` then collides with libFuzzer's.
for target in $targets; do
    swift build --package-path Fuzz --sanitize=address --product "fuzz-$target" \
        -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table 2>&1 |
        grep -E 'error|Build of product' || true
done
bin=$(swift build --package-path Fuzz --show-bin-path --sanitize=address)

# Swift's own backtracer would catch the signal before libFuzzer could save the
# input; leaks from runtime caches at exit are not findings.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1

total_crashes=0
summary=()
for target in $targets; do
    exe="$bin/fuzz-$target"
    [ -x "$exe" ] || { echo "FUZZ $target missing executable $exe" >&2; total_crashes=$((total_crashes + 1)); continue; }
    mkdir -p "$out/corpus/$target" "$out/crashes/$target" Fuzz/regressions/"$target"
    log="$out/$target.log"
    # Crash inputs of earlier runs stay in the folder until fixed; count this run's.
    started="$out/.started-$target"
    touch "$started"
    "$exe" "$out/corpus/$target" "Fuzz/corpus/$target" "Fuzz/regressions/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix="$out/crashes/$target/" -print_final_stats=1 >"$log" 2>&1
    status=$?
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    [ -n "$runs" ] || runs=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$log" | tail -n 1)
    crashes=$(find "$out/crashes/$target" -type f -newer "$started" | wc -l)
    if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
    total_crashes=$((total_crashes + crashes))
    line="FUZZ $target executions=${runs:-0} crashes=$crashes seconds=$seconds"
    echo "$line"
    summary+=("$line")
done
printf '%s\n' "${summary[@]}" >"$out/summary.txt"
echo "fuzz: $total_crashes crash(es); logs and inputs under $out"
[ "$total_crashes" -eq 0 ]
