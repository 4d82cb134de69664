#!/usr/bin/env bash
# Provisioning service figures: `tpc serve --sandbox` (release build) on SQLite
# and on a throwaway PostgreSQL cluster, loaded over HTTP by tpc-bench's own
# keep-alive socket client with unique, valid add-card requests (see
# Sources/Bench/ServiceBench.swift), beside the crypto-only ceiling of the same
# work measured in this run. Prints BENCH lines:
#
#   * service.<db>.crypto_ceiling_{1_thread,2_threads}_per_second (and per CPU
#     second): the mean of two readings, right before and right after the
#     closed-loop phase below
#   * service.<db>.provisioning_requests_per_second   (closed loop, 16 connections)
#   * service.<db>.half_load.latency_p50_ms / _p99_ms  (open loop at half that rate)
#   * service.<db>.rss_idle_mib, rss_after_100k_requests_mib
#   * service.<db>.soak_<N>s.*: open loop at 70 % of the closed-loop rate above:
#     requests, failed_requests (target 0), latency_p50_ms / _p99_ms over the
#     whole soak, rss_start/end/peak_mib, rss_growth_percent (target <= 10);
#     one RSS line per slice on standard error
#
#   PP_SOAK_SECONDS   length of the soak per database (default 60; `make soak`
#                     uses 300, the five-minute run of the issue)
#   PP_SERVICE_TOTAL  requests before the "after" memory reading (default 100000)
#   PP_SERVICE_DBS    "sqlite postgres" (default) or one of them
set -euo pipefail
cd "$(dirname "$0")/.."

bench=${TPC_BENCH:-.build/release/tpc-bench}
tpc=${TPC_BIN:-.build/release/tpc}
soak=${PP_SOAK_SECONDS:-60}
total=${PP_SERVICE_TOTAL:-100000}
databases=${PP_SERVICE_DBS:-sqlite postgres}
# Incremental: nothing to do when `make bench` already built it.
if [ -z "${TPC_BIN:-}" ]; then swift build -c release --product tpc >&2; fi
[ -x "$bench" ] || swift build -c release --product tpc-bench >&2

as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

workdir=$(mktemp -d "${TMPDIR:-/tmp}/bench-service.XXXXXX")
chmod 755 "$workdir"
server_pid=""
pg_bindir=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; fi
    if [ -n "$pg_bindir" ]; then
        as_postgres "$pg_bindir/pg_ctl" -D "$workdir/pg" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT INT TERM

start_server() { # name database-url → sets server_pid, url
    local dir="$workdir/$1"
    mkdir -p "$dir"
    "$tpc" serve --sandbox --sandbox-dir "$dir/sandbox" --port 0 ${2:+--database "$2"} \
        --ready-file "$dir/ready" >"$dir/stdout.log" 2>"$dir/stderr.log" &
    server_pid=$!
    url=""
    for _ in $(seq 1 200); do
        if [ -s "$dir/ready" ]; then
            url=$(. "$dir/ready" && echo "$TPC_ROOT")   # the root: service-load adds the base path
            break
        fi
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$url" ]; then
        echo "bench-service: tpc serve ($1) did not start:" >&2
        cat "$dir/stderr.log" >&2
        exit 1
    fi
    # Idle means settled after start-up, before any request.
    sleep 2
}

stop_server() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

for db in $databases; do
    case "$db" in
    sqlite)
        start_server sqlite ""
        ;;
    postgres)
        pg_bindir=$(pg_config --bindir 2>/dev/null || true)
        if [ -z "$pg_bindir" ] || [ ! -x "$pg_bindir/initdb" ]; then
            pg_bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
        fi
        if [ -z "$pg_bindir" ] || [ ! -x "$pg_bindir/initdb" ]; then
            echo "bench-service: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
            exit 1
        fi
        if [ "$(id -u)" = 0 ]; then chown postgres "$workdir"; fi
        pg_port=$(free_port)
        as_postgres "$pg_bindir/initdb" -D "$workdir/pg" -A trust -U postgres -E UTF8 --locale=C >/dev/null
        as_postgres "$pg_bindir/pg_ctl" -D "$workdir/pg" -l "$workdir/pg.log" -w \
            -o "-p $pg_port -k $workdir -c listen_addresses=127.0.0.1" start >/dev/null
        start_server postgres "postgres://postgres@127.0.0.1:$pg_port/postgres"
        ;;
    *)
        echo "bench-service: unknown database $db" >&2
        exit 1
        ;;
    esac
    "$bench" service-load --url "$url" --sandbox-dir "$workdir/$db/sandbox" --pid "$server_pid" --label "$db" \
        --total "$total" --soak-seconds "$soak"
    stop_server
done
