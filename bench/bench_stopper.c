/*
** bench_stopper: values of loopy games (docs/loopy.md).
**
** 1. Canonical stoppers of random graphs of V = 10 to 200 positions (a
**    stopper by construction, make_graph): cg_value of the
**    top position, beside a plain play search written here that only
**    decides who wins the position alone (sweeps over the (position,
**    player to move) states until nothing changes).  The value answers
**    far more; the ratio says what that costs.
** 2. Comparison of two stoppers of 100 positions both ways (98over and a
**    game just below it): cg_le, beside the plain search deciding the same
**    survival questions on the pairs (a, b, player to move) of H - G.
** 3. CGSuite's loopy test vectors (tests/partizan/cgsuite_loopy_vectors.tsv):
**    the time of each, its median and its maximum (issue 25's goal: every
**    vector under a millisecond), and the slowest five.
**
** Usage: bench_stopper [EXTENSION [VECTORS]]
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

/* A random stopper graph of v positions: edges (from, to, right).  The
** positions fall in blocks of five: Left moves within its block or to a
** lower one, Right only to a lower block, so a cycle has Left's moves
** alone and no play alternates for ever. */
typedef struct graph {
  uint32_t v, m;
  uint32_t from[2000], to[2000];
  uint8_t right[2000];
} graph;

static uint64_t seed = 88172645463325252ull;
static uint32_t rnd(uint32_t n) {
  seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
  return (uint32_t)(seed % n);
}

static void make_graph(graph *g, uint32_t v) {
  g->v = v, g->m = 0;
  for (uint32_t u = 5; u < v; u++) {   /* (block 0 has no moves: the games end there) */
    uint32_t block = u / 5 * 5, end = block + 5 < v ? block + 5 : v, owner = (u / 5) % 2;   /* 0: Left's cycles */
    for (int right = 0; right < 2; right++)
      for (int k = 0; k < 2; k++) {
        int inside = (uint32_t)right == owner && rnd(4) == 0;   /* a move inside the block: its owner's, now and then */
        g->from[g->m] = u, g->to[g->m] = inside ? block + rnd(end - block) : rnd(block), g->right[g->m++] = (uint8_t)right;
      }
  }
}

static void store(sqlite3 *db, const graph *g, int id) {
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, "INSERT INTO cgt_edge VALUES (?1, ?2, ?3, ?4)", -1, &st, NULL);
  for (uint32_t e = 0; e < g->m; e++) {
    sqlite3_bind_int(st, 1, id);
    sqlite3_bind_int(st, 2, (int)g->from[e]);
    sqlite3_bind_int(st, 3, (int)g->to[e]);
    sqlite3_bind_text(st, 4, g->right[e] ? "R" : "L", 1, SQLITE_STATIC);
    sqlite3_step(st);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
}

/* The plain search on the states (a of g, b of h, mover) of H_b - G_a
** (h NULL: the game g alone); 1 when the player to move at the start
** (Left if left) wins. */
static int plain(const graph *g, const graph *h, uint32_t a0, uint32_t b0, int left) {
  uint32_t nh = h ? h->v : 1;
  size_t ns = (size_t)g->v * nh * 2;
  uint8_t *st = calloc(ns, 1);   /* 0 unknown, 1 won, 2 lost for the player to move */
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t s = 0; s < ns; s++) {
      if (st[s]) continue;
      uint32_t mover = (uint32_t)(s & 1), a = (uint32_t)(s / 2 / nh), b = (uint32_t)(s / 2 % nh);   /* mover 0: Left */
      int any = 0, all_won = 1, win = 0;
      /* in G alone Left uses G's Left moves; in H - G, Left uses G's Right moves and H's Left ones */
      for (int part = 0; part < (h ? 2 : 1) && !win; part++) {
        const graph *x = part ? h : g;
        uint32_t at = part ? b : a, want = h && part == 0 ? !mover : mover;
        for (uint32_t e = 0; e < x->m; e++) {
          if (x->from[e] != at || x->right[e] != want) continue;
          uint32_t na = part ? a : x->to[e], nb = part ? x->to[e] : b;
          size_t t = ((size_t)na * nh + nb) * 2 + (1 - mover);
          any = 1;
          if (st[t] == 2) {
            win = 1;
            break;
          }
          if (st[t] != 1) all_won = 0;
        }
      }
      if (win || !any || all_won) st[s] = win ? 1 : 2, changed = 1;
    }
  }
  int r = st[((size_t)a0 * nh + b0) * 2 + (left ? 0 : 1)] == 1;
  free(st);
  return r;
}

