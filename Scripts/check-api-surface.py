#!/usr/bin/env python3
"""Keeps the public surface as ARCHITECTURE.md ("The public surface") states it.

    Scripts/check-api-surface.py SYMBOL_GRAPH_DIR

Reads the symbol graphs of the three library products (SelectorDispatch,
SelectorDispatchTesting, SelectorDispatchUIKit; public symbols only), as
`swift package dump-symbol-graph` writes them, and checks three rules:

- **Overloads.** The methods of `Dispatcher` named `dispatch` and `register`
  that are neither deprecated nor unavailable are at most 4 each, printing
  each overload, so that a new overload is a decision recorded in
  ARCHITECTURE.md rather than an accretion.
- **Nothing deprecated.** The package has not been released, so no public
  declaration of its own is deprecated (`@available(*, deprecated)`): a
  renamed spelling is deleted, not kept. The deprecations Apple declares for
  a platform (`@available(iOS, deprecated: 26.0)` on a UIKit event) are
  not the package's own and stay; an unavailable spelling that exists for
  its message may stay too.
- **Errors** (the Errors article). No public declaration uses typed throws
  (`throws(E)`, in its own effects or in a closure it takes), and every
  public declaration that throws says what in a `- Throws:` line of its doc
  comment.

What it cannot see: declarations compiled only for Apple platforms (the
UIKit adapter's `DispatchingAppDelegate` and `DispatchingSceneDelegate`, none
of which throws), because the graphs are made on Linux.
"""
import json
import re
import sys
from pathlib import Path

LIMITS = {"dispatch": 4, "register": 4}
MODULES = ["SelectorDispatch", "SelectorDispatchTesting", "SelectorDispatchUIKit"]


def deprecated(symbol) -> bool:
    """Deprecated, or unavailable (a spelling kept only to name its replacement)."""
    return any(
        a.get("isUnconditionallyDeprecated") or a.get("isUnconditionallyUnavailable")
        for a in symbol.get("availability", [])
    )


def declaration(symbol) -> str:
    return "".join(f["spelling"] for f in symbol.get("declarationFragments", []))


def throws_itself(text: str) -> bool:
    """Whether the declaration's own effects throw, not only a closure it
    takes: the effects come after its parameter list, before `->`."""
    depth, start = 0, None
    for index, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
            if depth == 0:
                start = index + 1
                break
    if start is None:  # a property or subscript: `{ get throws }`
        return re.search(r"\{[^}]*\b(re)?throws\b", text) is not None
    effects = text[start:].split("->")[0]
    return re.search(r"\b(re)?throws\b", effects) is not None


def check_overloads(symbols) -> int:
    status = 0
    for name, limit in LIMITS.items():
        overloads = sorted(
            symbol["names"]["title"]
            for symbol in symbols
            if symbol["pathComponents"][:1] == ["Dispatcher"]
            and len(symbol["pathComponents"]) == 2
            and symbol["names"]["title"].startswith(name + "(")
            and not deprecated(symbol)
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


def check_not_deprecated(module: str, symbols) -> int:
    status = 0
    for symbol in symbols:
        if any(a.get("isUnconditionallyDeprecated") for a in symbol.get("availability", [])):
            where = f"{module}.{'.'.join(symbol['pathComponents'])}"
            sys.stderr.write(
                f"check-api-surface: {where} is deprecated; the package has no release to keep "
                "it for: delete it and update its callers (ARCHITECTURE.md)\n")
            status = 1
    return status


def check_errors(module: str, symbols) -> int:
    status = 0
    throwing = 0
    for symbol in symbols:
        text = declaration(symbol)
        where = f"{module}.{'.'.join(symbol['pathComponents'])}"
        if re.search(r"\bthrows\s*\(", text):
            sys.stderr.write(
                f"check-api-surface: {where} uses typed throws: `{text}`; public API throws "
                "untyped and names its errors in `- Throws:` (the Errors article)\n")
            status = 1
        if not throws_itself(text):
            continue
        throwing += 1
        lines = (symbol.get("docComment") or {}).get("lines", [])
        if not any(line["text"].lstrip().startswith("- Throws:") for line in lines):
            sys.stderr.write(
                f"check-api-surface: {where} throws but its doc comment has no `- Throws:` "
                f"line naming what: `{text}`\n")
            status = 1
    print(f"{module}: {throwing} public throwing declarations, untyped, each with `- Throws:`")
    return status


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    status = 0
    directory = Path(sys.argv[1])
    for module in MODULES:
        # The module's own graph, then those of its extensions to other
        # modules' types (`SelectorDispatch@Swift.symbols.json`).
        paths = [directory / f"{module}.symbols.json"]
        paths += sorted(directory.glob(f"{module}@*.symbols.json"))
        symbols = []
        for path in paths:
            try:
                symbols += json.loads(path.read_text())["symbols"]
            except (OSError, ValueError, KeyError) as error:
                sys.stderr.write(f"check-api-surface: cannot read {path}: {error}\n")
                return 2
        if module == "SelectorDispatch":
            status |= check_overloads(symbols)
        status |= check_not_deprecated(module, symbols)
        status |= check_errors(module, symbols)
    return status


if __name__ == "__main__":
    sys.exit(main())
