/*
** Unit tests of the graph solvers: known answers, then a differential test
** against brute force written here on random small graphs with cycles.
*/
#include <stdlib.h>

#include "../../ext/graph/digraph.h"
#include "../../ext/graph/grundy.h"
#include "../../ext/graph/retro.h"
#include "../tap.h"

/* Builds g from separate source and target arrays. */
static cgt_rc build_sd(cgt_digraph *g, uint32_t n, const uint32_t *src, const uint32_t *dst, size_t m) {
  uint32_t *pair = malloc((2 * m + 1) * sizeof *pair);
  for (size_t i = 0; i < m; i++) { pair[2 * i] = src[i]; pair[2 * i + 1] = dst[i]; }
  cgt_rc rc = cgt_digraph_build(g, n, pair, m, NULL);
  free(pair);
  return rc;
}

static void build(cgt_digraph *g, uint32_t n, const uint32_t *pairs, size_t m) {
  if (cgt_digraph_build(g, n, pairs, m, NULL)) { printf("Bail out! build failed\n"); exit(1); }
}

static void known_answers(void) {
  /* Codeforces 1442F sample: 2->3, 3->1, 2->2 (nodes 1..3 as 0..2). */
  uint32_t e1[] = {1, 2, 2, 0, 1, 1, 1, 1};   /* last move repeated: counts once */
  cgt_digraph g;
  build(&g, 3, e1, 4);
  is_int(g.m, 3, "duplicate move kept once");
  char oc[3];
  uint32_t rem[3], val[3], k[3];
  cgt_retro_solve(&g, 0, oc, rem, NULL);
  ok(oc[0] == 'P' && oc[1] == 'D' && oc[2] == 'N', "cf1442f outcomes P D N");
  ok(rem[0] == 0 && rem[1] == CGT_REMOTE_DRAW && rem[2] == 1, "cf1442f remoteness 0 draw 1");
  uint8_t loopy[3];
  cgt_grundy_solve(&g, val, loopy, NULL);
  ok(val[0] == 0 && val[1] == CGT_GRUNDY_INF && val[2] == 1, "cf1442f values 0 inf 1");
  ok(loopy[0] == 0 && loopy[1] == 1 && loopy[2] == 0, "cf1442f: only node 2 can reach a cycle");
  uint32_t nk = cgt_grundy_kset(&g, val, 1, k);
  ok(nk == 1 && k[0] == 1, "cf1442f node 2 is inf{1}");
  cgt_retro_solve(&g, 1, oc, NULL, NULL);
  ok(oc[0] == 'N' && oc[2] == 'P', "misere: terminal wins, 3 loses");
  cgt_digraph_free(&g);

  /* Ferguson: c->d, c->a, a->b, b->c, d->e with a..e = 0..4. */
  uint32_t e2[] = {2, 3, 2, 0, 0, 1, 1, 2, 3, 4};
  build(&g, 5, e2, 5);
  uint32_t v5[5];
  cgt_grundy_solve(&g, v5, NULL, NULL);
  ok(v5[4] == 0 && v5[3] == 1, "ferguson e=0 d=1");
  ok(v5[0] == CGT_GRUNDY_INF && v5[1] == CGT_GRUNDY_INF && v5[2] == CGT_GRUNDY_INF, "ferguson a b c infinite");
  char o5[5];
  cgt_retro_solve(&g, 0, o5, NULL, NULL);
  ok(o5[0] == 'D' && o5[1] == 'D' && o5[2] == 'D', "ferguson a b c draw");
  cgt_digraph_free(&g);

  /* An empty graph and a long path (no recursion anywhere). */
  build(&g, 0, NULL, 0);
  ok(cgt_retro_solve(&g, 0, oc, rem, NULL) == CGT_OK && cgt_grundy_solve(&g, val, NULL, NULL) == CGT_OK, "empty graph");
  cgt_digraph_free(&g);
}

