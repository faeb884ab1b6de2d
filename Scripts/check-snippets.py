#!/usr/bin/env python3
"""Compiles the Swift code blocks of README.md and the DocC articles, as the
documents write them, and runs them; compiles the Swift blocks of the
sources' doc comments.

    Scripts/check-snippets.py            # generate, build, run, compare
    Scripts/check-snippets.py --list     # say what each block is, build nothing

Each document's ```swift blocks become one program, in document order, so that
a later block sees what an earlier one declared. A `#sourceLocation` line
before each block makes the compiler's errors point at the document's own
lines. The names a document's fragments take from the app around them (an
`application`, a `userInfo`) come from a prelude, `Scripts/snippets/NAME.swift`
(NAME is the document's file name without `.md`), which is compiled first.

How a block is checked is written in the document, in an HTML comment on the
line before its fence (invisible on GitHub and dropped by DocC):

    (no comment)                              run at the top level of the program
    <!-- snippet: scoped -->                  run in a `do { }` of its own, so that
                                              it may declare names an earlier block did
    <!-- snippet: throws -->                  run, and must throw; if the block ends
                                              with `//` comment lines, they must read
                                              as the error's description
    <!-- snippet: compiled -- WHY -->         compiled as the body of an async
                                              function, never run
    <!-- snippet: test -->                    Swift Testing code: compiled into a test
                                              target (with `Scripts/snippets/NAME.tests.swift`)
                                              and run by `swift test`
    <!-- snippet: manifest -->                Package.swift lines: loaded by `swift package
                                              dump-package` in a manifest of an app named
                                              MyApp (below), and each product it names must be
                                              a library of this package
    <!-- snippet: not compiled -- WHY -->     skipped, for the reason given (UIKit, code of
                                              another library)
    <!-- snippet: excerpt -- PATH -->         a run of lines of the file PATH (from the
                                              repository's root), both sides dedented alike:
                                              code that another step compiles, such as an
                                              example that the Apple SDK step compiles for iOS

A `manifest` block's lines that start a line with `.package(` are the manifest's
dependencies, with `.product(` a dependency of its `MyApp` target, and with
`.target(` or `.testTarget(` targets of their own; a block with no `.package(`
line is read in a manifest that already depends on this package. `<this repository's clone
URL>`, the placeholder the README gives, stands for a URL that ends in
`SelectorDispatch.git`, as a clone URL of this repository does; nothing is fetched.

A ```text block right after a block that runs (only blank lines between) is
that block's output: what the block prints must be those lines exactly.

The ```swift blocks of the doc comments (`///`) in Sources/ are compiled, never
run, all in one test target: the names they take from the app around them
come from one prelude, `Scripts/snippets/DocComments.swift`. A block that
declares an `extension` is compiled at file scope, where its declarations are
the other blocks' too (an event one block declares, another handles); any
other block is the body of a `@MainActor` async function of its own. A marker,
in a `///` line before the fence, says otherwise:

    /// <!-- snippet: handlers -->                   the body of a service's
                                                     `handlers`: `on(_:_:)` entries
    /// <!-- snippet: not compiled -- WHY -->        skipped, for the reason given

Builds in $SNIPPETS_WORK (default .build/snippets), a package of its own that
depends on this checkout by path. Exits 1 when a block does not compile, a
run fails or an output differs, and 2 when a marker is malformed.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORK = os.path.abspath(os.environ.get("SNIPPETS_WORK", os.path.join(REPO, ".build/snippets")))
PRELUDES = os.path.join(REPO, "Scripts/snippets")
MARK = "\x1e"  # printed before each block's output: a record separator

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
MARKER = re.compile(r"^<!--\s*snippet:\s*([a-z ]+?)\s*(?:--\s*(.*?))?\s*-->\s*$")
MODES = {"run", "scoped", "throws", "compiled", "test", "manifest", "not compiled", "excerpt"}
NEEDS_REASON = {"compiled", "not compiled", "excerpt"}
DOC_COMMENT_MODES = {"handlers", "not compiled"}
DOC_COMMENT = re.compile(r"^\s*/// ?(.*)$")


class Block:
    def __init__(self, document, line, code, mode, reason, output):
        self.document, self.line, self.code = document, line, code
        self.mode, self.reason, self.output = mode, reason, output

    @property
    def where(self):
        return f"{os.path.relpath(self.document, REPO)}:{self.line}"


def documents():
    docc = sorted(glob.glob(os.path.join(REPO, "Sources/*/Documentation.docc/*.md")))
    return [os.path.join(REPO, "README.md")] + docc


def blocks_of(path):
    """The document's Swift blocks with their modes, or raises ValueError."""
    text = open(path, encoding="utf-8").read()
    fences = list(FENCE.finditer(text))
    result = []
    for index, fence in enumerate(fences):
        if fence.group(1) != "swift":
            continue
        line = text.count("\n", 0, fence.start()) + 2  # the block's first line
        before = text[: fence.start()].rstrip("\n").split("\n")
        previous = before[-1] if before else ""
        mode, reason = "run", None
        if previous.lstrip().startswith("<!--") and "snippet" in previous:
            match = MARKER.match(previous.strip())
            if not match or match.group(1) not in MODES:
                raise ValueError(
                    f"{os.path.relpath(path, REPO)}:{line - 2}: malformed marker {previous.strip()!r};"
                    f" expected <!-- snippet: MODE -->, MODE one of {sorted(MODES)}")
            mode, reason = match.group(1), match.group(2)
            if mode in NEEDS_REASON and not reason:
                raise ValueError(
                    f"{os.path.relpath(path, REPO)}:{line - 2}: `{mode}` needs its reason:"
                    f" <!-- snippet: {mode} -- WHY -->")
        output = None
        if index + 1 < len(fences):
            following = fences[index + 1]
            between = text[fence.end(): following.start()]
            if following.group(1) == "text" and not between.strip():
                output = following.group(2)
        if output is not None and mode not in ("run", "scoped", "throws"):
            raise ValueError(
                f"{os.path.relpath(path, REPO)}:{line}: an output block follows a block"
                f" that is not run ({mode})")
        result.append(Block(path, line, fence.group(2), mode, reason, output))
    return result


