#!/usr/bin/env bash
# Runs every test (`make test`) and ends with one plain summary line,
# "tests: N passed, N failed", taken from Swift Testing's own closing line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
log=build/test.log
PP_PYTHON="$PWD/.venv/bin/python3" swift test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -n 1)
total=$(sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/' <<<"$summary")
failed=$(sed -nE 's/.*with ([0-9]+) issues?.*/\1/p' <<<"$summary")
failing_tests=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc 'Test run with')
if [ -z "$total" ]; then
    echo "tests: no Swift Testing summary found" >&2
    exit 1
fi
echo "tests: $((total - failing_tests)) passed, ${failing_tests} failed"
[ "$status" -eq 0 ] || exit "$status"
[ -z "$failed" ] || exit 1
