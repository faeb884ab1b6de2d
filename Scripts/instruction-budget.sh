#!/usr/bin/env bash
# The hot path's instruction budgets: what one dispatch costs before any
# handler runs, and what one more handler costs, for handlers written as
# services write them (typed handlers) and as `[Any]` closures.
#
#   Scripts/instruction-budget.sh
#
# Runs the release DispatchBenchmarks (build it first:
# `swift build -c release --product DispatchBenchmarks`) under
# `valgrind --tool=callgrind`, 1,000 and 2,000 events a row; the difference
# of the two runs is instructions per event, free of setup. Each budget is
# an environment variable, for a measurement; CI uses the defaults.
#
# **Typed handlers** (BENCHMARKS.md, *Where the cost goes*). The rows
# `services: typed event, typed`: a typed dispatch by key to services whose
# handler is a typed event's `on(...)`, the path where a
# handler's typed call reads the dispatch's tuple of arguments in place.
#   - TYPED_BUDGET (700) for one service: measured 637 at the commit that
#     added it. The issue's target is 250; what is left is the look-up and
#     the tuple's copy of the arguments (BENCHMARKS.md says where it goes).
#   - TYPED_HANDLER_BUDGET (310) for each further service, (N=100 − N=10) / 90:
#     measured 279, most of it the copies of the two arguments that calling
#     a closure through a parameter pack makes (BENCHMARKS.md). A typed call
#     that takes its arguments as a tuple value instead of a pointer to it
#     costs 327 to 393 and fails it; made by generic code, 1,810.
#   - ADAPTER_BUDGET (750) for `services: main-actor event, vocabulary,
#     typed N=1`, the UIKit adapter's path: the same with its vocabulary
#     (whose argument checks the typed path passes by type, once, when the
#     snapshot is built) and a main-actor handler (the main-thread check).
#     Measured 679: 42 over the row above (637 in the same build). A vocabulary type that stops
#     passing by type sends the dispatch to the `[Any]` path and fails it.
#   - ON_BY_KEY_BUDGET (2,200) for `services: on(), SelectorKey` at one
#     service: the `[Any]` path to a typed handler, the caller's array and
#     `as? Bool` included (about 810 of it, as for an `[Any]` closure).
#     Measured 1,966; 5,926 before typed calls, when each call looked up
#     generic metadata and cast each argument. Telling a parameter of
#     exactly the handler's type by `type(of:)` (unsound for an existential
#     in the `Any`) cost 2,152; by an `Optional` from the opened value, 3,358.
#
# **Awaited dispatch** (`answer(to:)`, BENCHMARKS.md, *Where the cost
# goes*), one service answering with an async handler that does not
# suspend; the handlers run in the caller's task on every path:
#   - AWAIT_MAIN_BUDGET (7,500, the goal) for `answer(to:): async
#     handlers, main actor N=1`. Measured 6,980; 9,292 when the dispatch
#     went through the handler-chain task's function there too (its
#     closure, allocated, made no task but cost its frames and switches).
#   - AWAIT_OFF_MAIN_BUDGET (7,500, the same goal) for `answer(to:): async
#     handlers N=1`, off the main actor. Measured 5,878; 15,156 when a
#     task was made per dispatch there, so that a cancelled dispatch could
#     return before its handlers did (a bare task per event cost 4,160).
#
# **`[Any]` closures.**
#   - FIXED_BUDGET (950): `dispatch: typed SelectorKey N=1`, the typed
#     entry point to one `[Any]` closure: everything but the one handler is
#     what such a dispatch pays (the tuple of the arguments, boxing them into
#     the thread's buffer, the look-up under the lock, the nesting guard, the
#     `Bool` loop, emptying the buffer). Measured 880; 626 before the entry point
#     made the tuple that typed calls read (BENCHMARKS.md's history). Retaining the
#     snapshot instead of counting the dispatch among its readers
#     (Dispatcher+Reading.swift) fails it.
#   - BY_KEY_BUDGET (1,000): `dispatch: SelectorKey N=1`, what an `[Any]`
#     caller pays, its own array literal and `as? Bool` included (about 810
#     of it): a margin that copying the folded answer out of `dispatch`
#     instead of consuming it, binding the dispatch's `Fold?` with `guard
#     let` or guarding the answer cell with a stack protector each exceed.
#   - BUDGET (60) per handler: the rows `dispatch: SelectorKey N=10` and
#     `N=100`, their difference divided by 90. Measured 42. Taking a
#     handler out of the caller's dictionary in concrete code instead of
#     through `Moving` (one more reabstraction thunk per call) made it 99;
#     inlining the `Bool` rule's path for an answer that is not read in
#     place pushes the loop's index onto the stack across each handler
#     call: 62.
#
# Callgrind counts do not depend on the machine's load; they do change with
# the toolchain, so re-measure (and move the budgets) when it changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
budget=${BUDGET:-60}
fixed_budget=${FIXED_BUDGET:-950}
by_key_budget=${BY_KEY_BUDGET:-1000}
typed_budget=${TYPED_BUDGET:-700}
typed_handler_budget=${TYPED_HANDLER_BUDGET:-310}
adapter_budget=${ADAPTER_BUDGET:-750}
on_by_key_budget=${ON_BY_KEY_BUDGET:-2200}
await_main_budget=${AWAIT_MAIN_BUDGET:-7500}
await_off_main_budget=${AWAIT_OFF_MAIN_BUDGET:-7500}
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
typed_one=$(per_event "services: typed event, typed N=1")
echo "services: typed event, typed: $typed_one instructions per event at N=1 (budget $typed_budget)"
typed_ten=$(per_event "services: typed event, typed N=10")
typed_hundred=$(per_event "services: typed event, typed N=100")
per_typed_handler=$(((typed_hundred - typed_ten) / 90))
echo "services: typed event, typed: $typed_ten instructions per event at N=10, $typed_hundred" \
  "at N=100; $per_typed_handler per handler (budget $typed_handler_budget)"
