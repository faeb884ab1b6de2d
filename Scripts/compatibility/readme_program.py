#!/usr/bin/env python3
"""Turns a README's Swift blocks into one program, for Scripts/check-compatibility.sh.

    readme_program.py < README.md > main.swift

The blocks are copied unchanged, in order, except for their `import` lines,
which go to the top. Each block is run at the top level of `main.swift` (so
that a later block sees what an earlier one declared), in a scope with a
dispatcher of its own when it would repeat an earlier block's registration,
in a `do`/`catch` that prints the error when the README shows it throwing, or
compiled but never run.
A table below says which, by the block's number; it fails when the README has
a different number of blocks than the table expects.
"""
import re
import sys

# What each of the baseline commit's README blocks is, by number (1-based).
RUN, SCOPED, CATCH, COMPILE_ONLY, NOT_SWIFT = "run", "scoped", "catch", "compile-only", "not-swift"
MODES = {
    1: RUN,
    2: NOT_SWIFT,  # Package.swift lines, not code against the API
    3: RUN,
    4: SCOPED,  # registers PushService again: in a dispatcher of its own
    5: RUN,
    6: RUN,
    7: CATCH,  # shows the error a wrong argument type gives
    8: CATCH,  # shows the error an exclusive domain gives
    9: RUN,
    # The awaited `dispatch(selector:params:)`, which the awaited dispatch's own
    # contract renamed `answer(to:params:fold:)`: it still compiles (as the
    # synchronous dispatch, with a warning), but no longer means the same.
    10: COMPILE_ONLY,
}

# The names the README's fragments take from the app around them.
PRELUDE = """\
let uiApp = NSObject()
let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]
struct Feed { func refresh() async -> Bool { true } }
let feed = Feed()
"""


def main() -> int:
    text = sys.stdin.read()
    blocks = re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
    if len(blocks) != len(MODES):
        sys.stderr.write(
            f"readme_program.py: the README has {len(blocks)} Swift blocks, "
            f"but its table describes {len(MODES)}\n")
        return 1
    imports = {"import Foundation", "import SelectorDispatch"}
    body = []
    for number, block in enumerate(blocks, start=1):
        mode = MODES[number]
        if mode == NOT_SWIFT:
            continue
        lines = []
        for line in block.splitlines():
            if line.startswith("import "):
                imports.add(line.strip())
            else:
                lines.append(line)
        code = "\n".join(lines)
        indented = "\n".join("  " + line if line else line for line in lines)
        if mode == RUN:
            body.append(f'print("-- README block {number}")\n{code}\n')
        elif mode == SCOPED:
            body.append(
                f'print("-- README block {number}")\ndo {{\n  let dispatcher = Dispatcher()\n'
                f'{indented}\n}}\n')
        elif mode == CATCH:
            body.append(
                f'print("-- README block {number}")\ndo {{\n{indented}\n}} catch {{\n'
                '  print("error:", error)\n}\n')
        else:
            body.append(
                f"// README block {number}: compiled, never run.\n"
                f"@MainActor func readmeBlock{number}() async throws {{\n{indented}\n}}\n")
    sys.stdout.write("\n".join(sorted(imports)) + "\n\n" + PRELUDE + "\n" + "\n".join(body))
    return 0


if __name__ == "__main__":
    sys.exit(main())