static void long_path(void) {
  uint32_t n = 1000000;
  uint32_t *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst);
  for (uint32_t i = 0; i + 1 < n; i++) { src[i] = i + 1; dst[i] = i; }
  cgt_digraph g;
  build_sd(&g, n, src, dst, n - 1);
  uint32_t *val = malloc(n * sizeof *val), *rem = malloc(n * sizeof *rem);
  char *oc = malloc(n);
  cgt_retro_solve(&g, 0, oc, rem, NULL);
  cgt_grundy_solve(&g, val, NULL, NULL);
  ok(oc[n - 1] == 'N' && rem[n - 1] == n - 1 && val[n - 1] == 1 && val[n - 2] == 0, "path of 10^6 nodes");
  /* Close the path into a cycle: every node draws, every value is inf. */
  src[n - 1] = 0; dst[n - 1] = n - 1;
  cgt_digraph_free(&g);
  build_sd(&g, n, src, dst, n);
  cgt_retro_solve(&g, 0, oc, rem, NULL);
  cgt_grundy_solve(&g, val, NULL, NULL);
  ok(oc[0] == 'D' && oc[n / 2] == 'D' && val[n / 3] == CGT_GRUNDY_INF, "cycle of 10^6 nodes draws");
  cgt_digraph_free(&g);
  free(src); free(dst); free(val); free(rem); free(oc);
}

/* ---- brute force ---- */

/* Round-synchronous labelling: a node is labelled in round r from labels of
** earlier rounds only, so r is its remoteness.  adj has rows of width w. */
static void brute_outcome(int n, const int *adj, int w, const int *deg, int misere, char *oc, int *rem) {
  static char next[1024];
  for (int u = 0; u < n; u++) { oc[u] = 'D'; rem[u] = -1; }
  for (int r = 0, changed = 1; changed; r++) {
    changed = 0;
    for (int u = 0; u < n; u++) {
      next[u] = oc[u];
      if (oc[u] != 'D') continue;
      int any_p = 0, all_n = 1;
      for (int k = 0; k < deg[u]; k++) {
        char o = oc[adj[u * w + k]];
        if (o == 'P') any_p = 1;
        if (o != 'N') all_n = 0;
      }
      if (deg[u] == 0) next[u] = misere ? 'N' : 'P';
      else if (any_p) next[u] = 'N';
      else if (all_n) next[u] = 'P';
    }
    for (int u = 0; u < n; u++)
      if (next[u] != oc[u]) { oc[u] = next[u]; rem[u] = r; changed = 1; }
  }
}

