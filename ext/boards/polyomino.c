/* Fixed polyominoes by Redelmeier's algorithm, with an explicit stack; see polyomino.h. */
#include "polyomino.h"

#include <string.h>

/* The cell at column x, row y of the search area. */
static int cell_at(int x, int y) { return (y + 1) * CG_POLY_W + x + CG_POLY_MAX; }

void cg_poly_start(cg_poly_iter *it, int n) {
  memset(it, 0, sizeof *it);
  it->n = n;
  it->depth = -1;
  /* Forbidden: the row below the first square, and the squares left of it in its row. */
  for (int x = -CG_POLY_MAX; x <= CG_POLY_MAX; x++) {
    it->seen[cell_at(x, -1)] = 1;
    if (x < 0) it->seen[cell_at(x, 0)] = 1;
  }
  it->untried[0] = (uint16_t)cell_at(0, 0);
  it->seen[cell_at(0, 0)] = 1;
  it->end[0] = 1;
}

/* Writes the squares placed (untried[at[0..n-1]]) as a cropped board. */
static void emit(const cg_poly_iter *it, cg_grid *out) {
  int x0 = CG_POLY_MAX, x1 = -CG_POLY_MAX, y1 = 0;
  for (int t = 0; t < it->n; t++) {
    int c = it->untried[it->at[t]], x = c % CG_POLY_W - CG_POLY_MAX, y = c / CG_POLY_W - 1;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  memset(out, 0, sizeof *out);
  out->rows = (uint8_t)(y1 + 1), out->cols = (uint8_t)(x1 - x0 + 1);
  for (int t = 0; t < it->n; t++) {
    int c = it->untried[it->at[t]], x = c % CG_POLY_W - CG_POLY_MAX, y = c / CG_POLY_W - 1;
    out->c[y * out->cols + x - x0] = 1;
  }
}

/* Takes back the neighbours that placing square t added. */
static void unplace(cg_poly_iter *it, int t) {
  for (int i = 0; i < it->added[t]; i++) it->seen[it->untried[it->end[t] + i]] = 0;
  it->added[t] = 0;
}

int cg_poly_next(cg_poly_iter *it, cg_grid *out) {
  static const int step[4] = {1, -1, CG_POLY_W, -CG_POLY_W};
  if (it->done) return 0;
  /* The first call places the first square; later ones go on from the
  ** polyomino given last, whose last square is it->depth. */
  int t = it->depth < 0 ? 0 : it->depth, place = it->depth < 0;
  for (;;) {
    if (place) {   /* place square t at untried[at[t]] */
      if (t + 1 == it->n) {
        it->depth = t;
        emit(it, out);
        return 1;
      }
      int c = it->untried[it->at[t]], e = it->end[t];
      for (int k = 0; k < 4; k++) {
        int nb = c + step[k];
        if (it->seen[nb]) continue;
        it->seen[nb] = 1;
        it->untried[e + it->added[t]++] = (uint16_t)nb;
      }
      it->at[t + 1] = (uint16_t)(it->at[t] + 1);
      it->end[t + 1] = (uint16_t)(e + it->added[t]);
      if (it->at[t + 1] < it->end[t + 1]) {
        t++;
        continue;
      }
      unplace(it, t);
    }
    /* The next choice for square t, else back to square t - 1. */
    while (++it->at[t] >= it->end[t]) {
      if (t == 0) {
        it->done = 1;
        return 0;
      }
      unplace(it, --t);
    }
    place = 1;
  }
}
