#!/usr/bin/env bash
# Finds uses of Apple APIs newer than the platform minimums that Package.swift
# declares, on Linux and without an Apple SDK. It builds the library products
# (SelectorDispatch, SelectorDispatchTesting) with an index store, then
# Scripts/check_availability.py reads the store through the toolchain's
# libIndexStore.so and compares every symbol they reference with the Apple
# availability in the toolchain's own symbol graphs. See PLATFORMS.md.
#
#   Scripts/check-availability.sh [PACKAGE_DIR]
#
# Prints `FILE:LINE: SYMBOL needs iOS X / macOS Y (minimum iOS 16 / macOS 13)`
# for each use and exits 1; exits 0 when there is none, 2 when it cannot check.
# Symbol graphs are cached per toolchain in .build/availability/symbol-graphs,
# or in $SYMBOL_GRAPH_CACHE.
set -euo pipefail
package=$(cd "${1:-$(dirname "$0")/..}" && pwd)
scripts=$(cd "$(dirname "$0")" && pwd)
scratch=$package/.build/availability
build=(swift build --package-path "$package" --scratch-path "$scratch")

# `--target`: SwiftPM refuses `--product` for automatic library products. The
# test kit's target depends on the library's, so this builds both.
if ! "${build[@]}" --enable-index-store --target SelectorDispatchTesting --quiet >&2; then
  echo "check-availability: the build failed, so nothing was checked" >&2
  exit 2
fi
store=$("${build[@]}" --show-bin-path)/index/store
exec python3 "$scripts/check_availability.py" "$package" "$store" \
  "${SYMBOL_GRAPH_CACHE:-$scratch/symbol-graphs}" SelectorDispatch SelectorDispatchTesting
