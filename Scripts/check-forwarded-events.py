#!/usr/bin/env python3
"""Checks that each delegate method of the UIKit adapter forwards its own selector.

    Scripts/check-forwarded-events.py

The adapter's methods dispatch typed events (`Forwarded.sceneDidBecomeActive`) or, for a
completion handler, a selector's text. Two events of one signature (`sceneDidBecomeActive:`
and `sceneWillResignActive:`) are interchangeable to the compiler, and the iOS code cannot be
tested on Linux, so a method that forwarded another's event would compile and pass every test.
This reads the sources: for each method whose doc comment names its selector (its first
backquoted selector, as in "Forwards `sceneDidBecomeActive:`"), every `Forwarded` member and
every selector literal in its body must be that selector, and every `Forwarded` member must be
used. Exits 1 with each mismatch, naming the file and line.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "Sources" / "SelectorDispatchUIKit"
ADAPTER = [
    "DispatchingAppDelegate.swift",
    "DispatchingAppDelegate+Activities.swift",
    "DispatchingAppDelegate+Notifications.swift",
    "DispatchingSceneDelegate.swift",
]
SELECTOR = r"(?:[A-Za-z_]\w*:)+"


def events():
    """Each typed event's name and selector, from UIKitEvents.swift."""
    text = (ROOT / "UIKitEvents.swift").read_text()
    pattern = (
        r"static var (\w+):\s*Dispatcher\.\w+<.*?>\s*\{\s*\.init\(\s*"
        r'((?:"[^"]*"\s*\+?\s*)+)'
    )
    return {
        name: "".join(re.findall(r'"([^"]*)"', literal))
        for name, literal in re.findall(pattern, text, re.S)
    }


def forwarded():
    """Each `Forwarded` member's event name."""
    text = (ROOT / "Forwarded.swift").read_text()
    return dict(re.findall(r"static let (\w+) = ForwardedEvent\(\s*\.(\w+)\s*\)", text))


def methods(path):
    """Each method's selector, the line its body starts on, and its body's text."""
    lines = path.read_text().splitlines()
    found = []
    index = 0
    while index < len(lines):
        if not lines[index].strip().startswith("///"):
            index += 1
            continue
        doc = []
        while index < len(lines) and lines[index].strip().startswith("///"):
            doc.append(lines[index])
            index += 1
        start = index
        while index < len(lines) and not lines[index].strip().startswith(("///", "// MARK")):
            index += 1
        body = "\n".join(lines[start:index])
        named = re.search(r"`(" + SELECTOR + r")`", " ".join(doc))
        if named and re.search(r"\bfunc\b", body):
            found.append((named.group(1), start + 1, body))
    return found


def main():
    selectors = events()
    members = forwarded()
    problems = []
    used = set()
    for member, event in members.items():
        if event not in selectors:
            problems.append(f"Forwarded.swift: {member} is made of .{event}, not an event")
    for name in ADAPTER:
        for selector, line, body in methods(ROOT / name):
            for member in re.findall(r"\bForwarded\.(\w+)", body):
                used.add(member)
                actual = selectors.get(members.get(member, ""), f"no event ({member})")
                if actual != selector:
                    problems.append(
                        f"{name}:{line}: the method of {selector} forwards Forwarded.{member}, "
                        f"whose selector is {actual}"
                    )
            joined = re.sub(r'"\s*\+\s*"', "", body)
            for literal in re.findall(r'"(' + SELECTOR + r')"', joined):
                if literal != selector:
                    problems.append(
                        f"{name}:{line}: the method of {selector} forwards \"{literal}\""
                    )
    for member in sorted(set(members) - used):
        if member != "sceneWillConnect":
            problems.append(f"Forwarded.swift: {member} is forwarded by no method")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(
        f"check-forwarded-events: {len(problems)} problem(s); {len(members)} forwarded events, "
        f"{len(used)} used"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
