"""Finds uses of Apple APIs newer than the package's declared minimums.

Run by Scripts/check-availability.sh, which builds the library products with
an index store first. Usage:

    check_availability.py PACKAGE_DIR INDEX_STORE GRAPH_CACHE MODULE...

1. The minimums come from `swift package dump-package` (Package.swift's
   `platforms:`), never from a second list here.
2. The index store (read through the toolchain's libIndexStore.so, C API in
   indexstore.h) gives every symbol each MODULE's sources reference: USR,
   file, line.
3. `swift-symbolgraph-extract` gives the toolchain modules those sources
   import, with the Apple availability they were declared with; a member
   without its own takes its enclosing type's or extension's.
4. A reference to a symbol introduced after a minimum, unavailable on an
   Apple platform, or obsoleted there, is printed as FILE:LINE. Inside the
   block of an `if #available(...)`, the minimums are the condition's.
   Exit 1 if there is any, 0 if none, 2 if the check itself could not run.
"""

import ctypes
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from ctypes import CFUNCTYPE, POINTER, byref, c_bool, c_char_p, c_size_t, c_uint, c_void_p

PLATFORMS = {  # dump-package name -> symbol-graph domain, in output order
    "ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
}

# False positives, keyed by USR. On Linux the index records the overload the
# compiler picked with no availability limit; on an Apple platform at the
# declared minimum it picks an older one. Each entry is explained in PLATFORMS.md.
ALLOWED = {
    # FixedWidthInteger.&* (wrapping multiply). Swift 6 declared it as a
    # protocol requirement with macOS 15 / iOS 18 availability; below that the
    # compiler uses the extension operator that has existed since Swift 4.
    "s:s17FixedWidthIntegerP2amoiyxx_xtFZ",
}

ROLE_DECLARATION, ROLE_DEFINITION, ROLE_REFERENCE = 1 << 0, 1 << 1, 1 << 2
DEPENDENCY_UNIT, DEPENDENCY_RECORD = 1, 2


def fail(message):
    print(f"check-availability: {message}", file=sys.stderr)
    sys.exit(2)


