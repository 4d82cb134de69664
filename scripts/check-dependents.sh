#!/usr/bin/env bash
# Builds a package of a stranger's that depends on this one the way a bank's
# app does: by version, from a git repository (`make test` runs this).
#
# The working tree (tracked and untracked, not ignored files) is committed into
# a scratch repository and tagged; a consumer package of its own (tools 6.0,
# as an older app's manifest) depends on it with `from:` and uses every library
# product. SwiftPM treats such a dependency as a stranger's: it refuses unsafe
# build flags there unless the manifest's tools version allows them (6.2), and
# resolves only what the manifest and the tag really hold. Both live under
# build/dependents so that later runs build incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=$root/build/dependents
repo=$dir/pushprovisioning
consumer=$dir/consumer
mkdir -p "$repo" "$consumer/Sources/Consumer"

# The scratch repository mirrors the working tree; each run is a new commit and
# a new, higher version.
git -C "$repo" init -q 2>/dev/null || true
find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | tar -c --null --ignore-failed-read -T - 2>/dev/null | tar -x -C "$repo"
git -C "$repo" add -A
git -C "$repo" -c user.name=check -c user.email=check@localhost commit -q -m "check-dependents" --allow-empty
version="1.0.$(git -C "$repo" rev-list --count HEAD)"
git -C "$repo" tag -f "$version" >/dev/null

cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(url: "file://$repo", from: "$version")],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "PushProvisioning", package: "pushprovisioning"),
                .product(name: "WalletExtensions", package: "pushprovisioning"),
                .product(name: "DigitalCards", package: "pushprovisioning"),
                .product(name: "PassKitEmulation", package: "pushprovisioning"),
                .product(name: "DigitalCardsOpenSSL", package: "pushprovisioning"),
            ]
        )
    ]
)
MANIFEST
cat >"$consumer/Sources/Consumer/main.swift" <<'SOURCE'
import DigitalCards
import DigitalCardsOpenSSL
import PassKitEmulation
import PushProvisioning
import WalletExtensions

// The products' entry points, as an app names them.
print(TPCSDK.self, DigitalCardManager.self, PKAddPaymentPassRequest.self)
SOURCE

cd "$consumer"
log=$dir/build.log
# A dependent's build is not ours to fail on its warnings. Each step is bounded:
# a first build from nothing takes under a minute here.
step() { timeout 600 env -u PP_WARNINGS_AS_ERRORS "$@" >>"$log" 2>&1; }
: >"$log"
if ! step swift package update || ! step swift build || ! step swift run Consumer; then
    echo "check-dependents: a package depending on PushProvisioning $version does not build (or took over 600 s):" >&2
    grep -E "error|unsafe" "$log" | head -20 >&2
    exit 1
fi
echo "check-dependents: a package depending on version $version of the five libraries builds and runs"
