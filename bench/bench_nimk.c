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
** Then Nim_k where Moore's theorem does not apply: nimk_graph_win() and
** nimk_winning_move_count() on 6 tokens of a random DAG of 20 nodes whose
** moves often raise the Grundy value, k = 2 and 3 (the exact search of
** ext/nimk/search.c), against a baseline written here: a plain
** memoised game-tree search over sorted token lists, every move of every
** token, without the search's reductions (for the count, every move from
** the start and the same search of each result).  Best of 3, milliseconds.
**
** Usage: bench_nimk [EXTENSION]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

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
  sqlite3 *db = bench_open(ext, "bench_nimk");
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

/* ---- the exact search on a DAG of 20 nodes with 6 tokens ---- */

enum { SNODES = 20, SDEG = 3, STOKENS = 6 };
static uint32_t sadj[SNODES][SDEG], sdeg[SNODES], stoken[STOKENS];
/* the baseline's memo: packed position + 1 -> 1 lost, 2 won (open addressing) */
enum { SMEMO = 1 << 21 };
static uint32_t *skey;
static int8_t *sval;
static uint64_t sbase_positions;

static uint32_t pack(const uint32_t *t) {
  uint32_t s[STOKENS], key = 0;
  memcpy(s, t, sizeof s);
  for (int i = 1; i < STOKENS; i++)
    for (int j = i; j > 0 && s[j - 1] > s[j]; j--) { uint32_t x = s[j]; s[j] = s[j - 1]; s[j - 1] = x; }
  for (int i = 0; i < STOKENS; i++) key = key * 32 + s[i];
  return key;
}

/* The baseline: 1 when the player to move wins; moves pick 1..k token
** indexes and one move of each (recursion: the depth is at most 6 * 20). */
static int base_won(int k, uint32_t *t);

static int base_try(int k, uint32_t *t, int from, int left) {
  for (int i = from; i < STOKENS; i++) {
    uint32_t keep = t[i];
    for (uint32_t e = 0; e < sdeg[keep]; e++) {
      t[i] = sadj[keep][e];
      int lost = !base_won(k, t) || (left > 1 && base_try(k, t, i + 1, left - 1));
      t[i] = keep;
      if (lost) return 1;
    }
  }
  return 0;
}

static int base_won(int k, uint32_t *t) {
  uint32_t key = pack(t) + 1, i = (key * 2654435761u) & (SMEMO - 1);
  while (skey[i] && skey[i] != key) i = (i + 1) & (SMEMO - 1);
  if (!skey[i]) {
    int8_t v = (int8_t)(1 + base_try(k, t, 0, k));
    while (skey[i] && skey[i] != key) i = (i + 1) & (SMEMO - 1);   /* (the table only grew) */
    skey[i] = key;
    sval[i] = v;
    sbase_positions++;
  }
  return sval[i] == 2;
}

/* The baseline's count: every move of 1..k tokens from t, by token indexes
** and moves, that leaves a position base_won calls lost. */
static uint64_t base_count(int k, uint32_t *t, int from, int left) {
  uint64_t c = 0;
  for (int i = from; i < STOKENS; i++) {
    uint32_t keep = t[i];
    for (uint32_t e = 0; e < sdeg[keep]; e++) {
      t[i] = sadj[keep][e];
      c += !base_won(k, t);
      if (left > 1) c += base_count(k, t, i + 1, left - 1);
    }
    t[i] = keep;
  }
  return c;
}

