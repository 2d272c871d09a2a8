/* The store of canonical partizan games; see pgame.h. */
#include "pgame.h"

#include <stdlib.h>
#include <string.h>

/* Numbers, number + ups + nimber values, and the rest. */
enum { K_NUMBER = 1, K_NUS = 2, K_GENERAL = 3 };
#define NO_OPTIONS UINT32_MAX
#define NO_BIRTHDAY UINT64_MAX

typedef struct entry {
  uint8_t kind;
  uint32_t star;     /* K_NUS: the nimber part */
  int64_t ups;       /* K_NUS: the up multiple */
  cg_dyadic x;       /* K_NUMBER, K_NUS: the number (part) */
  uint32_t off;      /* options at opt[off..off+nl+nr), L first; NO_OPTIONS until made (numbers, nus) */
  uint32_t nl, nr;
  uint64_t birthday; /* NO_BIRTHDAY until computed */
  uint64_t hash;     /* of the interning table, kept so that growing it reads no option lists */
  cg_dyadic stop[2]; /* K_GENERAL: right [0] and left [1] stops, once has_stops */
  uint8_t has_stops;
} entry;

/* Open addressing map from 64-bit keys to 32-bit values (0: absent). */
typedef struct map {
  uint64_t *key;
  uint32_t *val;
  size_t mask, count;
} map;

struct cg_store {
  entry *e;
  uint32_t n, cap;
  cg_id *opt;
  size_t nopt, capopt;
  uint32_t *slot;    /* interning: id+1 by hash */
  size_t slot_mask;
  map add, neg, le;
  cg_bigs *bigs;     /* big numerators of numbers */
  cgt_stop *stop;    /* charged by long operations */
  uint32_t depth;    /* nested calls of the recursion under way */
  uintptr_t stack_base;   /* where the C stack stood at depth 0 */
};

/* ---- maps ---- */

static uint32_t map_get(const map *m, uint64_t key) {
  if (!m->key) return 0;
  for (size_t i = cgt_mix64(key) & m->mask;; i = (i + 1) & m->mask) {
    if (!m->val[i]) return 0;
    if (m->key[i] == key) return m->val[i];
  }
}

/* The memo maps are caches: past MAP_MAX entries one starts afresh rather
** than grow further.  A rehash charges st as it goes (rehashing 2^20
** entries takes up to 100 ms); when st says stop it is abandoned, the old
** map kept and the entry not stored, and the caller's next charge stops. */
#define MAP_MAX ((size_t)1 << 20)

static int map_put(map *m, uint64_t key, uint32_t val, cgt_stop *st) {
  if (m->key && m->count + 1 > MAP_MAX) {
    memset(m->val, 0, (m->mask + 1) * sizeof *m->val);
    m->count = 0;
  }
  if (!m->key || 2 * (m->count + 1) > m->mask + 1) {
    size_t cap = m->key ? 2 * (m->mask + 1) : 1024;
    uint64_t *k = cgt_malloc(cap * sizeof *k);
    uint32_t *v = cgt_calloc(cap, sizeof *v);
    if (!k || !v) {
      cgt_free(k);
      cgt_free(v);
      return 0;
    }
    for (size_t i = 0; m->key && i <= m->mask; i++) {
      if ((i & 4095) == 4095 && cgt_stop_charge(st, 4096)) {
        cgt_free(k);
        cgt_free(v);
        return 1;
      }
      if (!m->val[i]) continue;
      size_t j = cgt_mix64(m->key[i]) & (cap - 1);
      while (v[j]) j = (j + 1) & (cap - 1);
      k[j] = m->key[i];
      v[j] = m->val[i];
    }
    cgt_free(m->key);
    cgt_free(m->val);
    m->key = k;
    m->val = v;
    m->mask = cap - 1;
  }
  size_t i = cgt_mix64(key) & m->mask;
  while (m->val[i] && m->key[i] != key) i = (i + 1) & m->mask;
  if (!m->val[i]) m->count++;
  m->key[i] = key;
  m->val[i] = val;
  return 1;
}

static void map_free(map *m) {
  cgt_free(m->key);
  cgt_free(m->val);
}

/* ---- the store ---- */

cg_store *cg_store_new(void) {
  cg_store *s = cgt_calloc(1, sizeof *s);
  if (!s) return NULL;
  cg_id zero;
  s->bigs = cg_bigs_new();
  if (!s->bigs || cg_integer(s, 0, &zero) != CGT_OK) {
    cg_store_free(s);
    return NULL;
  }
  return s;
}

void cg_store_free(cg_store *s) {
  if (!s) return;
  cgt_free(s->e);
  cgt_free(s->opt);
  cgt_free(s->slot);
  map_free(&s->add);
  map_free(&s->neg);
  map_free(&s->le);
  cg_bigs_free(s->bigs);
  cgt_free(s);
}

size_t cg_store_size(const cg_store *s) { return s->n; }

size_t cg_store_bytes(const cg_store *s) {
  return (size_t)s->cap * sizeof(entry) + s->capopt * sizeof(cg_id) + (s->slot ? (s->slot_mask + 1) * 4 : 0) +
         (s->add.mask + s->neg.mask + s->le.mask + 3) * 12 + cg_bigs_bytes(s->bigs);
}

cg_bigs *cg_store_bigs(cg_store *s) { return s->bigs; }

void cg_store_set_stop(cg_store *s, cgt_stop *st) { s->stop = st; }
cgt_stop *cg_store_get_stop(const cg_store *s) { return s->stop; }

cgt_rc cg_work(cg_store *s, uint64_t units) { return cgt_stop_charge(s->stop, units) ? CGT_INTERRUPTED : CGT_OK; }

void cg_budget_begin(cg_budget *b, cg_store *s, uint64_t max) {
  cgt_budget_init(b, s->stop, max);
  s->stop = &b->stop;
}

cgt_rc cg_budget_end(cg_budget *b, cg_store *s, cgt_rc rc) {
  s->stop = b->inner;
  return cgt_budget_rc(b, rc);
}

/* A level of recursion over games does work of about 16 elementary steps
** (comparisons through caches, option lists) before it descends further. */
#define LEVEL_UNITS 16