def doc_comment_blocks(path):
    """The Swift blocks of a source file's doc comments, or raises ValueError.

    A block's mode is `declarations` when it declares an extension, else
    `body`, unless a marker says `handlers` or `not compiled`."""
    where = os.path.relpath(path, REPO)
    source = open(path, encoding="utf-8").read().split("\n")
    result = []
    index = 0
    while index < len(source):
        line = DOC_COMMENT.match(source[index])
        if not line or not line.group(1).strip().startswith("```swift"):
            index += 1
            continue
        start, indent = index, len(line.group(1)) - len(line.group(1).lstrip())
        code = []
        index += 1
        while True:
            if index >= len(source) or not DOC_COMMENT.match(source[index]):
                raise ValueError(f"{where}:{start + 1}: a ```swift block that does not end")
            text = DOC_COMMENT.match(source[index]).group(1)
            if text.strip() == "```":
                break
            code.append(text[indent:])
            index += 1
        index += 1
        mode, reason = None, None
        previous = DOC_COMMENT.match(source[start - 1]) if start > 0 else None
        if previous and previous.group(1).strip().startswith("<!--"):
            match = MARKER.match(previous.group(1).strip())
            if not match or match.group(1) not in DOC_COMMENT_MODES:
                raise ValueError(
                    f"{where}:{start}: malformed marker {previous.group(1).strip()!r}; expected"
                    f" <!-- snippet: MODE -->, MODE one of {sorted(DOC_COMMENT_MODES)}")
            mode, reason = match.group(1), match.group(2)
            if mode == "not compiled" and not reason:
                raise ValueError(
                    f"{where}:{start}: `not compiled` needs its reason:"
                    " <!-- snippet: not compiled -- WHY -->")
        if mode is None:
            declares = any(re.match(r"^extension\b", l) for l in code)
            mode = "declarations" if declares else "body"
        result.append(Block(path, start + 2, "\n".join(code), mode, reason, None))
    return result


def doc_comment_sources():
    return sorted(glob.glob(os.path.join(REPO, "Sources/**/*.swift"), recursive=True))


def doc_comment_file(block):
    """One doc comment block as a file of the doc comments' test target."""
    imports, code = split_imports(block.code)
    imports |= {"import Foundation", "import SelectorDispatch", "import SelectorDispatchTesting",
                "import Testing"}
    name = re.sub(r"\W", "_", os.path.relpath(block.document, REPO) + f"_{block.line}")
    body = located(block.document, block.line, code)
    if block.mode == "declarations":
        wrapped = body
    elif block.mode == "handlers":
        wrapped = (f"struct Snippet_{name}: DispatchService {{\n"
                   f"  var handlers: HandlerTable {{\n{body}  }}\n}}\n")
    else:
        wrapped = f"@MainActor func snippet_{name}() async throws {{\n{body}}}\n"
    return name, "\n".join(sorted(imports)) + "\n\n" + wrapped


