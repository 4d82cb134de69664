#!/usr/bin/env bash
# `make stress-test`: the whole suite (scripts/test.sh) STRESS_RUNS times (default
# 5) while STRESS_BUSY busy-loop processes (default 2) compete for the cores, as a
# busy laptop or a shared CI runner would. Each run is bounded by the test
# watchdog (PP_TEST_TIMEOUT, default 1200 s). Prints one line per run, then
# "stress: K runs, P passed, F failed, H hung"; exits 1 unless every run passed.
# Logs: build/stress/run-N.log (and run-N-backtraces.txt for a hung run).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${STRESS_RUNS:-5}
busy=${STRESS_BUSY:-2}
mkdir -p build/stress

loops=()
stop_loops() {
    for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
}
trap stop_loops EXIT
for _ in $(seq 1 "$busy"); do
    bash -c 'while :; do :; done' &
    loops+=($!)
done
echo "stress: $runs runs of the suite with $busy busy loops"

passed=0
failed=0
hung=0
for run in $(seq 1 "$runs"); do
    log="build/stress/run-$run.log"
    begin=$SECONDS
    PP_TEST_LOG="$log" scripts/test.sh >"build/stress/run-$run.out" 2>&1
    status=$?
    elapsed=$((SECONDS - begin))
    slowest=$(grep -E '^✔ Suite .* passed after|^✘ Suite .* failed after' "$log" |
        sed -E 's/^. Suite (.*) (passed|failed) after ([0-9.]+) seconds.*/\3 \1/' | sort -rn | head -n 1)
    summary=$(grep -E '^tests: ' "build/stress/run-$run.out" | tail -n 1)
    case $status in
    0)
        passed=$((passed + 1))
        verdict=passed
        ;;
    124)
        hung=$((hung + 1))
        verdict=hung
        ;;
    *)
        failed=$((failed + 1))
        verdict="failed ($status)"
        ;;
    esac
    echo "stress: run $run/$runs $verdict in ${elapsed} s; ${summary#tests: }; slowest suite: ${slowest:-none}"
    if [ "$status" != 0 ]; then
        grep -E '^✘ Test .* (failed|recorded)' "$log" | head -n 20 | sed 's/^/stress:   /'
        grep -E '^tests:   ' "build/stress/run-$run.out" | head -n 20 | sed 's/^/stress:   /'
    fi
done
echo "stress: $runs runs, $passed passed, $failed failed, $hung hung"
[ "$passed" = "$runs" ]
