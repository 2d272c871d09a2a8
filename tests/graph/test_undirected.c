/*
** Unit tests of Green Hackenbush and undirected vertex geography against
** game-tree search written here, on random small multigraphs with loops.
*/
#include <stdlib.h>

#include "../../ext/graph/undirected.h"
#include "../tap.h"

enum { MAXE = 11, MAXV = 9 };

static uint64_t rng = 0x1234567887654321ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static uint32_t rows[2 * MAXE];
static int nrows, nv, ground;
static signed char memo[1 << MAXE];

/* The edges of mask still joined to the ground. */
static int grounded(int mask) {
  int reach = 1 << ground, grow = 1, keep = 0;
  while (grow) {
    grow = 0;
    for (int e = 0; e < nrows; e++)
      if ((mask >> e & 1) && !(keep >> e & 1) && ((reach >> rows[2 * e] & 1) || (reach >> rows[2 * e + 1] & 1))) {
        keep |= 1 << e;
        reach |= 1 << rows[2 * e] | 1 << rows[2 * e + 1];
        grow = 1;
      }
  }
  return keep;
}

static int hackenbush(int mask) {
  if (memo[mask] >= 0) return memo[mask];
  char seen[MAXE + 2] = {0};
  for (int e = 0; e < nrows; e++)
    if (mask >> e & 1) seen[hackenbush(grounded(mask & ~(1 << e)))] = 1;
  int m = 0;
  while (seen[m]) m++;
  return memo[mask] = (signed char)m;
}

static int adjacent(int u, int v) {
  for (int e = 0; e < nrows; e++)
    if (u != v && ((int)rows[2 * e] == u && (int)rows[2 * e + 1] == v)) return 1;
  for (int e = 0; e < nrows; e++)
    if (u != v && ((int)rows[2 * e] == v && (int)rows[2 * e + 1] == u)) return 1;
  return 0;
}

/* 1 when the player to move wins geography at u with visited set. */
static int geo(int u, int visited) {
  for (int v = 0; v < nv; v++)
    if (!(visited >> v & 1) && adjacent(u, v) && !geo(v, visited | 1 << v)) return 1;
  return 0;
}

static void random_graph(void) {
  nv = 1 + (int)rnd(MAXV);
  nrows = (int)rnd(MAXE + 1);
  for (int e = 0; e < nrows; e++) {
    rows[2 * e] = rnd((uint32_t)nv);
    rows[2 * e + 1] = rnd(5) == 0 ? rows[2 * e] : rnd((uint32_t)nv);   /* some loops */
  }
  ground = (int)rnd((uint32_t)nv);
}

int main(void) {
  int bad_h = 0, bad_g = 0, trials = 400, wins = 0;
  for (int t = 0; t < trials; t++) {
    random_graph();
    memset(memo, -1, sizeof memo);
    uint64_t v;
    cgt_green_hackenbush((uint32_t)nv, rows, (size_t)nrows, (uint32_t)ground, &v, NULL);
    bad_h += v != (uint64_t)hackenbush(grounded((1 << nrows) - 1));
    int w;
    cgt_geography_wins((uint32_t)nv, rows, (size_t)nrows, (uint32_t)ground, &w, NULL);
    int want = geo(ground, 1 << ground);
    bad_g += w != want;
    wins += want;
  }
  is_int(bad_h, 0, "Green Hackenbush equals game search on %d random multigraphs with loops", trials);
  is_int(bad_g, 0, "geography equals game search on the same graphs (%d first-player wins)", wins);

  /* Known pictures: a stalk of n edges is *n; a triangle on the ground fuses
  ** into one vertex with three loops, each *1: *1 ^ *1 ^ *1 = *1. */
  uint32_t stalk[] = {0, 1, 1, 2, 2, 3};
  uint64_t v;
  cgt_green_hackenbush(4, stalk, 3, 0, &v, NULL);
  is_int(v, 3, "a stalk of three edges is *3");
  uint32_t tri[] = {0, 1, 1, 2, 2, 0};
  cgt_green_hackenbush(3, tri, 3, 0, &v, NULL);
  is_int(v, 1, "a triangle on the ground fuses to three loops: *1");
  return tap_done();
}
