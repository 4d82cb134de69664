#!/usr/bin/env bash
# SDK figures: TPCSDK.getToken over a simulated iPhone holding 1,000 passes, and
# one provisioning call through the SDK against the bare HTTP POST of the same
# body, both against a `tpc serve --sandbox` that tpc-bench starts itself.
#
#   scripts/bench-sdk.sh                uses .build/release/tpc-bench and tpc (built if missing)
#   TPC_BENCH=path TPC_BINARY=path scripts/bench-sdk.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bench=${TPC_BENCH:-.build/release/tpc-bench}
if [ ! -x "$bench" ]; then
    swift build -c release --product tpc-bench
fi
if [ -z "${TPC_BINARY:-}" ] && [ ! -x "$(dirname "$bench")/tpc" ]; then
    swift build -c "$(basename "$(dirname "$bench")")" --product tpc
fi

"$bench" sdk
