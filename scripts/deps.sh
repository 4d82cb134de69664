#!/usr/bin/env bash
# Installs what the build and the tests need on a Debian machine that has only the
# Swift toolchain: the C libraries (through pkg-config), the openssl CLI, the
# PostgreSQL server binaries, HTTP load tools for benchmarks, and a Python venv
# with `cryptography` for the interoperability checks.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
need_pkgconfig() { # pkg-config name, Debian package
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$1"; then missing+=("$2"); fi
}
need_command() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}

need_command pkg-config pkg-config
need_pkgconfig openssl libssl-dev
need_pkgconfig sqlite3 libsqlite3-dev
need_pkgconfig libpq libpq-dev
need_command openssl openssl
need_command curl curl
need_command python3 python3
# The test watchdog (scripts/test.sh) lists the test process's children and
# prints its thread backtraces when a run hangs.
need_command pgrep procps
need_command setsid util-linux
need_command gdb gdb
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
    missing+=(postgresql)
fi
# `make install` and `make dist` link the Swift runtime statically, and static
# FoundationNetworking (in tpc-demo) links libcurl by name.
if [ "${PP_RELEASE_DEPS:-0}" = 1 ]; then
    need_pkgconfig libcurl libcurl4-openssl-dev
fi
# The pooler test (PgBouncerTests) runs provisioning load through PgBouncer in
# transaction mode, the pooler most PostgreSQL deployments put in front.
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
    missing+=(pgbouncer)
fi
if [ "${PP_BENCH_DEPS:-0}" = 1 ]; then
    need_command wrk wrk
    need_command nginx nginx-light
fi
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then missing+=(python3-venv); fi

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "deps: installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "deps: missing ${missing[*]}; run: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

# The interop tests call Python's `cryptography` as an independent
# implementation, and schemathesis checks the service against its OpenAPI
# document; both pinned in Tests/Interop/requirements.txt, installed again
# whenever that file changes.
if [ ! -x .venv/bin/python3 ]; then
    echo "deps: creating .venv for the interoperability checks"
    python3 -m venv .venv
fi
if ! cmp -s Tests/Interop/requirements.txt .venv/requirements.installed; then
    echo "deps: installing Tests/Interop/requirements.txt into .venv"
    .venv/bin/pip install --quiet --disable-pip-version-check -r Tests/Interop/requirements.txt
    cp Tests/Interop/requirements.txt .venv/requirements.installed
fi
echo "deps: ok"
