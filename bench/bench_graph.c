/*
** bench_graph: how fast cgt solves a stored graph, next to a plain read of
** the same edges.
**
** For random graphs of 10^5, 10^6 and 4*10^6 edges (node count edges/4,
** integer node ids, side NULL), each acyclic (every move goes to a lower
** node) and cyclic (uniform random src and dst), it times:
**
**   scan     SELECT sum(src+dst) FROM cgt_edge WHERE graph_id = ?, once
**            through the covering index and once NOT INDEXED; the faster
**            is reported (the "via" column says which).  After one warm-up.
**   solve    SELECT count(*), sum(outcome = 'N'), sum(remoteness)
**            FROM cgt_solve(?): read the graph, then outcome, misere and
**            grundy of every node.
**   per-row  SELECT sum(outcome(?1, node) = 'N') FROM bench_nodes
**            WHERE graph_id = ?1: one call per node (the first reads and
**            solves the graph, the others look the node up).
**
** Each number is the best of 3 runs, in milliseconds of CLOCK_MONOTONIC.
** Every run uses a fresh connection (open, load the extension, prepare: not
** timed), so no run profits from the connection cache of an earlier one and
** all read pages through the OS cache alike.  Only sqlite3_step() is timed.
**
** Reading the output: solve/scan is what solving costs over merely reading
** the edges; per-row/solve is what asking node by node costs over one
** cgt_solve.  The targets, at 10^6 edges, are solve/scan <= 1.5 and
** per-row/solve <= 1.3; a ratio above its target is marked "<".  The check
** column says whether the results agree (scan sum with the generator's,
** per-row count of N with cgt_solve's).  The program exits 0 unless
** something fails outright: benchmarks report, they do not judge.
**
** Each graph lives in its own database file, BENCH_DIR/graph-E-KIND.db
** (BENCH_DIR defaults to "build"), built once with the schema of
** sql/cgt_schema.sql and kept: a bench_meta row records how it was made,
** and a file whose row differs (other schema, generator version) is built
** again.  cgt_node holds the isolated nodes (in no edge), which bench_nodes
** lists too: cgt knows a node only from its edges or cgt_node, and asking
** outcome() of one in neither is an error.  Random duplicate edges are kept
** as rows; cgt counts them once.
**
** Usage: bench_graph [--quick] [EXTENSION]
**   EXTENSION  path of the extension without suffix; else $CGT_EXT; else
**              ../dist/cgt (right when run from bench/).
**   --quick or BENCH_QUICK=1: only the 10^5-edge graphs.
**   CGT_SCHEMA: the schema file, default ../sql/cgt_schema.sql.
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define GEN_VERSION 2                 /* bump when the generator changes */
#define SEED 0x9E3779B97F4A7C15ull
#define TRIALS 3
#define TARGET_SOLVE_SCAN 1.5
#define TARGET_ROW_SOLVE 1.3

typedef struct spec {
  long edges;
  int cyclic;
} spec;

static const spec SPECS[] = {{100000, 0}, {100000, 1}, {1000000, 0}, {1000000, 1}, {4000000, 0}, {4000000, 1}};

static const char *ext_path, *dir, *schema_sql;

static void die(const char *what, sqlite3 *db) {
  fprintf(stderr, "bench_graph: %s: %s\n", what, db ? sqlite3_errmsg(db) : "failed");
  exit(1);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* xorshift64*: a fixed seed makes every run build the same graphs. */
static uint64_t rng_state;
static uint64_t rng(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1Dull;
}
static uint32_t below(uint32_t n) { return (uint32_t)((rng() >> 32) * n >> 32); }

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(1); }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) { perror(path); exit(1); }
  s[n] = 0;
  fclose(f);
  return s;
}

static void exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_graph: %s\n  in: %.200s\n", err, sql);
    exit(1);
  }
}

/* The meta row expected in a graph's file; the schema text is part of it. */
static const char META_SQL[] =
    "SELECT count(*) FROM bench_meta WHERE edges = ?1 AND cyclic = ?2 AND nodes = ?3 "
    "AND version = ?4 AND schema = ?5 AND edge_sum = ?6";

/* 1 when path holds the graph s as this program would build it. */
static int graph_ok(const char *path, const spec *s, long nodes, sqlite3_int64 *edge_sum) {
  sqlite3 *db;
  int ok = 0;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT edge_sum FROM bench_meta", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
      *edge_sum = sqlite3_column_int64(st, 0);
      sqlite3_finalize(st);
      if (sqlite3_prepare_v2(db, META_SQL, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, s->edges);
        sqlite3_bind_int(st, 2, s->cyclic);
        sqlite3_bind_int64(st, 3, nodes);
        sqlite3_bind_int(st, 4, GEN_VERSION);
        sqlite3_bind_text(st, 5, schema_sql, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 6, *edge_sum);
        ok = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) == 1;
      }
    }
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return ok;
}

