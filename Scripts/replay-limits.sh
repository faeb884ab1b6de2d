#!/usr/bin/env bash
# What one hostile replayed line may cost, in memory and in instructions: the
# bounds RELIABILITY.md states, checked.
#
#   Scripts/replay-limits.sh
#
# Runs the release `selector-dispatch` (build it first:
# `swift build -c release --product selector-dispatch`) on logs of one hostile
# line each.
#
# Memory: the maximum resident set, with `/usr/bin/time -f %M`. The fixed part
# is measured first, on a log of one short event. A line of N bytes holding
# V JSON values may then cost at most 10*N + 200*V bytes more, with the trace
# as JSON and the event recorded, which is the most it does:
#
# - the four shapes of tiny values at the 16 MiB line limit, `[1,1,…]`,
#   `[{},{},…]`, `["",…]` and `[[],…]`, are refused at value 65,537, so V is
#   65,536 (before that limit, `[1,1,…]` in an event took 1.35 GB);
# - an event of 65,530 tiny values, the most a line may hold, is dispatched;
# - a 16 MiB string of U+0085 (2 bytes each, 6 escaped) is dispatched, and
#   its trace is three times the line.
#
# Scene names: the injector keeps one stand-in per connected scene, so that
# a scene is the same object until it disconnects, and its name with it. A
# log's scene name is at most 1,024 bytes (a longer one is an error), and a
# scene's stand-in is let go when its `sceneDidDisconnect:` is replayed, so a
# replay holds about 140 bytes plus the name for each scene connected at
# once. Checked on 64 distinct names of 4 MiB (refused: only one line's
# working set; before the limit, 303 MB), on 20,000 distinct names of 1,024
# bytes left connected (at most 1.5 times the formula), and on the same names
# each disconnected after its event (nothing held: at most 2 MiB; before, each
# name stayed for the whole run).
#
# Time: instructions under `valgrind --tool=callgrind` for a device token of
# 16 KiB and of 64 KiB (base64 in the log; the demo's push service answers it
# as hex), traced as JSON. The difference, divided by 48 KiB, is what one
# byte of token costs: parsing, dispatching, formatting and tracing it. It
# fails above 1,000. Measured when this was added: 738; with the demo's
# former `String(format: "%02x")` per byte, 11,570; with the hex fixed but the
# former byte-by-byte reading and writing of JSON strings and splitting of
# output lines by `Character`, 4,218.
#
# Memory depends on the allocator and the toolchain, not on the machine's
# load; instruction counts depend on the toolchain only. Both bounds leave
# room for that.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
for tool in python3 valgrind objcopy; do
  command -v "$tool" > /dev/null || { echo "replay-limits: needs $tool" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "replay-limits: needs /usr/bin/time" >&2; exit 2; }
