/* The census of the regions of a board ruleset, bottom up; see census.h. */
#include "census.h"
#include "rulesets.h"
#include "search.h"

#include <string.h>

/* What a census needs to know of its ruleset. */
typedef struct census_rules {
  const cg_rules *r;
  uint32_t limit;         /* the most squares */
  unsigned keep;          /* the symmetries (bit sym + 8 * swap) that keep the value */
  int neg_sym, neg_swap;  /* a symmetry that negates it */
  int coloured;           /* squares are codes 1 and 2, else all 1 */
  uint32_t shrink;        /* a move leaves regions smaller by at least this */
} census_rules;

static const census_rules CENSUS_RULES[] = {
    {&cg_domineering, CG_POLY_MAX, 0x0F, 4, 0, 0, 2},
    {&cg_clobber, 10, 0xFF, 0, 1, 1, 1},
};

static const census_rules *census_rules_of(const cg_rules *r) {
  for (size_t i = 0; i < sizeof CENSUS_RULES / sizeof *CENSUS_RULES; i++)
    if (CENSUS_RULES[i].r == r) return &CENSUS_RULES[i];
  return NULL;
}

uint32_t cg_census_limit(const cg_rules *r) {
  const census_rules *cr = census_rules_of(r);
  return cr ? cr->limit : 0;
}

struct cg_census {
  cg_store *s;
  const census_rules *cr;
  cg_board_table *t;    /* regions of up to max - shrink squares and their values */
  uint32_t max, size;   /* size: the squares of the shapes under way (0: not started) */
  int values;
  cg_poly_iter it;
  cg_grid shape;        /* the shape under way (the least of its eight images) */
  uint32_t colour, colours;   /* its next colouring, and how many it has */
  int stab[16], nstab;  /* the symmetries (sym + 8 * swap, not the identity) that keep the shape */
  int pending;          /* the row of the negated image is due next */
  cg_census_row negated;
  /* scratch space of one valuation */
  cg_grid opts[CG_BOARD_MAXOPT], regs[CG_BOARD_CELLS];
  cg_id side[2][CG_BOARD_MAXOPT];
};

cg_census *cg_census_new(cg_store *s, const cg_rules *r, uint32_t max_cells, int values) {
  cg_census *c = cgt_calloc(1, sizeof *c);
  if (!c) return NULL;
  c->t = cg_board_table_new();
  if (!c->t) {
    cgt_free(c);
    return NULL;
  }
  c->s = s, c->cr = census_rules_of(r), c->max = max_cells, c->values = values;
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
  const cg_rules *r = c->cr->r;
  uint32_t n = r->regions(r, g, c->regs);
  cgt_rc rc = cg_integer(c->s, 0, out);
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    int sign = cg_normalise(r, &c->regs[i]);
    cg_id v;
    if (!cg_board_table_find(c->t, r, &c->regs[i], &v)) rc = cg_board_value(c->s, c->t, r, &c->regs[i], &v);
    if (rc == CGT_OK && sign < 0) rc = cg_neg(c->s, v, &v);
    if (rc == CGT_OK) rc = i == 0 ? (*out = v, CGT_OK) : cg_add(c->s, *out, v, out);
  }
  return rc;
}

/* The value of region g, by its options. */
static cgt_rc region_value(cg_census *c, const cg_grid *g, cg_id *out) {
  uint32_t n[2];
  cgt_rc rc = CGT_OK;
  for (int right = 0; right < 2 && rc == CGT_OK; right++) {
    n[right] = c->cr->r->options(c->cr->r, g, right, c->opts, NULL);
    rc = cg_work(c->s, (uint64_t)(n[right] + 1) * (g->rows * g->cols + 1));
    for (uint32_t i = 0; i < n[right] && rc == CGT_OK; i++) rc = position(c, &c->opts[i], &c->side[right][i]);
  }
  return rc ? rc : cg_game(c->s, c->side[0], n[0], c->side[1], n[1], out);
}

