#!/usr/bin/env bash
# NOTE (from the lead): never pass `-o /dev/null` to swiftc/swift-frontend: the compiler
# renames its output over the path (and deletes it on error), which replaced the
# machine's /dev/null with a regular file and broke every other process.
# The Apple-API conformance check (`make test`): compiles the Apple branch
# (`#if canImport(PassKit)`) of the client modules and the seed samples in
# Swift 6 mode, with `-emit-sil` so that region-based isolation is checked
# too, against stub modules transcribed from Apple's published interfaces
# (Tests/AppleConformance/Stubs, declarations only, each citing its page).
#
# Profiles:
#   ios      PassKit with the add sheet and the issuer extensions, UIKit,
#            WatchConnectivity: the client modules, then the seed samples.
#   macos    PassKit without them, no UIKit: the SDK products must still build.
#   watchos  as macOS, without PKPassLibrary.activate and WCSession.isPaired.
# Then fault injection: each file of Tests/AppleConformance/Faults must fail
# with the diagnostic its first line names, or the check is not checking —
# against the stubs, and against PassKitEmulation (the emulation must be no
# looser than Apple's framework).
#
# Prints one line per step and ends with
# "apple-conformance: N compilations, 0 errors; faults: K of K caught".
# Work files go to build/apple-conformance (PP_CONFORMANCE_DIR).
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
work=${PP_CONFORMANCE_DIR:-build/apple-conformance}
stubs=Tests/AppleConformance/Stubs
rm -rf "$work"
mkdir -p "$work"

compilations=0
errors=0
log="$work/diagnostics.txt"
: >"$log"

# The language mode and checks of the package (Package.swift: Swift 6,
# complete concurrency checking is implied).
swift_flags=(-swift-version 6 -parse-as-library -wmo -suppress-remarks)

# Runs one compilation; counts it, and its errors and warnings as failures
# (errors only when COUNTED is "error": the seed samples' own warnings, unused
# values and deprecated calls as the seeds write them, are not the SDK's).
compile() {
    local name=$1
    shift
    compilations=$((compilations + 1))
    local out="$work/$name.log"
    local counted=${COUNTED:-"error|warning"}
    # A diagnostic line: `file:line:col: error: …`, or `error: …` for the driver's.
    local diagnostic="(^|[0-9]: )($counted): "
    if "$SWIFTC" "$@" >"$out" 2>&1 && ! grep -qE "$diagnostic" "$out"; then
        echo "apple-conformance: $name: ok"
    else
        local count
        count=$(grep -cE "$diagnostic" "$out")
        [ "$count" -gt 0 ] || count=1
        errors=$((errors + count))
        echo "apple-conformance: $name: $count diagnostics"
        {
            echo "=== $name"
            cat "$out"
        } >>"$log"
        grep -E "$diagnostic" "$out" | sed 's/^/apple-conformance:   /' | head -40
    fi
}

# A module's Swift files; ProvisioningAPI's include the wire types that SwiftPM
# generates from its openapi.json (the WireTypes plugin), written here by the
# same generator.
wire_types="$work/WireTypes.swift"
if ! swift build --product WireTypeGenerator >"$work/generator.log" 2>&1 ||
    ! "$(swift build --show-bin-path)/WireTypeGenerator" Sources/ProvisioningAPI/openapi.json "$wire_types" \
        >>"$work/generator.log" 2>&1; then
    errors=$((errors + 1))
    echo "apple-conformance: the wire types could not be generated"
    sed 's/^/apple-conformance:   /' "$work/generator.log" | tail -20
fi
sources() {
    find "$1" -name '*.swift' | sort
    if [ "$1" = Sources/ProvisioningAPI ]; then echo "$wire_types"; fi
}

# Builds the stub modules of one profile into $work/$profile/stubs.
build_stubs() {
    local profile=$1
    shift
    local define=$1
    shift
    local dir="$work/$profile/stubs"
    mkdir -p "$dir"
    for module in "$@"; do
        local interface="$dir/$module.swiftinterface"
        if [ -n "$define" ]; then
            sed "s|^// swift-module-flags: \(.*\)$|// swift-module-flags: \1 -D $define|" \
                "$stubs/$module.swiftinterface" >"$interface"
        else
            cp "$stubs/$module.swiftinterface" "$interface"
        fi
        compilations=$((compilations + 1))
        if ! "$SWIFTC" -frontend -compile-module-from-interface "$interface" -module-name "$module" \
            -I "$dir" -o "$dir/$module.swiftmodule" >"$dir/$module.log" 2>&1; then
            errors=$((errors + 1))
            echo "apple-conformance: stub $profile/$module does not compile"
            sed 's/^/apple-conformance:   /' "$dir/$module.log" | head -20
        fi
    done
}

# Emits module $2 of the profile from the sources of $3, then its SIL (the
# region-isolation pass), with the extra flags that follow. The package's
# modules share a package name, as SwiftPM gives them, so that they see each
# other's `package` declarations; the seeds and the faults below are compiled
# without one, as an app is: they see the public API only.
build_module() {
    local profile=$1 module=$2 dir=$3
    shift 3
    local modules="$work/$profile/modules"
    mkdir -p "$modules"
    mapfile -t files < <(sources "$dir")
    compile "$profile/$module" "${swift_flags[@]}" -package-name PushProvisioning -module-name "$module" \
        -I "$work/$profile/stubs" -I "$modules" "$@" -emit-module -emit-module-path "$modules/$module.swiftmodule" -emit-sil -o "$work/scratch.sil" "${files[@]}"
}