cgt_rc cg_descend(cg_store *s) {
  char here;   /* its address measures the C stack used since depth 0 */
  uintptr_t at = (uintptr_t)&here;
  if (s->depth == 0) s->stack_base = at;
  uintptr_t used = s->stack_base > at ? s->stack_base - at : at - s->stack_base;
  if (s->depth >= CG_DEPTH_MAX || used > CG_STACK_BUDGET) return CGT_TOODEEP;
  if (cgt_stop_charge(s->stop, LEVEL_UNITS)) return CGT_INTERRUPTED;
  s->depth++;
  return CGT_OK;
}

void cg_ascend(cg_store *s) { s->depth--; }

static uint64_t hash_nus(cg_dyadic x, int64_t ups, uint32_t star) {
  return cgt_mix64(cg_dyadic_hash(x) ^ cgt_mix64((uint64_t)ups * 0x9e3779b97f4a7c15ull + star + 0x1234));
}

static uint64_t hash_lists(const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr) {
  uint64_t h = 0x9e3779b97f4a7c15ull + nl;
  for (uint32_t i = 0; i < nl; i++) h = cgt_mix64(h ^ L[i]);
  h = cgt_mix64(h ^ 0xabcdefull ^ nr);
  for (uint32_t i = 0; i < nr; i++) h = cgt_mix64(h ^ R[i]);
  return h;
}

static cgt_rc grow_slots(cg_store *s) {
  size_t cap = s->slot ? 2 * (s->slot_mask + 1) : 4096;
  uint32_t *slot = cgt_calloc(cap, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  for (uint32_t id = 0; id < s->n; id++) {
    const entry *e = &s->e[id];
    uint64_t h = e->hash;
    size_t j = h & (cap - 1);
    while (slot[j]) j = (j + 1) & (cap - 1);
    slot[j] = id + 1;
  }
  cgt_free(s->slot);
  s->slot = slot;
  s->slot_mask = cap - 1;
  return CGT_OK;
}

static cgt_rc new_entry(cg_store *s, uint32_t *id) {
  if (s->n == UINT32_MAX - 1) return CGT_TOOBIG;
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? 2 * s->cap : 1024;
    entry *e = cgt_realloc(s->e, (size_t)cap * sizeof *e);
    if (!e) return CGT_NOMEM;
    s->e = e;
    s->cap = cap;
  }
  if (!s->slot || 2 * ((size_t)s->n + 1) > s->slot_mask + 1) {
    cgt_rc rc = grow_slots(s);
    if (rc) return rc;
  }
  memset(&s->e[s->n], 0, sizeof s->e[s->n]);
  s->e[s->n].birthday = NO_BIRTHDAY;
  s->e[s->n].off = NO_OPTIONS;
  *id = s->n++;
  return CGT_OK;
}

static cgt_rc push_options(cg_store *s, const cg_id *ids, uint32_t n) {
  if (n == 0) return CGT_OK;
  cg_id *o = cgt_grow(s->opt, &s->capopt, s->nopt + n, sizeof *o, 4096);
  if (!o) return CGT_NOMEM;
  s->opt = o;
  memcpy(s->opt + s->nopt, ids, n * sizeof *ids);
  s->nopt += n;
  return CGT_OK;
}

/* Inserts the id into the interning table (its slot must be free). */
static void index_id(cg_store *s, uint64_t h, cg_id id) {
  s->e[id].hash = h;
  size_t j = h & s->slot_mask;
  while (s->slot[j]) j = (j + 1) & s->slot_mask;
  s->slot[j] = id + 1;
}

cgt_rc cg_nus(cg_store *s, cg_dyadic x, int64_t ups, uint32_t star, cg_id *out) {
  if (ups > CG_UPS_MAX || ups < -CG_UPS_MAX || star > CG_NIMBER_MAX) return CGT_RANGE;
  uint8_t kind = ups == 0 && star == 0 ? K_NUMBER : K_NUS;
  uint64_t h = hash_nus(x, ups, star);
  for (size_t j = s->slot ? (h & s->slot_mask) : 0; s->slot && s->slot[j]; j = (j + 1) & s->slot_mask) {
    const entry *e = &s->e[s->slot[j] - 1];
    if (e->kind == kind && cg_dyadic_eq(e->x, x) && e->ups == ups && e->star == star) {
      *out = s->slot[j] - 1;
      return CGT_OK;
    }
  }
  uint32_t id;
  cgt_rc rc = new_entry(s, &id);
  if (rc) return rc;
  s->e[id].kind = kind;
  s->e[id].x = x;
  s->e[id].ups = ups;
  s->e[id].star = star;
  index_id(s, h, id);
  *out = id;
  return CGT_OK;
}

cgt_rc cg_number(cg_store *s, cg_dyadic x, cg_id *out) { return cg_nus(s, x, 0, 0, out); }

cgt_rc cg_integer(cg_store *s, int64_t n, cg_id *out) {
  cg_dyadic x;
  cgt_rc rc = cg_dyadic_make(s->bigs, n, 0, &x);
  return rc ? rc : cg_number(s, x, out);
}

cgt_rc cg_nimber(cg_store *s, uint32_t n, cg_id *out) { return cg_nus(s, (cg_dyadic){0, 0, 0}, 0, n, out); }

int cg_is_number(const cg_store *s, cg_id a, cg_dyadic *x) {
  if (s->e[a].kind != K_NUMBER) return 0;
  if (x) *x = s->e[a].x;
  return 1;
}

int cg_is_nus(const cg_store *s, cg_id a, cg_dyadic *x, int64_t *ups, uint32_t *star) {
  const entry *e = &s->e[a];
  if (e->kind == K_GENERAL) return 0;
  if (x) *x = e->x;
  if (ups) *ups = e->ups;
  if (star) *star = e->star;
  return 1;
}

int cg_is_nimber(const cg_store *s, cg_id a, uint32_t *n) {
  const entry *e = &s->e[a];
  if (e->kind == K_GENERAL || e->ups != 0 || !cg_dyadic_is_zero(e->x)) return 0;
  if (n) *n = e->star;
  return 1;
}

