#!/usr/bin/env bash
# `make bench`: runs every benchmark, each figure beside a baseline measured in the
# same run, and writes one table to build/bench/results.{md,json}. It reports; it
# never fails the build because of a figure.
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/bench
mkdir -p "$out"
raw="$out/raw.txt"
: >"$raw"
bench=.build/release/tpc-bench

section() { printf '\n== %s ==\n' "$1" >&2; }

# OpenSSL's own speed for the primitives our operations are made of.
section "openssl speed (baselines)"
openssl speed -seconds 3 -mr ecdhp256 ecdsap256 rsa2048 2>/dev/null | awk -F: '
  /^\+F2:/ { printf "BENCH {\"name\":\"openssl.rsa2048.private_ops_per_second\",\"unit\":\"op/s\",\"value\":%s}\n", $4 }
  /^\+F4:/ { printf "BENCH {\"name\":\"openssl.ecdsap256.sign_per_second\",\"unit\":\"op/s\",\"value\":%s}\n", $4;
             printf "BENCH {\"name\":\"openssl.ecdsap256.verify_per_second\",\"unit\":\"op/s\",\"value\":%s}\n", $5 }
  /^\+F5:/ { printf "BENCH {\"name\":\"openssl.ecdhp256.derive_per_second\",\"unit\":\"op/s\",\"value\":%s}\n", $4 }
' | tee -a "$raw"

section "crypto"
"$bench" crypto | tee -a "$raw"

section "wallet extensions"
"$bench" extensions | tee -a "$raw"

if [ -x scripts/bench-http.sh ]; then
    section "http"
    scripts/bench-http.sh | tee -a "$raw"
fi
if [ -x scripts/bench-storage.sh ]; then
    section "storage"
    scripts/bench-storage.sh | tee -a "$raw"
fi
[ -x scripts/bench-service.sh ] && { section "service (soak ${PP_SOAK_SECONDS:-60} s; make soak for 300 s)"; scripts/bench-service.sh | tee -a "$raw"; }
[ -x scripts/bench-sdk.sh ] && { section "sdk"; scripts/bench-sdk.sh | tee -a "$raw"; }

python3 scripts/bench_table.py "$raw" "$out"
