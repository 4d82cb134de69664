#!/usr/bin/env bash
# HTTP throughput: tpc-bench's `http-serve` (the event-loop server + router + middleware)
# against nginx returning the same body, both loaded by `wrk -t2 -c64 -d10s`.
# Prints two `BENCH {json}` lines. Builds nothing: run
# `swift build -c release --product tpc-bench` first (as `make bench` does).
set -euo pipefail
cd "$(dirname "$0")/.."

BENCH_BIN=${BENCH_BIN:-.build/release/tpc-bench}
DURATION=${DURATION:-10s}
[ -x "$BENCH_BIN" ] || { echo "bench-http: $BENCH_BIN not found (build it in release first)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "bench-http: wrk is not installed" >&2; exit 1; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || { echo "bench-http: nginx is not installed" >&2; exit 1; }

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

workdir=$(mktemp -d /tmp/bench-http.XXXXXX)
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

wait_ready() { # url
    for _ in $(seq 1 100); do
        curl -sf -o /dev/null "$1" && return 0
        sleep 0.1
    done
    echo "bench-http: $1 did not come up" >&2
    return 1
}

requests_per_second() { # url
    wrk -t2 -c64 -d"$DURATION" "$1" | awk '/^Requests\/sec:/ { print $2 }'
}

swift_port=$(free_port)
"$BENCH_BIN" http-serve --port "$swift_port" >"$workdir/tpc-bench.log" 2>&1 &
server_pid=$!
wait_ready "http://127.0.0.1:$swift_port/hello"

nginx_port=$(free_port)
mkdir -p "$workdir/nginx/logs"
cat >"$workdir/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 2;
error_log $workdir/nginx/logs/error.log;
pid $workdir/nginx/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $workdir/nginx/body;
    proxy_temp_path $workdir/nginx/proxy;
    fastcgi_temp_path $workdir/nginx/fastcgi;
    uwsgi_temp_path $workdir/nginx/uwsgi;
    scgi_temp_path $workdir/nginx/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        location / {
            default_type application/json;
            return 200 '{"ok":true}';
        }
    }
}
CONF
"$NGINX" -p "$workdir/nginx" -c "$workdir/nginx/nginx.conf" &
nginx_pid=$!
wait_ready "http://127.0.0.1:$nginx_port/hello"

swift_rps=$(requests_per_second "http://127.0.0.1:$swift_port/hello")
nginx_rps=$(requests_per_second "http://127.0.0.1:$nginx_port/hello")

printf 'BENCH {"baselineKey":"nginx.requests_per_second","name":"http.requests_per_second","target":">= 0.5","unit":"requests/s","value":%s}\n' "$swift_rps"
printf 'BENCH {"name":"nginx.requests_per_second","unit":"requests/s","value":%s}\n' "$nginx_rps"
