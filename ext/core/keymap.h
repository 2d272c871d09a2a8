/*
** Interning of node ids.  A node id is an SQL value (integer, real, text or
** blob) and keeps its type: the integer 1 and the text '1' are two nodes.
** Each distinct id gets a dense index 0, 1, 2, ... in order of first
** appearance, and the id can be read back from its index.
*/
#ifndef CGT_CORE_KEYMAP_H
#define CGT_CORE_KEYMAP_H

#include "common.h"

enum { CGT_KEY_INT = 1, CGT_KEY_REAL, CGT_KEY_TEXT, CGT_KEY_BLOB };

typedef struct cgt_key {
  uint8_t type;      /* CGT_KEY_* */
  uint32_t len;      /* bytes at p, for TEXT and BLOB */
  int64_t i;         /* the integer, or the bits of the double for REAL */
  const void *p;     /* the bytes, for TEXT and BLOB */
} cgt_key;

typedef struct cgt_keymap {
  uint32_t count;          /* ids interned */
  uint32_t cap;            /* capacity of entries[] */
  struct cgt_keyent {
    int64_t v;             /* integer, double bits, or arena offset */
    uint32_t len;
    uint8_t type;
  } *entries;
  uint32_t *slots;         /* open addressing: index+1, 0 when empty */
  uint32_t mask;           /* slot count - 1 */
  char *arena;             /* bytes of TEXT and BLOB ids */
  size_t arena_len, arena_cap;
  /* Optional accelerator for integer ids in [dense_lo, dense_lo + dense_len):
  ** dense[id - dense_lo] is index+1, 0 when absent.  Other ids use slots. */
  int64_t dense_lo;
  uint64_t dense_len;
  uint32_t *dense;
} cgt_keymap;

void cgt_keymap_init(cgt_keymap *km);
void cgt_keymap_free(cgt_keymap *km);

/* Index of key k, adding it when new. */
cgt_rc cgt_keymap_intern(cgt_keymap *km, const cgt_key *k, uint32_t *idx);

/* Builds the empty map km from n integer ids, all in lo..hi (repeats
** allowed), with a direct table: the distinct ids get indexes in ascending
** order, and out[i] is the index of ids[i]. */
cgt_rc cgt_keymap_dense(cgt_keymap *km, const int64_t *ids, size_t n, int64_t lo, int64_t hi, uint32_t *out);

/* cgt_keymap_intern for an integer id. */
cgt_rc cgt_keymap_intern_int(cgt_keymap *km, int64_t id, uint32_t *idx);

/* Index of key k, or UINT32_MAX when k was never interned. */
uint32_t cgt_keymap_find(const cgt_keymap *km, const cgt_key *k);

/* The key of index idx (< count); TEXT and BLOB bytes point into km. */
void cgt_keymap_get(const cgt_keymap *km, uint32_t idx, cgt_key *k);

/* A hash of key k, equal for equal keys (cgt_key_equal). */
uint64_t cgt_key_hash(const cgt_key *k);
/* 1 when the two keys are the same id. */
int cgt_key_equal(const cgt_key *a, const cgt_key *b);

/* Bytes held by km, for cache accounting. */
size_t cgt_keymap_bytes(const cgt_keymap *km);

#endif