static void bench_search(const char *ext) {
  /* node u > 0 moves to SDEG random lower nodes */
  for (uint32_t u = 1; u < SNODES; u++) {
    for (uint32_t e = 0; e < SDEG && e < u; e++) {
      uint32_t v = below(u), dup = 0;
      for (uint32_t f = 0; f < sdeg[u]; f++) dup |= sadj[u][f] == v;
      if (!dup) sadj[u][sdeg[u]++] = v;
    }
  }
  char json[64], *at = json;
  *at++ = '[';
  for (int i = 0; i < STOKENS; i++) {
    stoken[i] = SNODES / 2 + below(SNODES / 2);
    at += sprintf(at, i ? ",%u" : "%u", stoken[i]);
  }
  strcpy(at, "]");
  nmoves = 0;   /* the large graph is done with: open_db stores no edges */
  sqlite3 *db = open_db(ext);
  int raising = 0, edges = 0;
  for (uint32_t u = 0; u < SNODES; u++)
    for (uint32_t e = 0; e < sdeg[u]; e++, edges++) {
      char sql[96];
      snprintf(sql, sizeof sql, "INSERT INTO cgt_edge VALUES (1, %u, %u, NULL)", u, sadj[u][e]);
      check(sqlite3_exec(db, sql, NULL, NULL, NULL), db, "insert");
    }
  sqlite3_stmt *st;
  check(sqlite3_prepare_v2(db, "SELECT count(*) FROM cgt_edge WHERE grundy(1, dst) > grundy(1, src)", -1, &st, NULL),
        db, "prepare");
  if (sqlite3_step(st) == SQLITE_ROW) raising = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  printf("\nNim_k by exact search: %d tokens %s on a DAG of %d nodes and %d moves, %d of which raise the Grundy value;\n"
         "baseline: plain memoised game-tree search (every move of every token); best of %d, ms\n\n",
         STOKENS, json, SNODES, edges, raising, TRIALS);
  printf("%3s %4s %10s %10s %10s %10s %6s %10s %10s %10s  %s\n", "k", "win", "graph_win", "baseline", "positions",
         "base/win", "count", "move_count", "baseline", "base/count", "check");
  skey = malloc(SMEMO * sizeof *skey);
  sval = malloc(SMEMO);
  if (!skey || !sval) { fprintf(stderr, "bench_nimk: out of memory\n"); exit(1); }
  for (int k = 2; k <= 3; k++) {
    double best_win = 1e18, best_count = 1e18, best_base = 1e18, best_base_count = 1e18;
    int win = -1, base = -1;
    uint64_t bcount = 0, positions = 0;
    sqlite3_int64 count = -1;
    for (int t = 0; t < TRIALS; t++) {
      check(sqlite3_prepare_v2(db, "SELECT nimk_graph_win(1, ?1, ?2)", -1, &st, NULL), db, "prepare");
      sqlite3_bind_int(st, 1, k);
      sqlite3_bind_text(st, 2, json, -1, SQLITE_STATIC);
      double t0 = now_ms();
      check(sqlite3_step(st), db, "nimk_graph_win");
      if (now_ms() - t0 < best_win) best_win = now_ms() - t0;
      win = sqlite3_column_int(st, 0);
      sqlite3_finalize(st);
      check(sqlite3_prepare_v2(db, "SELECT nimk_winning_move_count(1, ?1, ?2)", -1, &st, NULL), db, "prepare");
      sqlite3_bind_int(st, 1, k);
      sqlite3_bind_text(st, 2, json, -1, SQLITE_STATIC);
      t0 = now_ms();
      check(sqlite3_step(st), db, "nimk_winning_move_count");
      if (now_ms() - t0 < best_count) best_count = now_ms() - t0;
      count = sqlite3_column_int64(st, 0);
      sqlite3_finalize(st);
      memset(skey, 0, SMEMO * sizeof *skey);
      sbase_positions = 0;
      uint32_t tok[STOKENS];
      memcpy(tok, stoken, sizeof tok);
      t0 = now_ms();
      base = base_won(k, tok);
      if (now_ms() - t0 < best_base) best_base = now_ms() - t0;
      positions = sbase_positions;
      memset(skey, 0, SMEMO * sizeof *skey);
      t0 = now_ms();
      bcount = base_count(k, tok, 0, k);
      if (now_ms() - t0 < best_base_count) best_base_count = now_ms() - t0;
    }
    printf("%3d %4d %10.1f %10.1f %10llu %10.1f %6lld %10.1f %10.1f %10.1f  %s\n", k, win, best_win, best_base,
           (unsigned long long)positions, best_base / best_win, (long long)count, best_count, best_base_count,
           best_base_count / best_count, win == base && (uint64_t)count == bcount ? "ok" : "MISMATCH");
    fflush(stdout);
  }
  free(skey);
  free(sval);
  sqlite3_close(db);
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
  bench_search(ext);
  return 0;
}
