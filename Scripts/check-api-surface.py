#!/usr/bin/env python3
"""Keeps the public surface as ARCHITECTURE.md ("The public surface") states it.

    Scripts/check-api-surface.py SYMBOL_GRAPH_DIR

Reads the SelectorDispatch symbol graph that the documentation step of
.ci/run emits (public symbols only) and counts the methods of `Dispatcher`
named `dispatch` and `register` that are not deprecated. It fails when either
count exceeds its limit, printing each overload, so that a new overload is a
decision recorded in ARCHITECTURE.md rather than an accretion.
"""
import json
import sys
from pathlib import Path

LIMITS = {"dispatch": 4, "register": 4}


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    path = Path(sys.argv[1]) / "SelectorDispatch.symbols.json"
    try:
        symbols = json.loads(path.read_text())["symbols"]
    except (OSError, ValueError, KeyError) as error:
        sys.stderr.write(f"check-api-surface: cannot read {path}: {error}\n")
        return 2
    status = 0
    for name, limit in LIMITS.items():
        overloads = sorted(
            symbol["names"]["title"]
            for symbol in symbols
            if symbol["pathComponents"][:1] == ["Dispatcher"]
            and len(symbol["pathComponents"]) == 2
            and symbol["names"]["title"].startswith(name + "(")
            and not any(a.get("isUnconditionallyDeprecated") for a in symbol.get("availability", []))
        )
        print(f"Dispatcher.{name}: {len(overloads)} public overloads (at most {limit})")
        for title in overloads:
            print(f"  {title}")
        if len(overloads) > limit:
            sys.stderr.write(
                f"check-api-surface: {len(overloads)} `{name}` overloads, more than {limit}; "
                "fold the new one into an existing one with a default, or record why not "
                "in ARCHITECTURE.md and raise the limit\n")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