/* gamma from outcomes of u + *h: gamma(u) = h iff that sum is P; when no h
** gives P, gamma is inf(K) with K = {h : u + *h is N}. */
enum { MAXN = 16, W = 8, H = 9, PW = W + H + 1 };
static void brute_grundy(int n, const int *adj, const int *deg, int *fin, unsigned *kmask) {
  static int padj[MAXN * (H + 1) * PW], pdeg[MAXN * (H + 1)], prem[MAXN * (H + 1)];
  static char poc[MAXN * (H + 1)];
  for (int u = 0; u < n; u++)
    for (int h = 0; h <= H; h++) {
      int p = u * (H + 1) + h, d = 0;
      for (int k = 0; k < deg[u]; k++) padj[p * PW + d++] = adj[u * W + k] * (H + 1) + h;
      for (int h2 = 0; h2 < h; h2++) padj[p * PW + d++] = u * (H + 1) + h2;
      pdeg[p] = d;
    }
  brute_outcome(n * (H + 1), padj, PW, pdeg, 0, poc, prem);
  for (int u = 0; u < n; u++) {
    fin[u] = -1;
    kmask[u] = 0;
    for (int h = 0; h <= H; h++) {
      char o = poc[u * (H + 1) + h];
      if (o == 'P') fin[u] = h;
      if (o == 'N') kmask[u] |= 1u << h;
    }
    if (fin[u] >= 0) kmask[u] = 0;
  }
}

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static void differential(void) {
  int bad_oc = 0, bad_rem = 0, bad_mis = 0, bad_val = 0, trials = 400;
  for (int t = 0; t < trials; t++) {
    int n = 1 + (int)rnd(12);
    int adj[MAXN * W], deg[MAXN];
    uint32_t src[512], dst[512];
    size_t m = 0;
    for (int u = 0; u < n; u++) {
      deg[u] = 0;
      int want = (int)rnd(5);
      for (int k = 0; k < want; k++) {
        int v = (int)rnd((uint32_t)n);
        int dup = 0;
        for (int j = 0; j < deg[u]; j++) dup |= adj[u * W + j] == v;
        src[m] = (uint32_t)u; dst[m] = (uint32_t)v; m++;   /* duplicates go in too */
        if (!dup) adj[u * W + deg[u]++] = v;
      }
    }
    cgt_digraph g;
    build_sd(&g, (uint32_t)n, src, dst, m);
    char oc[64], boc[64], mis[64], bmis[64];
    uint32_t rem[64], val[64], kset[8];
    int brem[64], bremm[64], fin[64];
    unsigned kmask[64];
    cgt_retro_solve(&g, 0, oc, rem, NULL);
    cgt_retro_solve(&g, 1, mis, NULL, NULL);
    cgt_grundy_solve(&g, val, NULL, NULL);
    brute_outcome(n, adj, W, deg, 0, boc, brem);
    brute_outcome(n, adj, W, deg, 1, bmis, bremm);
    brute_grundy(n, adj, deg, fin, kmask);
    for (int u = 0; u < n; u++) {
      bad_oc += oc[u] != boc[u];
      bad_mis += mis[u] != bmis[u];
      bad_rem += (boc[u] == 'D' ? rem[u] != CGT_REMOTE_DRAW : rem[u] != (uint32_t)brem[u]);
      if (fin[u] >= 0) {
        bad_val += val[u] != (uint32_t)fin[u];
      } else {
        unsigned mask = 0;
        uint32_t nk = val[u] == CGT_GRUNDY_INF ? cgt_grundy_kset(&g, val, (uint32_t)u, kset) : 0;
        for (uint32_t i = 0; i < nk; i++) mask |= 1u << kset[i];
        bad_val += val[u] != CGT_GRUNDY_INF || mask != kmask[u];
      }
    }
    cgt_digraph_free(&g);
  }
  is_int(bad_oc, 0, "outcome equals brute force on %d random graphs", trials);
  is_int(bad_rem, 0, "remoteness equals brute force");
  is_int(bad_mis, 0, "misere outcome equals brute force");
  is_int(bad_val, 0, "generalised Grundy values equal those from sums with nim heaps");
}

static int stop_after_first(void *arg) { return ++*(int *)arg >= 1; }

static void interrupt(void) {
  uint32_t n = 300000;
  uint32_t *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst);
  for (uint32_t i = 0; i < n; i++) { src[i] = i; dst[i] = (i + 1) % n; }
  cgt_digraph g;
  build_sd(&g, n, src, dst, n);
  int calls = 0;
  cgt_stop st = {.should_stop = stop_after_first, .arg = &calls};
  uint32_t *val = malloc(n * sizeof *val);
  is_int(cgt_grundy_solve(&g, val, NULL, &st), CGT_INTERRUPTED, "grundy honours the stop hook");
  calls = 0;
  st = (cgt_stop){.should_stop = stop_after_first, .arg = &calls};
  char *oc = malloc(n);
  src[0] = 0; dst[0] = 0;
  cgt_digraph_free(&g);
  for (uint32_t i = 0; i < n; i++) { src[i] = i + 1 < n ? i + 1 : 0; dst[i] = i; }
  build_sd(&g, n, src, dst, n - 1);
  is_int(cgt_retro_solve(&g, 0, oc, NULL, &st), CGT_INTERRUPTED, "retrograde honours the stop hook");
  cgt_digraph_free(&g);
  free(src); free(dst); free(val); free(oc);
}

int main(void) {
  known_answers();
  long_path();
  differential();
  interrupt();
  return tap_done();
}