/* Stores the options of entry a (L first). */
static cgt_rc set_options(cg_store *s, cg_id a, const cg_id *o, uint32_t nl, uint32_t nr) {
  uint32_t off = (uint32_t)s->nopt;
  if (s->nopt + nl + nr > CG_OPTION_IDS_MAX) return CGT_LIMIT;
  cgt_rc rc = push_options(s, o, nl + nr);
  if (rc == CGT_OK) s->e[a].off = off, s->e[a].nl = nl, s->e[a].nr = nr;
  return rc;
}

/* The options of a number, made now: n > 0 is {n-1|}, n < 0 is {|n+1},
** m/2^k is {(m-1)/2^k | (m+1)/2^k}. */
static cgt_rc number_options(cg_store *s, cg_id a) {
  cg_dyadic x = s->e[a].x, step, lo, hi;
  cg_id o[2];
  uint32_t nl = 0, nr = 0;
  int sign = cg_dyadic_sign(s->bigs, x);
  cgt_rc rc = cg_dyadic_make(s->bigs, 1, x.exp, &step);
  if (rc == CGT_OK) rc = cg_dyadic_sub(s->bigs, x, step, &lo);
  if (rc == CGT_OK) rc = cg_dyadic_add(s->bigs, x, step, &hi);
  if (rc) return rc;
  if (x.exp == 0) {
    if (sign > 0) rc = cg_number(s, lo, &o[0]), nl = 1;
    else if (sign < 0) rc = cg_number(s, hi, &o[0]), nr = 1;
  } else {
    rc = cg_number(s, lo, &o[0]);
    if (rc == CGT_OK) rc = cg_number(s, hi, &o[1]);
    nl = nr = 1;
  }
  return rc ? rc : set_options(s, a, o, nl, nr);
}

/* The options of x + n.^ + *k, made now (translation by x, then):
**   *k       = {*0, ..., *(k-1) | *0, ..., *(k-1)}
**   ^*       = {0, * | 0}
**   n.^ *k   = {0 | (n-1).^ *(k^1)}   for n >= 1 otherwise
** and the negatives for n < 0. */
static cgt_rc nus_options(cg_store *s, cg_id a) {
  cg_dyadic x = s->e[a].x;
  int64_t ups = s->e[a].ups;
  uint32_t star = s->e[a].star;
  cgt_rc rc;
  if (ups == 0) {
    if (star > CG_OPTIONS_MAX) return CGT_LIMIT;
    if ((rc = cg_work(s, star))) return rc;
    cg_id *o = cgt_malloc(2 * (size_t)star * sizeof *o);
    if (!o) return CGT_NOMEM;
    rc = CGT_OK;
    for (uint32_t k = 0; k < star && rc == CGT_OK; k++) {
      rc = cg_nus(s, x, 0, k, &o[k]);
      o[star + k] = o[k];
    }
    if (rc == CGT_OK) rc = set_options(s, a, o, star, star);
    cgt_free(o);
    return rc;
  }
  cg_id num, num_star, next, o[3];
  rc = cg_number(s, x, &num);
  if (rc) return rc;
  if (ups == 1 && star == 1) {
    if ((rc = cg_nus(s, x, 0, 1, &num_star))) return rc;
    o[0] = num, o[1] = num_star, o[2] = num;
    return set_options(s, a, o, 2, 1);
  }
  if (ups == -1 && star == 1) {
    if ((rc = cg_nus(s, x, 0, 1, &num_star))) return rc;
    o[0] = num, o[1] = num, o[2] = num_star;
    return set_options(s, a, o, 1, 2);
  }
  if ((rc = cg_nus(s, x, ups > 0 ? ups - 1 : ups + 1, star ^ 1, &next))) return rc;
  o[0] = ups > 0 ? num : next;
  o[1] = ups > 0 ? next : num;
  return set_options(s, a, o, 1, 1);
}

static cgt_rc ensure_options(cg_store *s, cg_id a) {
  if (s->e[a].off != NO_OPTIONS) return CGT_OK;
  return s->e[a].kind == K_NUMBER ? number_options(s, a) : nus_options(s, a);
}

cgt_rc cg_options(cg_store *s, cg_id a, const cg_id **L, uint32_t *nl, const cg_id **R, uint32_t *nr) {
  cgt_rc rc = ensure_options(s, a);
  if (rc) return rc;
  static const cg_id none[1] = {0};   /* never NULL, even with no options stored yet */
  const entry *e = &s->e[a];
  *L = s->opt ? s->opt + e->off : none;
  *nl = e->nl;
  *R = s->opt ? s->opt + e->off + e->nl : none;
  *nr = e->nr;
  return CGT_OK;
}

/* ---- options by index (the arena may move while recursing) ---- */

static cg_id left_opt(const cg_store *s, cg_id a, uint32_t i) { return s->opt[s->e[a].off + i]; }
static cg_id right_opt(const cg_store *s, cg_id a, uint32_t i) { return s->opt[s->e[a].off + s->e[a].nl + i]; }

/* ---- comparison ---- */

static cgt_rc stops(cg_store *s, cg_id a, cg_dyadic *ls, cg_dyadic *rs);

/* Settles a <= b from the stops of a (la, ra) and b (lb, rb) when it can
** (returns 1 with *res set, else 0): a <= b needs LS(a) <= LS(b) and
** RS(a) <= RS(b), and LS(a) < RS(b) makes a - b have a negative left stop,
** so a < b. */
static int decide_by_stops(const cg_bigs *B, cg_dyadic la, cg_dyadic ra, cg_dyadic lb, cg_dyadic rb, int *res) {
  if (cg_dyadic_cmp(B, la, lb) > 0 || cg_dyadic_cmp(B, ra, rb) > 0) return *res = 0, 1;
  if (cg_dyadic_cmp(B, la, rb) < 0) return *res = 1, 1;
  return 0;
}

/* Settles a <= b from the stops alone when it can (*known = 1). */
static cgt_rc le_by_stops(cg_store *s, cg_id a, cg_id b, int *known, int *res) {
  cg_dyadic la, ra, lb, rb;
  cgt_rc rc = stops(s, a, &la, &ra);
  if (rc == CGT_OK) rc = stops(s, b, &lb, &rb);
  if (rc == CGT_OK) *known = decide_by_stops(s->bigs, la, ra, lb, rb, res);
  return rc;
}

