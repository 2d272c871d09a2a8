/*
** Grundy values of heap games: G(0..n_max) for a rule of heaprule.h.
**
** cgt_heap_values picks the fastest exact method:
**  - the plain mex loop over every move (the reference);
**  - sparse space (Berlekamp; Flammenkamp; Gangolli and Plambeck) for finite
**    codes with one splitting digit: with a mask m chosen from the first
**    values, the values whose masked parity is "common" arise only from a
**    split with a "rare" part, and rare parts are few;
**  - once a period is proven (below), the rest of the sequence follows it.
** Every method gives the same values; the tests check it.
**
** Periods are proven, not guessed: for a finite subtraction game, when
** G(n+p) = G(n) on a window of length max-take; for other finite octal codes
** (at most two heaps left, no '!') by the octal periodicity theorem of Guy
** and Smith: G(n+p) = G(n) for n0 <= n < 2 n0 + p + k, k the last non-zero
** digit.  The preperiod is the first index from which the sequence repeats.
*/
#ifndef CGT_CORE_HEAPSEQ_H
#define CGT_CORE_HEAPSEQ_H

#include "heaprule.h"

/* g[0..n_max] gets G(0..n_max). */
cgt_rc cgt_heap_values(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st);

/* The same with the plain mex loop only. */
cgt_rc cgt_heap_values_plain(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st);

/* The same with sparse space when the rule allows it (else plain), and no
** periodic shortcut; for tests and benchmarks. */
cgt_rc cgt_heap_values_sparse(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st);

/* When g[0..n-1] proves the sequence of r periodic: 1 with the least
** period *per and its preperiod *pre; else 0. */
int cgt_heap_period(const cgt_rule *r, const uint32_t *g, uint32_t n, uint32_t *pre, uint32_t *per);

#endif
