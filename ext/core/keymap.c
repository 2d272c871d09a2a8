/* Hash map from node ids to dense indexes (open addressing, linear probing). */
#include "keymap.h"

#include <stdlib.h>
#include <string.h>

uint64_t cgt_key_hash(const cgt_key *k) {
  if (k->type == CGT_KEY_INT || k->type == CGT_KEY_REAL)
    return cgt_mix64((uint64_t)k->i + k->type);
  uint64_t h = 0xcbf29ce484222325ull ^ k->type;
  const unsigned char *s = k->p;
  for (uint32_t i = 0; i < k->len; i++) h = (h ^ s[i]) * 0x100000001b3ull;
  return cgt_mix64(h);
}

int cgt_key_equal(const cgt_key *a, const cgt_key *b) {
  if (a->type != b->type) return 0;
  if (a->type == CGT_KEY_INT || a->type == CGT_KEY_REAL) return a->i == b->i;
  return a->len == b->len && (a->len == 0 || memcmp(a->p, b->p, a->len) == 0);
}

void cgt_keymap_init(cgt_keymap *km) { memset(km, 0, sizeof *km); }

void cgt_keymap_free(cgt_keymap *km) {
  cgt_free(km->dense);
  cgt_free(km->entries);
  cgt_free(km->slots);
  cgt_free(km->arena);
  memset(km, 0, sizeof *km);
}

size_t cgt_keymap_bytes(const cgt_keymap *km) {
  return km->cap * sizeof *km->entries + (km->slots ? (km->mask + 1u) : 0) * sizeof(uint32_t) +
         km->arena_cap + km->dense_len * sizeof *km->dense;
}

void cgt_keymap_get(const cgt_keymap *km, uint32_t idx, cgt_key *k) {
  const struct cgt_keyent *e = &km->entries[idx];
  k->type = e->type;
  k->len = e->len;
  if (e->type == CGT_KEY_TEXT || e->type == CGT_KEY_BLOB) {
    k->i = 0;
    k->p = km->arena ? km->arena + e->v : "";   /* only empty ids: no arena yet */
  } else {
    k->i = e->v;
    k->p = NULL;
  }
}

/* The dense table cell of an integer id, or NULL when outside the table. */
static uint32_t *dense_cell(const cgt_keymap *km, int64_t id) {
  if (!km->dense || id < km->dense_lo) return NULL;
  uint64_t off = (uint64_t)id - (uint64_t)km->dense_lo;
  return off < km->dense_len ? &km->dense[off] : NULL;
}

cgt_rc cgt_keymap_dense(cgt_keymap *km, const int64_t *ids, size_t n, int64_t lo, int64_t hi, uint32_t *out) {
  uint64_t len = (uint64_t)hi - (uint64_t)lo + 1;
  if (hi < lo || len == 0 || len > SIZE_MAX / sizeof *km->dense) return CGT_TOOBIG;
  uint32_t *dense = cgt_calloc((size_t)len, sizeof *dense);
  if (!dense) return CGT_NOMEM;
  for (size_t i = 0; i < n; i++) dense[(uint64_t)ids[i] - (uint64_t)lo] = 1;
  uint32_t count = 0;
  for (uint64_t off = 0; off < len; off++) count += dense[off];
  km->entries = cgt_malloc((count ? count : 1) * sizeof *km->entries);
  if (!km->entries) {
    cgt_free(dense);
    return CGT_NOMEM;
  }
  for (uint64_t off = 0; off < len; off++) {
    if (!dense[off]) continue;
    km->entries[km->count] = (struct cgt_keyent){(int64_t)((uint64_t)lo + off), 0, CGT_KEY_INT};
    dense[off] = ++km->count;
  }
  km->cap = count;
  km->dense = dense;
  km->dense_lo = lo;
  km->dense_len = len;
  for (size_t i = 0; i < n; i++) out[i] = dense[(uint64_t)ids[i] - (uint64_t)lo] - 1;
  return CGT_OK;
}

