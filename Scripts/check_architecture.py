"""Checks what ARCHITECTURE.md says about the code against the code.

Run by Scripts/check-architecture.sh, which builds the library with an index
store first. Usage:

    check_architecture.py PACKAGE_DIR INDEX_STORE           # compare
    check_architecture.py PACKAGE_DIR INDEX_STORE --print   # print the table the code has

Three things are checked:

1. Which folder uses which (below), and that no folder uses itself through
   others: the table has no cycle.
2. Which files import Foundation: the table's third column, by folder.
3. Every test the page names as `SuiteName.testName` exists: a file under
   Tests/ declares the suite and one declares the test function. A suite
   named alone (`RetiredTests`) must exist too. So must every Swift file it
   names (`Dispatcher/Retired.swift`).

A folder of `Sources/SelectorDispatch` *uses* another when one of its files
refers to a symbol that a file of the other declares: a type, a member (an
extension's too), a case, a global. The index store gives every occurrence
with its USR, so nothing is parsed here and overloads are told apart. A file
at the top of the module is its own row, by file name.

ARCHITECTURE.md's section "Which folder uses which" holds one table row per
folder, `| folder | the folders it uses | its files that import Foundation |`,
each name in backquotes. Every
use in the code must be in the table and every entry of the table must be a
use: exit 1 naming each difference (with one file, line and symbol for a
use the table lacks), 0 when they agree, 2 when the check cannot run. The
same for the Foundation column and the named tests.
"""

import os
import re
import shutil
import sys

from check_availability import (
    DEPENDENCY_RECORD, ROLE_DECLARATION, ROLE_DEFINITION, ROLE_REFERENCE, IndexStore, fail)

MODULE = "SelectorDispatch"
SECTION = "## Which folder uses which"


def folder_of(path, root):
    relative = os.path.relpath(os.path.realpath(path), root)
    if relative.startswith(".."):
        return None
    head, _, rest = relative.partition(os.sep)
    return f"{head}/" if rest else head


def graph(store, root):
    """{folder: {used folder: (file, line, symbol)}} of the module's sources."""
    package = os.path.dirname(os.path.dirname(root))
    declared, references = {}, []
    for unit in store.units():
        module, dependencies = store.unit(unit)
        if module != MODULE:
            continue
        for kind, name, path in dependencies:
            # A file deleted since its unit was written is no longer code.
            exists = kind == DEPENDENCY_RECORD and os.path.exists(path)
            folder = folder_of(path, root) if exists else None
            if folder is None:
                continue
            for usr, symbol, roles, line in store.occurrences(name):
                if roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                    declared.setdefault(usr, folder)
                elif roles & ROLE_REFERENCE:
                    references.append((folder, usr, os.path.relpath(path, package), line, symbol))
    uses = {folder: {} for folder in set(declared.values())}
    for folder, usr, path, line, symbol in sorted(references):
        owner = declared.get(usr)
        if owner is not None and owner != folder:
            uses.setdefault(folder, {}).setdefault(owner, (path, line, symbol))
    return uses


