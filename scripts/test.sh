#!/usr/bin/env bash
# Runs every test (`make test`) and ends with one plain summary line,
# "tests: N passed, N failed", taken from Swift Testing's own closing line.
#
# A watchdog bounds the run: when `swift test` has not ended after
# PP_TEST_TIMEOUT seconds (default 1200), it prints the tests that started and
# did not end, the thread backtraces of the test process (gdb), stops the run
# and exits 124 with "tests: hung after N s". CI then shows why instead of
# running into its own limit.
#
# PP_TEST_LOG names the log (default build/test.log); arguments go to `swift test`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
log=${PP_TEST_LOG:-build/test.log}
limit=${PP_TEST_TIMEOUT:-1200}
mkdir -p "$(dirname "$log")"
: >"$log"

# A session of its own, so the watchdog can stop the runner, the test process
# and every server the tests started, and nothing else.
PP_PYTHON="$PWD/.venv/bin/python3" setsid swift test --skip-build "$@" >"$log" 2>&1 </dev/null &
runner=$!
tail -n +1 -f --pid="$runner" "$log" &
follower=$!

hung=0
started=$SECONDS
while kill -0 "$runner" 2>/dev/null; do
    if ((SECONDS - started >= limit)); then
        hung=1
        break
    fi
    sleep 1
done

if [ "$hung" = 1 ]; then
    sleep 1
    echo
    echo "tests: watchdog: swift test did not end within ${limit} s (PP_TEST_TIMEOUT)"
    echo "tests: started and not ended:"
    python3 scripts/unfinished_tests.py "$log" | sed 's/^/tests:   /'
    backtraces="${log%.log}-backtraces.txt"
    : >"$backtraces"
    for pid in $(pgrep -s "$runner"); do
        command=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-160)
        echo "tests: process $pid: $command"
        case "$command" in
        *.xctest*)
            if command -v gdb >/dev/null 2>&1; then
                {
                    echo "=== $pid: $command"
                    timeout 120 gdb -p "$pid" -batch -nx -ex "set pagination off" -ex "thread apply all bt 40" 2>&1
                } >>"$backtraces"
            fi
            ;;
        esac
    done
    if [ -s "$backtraces" ]; then
        echo "tests: thread backtraces of the test process (also in $backtraces):"
        grep -vE '^\[New LWP|^\[Thread debugging|^Using host libthread_db' "$backtraces"
    else
        echo "tests: no backtraces (gdb missing or no test process left)"
    fi
    kill -TERM -- "-$runner" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        pgrep -s "$runner" >/dev/null || break
        sleep 1
    done
    kill -KILL -- "-$runner" 2>/dev/null
    wait "$runner" 2>/dev/null
    kill "$follower" 2>/dev/null
    echo "tests: hung after ${limit} s"
    exit 124
fi

wait "$runner"
status=$?
wait "$follower" 2>/dev/null
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