static double query_ms(sqlite3 *db, const char *sql, char *out, size_t outlen) {
  sqlite3_stmt *st;
  double t0 = now_ms();
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    snprintf(out, outlen, "%s", sqlite3_errmsg(db));
    return -1;
  }
  int rc = sqlite3_step(st);
  double t = now_ms() - t0;
  snprintf(out, outlen, "%s", rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : sqlite3_errmsg(db));
  sqlite3_finalize(st);
  return t;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  const char *vectors = argc > 2 ? argv[2] : "../tests/partizan/cgsuite_loopy_vectors.tsv";
  static graph g, h;
  char out[4096], sql[200];

  printf("canonical stoppers of random graphs: cg_value of the top position, against the plain search\n"
         "deciding only who wins it (Left first), ms\n\n%6s %8s %10s %10s %8s  %s\n", "V", "moves", "cgt value",
         "plain", "ratio", "value (first 40 characters)");
  static const uint32_t sizes[] = {10, 20, 50, 100, 200};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    sqlite3 *db = bench_open(ext, "bench_stopper");
    sqlite3_exec(db, "CREATE TABLE cgt_edge(graph_id, src, dst, side)", NULL, NULL, NULL);
    make_graph(&g, sizes[i]);
    store(db, &g, 1);
    snprintf(sql, sizeof sql, "SELECT cg_value(1, %u)", sizes[i] - 1);
    double t_cgt = query_ms(db, sql, out, sizeof out);
    double t0 = now_ms();
    int win = plain(&g, NULL, sizes[i] - 1, 0, 1);
    double t_plain = now_ms() - t0;
    char cls[64];
    snprintf(sql, sizeof sql, "SELECT cg_outcome(cg_value(1, %u))", sizes[i] - 1);
    query_ms(db, sql, cls, sizeof cls);
    int agree = (cls[0] == 'L' || cls[0] == 'N') == win;
    printf("%6u %8u %10.2f %10.2f %8.1f  %.40s %s\n", sizes[i], g.m, t_cgt, t_plain, t_cgt / t_plain, out,
           agree ? "" : "(outcome MISMATCH)");
    sqlite3_close(db);
  }

  printf("\ncomparison of two stoppers of 100 positions, G = 98over and H = {pass | 97over}: cg_le against\n"
         "the plain search on the pairs of H - G (the values' texts made first, outside the timing), ms\n\n");
  {
    /* G: 0 .. 98 the integers (i's Left move to i - 1), 99 = {98 | pass}.
    ** H: 0 .. 97 the integers, 98 = {97 | pass}, 99 = {pass | 98}. */
    g.v = 100, g.m = 0, h.v = 100, h.m = 0;
    for (uint32_t i = 1; i <= 98; i++) g.from[g.m] = i, g.to[g.m] = i - 1, g.right[g.m++] = 0;
    g.from[g.m] = 99, g.to[g.m] = 98, g.right[g.m++] = 0;
    g.from[g.m] = 99, g.to[g.m] = 99, g.right[g.m++] = 1;
    for (uint32_t i = 1; i <= 97; i++) h.from[h.m] = i, h.to[h.m] = i - 1, h.right[h.m++] = 0;
    h.from[h.m] = 98, h.to[h.m] = 97, h.right[h.m++] = 0;
    h.from[h.m] = 98, h.to[h.m] = 98, h.right[h.m++] = 1;
    h.from[h.m] = 99, h.to[h.m] = 99, h.right[h.m++] = 0;
    h.from[h.m] = 99, h.to[h.m] = 98, h.right[h.m++] = 1;
    sqlite3 *db = bench_open(ext, "bench_stopper");
    sqlite3_exec(db, "CREATE TABLE cgt_edge(graph_id, src, dst, side)", NULL, NULL, NULL);
    store(db, &g, 1);
    store(db, &h, 2);
    char g_text[4096], h_text[4096];
    query_ms(db, "SELECT cg_value(1, 99)", g_text, sizeof g_text);
    query_ms(db, "SELECT cg_value(2, 99)", h_text, sizeof h_text);
    sqlite3_close(db);
    db = bench_open(ext, "bench_stopper");   /* a fresh connection: nothing cached */
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "SELECT cg_le(?1, ?2), cg_le(?2, ?1)", -1, &st, NULL);
    sqlite3_bind_text(st, 1, g_text, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, h_text, -1, SQLITE_STATIC);
    double t0 = now_ms();
    sqlite3_step(st);
    double t_cgt = now_ms() - t0;
    int le = sqlite3_column_int(st, 0), ge = sqlite3_column_int(st, 1);
    sqlite3_finalize(st);
    sqlite3_close(db);
    t0 = now_ms();
    int le_plain = !plain(&g, &h, 99, 99, 0), ge_plain = !plain(&h, &g, 99, 99, 0);   /* Right first in H - G, G - H */
    double t_plain = now_ms() - t0;
    printf("%10s %10s %8s  %s\n%10.2f %10.2f %8.2f  %s <= %s: %d, >=: %d (plain: %d, %d)%s\n", "cgt", "plain", "ratio",
           "answer", t_cgt, t_plain, t_cgt / t_plain, g_text, h_text, le, ge, le_plain, ge_plain,
           le == le_plain && ge == ge_plain ? "" : " MISMATCH");
    printf("(cgt reads both texts into graphs of 100 positions, then compares both ways)\n");
  }

  printf("\nCGSuite's loopy test vectors (%s), one connection, ms each\n\n", vectors);
  FILE *f = fopen(vectors, "r");
  if (!f) {
    printf("(not found)\n");
    return 0;
  }
  sqlite3 *db = bench_open(ext, "bench_stopper");
  static double times[4096];
  static char names[4096][160];
  size_t n = 0;
  char line[8192];
  while (fgets(line, sizeof line, f) && n < 4096) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    *tab = 0;
    char q[8300];
    snprintf(q, sizeof q, "SELECT %s", line);
    times[n] = query_ms(db, q, out, sizeof out);
    snprintf(names[n], sizeof names[n], "%.150s", line);
    n++;
  }
  fclose(f);
  sqlite3_close(db);
  static double sorted[4096];
  memcpy(sorted, times, n * sizeof *times);
  qsort(sorted, n, sizeof *sorted, cmp_double);
  size_t under = 0;
  for (size_t i = 0; i < n; i++) under += times[i] < 1.0;
  printf("%zu vectors: median %.3f ms, 90%% under %.3f ms, max %.1f ms; %zu under 1 ms\nslowest:\n", n, sorted[n / 2],
         sorted[n * 9 / 10], sorted[n - 1], under);
  for (int k = 0; k < 5; k++) {
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
      if (times[i] > times[best]) best = i;
    printf("  %8.1f  %.100s\n", times[best], names[best]);
    times[best] = -1;
  }
  return 0;
}
