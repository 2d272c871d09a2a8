/* The search of board rulesets, written once (search.h). */
#include "search.h"
#include "rulesets.h"

#include <stdio.h>
#include <string.h>

/* ---- the transposition table ---- */

typedef struct entry {
  uint64_t a, b;
  uint32_t dims;   /* POSITION | ruleset << 16 | rows << 8 | cols; 0: a free slot */
  cg_id value;
} entry;

struct cg_board_table {
  entry *e;
  size_t cap, count;
};

/* The flag of entries of whole positions as they are (not normalised). */
#define POSITION ((uint32_t)1 << 24)

/* Past this many entries (24 bytes each, at most half the slots used: 192
** MB) the table drops its whole positions, or starts afresh when regions
** are most of it. */
#ifndef CG_BOARD_TABLE_MAX
#define CG_BOARD_TABLE_MAX (1u << 22)
#endif
#define TABLE_MAX ((size_t)CG_BOARD_TABLE_MAX)

cg_board_table *cg_board_table_new(void) {
  cg_board_table *t = cgt_calloc(1, sizeof *t);
  return t;
}

void cg_board_table_free(cg_board_table *t) {
  if (!t) return;
  cgt_free(t->e);
  cgt_free(t);
}

size_t cg_board_table_size(const cg_board_table *t) { return t ? t->count : 0; }

static void key_of(const cg_rules *r, const cg_grid *g, entry *k) {
  k->a = k->b = 0;
  int n = g->rows * g->cols;
  for (int i = 0; i < n; i++) {
    if (i < 32) k->a |= (uint64_t)g->c[i] << (2 * i);
    else k->b |= (uint64_t)g->c[i] << (2 * (i - 32));
  }
  k->dims = (uint32_t)r->id << 16 | (uint32_t)g->rows << 8 | g->cols;
}

static size_t slot_of(const entry *k, size_t cap) {
  uint64_t h = k->a * 0x9e3779b97f4a7c15ull ^ (k->b + 0x632be59bd9b4e019ull) * 0xff51afd7ed558ccdull ^ k->dims;
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 29;
  return (size_t)h & (cap - 1);
}

static int table_find(const cg_board_table *t, const entry *k, cg_id *v) {
  if (!t || !t->cap) return 0;
  for (size_t i = slot_of(k, t->cap);; i = (i + 1) & (t->cap - 1)) {
    const entry *e = &t->e[i];
    if (!e->dims) return 0;
    if (e->dims == k->dims && e->a == k->a && e->b == k->b) return *v = e->value, 1;
  }
}

static cgt_rc table_put(cg_board_table *t, const entry *k, cg_id v) {
  if (!t) return CGT_OK;
  if (t->count >= TABLE_MAX) {   /* keep the regions, drop the whole positions */
    size_t kept = 0;
    for (size_t i = 0; i < t->cap; i++)
      if (t->e[i].dims & POSITION) t->e[i].dims = 0;
    entry *old = t->e;
    t->e = cgt_calloc(t->cap, sizeof *t->e);
    if (!t->e) {
      t->e = old;
      memset(t->e, 0, t->cap * sizeof *t->e);
      t->count = 0;
      return CGT_NOMEM;
    }
    for (size_t i = 0; i < t->cap; i++) {
      if (!old[i].dims) continue;
      size_t j = slot_of(&old[i], t->cap);
      while (t->e[j].dims) j = (j + 1) & (t->cap - 1);
      t->e[j] = old[i];
      kept++;
    }
    cgt_free(old);
    t->count = kept;
    if (kept > TABLE_MAX / 2) {   /* mostly regions: start afresh */
      memset(t->e, 0, t->cap * sizeof *t->e);
      t->count = 0;
    }
  }
  if (2 * (t->count + 1) > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 1024;
    entry *e = cgt_calloc(cap, sizeof *e);
    if (!e) return CGT_NOMEM;
    for (size_t i = 0; i < t->cap; i++) {
      if (!t->e[i].dims) continue;
      size_t j = slot_of(&t->e[i], cap);
      while (e[j].dims) j = (j + 1) & (cap - 1);
      e[j] = t->e[i];
    }
    cgt_free(t->e);
    t->e = e, t->cap = cap;
  }
  size_t j = slot_of(k, t->cap);
  while (t->e[j].dims) j = (j + 1) & (t->cap - 1);
  t->e[j] = *k;
  t->e[j].value = v;
  t->count++;
  return CGT_OK;
}

