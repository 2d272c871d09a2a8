#!/usr/bin/python3
# The source tree keeps the shape docs/internals.md describes ("Source
# layout"):
#   - every source lies in ext/core/ (what every family's core shares),
#     ext/sqlite/ (what every family's binding shares), a family's folder
#     (ext/graph, ext/heap, ext/nimk, ext/partizan, ext/boards), or is
#     ext/cgt.c, the entry point;
#   - in a family's folder the SQLite binding files are named fn_*, vt_* or
#     after the family (graph_*, heap_*, nimk_*, partizan_*, board_*: the
#     folder's name, or without a final s, as the Makefile tells them); every
#     other file is the plain C core, which includes no SQLite header, not
#     even through the headers it includes, and no binding header;
#   - ext/core/ includes nothing outside itself, and ext/sqlite/ names no
#     family (it includes only ext/core/ and itself);
#   - no circle of includes or calls between modules (a .c with its .h):
#     the includes are read from the sources, the calls from the symbols
#     each object of the plain build (build/) defines and uses.
# It prints the counts the layout issue asked for: files, folders, modules,
# dependencies between modules, and those that cross folders.
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pytap import Tap  # noqa: E402

t = Tap()
# Every folder of ext/ but core/ and sqlite/ is a family's (so does the Makefile).
FAMILIES = sorted(d for d in os.listdir("ext") if os.path.isdir(os.path.join("ext", d)) and d not in ("core", "sqlite"))
t.ok(set(FAMILIES) >= {"graph", "heap", "nimk", "partizan", "boards"}, "the families' folders", "%s" % FAMILIES)
SQLITE_HEADERS = {"sqlite3.h", "sqlite3ext.h"}

files = []
for d, _, names in os.walk("ext"):
    files += [os.path.join(d, n) for n in names if n.endswith((".c", ".h"))]
files.sort()
t.ok(len(files) > 50, "the tree holds the sources", "found %d" % len(files))


def folder(path):
    return os.path.dirname(path)


def family(path):
    parts = path.split(os.sep)
    return parts[1] if len(parts) == 3 and parts[1] in FAMILIES else None


def prefixes(fam):
    return ("fn_", "vt_", fam + "_", (fam[:-1] if fam.endswith("s") else fam) + "_")


def is_binding(path):
    fam, name = family(path), os.path.basename(path)
    if path == os.path.join("ext", "cgt.c") or folder(path) == os.path.join("ext", "sqlite"):
        return True
    if fam is None:
        return False
    return name.startswith(prefixes(fam))


misplaced = [f for f in files if f != os.path.join("ext", "cgt.c") and family(f) is None
             and folder(f) not in (os.path.join("ext", "core"), os.path.join("ext", "sqlite"))]
t.ok(not misplaced, "every source is in core/, sqlite/ or a family's folder", "misplaced: %s" % misplaced)

# Includes: "x.h" resolved against the including file, <x.h> kept as a name.
local, system = {}, {}
for f in files:
    text = open(f, encoding="utf-8").read()
    local[f] = set()
    for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        target = os.path.normpath(os.path.join(folder(f), inc))
        if target in files:
            local[f].add(target)
    system[f] = set(re.findall(r"^\s*#\s*include\s+<([^>]+)>", text, re.M))
t.ok(all(os.path.normpath(os.path.join(folder(f), i)) in files
         for f in files
         for i in re.findall(r'^\s*#\s*include\s+"([^"]+)"', open(f, encoding="utf-8").read(), re.M)),
     "every quoted include names a file of the tree")


def closure(f):
    seen, todo = set(), [f]
    while todo:
        g = todo.pop()
        for h in local[g]:
            if h not in seen:
                seen.add(h)
                todo.append(h)
    return seen


core = [f for f in files if not is_binding(f)]
bad = []
for f in core:
    reach = closure(f) | {f}
    sqlite = sorted(h for g in reach for h in system[g] if h in SQLITE_HEADERS)
    binding = sorted(g for g in reach if is_binding(g))
    if sqlite or binding:
        bad.append("%s reaches %s" % (f, ", ".join(sqlite + binding)))