/* Builds graph s (graph_id 1) into path: written to path.tmp in one
** transaction, then renamed, so a half-built file is never reused. */
static void build_graph(const char *path, const spec *s, long nodes, sqlite3_int64 *edge_sum) {
  double t0 = now_ms();
  fprintf(stderr, "building %s ...", path);
  fflush(stderr);
  /* Random edges, sorted so that table and index are filled in order. */
  uint64_t *e = malloc((size_t)s->edges * sizeof *e);
  if (!e) die("out of memory", NULL);
  rng_state = SEED ^ ((uint64_t)s->edges << 1 | (uint64_t)s->cyclic);
  *edge_sum = 0;
  for (long i = 0; i < s->edges; i++) {
    uint32_t src, dst;
    if (s->cyclic) {
      src = below((uint32_t)nodes);
      dst = below((uint32_t)nodes);
    } else {
      src = 1 + below((uint32_t)nodes - 1);   /* src in [1, nodes), dst in [0, src) */
      dst = below(src);
    }
    e[i] = (uint64_t)src << 32 | dst;
    *edge_sum += (sqlite3_int64)src + dst;
  }
  qsort(e, (size_t)s->edges, sizeof *e, cmp_u64);

  char *tmp = sqlite3_mprintf("%s.tmp", path);
  remove(tmp);
  sqlite3 *db;
  if (sqlite3_open(tmp, &db) != SQLITE_OK) die(tmp, db);
  exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
  exec(db, schema_sql);
  exec(db, "CREATE TABLE bench_nodes(graph_id, node);"
           "CREATE TABLE bench_meta(edges, cyclic, nodes, version, schema, edge_sum);"
           "BEGIN");
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, "INSERT INTO cgt_edge(graph_id, src, dst, side) VALUES (1, ?1, ?2, NULL)", -1, &st,
                         NULL) != SQLITE_OK)
    die("prepare insert", db);
  for (long i = 0; i < s->edges; i++) {
    sqlite3_bind_int64(st, 1, (sqlite3_int64)(e[i] >> 32));
    sqlite3_bind_int64(st, 2, (sqlite3_int64)(e[i] & 0xFFFFFFFFu));
    if (sqlite3_step(st) != SQLITE_DONE) die("insert edge", db);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  free(e);
  if (sqlite3_prepare_v2(db, "INSERT INTO bench_nodes VALUES (1, ?1)", -1, &st, NULL) != SQLITE_OK)
    die("prepare insert", db);
  for (long u = 0; u < nodes; u++) {
    sqlite3_bind_int64(st, 1, u);
    if (sqlite3_step(st) != SQLITE_DONE) die("insert node", db);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  exec(db, "INSERT INTO cgt_node(graph_id, node) SELECT 1, node FROM bench_nodes "
           "WHERE node NOT IN (SELECT src FROM cgt_edge) AND node NOT IN (SELECT dst FROM cgt_edge)");
  if (sqlite3_prepare_v2(db, "INSERT INTO bench_meta VALUES (?1, ?2, ?3, ?4, ?5, ?6)", -1, &st, NULL) != SQLITE_OK)
    die("prepare insert", db);
  sqlite3_bind_int64(st, 1, s->edges);
  sqlite3_bind_int(st, 2, s->cyclic);
  sqlite3_bind_int64(st, 3, nodes);
  sqlite3_bind_int(st, 4, GEN_VERSION);
  sqlite3_bind_text(st, 5, schema_sql, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 6, *edge_sum);
  if (sqlite3_step(st) != SQLITE_DONE) die("insert meta", db);
  sqlite3_finalize(st);
  exec(db, "COMMIT");
  if (sqlite3_close(db) != SQLITE_OK) die("close", db);
  if (rename(tmp, path) != 0) { perror(path); exit(1); }
  sqlite3_free(tmp);
  fprintf(stderr, " %.1f s\n", (now_ms() - t0) / 1e3);
}

/* Runs sql (?1 = graph id 1) in a fresh connection with the extension
** loaded; returns the ms spent stepping it, and its first row's first
** columns in out[] (as int64). */
static double timed_query(const char *path, const char *sql, sqlite3_int64 out[3]) {
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) die(path, db);
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext_path, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_graph: cannot load %s: %s\n", ext_path, err);
    exit(1);
  }
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) die(sql, db);
  sqlite3_bind_int(st, 1, 1);
  int rc, rows = 0;
  double t0 = now_ms();
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    for (int c = 0; c < 3 && c < sqlite3_column_count(st) && rows == 0; c++) out[c] = sqlite3_column_int64(st, c);
    rows++;
  }
  double ms = now_ms() - t0;
  if (rc != SQLITE_DONE) die(sql, db);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return ms;
}

