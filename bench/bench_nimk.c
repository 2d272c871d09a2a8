/*
** bench_nimk: counting the winning moves of Moore's Nim_k with
** nimk_winning_move_count(), 300 tokens on a stored DAG of 5,000 nodes and
** 10^5 moves whose every move lowers the Grundy value (values 0..39), as
** Moore's theorem needs for k >= 2 (the target: well under a second
** for k <= 2).
**
** For k = 1, 2, 3 it prints the time of the SQL call in a fresh in-memory
** connection (reading and solving the graph included), the time of a second
** call (graph cached), and, as the baseline of the same run, a plain
** enumeration of every move (every token, and for k = 2 every pair of
** tokens, with every pair of their moves) written here in C from the same
** Grundy values; the counts must agree.  Best of 3, milliseconds.
**
** Usage: bench_nimk [EXTENSION]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NODES = 5000, EDGES = 100000, TOKENS = 300, TRIALS = 3, VALUES = 40 };

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t below(uint32_t n) {
  rng_state ^= rng_state >> 12; rng_state ^= rng_state << 25; rng_state ^= rng_state >> 27;
  return (uint32_t)(((rng_state * 0x2545F4914F6CDD1Dull) >> 32) * n >> 32);
}

static void check(int rc, sqlite3 *db, const char *what) {
  if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW) return;
  fprintf(stderr, "bench_nimk: %s: %s\n", what, sqlite3_errmsg(db));
  exit(1);
}

static uint32_t src[EDGES], dst[EDGES], token[TOKENS];
static int nmoves;   /* distinct moves in src/dst */
static char tokens_json[TOKENS * 8];

/* A fresh connection with the graph loaded (not timed). */
static sqlite3 *open_db(const char *ext) {
  sqlite3 *db;
  char *err = NULL;
  check(sqlite3_open(":memory:", &db), db, "open");
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_nimk: %s\n", err);
    exit(1);
  }
  check(sqlite3_exec(db, "CREATE TABLE cgt_edge(graph_id, src, dst, side);"
                         "CREATE INDEX cgt_edge_by_graph ON cgt_edge(graph_id, src, dst, side); BEGIN",
                     NULL, NULL, NULL), db, "schema");
  sqlite3_stmt *ins;
  check(sqlite3_prepare_v2(db, "INSERT INTO cgt_edge VALUES (1, ?, ?, NULL)", -1, &ins, NULL), db, "prepare");
  for (int i = 0; i < nmoves; i++) {
    sqlite3_bind_int(ins, 1, (int)src[i]);
    sqlite3_bind_int(ins, 2, (int)dst[i]);
    check(sqlite3_step(ins), db, "insert");
    sqlite3_reset(ins);
  }
  sqlite3_finalize(ins);
  check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
  return db;
}

static sqlite3_int64 count_sql(sqlite3 *db, int k, double *ms) {
  sqlite3_stmt *st;
  check(sqlite3_prepare_v2(db, "SELECT nimk_winning_move_count(1, ?1, ?2)", -1, &st, NULL), db, "prepare");
  sqlite3_bind_int(st, 1, k);
  sqlite3_bind_text(st, 2, tokens_json, -1, SQLITE_STATIC);
  double t = now_ms();
  check(sqlite3_step(st), db, "nimk_winning_move_count");
  *ms = now_ms() - t;
  sqlite3_int64 n = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return n;
}

/* The baseline: every move of one token, and for k = 2 every pair. */
static uint64_t count_plain(int k, const uint32_t *g, const uint32_t *off, const uint32_t *adj) {
  uint64_t bits[32] = {0}, count = 0, mod = (uint64_t)k + 1;
  for (int i = 0; i < TOKENS; i++)
    for (int b = 0; b < 32; b++) bits[b] += (g[token[i]] >> b) & 1;
  for (int i = 0; i < TOKENS; i++) {
    uint32_t u = token[i];
    for (uint32_t e = off[u]; e < off[u + 1]; e++) {
      int p = 1;
      for (int b = 0; b < 32 && p; b++)
        p = (bits[b] - ((g[u] >> b) & 1) + ((g[adj[e]] >> b) & 1)) % mod == 0;
      count += p;
      for (int j = i + 1; k >= 2 && j < TOKENS; j++) {
        uint32_t v = token[j];
        for (uint32_t f = off[v]; f < off[v + 1]; f++) {
          int q = 1;
          for (int b = 0; b < 32 && q; b++)
            q = (bits[b] - ((g[u] >> b) & 1) + ((g[adj[e]] >> b) & 1) - ((g[v] >> b) & 1) +
                 ((g[adj[f]] >> b) & 1)) % mod == 0;
          count += q;
        }
      }
    }
  }
  return count;
}