t.ok(len(core) > 40 and not bad, "no core file includes a SQLite header or a binding header (%d core files)" % len(core),
     "\n".join(bad))
unnamed = [f for f in files if family(f) and not is_binding(f)
           and any(h in SQLITE_HEADERS for g in closure(f) | {f} for h in system[g])]
t.ok(not unnamed, "every family file that reaches SQLite is named as a binding file", "%s" % unnamed)

outside = [(f, g) for f in files if folder(f) == os.path.join("ext", "core") for g in local[f]
           if folder(g) != folder(f)]
t.ok(not outside, "ext/core/ includes only ext/core/", "%s" % outside)
knows = [(f, g) for f in files if folder(f) == os.path.join("ext", "sqlite") for g in local[f]
         if folder(g) not in (os.path.join("ext", "sqlite"), os.path.join("ext", "core"))]
t.ok(not knows, "ext/sqlite/ names no family", "%s" % knows)
registers = []
for f in files:
    if folder(f) == os.path.join("ext", "sqlite"):
        text = open(f, encoding="utf-8").read()
        named = sorted(fam for fam in FAMILIES if re.search(r"\bcgt_%s_family\b" % prefixes(fam)[3][:-1], text))
        if named:
            registers.append((f, named))
t.ok(not registers, "no file of ext/sqlite/ refers to a family's registration", "%s" % registers)

# Modules and their dependencies: includes, and calls read from the objects.
def module(path):
    return path[:-2]


modules = sorted({module(f) for f in files})
deps = {m: set() for m in modules}
for f in files:
    for g in local[f]:
        if module(g) != module(f):
            deps[module(f)].add(module(g))
defined, used = {}, {}
missing = []
for f in files:
    if not f.endswith(".c"):
        continue
    obj = os.path.join("build", os.path.relpath(f, "ext")[:-2] + ".o")
    if not os.path.exists(obj):
        missing.append(obj)
        continue
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBR":
            defined[parts[2]] = module(f)
        elif len(parts) == 2 and parts[0] == "U":
            used.setdefault(module(f), set()).add(parts[1])
t.ok(not missing, "every source has its object in build/ (make dist/cgt.so)", "missing: %s" % missing[:5])
# The Makefile's archive of the core, which the unit tests link without
# SQLite, holds the core's objects and no binding file's.
archive = os.path.join("build", "libcgtcore.a")
if os.path.exists(archive):
    members = sorted(subprocess.run(["ar", "t", archive], capture_output=True, text=True, check=True).stdout.split())
    want = sorted(os.path.basename(f)[:-2] + ".o" for f in core if f.endswith(".c"))
    t.ok(members == want, "build/libcgtcore.a holds the core's objects, no binding file's",
         "extra: %s; missing: %s" % (sorted(set(members) - set(want)), sorted(set(want) - set(members))))
calls = 0
for m, symbols in used.items():
    for sym in symbols:
        if sym in defined and defined[sym] != m:
            deps[m].add(defined[sym])
            calls += 1
t.ok(calls > 100, "the objects' symbols give the calls between modules", "%d found" % calls)

# Strongly connected components (Tarjan, iterative).
index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
for root in modules:
    if root in index:
        continue
    work = [(root, iter(sorted(deps[root])))]
    index[root] = low[root] = counter[0]
    counter[0] += 1
    stack.append(root)
    on.add(root)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = counter[0]
                counter[0] += 1
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(deps[w]))))
            elif w in on:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)
circles = [sorted(c) for c in comps if len(c) > 1]
t.ok(not circles, "no circle of includes or calls between modules", "circles: %s" % circles)

edges = sum(len(v) for v in deps.values())
cross = sum(1 for m in deps for d in deps[m] if folder(m) != folder(d))
folders = sorted({folder(f) for f in files})
print("# %d files in %d folders, %d modules, %d dependencies between modules, %d across folders"
      % (len(files), len(folders), len(modules), edges, cross))
t.done()