uint32_t cgt_keymap_find(const cgt_keymap *km, const cgt_key *k) {
  uint32_t *cell = k->type == CGT_KEY_INT ? dense_cell(km, k->i) : NULL;
  if (cell) return *cell - 1;   /* 0 - 1 is UINT32_MAX: absent */
  if (!km->slots) return UINT32_MAX;
  for (uint64_t h = cgt_key_hash(k);; h++) {
    uint32_t s = km->slots[h & km->mask];
    if (s == 0) return UINT32_MAX;
    cgt_key other;
    cgt_keymap_get(km, s - 1, &other);
    if (cgt_key_equal(k, &other)) return s - 1;
  }
}

static cgt_rc grow_slots(cgt_keymap *km) {
  uint64_t nslots = km->slots ? 2 * ((uint64_t)km->mask + 1) : 64;
  if (nslots > ((uint64_t)1 << 32)) return CGT_TOOBIG;
  uint32_t *slots = cgt_calloc(nslots, sizeof *slots);
  if (!slots) return CGT_NOMEM;
  uint32_t mask = (uint32_t)(nslots - 1);
  for (uint32_t idx = 0; idx < km->count; idx++) {
    cgt_key k;
    cgt_keymap_get(km, idx, &k);
    uint64_t h = cgt_key_hash(&k);
    while (slots[h & mask]) h++;
    slots[h & mask] = idx + 1;
  }
  cgt_free(km->slots);
  km->slots = slots;
  km->mask = mask;
  return CGT_OK;
}

static cgt_rc append_entry(cgt_keymap *km, const cgt_key *k) {
  if (km->count == UINT32_MAX - 1) return CGT_TOOBIG;
  if (km->count == km->cap) {
    uint32_t cap = km->cap ? (km->cap > UINT32_MAX / 2 ? UINT32_MAX - 1 : 2 * km->cap) : 64;
    void *e = cgt_realloc(km->entries, (size_t)cap * sizeof *km->entries);
    if (!e) return CGT_NOMEM;
    km->entries = e;
    km->cap = cap;
  }
  struct cgt_keyent *e = &km->entries[km->count];
  e->type = k->type;
  e->len = k->len;
  e->v = k->i;
  if (k->type == CGT_KEY_TEXT || k->type == CGT_KEY_BLOB) {
    char *a = cgt_grow(km->arena, &km->arena_cap, km->arena_len + k->len, 1, 256);
    if (!a) return CGT_NOMEM;
    km->arena = a;
    if (k->len) memcpy(km->arena + km->arena_len, k->p, k->len);
    e->v = (int64_t)km->arena_len;
    km->arena_len += k->len;
  }
  km->count++;
  return CGT_OK;
}

cgt_rc cgt_keymap_intern_int(cgt_keymap *km, int64_t id, uint32_t *idx) {
  uint32_t *cell = dense_cell(km, id);
  if (cell && *cell) {
    *idx = *cell - 1;
    return CGT_OK;
  }
  cgt_key k = {CGT_KEY_INT, 0, id, NULL};
  if (!cell) return cgt_keymap_intern(km, &k, idx);
  cgt_rc rc = append_entry(km, &k);
  if (rc) return rc;
  *cell = km->count;
  *idx = km->count - 1;
  return CGT_OK;
}

cgt_rc cgt_keymap_intern(cgt_keymap *km, const cgt_key *k, uint32_t *idx) {
  if (k->type == CGT_KEY_INT && dense_cell(km, k->i)) return cgt_keymap_intern_int(km, k->i, idx);
  if (!km->slots || 2 * (uint64_t)(km->count + 1) > (uint64_t)km->mask + 1) {
    cgt_rc rc = grow_slots(km);
    if (rc) return rc;
  }
  uint64_t h = cgt_key_hash(k);
  for (;; h++) {
    uint32_t s = km->slots[h & km->mask];
    if (s == 0) break;
    cgt_key other;
    cgt_keymap_get(km, s - 1, &other);
    if (cgt_key_equal(k, &other)) { *idx = s - 1; return CGT_OK; }
  }
  cgt_rc rc = append_entry(km, k);
  if (rc) return rc;
  km->slots[h & km->mask] = km->count;
  *idx = km->count - 1;
  return CGT_OK;
}
