#!/usr/bin/env bash
# Storage figures: single-row insert transactions/s and point reads/s on SQLite
# (WAL, synchronous=NORMAL) and on a throwaway local PostgreSQL cluster (default
# durability settings), printed as BENCH lines by tpc-bench.
#
#   scripts/bench-storage.sh            uses .build/release/tpc-bench (built if missing)
#   TPC_BENCH=path scripts/bench-storage.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bench=${TPC_BENCH:-.build/release/tpc-bench}
if [ ! -x "$bench" ]; then
    swift build -c release --product tpc-bench
fi

bindir=$(pg_config --bindir 2>/dev/null || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "bench-storage: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
    exit 1
fi

# PostgreSQL refuses to run as root: run the server tools as the postgres user then.
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

workdir=$(mktemp -d "${TMPDIR:-/tmp}/bench-storage.XXXXXX")
chmod 755 "$workdir"
if [ "$(id -u)" = 0 ]; then chown postgres "$workdir"; fi
cleanup() {
    as_postgres "$bindir/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$workdir"
}
trap cleanup EXIT INT TERM

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres "$bindir/initdb" -D "$workdir/data" -A trust -U postgres -E UTF8 --locale=C >/dev/null
as_postgres "$bindir/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
    -o "-p $port -k $workdir -c listen_addresses=127.0.0.1" start >/dev/null

"$bench" storage sqlite "$workdir/bench.sqlite"
"$bench" storage postgres "postgres://postgres@127.0.0.1:$port/postgres"