def split_imports(code):
    imports, lines = set(), []
    for line in code.splitlines():
        if re.match(r"^(@testable )?import \w+\s*$", line):
            imports.add(line.strip())
            lines.append("")  # keep the line numbers
        else:
            lines.append(line)
    return imports, "\n".join(lines)


def located(path, line, code):
    return f'#sourceLocation(file: "{path}", line: {line})\n{code}\n#sourceLocation()\n'


def program(name, blocks):
    """main.swift for one document's blocks that compile outside a test."""
    imports = {"import Foundation", "import SelectorDispatch"}
    parts = []
    prelude = os.path.join(PRELUDES, f"{name}.swift")
    if os.path.exists(prelude):
        found, code = split_imports(open(prelude, encoding="utf-8").read())
        imports |= found
        parts.append(located(prelude, 1, code))
    parts.append(
        "func snippetDidNotThrow(_ location: String) -> Never {\n"
        '  print("\\(location): the document shows this block throwing, but it did not")\n'
        "  exit(1)\n}\n")
    for block in blocks:
        found, code = split_imports(block.code)
        imports |= found
        body = located(block.document, block.line, code)
        marker = f'print("\\u{{1E}}{block.where}")\n'
        if block.mode == "run":
            parts.append(marker + body)
        elif block.mode == "scoped":
            parts.append(marker + "do {\n" + body + "}\n")
        elif block.mode == "throws":
            parts.append(
                marker + "do {\n" + body + f'snippetDidNotThrow("{block.where}")\n'
                "} catch {\n  print(error)\n}\n")
        elif block.mode == "compiled":
            function = re.sub(r"\W", "_", block.where)
            parts.append(
                f"// {block.where}: compiled, never run: {block.reason}\n"
                f"@MainActor func snippet_{function}() async throws {{\n{body}}}\n")
    return "\n".join(sorted(imports)) + "\n\n" + "\n".join(parts)


