/* The search of board rulesets, written once (search.h). */
#include "search.h"
#include "rulesets.h"

#include <stdio.h>
#include <string.h>

/* ---- the transposition table ---- */

/* A region's key: its ruleset, size and cells (2 bits each, in words). */
#define KEY_WORDS ((CG_BOARD_CELLS + 31) / 32)
typedef struct key {
  uint32_t dims;   /* POSITION | ruleset << 18 | rows << 9 | cols; never 0 */
  uint32_t words;
  uint64_t h;
  uint64_t w[KEY_WORDS];
} key;

typedef struct entry {
  uint64_t h;
  uint32_t dims;   /* 0: a free slot */
  uint32_t at;     /* the key's first word in keys */
  cg_id value;
} entry;

struct cg_board_table {
  entry *e;
  size_t cap, count;
  uint64_t *keys;  /* the cells of every key, packed */
  size_t used, keys_cap;
};

/* The flag of entries of whole positions as they are (not normalised). */
#define POSITION ((uint32_t)1 << 30)

/* Past this many entries (about 40 bytes each with their keys, at most
** half the slots used) the table drops its whole positions, or starts
** afresh when regions are most of it. */
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
  cgt_free(t->keys);
  cgt_free(t);
}

size_t cg_board_table_size(const cg_board_table *t) { return t ? t->count : 0; }

static void key_of(const cg_rules *r, const cg_grid *g, uint32_t flag, key *k) {
  int n = g->rows * g->cols;
  k->words = (uint32_t)(n + 31) / 32;
  for (uint32_t i = 0; i < k->words; i++) k->w[i] = 0;
  for (int i = 0; i < n; i++) k->w[i / 32] |= (uint64_t)g->c[i] << (2 * (i % 32));
  k->dims = flag | (uint32_t)r->id << 18 | (uint32_t)g->rows << 9 | g->cols;
  uint64_t h = k->dims;
  for (uint32_t i = 0; i < k->words; i++) h = cgt_mix64(h ^ k->w[i]);
  k->h = h;
}

static int same_key(const cg_board_table *t, const entry *e, const key *k) {
  if (e->h != k->h || e->dims != k->dims) return 0;
  for (uint32_t i = 0; i < k->words; i++)
    if (t->keys[e->at + i] != k->w[i]) return 0;
  return 1;
}

static int table_find(const cg_board_table *t, const key *k, cg_id *v) {
  if (!t || !t->cap) return 0;
  for (size_t i = (size_t)k->h & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    const entry *e = &t->e[i];
    if (!e->dims) return 0;
    if (same_key(t, e, k)) return *v = e->value, 1;
  }
}

static uint32_t words_of(uint32_t dims) {
  uint32_t rows = dims >> 9 & 511, cols = dims & 511;
  return (rows * cols + 31) / 32;
}

/* Rebuilds t's slots (cap of them) and keys from its entries, dropping
** none (drop 0), the whole positions (1) or all (2); CGT_NOMEM leaves t
** as it was. */
static cgt_rc rebuild(cg_board_table *t, size_t cap, int drop) {
  entry *e = cgt_calloc(cap, sizeof *e);
  uint64_t *keys = cgt_malloc((t->used ? t->used : 1) * sizeof *keys);
  if (!e || !keys) {
    cgt_free(e);
    cgt_free(keys);
    return CGT_NOMEM;
  }
  size_t used = 0, count = 0;
  for (size_t i = 0; i < t->cap; i++) {
    entry x = t->e[i];
    if (!x.dims || drop == 2 || (drop && (x.dims & POSITION))) continue;
    uint32_t n = words_of(x.dims);
    for (uint32_t w = 0; w < n; w++) keys[used + w] = t->keys[x.at + w];
    x.at = (uint32_t)used;
    used += n;
    size_t j = (size_t)x.h & (cap - 1);
    while (e[j].dims) j = (j + 1) & (cap - 1);
    e[j] = x;
    count++;
  }
  cgt_free(t->e);
  cgt_free(t->keys);
  t->e = e, t->cap = cap, t->keys = keys, t->used = used, t->keys_cap = t->used ? t->used : 1, t->count = count;
  return CGT_OK;
}

static cgt_rc table_put(cg_board_table *t, const key *k, cg_id v) {
  if (!t) return CGT_OK;
  cgt_rc rc = CGT_OK;
  if (t->count >= TABLE_MAX) {   /* keep the regions, drop the whole positions */
    rc = rebuild(t, t->cap, 1);
    if (rc == CGT_OK && t->count > TABLE_MAX / 2) rc = rebuild(t, t->cap, 2);   /* mostly regions: afresh */
    if (rc) return rc;
  }
  if (2 * (t->count + 1) > t->cap && (rc = rebuild(t, t->cap ? 2 * t->cap : 1024, 0)) != CGT_OK) return rc;
  if (t->used + k->words > UINT32_MAX) return CGT_TOOBIG;
  uint64_t *keys = cgt_grow(t->keys, &t->keys_cap, t->used + k->words, sizeof *keys, 4096);
  if (!keys) return CGT_NOMEM;
  t->keys = keys;
  size_t j = (size_t)k->h & (t->cap - 1);
  while (t->e[j].dims) j = (j + 1) & (t->cap - 1);
  t->e[j] = (entry){k->h, k->dims, (uint32_t)t->used, v};
  for (uint32_t w = 0; w < k->words; w++) t->keys[t->used++] = k->w[w];
  t->count++;
  return CGT_OK;
}

int cg_board_table_find(const cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *v) {
  key k;
  key_of(r, g, 0, &k);
  return table_find(t, &k, v);
}

