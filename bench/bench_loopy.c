/*
** bench_loopy: who wins partizan games on graphs with cycles, by play
** (partizan_outcome, partizan_sum), against a plain play search written
** here: sweeps over every (tuple of positions, player to move) state of
** the product, marking a state won when a move reaches a lost one and lost
** when every move reaches a won one, until a sweep changes nothing (the
** textbook fixed point; cgt's retrograde analysis visits each state's moves
** a bounded number of times instead).
**
** Two graphs of N nodes.  "mixed": node i has Left's move to (37 i + 11)
** mod N, Right's to (53 i + 7) mod N, and a move of either player to i + 1
** when i is a multiple of 3: cycles everywhere, draws common, and the
** sweeps settle in a few passes.  "chain": Left moves from i to i + 1,
** Right to i + 2, and either from the last node back to 0: each sweep in
** index order settles one more node, so the plain search takes about N
** sweeps.  For k tokens it prints the time of partizan_sum over N^k states,
** the plain search's, and whether the nine-class answers agree.  The plain
** search is exponential in k; it runs where it ends within a minute.
**
** Usage: bench_loopy [EXTENSION]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int chain;   /* the graph: 0 mixed, 1 chain */

/* The moves of node u: up to three, to[] with who[] (1 Left, 2 Right, 3 both). */
static int moves(uint32_t n, uint32_t u, uint32_t *to, int *who) {
  int m = 0;
  if (chain) {
    if (u + 1 < n) to[m] = u + 1, who[m++] = 1;
    if (u + 2 < n) to[m] = u + 2, who[m++] = 2;
    if (u + 1 == n) to[m] = 0, who[m++] = 3;
    return m;
  }
  to[m] = (37 * u + 11) % n, who[m++] = 1;
  to[m] = (53 * u + 7) % n, who[m++] = 2;
  if (u % 3 == 0) to[m] = (u + 1) % n, who[m++] = 3;
  return m;
}

