#!/usr/bin/env bash
# Checks ARCHITECTURE.md's "Which folder uses which" table against the code:
# builds the library with an index store (the same scratch path as
# Scripts/check-availability.sh, so that either reuses the other's build),
# then Scripts/check_architecture.py compares the folders each file's symbol
# references reach with the table. See that script for what counts as a use.
#
#   Scripts/check-architecture.sh            # compare; exit 1 on a difference
#   Scripts/check-architecture.sh --print    # print the table the code has
set -euo pipefail
package=$(cd "$(dirname "$0")/.." && pwd)
scratch=$package/.build/availability
build=(swift build --package-path "$package" --scratch-path "$scratch")
if ! "${build[@]}" --enable-index-store --target SelectorDispatch --quiet >&2; then
  echo "check-architecture: the build failed, so nothing was checked" >&2
  exit 2
fi
store=$("${build[@]}" --show-bin-path)/index/store
cd "$package/Scripts"
exec python3 check_architecture.py "$package" "$store" "$@"
