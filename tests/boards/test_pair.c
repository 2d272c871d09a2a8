/*
** Unit tests of what the two searches of a pair share (ext/boards/solve.c,
** compiled here with CG_SOLVE_ALL_BUSY: every sum seems to be in the other
** search of the pair):
**   - the moves put off: at every position each move after the first is
**     put off, then searched after the others; the answers against one
**     search's on random sums of two boards of each partizan ruleset, both
**     players first;
**   - the values' hashes, the shared key's part that no store's ids enter:
**     alike for the values of the same random regions in two stores that
**     made them in different orders, and alike only for equal values.
*/
#define CG_SOLVE_ALL_BUSY
#include "../../ext/boards/solve.c"

#include <stdlib.h>

#include "../../ext/boards/rulesets.h"
#include "../tap.h"

/* A random board of r, most of them past the squares of a region valued
** (so that their regions are searched). */
static void random_board(const cg_rules *r, cg_grid *g) {
  if (r->one_row) g->rows = 1, g->cols = (uint16_t)(12 + rand() % 5);
  else if (r == &cg_domineering) g->rows = (uint16_t)(3 + rand() % 2), g->cols = (uint16_t)(4 + rand() % 2);
  else g->rows = (uint16_t)(2 + rand() % 2), g->cols = 4;
  for (int i = 0; i < g->rows * g->cols; i++) {
    int k = rand() % 12;
    g->c[i] = (uint8_t)(r == &cg_domineering ? k != 0 : k < 5 ? 1 : k < 10 ? 2 : 0);
  }
}

/* Whether the search that puts off moves agrees with one search on rounds
** random sums of r (*put_off: the moves put off, added). */
static int agrees(cg_store *s, const cg_rules *r, int rounds, uint64_t *put_off) {
  cg_board_table *t = cg_board_table_new();
  int good = t != NULL;
  for (int k = 0; k < rounds && good; k++) {
    cg_grid g[2];
    random_board(r, &g[0]);
    random_board(r, &g[1]);
    for (int right = 0; right < 2 && good; right++) {
      int one = -1, off = -2;
      cg_shared *sh = cg_shared_new(1 << 16);
      cg_solver *x = cg_solver_new(s, t, r, 1 << 20), *y = cg_solver_new(s, t, r, 1 << 20);
      if (sh && y) cg_solver_share(y, sh, CG_PAIR_MAIN);
      good = sh && x && y && cg_solver_wins(x, g, 2, right, &one) == CGT_OK &&
             cg_solver_wins(y, g, 2, right, &off) == CGT_OK && one == off;
      if (y) *put_off += y->put_off;
      cg_solver_free(x);
      cg_solver_free(y);
      cg_shared_free(sh);
    }
  }
  cg_board_table_free(t);
  return good;
}

/* The hashes of the values of rounds random Domineering boards of up to
** 12 squares in two stores, the second fed other boards first. */
static int hashes_agree(int rounds) {
  cg_store *a = cg_store_new(), *b = cg_store_new();
  cg_board_table *ta = cg_board_table_new(), *tb = cg_board_table_new();
  cg_solver *xa = cg_solver_new(a, ta, &cg_domineering, 1 << 20), *xb = cg_solver_new(b, tb, &cg_domineering, 1 << 20);
  int good = a && b && ta && tb && xa && xb;
  cg_id seen[64];
  uint64_t hashes[64][2];
  for (int k = 0; k < 20 && good; k++) {
    cg_grid g;
    cg_id v;
    g.rows = 3, g.cols = 4;
    for (int i = 0; i < 12; i++) g.c[i] = (uint8_t)(rand() % 5 != 0);
    good = cg_board_value(b, tb, &cg_domineering, &g, &v) == CGT_OK;
  }
  for (int k = 0; k < rounds && k < 64 && good; k++) {
    cg_grid g;
    cg_id va, vb;
    uint64_t ha[2], hb[2];
    g.rows = (uint16_t)(2 + rand() % 2), g.cols = 4;
    for (int i = 0; i < g.rows * g.cols; i++) g.c[i] = (uint8_t)(rand() % 4 != 0);
    good = cg_board_value(a, ta, &cg_domineering, &g, &va) == CGT_OK &&
           cg_board_value(b, tb, &cg_domineering, &g, &vb) == CGT_OK && value_hash(xa, va, ha) == CGT_OK &&
           value_hash(xb, vb, hb) == CGT_OK && ha[0] == hb[0] && ha[1] == hb[1];
    for (int j = 0; j < k && good; j++) good = (seen[j] == va) == (hashes[j][0] == ha[0] && hashes[j][1] == ha[1]);
    seen[k] = va, hashes[k][0] = ha[0], hashes[k][1] = ha[1];
  }
  cg_solver_free(xa);
  cg_solver_free(xb);
  cg_board_table_free(ta);
  cg_board_table_free(tb);
  cg_store_free(a);
  cg_store_free(b);
  return good;
}

int main(void) {
  cg_store *s = cg_store_new();
  srand(27);
  const cg_rules *all[] = {&cg_domineering, &cg_clobber, &cg_toadsfrogs};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
    uint64_t put_off = 0;
    ok(agrees(s, all[i], 60, &put_off) && put_off > 0,
       "%s: a search that puts off every move after the first agrees with one search (60 sums of two boards)",
       all[i]->name);
  }
  ok(hashes_agree(64), "values hash alike in two stores, and alike only when equal (64 Domineering regions)");
  cg_store_free(s);
  return tap_done();
}
