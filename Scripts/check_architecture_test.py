"""Unit tests of check_architecture.py's cycle rule, on made-up tables.

    python3 Scripts/check_architecture_test.py
"""

import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in Scripts/
from check_architecture import cycle  # noqa: E402


def table(**uses):
    """A table as documented() reads it: {folder: (used folders, Foundation importers)}."""
    return {f"{folder}/": ({f"{used}/" for used in used_list}, set())
            for folder, used_list in uses.items()}


class CycleTests(unittest.TestCase):
    def test_a_table_that_depends_one_way_has_no_cycle(self):
        self.assertIsNone(cycle(table(Basics=[], Folding=["Basics"], Dispatcher=["Basics", "Folding"],
                                      Dispatching=["Basics", "Dispatcher", "Folding"])))

    def test_two_folders_that_use_each_other_are_a_cycle(self):
        self.assertEqual(cycle(table(Basics=["Dispatcher"], Dispatcher=["Basics"])),
                         ["Basics/", "Dispatcher/", "Basics/"])

    def test_a_longer_cycle_is_named_whole(self):
        found = cycle(table(A=["B"], B=["C"], C=["A"], D=["A"]))
        self.assertEqual(found, ["A/", "B/", "C/", "A/"])

    def test_a_use_of_a_folder_without_a_row_is_not_a_cycle(self):
        self.assertIsNone(cycle(table(A=["B"])))


if __name__ == "__main__":
    unittest.main()
