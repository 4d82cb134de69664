#!/usr/bin/env bash
# Builds the DocC archives (`make docs`) with the toolchain's `docc`, since the
# swift-docc-plugin package cannot be fetched: symbol graphs from `swift build`,
# then `docc convert` per catalog. Fails on any warning of a documented module.
set -euo pipefail
cd "$(dirname "$0")/.."
DOCC=${DOCC:-$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")}
# A build directory of its own: symbol graphs are written only when a module
# compiles, so an up-to-date main build would emit none.
# Down to `package` access: ProvisioningAPI's catalog documents the wire
# contract, which only this package's modules see; the SDK modules declare
# nothing `package`, so their archives hold their public API alone.
build_path=.build/docs-build
graphs=$build_path/symbol-graphs
out=build/docs
mkdir -p "$graphs" "$out"
symbol_build() {
    swift build --build-path "$build_path" --target "$1" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc package >/dev/null
}
status=0
for catalog in Sources/*/*.docc; do
    module=$(basename "$catalog" .docc)
    [ -d "Sources/$module" ] || continue
    module_graphs=$build_path/symbol-graphs-$module
    rm -rf "$module_graphs" && mkdir -p "$module_graphs"
    symbol_build "$module"
    cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$module_graphs"/ 2>/dev/null || true
    log=$(mktemp)
    "$DOCC" convert "$catalog" --fallback-display-name "$module" --fallback-bundle-identifier "org.pushprovisioning.$module" \
        --additional-symbol-graph-dir "$module_graphs" --output-path "$out/$module.doccarchive" >"$log" 2>&1 || status=1
    if grep -qE "warning:|error:" "$log"; then
        cat "$log" >&2
        status=1
    fi
    rm -f "$log"
    echo "docs: $out/$module.doccarchive"
done
exit $status
