/* The store of canonical partizan games (pgame.h): its maps, its entries
** and their option lists, interned. */
#include "pstore.h"

#include <stdlib.h>
#include <string.h>

/* ---- maps ---- */

/* The memo maps are caches: past MAP_MAX entries one starts afresh rather
** than grow further.  A rehash charges st as it goes (rehashing 2^20
** entries takes up to 100 ms); when st says stop it is abandoned, the old
** map kept and the entry not stored, and the caller's next charge stops. */
#define MAP_MAX ((size_t)1 << 20)

int pg_map_put(map *m, uint64_t key, uint32_t val, cgt_stop *st) {
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

void pg_map_free(map *m) {
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
  pg_map_free(&s->add);
  pg_map_free(&s->neg);
  pg_map_free(&s->le);
  cg_bigs_free(s->bigs);
  if (s->ext_free) s->ext_free(s->ext);
  cgt_free(s);
}

size_t cg_store_size(const cg_store *s) { return s->n; }

size_t cg_store_bytes(const cg_store *s) {
  return (s->ext_bytes ? s->ext_bytes(s->ext) : 0) + (size_t)s->cap * sizeof(entry) + s->capopt * sizeof(cg_id) + (s->slot ? (s->slot_mask + 1) * 4 : 0) +
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

uint64_t pg_hash_lists(const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr) {
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

cgt_rc pg_new_entry(cg_store *s, uint32_t *id) {
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

cgt_rc pg_push_options(cg_store *s, const cg_id *ids, uint32_t n) {
  if (n == 0) return CGT_OK;
  cg_id *o = cgt_grow(s->opt, &s->capopt, s->nopt + n, sizeof *o, 4096);
  if (!o) return CGT_NOMEM;
  s->opt = o;
  memcpy(s->opt + s->nopt, ids, n * sizeof *ids);
  s->nopt += n;
  return CGT_OK;
}

/* Inserts the id into the interning table (its slot must be free). */
void pg_index_id(cg_store *s, uint64_t h, cg_id id) {
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
  cgt_rc rc = pg_new_entry(s, &id);
  if (rc) return rc;
  s->e[id].kind = kind;
  s->e[id].x = x;
  s->e[id].ups = ups;
  s->e[id].star = star;
  pg_index_id(s, h, id);
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
  cgt_rc rc = pg_push_options(s, o, nl + nr);
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

cgt_rc pg_make_options(cg_store *s, cg_id a) {
  return s->e[a].kind == K_NUMBER ? number_options(s, a) : nus_options(s, a);
}

cgt_rc cg_options(cg_store *s, cg_id a, const cg_id **L, uint32_t *nl, const cg_id **R, uint32_t *nr) {
  cgt_rc rc = pg_ensure_options(s, a);
  if (rc) return rc;
  static const cg_id none[1] = {0};   /* never NULL, even with no options stored yet */
  const entry *e = &s->e[a];
  *L = s->opt ? s->opt + e->off : none;
  *nl = e->nl;
  *R = s->opt ? s->opt + e->off + e->nl : none;
  *nr = e->nr;
  return CGT_OK;
}
