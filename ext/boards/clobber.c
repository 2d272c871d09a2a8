/*
** Clobber (Albert, Grossman, Nowakowski and Wolfe, 2005): a stone moves onto
** an orthogonally adjacent stone of the other colour, which leaves the
** board; Left plays x, Right o (X and O too, as MCGS writes them; '#', a
** removed square, plays as an empty one).  Regions: the connected groups of stones (a
** group of one colour has no move and value 0, and is dropped).  Rotations
** and mirror images keep the value; exchanging the colours negates it.
*/
#include "board.h"

static uint32_t options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves) {
  (void)r;
  int R = g->rows, C = g->cols;
  uint8_t me = right ? 2 : 1, you = right ? 1 : 2;
  uint32_t n = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      int v = i * C + j;
      if (g->c[v] != me) continue;
      int nb[4] = {i > 0 ? v - C : -1, i + 1 < R ? v + C : -1, j > 0 ? v - 1 : -1, j + 1 < C ? v + 1 : -1};
      for (int k = 0; k < 4; k++) {
        if (nb[k] < 0 || g->c[nb[k]] != you) continue;
        cg_grid_copy(&out[n], g);
        out[n].c[v] = 0;
        out[n].c[nb[k]] = me;
        if (moves) moves[n] = (cg_move){{(uint16_t)v, (uint16_t)nb[k]}, 2};
        n++;
      }
    }
  return n;
}

static int is_stone(uint8_t v) { return v != 0; }

static int keep(const cg_grid *p) {
  int seen = 0;
  for (int i = 0; i < p->rows * p->cols; i++) seen |= 1 << p->c[i];
  return (seen & 6) == 6;
}

static uint32_t regions(const cg_rules *r, const cg_grid *g, cg_grid *out) {
  (void)r;
  return cg_grid_components(g, is_stone, keep, out);
}

static int negates(int sym, int swap) {
  (void)sym;
  return swap ? -1 : 1;
}

static uint32_t stones(const cg_grid *g) {
  uint32_t n = 0;
  for (int v = 0; v < g->rows * g->cols; v++) n += g->c[v] != 0;
  return n;
}

/* Moves to the middle of the board first, as MCGS orders them. */
static void score(const cg_grid *g, const void *work, int right, const cg_move *moves, uint32_t n, int *scores) {
  (void)work;
  (void)right;
  for (uint32_t k = 0; k < n; k++) {
    int i = moves[k].sq[1] / g->cols, j = moves[k].sq[1] % g->cols;
    int di = 2 * i - (g->rows - 1), dj = 2 * j - (g->cols - 1);
    scores[k] = -(di < 0 ? -di : di) - (dj < 0 ? -dj : dj);
  }
}

const cg_rules cg_clobber = {.name = "clobber", .id = 2, .symbols = ".xo", .hash_is_empty = 1, .options = options,
                             .regions = regions, .symmetries = 0xFFFF, .negates = negates, .size = stones,
                             .small = 8, .score = score};
