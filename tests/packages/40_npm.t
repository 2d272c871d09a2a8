#!/usr/bin/python3
"""The npm package sqlite-cgt (docs/packages.md), tested as a user installs
it: `make npm` packs dist/sqlite-cgt-VERSION.tgz; it is installed offline
into a fresh project, beside better-sqlite3 (built from source once per
machine, pinned below, in ~/.cache/cgt), and loaded and queried from
CommonJS and from an ES module; its version is cgt_version(); an
unsupported platform is an error naming it; node:sqlite where this Node has
it (skipped with the reason where not); readelf checks of the library it
ships.  Plain suite only."""
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from pytap import Tap  # noqa: E402
from shipped import VERSION, check_library, run  # noqa: E402

BETTER_SQLITE3 = "12.4.1"   # the 12.x line builds on Node 18 and 20 (13.x needs 22)
if os.environ.get("CGT_SANITIZED"):
    print("1..0 # SKIP the packages are tested in the plain suite")
    sys.exit(0)
for tool in ("node", "npm"):
    if not shutil.which(tool):
        print("1..0 # SKIP %s is not installed (.ci/run installs it)" % tool)
        sys.exit(0)

t = Tap()

ok, out = run(["make", "-s", "-C", ROOT, "npm"])
t.ok(ok, "make npm packs the package offline", out)
tgz = os.path.join(ROOT, "dist", "sqlite-cgt-%s.tgz" % VERSION)
tmp = tempfile.mkdtemp(prefix="cgt-npm-")
with tarfile.open(tgz) as tar:
    names = sorted(tar.getnames())
    tar.extract("package/lib/linux-x64/cgt.so", tmp)
t.is_(names, ["package/LICENSE", "package/README.md", "package/index.cjs", "package/index.d.ts", "package/index.mjs",
              "package/lib/linux-x64/cgt.so", "package/package.json"],
      "the tarball: entry points for CommonJS and ES modules, types, the library for linux-x64")
for name, good, why in check_library(os.path.join(tmp, "package", "lib", "linux-x64", "cgt.so")):
    t.ok(good, "the tarball's library: " + name, why)

# better-sqlite3, built from source once per machine (its prebuilt binaries
# come from elsewhere; Debian's Node headers in /usr/include/node).
cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cgt")
try:
    os.makedirs(cache, exist_ok=True)
except OSError:
    cache = os.path.join(ROOT, "build")