int cg_board_table_find(const cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *v) {
  entry k;
  key_of(r, g, &k);
  return table_find(t, &k, v);
}

cgt_rc cg_board_table_put(cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id v) {
  entry k;
  key_of(r, g, &k);
  return table_put(t, &k, v);
}

/* ---- the search ---- */

typedef struct search {
  cg_store *s;
  cg_board_table *t;
  const cg_rules *r;
} search;

/* The scratch space of one region's search (on the heap: the C stack holds
** only small frames, whatever the depth). */
typedef struct frame {
  cg_grid opts[CG_BOARD_MAXOPT];
  cg_grid regs[CG_BOARD_CELLS];
  cg_id L[CG_BOARD_MAXOPT], R[CG_BOARD_MAXOPT];
} frame;

static cgt_rc position_value(search *x, const cg_grid *g, cg_grid *regs, cg_id *out);

/* The value of a normalised region g, by its options. */
static cgt_rc region_value(search *x, const cg_grid *g, cg_id *out) {
  cgt_rc rc = cg_descend(x->s);
  if (rc) return rc;
  frame *f = cgt_malloc(sizeof *f);
  if (!f) rc = CGT_NOMEM;
  uint32_t n[2] = {0, 0};
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    n[side] = x->r->options(g, side, f->opts);
    rc = cg_work(x->s, (uint64_t)(n[side] + 1) * (g->rows * g->cols + 1));
    for (uint32_t i = 0; i < n[side] && rc == CGT_OK; i++)
      rc = position_value(x, &f->opts[i], f->regs, side ? &f->R[i] : &f->L[i]);
  }
  if (rc == CGT_OK) rc = cg_game(x->s, f->L, n[0], f->R, n[1], out);
  cgt_free(f);
  cg_ascend(x->s);
  return rc;
}

/* The value of any position g: the sum of its regions' values (regs is
** scratch space for CG_BOARD_CELLS regions). */
static cgt_rc position_value(search *x, const cg_grid *g, cg_grid *regs, cg_id *out) {
  /* A position met before, as it is (another order of the same moves). */
  entry whole;
  key_of(x->r, g, &whole);
  whole.dims |= POSITION;
  if (table_find(x->t, &whole, out)) return CGT_OK;
  uint32_t n = x->r->regions(g, regs);
  cgt_rc rc = cg_work(x->s, (uint64_t)g->rows * g->cols + 1);
  if (rc == CGT_OK) rc = cg_integer(x->s, 0, out);
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    int sign = x->r->normalise(&regs[i]);
    entry k;
    cg_id v;
    key_of(x->r, &regs[i], &k);
    if (!table_find(x->t, &k, &v)) {
      rc = region_value(x, &regs[i], &v);
      if (rc == CGT_OK) rc = table_put(x->t, &k, v);
    }
    if (rc == CGT_OK && sign < 0) rc = cg_neg(x->s, v, &v);
    if (rc == CGT_OK) rc = i == 0 ? (*out = v, CGT_OK) : cg_add(x->s, *out, v, out);
  }
  if (rc == CGT_OK) rc = table_put(x->t, &whole, *out);
  return rc;
}

cgt_rc cg_board_value(cg_store *s, cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *out) {
  search x = {s, t, r};
  cg_board_table *own = NULL;
  if (!t) {   /* a table for this call only */
    own = x.t = cg_board_table_new();
    if (!own) return CGT_NOMEM;
  }
  cg_grid *regs = cgt_malloc(CG_BOARD_CELLS * sizeof *regs);
  cgt_rc rc = regs ? position_value(&x, g, regs, out) : CGT_NOMEM;
  cgt_free(regs);
  cg_board_table_free(own);
  return rc;
}

cgt_rc cg_board(cg_store *s, cg_board_table *t, const char *ruleset, const char *text, cg_id *out, char *err,
                size_t errlen) {
  const cg_rules *r = cg_rules_find(ruleset);
  if (!r) {
    snprintf(err, errlen, "unknown board ruleset '%s' (domineering, clobber, toadsfrogs)", ruleset);
    return CGT_SYNTAX;
  }
  cg_grid g;
  cgt_rc rc = cg_board_parse(r, text, &g, err, errlen);
  return rc ? rc : cg_board_value(s, t, r, &g, out);
}
