#!/usr/bin/env python3
"""Lists the Objective-C instance methods of the UIKit adapter's classes in an
iOS object file, one `Class selector` line each, from `llvm-objdump --macho
--objc-meta-data` (read on stdin)."""
import re
import sys

CLASSES = ("DispatchingAppDelegate", "DispatchingSceneDelegate")


def methods(listing):
    current = None
    for line in listing:
        data = re.search(r"^\s+data (__DATA|__METACLASS_DATA)_(\S+)", line)
        if data:
            name = next((c for c in CLASSES if data.group(2).endswith(c)), None)
            current = name if data.group(1) == "__DATA" else None
            continue
        if current and re.match(r"^\s+baseProtocols", line):
            current = None
            continue
        selector = re.match(r"^\s+name L_selector_data\(([^)]*)\)", line)
        if current and selector:
            yield current, selector.group(1)


if __name__ == "__main__":
    found = sorted(set(methods(sys.stdin)))
    if not found:
        sys.exit("no methods of " + " or ".join(CLASSES) + " in the listing")
    for cls, sel in found:
        print(cls, sel)
