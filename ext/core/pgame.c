/* The store of canonical partizan games; see pgame.h. */
#include "pgame.h"

#include <stdlib.h>
#include <string.h>

enum { K_NUMBER = 1, K_GENERAL = 2 };
#define NO_OPTIONS UINT32_MAX

typedef struct entry {
  uint8_t kind;
  uint8_t is_nimber;
  uint32_t nimber;
  cg_dyadic x;       /* K_NUMBER */
  uint32_t off;      /* options at opt[off..off+nl+nr), L first; NO_OPTIONS until made (numbers) */
  uint32_t nl, nr;
  uint32_t birthday; /* UINT32_MAX until computed */
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
};

/* ---- maps ---- */

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

static uint32_t map_get(const map *m, uint64_t key) {
  if (!m->key) return 0;
  for (size_t i = mix(key) & m->mask;; i = (i + 1) & m->mask) {
    if (!m->val[i]) return 0;
    if (m->key[i] == key) return m->val[i];
  }
}

static int map_put(map *m, uint64_t key, uint32_t val) {
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
      if (!m->val[i]) continue;
      size_t j = mix(m->key[i]) & (cap - 1);
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
  size_t i = mix(key) & m->mask;
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

/* ---- dyadic numbers ---- */

static cg_dyadic normal(int64_t num, uint32_t exp) {
  while (exp > 0 && (num & 1) == 0) num /= 2, exp--;
  cg_dyadic d = {num, exp};
  return d;
}

cgt_rc cg_dyadic_add(cg_dyadic a, cg_dyadic b, cg_dyadic *out) {
  uint32_t e = a.exp > b.exp ? a.exp : b.exp;
  int64_t x, y, sum;
  if (__builtin_mul_overflow(a.num, (int64_t)1 << (e - a.exp), &x) ||
      __builtin_mul_overflow(b.num, (int64_t)1 << (e - b.exp), &y) || __builtin_add_overflow(x, y, &sum))
    return CGT_TOOBIG;
  *out = normal(sum, e);
  return CGT_OK;
}

int cg_dyadic_cmp(cg_dyadic a, cg_dyadic b) {
  /* Compare a.num * 2^(e - a.exp) with b.num * 2^(e - b.exp) in 128 bits. */
  uint32_t e = a.exp > b.exp ? a.exp : b.exp;
  __int128 x = (__int128)a.num * ((__int128)1 << (e - a.exp)), y = (__int128)b.num * ((__int128)1 << (e - b.exp));
  return (x > y) - (x < y);
}

/* ---- the store ---- */

cg_store *cg_store_new(void) {
  cg_store *s = cgt_calloc(1, sizeof *s);
  if (!s) return NULL;
  cg_id zero;
  cg_dyadic z = {0, 0};
  if (cg_number(s, z, &zero) != CGT_OK) {
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
  cgt_free(s);
}

size_t cg_store_size(const cg_store *s) { return s->n; }

static uint64_t hash_number(cg_dyadic x) { return mix((uint64_t)x.num * 31 + x.exp + 0x1234); }

static uint64_t hash_lists(const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr) {
  uint64_t h = 0x9e3779b97f4a7c15ull + nl;
  for (uint32_t i = 0; i < nl; i++) h = mix(h ^ L[i]);
  h = mix(h ^ 0xabcdefull ^ nr);
  for (uint32_t i = 0; i < nr; i++) h = mix(h ^ R[i]);
  return h;
}

static cgt_rc grow_slots(cg_store *s) {
  size_t cap = s->slot ? 2 * (s->slot_mask + 1) : 4096;
  uint32_t *slot = cgt_calloc(cap, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  for (uint32_t id = 0; id < s->n; id++) {
    const entry *e = &s->e[id];
    uint64_t h = e->kind == K_NUMBER ? hash_number(e->x) : hash_lists(s->opt + e->off, e->nl, s->opt + e->off + e->nl, e->nr);
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
  s->e[s->n].birthday = UINT32_MAX;
  s->e[s->n].off = NO_OPTIONS;
  *id = s->n++;
  return CGT_OK;
}

static cgt_rc push_options(cg_store *s, const cg_id *ids, uint32_t n) {
  if (n == 0) return CGT_OK;
  if (s->nopt + n > s->capopt) {
    size_t cap = s->capopt ? s->capopt : 4096;
    while (cap < s->nopt + n) cap *= 2;
    cg_id *o = cgt_realloc(s->opt, cap * sizeof *o);
    if (!o) return CGT_NOMEM;
    s->opt = o;
    s->capopt = cap;
  }
  memcpy(s->opt + s->nopt, ids, n * sizeof *ids);
  s->nopt += n;
  return CGT_OK;
}

/* Inserts the id into the interning table (its slot must be free). */
static void index_id(cg_store *s, uint64_t h, cg_id id) {
  size_t j = h & s->slot_mask;
  while (s->slot[j]) j = (j + 1) & s->slot_mask;
  s->slot[j] = id + 1;
}

cgt_rc cg_number(cg_store *s, cg_dyadic x, cg_id *out) {
  x = normal(x.num, x.exp);
  uint64_t h = hash_number(x);
  for (size_t j = s->slot ? (h & s->slot_mask) : 0; s->slot && s->slot[j]; j = (j + 1) & s->slot_mask) {
    const entry *e = &s->e[s->slot[j] - 1];
    if (e->kind == K_NUMBER && e->x.num == x.num && e->x.exp == x.exp) {
      *out = s->slot[j] - 1;
      return CGT_OK;
    }
  }
  uint32_t id;
  cgt_rc rc = new_entry(s, &id);
  if (rc) return rc;
  s->e[id].kind = K_NUMBER;
  s->e[id].x = x;
  s->e[id].is_nimber = x.num == 0;
  index_id(s, h, id);
  *out = id;
  return CGT_OK;
}

cgt_rc cg_integer(cg_store *s, int64_t n, cg_id *out) {
  cg_dyadic x = {n, 0};
  return cg_number(s, x, out);
}

int cg_is_number(const cg_store *s, cg_id a, cg_dyadic *x) {
  if (s->e[a].kind != K_NUMBER) return 0;
  if (x) *x = s->e[a].x;
  return 1;
}

int cg_is_nimber(const cg_store *s, cg_id a, uint32_t *n) {
  if (!s->e[a].is_nimber) return 0;
  if (n) *n = s->e[a].nimber;
  return 1;
}

/* The options of a number, made now: n > 0 is {n-1|}, n < 0 is {|n+1},
** m/2^k is {(m-1)/2^k | (m+1)/2^k}. */
static cgt_rc number_options(cg_store *s, cg_id a) {
  cg_dyadic x = s->e[a].x;
  cg_id o[2];
  uint32_t nl = 0, nr = 0;
  cgt_rc rc = CGT_OK;
  if (x.exp == 0) {
    if (x.num > 0) rc = cg_integer(s, x.num - 1, &o[0]), nl = 1;
    else if (x.num < 0) rc = cg_integer(s, x.num + 1, &o[0]), nr = 1;
  } else {
    cg_dyadic lo = {x.num - 1, x.exp}, hi = {x.num + 1, x.exp};
    rc = cg_number(s, lo, &o[0]);
    if (rc == CGT_OK) rc = cg_number(s, hi, &o[1]);
    nl = nr = 1;
  }
  if (rc == CGT_OK) {
    uint32_t off = (uint32_t)s->nopt;
    rc = push_options(s, o, nl + nr);
    if (rc == CGT_OK) s->e[a].off = off, s->e[a].nl = nl, s->e[a].nr = nr;
  }
  return rc;
}

cgt_rc cg_options(cg_store *s, cg_id a, const cg_id **L, uint32_t *nl, const cg_id **R, uint32_t *nr) {
  if (s->e[a].off == NO_OPTIONS) {
    cgt_rc rc = number_options(s, a);
    if (rc) return rc;
  }
  const entry *e = &s->e[a];
  *L = s->opt + e->off;
  *nl = e->nl;
  *R = s->opt + e->off + e->nl;
  *nr = e->nr;
  return CGT_OK;
}

/* ---- options by index (the arena may move while recursing) ---- */

static cgt_rc ensure_options(cg_store *s, cg_id a) {
  return s->e[a].off == NO_OPTIONS ? number_options(s, a) : CGT_OK;
}

static cg_id left_opt(const cg_store *s, cg_id a, uint32_t i) { return s->opt[s->e[a].off + i]; }
static cg_id right_opt(const cg_store *s, cg_id a, uint32_t i) { return s->opt[s->e[a].off + s->e[a].nl + i]; }

/* ---- comparison ---- */

/*
** G <= H exactly when no Left option of G is >= H and no Right option of H
** is <= G.  When one side is a number x and the other a canonical game that
** is not a number, only the other side's moves matter (number avoidance):
** G <= x iff no G^L >= x, and x <= G iff no G^R <= x.
*/
cgt_rc cg_le(cg_store *s, cg_id a, cg_id b, int *res) {
  if (a == b) return *res = 1, CGT_OK;
  const entry *ea = &s->e[a], *eb = &s->e[b];
  if (ea->kind == K_NUMBER && eb->kind == K_NUMBER) return *res = cg_dyadic_cmp(ea->x, eb->x) <= 0, CGT_OK;
  if (ea->is_nimber && eb->is_nimber) return *res = 0, CGT_OK;   /* different nimbers are incomparable */
  uint64_t key = (uint64_t)a << 32 | b;
  uint32_t memo = map_get(&s->le, key);
  if (memo) return *res = memo == 2, CGT_OK;
  cgt_rc rc = ensure_options(s, a);
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
  if (!map_put(&s->le, key, le ? 2 : 1)) return CGT_NOMEM;
  *res = le;
  return CGT_OK;
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

/* Comparisons with the game G = {L | R} under construction. */
static cgt_rc g_le_x(cg_store *s, const list *L, const list *R, cg_id y, int *res);

/* x <= G: no x^L >= G and no G^R <= x. */
static cgt_rc x_le_g(cg_store *s, cg_id x, const list *L, const list *R, int *res) {
  cgt_rc rc = ensure_options(s, x);
  int r;
  for (uint32_t i = 0; rc == CGT_OK && i < R->n; i++)
    if ((rc = cg_le(s, R->v[i], x, &r)) == CGT_OK && r) return *res = 0, CGT_OK;
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[x].nl; i++)
    if ((rc = g_le_x(s, L, R, left_opt(s, x, i), &r)) == CGT_OK && r) return *res = 0, CGT_OK;
  *res = 1;
  return rc;
}

/* G <= y: no G^L >= y and no y^R <= G. */
static cgt_rc g_le_x(cg_store *s, const list *L, const list *R, cg_id y, int *res) {
  cgt_rc rc = ensure_options(s, y);
  int r;
  for (uint32_t i = 0; rc == CGT_OK && i < L->n; i++)
    if ((rc = cg_le(s, y, L->v[i], &r)) == CGT_OK && r) return *res = 0, CGT_OK;
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[y].nr; i++)
    if ((rc = x_le_g(s, right_opt(s, y, i), L, R, &r)) == CGT_OK && r) return *res = 0, CGT_OK;
  *res = 1;
  return rc;
}

/* Removes options dominated by another: for Left the smaller (<=), for Right
** the larger. */
static cgt_rc drop_dominated(cg_store *s, list *l, int is_left) {
  for (uint32_t i = 0; i < l->n; i++)
    for (uint32_t j = 0; j < l->n; j++) {
      if (i == j) continue;
      int r;
      cgt_rc rc = is_left ? cg_le(s, l->v[i], l->v[j], &r) : cg_le(s, l->v[j], l->v[i], &r);
      if (rc) return rc;
      if (r) {   /* i is dominated by j (ids differ, so not equal) */
        l->v[i] = l->v[--l->n];
        i--;
        break;
      }
    }
  return CGT_OK;
}

/* Bypasses one reversible option; *changed says whether one was found.  A
** Left option A is reversible through A^R <= G: A is replaced by the Left
** options of A^R (Right options symmetrically). */
static cgt_rc bypass_one(cg_store *s, list *L, list *R, int is_left, int *changed) {
  list *l = is_left ? L : R;
  for (uint32_t i = 0; i < l->n; i++) {
    cg_id a = l->v[i];
    cgt_rc rc = ensure_options(s, a);
    if (rc) return rc;
    uint32_t n = is_left ? s->e[a].nr : s->e[a].nl;
    for (uint32_t k = 0; k < n; k++) {
      cg_id via = is_left ? right_opt(s, a, k) : left_opt(s, a, k);
      int r;
      rc = is_left ? x_le_g(s, via, L, R, &r) : g_le_x(s, L, R, via, &r);
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

/* floor(a * 2^e), exact in 128 bits. */
static __int128 floor_scaled(cg_dyadic a, uint32_t e) {
  return a.exp <= e ? (__int128)a.num * ((__int128)1 << (e - a.exp)) : (__int128)(a.num >> (a.exp - e));
}

/* The simplest number strictly between numbers a < b: the integer nearest
** 0 when there is one, else the dyadic with the smallest denominator. */
static cg_dyadic simplest_between(cg_dyadic a, cg_dyadic b) {
  __int128 lo = floor_scaled(a, 0) + 1;       /* smallest integer > a */
  cg_dyadic nb = {-b.num, b.exp};
  __int128 hi = -floor_scaled(nb, 0) - 1;     /* largest integer < b: ceil(b) - 1 */
  if (lo <= hi) {
    cg_dyadic r = {lo > 0 ? (int64_t)lo : hi < 0 ? (int64_t)hi : 0, 0};
    return r;
  }
  for (uint32_t e = 1;; e++) {
    cg_dyadic m = {(int64_t)(floor_scaled(a, e) + 1), e};
    if (cg_dyadic_cmp(m, b) < 0) return normal(m.num, m.exp);
  }
}

/* Recognises {L|R} (canonical lists) as a number or a nimber. */
static cgt_rc recognise(cg_store *s, const list *L, const list *R, cg_id *out, int *found) {
  *found = 1;
  cg_dyadic a, b;
  if (L->n == 0 && R->n == 0) return cg_integer(s, 0, out);
  if (L->n == 1 && R->n == 0 && cg_is_number(s, L->v[0], &a) && a.exp == 0 && a.num >= 0)
    return cg_integer(s, a.num + 1, out);
  if (L->n == 0 && R->n == 1 && cg_is_number(s, R->v[0], &b) && b.exp == 0 && b.num <= 0)
    return cg_integer(s, b.num - 1, out);
  if (L->n == 1 && R->n == 1 && cg_is_number(s, L->v[0], &a) && cg_is_number(s, R->v[0], &b) &&
      cg_dyadic_cmp(a, b) < 0)
    return cg_number(s, simplest_between(a, b), out);
  *found = 0;
  return CGT_OK;
}

/* Interns canonical lists as a general game (or finds it). */
static cgt_rc intern_general(cg_store *s, const list *L, const list *R, cg_id *out) {
  uint64_t h = hash_lists(L->v, L->n, R->v, R->n);
  for (size_t j = s->slot ? (h & s->slot_mask) : 0; s->slot && s->slot[j]; j = (j + 1) & s->slot_mask) {
    const entry *e = &s->e[s->slot[j] - 1];
    if (e->kind == K_GENERAL && e->nl == L->n && e->nr == R->n &&
        (L->n == 0 || memcmp(s->opt + e->off, L->v, L->n * sizeof *L->v) == 0) &&
        (R->n == 0 || memcmp(s->opt + e->off + e->nl, R->v, R->n * sizeof *R->v) == 0)) {
      *out = s->slot[j] - 1;
      return CGT_OK;
    }
  }
  uint32_t id, off = (uint32_t)s->nopt;
  cgt_rc rc = push_options(s, L->v, L->n);
  if (rc == CGT_OK) rc = push_options(s, R->v, R->n);
  if (rc == CGT_OK) rc = new_entry(s, &id);
  if (rc) return rc;
  entry *e = &s->e[id];
  e->kind = K_GENERAL;
  e->off = off;
  e->nl = L->n;
  e->nr = R->n;
  /* A nimber *n has L = R = {0, *, ..., *(n-1)}. */
  int nim = L->n == R->n && L->n > 0 && memcmp(L->v, R->v, L->n * sizeof *L->v) == 0;
  uint64_t seen = 0;
  for (uint32_t i = 0; nim && i < L->n; i++) {
    uint32_t k;
    nim = cg_is_nimber(s, L->v[i], &k) && k < 64 && !(seen >> k & 1);
    if (nim) seen |= 1ull << k;
  }
  if (nim && L->n > 0 && L->n < 64 && seen == (1ull << L->n) - 1) {
    e->is_nimber = 1;
    e->nimber = L->n;
  }
  index_id(s, h, id);
  *out = id;
  return CGT_OK;
}

cgt_rc cg_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, cg_id *out) {
  list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = list_push(&L, Lin[i]) ? CGT_OK : CGT_NOMEM;
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = list_push(&R, Rin[i]) ? CGT_OK : CGT_NOMEM;
  sort_unique(&L);
  sort_unique(&R);
  for (int changed = 1; rc == CGT_OK && changed;) {
    rc = drop_dominated(s, &L, 1);
    if (rc == CGT_OK) rc = drop_dominated(s, &R, 0);
    if (rc == CGT_OK) rc = bypass_one(s, &L, &R, 1, &changed);
    if (rc == CGT_OK && !changed) rc = bypass_one(s, &L, &R, 0, &changed);
  }
  sort_unique(&L);
  sort_unique(&R);
  int found = 0;
  if (rc == CGT_OK) rc = recognise(s, &L, &R, out, &found);
  if (rc == CGT_OK && !found) rc = intern_general(s, &L, &R, out);
  cgt_free(L.v);
  cgt_free(R.v);
  return rc;
}

cgt_rc cg_nimber(cg_store *s, uint32_t n, cg_id *out) {
  cg_id prev;
  cgt_rc rc = cg_integer(s, 0, &prev);
  cg_id *opts = cgt_malloc(((size_t)n + 1) * sizeof *opts);
  if (!opts) return CGT_NOMEM;
  opts[0] = prev;
  for (uint32_t k = 1; k <= n && rc == CGT_OK; k++) {
    rc = cg_game(s, opts, k, opts, k, &prev);   /* *k = {0..*(k-1) | 0..*(k-1)} */
    opts[k] = prev;
  }
  if (rc == CGT_OK) *out = opts[n];
  cgt_free(opts);
  return rc;
}

/* ---- sums and negatives ---- */

cgt_rc cg_neg(cg_store *s, cg_id a, cg_id *out) {
  cg_dyadic x;
  if (cg_is_number(s, a, &x)) {
    x.num = -x.num;
    return cg_number(s, x, out);
  }
  if (s->e[a].is_nimber) return *out = a, CGT_OK;
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
  if (rc == CGT_OK) rc = cg_game(s, L.v, L.n, R.v, R.n, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && (!map_put(&s->neg, a, *out + 1) || !map_put(&s->neg, *out, a + 1))) rc = CGT_NOMEM;
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

cgt_rc cg_add(cg_store *s, cg_id a, cg_id b, cg_id *out) {
  cg_dyadic x, y;
  uint32_t m, n;
  if (cg_is_number(s, a, &x) && cg_is_number(s, b, &y)) {
    cg_dyadic z;
    cgt_rc rc = cg_dyadic_add(x, y, &z);
    return rc ? rc : cg_number(s, z, out);
  }
  if (cg_is_number(s, a, &x) && x.num == 0) return *out = b, CGT_OK;
  if (cg_is_number(s, b, &y) && y.num == 0) return *out = a, CGT_OK;
  if (cg_is_nimber(s, a, &m) && cg_is_nimber(s, b, &n)) return cg_nimber(s, m ^ n, out);
  if (a > b) {
    cg_id t = a;
    a = b;
    b = t;
  }
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
  if (rc == CGT_OK) rc = cg_game(s, L.v, L.n, R.v, R.n, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && !map_put(&s->add, key, *out + 1)) rc = CGT_NOMEM;
  return rc;
}

cgt_rc cg_birthday(cg_store *s, cg_id a, uint32_t *b) {
  entry *e = &s->e[a];
  if (e->birthday != UINT32_MAX) return *b = e->birthday, CGT_OK;
  if (e->kind == K_NUMBER) {
    uint64_t mag = (uint64_t)(e->x.num < 0 ? -e->x.num : e->x.num);
    uint64_t day = e->x.exp == 0 ? mag : (mag >> e->x.exp) + e->x.exp + 1;
    *b = day > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)day;
  } else {
    uint32_t best = 0;
    for (uint32_t i = 0; i < e->nl + e->nr; i++) {
      uint32_t d;
      cgt_rc rc = cg_birthday(s, s->opt[s->e[a].off + i], &d);
      if (rc) return rc;
      if (d + 1 > best) best = d + 1;
    }
    *b = best;
  }
  s->e[a].birthday = *b;
  return CGT_OK;
}

/* ---- stops ---- */

/* The left stop (left = 1) or right stop of a: numbers are their own; else
** the best stop of the opposite kind over the options. */
cgt_rc cg_stop(cg_store *s, cg_id a, int left, cg_dyadic *out) {
  if (cg_is_number(s, a, out)) return CGT_OK;
  uint32_t n = left ? s->e[a].nl : s->e[a].nr;
  for (uint32_t i = 0; i < n; i++) {
    cg_dyadic x;
    cgt_rc rc = cg_stop(s, left ? left_opt(s, a, i) : right_opt(s, a, i), !left, &x);
    if (rc) return rc;
    if (i == 0 || (left ? cg_dyadic_cmp(x, *out) > 0 : cg_dyadic_cmp(x, *out) < 0)) *out = x;
  }
  return CGT_OK;
}