/* x + u.^ + *m <= y + v.^ + *n for nus values: the difference
** (y - x) + (v - u).^ + *(m^n) is >= 0 when y - x > 0, or when y = x and
** w = v - u, k = m^n make w.^ *k >= 0: w = 0 and k = 0, w >= 2, or w = 1
** and k != 1 (^* is fuzzy). */
static int nus_le(const cg_store *s, const entry *a, const entry *b) {
  int c = cg_dyadic_cmp(s->bigs, b->x, a->x);
  if (c) return c > 0;
  __int128 w = (__int128)b->ups - a->ups;
  uint32_t k = a->star ^ b->star;
  return (w == 0 && k == 0) || w >= 2 || (w == 1 && k != 1);
}

/*
** G <= H exactly when no Left option of G is >= H and no Right option of H
** is <= G.  When one side is a number x and the other a canonical game that
** is not a number, only the other side's moves matter (number avoidance):
** G <= x iff no G^L >= x, and x <= G iff no G^R <= x.
*/
static cgt_rc le_general(cg_store *s, cg_id a, cg_id b, int *res) {
  int known;
  cgt_rc rc = le_by_stops(s, a, b, &known, res);   /* (before the memo: cheaper, and kept out of it) */
  if (rc || known) return rc;
  uint64_t key = (uint64_t)a << 32 | b;
  uint32_t memo = map_get(&s->le, key);
  if (memo) return *res = memo == 2, CGT_OK;
  rc = ensure_options(s, a);
  if (rc == CGT_OK) rc = ensure_options(s, b);
  int le = 1, r;
  int a_num = s->e[a].kind == K_NUMBER, b_num = s->e[b].kind == K_NUMBER;
  if (rc == CGT_OK && !b_num) {   /* no Right option of b is <= a */
    for (uint32_t i = 0; le && rc == CGT_OK && i < s->e[b].nr; i++)
      if ((rc = cg_le(s, right_opt(s, b, i), a, &r)) == CGT_OK && r) le = 0;
  }
  if (rc == CGT_OK && !a_num) {   /* no Left option of a is >= b */
    for (uint32_t i = 0; le && rc == CGT_OK && i < s->e[a].nl; i++)
      if ((rc = cg_le(s, b, left_opt(s, a, i), &r)) == CGT_OK && r) le = 0;
  }
  if (rc) return rc;
  if (!map_put(&s->le, key, le ? 2 : 1, s->stop)) return CGT_NOMEM;
  *res = le;
  return CGT_OK;
}

cgt_rc cg_le(cg_store *s, cg_id a, cg_id b, int *res) {
  if (a == b) return *res = 1, CGT_OK;
  const entry *ea = &s->e[a], *eb = &s->e[b];
  if (ea->kind != K_GENERAL && eb->kind != K_GENERAL) return *res = nus_le(s, ea, eb), CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = le_general(s, a, b, res);
  cg_ascend(s);
  return rc;
}

cgt_rc cg_compare(cg_store *s, cg_id a, cg_id b, char *cmp) {
  int ab, ba;
  cgt_rc rc = cg_le(s, a, b, &ab);
  if (rc == CGT_OK) rc = cg_le(s, b, a, &ba);
  if (rc == CGT_OK) *cmp = ab && ba ? '=' : ab ? '<' : ba ? '>' : '|';
  return rc;
}

/* ---- canonical forms ---- */

typedef struct list {
  cg_id *v;
  uint32_t n, cap;
} list;

static int list_push(list *l, cg_id x) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? 2 * l->cap : 8;
    if (cap <= l->cap) return 0;
    cg_id *v = cgt_realloc(l->v, cap * sizeof *v);
    if (!v) return 0;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = x;
  return 1;
}

static int cmp_id(const void *a, const void *b) {
  cg_id x = *(const cg_id *)a, y = *(const cg_id *)b;
  return (x > y) - (x < y);
}

static void sort_unique(list *l) {
  if (l->n < 2) return;
  qsort(l->v, l->n, sizeof *l->v, cmp_id);
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++)
    if (k == 0 || l->v[k - 1] != l->v[i]) l->v[k++] = l->v[i];
  l->n = k;
}

/* The game G = {L | R} under construction, and its stops when they are
** known: LS' = max RS(G^L), RS' = min LS(G^R) are its stops unless G is a
** number v, and then LS' <= v <= RS'; so when LS' >= RS' they are. */
typedef struct cand {
  const list *L, *R;
  int has_stops;
  cg_dyadic ls, rs;
} cand;

static cgt_rc cand_stops(cg_store *s, cand *g) {
  g->has_stops = 0;
  if (g->L->n == 0 || g->R->n == 0) return CGT_OK;
  for (uint32_t i = 0; i < g->L->n + g->R->n; i++) {
    int left = i < g->L->n;
    cg_dyadic l, r;
    cgt_rc rc = stops(s, left ? g->L->v[i] : g->R->v[i - g->L->n], &l, &r);
    if (rc) return rc;
    if (left && (i == 0 || cg_dyadic_cmp(s->bigs, r, g->ls) > 0)) g->ls = r;
    if (!left && (i == g->L->n || cg_dyadic_cmp(s->bigs, l, g->rs) < 0)) g->rs = l;
  }
  g->has_stops = cg_dyadic_cmp(s->bigs, g->ls, g->rs) >= 0;
  return CGT_OK;
}

/* Settles x <= G (x_le = 1) or G <= x from the stops when it can, as
** decide_by_stops does. */
static cgt_rc cand_by_stops(cg_store *s, const cand *g, cg_id x, int x_le, int *known, int *res) {
  *known = 0;
  if (!g->has_stops) return CGT_OK;
  cg_dyadic lx, rx;
  cgt_rc rc = stops(s, x, &lx, &rx);
  if (rc) return rc;
  *known = x_le ? decide_by_stops(s->bigs, lx, rx, g->ls, g->rs, res)
                : decide_by_stops(s->bigs, g->ls, g->rs, lx, rx, res);
  return CGT_OK;
}