def documented(architecture):
    text = open(architecture, encoding="utf-8").read()
    start = text.find(SECTION)
    if start < 0:
        fail(f"ARCHITECTURE.md has no section {SECTION!r}")
    table = {}
    for line in text[start:].split("\n## ", 1)[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not line.lstrip().startswith("|"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        if len(names) != 1:
            continue  # the header and its rule
        foundation = set(re.findall(r"`([^`]+)`", cells[2])) if len(cells) > 2 else set()
        table[names[0]] = (set(re.findall(r"`([^`]+)`", cells[1])), foundation)
    if not table:
        fail(f"ARCHITECTURE.md's section {SECTION!r} has no table rows")
    return table


def cycle(table):
    """A cycle of the table's uses as a list of folders (the first again at the end), or None."""
    visiting, done = [], set()

    def visit(folder):
        if folder in visiting:
            return visiting[visiting.index(folder):] + [folder]
        if folder in done:
            return None
        visiting.append(folder)
        for used in sorted(table.get(folder, (set(), set()))[0]):
            found = visit(used)
            if found:
                return found
        visiting.pop()
        done.add(folder)
        return None

    for folder in sorted(table):
        found = visit(folder)
        if found:
            return found
    return None


def foundation_importers(root, folder):
    """The names of the folder's files (or the file itself) that import Foundation."""
    path = os.path.join(root, folder.rstrip("/"))
    files = [os.path.join(path, f) for f in os.listdir(path)] if folder.endswith("/") else [path]
    return {os.path.basename(f) for f in files if f.endswith(".swift")
            and re.search(r"^import Foundation\b", open(f, encoding="utf-8").read(), re.M)}


def missing_files(package_dir, architecture):
    """Swift files the page names (`Dispatcher/Retired.swift`, `Locked.swift`) that do not exist."""
    present = set()
    for folder, _, files in os.walk(package_dir):
        if "/." in folder or "/.build" in folder:
            continue
        for f in files:
            relative = os.path.relpath(os.path.join(folder, f), package_dir)
            parts = relative.split(os.sep)
            present.update("/".join(parts[i:]) for i in range(len(parts)))
    text = open(architecture, encoding="utf-8").read()
    return [f"ARCHITECTURE.md names {name}, which does not exist"
            for name in sorted(set(re.findall(r"`([\w+./-]+\.swift)`", text))) if name not in present]


def missing_tests(package_dir, architecture):
    """Tests the page names as `Suite.test` (or suites named alone) that do not exist."""
    sources = []
    for folder, _, files in os.walk(os.path.join(package_dir, "Tests")):
        sources += [open(os.path.join(folder, f), encoding="utf-8").read()
                    for f in files if f.endswith(".swift")]
    code = "\n".join(sources)
    text = open(architecture, encoding="utf-8").read()
    missing = []
    for suite, test in sorted(set(re.findall(r"`(\w+Tests)(?:\.(\w+))?`", text))):
        if not re.search(rf"\b(struct|class|extension) {suite}\b", code):
            missing.append(f"ARCHITECTURE.md names the suite {suite}, which no test declares")
        elif test and not re.search(rf"\bfunc {test}\(", code):
            missing.append(f"ARCHITECTURE.md names the test {suite}.{test}, which does not exist")
    return missing


def main():
    package_dir, store_path, *options = sys.argv[1:]
    library = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift") or "")),
                           "..", "lib", "libIndexStore.so")
    if not os.path.exists(library):
        fail(f"no libIndexStore.so beside the toolchain ({library})")
    root = os.path.realpath(os.path.join(package_dir, "Sources", MODULE))
    uses = graph(IndexStore(library, store_path), root)
    if not uses:
        fail(f"the index store at {store_path} has nothing from {MODULE}")
    if "--print" in options:
        print("| folder | uses | imports Foundation |\n|---|---|---|")
        for folder in sorted(uses):
            used = ", ".join(f"`{u}`" for u in sorted(uses[folder]))
            files = ", ".join(f"`{f}`" for f in sorted(foundation_importers(root, folder)))
            print(f"| `{folder}` | {used} | {files} |")
        return 0
    architecture = os.path.join(package_dir, "ARCHITECTURE.md")
    table = documented(architecture)
    problems = missing_files(package_dir, architecture) + missing_tests(package_dir, architecture)
    loop = cycle(table)
    if loop:
        problems.append("ARCHITECTURE.md's table has a cycle, so its folders do not depend one way: "
                        + " → ".join(loop))
    for folder in sorted(set(uses) | set(table)):
        if folder not in table:
            problems.append(f"{folder} has no row in ARCHITECTURE.md's table")
            continue
        if folder not in uses:
            problems.append(f"ARCHITECTURE.md's table has a row for {folder}, which has no code")
            continue
        listed, foundation = table[folder]
        for used, (path, line, symbol) in sorted(uses[folder].items()):
            if used not in listed:
                problems.append(f"{path}:{line}: {folder} uses {used} ({symbol}), which"
                                " ARCHITECTURE.md's table does not list")
        for used in sorted(listed - set(uses[folder])):
            problems.append(f"ARCHITECTURE.md's table says {folder} uses {used}, which it does not")
        importers = foundation_importers(root, folder)
        for name in sorted(importers ^ foundation):
            problems.append(
                f"ARCHITECTURE.md's table says {folder}{'' if folder.endswith('.swift') else name}"
                f" {'does not import' if name in importers else 'imports'} Foundation,"
                f" but it {'does' if name in importers else 'does not'}")
    for problem in problems:
        print(problem)
    edges = sum(len(used) for used in uses.values())
    print(f"check-architecture: {len(problems)} difference(s); {len(uses)} folders, {edges} uses",
          file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, KeyError) as error:
        fail(f"{type(error).__name__}: {error}")