/* The plain search over all n^k tuples (ordered), from the tuple start. */
static const char *plain(uint32_t n, int k, const uint32_t *start) {
  uint64_t ns = 1;
  for (int i = 0; i < k; i++) ns *= n;
  uint8_t *st = calloc(2 * ns, 1);   /* 0 unknown, 1 won, 2 lost for the player to move */
  if (!st) return "no memory";
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint64_t s = 0; s < 2 * ns; s++) {
      if (st[s]) continue;
      uint64_t x = s >> 1;
      int mover = (int)(s & 1), any = 0, all_won = 1, win = 0;
      uint64_t place = 1;
      for (int i = 0; i < k && !win; i++, place *= n) {
        uint32_t u = (uint32_t)(x / place % n), to[3];
        int who[3], m = moves(n, u, to, who);
        for (int j = 0; j < m; j++) {
          if (!(who[j] & (1 << mover))) continue;
          uint64_t y = x + ((uint64_t)to[j] - u) * place, t = 2 * y + (uint64_t)(1 - mover);
          any = 1;
          if (st[t] == 2) { win = 1; break; }
          if (st[t] != 1) all_won = 0;
        }
      }
      if (win || !any || all_won) st[s] = win ? 1 : 2, changed = 1;
    }
  }
  uint64_t x = 0, place = 1;
  for (int i = 0; i < k; i++, place *= n) x += start[i] * place;
  int lf = st[2 * x] == 1 ? 'L' : st[2 * x] == 2 ? 'R' : 'D', rf = st[2 * x + 1] == 1 ? 'R' : st[2 * x + 1] == 2 ? 'L' : 'D';
  free(st);
  static const struct { char a, b; const char *name; } table[] = {
      {'L', 'L', "L"}, {'R', 'R', "R"}, {'L', 'R', "N"}, {'R', 'L', "P"}, {'D', 'D', "D"},
      {'L', 'D', "NHat"}, {'R', 'D', "PCheck"}, {'D', 'L', "PHat"}, {'D', 'R', "NCheck"}};
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (table[i].a == lf && table[i].b == rf) return table[i].name;
  return "?";
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  static const struct { int chain; uint32_t n; int k, plain; } runs[] = {
      {0, 1000000, 1, 1}, {0, 1000, 2, 1}, {0, 100, 3, 1}, {0, 200, 3, 0}, {0, 400, 3, 0},
      {1, 20000, 1, 1}, {1, 300, 2, 1}, {1, 60, 3, 1}};
  static const uint32_t start[] = {1, 50, 90};
  printf("partizan_sum: k tokens on an N-node graph with cycles, against the plain play search, ms\n\n");
  printf("%-6s %8s %3s %14s %12s %12s  %s\n", "graph", "N", "k", "states", "cgt", "plain", "class");
  for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
    uint32_t n = runs[r].n;
    int k = runs[r].k;
    chain = runs[r].chain;
    sqlite3 *db = bench_open(ext, "bench_loopy");
    char sql[700];
    snprintf(sql, sizeof sql,
             chain ? "INSERT INTO cgt_edge WITH RECURSIVE v(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM v WHERE i < %u)"
                     " SELECT 1, i, i + 1, 'L' FROM v WHERE i + 1 < %u UNION ALL SELECT 1, i, i + 2, 'R' FROM v"
                     " WHERE i + 2 < %u UNION ALL SELECT 1, %u - 1, 0, NULL;"
                     "SELECT partizan_outcome(1, 0);"
                   : "INSERT INTO cgt_edge WITH RECURSIVE v(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM v WHERE i < %u)"
                     " SELECT 1, i, (37 * i + 11) %% %u, 'L' FROM v UNION ALL SELECT 1, i, (53 * i + 7) %% %u, 'R' FROM v"
                     " UNION ALL SELECT 1, i, (i + 1) %% %u, NULL FROM v WHERE i %% 3 = 0;"
                     "SELECT partizan_outcome(1, 0);",   /* (reads the graph once, outside the timing) */
             n - 1, n, n, n);
    if (sqlite3_exec(db, "CREATE TABLE cgt_edge(graph_id, src, dst, side)", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
      fprintf(stderr, "bench_loopy: %s\n", sqlite3_errmsg(db));
      return 1;
    }
    char tokens[64] = "[";
    for (int i = 0; i < k; i++) snprintf(tokens + strlen(tokens), sizeof tokens - strlen(tokens), "%s%u", i ? "," : "", start[i] % n);
    strcat(tokens, "]");
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "SELECT partizan_sum(1, value) FROM json_each(?1)", -1, &st, NULL);
    sqlite3_bind_text(st, 1, tokens, -1, SQLITE_STATIC);
    double t0 = now_ms();
    int ok = sqlite3_step(st) == SQLITE_ROW;
    double t_cgt = now_ms() - t0;
    char got[16];
    snprintf(got, sizeof got, "%s", ok ? (const char *)sqlite3_column_text(st, 0) : sqlite3_errmsg(db));
    sqlite3_finalize(st);
    sqlite3_close(db);
    double states = 2;
    for (int i = 0; i < k; i++) states *= n;
    if (runs[r].plain) {
      uint32_t at[3];
      for (int i = 0; i < k; i++) at[i] = start[i] % n;
      t0 = now_ms();
      const char *want = plain(n, k, at);
      double t_plain = now_ms() - t0;
      printf("%-6s %8u %3d %14.0f %12.0f %12.0f  %s %s\n", chain ? "chain" : "mixed", n, k, states, t_cgt, t_plain, got,
             strcmp(got, want) == 0 ? "ok" : "MISMATCH");
    } else {
      printf("%-6s %8u %3d %14.0f %12.0f %12s  %s\n", chain ? "chain" : "mixed", n, k, states, t_cgt, "-", got);
    }
    fflush(stdout);
  }
  printf("\n(issue 25: partizan_sum of 3 tokens on a 1,000-node graph; here 200 and 400 nodes, see docs/loopy.md)\n");
  return 0;
}
