#!/usr/bin/env bash
# Builds the package's documentation (the DocC catalog and every public symbol of
# SelectorDispatch) with warnings as errors, with the toolchain's docc and no plugin:
#
#     Scripts/build-docs.sh             # writes .build/docs/SelectorDispatch.doccarchive
#     Scripts/build-docs.sh --preview   # serves it at http://localhost:8080/documentation/selectordispatch
#
# In Xcode, Product > Build Documentation does the same. `.ci/run` runs the first form.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "" | --preview) ;;
  *)
    echo "usage: Scripts/build-docs.sh [--preview]" >&2
    exit 2
    ;;
esac
# A Linux toolchain has docc on the PATH; Xcode has it behind xcrun.
docc=(docc)
command -v docc > /dev/null || docc=(xcrun docc)
graphs=.build/docs/symbol-graphs
# Kept between runs: an incremental build that has nothing to recompile writes no graph.
mkdir -p "$graphs"
build() {
  swift build --target SelectorDispatch --scratch-path .build/docs \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
}
build
if [ ! -s "$graphs/SelectorDispatch.symbols.json" ]; then
  # The graphs were removed after a build that is up to date: build again from nothing.
  rm -rf .build/docs
  mkdir -p "$graphs"
  build
fi
if [ "${1:-}" = --preview ]; then
  exec "${docc[@]}" preview Sources/SelectorDispatch/Documentation.docc \
    --additional-symbol-graph-dir "$graphs" --output-path .build/docs/preview
fi
"${docc[@]}" convert Sources/SelectorDispatch/Documentation.docc \
  --additional-symbol-graph-dir "$graphs" --warnings-as-errors \
  --output-path .build/docs/SelectorDispatch.doccarchive
echo "documentation: .build/docs/SelectorDispatch.doccarchive (Scripts/build-docs.sh --preview serves it)"
