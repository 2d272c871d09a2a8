#!/usr/bin/env bash
# The browser playground (web/, `make web`): builds it, serves dist/web with
# python3 -m http.server, and drives it in headless Chromium with
# puppeteer-core (tests/web/drive.js): a console query against the native
# extension's answer, Kayles and a drawn cyclic graph played to the end, the
# boards and Wythoff played, screenshots in build-web/screenshots/.
# Skipped when emcc, chromium, node or npm is missing (.ci/run installs them);
# run in the plain suite only (the wasm build has no sanitizers).
cd "$(dirname "$0")/../.." || exit 1
PYTHON=${PYTHON:-python3}
. tests/lib.sh

PUPPETEER_CORE=24.43.1   # 24.x still runs on Node 18 and 20
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in emcc node npm "$CHROMIUM"; do
  if ! command -v "$tool" >/dev/null 2>&1; then echo "1..0 # SKIP $tool is not installed"; exit 0; fi
done
if [ -n "${CGT_SANITIZED:-}" ]; then echo "1..0 # SKIP the browser test runs in the plain suite"; exit 0; fi

if ! make -s web >&2; then echo "1..1"; echo "not ok 1 - make web builds the playground"; exit 1; fi
# puppeteer-core is installed once per machine, like SQLite's wasm object
# (see the Makefile), in the user's cache (${XDG_CACHE_HOME:-~/.cache}/cgt),
# under its pinned version, so a fresh clone does not install it again (5
# CPU-seconds); in build-web/ when that cache cannot be written.
node_dir=${XDG_CACHE_HOME:-$HOME/.cache}/cgt/puppeteer-core-$PUPPETEER_CORE
mkdir -p "$(dirname "$node_dir")" 2>/dev/null && [ -w "$(dirname "$node_dir")" ] || node_dir=build-web/puppeteer-core-$PUPPETEER_CORE
if [ ! -f "$node_dir/node_modules/puppeteer-core/package.json" ]; then
  part=$node_dir.part.$$
  rm -rf "$part" && mkdir -p "$part" && echo '{"private": true}' > "$part/package.json"
  if ! (cd "$part" && npm install --silent --no-audit --no-fund "puppeteer-core@$PUPPETEER_CORE") >&2 ||
     ! { mv -T "$part" "$node_dir" 2>/dev/null || [ -f "$node_dir/node_modules/puppeteer-core/package.json" ]; }; then
    rm -rf "$part"
    echo "1..1"; echo "not ok 1 - npm installs puppeteer-core@$PUPPETEER_CORE"; exit 1
  fi
  rm -rf "$part"
fi

# The native extension's answers, to compare with the page's.
query="SELECT n, grundy, heap_grundy('dawsons-chess', n), wythoff_grundy(n, n + 3), cg_board('domineering', substr('......', 1, n % 5 + 1) || '|' || substr('......', 1, n % 5 + 1)), cg_outcome(cg_board('toadsfrogs', substr('TTTT', 1, n % 3 + 1) || '..' || substr('FFF', 1, n % 2 + 1))) FROM heap_sequence('kayles', 12);"
native=$(sql "$DB" "$query")
mixed=$(sql "$DB" "SELECT nim_sum(heap_grundy('kayles', 6), heap_grundy('0.07', 7), heap_grundy('sub{1,3,4}', 9));")
graph=$(sql "$DB" ".read sql/cgt_schema.sql" \
  "INSERT INTO cgt_edge(graph_id, src, dst) VALUES (0, 1, 2), (0, 2, 1), (0, 2, 3), (0, 3, 4);" \
  "SELECT node, outcome FROM cgt_solve(0) ORDER BY node;")

example=$(sql "$DB" ".read sql/cgt_schema.sql" \
  "INSERT INTO cgt_edge(graph_id, src, dst) VALUES (0, 1, 2), (0, 2, 1), (0, 1, 1), (0, 2, 3), (0, 3, 4), (0, 4, 5), (0, 6, 1), (0, 6, 5), (0, 3, 6), (0, 7, 1), (0, 7, 4);" \
  "SELECT node, outcome FROM cgt_solve(0) ORDER BY node;")

domtemp=$(sql "$DB" "SELECT cg_temperature(cg_board('domineering', '....|....|....|....'));")

port=$($PYTHON -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
$PYTHON -m http.server --bind 127.0.0.1 --directory dist/web "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$TEST_DIR"' EXIT
for _ in $(seq 50); do
  $PYTHON -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
  sleep 0.1
done

mkdir -p build-web/screenshots
CGT_WEB_URL="http://127.0.0.1:$port/index.html" CGT_WEB_SHOTS=build-web/screenshots CHROMIUM="$CHROMIUM" \
CGT_WEB_QUERY="$query" CGT_WEB_NATIVE="$native" CGT_WEB_MIXED="$mixed" CGT_WEB_GRAPH="$graph" CGT_WEB_EXAMPLE="$example" CGT_WEB_DOMTEMP="$domtemp" \
NODE_PATH="$(cd "$node_dir" && pwd)/node_modules" node tests/web/drive.js
