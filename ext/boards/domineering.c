/*
** Domineering (Winning Ways, ch. 2): Left places a vertical domino, Right a
** horizontal one, on two free squares.  Regions: the connected areas of
** free squares (one square alone has no move and is dropped).  Mirror
** images keep the value; the transpose swaps Left and Right and so negates
** it.
*/
#include "board.h"

#include <string.h>

static uint32_t options(const cg_grid *g, int right, cg_grid *out) {
  int R = g->rows, C = g->cols, di = right ? 0 : 1, dj = right ? 1 : 0;
  uint32_t n = 0;
  for (int i = 0; i + di < R; i++)
    for (int j = 0; j + dj < C; j++) {
      int a = i * C + j, b = (i + di) * C + j + dj;
      if (g->c[a] != 1 || g->c[b] != 1) continue;
      out[n] = *g;
      out[n].c[a] = out[n].c[b] = 0;
      n++;
    }
  return n;
}

static int is_free(uint8_t v) { return v == 1; }

static int keep(const cg_grid *p) { return p->rows * p->cols > 1; }   /* connected: two squares touch */

static uint32_t regions(const cg_grid *g, cg_grid *out) { return cg_grid_components(g, is_free, keep, out); }

static int sign(int sym, int swap) {
  (void)swap;
  return sym & 4 ? -1 : 1;
}

static int normalise(cg_grid *g) { return cg_grid_least(g, 0xFF, sign); }

const cg_rules cg_domineering = {"domineering", 1, "#.", 0, options, regions, normalise, 0};
