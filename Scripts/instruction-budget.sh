#!/usr/bin/env bash
# The hot path's instruction budget: what one more handler costs a dispatch.
#
#   Scripts/instruction-budget.sh [BUDGET]
#
# Runs the release DispatchBenchmarks (build it first:
# `swift build -c release --product DispatchBenchmarks`) under
# `valgrind --tool=callgrind` for the rows `dispatch: SelectorKey N=10` and
# `N=100`, 1,000 and 2,000 events each. The difference of the two runs is
# instructions per event, free of setup; the difference of the two rows,
# divided by 90, is instructions per handler, free of what every event pays
# once (the caller's params array, the lock, the lookup). It fails when that
# exceeds BUDGET (default below).
#
# Measured at the commit that added this script: 1,810 instructions per event
# at N=10, 7,566 at N=100, so 64 per handler. Taking a handler out of the
# caller's dictionary in concrete code instead of through `Moving` (one more
# reabstraction thunk per call) made it 2,161 and 11,084: 99 per handler. The
# budget, 75, leaves about 17% for honest changes and fails that refactor.
# Callgrind counts do not depend on the machine's load; they do change with
# the toolchain, so re-measure (and move the budget) when it changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
budget=${1:-75}
for tool in valgrind objcopy; do
  command -v "$tool" > /dev/null || { echo "instruction-budget: needs $tool" >&2; exit 2; }
done
binary=$(swift build -c release --package-path "$root" --show-bin-path)/DispatchBenchmarks
[ -x "$binary" ] || { echo "instruction-budget: build $binary first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Valgrind 3.19 cannot read the toolchain's DWARF 5 debug information and
# gives up; the counts do not need it.
objcopy --strip-debug "$binary" "$scratch/DispatchBenchmarks"

instructions() {  # ROW EVENTS
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
    --callgrind-out-file="$scratch/callgrind.out" \
    "$scratch/DispatchBenchmarks" --scenario "$1" --iterations "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_event() {  # ROW
  local one two
  one=$(instructions "$1" 1000)
  two=$(instructions "$1" 2000)
  [ -n "$one" ] && [ -n "$two" ] || { echo "instruction-budget: callgrind failed on $1" >&2; exit 2; }
  echo $(((two - one) / 1000))
}
ten=$(per_event "dispatch: SelectorKey N=10")
hundred=$(per_event "dispatch: SelectorKey N=100")
per_handler=$(((hundred - ten) / 90))
echo "dispatch: SelectorKey: $ten instructions per event at N=10, $hundred at N=100;" \
  "$per_handler per handler (budget $budget)"
if ((per_handler > budget)); then
  echo "instruction-budget: $per_handler instructions per handler is over the budget of" \
    "$budget: did a handler gain a reabstraction thunk (moved outside Moving), a dynamic" \
    "cast or an exclusivity check? See ARCHITECTURE.md, Invariants." >&2
  exit 1
fi