static double best_of(const char *path, const char *sql, sqlite3_int64 out[3]) {
  double best = 1e300;
  for (int i = 0; i < TRIALS; i++) {
    double ms = timed_query(path, sql, out);
    if (ms < best) best = ms;
  }
  return best;
}

static const char SCAN_IDX[] = "SELECT sum(src+dst) FROM cgt_edge WHERE graph_id = ?1";
static const char SCAN_TBL[] = "SELECT sum(src+dst) FROM cgt_edge NOT INDEXED WHERE graph_id = ?1";
static const char SOLVE[] = "SELECT count(*), sum(outcome = 'N'), sum(remoteness) FROM cgt_solve(?1)";
static const char PER_ROW[] = "SELECT sum(outcome(?1, node) = 'N') FROM bench_nodes WHERE graph_id = ?1";

int main(int argc, char **argv) {
  int quick = getenv("BENCH_QUICK") && strcmp(getenv("BENCH_QUICK"), "0") != 0;
  ext_path = getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) quick = 1;
    else ext_path = argv[i];
  }
  dir = getenv("BENCH_DIR") ? getenv("BENCH_DIR") : "build";
  schema_sql = read_file(getenv("CGT_SCHEMA") ? getenv("CGT_SCHEMA") : "../sql/cgt_schema.sql");
  mkdir(dir, 0777);

  size_t nspecs = quick ? 2 : sizeof SPECS / sizeof *SPECS;
  char *paths[sizeof SPECS / sizeof *SPECS];
  sqlite3_int64 edge_sums[sizeof SPECS / sizeof *SPECS];
  for (size_t i = 0; i < nspecs; i++) {   /* first make sure every graph is there */
    const spec *s = &SPECS[i];
    paths[i] = sqlite3_mprintf("%s/graph-%ld-%s.db", dir, s->edges, s->cyclic ? "cyclic" : "acyclic");
    if (!graph_ok(paths[i], s, s->edges / 4, &edge_sums[i])) build_graph(paths[i], s, s->edges / 4, &edge_sums[i]);
  }

  printf("cgt graph benchmark: SQLite %s, extension %s, databases in %s/, best of %d, times in ms\n\n",
         sqlite3_libversion(), ext_path, dir, TRIALS);
  printf("%9s %-7s %8s %9s %-5s %9s %10s %10s %13s  %s\n", "edges", "kind", "nodes", "scan", "via", "solve",
         "per-row", "solve/scan", "per-row/solve", "check");
  int misses = 0;
  for (size_t i = 0; i < nspecs; i++) {
    const spec *s = &SPECS[i];
    const char *path = paths[i];
    sqlite3_int64 edge_sum = edge_sums[i];
    long nodes = s->edges / 4;
    sqlite3_int64 idx[3], tbl[3], solve[3], row[3];
    timed_query(path, SCAN_IDX, idx);   /* warm-up: pages into the OS cache */
    timed_query(path, SCAN_TBL, tbl);
    double t_idx = best_of(path, SCAN_IDX, idx);
    double t_tbl = best_of(path, SCAN_TBL, tbl);
    double t_scan = t_idx < t_tbl ? t_idx : t_tbl;
    double t_solve = best_of(path, SOLVE, solve);
    double t_row = best_of(path, PER_ROW, row);
    double r_solve = t_solve / t_scan, r_row = t_row / t_solve;
    int ok = idx[0] == edge_sum && tbl[0] == edge_sum && row[0] == solve[1];
    int miss1 = r_solve > TARGET_SOLVE_SCAN, miss2 = r_row > TARGET_ROW_SOLVE;
    misses += miss1 + miss2;
    printf("%9ld %-7s %8ld %9.1f %-5s %9.1f %10.1f %9.2f%s %12.2f%s  %s\n", s->edges,
           s->cyclic ? "cyclic" : "acyclic", nodes, t_scan, t_idx <= t_tbl ? "index" : "table", t_solve, t_row,
           r_solve, miss1 ? "<" : " ", r_row, miss2 ? "<" : " ", ok ? "ok" : "MISMATCH");
    fflush(stdout);
    sqlite3_free(paths[i]);
  }
  printf("\ntargets (issue, at 10^6 edges): solve/scan <= %.1f, per-row/solve <= %.1f; "
         "\"<\" marks a ratio above its target (%d here).\n",
         TARGET_SOLVE_SCAN, TARGET_ROW_SOLVE, misses);
  return 0;
}