binary=$(swift build -c release --package-path "$root" --show-bin-path)/selector-dispatch
[ -x "$binary" ] || { echo "replay-limits: build $binary first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Writes one line to $scratch/line.jsonl: SHAPE COUNT WRAP (bare, or inside
# an event that is dispatched).
line() {
  python3 - "$1" "$2" "$3" > "$scratch/line.jsonl" << 'EOF'
import sys
shape, count, wrap = sys.argv[1], int(sys.argv[2]), sys.argv[3]
units = {"int": "1", "object": "{}", "string": '""', "array": "[]"}
if shape in units:
    body = "[" + ",".join([units[shape]] * count) + "]"
else:
    body = '"' + "\u0085" * count + '"'
if wrap == "event":
    body = ('{"selector":"application:didFinishLaunchingWithOptions:","params":["app",{"k":'
            + body + "}]}")
sys.stdout.write(body + "\n")
EOF
}

# Prints the maximum resident set in bytes of a replay of $scratch/line.jsonl.
rss() {
  /usr/bin/time -o "$scratch/rss" -f %M "$binary" replay "$scratch/line.jsonl" --json \
    --record "$scratch/recorded.jsonl" > /dev/null 2> "$scratch/stderr" || true
  echo $(($(tail -1 "$scratch/rss") * 1024))
}

line int 1 event
fixed=$(rss)
echo "fixed part: $((fixed >> 20)) MiB"
failed=0
check() {  # NAME SHAPE COUNT WRAP VALUES
  line "$2" "$3" "$4"
  local size used limit
  size=$(stat -c %s "$scratch/line.jsonl")
  used=$(($(rss) - fixed))
  limit=$((10 * size + 200 * $5))
  printf '%-44s %9d bytes  %4d MiB  (limit %d MiB, %s× the line)\n' "$1" "$size" \
    $((used >> 20)) $((limit >> 20)) "$(python3 -c "print(round($used / $size, 1))")"
  if [ "$used" -gt "$limit" ]; then
    echo "replay-limits: $1 took $used bytes beyond the fixed part; the bound is $limit" >&2
    head -c 300 "$scratch/stderr" >&2
    failed=1
  fi
}
cap=$((16 << 20))
check "[1,1,…] at the line limit" int $(((cap - 2) / 2)) bare 65536
check "[{},{},…] at the line limit" object $(((cap - 2) / 3)) bare 65536
check '["",…] at the line limit' string $(((cap - 2) / 3)) bare 65536
check "[[],…] at the line limit" array $(((cap - 2) / 3)) bare 65536
check "an event of 65,530 tiny values" int 65530 event 65536
check "an event of a 16 MiB string of U+0085" c1 $(((cap - 100) / 2)) event 6

# Writes $scratch/line.jsonl: COUNT scene events, each naming its own scene
# of LENGTH bytes, each followed by its disconnection when DISCONNECT is yes.
scenes() {
  python3 - "$1" "$2" "$3" > "$scratch/line.jsonl" << 'EOF'
import sys
count, length, disconnect = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "yes"
for i in range(count):
    name = ("%d-" % i).ljust(length, "n")
    sys.stdout.write('{"selector":"sceneDidBecomeActive:","params":["%s"]}\n' % name)
    if disconnect:
        sys.stdout.write('{"selector":"sceneDidDisconnect:","params":["%s"]}\n' % name)
EOF
}
check_scenes() {  # NAME COUNT LENGTH DISCONNECT LIMIT
  scenes "$2" "$3" "$4"
  local used
  used=$(($(rss) - fixed))
  printf '%-44s %9d bytes  %4d MiB  (limit %d MiB)\n' "$1" "$(stat -c %s "$scratch/line.jsonl")" \
    $((used >> 20)) $(($5 >> 20))
  if [ "$used" -gt "$5" ]; then
    echo "replay-limits: $1 took $used bytes beyond the fixed part; the bound is $5" >&2
    head -c 300 "$scratch/stderr" >&2
    failed=1
  fi
}
check_scenes "64 scene names of 4 MiB (refused)" 64 $((4 << 20)) no $((10 * (4 << 20) + 1200))
check_scenes "20,000 scene names of 1,024 bytes" 20000 1024 no $((20000 * (140 + 1024) * 3 / 2))
check_scenes "the same, each disconnected" 20000 1024 yes $((2 << 20))

# Instructions per byte of a device token.
token() {  # BYTES
  python3 - "$1" > "$scratch/line.jsonl" << 'EOF'
import base64, sys
token = base64.b64encode(bytes(range(256)) * (int(sys.argv[1]) // 256)).decode()
sys.stdout.write('{"selector":"application:didRegisterForRemoteNotificationsWithDeviceToken:",'
                 '"params":["app","' + token + '"]}\n')
EOF
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$scratch/selector-dispatch" \
    replay "$scratch/line.jsonl" --json 2>&1 > /dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# Valgrind 3.19 cannot read the toolchain's DWARF 5 debug information.
objcopy --strip-debug "$binary" "$scratch/selector-dispatch"
small=$(token 16384)
large=$(token 65536)
perByte=$(((large - small) / 49152))
echo "a device token: $perByte instructions per byte (budget 1000)"
if [ "$perByte" -gt 1000 ]; then
  echo "replay-limits: a byte of device token costs $perByte instructions; the budget is 1000" >&2
  failed=1
fi
exit $failed
