#!/usr/bin/env bash
# Shows that Scripts/check-availability.sh fails when it should: copies the
# package into .build/availability-selftest/package, adds uses of
# `String(validating:as:)` (iOS 18 / macOS 15) and `InlineArray` (iOS 26 /
# macOS 26) to a library file, and expects the audit to exit 1 and name that
# file, both lines and both symbols. The copy's build is kept for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
copy=.build/availability-selftest/package
file=Sources/SelectorDispatch/Dispatcher/Dispatcher.swift

mkdir -p "$copy"
find "$copy" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
tar --exclude=.build --exclude=.git -cf - . | tar -xf - -C "$copy"
lines=$(wc -l < "$copy/$file")
cat >> "$copy/$file" <<'SWIFT'

func availabilitySelfTest(_ bytes: [UInt8]) -> Int {
  let text = String(validating: bytes, as: UTF8.self)
  let pair: InlineArray<2, Int> = [1, 2]
  return (text?.count ?? 0) + pair[0]
}
SWIFT

status=0
SYMBOL_GRAPH_CACHE=$PWD/.build/availability/symbol-graphs \
  Scripts/check-availability.sh "$copy" > "$copy.out" || status=$?
cat "$copy.out"
fail() { echo "check-availability self-test FAILED: $*" >&2; exit 1; }
[ "$status" -eq 1 ] || fail "the audit exited $status, expected 1"
for expected in "$file:$((lines + 3)): String.init(validating:as:) needs iOS 18 / macOS 15" \
  "$file:$((lines + 4)): InlineArray needs iOS 26 / macOS 26"; do
  grep -qF "$expected" "$copy.out" || fail "no line starting '$expected'"
done
echo "check-availability self-test passed: it names $file, both lines and both symbols"
