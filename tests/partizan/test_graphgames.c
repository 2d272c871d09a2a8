/*
** Unit tests of Snort, Col and Red-Blue-Green Hackenbush (graphgames.h)
** against a game-tree search written here, without any decomposition: the
** value of every colouring (or set of standing edges) from its options by
** cg_game, memoised by the whole position.  Random small graphs with loops
** and repeated edges, random colourings; random pictures with loops and
** parallel edges (150 of each; 50 under the sanitizers).  Also: the
** store's stop ends a long search.
*/
#include <stdlib.h>

#include "../../ext/partizan/graphgames.h"
#include "../tap.h"

enum { MAXV = 9, MAXE = 13, POW3 = 19683 /* 3^MAXV */ };

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static cg_store *S;
static uint32_t nv, ne, edges[4 * MAXV];   /* up to 2 * MAXV edges (graphs), MAXE (pictures) */
static uint8_t who[2 * MAXV];
static int adj[MAXV][MAXV];
static cg_id memo[1 << MAXE > POW3 ? 1 << MAXE : POW3];
static uint8_t known[1 << MAXE > POW3 ? 1 << MAXE : POW3];

/* Snort/Col by search over colourings c (base-3 digits, 1 blue, 2 red). */
static cg_id snortcol(int col, uint32_t c) {
  if (known[c]) return memo[c];
  cg_id opt[2][MAXV];
  uint32_t n[2] = {0, 0}, digit[MAXV], p = 1;
  for (uint32_t v = 0, x = c; v < nv; v++, x /= 3) digit[v] = x % 3;
  for (uint32_t v = 0; v < nv; v++, p *= 3) {
    if (digit[v]) continue;
    for (uint32_t side = 0; side < 2; side++) {
      uint32_t mine = side + 1, banned = col ? mine : 3 - mine, ok = 1;
      for (uint32_t w = 0; w < nv; w++)
        if (adj[v][w] && digit[w] == banned) ok = 0;
      if (ok) opt[side][n[side]++] = snortcol(col, c + mine * p);
    }
  }
  cg_game(S, opt[0], n[0], opt[1], n[1], &memo[c]);
  known[c] = 1;
  return memo[c];
}

/* The edges of mask still joined to node 0, the ground. */
static uint32_t grounded(uint32_t mask) {
  uint32_t reach = 1, keep = 0, grow = 1;
  while (grow) {
    grow = 0;
    for (uint32_t e = 0; e < ne; e++)
      if ((mask >> e & 1) && !(keep >> e & 1) && ((reach >> edges[2 * e] & 1) || (reach >> edges[2 * e + 1] & 1))) {
        keep |= 1u << e;
        reach |= 1u << edges[2 * e] | 1u << edges[2 * e + 1];
        grow = 1;
      }
  }
  return keep;
}

static cg_id hackenbush(uint32_t mask) {
  if (known[mask]) return memo[mask];
  cg_id opt[2][MAXE];
  uint32_t n[2] = {0, 0};
  for (uint32_t e = 0; e < ne; e++) {
    if (!(mask >> e & 1)) continue;
    cg_id v = hackenbush(grounded(mask & ~(1u << e)));
    if (who[e] & CG_BLUE) opt[0][n[0]++] = v;
    if (who[e] & CG_RED) opt[1][n[1]++] = v;
  }
  cg_game(S, opt[0], n[0], opt[1], n[1], &memo[mask]);
  known[mask] = 1;
  return memo[mask];
}

static void random_graph(uint32_t maxv, uint32_t maxe) {
  nv = 1 + rnd(maxv);
  ne = rnd(maxe + 1);
  memset(adj, 0, sizeof adj);
  for (uint32_t e = 0; e < ne; e++) {
    edges[2 * e] = rnd(nv);
    edges[2 * e + 1] = rnd(6) == 0 ? edges[2 * e] : rnd(nv);
    if (edges[2 * e] != edges[2 * e + 1]) adj[edges[2 * e]][edges[2 * e + 1]] = adj[edges[2 * e + 1]][edges[2 * e]] = 1;
    who[e] = (uint8_t)(1 + rnd(3));
  }
}

