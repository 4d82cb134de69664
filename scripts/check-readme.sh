#!/usr/bin/env bash
# Runs every README command, so the README cannot rot (`make test` runs this).
#
# A fenced ```sh block is run when the line before it is `<!-- runnable -->`.
# Blocks not marked are left out on purpose: `make test` (it runs this script),
# and commands that need what a test machine lacks (a PostgreSQL server of your
# own, a load balancer, an iOS device); the README says so next to them.
# Each block runs from the repository root in `bash -euo pipefail` and must
# clean up what it starts. Prints one line per block; exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

awk -v dir="$work" '
    /^<!-- runnable -->$/ { armed = 1; next }
    armed && /^```sh$/ { n++; file = sprintf("%s/block-%02d.sh", dir, n); inblock = 1; armed = 0; next }
    inblock && /^```$/ { inblock = 0; close(file); next }
    inblock { print > file; next }
    { armed = 0 }
' README.md

blocks=("$work"/block-*.sh)
if [ ! -e "${blocks[0]}" ]; then
    echo "check-readme: no runnable blocks found in README.md" >&2
    exit 1
fi
failed=0
for block in "${blocks[@]}"; do
    name=$(basename "$block" .sh)
    first=$(grep -v '^#' "$block" | head -n 1)
    log="$work/$name.log"
    if timeout 600 bash -euo pipefail "$block" >"$log" 2>&1; then
        echo "check-readme: ok   $name: $first"
    else
        echo "check-readme: FAIL $name: $first" >&2
        tail -n 30 "$log" >&2
        failed=1
    fi
done
exit $failed
