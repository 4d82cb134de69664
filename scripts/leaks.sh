#!/usr/bin/env bash
# `make leaks`: builds `tpc` (and `tpc-demo`, which `tpc demo` execs) with
# AddressSanitizer (LeakSanitizer included) in its own build path (.build/asan,
# so the normal build is never disturbed), drives real traffic through it and
# lets every process exit normally, so that LeakSanitizer checks it at exit:
#
#   1. `tpc demo` (that is, tpc-demo), which starts its own `tpc serve --sandbox`;
#   2. `tpc serve --sandbox` on SQLite, loaded with provisioning requests by
#      tpc-bench (a normal debug build) and by `tpc demo --url`, then SIGTERM
#      (a graceful stop, exit status 0 expected);
#   3. the EndToEndTests suite with TPC_BINARY pointing at the ASan `tpc`
#      (PP_LEAKS_TESTS=none skips it, PP_LEAKS_TESTS=<filter> picks tests).
#
# Every ASan process writes build/leaks/logs/asan.<exe>.<pid> (verbosity=1, so that
# a process that was checked says so even when clean). Leaks inside code we do
# not own are suppressed by scripts/lsan.supp (each entry says why) and counted
# apart. Prints per-step lines and the summary
#   leaks: N reports in our code, M suppressed (runtime)
# and exits non-zero when N > 0, when AddressSanitizer reported an error, or
# when a step failed.
#
#   PP_LEAKS_REQUESTS     extra provisioning requests for step 2 (default 2000)
#   PP_LEAKS_FULL_STACKS  1: slow unwinder, full allocation stacks (much slower)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=build/leaks
logs=$out/logs
rm -rf "$out"
mkdir -p "$logs"

echo "leaks: building tpc and tpc-demo with -sanitize=address into .build/asan" >&2
# `tpc demo` execs the tpc-demo built next to tpc: both are sanitized.
for product in tpc-demo tpc; do
    swift build --sanitize=address --build-path .build/asan --product "$product" 2>&1 |
        grep -E 'error|Build of product' >&2
    [ -x ".build/asan/debug/$product" ] || { echo "leaks: .build/asan/debug/$product was not built" >&2; exit 1; }
done
tpc=$root/.build/asan/debug/tpc
# The traffic generators are normal debug builds (incremental after `make test`).
swift build --product tpc-bench 2>&1 | grep -E 'error|Build of product' >&2
bench=$root/.build/debug/tpc-bench

unwind=1
[ "${PP_LEAKS_FULL_STACKS:-0}" = 1 ] && unwind=0
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:log_path=$root/$logs/asan:log_exe_name=1:verbosity=1:fast_unwind_on_malloc=$unwind"
# exitcode=0: a leak must not change a process's exit status (the tests and the
# demo check those); the reports are counted from the logs below.
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=1:exitcode=0"

failed_steps=()
work=$(mktemp -d "${TMPDIR:-/tmp}/leaks.XXXXXX")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# 1. The demo with its own service.
if "$tpc" demo --work-dir "$work/demo" >"$out/demo.log" 2>&1; then
    echo "leaks: step 1, tpc demo: $(grep -E '^DEMO ' "$out/demo.log" | tail -n 1)"
else
    echo "leaks: step 1, tpc demo FAILED (see $out/demo.log)"
    failed_steps+=(demo)
fi

# 2. A SQLite service under provisioning load, stopped with SIGTERM.
mkdir -p "$work/serve"
"$tpc" serve --sandbox --sandbox-dir "$work/serve/sandbox" --port 0 --ready-file "$work/serve/ready" \
    >"$out/serve.stdout" 2>"$out/serve.stderr" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
    if [ -s "$work/serve/ready" ]; then
        url=$(. "$work/serve/ready" && echo "$TPC_ROOT")
        break
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "leaks: step 2, tpc serve did not start (see $out/serve.stderr)"
    failed_steps+=(serve)
