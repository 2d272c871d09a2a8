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
/* The same, with *found for the answer, charging st (CGT_INTERRUPTED). */
cgt_rc cgt_heap_period_find(const cgt_rule *r, const uint32_t *g, uint32_t n, int *found, uint32_t *pre,
                            uint32_t *per, cgt_stop *st);

/*
** Limits.  The plain loop costs, up to heap n, about n per removal that
** takes, n^2/4 per two-heap digit and n^3/36 per three-heap digit (a tail,
** as in nim, allbut{} and lasker, is n/2 digits); sparse space about
** CGT_HEAP_SPARSE_STEPS a heap.  cgt_heap_limit returns the largest n whose
** worst case stays within CGT_HEAP_STEPS steps (a few seconds), at least
** 1000 and at most CGT_HEAP_LIMIT_MAX, rounded down to two significant digits.  With g[0..n] known for n >= 2048
** it can tell whether sparse space applies (else it assumes not).  Beyond
** the limit a sequence can only be had through a period proven by then.
*/
#define CGT_HEAP_STEPS 1e9
#define CGT_HEAP_SPARSE_STEPS 1000
#define CGT_HEAP_LIMIT_MAX 100000000u
uint32_t cgt_heap_limit(const cgt_rule *r, const uint32_t *g, uint32_t n);
/* 1 when sparse space may apply to r (a finite code with one splitting
** digit, into two heaps); whether it does shows in the first 2048 values. */
int cgt_rule_is_sparse_candidate(const cgt_rule *r);

#endif
