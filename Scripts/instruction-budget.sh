#!/usr/bin/env bash
# The hot path's instruction budgets: what one dispatch costs before any
# handler runs, and what one more handler costs.
#
#   Scripts/instruction-budget.sh [PER_HANDLER_BUDGET [FIXED_BUDGET [BY_KEY_BUDGET]]]
#
# Runs the release DispatchBenchmarks (build it first:
# `swift build -c release --product DispatchBenchmarks`) under
# `valgrind --tool=callgrind`, 1,000 and 2,000 events a row; the difference
# of the two runs is instructions per event, free of setup.
#
# **Fixed cost.** The row `dispatch: typed SelectorKey N=1`: the typed
# entry point, one service, a declared `any` fold. Everything but the one
# handler is what every dispatch pays: boxing the arguments into the
# thread's buffer, the look-up under the lock, the nesting guard, the tally,
# emptying the buffer. It fails when that exceeds FIXED_BUDGET: 700, the
# target set when the fixed cost was cut; retaining the snapshot instead of
# counting the dispatch among its readers (Dispatcher+Reading.swift) fails
# it. BENCHMARKS.md has the measurements.
#
# **By key.** The row `dispatch: SelectorKey N=1`: what an `[Any]` caller
# pays, its own array literal and `as? Bool` included (about 810 of it).
# It fails above BY_KEY_BUDGET: 1,000, a margin that copying the folded
# answer out of `dispatch` instead of consuming it, binding the dispatch's
# `Fold?` with `guard let` or guarding the answer slot with a stack
# protector each exceed.
#
# **Per handler.** The rows `dispatch: SelectorKey N=10` and `N=100`: their
# difference divided by 90 is instructions per handler, free of what every
# event pays once. Measured at the commit that added this script: 1,810
# instructions per event at N=10, 7,566 at N=100, so 64 per handler. Taking
# a handler out of the caller's dictionary in concrete code instead of
# through `Moving` (one more reabstraction thunk per call) made it 2,161 and
# 11,084: 99 per handler. Since the `Bool` rule's path for an answer that
# is not read in place became a call (BENCHMARKS.md, *One preparation step
# and one definition of each fold rule*), a handler costs 52; inlined
# again, its registers push the loop's index onto the stack across each
# handler call, and a handler costs 62. The budget, 60, leaves about 15%
# for honest changes and fails both.
#
# Callgrind counts do not depend on the machine's load; they do change with
# the toolchain, so re-measure (and move the budgets) when it changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
budget=${1:-60}
fixed_budget=${2:-700}
by_key_budget=${3:-1000}
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
typed=$(per_event "dispatch: typed SelectorKey N=1")
echo "dispatch: typed SelectorKey: $typed instructions per event at N=1 (budget $fixed_budget)"
by_key=$(per_event "dispatch: SelectorKey N=1")
echo "dispatch: SelectorKey: $by_key instructions per event at N=1 (budget $by_key_budget)"
ten=$(per_event "dispatch: SelectorKey N=10")
hundred=$(per_event "dispatch: SelectorKey N=100")
per_handler=$(((hundred - ten) / 90))
echo "dispatch: SelectorKey: $ten instructions per event at N=10, $hundred at N=100;" \
  "$per_handler per handler (budget $budget)"
status=0
over() {  # COST BUDGET MESSAGE: fails the run when COST exceeds BUDGET
  if (($1 > $2)); then
    echo "instruction-budget: $3" >&2
    status=1
  fi
}
over "$typed" "$fixed_budget" "a typed dispatch to one service costs $typed instructions, \
over the budget of $fixed_budget: did the entry point stop being inlined, the buffer get \
copied instead of moved, or the snapshot's Bool fold stop going straight to the tally? \
Compare a callgrind profile of the row with the one before the change."
over "$by_key" "$by_key_budget" "a dispatch by key to one service costs $by_key \
instructions, over the budget of $by_key_budget: does the folded answer get copied instead \
of consumed, or the dispatch's Fold? copied? Compare a callgrind profile of the row with \
the one before the change."
over "$per_handler" "$budget" "$per_handler instructions per handler is over the budget of \
$budget: did a handler gain a reabstraction thunk (moved outside Moving), a dynamic cast or \
an exclusivity check? See ARCHITECTURE.md, Invariants."
exit $status
