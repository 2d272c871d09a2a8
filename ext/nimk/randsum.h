/*
** Random sums of tokens.  Tokens are dropped one at a time: each step picks
** one of the V nodes (weight 1 each) or stops (weight s).  What is the
** chance that the player to move wins (outcome N) the final sum?
**
** With F the Walsh-Hadamard transform of the distribution of one token's
** finite value, p = V/(V+s) and q = s/(V+s), the sums with only finite
** tokens have transform q / (1 - p F), and those with one infinite token and
** the rest finite have, per infinite node, q p / (V (1 - p F)^2).  A finite
** sum wins when its nim-sum is not 0; one infinite token inf(K) wins when
** the nim-sum x of the rest is in K; two or more infinite tokens draw.
*/
#ifndef CGT_CORE_RANDSUM_H
#define CGT_CORE_RANDSUM_H

#include "../core/common.h"

typedef struct cgt_randsum {
  uint32_t nodes;          /* V */
  const uint32_t *value;   /* value of each node; CGT_GRUNDY_INF (UINT32_MAX) when infinite */
  uint32_t ninf;           /* infinite nodes, each with its set K: */
  const uint32_t *k_off;   /*   kset[k_off[i] .. k_off[i+1]) */
  const uint32_t *kset;
} cgt_randsum;

/* In doubles; stop_weight > 0. */
cgt_rc cgt_randsum_real(const cgt_randsum *in, double stop_weight, double *win, cgt_stop *st);

/* Exactly, as p * q^-1 modulo the prime mod (stop_weight an integer);
** CGT_NOINVERSE when a denominator is 0 modulo mod. */
cgt_rc cgt_randsum_mod(const cgt_randsum *in, uint64_t stop_weight, uint64_t mod, uint64_t *win, cgt_stop *st);

/* 1 when n is prime (deterministic for every 64-bit n). */
int cgt_is_prime(uint64_t n);

#endif
