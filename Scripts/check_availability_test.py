"""Unit tests of check_availability.py's availability rules, on made-up symbol graphs.

    python3 Scripts/check_availability_test.py
"""

import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in Scripts/
from check_availability import ALLOWED, declaration, guarded, problems  # noqa: E402

FLOOR = {"iOS": (16, 0, 0), "macOS": (13, 0, 0)}


def introduced(domain, major):
    return {"domain": domain, "introduced": {"major": major, "minor": 0}}


SYMBOLS = {
    "old": ("Old", [introduced("iOS", 13), introduced("macOS", 10)]),
    "new": ("New", [introduced("iOS", 18), introduced("macOS", 15)]),
    "new.member": ("New.member", []),
    "old.newMember": ("Old.newMember", [introduced("iOS", 17)]),
    "s:S5countSivp": ("S.count", [introduced("macOS", 14)]),
    "gone": ("Gone", [{"domain": "iOS", "isUnconditionallyUnavailable": True}]),
    "obsolete": ("Obsolete", [{"domain": "macOS", "deprecated": {"major": 10},
                               "obsoleted": {"major": 12}}]),
    "linuxOnly": ("LinuxOnly", [{"domain": "*", "isUnconditionallyUnavailable": True}]),
}
PARENTS = {"new.member": "new", "old.newMember": "old"}


class ProblemsTests(unittest.TestCase):
    def check(self, usr):
        return problems(usr, SYMBOLS, PARENTS, FLOOR)

    def test_symbols_at_or_below_the_minimums_pass(self):
        self.assertEqual(self.check("old"), [])
        self.assertEqual(self.check("unknown"), [])
        self.assertEqual(self.check("linuxOnly"), [])  # the Linux compiler already refuses it

    def test_newer_symbol_names_each_platform_and_minimum(self):
        self.assertEqual(self.check("new"),
                         ["needs iOS 18 / macOS 15 (minimum iOS 16 / macOS 13)"])

    def test_member_without_availability_inherits_its_types(self):
        self.assertEqual(self.check("new.member"),
                         ["needs iOS 18 / macOS 15 (minimum iOS 16 / macOS 13)"])

    def test_own_availability_newer_than_the_types_counts(self):
        self.assertEqual(self.check("old.newMember"), ["needs iOS 17 (minimum iOS 16)"])

    def test_unavailable_and_obsoleted_are_reported(self):
        self.assertEqual(self.check("gone"), ["is unavailable on iOS"])
        self.assertEqual(self.check("obsolete"), ["is obsoleted in macOS 12"])

    def test_accessors_are_looked_up_as_their_property(self):
        self.assertEqual(declaration("s:S5countSivg", SYMBOLS), "s:S5countSivp")
        self.assertEqual(declaration("s:S5countSivs", SYMBOLS), "s:S5countSivp")
        self.assertEqual(declaration("s:Other5countSivg", SYMBOLS), "s:Other5countSivg")

    def test_allowlist_is_keyed_by_usr(self):
        self.assertTrue(all(usr.startswith("s:") for usr in ALLOWED))



GUARDED = """func f() {
  if #available(macOS 26, iOS 26.1, *) {
    useNew()
  }
  useNew()
  if #available(iOS 26, *) {
    if x { useNew() }
  } else {
    useNew()
  }
}
"""


class GuardedTests(unittest.TestCase):
    def test_inside_an_if_available_block_the_minimums_are_the_conditions(self):
        self.assertEqual(guarded(GUARDED, 3, FLOOR), {"iOS": (26, 1, 0), "macOS": (26, 0, 0)})

    def test_outside_it_they_are_the_packages(self):
        self.assertEqual(guarded(GUARDED, 5, FLOOR), FLOOR)
        self.assertEqual(guarded(GUARDED, 1, FLOOR), FLOOR)

    def test_a_platform_the_condition_does_not_name_keeps_its_minimum(self):
        self.assertEqual(guarded(GUARDED, 7, FLOOR), {"iOS": (26, 0, 0), "macOS": (13, 0, 0)})

    def test_an_else_block_keeps_the_packages(self):
        self.assertEqual(guarded(GUARDED, 9, FLOOR), FLOOR)

    def test_a_guarded_use_of_a_newer_symbol_passes_and_an_unguarded_one_does_not(self):
        self.assertEqual(problems("new", SYMBOLS, PARENTS, guarded(GUARDED, 3, FLOOR)), [])
        self.assertNotEqual(problems("new", SYMBOLS, PARENTS, guarded(GUARDED, 5, FLOOR)), [])


if __name__ == "__main__":
    unittest.main()
