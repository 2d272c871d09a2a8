/*
** The inside of the store of canonical games (pgame.h), shared by the files
** that implement it: the store and its option lists (pstore.c), comparison
** and stops (pcompare.c), canonical forms (pcanon.c), and sums, negatives
** and birthdays (psum.c).  Nothing else includes it.
*/
#ifndef CGT_CORE_PSTORE_H
#define CGT_CORE_PSTORE_H

#include "pgame.h"

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
  void *ext;              /* what another file keeps with the store (lstore.c: canonical stoppers) */
  void (*ext_free)(void *ext);
  size_t (*ext_bytes)(const void *ext);
};

/* ---- maps (pstore.c) ---- */

static inline uint32_t pg_map_get(const map *m, uint64_t key) {
  if (!m->key) return 0;
  for (size_t i = cgt_mix64(key) & m->mask;; i = (i + 1) & m->mask) {
    if (!m->val[i]) return 0;
    if (m->key[i] == key) return m->val[i];
  }
}
/* Sets key to val (val != 0); 0 when out of memory.  See pstore.c. */
int pg_map_put(map *m, uint64_t key, uint32_t val, cgt_stop *st);
void pg_map_free(map *m);

/* ---- entries and option lists (pstore.c) ---- */

/* A new entry at *id (its fields for the caller to set). */
cgt_rc pg_new_entry(cg_store *s, uint32_t *id);
/* Appends option ids to the option arena. */
cgt_rc pg_push_options(cg_store *s, const cg_id *ids, uint32_t n);
/* Enters id in the interning table under hash h. */
void pg_index_id(cg_store *s, uint64_t h, cg_id id);
/* The interning hash of the option lists L and R. */
uint64_t pg_hash_lists(const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr);
/* Makes the options of a number or nus value, stored without them. */
cgt_rc pg_make_options(cg_store *s, cg_id a);
static inline cgt_rc pg_ensure_options(cg_store *s, cg_id a) {
  return s->e[a].off != NO_OPTIONS ? CGT_OK : pg_make_options(s, a);
}
/* Options by index (the arena may move while recursing). */
static inline cg_id pg_left_opt(const cg_store *s, cg_id a, uint32_t i) { return s->opt[s->e[a].off + i]; }
static inline cg_id pg_right_opt(const cg_store *s, cg_id a, uint32_t i) {
  return s->opt[s->e[a].off + s->e[a].nl + i];
}

/* ---- stops (pcompare.c) ---- */

/* Both stops of a: numbers and nus values have their number. */
cgt_rc pg_stops(cg_store *s, cg_id a, cg_dyadic *ls, cg_dyadic *rs);
/* Settles a <= b from the stops of a (la, ra) and b (lb, rb) when it can
** (returns 1 with *res set, else 0). */
int pg_decide_by_stops(const cg_bigs *B, cg_dyadic la, cg_dyadic ra, cg_dyadic lb, cg_dyadic rb, int *res);

/* ---- canonical forms (pcanon.c) ---- */

typedef struct pg_list {
  cg_id *v;
  uint32_t n, cap;
} pg_list;
/* Appends x to l; 0 when out of memory. */
int pg_list_push(pg_list *l, cg_id x);
/* The canonical game {Lin | Rin}; undominated says that no option of one
** side dominates another (it is not searched for). */
cgt_rc pg_make_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, int undominated,
                    cg_id *out);

#endif
