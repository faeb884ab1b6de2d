#!/usr/bin/env python3
"""Keeps the shipped text about the package, not about its history or its internals.

    Scripts/check-shipped-text.py [SYMBOL_GRAPH_DIR]

Reads every file git tracks (but the fuzz corpora) and
fails, naming file and line, on:

- **Issue numbers** anywhere (the word issue and a number after it, with
  `#`, `-`, `no.` or `number` between or nothing): the documents and the
  code speak of the package, and git keeps its history.
  A pull request or bug of another project (`swiftlang/swift#89577`) is not
  an issue number of this one, and neither is a bare `#32`, which cannot be
  told from other uses of `#`.
- **Commit hashes in code comments** (Swift and C `//` and `/* */`; shell,
  Python, YAML `#`; Python's docstrings; string literals are not comments):
  a hash says when something was measured, which belongs in BENCHMARKS.md
  or a commit message; a comment says why the code is as it is. A hash is a word of 7 to 40
  hexadecimal digits with at least one letter and one digit (a hash of
  digits only cannot be told from a number; `0x…` and `0b…` are numbers).
  A file may name a hash it also uses as a value.
- **DocC links to symbols that are not public**, given the library
  products' public symbol graphs (as `swift package dump-symbol-graph`
  writes them): in the comments of `Sources/SelectorDispatch` and
  `Sources/SelectorDispatchTesting`, a ``double-backquoted`` link must
  resolve to a public symbol as DocC resolves it: in the scope of the
  declaration it documents (a type's members, for a type's comment), then
  in each enclosing type, then at the top. DocC checks links only in public
  documentation, so a link in an internal symbol's comment rots unseen when
  its target is renamed or its parameters change; an internal symbol is
  named in code voice (single backquotes) instead. Scopes are read from the
  declarations' lines and the closing braces' indentation, which
  swift-format keeps. The UIKit adapter's sources are not read: its classes
  compile only for Apple platforms, so the graphs made here lack them.

Exit 1 with one line per finding, 0 when there is none, 2 when it cannot run.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

SKIPPED = ("Fuzz/Corpus/",)
TEXT = {".md", ".swift", ".sh", ".py", ".c", ".h", ".txt", ".yml", ".supp"}
SLASH_COMMENTS = {".swift", ".c", ".h"}
HASH_COMMENTS = {".sh", ".py", ".yml", ".supp", ""}  # "" is .ci/run
LINKED_SOURCES = ("Sources/SelectorDispatch/", "Sources/SelectorDispatchTesting/")
GRAPH_MODULES = ("SelectorDispatch", "SelectorDispatchTesting", "SelectorDispatchUIKit")

ISSUE = re.compile(r"\bissues?(?:[\s-]+|\s*#|\s+(?:no\.?|number)\s*)#?\d+", re.IGNORECASE)
HASH = re.compile(r"(?<!\w)(?!0[bx])[0-9a-f]{7,40}(?!\w|\.\w)")
DOUBLE_QUOTED = re.compile(r'"(?:\\.|[^"\\])*"')
QUOTED = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
LINK = re.compile(r"``([^`]+)``")
# What DocC appends to a link to tell overloads apart: `-(String,_)`,
# `->Bool`, `-swift.method`, `-4ja8m`.
DISAMBIGUATION = re.compile(r"-(\(.*\)|>.*|swift\..*|[0-9a-z]{3,6})$")
# A type's declaration or an extension, whose body is the scope of the
# comments in it: `  final class Snapshot: HandlerList {`, `extension Dispatcher.State {`.
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|open|package|internal|fileprivate|private|final|nonisolated|indirect)\s+)*"
    r"(extension|struct|class|enum|actor|protocol)\s+([\w.]+)")


def suffix_of(path: str) -> str:
    return "" if path.endswith("/run") else Path(path).suffix


def comments(lines: list[str], suffix: str) -> list[str]:
    """The comment part of each line ("" for none), string literals left out.

    Swift and C: `//` to the end of the line and `/* … */`, across lines.
    Shell, Python, YAML: `#` to the end of the line, and Python's
    triple-quoted strings, which are its docstrings.
    """
    parts, in_block = [], False
    for line in lines:
        if suffix == ".py" and (in_block or line.count('"""') % 2):
            parts.append(line)
            in_block ^= bool(line.count('"""') % 2)
            continue
        strings = DOUBLE_QUOTED if suffix in SLASH_COMMENTS else QUOTED
        code = strings.sub(lambda m: " " * len(m.group(0)), line)
        if suffix in SLASH_COMMENTS:
            note = ""
            if in_block:
                close = code.find("*/")
                note, code = (line, "") if close < 0 else (line[:close + 2], code[close + 2:])
                in_block = close < 0
            opening = code.find("/*")
            slashes = code.find("//")
            if opening >= 0 and (slashes < 0 or opening < slashes):
                close = code.find("*/", opening + 2)
                in_block = close < 0
                note += line[opening:] if close < 0 else line[opening:close + 2]
            elif slashes >= 0:
                note += line[slashes:]
            parts.append(note)
        elif suffix in HASH_COMMENTS:
            at = code.find("#")
            parts.append(line[at:] if at >= 0 else "")
        else:
            parts.append("")
    return parts


