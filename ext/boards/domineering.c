/*
** Domineering (Winning Ways, ch. 2): Left places a vertical domino, Right a
** horizontal one, on two free squares.  Regions: the connected areas of
** free squares (one square alone has no move and is dropped).  Mirror
** images keep the value; the transpose swaps Left and Right and so negates
** it.
**
** Search hooks, after Bullock's Obsequi (MSc thesis, U. Alberta, 2002):
** a player's safe moves are dominoes of his that no other move can touch
** (each square's neighbours across are not free); a player can make at
** most one move per two free squares in each run of his direction.
** Moves that take more of the other's moves and fewer of one's own are
** tried first.
*/
#include "board.h"

#include <string.h>

static uint32_t options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves) {
  (void)r;
  int R = g->rows, C = g->cols, di = right ? 0 : 1, dj = right ? 1 : 0;
  uint32_t n = 0;
  for (int i = 0; i + di < R; i++)
    for (int j = 0; j + dj < C; j++) {
      int a = i * C + j, b = (i + di) * C + j + dj;
      if (g->c[a] != 1 || g->c[b] != 1) continue;
      cg_grid_copy(&out[n], g);
      out[n].c[a] = out[n].c[b] = 0;
      if (moves) moves[n] = (cg_move){{(uint16_t)a, (uint16_t)b}, 2};
      n++;
    }
  return n;
}

static int is_free(uint8_t v) { return v == 1; }

static int keep(const cg_grid *p) { return p->rows * p->cols > 1; }   /* connected: two squares touch */

static uint32_t regions(const cg_rules *r, const cg_grid *g, cg_grid *out) {
  (void)r;
  return cg_grid_components(g, is_free, keep, out);
}

static int negates(int sym, int swap) {
  (void)swap;
  return sym & 4 ? -1 : 1;
}

static uint32_t free_squares(const cg_grid *g) {
  uint32_t n = 0;
  for (int v = 0; v < g->rows * g->cols; v++) n += g->c[v];
  return n;
}

/* Square (i, j) of g is free (off the board: not). */
static int at(const cg_grid *g, int i, int j) {
  return i >= 0 && j >= 0 && i < g->rows && j < g->cols && g->c[i * g->cols + j] == 1;
}

static void bounds(const cg_grid *g, uint32_t safe[2], uint32_t most[2]) {
  int R = g->rows, C = g->cols;
  for (int p = 0; p < 2; p++) {
    /* Player p's lines: columns for Left (p 0), rows for Right; along
    ** a line, step (di, dj); across it, (dj, di). */
    int lines = p ? R : C, len = p ? C : R, di = p ? 0 : 1, dj = p ? 1 : 0;
    safe[p] = most[p] = 0;
    for (int l = 0; l < lines; l++) {
      int run = 0;
      for (int k = 0; k <= len; k++) {
        int i = p ? l : k, j = p ? k : l;
        if (k < len && at(g, i, j)) {
          run++;
          continue;
        }
        most[p] += (uint32_t)run / 2;
        run = 0;
      }
      for (int k = 0; k + 1 < len; k++) {
        int i = p ? l : k, j = p ? k : l, i2 = i + di, j2 = j + dj;
        if (!at(g, i, j) || !at(g, i2, j2) || at(g, i + dj, j + di) || at(g, i - dj, j - di) ||
            at(g, i2 + dj, j2 + di) || at(g, i2 - dj, j2 - di))
          continue;
        safe[p]++;
        k++;   /* the next domino starts past this one */
      }
    }
  }
}

/* Moves of the other taken, less one's own taken (the move's own squares'
** neighbours along and across). */
static int score(const cg_grid *g, int right, const cg_move *m) {
  int C = g->cols, s = 0;
  int di = right ? 0 : 1, dj = right ? 1 : 0;
  for (int k = 0; k < 2; k++) {
    int i = m->sq[k] / C, j = m->sq[k] % C;
    s += 2 * (at(g, i + dj, j + di) + at(g, i - dj, j - di));
  }
  int i0 = m->sq[0] / C, j0 = m->sq[0] % C, i1 = m->sq[1] / C, j1 = m->sq[1] % C;
  s -= at(g, i0 - di, j0 - dj) + at(g, i1 + di, j1 + dj);
  return s;
}

const cg_rules cg_domineering = {
    .name = "domineering", .id = 1, .symbols = "#.", .options = options, .regions = regions,
    .symmetries = 0xFF, .negates = negates, .size = free_squares, .small = 14, .bounds = bounds, .score = score};
