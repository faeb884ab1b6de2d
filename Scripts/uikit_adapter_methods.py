#!/usr/bin/env python3
"""Lists the Objective-C instance methods of the UIKit adapter's classes in an
iOS object file, one `Class selector` line each, from `llvm-objdump --macho
--objc-meta-data` (read on stdin).

A class's methods are those of its own method list and those of the
categories the same object adds to it: Swift emits the `@objc` methods of an
extension as a category (`__CATEGORY_INSTANCE_METHODS_<class>_$_<module>`),
which the runtime attaches to the class when the image loads."""
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
        category = re.search(r"^\s+instanceMethods __CATEGORY_INSTANCE_METHODS_(\S+)_\$_", line)
        if category:
            current = next((c for c in CLASSES if category.group(1).endswith(c)), None)
            continue
        if current and re.match(r"^\s+(baseProtocols|classMethods)", line):
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
