/* The census of Domineering regions, bottom up; see census.h. */
#include "census.h"

#include <string.h>

struct cg_census {
  cg_store *s;
  cg_board_table *t;    /* regions of up to max - 2 squares and their values */
  uint32_t max, size;   /* size: the squares of the shapes under way (0: not started) */
  int values;
  cg_poly_iter it;
  int pending;          /* the row of the transpose is due next */
  cg_census_row transpose;
  /* scratch space of one valuation */
  cg_grid opts[CG_BOARD_MAXOPT], regs[CG_BOARD_CELLS];
  cg_id side[2][CG_BOARD_MAXOPT];
};

cg_census *cg_census_new(cg_store *s, uint32_t max_cells, int values) {
  cg_census *c = cgt_calloc(1, sizeof *c);
  if (!c) return NULL;
  c->t = cg_board_table_new();
  if (!c->t) {
    cgt_free(c);
    return NULL;
  }
  c->s = s, c->max = max_cells, c->values = values;
  return c;
}

void cg_census_free(cg_census *c) {
  if (!c) return;
  cg_board_table_free(c->t);
  cgt_free(c);
}

static int same(const cg_grid *a, const cg_grid *b) {
  return a->rows == b->rows && a->cols == b->cols && memcmp(a->c, b->c, (size_t)a->rows * a->cols) == 0;
}

static int unsigned_sign(int sym, int swap) {
  (void)sym, (void)swap;
  return 1;
}

/* The value of the position g: the sum of its regions' values, each looked
** up (or, for a region not in the table, searched). */
static cgt_rc position(cg_census *c, const cg_grid *g, cg_id *out) {
  uint32_t n = cg_domineering.regions(g, c->regs);
  cgt_rc rc = cg_integer(c->s, 0, out);
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    int sign = cg_domineering.normalise(&c->regs[i]);
    cg_id v;
    if (!cg_board_table_find(c->t, &cg_domineering, &c->regs[i], &v))
      rc = cg_board_value(c->s, c->t, &cg_domineering, &c->regs[i], &v);
    if (rc == CGT_OK && sign < 0) rc = cg_neg(c->s, v, &v);
    if (rc == CGT_OK) rc = i == 0 ? (*out = v, CGT_OK) : cg_add(c->s, *out, v, out);
  }
  return rc;
}

/* The value of shape g, by its options. */
static cgt_rc shape_value(cg_census *c, const cg_grid *g, cg_id *out) {
  uint32_t n[2];
  cgt_rc rc = CGT_OK;
  for (int right = 0; right < 2 && rc == CGT_OK; right++) {
    n[right] = cg_domineering.options(g, right, c->opts);
    rc = cg_work(c->s, (uint64_t)(n[right] + 1) * (g->rows * g->cols + 1));
    for (uint32_t i = 0; i < n[right] && rc == CGT_OK; i++) rc = position(c, &c->opts[i], &c->side[right][i]);
  }
  return rc ? rc : cg_game(c->s, c->side[0], n[0], c->side[1], n[1], out);
}

cgt_rc cg_census_next(cg_census *c, cg_census_row *row, int *more) {
  *more = 0;
  if (c->pending) {
    c->pending = 0;
    *row = c->transpose;
    *more = 1;
    return CGT_OK;
  }
  for (;;) {
    cg_grid g, least;
    if (c->size == 0 || !cg_poly_next(&c->it, &g)) {
      if (c->size == c->max) return CGT_OK;
      cg_poly_start(&c->it, (int)++c->size);
      continue;
    }
    cgt_rc rc = cg_work(c->s, 8 * (uint64_t)(g.rows * g.cols));
    if (rc) return rc;
    /* One shape of each class of the eight symmetries: the least, which is the table's key. */
    least = g;
    cg_domineering.normalise(&least);
    if (!same(&least, &g)) continue;
    memset(row, 0, sizeof *row);
    row->board = g, row->cells = c->size;
    int stored = c->size + 2 <= c->max;
    if (c->values || stored) {
      rc = shape_value(c, &g, &row->value);
      if (rc == CGT_OK && stored) rc = cg_board_table_put(c->t, &cg_domineering, &g, row->value);
      if (rc) return rc;
      row->valued = 1;
    }
    /* The transpose: another row (the least of its four images) unless a
    ** symmetry of the shape transposes it. */
    cg_census_row *t = &c->transpose;
    memset(t, 0, sizeof *t);
    cg_grid_transform(&g, 4, 0, &t->board);
    cg_grid_least(&t->board, 0x0F, unsigned_sign);
    if (!same(&t->board, &g)) {
      t->cells = c->size, t->valued = row->valued;
      if (row->valued && (rc = cg_neg(c->s, row->value, &t->value)) != CGT_OK) return rc;
      c->pending = 1;
    }
    *more = 1;
    return CGT_OK;
  }
}
