/* The impartial variant of a ruleset (impartial.h). */
#include "impartial.h"

uint32_t cg_impartial_options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves) {
  (void)right;
  const cg_rules *b = r->base;
  uint32_t n = b->options(b, g, 0, out, moves);
  return n + b->options(b, g, 1, out + n, moves ? moves + n : NULL);
}

uint32_t cg_impartial_regions(const cg_rules *r, const cg_grid *g, cg_grid *out) {
  return r->base->regions(r->base, g, out);
}

uint32_t cg_occupied(const cg_grid *g) {
  uint32_t n = 0;
  for (int v = 0; v < g->rows * g->cols; v++) n += g->c[v] != 0;
  return n;
}
