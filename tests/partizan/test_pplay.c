/*
** Unit tests of pplay.c: the nine classes by play on small hand-made graphs
** (on, off, dud, over, {0|dud}, ...), sums, tokens of one graph merged by
** sorting, two graphs in one sum, and a low memory limit.
*/
#include "../../ext/partizan/pplay.h"
#include "../tap.h"

/* Nodes: 0 zero, 1 on, 2 off, 3 dud, 4 over, 5 one, 6 {0|dud}, 7 {dud|0},
** 8 {dud|}, 9 {|dud}, 10 star. */
static const uint32_t off_[] = {0, 0, 1, 2, 3, 5, 6, 8, 10, 11, 12, 13};
static const uint32_t dst_[] = {1, 2, 3, 0, 4, 0, 0, 3, 3, 0, 3, 3, 0};
static const uint8_t who_[] = {1, 2, 3, 1, 2, 1, 1, 2, 1, 2, 1, 2, 3};
static const cg_playgraph G = {11, off_, dst_, who_};

static const char *outcome(const uint32_t *at, uint32_t k) {
  const cg_playgraph *g[4] = {&G, &G, &G, &G};
  int cls = -1;
  return cg_play_outcome(g, at, k, &cls, NULL) == CGT_OK ? cg_play_class_name(cls) : "error";
}

int main(void) {
  static const char *const want[] = {"P", "L", "R", "D", "L", "L", "NHat", "NCheck", "PHat", "PCheck", "N"};
  for (uint32_t u = 0; u < 11; u++) is_str(outcome(&u, 1), want[u], "node %u is %s", u, want[u]);
  is_str(outcome(NULL, 0), "P", "the empty sum is P");
  is_str(outcome((uint32_t[]){1, 2}, 2), "D", "on + off = dud, a draw");
  is_str(outcome((uint32_t[]){10, 10}, 2), "P", "* + * = 0");
  is_str(outcome((uint32_t[]){10, 10, 10}, 3), "N", "* + * + * = *");
  is_str(outcome((uint32_t[]){5, 2}, 2), "R", "1 + off: Right");
  /* the same sum in any order, and on two copies of the graph */
  cg_playgraph H = G;
  const cg_playgraph *two[3] = {&G, &H, &G};
  int cls = -1;
  ok(cg_play_outcome(two, (uint32_t[]){10, 10, 10}, 3, &cls, NULL) == CGT_OK && cls == CG_PLAY_N,
     "* + * + * with one token on another graph: N");
  cgt_stop st = {0};
  st.memory = 64;
  ok(cg_play_outcome(two, (uint32_t[]){10, 10, 10}, 3, &cls, &st) == CGT_MEMORY && st.held == 0,
     "past the stop's memory: CGT_MEMORY, nothing left reserved");
  return tap_done();
}
