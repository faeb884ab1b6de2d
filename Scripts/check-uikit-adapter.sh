#!/usr/bin/env bash
# Checks SelectorDispatchUIKit as compiled for iOS: lists the Objective-C methods of its
# DispatchingAppDelegate and DispatchingSceneDelegate (llvm-objdump) and runs the Linux suite
# that compares them with the adapter's selector table (CompiledMethodsTests).
#
#   Scripts/check-uikit-adapter.sh OBJECT [STAMP]
#
# OBJECT is the iOS object the Apple SDK check wrote ($APPLE_SDK_WORK/out/ios/
# SelectorDispatchUIKit.o). Without it, or when it is not newer than STAMP (it is left from an
# earlier run), the check is skipped: the Apple SDK step did not compile this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
object=$1
stamp=${2:-}
if [ ! -f "$object" ] || { [ -n "$stamp" ] && [ ! "$object" -nt "$stamp" ]; }; then
  echo "SKIPPED: no iOS object of SelectorDispatchUIKit from this run at $object"
  exit 0
fi
listing=$(mktemp)
trap 'rm -f "$listing"' EXIT
llvm-objdump --macho --objc-meta-data "$object" | python3 Scripts/uikit_adapter_methods.py \
  > "$listing"
echo "$(wc -l < "$listing") methods in $(cut -d' ' -f1 "$listing" | sort -u | tr '\n' ' ')"
UIKIT_ADAPTER_METHODS=$listing swift test --filter CompiledMethodsTests
