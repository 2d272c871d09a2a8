/*
** Moore's Nim_k: a sum of impartial games where a move changes between 1
** and k components at once.  Moore's theorem: with every component's
** Grundy value written in binary, the sum is a P-position exactly when,
** for every binary digit, the number of values with that digit set is
** divisible by k+1.  k = 1 is ordinary Nim.
*/
#ifndef CGT_CORE_NIMK_H
#define CGT_CORE_NIMK_H

#include "../core/common.h"

/* 1 when the values v[0..n-1] form a P-position of Nim_k (k >= 1). */
int cgt_nimk_is_p(uint64_t k, const uint64_t *v, size_t n);

/* Tokens for counting: token i has Grundy value val[i] and its moves lead
** to positions of values opt[off[i]] .. opt[off[i+1]-1]. */
typedef struct cgt_nimk_tokens {
  size_t n;
  const uint32_t *val;
  const uint32_t *off;
  const uint32_t *opt;
} cgt_nimk_tokens;

/* (The SQL functions give the dynamic program for k >= 3 no budget of
** steps, and the 'memory' setting's bytes for its states: docs/nimk.md.) */

/*
** The number of moves of Nim_k that leave a P-position: a move picks
** between 1 and k distinct tokens and one move of each.  Two moves differ
** when their token sets or their chosen moves differ.  k <= 2 hashes digit
** vectors (linear in the number of token moves); k >= 3 runs a dynamic
** program over (tokens picked, digit vector) states, within steps_max
** steps and bytes_max bytes of states: past either CGT_LIMIT, with the
** cause in err.  CGT_TOOBIG when the count exceeds 2^63 - 1.
*/
cgt_rc cgt_nimk_count(uint64_t k, const cgt_nimk_tokens *t, uint64_t steps_max, uint64_t bytes_max, uint64_t *count,
                      char *err, size_t errlen, cgt_stop *st);

#endif
