"""What the package tests (tests/packages/) share: the version, running a
command, and the checks of a library cgt ships in a package: an ELF64
x86-64 shared object; no libsqlite3 among its needed libraries (SQLite hands
the extension its API); no instruction past the x86-64 baseline (nothing
built with -march=native: no AVX registers, no BMI, POPCNT or LZCNT).
(TZCNT is allowed: GCC writes __builtin_ctz as REP BSF, which objdump
names tzcnt and which a CPU without BMI runs as BSF.)  POPCNT is allowed
only in the functions GCC clones for it (target_clones: a name ending in
.popcnt), which the loader picks on CPUs that have it."""
import os
import re
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
with open(os.path.join(ROOT, "ext", "sqlite", "binding.h"), encoding="utf-8") as f:
    VERSION = next(line.split('"')[1] for line in f if line.startswith("#define CGT_VERSION"))


def run(args, **kw):
    """Runs args; (ok, the end of its output)."""
    p = subprocess.run(args, capture_output=True, text=True, **kw)
    return p.returncode == 0, (p.stdout + p.stderr)[-3000:]

BEYOND_BASELINE = re.compile(r"%[xyz]mm(1[6-9]|2\d|3[01])\b|%[yz]mm\d|\b(popcnt|lzcnt|andn|bextr|blsi|blsmsk|"
                             r"blsr|bzhi|pdep|pext|rorx|sarx|shlx|shrx|vfmadd\w*|crc32\w*|movbe)\b")


def check_library(path):
    """[(name, good, why)] for the library at path."""
    out = []
    head = subprocess.run(["readelf", "-h", path], capture_output=True, text=True).stdout
    out.append(("ELF64, x86-64, a shared object", "ELF64" in head and "X86-64" in head and "DYN" in head, head))
    dyn = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^]]+)\]", dyn)
    out.append(("no libsqlite3 among its needed libraries (%s)" % ", ".join(needed),
                bool(dyn) and not any("sqlite" in n for n in needed), dyn))
    code = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True).stdout
    found = set()
    for function in re.split(r"\n(?=[0-9a-f]+ <)", code):
        cloned = re.match(r"[0-9a-f]+ <[^>]*\.popcnt>:", function) is not None
        body = re.sub(r"<[^>]*>", "", function)   # (no symbol names: the resolvers name the clones)
        found |= {m.group(0) for m in BEYOND_BASELINE.finditer(body) if not (cloned and m.group(0) == "popcnt")}
    found = sorted(found)
    out.append(("no instruction past the x86-64 baseline", bool(code) and not found, " ".join(found[:20])))
    return out
