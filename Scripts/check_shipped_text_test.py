"""Unit tests of check-shipped-text.py, on made-up files: each rule finds what is planted.

    python3 Scripts/check_shipped_text_test.py
"""

import importlib.util
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in Scripts/
spec = importlib.util.spec_from_file_location(
    "check_shipped_text", Path(__file__).with_name("check-shipped-text.py"))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

ISSUE = "iss" + "ue"  # so that this file plants nothing itself
HASH = "a1b2" + "c3d"
PUBLIC = {"Dispatcher", "Dispatcher/answer(to:params:fold:)", "HandlerTable/handlers"}


def run(files, public=None):
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            (Path(root) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(root) / path).write_text(text)
        return check.findings(Path(root), list(files), public)


class IssueNumberTests(unittest.TestCase):
    def test_a_planted_issue_number_is_found_in_a_document_and_in_code(self):
        found = run({"README.md": f"As {ISSUE} 12 asked.\n",
                     "Sources/A/B.swift": f"let a = 1\n// fixed in {ISSUE.title()}s #12\n"})
        self.assertEqual(len(found), 2)
        self.assertTrue(found[0].startswith("README.md:1: an issue number"))
        self.assertTrue(found[1].startswith("Sources/A/B.swift:2: an issue number"))

    def test_a_number_on_the_next_line_and_other_spellings_are_found(self):
        self.assertEqual(len(run({"BENCHMARKS.md": f"the target of {ISSUE}\n32, met\n"})), 1)
        self.assertEqual(len(run({"README.md": f"{ISSUE}-32 and {ISSUE} number 7\n"})), 2)

    def test_another_projects_bug_and_a_test_kits_issue_are_not_issue_numbers(self):
        self.assertEqual(run({"README.md": "crashed (swiftlang/swift#89577)\n",
                              "Tests/T.swift": f'{ISSUE.title()}.record("2 calls")\n'}), [])


class HashTests(unittest.TestCase):
    def test_a_planted_hash_in_a_code_comment_is_found(self):
        found = run({"Sources/A/B.swift": f"/// Measured at `{HASH}`.\nlet a = 1\n",
                     "Scripts/s.sh": f"# cost 725 before {HASH}\n"})
        self.assertEqual([f.split(":")[0] for f in found], ["Sources/A/B.swift", "Scripts/s.sh"])

    def test_a_hash_in_a_document_or_used_as_a_value_is_allowed(self):
        self.assertEqual(run({"BENCHMARKS.md": f"| now (`{HASH}`) |\n",
                              "Scripts/s.sh": f"# compiles {HASH}'s examples\nbase={HASH}\n"}), [])

    def test_words_numbers_and_masks_are_not_hashes(self):
        self.assertEqual(run({"Sources/A/B.swift": "// defaced 1000000 0x1f2e3d4c5b 0b11010\n"}), [])

    def test_a_hash_before_a_full_stop_in_a_block_comment_or_a_docstring_is_found(self):
        found = run({"Sources/A/B.swift": f"/* cost\n   measured at {HASH}. */\nlet a = 1\n",
                     "Scripts/p.py": f'"""Measured\nat {HASH}."""\nx = 1\n'})
        self.assertEqual([f.split(":")[:2] for f in found],
                         [["Sources/A/B.swift", "2"], ["Scripts/p.py", "2"]])

    def test_a_hash_in_a_string_is_not_a_comment(self):
        self.assertEqual(run({"Sources/A/B.swift": f'let u = "https://x.org/{HASH}"  // a link\n'}),
                         [])


class LinkTests(unittest.TestCase):
    def test_a_link_to_an_internal_symbol_is_found_and_public_ones_pass(self):
        found = run({"Sources/SelectorDispatch/B.swift":
                     "/// ``Dispatcher``, ``Dispatcher/answer(to:params:fold:)-(String,_,_)``\n"
                     "/// and ``run(_:params:fold:)-(Snapshot,_,_)``\n"
                     "let a = 1\n"}, PUBLIC)
        self.assertEqual(len(found), 1)
        self.assertIn("B.swift:2: ``run(_:params:fold:)-(Snapshot,_,_)`` links to no public symbol",
                      found[0])

    def test_a_relative_link_resolves_in_its_declarations_scope_only(self):
        found = run({"Sources/SelectorDispatch/B.swift":
                     "extension Dispatcher {\n"
                     "  /// Like ``answer(to:params:fold:)``.\n"
                     "  func wait() {}\n"
                     "\n"
                     "  struct Pending {\n"
                     "    /// Unlike ``handlers``, a member of `HandlerTable` too.\n"
                     "    let handlers: [Int]\n"
                     "  }\n"
                     "}\n"
                     "/// ``answer(to:params:fold:)`` outside its type.\n"
                     "let b = 2\n"}, PUBLIC)
        self.assertEqual([f.split(": ")[0] for f in found],
                         ["Sources/SelectorDispatch/B.swift:6", "Sources/SelectorDispatch/B.swift:10"])

    def test_links_are_not_read_without_symbol_graphs_or_outside_the_library(self):
        internal = "/// ``run(_:params:fold:)``\n"
        self.assertEqual(run({"Sources/SelectorDispatch/B.swift": internal}), [])
        self.assertEqual(run({"Sources/SelectorDispatchUIKit/B.swift": internal}, PUBLIC), [])


if __name__ == "__main__":
    unittest.main()