static cgt_rc g_le_x(cg_store *s, const cand *g, cg_id y, int *res);

/* x <= G: no x^L >= G and no G^R <= x. */
static cgt_rc x_le_g(cg_store *s, cg_id x, const cand *g, int *res) {
  int known;
  cgt_rc rc = cand_by_stops(s, g, x, 1, &known, res);
  if (rc || known) return rc;
  if ((rc = cg_descend(s))) return rc;
  rc = ensure_options(s, x);
  int r = 0, le = 1;
  uint32_t i = 0, j = 0;
  for (; le && rc == CGT_OK && i < g->R->n; i++)
    if ((rc = cg_le(s, g->R->v[i], x, &r)) == CGT_OK && r) le = 0;
  for (; le && rc == CGT_OK && j < s->e[x].nl; j++)
    if ((rc = g_le_x(s, g, left_opt(s, x, j), &r)) == CGT_OK && r) le = 0;
  if (rc == CGT_OK) rc = cg_work(s, (uint64_t)i + j);   /* (closed-form comparisons charge nothing) */
  cg_ascend(s);
  *res = le;
  return rc;
}

/* G <= y: no G^L >= y and no y^R <= G. */
static cgt_rc g_le_x(cg_store *s, const cand *g, cg_id y, int *res) {
  int known;
  cgt_rc rc = cand_by_stops(s, g, y, 0, &known, res);
  if (rc || known) return rc;
  if ((rc = cg_descend(s))) return rc;
  rc = ensure_options(s, y);
  int r = 0, le = 1;
  uint32_t i = 0, j = 0;
  for (; le && rc == CGT_OK && i < g->L->n; i++)
    if ((rc = cg_le(s, y, g->L->v[i], &r)) == CGT_OK && r) le = 0;
  for (; le && rc == CGT_OK && j < s->e[y].nr; j++)
    if ((rc = x_le_g(s, right_opt(s, y, j), g, &r)) == CGT_OK && r) le = 0;
  if (rc == CGT_OK) rc = cg_work(s, (uint64_t)i + j);
  cg_ascend(s);
  *res = le;
  return rc;
}

/* 1 when a is x + *k for some number x and k (no ups). */
static int number_star(const cg_store *s, cg_id a) { return s->e[a].kind != K_GENERAL && s->e[a].ups == 0; }

/* Removes options dominated by another: for Left the smaller (<=), for Right
** the larger.  Numbers are totally ordered, so all but the best number go
** first, in one pass. */
static cgt_rc drop_dominated(cg_store *s, list *l, int is_left) {
  int64_t best = -1;
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++) {
    const entry *e = &s->e[l->v[i]];
    if (e->kind == K_NUMBER) {
      int c = best < 0 ? 1 : cg_dyadic_cmp(s->bigs, e->x, s->e[l->v[best]].x);
      if (best >= 0 && (is_left ? c <= 0 : c >= 0)) continue;
      if (best >= 0) {
        l->v[best] = l->v[i];
        continue;
      }
      best = k;
    }
    l->v[k++] = l->v[i];
  }
  l->n = k;
  /* x + *a and x + *b (a != b) are incomparable: a side of only those keeps them all */
  uint32_t same = 0;
  while (same < l->n && number_star(s, l->v[same]) && cg_dyadic_eq(s->e[l->v[same]].x, s->e[l->v[0]].x)) same++;
  if (same == l->n) return cg_work(s, l->n);
  for (uint32_t i = 0; i < l->n; i++) {
    cgt_rc rc = cg_work(s, l->n);
    if (rc) return rc;
    for (uint32_t j = 0; j < l->n; j++) {
      if (i == j) continue;
      int r;
      rc = is_left ? cg_le(s, l->v[i], l->v[j], &r) : cg_le(s, l->v[j], l->v[i], &r);
      if (rc) return rc;
      if (r) {   /* i is dominated by j (ids differ, so not equal) */
        l->v[i] = l->v[--l->n];
        i--;
        break;
      }
    }
  }
  return CGT_OK;
}

/* Bypasses one reversible option; *changed says whether one was found.  A
** Left option A is reversible through A^R <= G: A is replaced by the Left
** options of A^R (Right options symmetrically). */
static cgt_rc bypass_one(cg_store *s, list *L, list *R, int is_left, int *changed) {
  list *l = is_left ? L : R;
  cand g = {L, R, 0, {0, 0, 0}, {0, 0, 0}};
  cgt_rc src = cand_stops(s, &g);
  if (src) return src;
  for (uint32_t i = 0; i < l->n; i++) {
    cg_id a = l->v[i];
    cgt_rc rc = ensure_options(s, a);
    if (rc) return rc;
    uint32_t n = is_left ? s->e[a].nr : s->e[a].nl;
    for (uint32_t k = 0; k < n; k++) {
      cg_id via = is_left ? right_opt(s, a, k) : left_opt(s, a, k);
      int r;
      rc = is_left ? x_le_g(s, via, &g, &r) : g_le_x(s, &g, via, &r);
      if (rc) return rc;
      if (!r) continue;
      if ((rc = ensure_options(s, via)) != CGT_OK) return rc;
      l->v[i] = l->v[--l->n];
      uint32_t m = is_left ? s->e[via].nl : s->e[via].nr;
      for (uint32_t j = 0; j < m; j++)
        if (!list_push(l, is_left ? left_opt(s, via, j) : right_opt(s, via, j))) return CGT_NOMEM;
      sort_unique(l);
      *changed = 1;
      return CGT_OK;
    }
  }
  *changed = 0;
  return CGT_OK;
}

/* The nus parts of a (0 when it is a general game). */
static int parts(const cg_store *s, cg_id a, cg_dyadic *x, int64_t *ups, uint32_t *star) {
  return cg_is_nus(s, a, x, ups, star);
}