def is_hash(word: str) -> bool:
    return bool(re.search(r"[a-f]", word)) and bool(re.search(r"\d", word))


def issue_numbers(path: str, lines: list[str]) -> list[str]:
    text = "\n".join(lines)  # "issue" may end one line and its number start the next
    return [f"{path}:{text.count(chr(10), 0, match.start()) + 1}: an issue number"
            f" ({' '.join(match.group(0).split())!r}): say what, not which ticket"
            for match in ISSUE.finditer(text)]


def hashes_in_comments(path: str, lines: list[str]) -> list[str]:
    suffix = suffix_of(path)
    if suffix not in SLASH_COMMENTS | HASH_COMMENTS:
        return []
    notes = comments(lines, suffix)
    code = "\n".join(line.replace(note, "") if note else line for line, note in zip(lines, notes))
    found = []
    for number, note in enumerate(notes, 1):
        for word in HASH.findall(note):
            if is_hash(word) and word not in code:
                found.append(f"{path}:{number}: a commit hash ({word}) in a comment: say why the"
                             " code is so; when it was measured belongs in BENCHMARKS.md or a commit message")
    return found


def public_symbols(graphs: Path) -> set[str]:
    paths = set()
    for module in GRAPH_MODULES:
        for graph in [*graphs.glob(f"{module}.symbols.json"), *graphs.glob(f"{module}@*.symbols.json")]:
            for symbol in json.loads(graph.read_text())["symbols"]:
                paths.add("/".join(symbol["pathComponents"]))
    if not paths:
        raise OSError(f"no public symbols in the symbol graphs at {graphs}")
    return paths


def resolves(target: str, scope: list[str], public: set[str]) -> bool:
    """Whether a link resolves to a public symbol as DocC resolves a relative
    link: in the scope of the documented declaration, then in each scope
    around it, then at the top."""
    return any("/".join(scope[:depth] + [target]) in public for depth in range(len(scope), -1, -1))


def links_to_internals(path: str, lines: list[str], public: set[str]) -> list[str]:
    if not path.startswith(LINKED_SOURCES) or not path.endswith(".swift"):
        return []
    found, scopes, waiting = [], [], []  # scopes: (indent, type path); waiting: a comment's links

    def settle(scope):
        for number, link in waiting:
            target = DISAMBIGUATION.sub("", link).removeprefix("SelectorDispatch/")
            if not resolves(target, scope, public):
                found.append(f"{path}:{number}: ``{link}`` links to no public symbol, and DocC"
                             " checks no other link: name it in code voice, `like this`")
        waiting.clear()

    for number, (line, note) in enumerate(zip(lines, comments(lines, ".swift")), 1):
        indent = len(line) - len(line.lstrip())
        if line.strip().startswith("}"):
            while scopes and scopes[-1][0] >= indent:
                scopes.pop()
        if note:
            waiting += [(number, link) for link in LINK.findall(note)]
        if not line.strip() or line.strip() == note.strip():
            continue
        scope = scopes[-1][1] if scopes else []
        declaration = DECLARATION.match(line)
        if declaration:
            name = declaration.group(2).split(".")
            scope = name if declaration.group(1) == "extension" else scope + name
            scopes.append((indent, scope))
        settle(scope)
    settle([])
    return found


def findings(root: Path, files: list[str], public: set[str] | None) -> list[str]:
    problems = []
    for path in files:
        if path.startswith(SKIPPED) or (Path(path).suffix not in TEXT and not path.endswith("/run")):
            continue
        try:
            lines = (root / path).read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        problems += issue_numbers(path, lines) + hashes_in_comments(path, lines)
        if public is not None:
            problems += links_to_internals(path, lines, public)
    return problems


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    public = public_symbols(Path(sys.argv[1])) if len(sys.argv) > 1 else None
    files = subprocess.run(["git", "ls-files"], cwd=root, check=True, capture_output=True,
                           text=True).stdout.splitlines()
    problems = findings(root, files, public)
    for problem in problems:
        print(problem)
    print(f"check-shipped-text: {len(problems)} finding(s) in {len(files)} files"
          f"{'' if public is not None else ' (links not checked: no symbol graphs given)'}",
          file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, KeyError, subprocess.CalledProcessError) as error:
        print(f"check-shipped-text: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(2)