def output(*command):
    """A command's standard output; its failure is the check's (exit 2), not a finding."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def version(value):
    """A symbol-graph or dump-package version as a comparable tuple."""
    if isinstance(value, dict):
        return (value.get("major", 0), value.get("minor", 0), value.get("patch", 0))
    parts = [int(part) for part in value.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def spelled(numbers):
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers = numbers[:-1]
    return ".".join(str(number) for number in numbers)


def minimums(package_dir):
    dump = output("swift", "package", "--package-path", package_dir, "dump-package")
    declared = {PLATFORMS[p["platformName"]]: version(p["version"])
                for p in json.loads(dump).get("platforms", []) if p["platformName"] in PLATFORMS}
    if not declared:
        fail("Package.swift declares no Apple platforms: nothing to compare against")
    return declared


class IndexStore:
    """The few calls of libIndexStore's C API this check needs."""

    class Ref(ctypes.Structure):  # indexstore_string_ref_t
        _fields_ = [("data", c_void_p), ("length", c_size_t)]

    NameApplier = CFUNCTYPE(c_bool, c_void_p, Ref)
    PointerApplier = CFUNCTYPE(c_bool, c_void_p, c_void_p)

    def __init__(self, library, path):
        lib = self.lib = ctypes.CDLL(library)
        for name in ["unit_reader_get_module_name", "unit_dependency_get_name",
                     "unit_dependency_get_filepath", "symbol_get_usr", "symbol_get_name"]:
            function = getattr(lib, "indexstore_" + name)
            function.argtypes, function.restype = [c_void_p], self.Ref
        lib.indexstore_store_create.argtypes = [c_char_p, POINTER(c_void_p)]
        for name in ["unit_reader_create", "record_reader_create"]:
            getattr(lib, "indexstore_" + name).argtypes = [c_void_p, c_char_p, POINTER(c_void_p)]
        for name in ["store_create", "unit_reader_create", "record_reader_create"]:
            getattr(lib, "indexstore_" + name).restype = c_void_p
        lib.indexstore_store_units_apply_f.argtypes = [c_void_p, c_uint, c_void_p, self.NameApplier]
        lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [
            c_void_p, c_void_p, self.PointerApplier]
        lib.indexstore_record_reader_occurrences_apply_f.argtypes = [
            c_void_p, c_void_p, self.PointerApplier]
        lib.indexstore_unit_dependency_get_kind.argtypes = [c_void_p]
        lib.indexstore_occurrence_get_symbol.argtypes = [c_void_p]
        lib.indexstore_occurrence_get_symbol.restype = c_void_p
        lib.indexstore_occurrence_get_roles.argtypes = [c_void_p]
        lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
        lib.indexstore_occurrence_get_line_col.argtypes = [
            c_void_p, POINTER(c_uint), POINTER(c_uint)]
        lib.indexstore_error_get_description.argtypes = [c_void_p]
        lib.indexstore_error_get_description.restype = c_char_p
        self.store = self.checked(lib.indexstore_store_create, path.encode())
        self.declared = set()  # USRs the indexed sources declare themselves

    def checked(self, function, *arguments):
        error = c_void_p()
        result = function(*arguments, byref(error))
        if not result:
            reason = self.lib.indexstore_error_get_description(error) if error else b"unknown"
            fail(f"{function.__name__}: {reason.decode()}")
        return result

    @staticmethod
    def text(ref):
        return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

    def units(self):
        names = []
        applier = self.NameApplier(lambda _, name: names.append(self.text(name)) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, applier)
        return names

    def unit(self, name):
        """(module name, [(dependency kind, name, file path)]) of one unit."""
        lib, reader = self.lib, self.checked(self.lib.indexstore_unit_reader_create,
                                             self.store, name.encode())
        dependencies = []

        def add(_, dependency):
            dependencies.append((lib.indexstore_unit_dependency_get_kind(dependency),
                                 self.text(lib.indexstore_unit_dependency_get_name(dependency)),
                                 self.text(lib.indexstore_unit_dependency_get_filepath(dependency))))
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.PointerApplier(add))
        module = self.text(lib.indexstore_unit_reader_get_module_name(reader))
        lib.indexstore_unit_reader_dispose(c_void_p(reader))
        return module, dependencies

    def occurrences(self, record):
        """(USR, name, roles, line) of every occurrence in one record."""
        lib, found = self.lib, []
        reader = self.checked(lib.indexstore_record_reader_create, self.store, record.encode())

        def add(_, occurrence):
            roles = lib.indexstore_occurrence_get_roles(occurrence)
            symbol = c_void_p(lib.indexstore_occurrence_get_symbol(occurrence))
            line, column = c_uint(), c_uint()
            lib.indexstore_occurrence_get_line_col(occurrence, byref(line), byref(column))
            found.append((self.text(lib.indexstore_symbol_get_usr(symbol)),
                          self.text(lib.indexstore_symbol_get_name(symbol)), roles, line.value))
            return True

        lib.indexstore_record_reader_occurrences_apply_f(reader, None, self.PointerApplier(add))
        lib.indexstore_record_reader_dispose(c_void_p(reader))
        return found

    def references(self, record):
        """(USR, name, line) of each symbol reference in one record; notes declarations."""
        found = []
        for usr, name, roles, line in self.occurrences(record):
            if roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                self.declared.add(usr)
            elif roles & ROLE_REFERENCE:
                found.append((usr, name, line))
        return found


def uses(store, modules):
    """Every reference from the modules' sources, and the toolchain modules they import."""
    references, imported = set(), set()
    for unit in store.units():
        module, dependencies = store.unit(unit)
        if module not in modules:
            continue
        for kind, name, path in dependencies:
            if kind == DEPENDENCY_RECORD and os.path.exists(path):
                references.update((path, *use) for use in store.references(name))
            elif kind == DEPENDENCY_UNIT:
                imported.update(re.findall(r"/([A-Za-z_0-9]+)\.swiftmodule/", path))
    # Modules re-exported by an import name themselves in USRs: s:20FoundationEssentials4DataV.
    for usr in {reference[1] for reference in references}:
        if length := re.match(r"s:(\d+)", usr):
            imported.add(usr[length.end():length.end() + int(length.group(1))])
    return references, imported - set(modules)