/* Whether no image of g under the eight symmetries is less than g (fewer
** rows, then fewer columns, then square by square), stopping at the first
** that is: the order of cg_grid_least, without making the images. */
static int is_least(const cg_grid *g) {
  int R = g->rows, C = g->cols;
  for (int sym = 1; sym < 8; sym++) {
    int tr = sym & 4 ? C : R, tc = sym & 4 ? R : C;
    if (tr < R || (tr == R && tc < C)) return 0;
    if (tr > R || tc > C) continue;
    for (int i = 0, cmp = 0; i < tr && !cmp; i++)
      for (int j = 0; j < tc && !cmp; j++) {
        int oi = sym & 4 ? j : i, oj = sym & 4 ? i : j;   /* the square before the transpose */
        uint8_t v = g->c[(sym & 2 ? R - 1 - oi : oi) * C + (sym & 1 ? C - 1 - oj : oj)], w = g->c[i * tc + j];
        if (v < w) return 0;
        cmp = v > w;
      }
  }
  return 1;
}

/* Moves to the next shape that is the least of its eight images (with its
** colourings and symmetries); 0 after the last of max squares. */
static int next_shape(cg_census *c, cgt_rc *rc) {
  cg_grid g, least;
  for (;;) {
    if (c->size == 0 || !cg_poly_next(&c->it, &g)) {
      if (c->size == c->max) return 0;
      cg_poly_start(&c->it, (int)++c->size);
      continue;
    }
    if ((*rc = cg_work(c->s, 8 * (uint64_t)(g.rows * g.cols))) != CGT_OK) return 0;
    if (is_least(&g)) break;
  }
  c->shape = g;
  c->colour = 0;
  c->colours = c->cr->coloured ? 1u << c->size : 1;
  c->nstab = 0;
  for (int bit = 1; bit < (c->cr->coloured ? 16 : 8); bit++) {
    cg_grid_transform(&g, bit & 7, 0, &least);
    if (same(&least, &g)) c->stab[c->nstab++] = bit;
  }
  return 1;
}

/* Colouring k of the shape (bit i: the i-th square is 'o'), unless an image
** of it on the same shape is less (then its class is met at that one). */
static int colouring(const cg_census *c, uint32_t k, cg_grid *g) {
  *g = c->shape;
  for (int v = 0, i = 0; v < g->rows * g->cols; v++)
    if (g->c[v]) g->c[v] = (uint8_t)(1 + (k >> i++ & 1));
  for (int i = 0; i < c->nstab; i++) {
    cg_grid img;
    cg_grid_transform(g, c->stab[i] & 7, c->stab[i] >> 3, &img);
    if (memcmp(img.c, g->c, (size_t)g->rows * g->cols) < 0) return 0;
  }
  return 1;
}

cgt_rc cg_census_next(cg_census *c, cg_census_row *row, int *more) {
  const census_rules *cr = c->cr;
  cgt_rc rc = CGT_OK;
  cg_grid g;
  *more = 0;
  if (c->pending) {
    c->pending = 0;
    *row = c->negated;
    *more = 1;
    return CGT_OK;
  }
  for (;;) {
    if (c->colour == c->colours && !next_shape(c, &rc)) return rc;
    if ((rc = cg_work(c->s, (uint64_t)c->size + 1)) != CGT_OK) return rc;
    if (colouring(c, c->colour++, &g)) break;
  }
  memset(row, 0, sizeof *row);
  row->board = g, row->cells = c->size;
  cg_grid_least(&row->board, cr->keep, unsigned_sign);
  int stored = c->size + cr->shrink <= c->max;
  if (c->values || stored) {
    rc = region_value(c, &g, &row->value);
    if (rc == CGT_OK && stored) {   /* the table's key: g normalised, with the value for it */
      cg_id v = row->value;
      if (cg_normalise(cr->r, &g) < 0) rc = cg_neg(c->s, v, &v);
      if (rc == CGT_OK) rc = cg_board_table_put(c->t, cr->r, &g, v);
    }
    if (rc) return rc;
    row->valued = 1;
  }
  /* The negated image: another row unless a value-keeping symmetry makes it the same. */
  cg_census_row *n = &c->negated;
  memset(n, 0, sizeof *n);
  cg_grid_transform(&row->board, cr->neg_sym, cr->neg_swap, &n->board);
  cg_grid_least(&n->board, cr->keep, unsigned_sign);
  if (!same(&n->board, &row->board)) {
    n->cells = c->size, n->valued = row->valued;
    if (row->valued && (rc = cg_neg(c->s, row->value, &n->value)) != CGT_OK) return rc;
    c->pending = 1;
  }
  *more = 1;
  return CGT_OK;
}
