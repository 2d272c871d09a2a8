/*
** Grundy values of heap games: G(0..n_max) for a rule of heaprule.h.
**
** cgt_heap_values picks the fastest exact method:
**  - the plain mex loop over every move (the reference);
**  - sparse space (Berlekamp; Flammenkamp; Gangolli and Plambeck) for finite
**    codes whose splits leave two heaps (up to 8 splitting digits): with a
**    mask m chosen from the values (again each time they grow by a
**    quarter: the best mask can change), the values whose masked parity
**    is "common" arise only from a split with a "rare" part, and rare
**    parts are few; the other values below the least common one missing
**    are looked for among all splits, in blocks, until each is found;
**  - excluded moves, for rules that only take and may take any number past
**    some m (nim, allbut{}): every earlier heap is an option but for the
**    few removals j <= m that are not allowed, so G(n) is the mex of all
**    earlier values unless a value occurs only at excluded heaps;
**  - once a period is proven (below), the rest of the sequence follows it.
** Every method gives the same values; the tests check it.
**
** Periods are proven, not guessed (heapform.c says how, with citations):
** periodic sequences of finite subtraction games and finite octal codes,
** arithmetic-periodic sequences of rules that only take with an infinite
** tail (nim, allbut{}), and Lasker's Nim's closed form.
*/
#ifndef CGT_CORE_HEAPSEQ_H
#define CGT_CORE_HEAPSEQ_H

#include "heapform.h"

/* G(h->have..n_max) into h, G(0..h->have-1) known there (from earlier
** calls: h starts empty, {0}).  The values are the same whatever h->have:
** a sequence computed in chunks costs about what it costs at once (rules
** that only take with a tail start again from 0: their loop is linear).
** The values' bytes, those held and those added, are reserved from st. */
cgt_rc cgt_heap_values(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st);

/* The same with the plain mex loop only. */
cgt_rc cgt_heap_values_plain(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st);

/* The same with sparse space when the rule allows it (else plain), and no
** periodic shortcut; for tests and benchmarks. */
cgt_rc cgt_heap_values_sparse(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st);

/* 1 when sparse space may apply to r (a finite code whose splits leave two
** heaps, up to 8 splitting digits); whether it does shows in the first
** 2048 values. */
int cgt_rule_is_sparse_candidate(const cgt_rule *r);

/*
** Sparse space as Flammenkamp writes it: with a mask m, the value G(x) is
** rare when the parity of G(x) & m is even (range type, domain 0), or,
** for a code with one splitting removal t, when it equals the parity of
** x - t (domain type, domain 1); the rare values are few, and the rest
** follow from them.
** The mask is chosen as cgt_heap_values chooses it: the fewest rare values
** in the upper half of the values, then in all of them; its bits above the
** values seen are all 1.
*/
typedef struct cgt_heap_sparse {
  uint32_t mask;
  int domain;        /* the class also depends on the parity of the heap */
  int rare_class;    /* the class of the rare values */
} cgt_heap_sparse;
/* 1 with *s when sparse space applies to r, its mask found in G(0..n)
** (n >= 16); 0 when r is no candidate or no mask makes the values sparse. */
int cgt_heap_sparse_mask(const cgt_rule *r, const cgt_hvals *g, uint32_t n, cgt_heap_sparse *s, cgt_stop *st);
/* 1 when G(x) is rare under s. */
int cgt_heap_is_rare(const cgt_heap_sparse *s, const cgt_hvals *g, uint32_t x);

#endif