cgt_rc cg_board_table_put(cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id v) {
  key k;
  key_of(r, g, 0, &k);
  return table_put(t, &k, v);
}

/* ---- the search ---- */

typedef struct search {
  cg_store *s;
  cg_board_table *t;
  const cg_rules *r;
  cg_grid *scratch;   /* CG_BOARD_MAXOPT grids: options or regions, copied out at once */
} search;

static cgt_rc position_value(search *x, const cg_grid *g, cg_id *out);

/* Copies n grids of scratch, each of cells squares, into one block. */
static uint8_t *pack(const cg_grid *scratch, uint32_t n, size_t cells) {
  uint8_t *p = cgt_malloc(n * cells + 1);
  for (uint32_t i = 0; p && i < n; i++) memcpy(p + i * cells, scratch[i].c, cells);
  return p;
}

/* The value of a normalised region g, by its options (an impartial
** ruleset's are the same for both players). */
static cgt_rc region_value(search *x, const cg_grid *g, cg_id *out) {
  cgt_rc rc = cg_descend(x->s);
  if (rc) return rc;
  size_t cells = (size_t)g->rows * g->cols;
  uint32_t n[2] = {0, 0};
  cg_id *ids[2] = {NULL, NULL};
  cg_grid *o = cgt_malloc(sizeof *o);
  if (!o) rc = CGT_NOMEM;
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    if (side && x->r->impartial) {
      n[1] = n[0], ids[1] = ids[0];
      break;
    }
    n[side] = x->r->options(x->r, g, side, x->scratch, NULL);
    rc = cg_work(x->s, (uint64_t)(n[side] + 1) * (cells + 1));
    uint8_t *opts = rc ? NULL : pack(x->scratch, n[side], cells);
    ids[side] = opts ? cgt_malloc((n[side] + 1) * sizeof **ids) : NULL;
    if (rc == CGT_OK && !ids[side]) rc = CGT_NOMEM;
    o->rows = g->rows, o->cols = g->cols;
    for (uint32_t i = 0; i < n[side] && rc == CGT_OK; i++) {
      memcpy(o->c, opts + i * cells, cells);
      rc = position_value(x, o, &ids[side][i]);
    }
    cgt_free(opts);
  }
  if (rc == CGT_OK) rc = cg_game(x->s, ids[0], n[0], ids[1], n[1], out);
  cgt_free(ids[0]);
  if (!x->r->impartial) cgt_free(ids[1]);
  cgt_free(o);
  cg_ascend(x->s);
  return rc;
}

/* The value of any position g: the sum of its regions' values. */
static cgt_rc position_value(search *x, const cg_grid *g, cg_id *out) {
  /* A position met before, as it is (another order of the same moves). */
  key whole;
  key_of(x->r, g, POSITION, &whole);
  if (table_find(x->t, &whole, out)) return CGT_OK;
  uint32_t n = x->r->regions(x->r, g, x->scratch);
  cgt_rc rc = cg_work(x->s, (uint64_t)g->rows * g->cols + 1);
  /* The regions, copied out of the scratch space before any is valued. */
  size_t bytes = 1;
  for (uint32_t i = 0; i < n; i++) bytes += cg_grid_packed(&x->scratch[i]);
  cg_grid *one = rc ? NULL : cgt_malloc(sizeof *one);
  uint8_t *regs = one ? cgt_malloc(bytes) : NULL;
  if (rc == CGT_OK && !regs) rc = CGT_NOMEM;
  for (size_t i = 0, at = 0; i < n && rc == CGT_OK; i++) at += cg_grid_pack(regs + at, &x->scratch[i]);
  if (rc == CGT_OK) rc = cg_integer(x->s, 0, out);
  for (size_t i = 0, at = 0; i < n && rc == CGT_OK; i++) {
    at += cg_grid_unpack(one, regs + at);
    int sign = cg_normalise(x->r, one);
    key k;
    cg_id v;
    key_of(x->r, one, 0, &k);
    if (!table_find(x->t, &k, &v)) {
      rc = region_value(x, one, &v);
      if (rc == CGT_OK) rc = table_put(x->t, &k, v);
    }
    if (rc == CGT_OK && sign < 0) rc = cg_neg(x->s, v, &v);
    if (rc == CGT_OK) rc = i == 0 ? (*out = v, CGT_OK) : cg_add(x->s, *out, v, out);
  }
  cgt_free(regs);
  cgt_free(one);
  if (rc == CGT_OK) rc = table_put(x->t, &whole, *out);
  return rc;
}

cgt_rc cg_board_value(cg_store *s, cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *out) {
  search x = {s, t, r, NULL};
  cg_board_table *own = NULL;
  if (!t) {   /* a table for this call only */
    own = x.t = cg_board_table_new();
    if (!own) return CGT_NOMEM;
  }
  x.scratch = cgt_malloc(CG_BOARD_MAXOPT * sizeof *x.scratch);
  cgt_rc rc = x.scratch ? position_value(&x, g, out) : CGT_NOMEM;
  cgt_free(x.scratch);
  cg_board_table_free(own);
  return rc;
}

cgt_rc cg_board(cg_store *s, cg_board_table *t, const char *ruleset, const char *text, cg_id *out, char *err,
                size_t errlen) {
  const cg_rules *r = cg_rules_find(ruleset);
  if (!r) {
    snprintf(err, errlen, "unknown board ruleset '%s' (%s)", ruleset, CG_RULESET_NAMES);
    return CGT_SYNTAX;
  }
  cg_grid g;
  cgt_rc rc = cg_board_parse(r, text, &g, err, errlen);
  return rc ? rc : cg_board_value(s, t, r, &g, out);
}
