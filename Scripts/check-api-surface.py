#!/usr/bin/env python3
"""Keeps the public surface as ARCHITECTURE.md ("The public surface") states it.

    Scripts/check-api-surface.py SYMBOL_GRAPH_DIR

Reads the symbol graphs of every library product's modules, as `swift
package dump-package` lists them (a new library is counted without editing
this script), in the form `swift package dump-symbol-graph
--skip-synthesized-members` writes them (public symbols only), and checks
four rules:

- **Ceiling.** The public symbols of all those modules together are at most
  CEILING (350): one way to write each thing (ARCHITECTURE.md, "The public
  surface"). A module with no graph is an error, not a zero.
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
of which throws, its typed UIKit events and the SwiftUI entry point), because
the graphs are made on Linux; the ceiling counts what builds on Linux.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

LIMITS = {"dispatch": 4, "register": 4}
CEILING = 350


def library_modules() -> list[str]:
    """The modules of the package's library products, in product order."""
    package = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], check=True, capture_output=True, text=True,
        cwd=Path(__file__).resolve().parent.parent).stdout)
    modules: list[str] = []
    for product in package["products"]:
        if "library" in product["type"]:
            modules += [target for target in product["targets"] if target not in modules]
    return modules


def public(symbol) -> bool:
    return symbol.get("accessLevel") in ("public", "open")


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
    counts = {}
    for module in library_modules():
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
        symbols = [symbol for symbol in symbols if public(symbol)]
        counts[module] = len(symbols)
        if module == "SelectorDispatch":
            status |= check_overloads(symbols)
        status |= check_not_deprecated(module, symbols)
        status |= check_errors(module, symbols)
    total = sum(counts.values())
    listed = ", ".join(f"{module} {count}" for module, count in counts.items())
    print(f"public symbols: {total} (at most {CEILING}): {listed}")
    if total > CEILING:
        sys.stderr.write(
            f"check-api-surface: {total} public symbols, more than {CEILING}: make the new "
            "one the only way to do its job, deleting what it restates, or record in "
            "ARCHITECTURE.md (\"The public surface\") the use it serves and raise CEILING\n")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