def symbol_graphs(imported, cache):
    """Availability by USR (own, else inherited) for the imported modules' public symbols."""
    toolchain = output("swift", "-print-target-info")
    triple = json.loads(toolchain)["target"]["triple"]
    directory = os.path.join(cache, hashlib.sha256(toolchain.encode()).hexdigest()[:12])
    symbols, parents = {}, {}
    for module in sorted(imported):
        graphs = os.path.join(directory, module)
        if not os.path.isdir(graphs):
            shutil.rmtree(graphs + ".partial", ignore_errors=True)
            os.makedirs(graphs + ".partial")
            output("swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                   "-minimum-access-level", "public", "-output-dir", graphs + ".partial")
            os.rename(graphs + ".partial", graphs)
        for name in sorted(os.listdir(graphs)):
            with open(os.path.join(graphs, name)) as file:
                graph = json.load(file)
            for symbol in graph["symbols"]:
                symbols[symbol["identifier"]["precise"]] = (
                    ".".join(symbol["pathComponents"]), symbol.get("availability", []))
            for relation in graph["relationships"]:
                if relation["kind"] == "memberOf":
                    parents.setdefault(relation["source"], relation["target"])
    return symbols, parents


def declaration(usr, symbols):
    """The USR the symbol graphs use: a property's or subscript's for an accessor's."""
    if usr not in symbols:  # getter `...vg`, setter `...cis`, modify `...vM`, static `...vgZ`
        property = re.sub(r"([vi])[gsMrlawWixy](Z?)$", r"\1p\2", usr)
        if property in symbols:
            return property
    return usr


def problems(usr, symbols, parents, floor):
    """Why a symbol cannot be used at the minimums, as short phrases; [] if it can."""
    needs, other, seen = {}, [], set()
    while usr in symbols and usr not in seen:  # the symbol, then its enclosing types
        seen.add(usr)
        for entry in symbols[usr][1]:
            domain = entry.get("domain")
            if domain not in floor:
                continue
            if "introduced" in entry and version(entry["introduced"]) > floor[domain]:
                needs[domain] = max(needs.get(domain, (0,)), version(entry["introduced"]))
            if entry.get("isUnconditionallyUnavailable"):
                other.append(f"is unavailable on {domain}")
            if "obsoleted" in entry:
                other.append(f"is obsoleted in {domain} {spelled(version(entry['obsoleted']))}")
        usr = parents.get(usr)
    if needs:
        order = [domain for domain in PLATFORMS.values() if domain in needs]
        other.insert(0, "needs " + " / ".join(f"{d} {spelled(needs[d])}" for d in order)
                     + " (minimum " + " / ".join(f"{d} {spelled(floor[d])}" for d in order) + ")")
    return other


AVAILABLE = re.compile(r"\bif\s+#available\(([^)]*)\)")


def guarded(source, line, floor):
    """The minimums at 1-based `line` of Swift `source`, raised inside the blocks
    of the `if #available(...)` conditions that enclose it (an `else` block, a
    `guard #available` and a condition after a comma are not read: a use there
    is still reported)."""
    raised = dict(floor)
    offset = sum(len(text) + 1 for text in source.split("\n")[:line - 1])
    for match in AVAILABLE.finditer(source):
        start = source.find("{", match.end())
        if start < 0 or start > offset:
            continue
        depth, end = 0, start
        while end < len(source):
            depth += {"{": 1, "}": -1}.get(source[end], 0)
            if depth == 0:
                break
            end += 1
        if offset > end:
            continue
        for clause in match.group(1).split(","):
            parts = clause.split()
            if len(parts) == 2 and parts[0] in raised:
                raised[parts[0]] = max(raised[parts[0]], version(parts[1]))
    return raised


def main():
    package_dir, store_path, cache, *modules = sys.argv[1:]
    floor = minimums(package_dir)
    library = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift") or "")),
                           "..", "lib", "libIndexStore.so")
    if not os.path.exists(library):
        fail(f"no libIndexStore.so beside the toolchain ({library})")
    store = IndexStore(library, store_path)
    references, imported = uses(store, modules)
    if not references:
        fail(f"the index store at {store_path} has no references from {', '.join(modules)}")
    symbols, parents = symbol_graphs(imported, cache)
    root, findings, unknown, sources = os.path.realpath(package_dir), [], set(), {}
    for path, usr, name, line in sorted(references, key=lambda r: (r[0], r[3], r[2])):
        usr = declaration(usr, symbols)
        if usr not in symbols and usr not in store.declared and not usr.startswith("c:@M@"):
            unknown.add(name)  # C declarations and underscored stdlib internals
        if usr in ALLOWED:
            continue
        if path not in sources:
            with open(path, encoding="utf-8") as file:
                sources[path] = file.read()
        for problem in problems(usr, symbols, parents, guarded(sources[path], line, floor)):
            title = symbols[usr][0] if usr in symbols else name
            findings.append(f"{os.path.relpath(path, root)}:{line}: {title} {problem}")
    for finding in dict.fromkeys(findings):
        print(finding)
    sys.stdout.flush()
    checked = ", ".join(f"{d} {spelled(v)}" for d, v in floor.items())
    print(f"check-availability: {len(set(findings))} finding(s) in {len(references)} references"
          f" from {', '.join(modules)} against {checked}; {len(unknown)} referenced names have"
          f" no symbol-graph entry and were not checked: {', '.join(sorted(unknown))}",
          file=sys.stderr)
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError) as error:  # a broken store, graph or dump: exit 2
        fail(f"{type(error).__name__}: {error}")
