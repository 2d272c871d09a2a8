/*
** Toads and Frogs (Winning Ways, ch. 1): one row; Left's toads T move
** right, Right's frogs F move left, each sliding into the adjacent empty
** square or jumping over one piece of the other kind into the empty square
** behind it.
**
** Regions: a piece is dead when it can never move again: the greatest set
** of pieces each of which is blocked while the others stay (a toad is
** blocked when the square to its right is the edge, or holds a dead piece
** that is a toad or has the edge or a dead piece behind it; frogs
** likewise).  Two adjacent dead squares (or a dead square at an edge) are
** a wall that nothing crosses or jumps, so the row splits into the
** segments between them.  Reversing a segment and exchanging toads and
** frogs negates the value.
*/
#include "board.h"

#include <string.h>

static uint32_t options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves) {
  (void)r;
  int C = g->cols, step = right ? -1 : 1;
  uint8_t me = right ? 2 : 1, you = right ? 1 : 2;
  uint32_t n = 0;
  for (int i = 0; i < C; i++) {
    if (g->c[i] != me) continue;
    int a = i + step, b = i + 2 * step, to = -1;
    if (a >= 0 && a < C && g->c[a] == 0) to = a;
    else if (a >= 0 && a < C && g->c[a] == you && b >= 0 && b < C && g->c[b] == 0) to = b;
    if (to < 0) continue;
    cg_grid_copy(&out[n], g);
    out[n].c[i] = 0;
    out[n].c[to] = me;
    if (moves) moves[n] = (cg_move){{(uint16_t)i, (uint16_t)to}, 2};
    n++;
  }
  return n;
}

static uint32_t regions(const cg_rules *r, const cg_grid *g, cg_grid *out) {
  (void)r;
  int C = g->rows == 1 ? g->cols : 0;
  uint8_t dead[CG_BOARD_CELLS];
  for (int i = 0; i < C; i++) dead[i] = g->c[i] != 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < C; i++) {
      if (!dead[i]) continue;
      int step = g->c[i] == 1 ? 1 : -1, a = i + step, b = i + 2 * step;
      int blocked = a < 0 || a >= C ||
                    (dead[a] && (g->c[a] == g->c[i] || b < 0 || b >= C || dead[b]));
      if (!blocked) dead[i] = 0, changed = 1;
    }
  }
  uint32_t n = 0;
  for (int i = 0; i < C;) {
    int cut = dead[i] && (i == 0 || dead[i - 1] || i == C - 1 || dead[i + 1]);
    if (cut) {
      i++;
      continue;
    }
    int j = i, seen = 0;
    while (j < C && !(dead[j] && (j == 0 || dead[j - 1] || j == C - 1 || dead[j + 1]))) seen |= 1 << g->c[j++];
    if ((seen & 1) && (seen & 6)) {   /* an empty square and a piece: maybe a move */
      cg_grid *p = &out[n++];
      p->rows = 1, p->cols = (uint16_t)(j - i);
      memcpy(p->c, g->c + i, (size_t)(j - i));
    }
    i = j;
  }
  return n;
}

static int negates(int sym, int swap) {
  (void)sym;
  return swap ? -1 : 1;
}

static uint32_t squares(const cg_grid *g) { return g->cols; }

/* The symmetries: the row itself, or reversed with toads and frogs
** exchanged (sym 1, swap), which negates the value. */
const cg_rules cg_toadsfrogs = {.name = "toadsfrogs", .id = 3, .symbols = ".TF", .one_row = 1, .options = options,
                                .regions = regions, .symmetries = 1u | 1u << 9, .negates = negates,
                                .size = squares, .small = 12};