static int cmp_edge(const void *a, const void *b) {
  const uint32_t *x = a, *y = b;
  return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  /* A DAG where every move lowers the Grundy value (so Moore's theorem
  ** holds for every k): node u gets a value t[u]; its moves reach one node of
  ** each smaller value, so its Grundy value is t[u], and then further random
  ** nodes of smaller values, about EDGES/NODES moves in all. */
  static uint32_t pair[EDGES][2], t[NODES], byval[VALUES][NODES], nval[VALUES];
  for (int u = 0; u < NODES; u++) {
    t[u] = u < VALUES ? (uint32_t)u : below(VALUES);
    byval[t[u]][nval[t[u]]++] = (uint32_t)u;
  }
  int e = 0;
  for (int u = 0; u < NODES && e < EDGES; u++) {
    for (uint32_t x = 0; x < t[u] && e < EDGES; x++, e++) {
      pair[e][0] = (uint32_t)u;
      pair[e][1] = byval[x][below(nval[x])];
    }
  }
  while (e < EDGES) {
    uint32_t u = below(NODES);
    if (t[u] == 0) continue;
    uint32_t x = below(t[u]);
    pair[e][0] = u;
    pair[e][1] = byval[x][below(nval[x])];
    e++;
  }
  qsort(pair, EDGES, sizeof pair[0], cmp_edge);
  int m = 0;
  for (int i = 0; i < EDGES; i++)
    if (i == 0 || cmp_edge(pair[i], pair[i - 1])) { src[m] = pair[i][0]; dst[m] = pair[i][1]; m++; }
  nmoves = m;
  char *at = tokens_json;
  *at++ = '[';
  for (int i = 0; i < TOKENS; i++) {
    token[i] = below(NODES);
    at += sprintf(at, i ? ",%u" : "%u", token[i]);
  }
  strcpy(at, "]");

  /* Grundy values and adjacency for the baseline, from the extension. */
  sqlite3 *db = open_db(ext);
  static uint32_t g[NODES], off[NODES + 1], adj[EDGES];
  sqlite3_stmt *st;
  check(sqlite3_prepare_v2(db, "SELECT node, grundy FROM cgt_solve(1)", -1, &st, NULL), db, "prepare");
  while (sqlite3_step(st) == SQLITE_ROW) g[sqlite3_column_int(st, 0)] = (uint32_t)sqlite3_column_int(st, 1);
  sqlite3_finalize(st);
  sqlite3_close(db);
  for (int i = 0; i < m; i++) off[src[i] + 1]++;
  for (int u = 0; u < NODES; u++) off[u + 1] += off[u];
  static uint32_t fill[NODES + 1];
  memcpy(fill, off, sizeof fill);
  for (int i = 0; i < m; i++) adj[fill[src[i]]++] = dst[i];

  printf("nimk_winning_move_count: %d tokens, %d nodes, %d distinct moves (values lower along every move); best of %d, ms\n\n", TOKENS,
         NODES, m, TRIALS);
  printf("%3s %12s %12s %12s %12s %16s  %s\n", "k", "count", "first call", "cached call", "plain loop",
         "plain/first", "check");
  for (int k = 1; k <= 3; k++) {
    double best_first = 1e18, best_cached = 1e18, best_plain = 1e18, ms;
    sqlite3_int64 n = 0;
    for (int t = 0; t < TRIALS; t++) {
      db = open_db(ext);
      n = count_sql(db, k, &ms);
      if (ms < best_first) best_first = ms;
      count_sql(db, k, &ms);
      if (ms < best_cached) best_cached = ms;
      sqlite3_close(db);
    }
    uint64_t plain = 0;
    if (k <= 2) {
      for (int t = 0; t < (k == 2 ? 1 : TRIALS); t++) {
        double t0 = now_ms();
        plain = count_plain(k, g, off, adj);
        if (now_ms() - t0 < best_plain) best_plain = now_ms() - t0;
      }
      printf("%3d %12lld %12.1f %12.1f %12.1f %16.1f  %s\n", k, (long long)n, best_first, best_cached, best_plain,
             best_plain / best_first, (sqlite3_int64)plain == n ? "ok" : "MISMATCH");
    } else {
      printf("%3d %12lld %12.1f %12.1f %12s %16s  %s\n", k, (long long)n, best_first, best_cached, "-", "-", "-");
    }
    fflush(stdout);
  }
  printf("\ntarget (issue): well under 1000 ms for k <= 2, reading the graph included.\n");
  return 0;
}
