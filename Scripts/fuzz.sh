#!/usr/bin/env bash
# Fuzz the parsers with libFuzzer (it ships with the Swift toolchain).
#
#   Scripts/fuzz.sh                  list the targets, one per line
#   Scripts/fuzz.sh TARGET SECONDS   build TARGET with -sanitize=fuzzer,address and run it
#
# The seed corpus is Fuzz/Corpus/TARGET (read only); new inputs go to a
# scratch corpus under .build. A crash leaves its input in
# Fuzz/.build/artifacts/TARGET-crash-*; turn it into a regression test in the
# suite of the type the target parses: FuzzSelectorKey in
# Tests/SelectorDispatchTests/Selectors/SelectorKeyTests.swift, FuzzEventScript
# in TestKit/EventScriptTests.swift, FuzzEventLogReader in
# TestKit/EventLogReaderTests.swift, FuzzManifest in Manifests/ManifestTests.swift.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
targets=$(cd "$root/Fuzz/Sources" && ls -1)

if [ $# -eq 0 ]; then
  echo "$targets"
  exit 0
fi
if [ $# -ne 2 ] || ! grep -qx -- "$1" <<<"$targets" || ! [[ $2 =~ ^[0-9]+$ ]]; then
  echo "usage: Scripts/fuzz.sh [TARGET SECONDS]; targets:" >&2
  echo "$targets" >&2
  exit 2
fi
target=$1
seconds=$2

# SwiftPM's --sanitize=fuzzer links libFuzzer but does not instrument the
# code for coverage (no __sancov sections: libFuzzer warns "Is the code
# instrumented for coverage?" and mutates blind); ask for it explicitly.
# -enable-testing: the event-log parsers (EventScript, EventLogReader) are the
# package's own, not public API, and the targets reach them with @testable.
build=(swift build --package-path "$root/Fuzz" -c release
  --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
"${build[@]}" --product "$target" >&2
binary=$("${build[@]}" --show-bin-path)/$target

scratch="$root/Fuzz/.build/corpus/$target"
artifacts="$root/Fuzz/.build/artifacts"
mkdir -p "$scratch" "$artifacts"
# The event-log targets mutate with a dictionary of event keys (so that keys
# repeat) and control characters, raw and escaped.
dictionary=()
case $target in
  FuzzEventScript | FuzzEventLogReader) dictionary=(-dict="$root/Fuzz/Dictionaries/event-log.dict") ;;
esac
LSAN_OPTIONS=suppressions=$root/.ci/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS} \
  "$binary" "$scratch" "$root/Fuzz/Corpus/$target" "${dictionary[@]}" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$artifacts/$target-" -print_final_stats=1