else
    origin=$url
    base_path=$(. "$work/serve/ready" && echo "$TPC_BASE_PATH")
    [ "$base_path" = / ] && base_path=""
    "$bench" service-load --url "$origin" --sandbox-dir "$work/serve/sandbox" --pid "$server_pid" \
        --label leaks --connections 4 --total "${PP_LEAKS_REQUESTS:-2000}" --latency-seconds 2 \
        --soak-seconds 0 >"$out/load.log" 2>&1 || failed_steps+=(load)
    "$tpc" demo --url "$origin$base_path" --sandbox-dir "$work/serve/sandbox" --work-dir "$work/demo-url" \
        >"$out/demo-url.log" 2>&1 || failed_steps+=(demo-url)
    # Every answer the service counted, by its own metrics, just before the stop.
    requests=$(python3 - "$origin/metrics" <<'EOF'
import re, sys, urllib.request
text = urllib.request.urlopen(sys.argv[1], timeout=10).read().decode()
print(int(sum(float(m.group(1)) for m in re.finditer(r'^tpc_http_requests_total\{[^}]*\} (\S+)$', text, re.M))))
EOF
)
    kill -TERM "$server_pid"
    wait "$server_pid"
    status=$?
    server_pid=""
    echo "leaks: step 2, tpc serve --sandbox (SQLite): ${requests:-?} requests answered, SIGTERM, exit status $status"
    [ "$status" -eq 0 ] || failed_steps+=(serve-exit)
fi

# 3. The end-to-end suite against the ASan binary.
tests=${PP_LEAKS_TESTS:-EndToEndTests}
if [ "$tests" != none ]; then
    swift build --build-tests 2>&1 | grep -E 'error|Build complete' >&2
    if TPC_BINARY="$tpc" PP_PYTHON="$root/.venv/bin/python3" swift test --skip-build --filter "$tests" \
        >"$out/tests.log" 2>&1; then
        echo "leaks: step 3, $(grep -E 'Test run with' "$out/tests.log" | tail -n 1 | sed 's/^[^A-Za-z]*//')"
    else
        echo "leaks: step 3, $tests FAILED (see $out/tests.log)"
        failed_steps+=(tests)
    fi
fi

python3 - "$logs" "$out/summary.txt" "${#failed_steps[@]}" <<'EOF'
import pathlib, re, sys
logs, summary_path, failed_steps = pathlib.Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
ours = errors = 0
suppressed = {}
reports = []
# pid -> {executable: checked}; `tpc demo` execs tpc-demo in the same process,
# which leaves one log per image under the same pid.
by_pid = {}
for log in sorted(logs.glob("asan.*"), key=lambda path: path.stat().st_mtime):
    text = log.read_text(errors="replace")
    _, executable, pid = log.name.rsplit(".", 2) if log.name.count(".") >= 2 else ("", "?", log.name)
    by_pid.setdefault(pid, {})[executable] = "LeakSanitizer: checking for leaks" in text
    for block in re.split(r"\n(?=(?:Direct|Indirect) leak of )", text)[1:]:
        ours += 1
        reports.append(f"{log.name}: " + block.split("\n\n")[0])
    errors += len(re.findall(r"ERROR: AddressSanitizer", text))
    table = text.split("Suppressions used:", 1)
    if len(table) == 2:
        for match in re.finditer(r"^\s*(\d+)\s+(\d+)\s+(\S+)\s*$", table[1], re.M):
            count, size = suppressed.get(match[3], (0, 0))
            suppressed[match[3]] = (count + int(match[1]), size + int(match[2]))
executables = {}
for images in by_pid.values():
    # The image that exited (and was checked), else the last one exec'd.
    name = next((image for image, done in images.items() if done), list(images)[-1])
    ran, done = executables.get(name, (0, 0))
    executables[name] = (ran + 1, done + (1 if images[name] else 0))
processes = len(by_pid)
checked = sum(done for _, done in executables.values())
lines = [f"processes: {processes} ran with ASan, {checked} checked at exit "
         f"({processes - checked} ended by a signal, not checked)"]
lines += [f"processes: {name}: {ran} ran, {done} checked" for name, (ran, done) in sorted(executables.items())]
for template, (count, size) in sorted(suppressed.items()):
    lines.append(f"suppressed: {template}: {count} allocations, {size} bytes")
lines += reports
total_suppressed = sum(count for count, _ in suppressed.values())
lines.append(f"leaks: {ours} reports in our code, {total_suppressed} suppressed (runtime)"
             + (f", {errors} AddressSanitizer errors" if errors else ""))
pathlib.Path(summary_path).write_text("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(1 if ours or errors or failed_steps else 0)
EOF
status=$?
[ ${#failed_steps[@]} -eq 0 ] || echo "leaks: failed steps: ${failed_steps[*]}"
exit $status
