/*
** The store of canonical stoppers (loopy.h), kept in the connection's
** store of short games: each canonical stopper once, named by an integer
** id and found by a hash of its graph (canonical graphs of equal stoppers
** are identical), and a cache of sums, negatives and comparisons of
** values named by their sides' keys.  The store starts afresh with the
** short games' store (partizan_cache.c), so keys live for one SQL call or
** one aggregate.
*/
#include <string.h>

#include "loopy.h"
#include "pstore.h"

typedef struct op_entry {
  uint64_t k[4];   /* the operation's arguments: a's sides, b's sides (0 for none) */
  uint64_t r[2];   /* the result's sides, or the answer */
  uint8_t op, kind, used;
} op_entry;

typedef struct lg_store {
  lg_graph *g;
  uint64_t *hash;
  uint32_t n, cap;
  uint32_t *slot;   /* id + 1 by hash, open addressing */
  size_t slot_mask;
  op_entry *ops;
  size_t ops_mask, nops;
  size_t bytes;
} lg_store;

/* The most cached operations before the cache starts afresh. */
#define OPS_MAX ((size_t)1 << 20)

static void lg_store_free(void *p) {
  lg_store *ls = p;
  if (!ls) return;
  for (uint32_t i = 0; i < ls->n; i++) lg_free(&ls->g[i]);
  cgt_free(ls->g);
  cgt_free(ls->hash);
  cgt_free(ls->slot);
  cgt_free(ls->ops);
  cgt_free(ls);
}

static size_t lg_store_bytes(const void *p) {
  const lg_store *ls = p;
  return ls ? ls->bytes : 0;
}

/* The store of canonical stoppers kept with s, made on first use. */
static lg_store *store_of(cg_store *s) {
  if (!s->ext) {
    s->ext = cgt_calloc(1, sizeof(lg_store));
    s->ext_free = lg_store_free, s->ext_bytes = lg_store_bytes;
  }
  return s->ext;
}

static uint64_t graph_hash(const lg_graph *g) {
  uint64_t h = cgt_mix64(((uint64_t)g->n << 32) | g->root);
  for (uint32_t v = 0; v <= g->n; v++) h = cgt_mix64(h ^ ((uint64_t)g->lo[v] << 32 | g->ro[v]));
  for (uint32_t e = 0; e < g->lo[g->n]; e++) h = cgt_mix64(h ^ g->le[e]);
  for (uint32_t e = 0; e < g->ro[g->n]; e++) h = cgt_mix64(h ^ (g->re[e] | (uint64_t)1 << 40));
  return h;
}

static cgt_rc grow_slots(lg_store *ls) {
  size_t cap = ls->slot ? 2 * (ls->slot_mask + 1) : 64;
  uint32_t *slot = cgt_calloc(cap, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  for (uint32_t id = 0; id < ls->n; id++) {
    size_t i = ls->hash[id] & (cap - 1);
    while (slot[i]) i = (i + 1) & (cap - 1);
    slot[i] = id + 1;
  }
  cgt_free(ls->slot);
  ls->slot = slot;
  ls->slot_mask = cap - 1;
  return CGT_OK;
}

cgt_rc lg_intern(cg_store *s, const lg_graph *g, uint64_t *key) {
  lg_store *ls = store_of(s);
  if (!ls) return CGT_NOMEM;
  uint64_t h = graph_hash(g);
  for (size_t i = ls->slot ? h & ls->slot_mask : 0; ls->slot && ls->slot[i]; i = (i + 1) & ls->slot_mask) {
    uint32_t id = ls->slot[i] - 1;
    if (ls->hash[id] == h && lg_same(&ls->g[id], g)) {
      *key = LG_KEY_STOPPER | id;
      return CGT_OK;
    }
  }
  if (ls->n == UINT32_MAX - 1) return CGT_TOOBIG;
  if (ls->n == ls->cap) {
    uint32_t cap = ls->cap ? 2 * ls->cap : 16;
    lg_graph *ng = cgt_realloc(ls->g, cap * sizeof *ng);
    if (!ng) return CGT_NOMEM;
    ls->g = ng;
    uint64_t *nh = cgt_realloc(ls->hash, cap * sizeof *nh);
    if (!nh) return CGT_NOMEM;
    ls->hash = nh;
    ls->cap = cap;
  }
  cgt_rc rc = lg_copy(g, &ls->g[ls->n]);
  if (rc) return rc;
  ls->hash[ls->n] = h;
  ls->n++;
  ls->bytes += ((size_t)g->n + 1) * 8 + ((size_t)g->lo[g->n] + g->ro[g->n]) * 4 + 64;
  if (2 * (size_t)ls->n > (ls->slot ? ls->slot_mask + 1 : 0) && (rc = grow_slots(ls))) {
    lg_free(&ls->g[--ls->n]);
    return rc;
  }
  size_t i = h & ls->slot_mask;
  while (ls->slot[i]) i = (i + 1) & ls->slot_mask;
  ls->slot[i] = ls->n;
  *key = LG_KEY_STOPPER | (ls->n - 1);
  return CGT_OK;
}

const lg_graph *lg_stored(cg_store *s, uint64_t key) {
  lg_store *ls = s->ext;
  uint32_t id = (uint32_t)key;
  return ls && (key & LG_KEY_STOPPER) && id < ls->n ? &ls->g[id] : NULL;
}

static size_t op_slot(const lg_store *ls, int op, const uint64_t k[4]) {
  uint64_t h = cgt_mix64((uint64_t)op ^ cgt_mix64(k[0] ^ cgt_mix64(k[1] ^ cgt_mix64(k[2] ^ cgt_mix64(k[3])))));
  size_t i = h & ls->ops_mask;
  while (ls->ops[i].used && !(ls->ops[i].op == op && !memcmp(ls->ops[i].k, k, sizeof ls->ops[i].k)))
    i = (i + 1) & ls->ops_mask;
  return i;
}

int lg_cache_get(cg_store *s, int op, const uint64_t k[4], uint64_t r[2], int *kind) {
  lg_store *ls = s->ext;
  if (!ls || !ls->ops) return 0;
  const op_entry *e = &ls->ops[op_slot(ls, op, k)];
  if (!e->used) return 0;
  r[0] = e->r[0], r[1] = e->r[1], *kind = e->kind;
  return 1;
}

void lg_cache_put(cg_store *s, int op, const uint64_t k[4], const uint64_t r[2], int kind) {
  lg_store *ls = store_of(s);
  if (!ls) return;
  if (!ls->ops || 2 * (ls->nops + 1) > ls->ops_mask + 1) {   /* a cache: on failure it stays as it was */
    size_t oldcap = ls->ops ? ls->ops_mask + 1 : 0, cap = oldcap ? 2 * oldcap : 256;
    int afresh = ls->nops + 1 > OPS_MAX;   /* full: start afresh, as large */
    if (afresh) cap = oldcap;
    op_entry *ops = cgt_calloc(cap, sizeof *ops), *old = ls->ops;
    if (!ops) return;
    ls->ops = ops, ls->ops_mask = cap - 1, ls->nops = 0, ls->bytes += (cap - oldcap) * sizeof *ops;
    for (size_t i = 0; i < (afresh ? 0 : oldcap); i++)
      if (old[i].used) ls->ops[op_slot(ls, old[i].op, old[i].k)] = old[i], ls->nops++;
    cgt_free(old);
  }
  op_entry *e = &ls->ops[op_slot(ls, op, k)];
  if (!e->used) ls->nops++;
  *e = (op_entry){{k[0], k[1], k[2], k[3]}, {r[0], r[1]}, (uint8_t)op, (uint8_t)kind, 1};
}
