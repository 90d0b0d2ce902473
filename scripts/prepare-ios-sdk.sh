#!/usr/bin/env bash
# Prepares a copy of Apple's iOS SDK for the Linux Swift toolchain, so that
# `modulegen templates lint --typecheck` (and the test suite) type-check generated code against
# the real UIKit, SwiftUI and Combine on Linux:
#
#   scripts/prepare-ios-sdk.sh SDK APINOTES [OUT]
#
#   SDK       an iPhoneOS.sdk or iPhoneSimulator.sdk folder, copied from Xcode (Apple's license
#             applies: never commit it)
#   APINOTES  the apinotes/ folder of a swiftlang/swift checkout (its os.apinotes and
#             Dispatch.apinotes; a Mac toolchain ships them, the Linux one does not)
#   OUT       where the prepared copy goes (default .build/ios-sdk)
#
# The copy differs from Apple's SDK in four ways, each because the Linux toolchain is not Xcode's:
#   1. usr/include/libxml: a link to libxml2/libxml, as Xcode's clang finds it (a copy of the
#      folder there, as some SDK copies have, declares the libxml2 module a second time).
#   2. A Swift resource folder without Linux's module maps (Glibc, CoreFoundation, Dispatch, os,
#      Block would shadow the SDK's) and with Darwin's os and Dispatch API notes.
#   3. Observation's @Observable declares the `shouldNotifyObservers` member that the toolchain's
#      own Observable macro writes (the SDK is older than the macro); SwiftUI's View is
#      @MainActor @preconcurrency, as in the iOS 18 SDK that Xcode 16 builds with.
#   4. #Preview expands through Xcode's PreviewsMacros plugin, which Linux lacks: the stand-in
#      of Tests/ModuleGenTests/Fixtures/Standins/PreviewsMacros is built and loaded instead.
# It prints what to pass to modulegen and what the test suite reads.
set -euo pipefail
[[ $# -ge 2 ]] || { sed -n '2,13p' "$0" >&2; exit 64; }
repository="$(cd "$(dirname "$0")/.." && pwd)"
sdk="${1%/}"
apinotes="${2%/}"
out="${3:-$repository/.build/ios-sdk}"
for file in "$apinotes/os.apinotes" "$apinotes/Dispatch.apinotes"; do
  [[ -f "$file" ]] || { echo "error: $file not found" >&2; exit 1; }
done
[[ -d "$sdk/usr/lib/swift" ]] || { echo "error: $sdk is not an iOS SDK" >&2; exit 1; }
resources="$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
copy="$out/$(basename "$sdk")"

echo "Copying $sdk to $copy..."
rm -rf "$copy"
cp -R "$sdk" "$copy"

# 1. libxml
if [[ ! -L "$copy/usr/include/libxml" ]]; then
  rm -rf "$copy/usr/include/libxml"
  ln -s libxml2/libxml "$copy/usr/include/libxml"
fi

# 2. The resource folder: the toolchain's clang headers, shims and host plugins, Darwin's notes.
rm -rf "$out/swift-resource-dir"
mkdir -p "$out/swift-resource-dir/apinotes"
for entry in clang shims host; do ln -s "$resources/$entry" "$out/swift-resource-dir/$entry"; done
cp "$apinotes/os.apinotes" "$apinotes/Dispatch.apinotes" "$out/swift-resource-dir/apinotes/"

# 3. Observation and SwiftUI, in every architecture's interface.
find "$copy/usr/lib/swift/Observation.swiftmodule" -name '*.swiftinterface' -exec \
  sed -i 's/named(withMutation))/named(withMutation), named(shouldNotifyObservers))/' {} +
find "$copy/System/Library/Frameworks/SwiftUI.framework" -name '*.swiftinterface' -exec \
  sed -i 's/^@_typeEraser(AnyView) public protocol View {/@_typeEraser(AnyView) @MainActor @preconcurrency public protocol View {/' {} +

# 4. #Preview
swiftc -O "$repository/Tests/ModuleGenTests/Fixtures/Standins/PreviewsMacros/main.swift" \
  -o "$out/PreviewsMacros"

flags="-resource-dir $out/swift-resource-dir -module-cache-path $out/module-cache -load-plugin-executable $out/PreviewsMacros#PreviewsMacros"
echo
echo "Prepared. Type-check the built-in templates against it:"
echo "  modulegen templates lint --typecheck --sdk '$copy' $(for f in $flags; do printf -- "--swiftc-flag '%s' " "$f"; done)"
echo "and let the test suite do it:"
echo "  export MODULEGEN_IOS_SDK='$copy' MODULEGEN_IOS_SWIFTC_FLAGS='$flags'"