static int never_stop(void *arg) {
  (void)arg;
  return 0;
}

static int stop_now(void *arg) {
  (void)arg;
  return 1;
}

int main(void) {
  S = cg_store_new();
#ifdef __SANITIZE_ADDRESS__
  int trials = 50;   /* the same code paths, a sixth of the time */
#else
  int trials = 150;
#endif
  int bad[2] = {0, 0}, bad_h = 0;
  uint32_t big = 0;
  for (int t = 0; t < trials; t++) {
    random_graph(MAXV, 2 * MAXV);
    uint8_t colour[MAXV];
    uint32_t start = 0;
    for (uint32_t v = 0, p = 1; v < nv; v++, p *= 3) {
      colour[v] = rnd(3) == 0 ? (uint8_t)(1 + rnd(2)) : 0;
      start += colour[v] * p;
    }
    for (int col = 0; col < 2; col++) {
      memset(known, 0, sizeof known);
      cg_id got = 0, want = snortcol(col, start);
      cgt_rc rc = cg_snort_col(S, col, nv, edges, ne, colour, &got, &big);
      if (rc || got != want) bad[col]++;
    }
  }
  is_int(bad[0], 0, "Snort equals game search on %d random graphs of up to %d vertices, random colourings", trials,
         MAXV);
  is_int(bad[1], 0, "Col equals game search on the same graphs");
  for (int t = 0; t < trials; t++) {
    random_graph(7, MAXE);
    memset(known, 0, sizeof known);
    cg_id got = 0, want = hackenbush(grounded((1u << ne) - 1));
    cgt_rc rc = cg_hackenbush(S, nv, edges, who, ne, 0, &got, &big, NULL);
    if (rc || got != want) bad_h++;
  }
  is_int(bad_h, 0, "Hackenbush equals game search on %d random pictures of up to %d edges", trials, MAXE);

  /* Limits: a path of 65 vertices; a string of 129 blue edges. */
  static uint32_t path[2 * 200];
  static uint8_t blue[200];
  for (uint32_t i = 0; i < 200; i++) path[2 * i] = i, path[2 * i + 1] = i + 1, blue[i] = CG_BLUE;
  cg_id g;
  is_int(cg_snort_col(S, 1, 65, path, 64, NULL, &g, &big), CGT_LIMIT, "Col on a path of 65 vertices: the limit");
  is_int(big, 65, "the limit names the part's size");
  is_int(cg_snort_col(S, 1, 64, path, 63, NULL, &g, &big), CGT_OK, "Col on a path of 64 vertices");
  is_int(cg_hackenbush(S, 130, path, blue, 129, 0, &g, &big, NULL), CGT_LIMIT, "a blue string of 129 edges: the limit");
  is_int(cg_hackenbush(S, 129, path, blue, 128, 0, &g, &big, NULL), CGT_OK, "a blue string of 128 edges");
  cg_id want;
  cg_integer(S, 128, &want);
  ok(g == want, "a blue string of 128 edges is 128");

  /* The stop: a hook that says stop ends a long search. */
  cgt_stop st = {.should_stop = stop_now, .arg = NULL, .spent = 0, .stopped = 0};
  cg_store_set_stop(S, &st);
  is_int(cg_snort_col(S, 0, 40, path, 39, NULL, &g, &big), CGT_INTERRUPTED, "Snort on a path of 40 stops");
  cg_store_set_stop(S, NULL);
  cgt_stop quiet = {.should_stop = never_stop, .arg = NULL, .spent = 0, .stopped = 0};
  is_int(cg_hackenbush(S, 5, path, blue, 4, 0, &g, &big, &quiet), CGT_OK, "a stop that never fires changes nothing");
  cg_store_free(S);
  return tap_done();
}