/* Recognises {L|R} (canonical lists) as a number or x + n.^ + *k: exactly
** the option lists that number_options and nus_options make. */
static cgt_rc recognise(cg_store *s, const list *L, const list *R, cg_id *out, int *found) {
  *found = 1;
  cg_dyadic a, b, one = {1, 0, 0};
  int64_t u;
  uint32_t k;
  cg_bigs *B = s->bigs;
  cgt_rc rc;
  if (L->n == 0 && R->n == 0) return cg_integer(s, 0, out);
  if (L->n == 1 && R->n == 0 && cg_is_number(s, L->v[0], &a) && a.exp == 0 && cg_dyadic_sign(B, a) >= 0)
    return (rc = cg_dyadic_add(B, a, one, &a)) ? rc : cg_number(s, a, out);
  if (L->n == 0 && R->n == 1 && cg_is_number(s, R->v[0], &b) && b.exp == 0 && cg_dyadic_sign(B, b) <= 0)
    return (rc = cg_dyadic_sub(B, b, one, &b)) ? rc : cg_number(s, b, out);
  if (L->n == 1 && R->n == 1 && cg_is_number(s, L->v[0], &a) && cg_is_number(s, R->v[0], &b) &&
      cg_dyadic_cmp(B, a, b) < 0)
    return (rc = cg_dyadic_simplest_between(B, a, b, &a)) ? rc : cg_number(s, a, out);
  /* x + *m: L = R = {x + *0, ..., x + *(m-1)} */
  if (L->n == R->n && L->n > 0 && memcmp(L->v, R->v, L->n * sizeof *L->v) == 0 && parts(s, L->v[0], &a, &u, &k)) {
    uint32_t m = L->n, seen = 0;
    uint8_t *hit = cgt_calloc(m, 1);
    if (!hit) return CGT_NOMEM;
    for (uint32_t i = 0; i < m; i++) {
      cg_dyadic y;
      if (!parts(s, L->v[i], &y, &u, &k) || u != 0 || k >= m || hit[k] || !cg_dyadic_eq(y, a)) break;
      hit[k] = 1;
      seen++;
    }
    cgt_free(hit);
    if (seen == m) return cg_nus(s, a, 0, m, out);
  }
  /* x + ^* = {x, x* | x} and x + v* = {x | x, x*} */
  if (L->n + R->n == 3 && L->n && R->n) {
    const list *two = L->n == 2 ? L : R, *lone = L->n == 2 ? R : L;
    cg_id star_id;
    if (cg_is_number(s, lone->v[0], &a) && (two->v[0] == lone->v[0] || two->v[1] == lone->v[0]) &&
        (rc = cg_nus(s, a, 0, 1, &star_id)) == CGT_OK && (two->v[0] == star_id || two->v[1] == star_id))
      return cg_nus(s, a, L->n == 2 ? 1 : -1, 1, out);
  }
  /* x + n.^ *k = {x | x + (n-1).^ *(k^1)} for n >= 1, and negatives */
  if (L->n == 1 && R->n == 1) {
    cg_dyadic y;
    if (cg_is_number(s, L->v[0], &a) && parts(s, R->v[0], &y, &u, &k) && u >= 0 && (u || k) &&
        cg_dyadic_eq(a, y) && u < CG_UPS_MAX)
      return cg_nus(s, a, u + 1, k ^ 1, out);
    if (cg_is_number(s, R->v[0], &a) && parts(s, L->v[0], &y, &u, &k) && u <= 0 && (u || k) &&
        cg_dyadic_eq(a, y) && u > -CG_UPS_MAX)
      return cg_nus(s, a, u - 1, k ^ 1, out);
  }
  *found = 0;
  return CGT_OK;
}

/* Interns canonical lists as a general game (or finds it). */
static cgt_rc intern_general(cg_store *s, const list *L, const list *R, cg_id *out) {
  uint64_t h = hash_lists(L->v, L->n, R->v, R->n);
  for (size_t j = s->slot ? (h & s->slot_mask) : 0; s->slot && s->slot[j]; j = (j + 1) & s->slot_mask) {
    const entry *e = &s->e[s->slot[j] - 1];
    if (e->hash == h && e->kind == K_GENERAL && e->nl == L->n && e->nr == R->n &&
        (L->n == 0 || memcmp(s->opt + e->off, L->v, L->n * sizeof *L->v) == 0) &&
        (R->n == 0 || memcmp(s->opt + e->off + e->nl, R->v, R->n * sizeof *R->v) == 0)) {
      *out = s->slot[j] - 1;
      return CGT_OK;
    }
  }
  uint32_t id, off = (uint32_t)s->nopt;
  if (s->nopt + L->n + R->n > CG_OPTION_IDS_MAX) return CGT_LIMIT;
  cgt_rc rc = push_options(s, L->v, L->n);
  if (rc == CGT_OK) rc = push_options(s, R->v, R->n);
  if (rc == CGT_OK) rc = new_entry(s, &id);
  if (rc) {
    s->nopt = off;
    return rc;
  }
  entry *e = &s->e[id];
  e->kind = K_GENERAL;
  e->off = off;
  e->nl = L->n;
  e->nr = R->n;
  index_id(s, h, id);
  *out = id;
  return CGT_OK;
}

/* Among the options x + *k of l (numbers too), those whose number is not
** the best one (Left's largest, Right's smallest) go: x + *k < y + *j
** whenever x < y, whatever k and j.  A linear pass, where drop_dominated
** compares every pair (a side of many nimbers is common: *n, Hackenbush
** strings with green edges). */
static void drop_lesser_numbers(cg_store *s, list *l, int is_left) {
  int64_t best = -1;
  for (uint32_t i = 0; i < l->n; i++) {
    if (!number_star(s, l->v[i])) continue;
    int c = best < 0 ? 1 : cg_dyadic_cmp(s->bigs, s->e[l->v[i]].x, s->e[l->v[best]].x);
    if (is_left ? c > 0 : c < 0) best = i;
  }
  if (best < 0) return;
  cg_dyadic x = s->e[l->v[best]].x;
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++)
    if (!number_star(s, l->v[i]) || cg_dyadic_eq(s->e[l->v[i]].x, x)) l->v[k++] = l->v[i];
  l->n = k;
}

