#!/usr/bin/env python3
"""Keeps the shipped text about the package, not about its history or its internals.

    Scripts/check-shipped-text.py [SYMBOL_GRAPH_DIR]

Reads every file git tracks (but the fuzz corpora and recorded outputs) and
fails, naming file and line, on:

- **Issue numbers** anywhere (the word issue and a number after it, with or
  without `#`): the documents and
  the code speak of the package, and BENCHMARKS.md keeps its history by
  commit. A pull request or bug of another project
  (`swiftlang/swift#89577`) is not an issue number of this one.
- **Commit hashes in code comments** (Swift, C, shell and Python): a hash
  says when something was measured, which belongs in BENCHMARKS.md; a
  comment says why the code is as it is. A hash is a word of 7 to 40
  hexadecimal digits with at least one letter and one digit (a hash of
  digits only cannot be told from a number). A file may name a hash it also
  uses as a value, as Scripts/check-compatibility.sh does its baseline.
- **DocC links to symbols that are not public**, given the library
  products' public symbol graphs (as `swift package dump-symbol-graph`
  writes them): in the comments of `Sources/SelectorDispatch` and
  `Sources/SelectorDispatchTesting`, a ``double-backquoted`` link must name
  a public symbol. DocC checks links only in public documentation, so a
  link in an internal symbol's comment rots unseen when its target is
  renamed or its parameters change; an internal symbol is named in code
  voice (single backquotes) instead. The UIKit adapter's sources are not
  read: its classes compile only for Apple platforms, so the graphs made
  here lack them.

Exit 1 with one line per finding, 0 when there is none, 2 when it cannot run.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

SKIPPED = ("Fuzz/Corpus/", "Scripts/compatibility/expected/")
TEXT = {".md", ".swift", ".sh", ".py", ".c", ".h", ".txt", ".yml"}
LINKED_SOURCES = ("Sources/SelectorDispatch/", "Sources/SelectorDispatchTesting/")
GRAPH_MODULES = ("SelectorDispatch", "SelectorDispatchTesting", "SelectorDispatchUIKit")

ISSUE = re.compile(r"\bissues?\s*(?:#|no\.?\s*)?\d+", re.IGNORECASE)
HASH = re.compile(r"(?<![\w.])(?!0x)[0-9a-f]{7,40}(?![\w.])")
LINK = re.compile(r"``([^`]+)``")
# What DocC appends to a link to tell overloads apart: `-(String,_)`,
# `->Bool`, `-swift.method`, `-4ja8m`.
DISAMBIGUATION = re.compile(r"-(\(.*\)|>.*|swift\..*|[0-9a-z]{3,6})$")


def comment(line: str, suffix: str) -> str:
    """The comment part of a code line, or ""."""
    marker = "#" if suffix in (".sh", ".py", "") else "//"
    at = line.find(marker)
    if suffix in (".c", ".h") and at < 0:
        stripped = line.lstrip()
        return line if stripped.startswith(("/*", "*")) else ""
    return line[at:] if at >= 0 else ""


def is_hash(word: str) -> bool:
    return bool(re.search(r"[a-f]", word)) and bool(re.search(r"\d", word))


def issue_numbers(path: str, lines: list[str]) -> list[str]:
    text = "\n".join(lines)  # "issue" may end one line and its number start the next
    return [f"{path}:{text.count(chr(10), 0, match.start()) + 1}: an issue number"
            f" ({' '.join(match.group(0).split())!r}): say what, not which ticket"
            for match in ISSUE.finditer(text)]


def hashes_in_comments(path: str, lines: list[str]) -> list[str]:
    suffix = Path(path).suffix
    if suffix not in (".swift", ".c", ".h", ".sh", ".py") and not path.endswith("/run"):
        return []
    comments = [comment(line, suffix) for line in lines]
    code = "\n".join(line.replace(note, "") if note else line for line, note in zip(lines, comments))
    found = []
    for number, note in enumerate(comments, 1):
        for word in HASH.findall(note):
            if is_hash(word) and word not in code:
                found.append(f"{path}:{number}: a commit hash ({word}) in a comment: say why the"
                             " code is so; when it was measured belongs in BENCHMARKS.md")
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


def links_to_internals(path: str, lines: list[str], public: set[str]) -> list[str]:
    if not path.startswith(LINKED_SOURCES) or not path.endswith(".swift"):
        return []
    found = []
    for number, line in enumerate(lines, 1):
        for link in LINK.findall(comment(line, ".swift")):
            target = DISAMBIGUATION.sub("", link).removeprefix("SelectorDispatch/")
            if not any(p == target or p.endswith("/" + target) for p in public):
                found.append(f"{path}:{number}: ``{link}`` links to no public symbol, and DocC"
                             " checks no other link: name it in code voice, `like this`")
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