adapter=$(per_event "services: main-actor event, vocabulary, typed N=1")
echo "services: main-actor event, vocabulary, typed: $adapter instructions per event at N=1" \
  "(budget $adapter_budget)"
on_by_key=$(per_event "services: on(), SelectorKey N=1")
echo "services: on(), SelectorKey: $on_by_key instructions per event at N=1" \
  "(budget $on_by_key_budget)"
await_main=$(per_event "answer(to:): async handlers, main actor N=1")
echo "answer(to:): async handlers, main actor: $await_main instructions per event at N=1" \
  "(budget $await_main_budget)"
await_off_main=$(per_event "answer(to:): async handlers N=1")
echo "answer(to:): async handlers (off the main actor): $await_off_main instructions per" \
  "event at N=1 (budget $await_off_main_budget)"
status=0
over() {  # COST BUDGET MESSAGE: fails the run when COST exceeds BUDGET
  if (($1 > $2)); then
    echo "instruction-budget: $3" >&2
    status=1
  fi
}
over "$typed" "$fixed_budget" "a typed dispatch to one [Any] closure costs $typed instructions, \
over the budget of $fixed_budget: did the entry point stop being inlined, the buffer get \
copied instead of moved, or the snapshot's Bool fold stop going straight to the Bool loop? \
Compare a callgrind profile of the row with the one before the change."
over "$by_key" "$by_key_budget" "a dispatch by key to one service costs $by_key \
instructions, over the budget of $by_key_budget: does the folded answer get copied instead \
of consumed, or the dispatch's Fold? copied? Compare a callgrind profile of the row with \
the one before the change."
over "$per_handler" "$budget" "$per_handler instructions per handler is over the budget of \
$budget: did a handler gain a reabstraction thunk (moved outside Moving), a dynamic cast or \
an exclusivity check? See ARCHITECTURE.md, Invariants."
over "$typed_one" "$typed_budget" "a typed dispatch to one typed handler costs $typed_one \
instructions, over the budget of $typed_budget: does the snapshot still record the \
handlers' signature (Snapshot.typedSignature), or does the dispatch take the [Any] path?"
over "$per_typed_handler" "$typed_handler_budget" "$per_typed_handler instructions per typed \
handler is over the budget of $typed_handler_budget: does a typed call's closure capture \
more than the service's closure, or take its arguments by value (see TypedCall)?"
over "$adapter" "$adapter_budget" "the UIKit adapter's path to one typed main-actor handler \
costs $adapter instructions, over the budget of $adapter_budget: does every argument type of \
the vocabulary's contract still pass by type (ArgumentType.admitsEvery), or does the \
dispatch take the [Any] path?"
over "$on_by_key" "$on_by_key_budget" "a dispatch by key to one typed handler costs \
$on_by_key instructions, over the budget of $on_by_key_budget: is the handler's cast of each \
argument still specialised, and a parameter of exactly its type taken without a cast \
(TypedHandler.argument)?"
over "$await_main" "$await_main_budget" "an awaited dispatch on the main actor to one async \
handler costs $await_main instructions, over the budget of $await_main_budget: does it make a \
task, or a closure that allocates, where the handlers run in the caller's task \
(Dispatcher.dispatchAwaiting)?"
over "$await_off_main" "$await_off_main_budget" "an awaited dispatch off the main actor to one \
async handler costs $await_off_main instructions, over the budget of $await_off_main_budget: \
does it make a task, or a closure that allocates, where the handlers run in the caller's \
task (Dispatcher.dispatchAwaiting)?"
exit $status