/* {x + *a, ... | x + *a, ...}, the same options on both sides, all of one
** number x: x + *m, m the least k not among them (Sprague-Grundy, moved by
** x; when m is 0, x is the only number between the sides).  The options
** are incomparable, so none is dominated or reversible, and the search
** over them is skipped. */
static cgt_rc nimber_shift(cg_store *s, const list *L, const list *R, cg_id *out, int *found) {
  *found = 0;
  if (L->n == 0 || L->n != R->n || memcmp(L->v, R->v, L->n * sizeof *L->v) != 0) return CGT_OK;
  cg_dyadic x = s->e[L->v[0]].x;
  for (uint32_t i = 0; i < L->n; i++)
    if (!number_star(s, L->v[i]) || !cg_dyadic_eq(s->e[L->v[i]].x, x)) return CGT_OK;
  uint8_t *hit = cgt_calloc((size_t)L->n + 1, 1);
  if (!hit) return CGT_NOMEM;
  for (uint32_t i = 0; i < L->n; i++)
    if (s->e[L->v[i]].star <= L->n) hit[s->e[L->v[i]].star] = 1;
  uint32_t m = 0;
  while (hit[m]) m++;
  cgt_free(hit);
  *found = 1;
  return cg_nus(s, x, 0, m, out);
}

/* The last step of making {L | R} from canonical option lists (after rc
** so far): sorted, recognised as a number, up or nimber, else interned;
** frees the lists. */
static cgt_rc settle(cg_store *s, list *L, list *R, cgt_rc rc, cg_id *out) {
  sort_unique(L);
  sort_unique(R);
  int found = 0;
  if (rc == CGT_OK) rc = recognise(s, L, R, out, &found);
  if (rc == CGT_OK && !found) rc = intern_general(s, L, R, out);
  cgt_free(L->v);
  cgt_free(R->v);
  return rc;
}

/* The canonical form of {Lin | Rin}.  undominated says that no option is
** dominated by another on its side (the options of a canonical game moved
** by a number, or negated): the first search for dominated options, which
** compares every pair, is skipped; after a reversible option is bypassed
** the search runs as usual. */
static cgt_rc make_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, int undominated,
                        cg_id *out) {
  list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = cg_work(s, (uint64_t)nl + nr);
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = list_push(&L, Lin[i]) ? CGT_OK : CGT_NOMEM;
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = list_push(&R, Rin[i]) ? CGT_OK : CGT_NOMEM;
  sort_unique(&L);
  sort_unique(&R);
  drop_lesser_numbers(s, &L, 1);
  drop_lesser_numbers(s, &R, 0);
  int shifted = 0;
  if (rc == CGT_OK) rc = nimber_shift(s, &L, &R, out, &shifted);
  if (rc || shifted) {
    cgt_free(L.v);
    cgt_free(R.v);
    return rc;
  }
  for (int changed = 1, first = 1; rc == CGT_OK && changed; first = 0) {
    if (!(first && undominated)) {
      rc = drop_dominated(s, &L, 1);
      if (rc == CGT_OK) rc = drop_dominated(s, &R, 0);
    }
    if (rc == CGT_OK) rc = bypass_one(s, &L, &R, 1, &changed);
    if (rc == CGT_OK && !changed) rc = bypass_one(s, &L, &R, 0, &changed);
  }
  return settle(s, &L, &R, rc, out);
}

cgt_rc cg_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, cg_id *out) {
  return make_game(s, Lin, nl, Rin, nr, 0, out);
}

/* {L | R} from lists known to be canonical (a canonical game's options,
** such as one imported from another store): nothing is compared, so the
** work is the same whatever the store holds. */
cgt_rc cg_game_canonical(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, cg_id *out) {
  list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = cg_work(s, (uint64_t)nl + nr);
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = list_push(&L, Lin[i]) ? CGT_OK : CGT_NOMEM;
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = list_push(&R, Rin[i]) ? CGT_OK : CGT_NOMEM;
  return settle(s, &L, &R, rc, out);
}

/* ---- sums and negatives ---- */

static cgt_rc neg_general(cg_store *s, cg_id a, cg_id *out) {
  uint32_t memo = map_get(&s->neg, a);
  if (memo) return *out = memo - 1, CGT_OK;
  list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[a].nr; i++) {
    cg_id o;
    if ((rc = cg_neg(s, right_opt(s, a, i), &o)) == CGT_OK && !list_push(&L, o)) rc = CGT_NOMEM;
  }
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[a].nl; i++) {
    cg_id o;
    if ((rc = cg_neg(s, left_opt(s, a, i), &o)) == CGT_OK && !list_push(&R, o)) rc = CGT_NOMEM;
  }
  /* -a^R <= -b^R iff a^R >= b^R: canonical a has no dominated options */
  if (rc == CGT_OK) rc = make_game(s, L.v, L.n, R.v, R.n, 1, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && (!map_put(&s->neg, a, *out + 1, s->stop) || !map_put(&s->neg, *out, a + 1, s->stop))) rc = CGT_NOMEM;
  return rc;
}

cgt_rc cg_neg(cg_store *s, cg_id a, cg_id *out) {
  const entry *e = &s->e[a];
  if (e->kind != K_GENERAL) {
    cg_dyadic x;
    int64_t ups = e->ups;
    uint32_t star = e->star;
    cgt_rc rc = cg_dyadic_neg(s->bigs, e->x, &x);
    return rc ? rc : cg_nus(s, x, -ups, star, out);
  }
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = neg_general(s, a, out);
  cg_ascend(s);
  return rc;
}

/* Adds b to each option of a on one side (into l). */
static cgt_rc add_each(cg_store *s, cg_id a, int is_left, cg_id b, list *l) {
  cgt_rc rc = ensure_options(s, a);
  uint32_t n = is_left ? s->e[a].nl : s->e[a].nr;
  for (uint32_t i = 0; rc == CGT_OK && i < n; i++) {
    cg_id o;
    rc = cg_add(s, is_left ? left_opt(s, a, i) : right_opt(s, a, i), b, &o);
    if (rc == CGT_OK && !list_push(l, o)) rc = CGT_NOMEM;
  }
  return rc;
}

