/*
** A map from game ids to 32-bit values (the memo of one call of a
** recursion over games), by open addressing; keys are never UINT32_MAX.
*/
#ifndef CGT_CORE_PMEMO_H
#define CGT_CORE_PMEMO_H

#include <string.h>

#include "pgame.h"

typedef struct memo {
  cg_id *key, *val;   /* key UINT32_MAX: empty */
  uint32_t mask, count;
} memo;

static inline void memo_free(memo *m) {
  cgt_free(m->key);
  cgt_free(m->val);
}

static inline int memo_get(const memo *m, cg_id k, cg_id *v) {
  if (!m->key) return 0;
  for (uint32_t i = (k * 2654435761u) & m->mask;; i = (i + 1) & m->mask) {
    if (m->key[i] == UINT32_MAX) return 0;
    if (m->key[i] == k) {
      *v = m->val[i];
      return 1;
    }
  }
}

static inline cgt_rc memo_put(memo *m, cg_id k, cg_id v) {
  if (!m->key || 2 * ((size_t)m->count + 1) > (size_t)m->mask + 1) {
    size_t cap = m->key ? 2 * ((size_t)m->mask + 1) : 64;
    if (cap > ((size_t)1 << 31)) return CGT_TOOBIG;
    memo bigger = {cgt_malloc(cap * sizeof(cg_id)), cgt_malloc(cap * sizeof(cg_id)), (uint32_t)(cap - 1), 0};
    if (!bigger.key || !bigger.val) {
      memo_free(&bigger);
      return CGT_NOMEM;
    }
    memset(bigger.key, 0xff, cap * sizeof(cg_id));
    for (uint32_t i = 0; m->key && i <= m->mask; i++)
      if (m->key[i] != UINT32_MAX) memo_put(&bigger, m->key[i], m->val[i]);
    memo_free(m);
    *m = bigger;
  }
  uint32_t i = (k * 2654435761u) & m->mask;
  while (m->key[i] != UINT32_MAX && m->key[i] != k) i = (i + 1) & m->mask;
  if (m->key[i] == UINT32_MAX) m->count++;
  m->key[i] = k;
  m->val[i] = v;
  return CGT_OK;
}

#endif