common_stubs=(CoreFoundation CoreGraphics ImageIO Security CryptoKit)

# --- iOS ---------------------------------------------------------------------
build_stubs ios "" "${common_stubs[@]}" ObjectiveC UIKit WatchConnectivity PassKit
ios_flags=(-D ADD_PAYMENT_PASS_AVAILABLE -D PASS_ACTIVATION_AVAILABLE)
build_module ios ProvisioningPrimitives Sources/ProvisioningPrimitives
build_module ios ProvisioningAPI Sources/ProvisioningAPI
build_module ios PushProvisioning Sources/PushProvisioning "${ios_flags[@]}"
build_module ios WalletExtensions Sources/WalletExtensions "${ios_flags[@]}"
build_module ios DigitalCards Sources/DigitalCards "${ios_flags[@]}"

# The seed samples, as the tests compile them (only their import lines
# differ from the seeds), with the stand-ins for the seeds' placeholders.
seeds_flags=("${swift_flags[@]}" -I "$work/ios/stubs" -I "$work/ios/modules" "${ios_flags[@]}")
if [ -d Tests/AppleConformance/Seeds ]; then
    for group in Tests/AppleConformance/Seeds/*.txt; do
        [ -e "$group" ] || continue
        name=$(basename "$group" .txt)
        mapfile -t files < <(grep -vE '^\s*(#|$)' "$group")
        COUNTED=error compile "ios/seeds-$name" "${seeds_flags[@]}" -module-name "Seeds${name//-/_}" -emit-sil -o "$work/scratch.sil" "${files[@]}"
    done
fi

# --- macOS and watchOS: the SDK products still build -------------------------
for profile in macos watchos; do
    # Package.swift's clientPlatformFeatures for the platform.
    define=STUB_MACOS
    features=(-D PASS_ACTIVATION_AVAILABLE)
    if [ "$profile" = watchos ]; then
        define=STUB_WATCHOS
        features=()
    fi
    build_stubs "$profile" "$define" "${common_stubs[@]}" WatchConnectivity PassKit
    build_module "$profile" ProvisioningPrimitives Sources/ProvisioningPrimitives
    build_module "$profile" ProvisioningAPI Sources/ProvisioningAPI
    build_module "$profile" PushProvisioning Sources/PushProvisioning "${features[@]}"
    build_module "$profile" WalletExtensions Sources/WalletExtensions "${features[@]}"
    build_module "$profile" DigitalCards Sources/DigitalCards "${features[@]}"
done

# --- Fault injection ---------------------------------------------------------
# Each fault's first line is `// expect: <text of the diagnostic>`.
faults=0
caught=0
for fault in Tests/AppleConformance/Faults/*.swift; do
    [ -e "$fault" ] || continue
    faults=$((faults + 1))
    expected=$(head -n 1 "$fault" | sed -n 's|^// expect: ||p')
    out="$work/fault-$(basename "$fault" .swift).log"
    "$SWIFTC" "${seeds_flags[@]}" -module-name Fault -emit-sil -o "$work/scratch.sil" "$fault" >"$out" 2>&1
    if [ -n "$expected" ] && grep -F -- "error: $expected" "$out" >/dev/null; then
        caught=$((caught + 1))
        echo "apple-conformance: fault $(basename "$fault"): caught"
    else
        echo "apple-conformance: fault $(basename "$fault"): NOT caught (expected \"error: $expected\")"
        sed 's/^/apple-conformance:   /' "$out" | head -20
    fi
done

# The same faults against PassKitEmulation as SwiftPM built it (`make test`
# builds first): the emulation must be no looser than Apple's framework.
modules=.build/debug/Modules
if [ -e "$modules/PassKitEmulation.swiftmodule" ]; then
    emulation_flags=(-swift-version 6 -parse-as-library -I "$modules"
        -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap
        -Xcc "-fmodule-map-file=.build/debug/COpenSSLShims.build/module.modulemap" -I Sources/COpenSSLShims/include)
    for fault in Tests/AppleConformance/Faults/*.swift; do
        [ -e "$fault" ] || continue
        faults=$((faults + 1))
        expected=$(head -n 1 "$fault" | sed -n 's|^// expect: ||p')
        name=$(basename "$fault" .swift)
        sed -E 's/^import (PassKit|UIKit|WatchConnectivity|Security)$/import PassKitEmulation/' "$fault" >"$work/emulation-$name.swift"
        out="$work/emulation-fault-$name.log"
        "$SWIFTC" "${emulation_flags[@]}" -module-name Fault -emit-sil -o "$work/scratch.sil" "$work/emulation-$name.swift" \
            >"$out" 2>&1
        if [ -n "$expected" ] && grep -F -- "error: $expected" "$out" >/dev/null; then
            caught=$((caught + 1))
            echo "apple-conformance: fault $name.swift against PassKitEmulation: caught"
        else
            echo "apple-conformance: fault $name.swift against PassKitEmulation: NOT caught"
            sed 's/^/apple-conformance:   /' "$out" | head -20
        fi
    done
else
    echo "apple-conformance: no $modules/PassKitEmulation.swiftmodule (run swift build --build-tests): emulation faults skipped"
fi

echo "apple-conformance: $compilations compilations, $errors errors; faults: $caught of $faults caught"
[ "$errors" -eq 0 ] && [ "$caught" -eq "$faults" ] && [ "$faults" -gt 0 ]