static cgt_rc add_general(cg_store *s, cg_id a, cg_id b, cg_id *out) {
  uint64_t key = (uint64_t)a << 32 | b;
  uint32_t memo = map_get(&s->add, key);
  if (memo) return *out = memo - 1, CGT_OK;
  list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  /* Number avoidance: with a number, only the other part's moves count. */
  int a_num = cg_is_number(s, a, NULL), b_num = cg_is_number(s, b, NULL);
  cgt_rc rc = CGT_OK;
  if (!a_num) rc = add_each(s, a, 1, b, &L);
  if (rc == CGT_OK && !b_num) rc = add_each(s, b, 1, a, &L);
  if (rc == CGT_OK && !a_num) rc = add_each(s, a, 0, b, &R);
  if (rc == CGT_OK && !b_num) rc = add_each(s, b, 0, a, &R);
  /* x + A <= x + B iff A <= B: a canonical game moved by a number x has
  ** no dominated options (only when exactly one part is a number) */
  if (rc == CGT_OK) rc = make_game(s, L.v, L.n, R.v, R.n, a_num != b_num, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && !map_put(&s->add, key, *out + 1, s->stop)) rc = CGT_NOMEM;
  return rc;
}

cgt_rc cg_add(cg_store *s, cg_id a, cg_id b, cg_id *out) {
  const entry *ea = &s->e[a], *eb = &s->e[b];
  if (ea->kind != K_GENERAL && eb->kind != K_GENERAL) {
    cg_dyadic x;
    int64_t ups;
    uint32_t star = ea->star ^ eb->star;
    if (__builtin_add_overflow(ea->ups, eb->ups, &ups)) return CGT_RANGE;
    cgt_rc rc = cg_dyadic_add(s->bigs, ea->x, eb->x, &x);
    return rc ? rc : cg_nus(s, x, ups, star, out);
  }
  if (ea->kind == K_NUMBER && cg_dyadic_is_zero(ea->x)) return *out = b, CGT_OK;
  if (eb->kind == K_NUMBER && cg_dyadic_is_zero(eb->x)) return *out = a, CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = a < b ? add_general(s, a, b, out) : add_general(s, b, a, out);
  cg_ascend(s);
  return rc;
}

/* ---- birthdays and stops ---- */

/* The birthday of n.^ *k (n >= 0): *k is born on day k, ^ and ^* on day 2,
** ^*k (k >= 2) = {0 | *(k^1)} on day 1 + (k^1), n.^ *k = {0 | (n-1).^ *(k^1)}
** a day after (n-1).^ *(k^1). */
static uint64_t infinitesimal_birthday(uint64_t n, uint32_t k) {
  if (n == 0) return k;
  uint32_t k1 = k ^ (uint32_t)((n - 1) & 1);   /* the star of the 1.^ at the bottom */
  return (n - 1) + (k1 == 1 ? 2 : 1 + (uint64_t)(k1 ^ 1));
}

static cgt_rc birthday_general(cg_store *s, cg_id a, uint64_t *b) {
  uint64_t best = 0;
  for (uint32_t i = 0; i < s->e[a].nl + s->e[a].nr; i++) {
    uint64_t d;
    cgt_rc rc = cg_birthday(s, s->opt[s->e[a].off + i], &d);
    if (rc) return rc;
    if (d + 1 > best) best = d + 1;
  }
  *b = best;
  return CGT_OK;
}

cgt_rc cg_birthday(cg_store *s, cg_id a, uint64_t *b) {
  const entry *e = &s->e[a];
  if (e->birthday != NO_BIRTHDAY) return *b = e->birthday, CGT_OK;
  cgt_rc rc;
  if (e->kind != K_GENERAL) {   /* translation by a number adds its birthday */
    uint64_t day;
    uint64_t n = e->ups < 0 ? (uint64_t)0 - (uint64_t)e->ups : (uint64_t)e->ups;
    if ((rc = cg_dyadic_birthday(s->bigs, e->x, &day))) return rc;
    if (__builtin_add_overflow(day, infinitesimal_birthday(n, e->star), &day) || day > (uint64_t)INT64_MAX)
      return CGT_RANGE;
    *b = day;
  } else {
    if ((rc = cg_descend(s))) return rc;
    rc = birthday_general(s, a, b);
    cg_ascend(s);
    if (rc) return rc;
  }
  s->e[a].birthday = *b;
  return CGT_OK;
}

/* The left and right stops of a general game a, memoised in its entry:
** LS is the best RS of a Left option, RS the best LS of a Right option. */
static cgt_rc stops_general(cg_store *s, cg_id a) {
  cg_dyadic best[2] = {{0, 0, 0}, {0, 0, 0}};
  cgt_rc rc = CGT_OK;
  for (int left = 0; left <= 1 && rc == CGT_OK; left++) {
    uint32_t n = left ? s->e[a].nl : s->e[a].nr;
    for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
      cg_dyadic l, r;
      rc = stops(s, left ? left_opt(s, a, i) : right_opt(s, a, i), &l, &r);
      cg_dyadic x = left ? r : l;
      if (rc == CGT_OK && (i == 0 || (left ? cg_dyadic_cmp(s->bigs, x, best[1]) > 0
                                           : cg_dyadic_cmp(s->bigs, x, best[0]) < 0)))
        best[left] = x;
    }
  }
  if (rc) return rc;
  s->e[a].stop[0] = best[0];
  s->e[a].stop[1] = best[1];
  s->e[a].has_stops = 1;
  return CGT_OK;
}

/* Both stops of a: numbers and nus values have their number. */
static cgt_rc stops(cg_store *s, cg_id a, cg_dyadic *ls, cg_dyadic *rs) {
  if (s->e[a].kind != K_GENERAL) return *ls = *rs = s->e[a].x, CGT_OK;
  if (!s->e[a].has_stops) {
    cgt_rc rc = cg_descend(s);
    if (rc) return rc;
    rc = stops_general(s, a);
    cg_ascend(s);
    if (rc) return rc;
  }
  *ls = s->e[a].stop[1];
  *rs = s->e[a].stop[0];
  return CGT_OK;
}

/* The left stop (left = 1) or right stop of a. */
cgt_rc cg_stop(cg_store *s, cg_id a, int left, cg_dyadic *out) {
  cg_dyadic l, r;
  cgt_rc rc = stops(s, a, &l, &r);
  if (rc == CGT_OK) *out = left ? l : r;
  return rc;
}