better = os.path.join(cache, "better-sqlite3-" + BETTER_SQLITE3)
if not os.path.exists(os.path.join(better, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node")):
    part = "%s.part.%d" % (better, os.getpid())
    os.makedirs(part)
    with open(os.path.join(part, "package.json"), "w") as f:
        f.write('{"private": true}\n')
    env = dict(os.environ, npm_config_build_from_source="true")
    if os.path.exists("/usr/include/node/node_version.h"):
        env["npm_config_nodedir"] = "/usr"
    ok, out = run(["npm", "install", "--no-audit", "--no-fund", "better-sqlite3@" + BETTER_SQLITE3], cwd=part, env=env)
    if ok:
        try:
            os.rename(part, better)
        except OSError:   # (another run made it meanwhile)
            pass
    shutil.rmtree(part, ignore_errors=True)
    t.ok(ok, "npm builds better-sqlite3@%s from source" % BETTER_SQLITE3, out)
BETTER = os.path.join(better, "node_modules", "better-sqlite3")

# A fresh project that installs the tarball offline.
app = os.path.join(tmp, "app")
os.makedirs(app)
with open(os.path.join(app, "package.json"), "w") as f:
    f.write('{"private": true}\n')
ok, out = run(["npm", "install", "--offline", "--no-audit", "--no-fund", tgz], cwd=app)
t.ok(ok, "npm installs the tarball into a fresh project, offline", out)
with open(os.path.join(app, "node_modules", "sqlite-cgt", "package.json")) as f:
    t.is_(json.load(f)["version"], VERSION, "the package's version is cgt_version()'s")

QUERIES = """
const one = (sql) => db.prepare(sql).pluck().get();
db.exec("CREATE TABLE cgt_edge(graph_id, src, dst, side)");
const add = db.prepare("INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, ?, ?)");
for (const [a, b] of [["a", "b"], ["b", "c"], ["c", "a"], ["b", "d"]]) add.run(a, b);
console.log(one("SELECT group_concat(node || '=' || outcome, ' ') FROM (SELECT * FROM cgt_solve(1) ORDER BY node)"));
console.log(one("SELECT heap_grundy('kayles', 15)"), one("SELECT cg_add('{1|0}', '^')"), one("SELECT cgt_version()"));
console.log(cgt.getLoadablePath().endsWith("/node_modules/sqlite-cgt/lib/linux-x64/cgt.so"));
"""
WANT = "a=P b=N c=N d=P\n7 {1^|^} %s\ntrue\n" % VERSION
cjs = "const Database = require(%s);\nconst cgt = require('sqlite-cgt');\nconst db = new Database(':memory:');\n" \
      "cgt.load(db);\n%s" % (json.dumps(BETTER), QUERIES)
ok, out = run(["node", "-e", cjs], cwd=app)
t.ok(ok and out == WANT, "CommonJS: require('sqlite-cgt'), load(db) into better-sqlite3; a graph, a heap game, a "
     "partizan value", out)
esm = os.path.join(app, "main.mjs")
with open(esm, "w") as f:
    f.write("import { createRequire } from 'node:module';\nimport * as cgt from 'sqlite-cgt';\nimport whole from "
            "'sqlite-cgt';\nconst Database = createRequire(import.meta.url)(%s);\nconst db = new Database(':memory:');"
            "\nwhole.load(db);\n%s" % (json.dumps(BETTER), QUERIES))
ok, out = run(["node", esm], cwd=app)
t.ok(ok and out == WANT, "ES module: import from 'sqlite-cgt' (named and default exports)", out)
with open(os.path.join(app, "node_modules", "sqlite-cgt", "index.d.ts")) as f:
    types = f.read()
ok, out = run(["node", "-e", "const c = require('sqlite-cgt'); console.log(c.default === c, typeof c.load)"], cwd=app)
t.ok("export function getLoadablePath(): string;" in types and "export function load(db: ExtensionLoader): void;" in types
     and "export default cgt;" in types and out == "true function\n",
     "type declarations for both functions and the default export, which CommonJS has too", out)
ok, out = run(["node", "-e", "Object.defineProperty(process, 'platform', {value: 'darwin'});\n"
               "try { require('sqlite-cgt').getLoadablePath(); } catch (e) { console.log(e.message); }"], cwd=app)
t.ok(ok and "no library for darwin-x64" in out and "linux-x64" in out, "another platform: an error naming it", out)
ok, out = run(["node", "-e", "try { require('sqlite-cgt').load({}); } catch (e) { console.log(e.message); }"], cwd=app)
t.ok(ok and "takes a better-sqlite3 Database or a node:sqlite DatabaseSync" in out, "load() of something else: a clear "
     "error", out)

# node:sqlite's protocol, by a stand-in where this Node lacks the module:
# loading enabled for the load only (also when it fails), and the hint when
# the database was opened without allowExtension.
mock = """const cgt = require('sqlite-cgt'); const log = [];
const db = { enableLoadExtension(on) { log.push('enable ' + on); },
             loadExtension(p) { log.push('load ' + p.endsWith('/lib/linux-x64/cgt.so')); throw new Error('boom'); } };
try { cgt.load(db); } catch (e) { log.push(e.message); }
const closed = { enableLoadExtension() { throw new Error('Cannot enable extension loading because it was disabled'); },
                 loadExtension() { log.push('loaded anyway'); } };
try { cgt.load(closed); } catch (e) { log.push(e.message); }
console.log(log.join('\\n'));"""
ok, out = run(["node", "-e", mock], cwd=app)
t.ok(ok and out.startswith("enable true\nload true\nenable false\nboom\nsqlite-cgt: this node:sqlite database does not "
                           "allow extensions; open it with new DatabaseSync(path, { allowExtension: true })")
     and "loaded anyway" not in out,
     "node:sqlite's protocol (a stand-in): enabled for the load only, disabled after a failure; a hint without "
     "allowExtension", out)

has_sqlite, _ = run(["node", "-e", "require('node:sqlite')"])
if not has_sqlite:
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    t.ok(True, "# SKIP node:sqlite: Node %s does not have it (22.13 and later do)" % node)
else:
    script = ("const { DatabaseSync } = require('node:sqlite');\nconst cgt = require('sqlite-cgt');\n"
              "const db = new DatabaseSync(':memory:', { allowExtension: true });\ncgt.load(db);\n"
              "console.log(db.prepare(\"SELECT heap_grundy('kayles', 15) AS g\").get().g);\n"
              "try { cgt.load(new DatabaseSync(':memory:')); } catch (e) { console.log(e.message); }")
    ok, out = run(["node", "-e", script], cwd=app)
    t.ok(ok and out.startswith("7\n") and "allowExtension: true" in out,
         "node:sqlite: load(db) with allowExtension, and a hint without it", out)
shutil.rmtree(tmp, ignore_errors=True)
t.done()