def generate(by_document, doc_comments):
    shutil.rmtree(os.path.join(WORK, "Sources"), ignore_errors=True)
    shutil.rmtree(os.path.join(WORK, "Tests"), ignore_errors=True)
    targets = []
    compiled = [b for b in doc_comments if b.mode != "not compiled"]
    if compiled:
        folder = os.path.join(WORK, "Tests", "DocCommentSnippetTests")
        os.makedirs(folder)
        prelude = os.path.join(PRELUDES, "DocComments.swift")
        with open(os.path.join(folder, "Prelude.swift"), "w", encoding="utf-8") as f:
            f.write(located(prelude, 1, open(prelude, encoding="utf-8").read()))
        for block in compiled:
            name, text = doc_comment_file(block)
            with open(os.path.join(folder, f"{name}.swift"), "w", encoding="utf-8") as f:
                f.write(text)
        targets.append('    .testTarget(name: "DocCommentSnippetTests", dependencies: kit),')
    for path, blocks in by_document.items():
        name = os.path.splitext(os.path.basename(path))[0]
        runnable = [b for b in blocks if b.mode in ("run", "scoped", "throws", "compiled")]
        tests = [b for b in blocks if b.mode == "test"]
        if runnable:
            folder = os.path.join(WORK, "Sources", f"{name}Snippets")
            os.makedirs(folder)
            with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as f:
                f.write(program(name, runnable))
            targets.append(f'    .executableTarget(name: "{name}Snippets", dependencies: kit),')
        if tests:
            folder = os.path.join(WORK, "Tests", f"{name}SnippetTests")
            os.makedirs(folder)
            prelude = os.path.join(PRELUDES, f"{name}.tests.swift")
            if os.path.exists(prelude):
                with open(os.path.join(folder, "Prelude.swift"), "w", encoding="utf-8") as f:
                    f.write(located(prelude, 1, open(prelude, encoding="utf-8").read()))
            for block in tests:
                with open(os.path.join(folder, f"Line{block.line}.swift"), "w", encoding="utf-8") as f:
                    f.write(located(block.document, block.line, block.code))
            targets.append(f'    .testTarget(name: "{name}SnippetTests", dependencies: kit),')
    manifest = f"""// swift-tools-version:6.2
// Generated by Scripts/check-snippets.py from README.md and the DocC articles.
import PackageDescription

let kit: [Target.Dependency] = [
  .product(name: "SelectorDispatch", package: "SelectorDispatch"),
  .product(name: "SelectorDispatchTesting", package: "SelectorDispatch"),
]
let package = Package(
  name: "Snippets",
  dependencies: [.package(name: "SelectorDispatch", path: "{REPO}")],
  targets: [
{chr(10).join(targets)}
  ],
  swiftLanguageModes: [.v6]
)
"""
    with open(os.path.join(WORK, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(manifest)


def outputs(text):
    """Each block's printed lines, by the block's location."""
    result = {}
    for chunk in text.split(MARK)[1:]:
        where, _, printed = chunk.partition("\n")
        result[where] = printed
    return result


def lines(text):
    return [line.rstrip() for line in text.strip("\n").splitlines()]


def words(text):
    return " ".join(text.split())


def trailing_comment(code):
    comment = []
    for line in reversed(code.rstrip().splitlines()):
        if not line.lstrip().startswith("//"):
            break
        comment.insert(0, line.lstrip()[2:].strip())
    return " ".join(comment)


def check(by_document):
    failures = []
    os.makedirs(WORK, exist_ok=True)
    build = subprocess.run(
        ["swift", "build", "--package-path", WORK, "--build-tests"],
        capture_output=True, text=True)
    if build.returncode != 0:
        errors = list(dict.fromkeys(  # each error once: SwiftPM prints some twice
            l for l in build.stdout.splitlines() + build.stderr.splitlines() if ": error:" in l))
        print("\n".join(errors[:40]) or build.stdout[-4000:] + build.stderr[-4000:])
        return ["a block does not compile (above: the document's file and line)"]
    bin_path = subprocess.run(
        ["swift", "build", "--package-path", WORK, "--show-bin-path"],
        capture_output=True, text=True, check=True).stdout.strip()
    for path, blocks in by_document.items():
        name = os.path.splitext(os.path.basename(path))[0]
        run = [b for b in blocks if b.mode in ("run", "scoped", "throws")]
        if not run:
            continue
        result = subprocess.run(
            [os.path.join(bin_path, f"{name}Snippets")], capture_output=True, text=True,
            timeout=120)
        printed = outputs(result.stdout)
        if result.returncode != 0:
            last = result.stdout.split(MARK)[-1].partition("\n")[0]
            failures.append(
                f"{os.path.relpath(path, REPO)}: the program stopped with status"
                f" {result.returncode} in the block at {last}:\n{result.stdout[-1500:]}"
                f"{result.stderr[-1500:]}")
            continue
        for block in run:
            got = printed.get(block.where, "")
            if block.output is not None and lines(got) != lines(block.output):
                failures.append(
                    f"{block.where}: printed\n{got}\nbut the document shows\n{block.output}")
            if block.mode == "throws":
                shown = trailing_comment(block.code)
                if shown and words(shown) != words(got):
                    failures.append(
                        f"{block.where}: threw\n  {words(got)}\nbut the document's comment says\n"
                        f"  {shown}")
    if any(b.mode == "test" for blocks in by_document.values() for b in blocks):
        test = subprocess.run(
            ["swift", "test", "--package-path", WORK, "--skip-build"],
            capture_output=True, text=True, timeout=300)
        summary = [l for l in test.stdout.splitlines() if "Test run with" in l]
        print("\n".join(summary))
        if test.returncode != 0:
            failures.append("the documents' test blocks failed:\n" + test.stdout[-4000:])
    return failures


def manifest_failure(block, products):
    """Why a `manifest` block does not load as Package.swift lines, or None."""
    pieces = re.split(r"^(?=\.)", block.code, flags=re.M)
    parts = {"package": [], "product": [], "target": []}
    for piece in filter(str.strip, pieces):
        kind = re.match(r"\.(package|product|target|testTarget)\(", piece)
        if not kind:
            return f"{block.where}: expected lines that start with .package(, .product( or .target("
        parts["target" if kind.group(1) == "testTarget" else kind.group(1)].append(piece.rstrip())
    clone = "https://example.invalid/SelectorDispatch.git"
    if not parts["package"]:  # a fragment of a manifest that already depends on the package
        parts["package"].append(f'.package(url: "{clone}", branch: "main"),')
    text = (
        "// swift-tools-version:6.2\nimport PackageDescription\n\nlet package = Package(\n"
        '  name: "MyApp",\n  dependencies: [\n' + "\n".join(parts["package"]) + "\n  ],\n"
        '  targets: [\n.target(name: "MyApp", dependencies: [\n' + "\n".join(parts["product"])
        + "\n]),\n" + "\n".join(parts["target"]) + "\n  ]\n)\n"
    ).replace("<this repository's clone URL>", clone)
    folder = os.path.join(WORK, "Manifests", block.where.replace("/", "_").replace(":", "_"))
    shutil.rmtree(folder, ignore_errors=True)
    for target in ["Sources/MyApp"] + [
            f"Tests/{name}" for name in re.findall(r'\.testTarget\(name: "(\w+)"', text)]:
        os.makedirs(os.path.join(folder, target))
        open(os.path.join(folder, target, "File.swift"), "w").close()
    with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(text)
    loaded = subprocess.run(
        ["swift", "package", "dump-package", "--package-path", folder],
        capture_output=True, text=True)
    if loaded.returncode != 0:
        return f"{block.where}: the lines do not load as a manifest:\n{loaded.stderr[-2000:]}"
    named = re.findall(r'\.product\(name: "(\w+)", package: "SelectorDispatch"\)', block.code)
    unknown = [name for name in named if name not in products]
    if unknown:
        return f"{block.where}: no library of this package is named {', '.join(unknown)}"
    return None


def libraries():
    """This package's library products."""
    dumped = subprocess.run(
        ["swift", "package", "dump-package", "--package-path", REPO],
        capture_output=True, text=True, check=True).stdout
    return {p["name"] for p in json.loads(dumped)["products"] if "library" in p["type"]}


def excerpt_failure(block):
    """Why an `excerpt` block is not a run of its file's lines, or None."""
    path = os.path.join(REPO, block.reason)
    if not os.path.isfile(path):
        return f"{block.where}: the excerpt's file {block.reason} does not exist"
    have = open(path, encoding="utf-8").read().split("\n")
    want = block.code.rstrip("\n").split("\n")
    for start in range(len(have) - len(want) + 1):
        window = have[start: start + len(want)]
        indent = min((len(l) - len(l.lstrip(" ")) for l in window if l.strip()), default=0)
        if [l[indent:] for l in window] == want:
            return None
    return (f"{block.where}: the block is not a run of lines of {block.reason}"
            " (dedented alike); copy it from the file again")


def main():
    try:
        by_document = {path: blocks_of(path) for path in documents()}
    except ValueError as error:
        print(f"check-snippets: {error}", file=sys.stderr)
        return 2
    by_document = {path: blocks for path, blocks in by_document.items() if blocks}
    try:
        doc_comments = [b for path in doc_comment_sources() for b in doc_comment_blocks(path)]
    except ValueError as error:
        print(f"check-snippets: {error}", file=sys.stderr)
        return 2
    counts = {}
    for blocks in by_document.values():
        for block in blocks:
            counts[block.mode] = counts.get(block.mode, 0) + 1
    if "--list" in sys.argv[1:]:
        for blocks in list(by_document.values()) + [doc_comments]:
            for block in blocks:
                print(f"{block.where}: {block.mode}" + (f" ({block.reason})" if block.reason else "")
                      + (" + output" if block.output is not None else ""))
        return 0
    print("Swift blocks: " + ", ".join(f"{n} {m}" for m, n in sorted(counts.items())))
    doc_counts = {}
    for block in doc_comments:
        doc_counts[block.mode] = doc_counts.get(block.mode, 0) + 1
    print("Swift blocks of doc comments: "
          + ", ".join(f"{n} {m}" for m, n in sorted(doc_counts.items())))
    for blocks in list(by_document.values()) + [doc_comments]:
        for block in blocks:
            if block.mode == "not compiled":
                print(f"  not compiled: {block.where}: {block.reason}")
    excerpts = [b for bs in by_document.values() for b in bs if b.mode == "excerpt"]
    for block in excerpts:
        print(f"  excerpt: {block.where}: of {block.reason}")
    manifests = [b for bs in by_document.values() for b in bs if b.mode == "manifest"]
    products = libraries() if manifests else set()
    generate(by_document, doc_comments)
    failures = (
        [f for f in map(excerpt_failure, excerpts) if f]
        + [f for f in (manifest_failure(b, products) for b in manifests) if f]
        + check(by_document))
    for failure in failures:
        print(f"check-snippets: {failure}", file=sys.stderr)
    if not failures:
        shown = sum(1 for bs in by_document.values() for b in bs if b.output is not None)
        print(f"every block compiles; {shown} printed outputs match the documents")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
