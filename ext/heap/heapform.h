/*
** Proven forms of Grundy sequences of heap games (heapform.c says how each
** is proven, with citations): periodic sequences of finite subtraction
** games and finite octal codes, arithmetic-periodic sequences of rules that
** only take with an infinite tail (nim, allbut{}), and Lasker's Nim's
** closed form; and the periods the values merely show.
*/
#ifndef CGT_CORE_HEAPFORM_H
#define CGT_CORE_HEAPFORM_H

#include "heaprule.h"
#include "heapvals.h"

/*
** A proven form of a Grundy sequence: for every n >= pre,
**   G(n) = G(pre + (n - pre) mod per) + floor((n - pre) / per) * saltus,
** periodic when saltus is 0, arithmetic-periodic otherwise.  pre is the
** least index from which the relation holds (as in CGSuite).
*/
typedef struct cgt_heap_form {
  uint32_t pre, per, saltus;
} cgt_heap_form;

/* 1 when some G(0..n-1) can prove a form of r's sequence: finite
** subtraction games, finite octal codes, rules that only take with the
** tail digit 3 (nim, allbut{}), and Lasker's Nim. */
int cgt_rule_is_provable(const cgt_rule *r);

/* How many values a search for a form of r should start with: the proofs
** need windows of a few times the largest removal that matters. */
uint32_t cgt_heap_form_start(const cgt_rule *r);

/* When G(0..n-1) (in g) proves a form of r's sequence: 1 with the least period
** in *f; else 0. */
int cgt_heap_period(const cgt_rule *r, const cgt_hvals *g, uint32_t n, cgt_heap_form *f);
/* The same, with *found for the answer, charging st (CGT_INTERRUPTED). */
cgt_rc cgt_heap_period_find(const cgt_rule *r, const cgt_hvals *g, uint32_t n, int *found, cgt_heap_form *f,
                            cgt_stop *st);

/* The least period p (least first) with a saltus s >= 0 such that
** G(k+p) = G(k) + s for every k from *pre to n-1-p, where the values
** G(pre..n-1) hold at least three periods (n - pre >= 3p): what the values
** show, proven by nothing; the relation must also cover at least half the
** values (2 (n - pre) >= n).  *found is 0 when no p <= n/3 qualifies.
** Charges st (at worst quadratic in n). */
cgt_rc cgt_heap_period_observed(const cgt_hvals *g, uint32_t n, int *found, cgt_heap_form *f, cgt_stop *st);

/* G(x) for any x by the form f, with G(0..f->pre + f->per - 1) known;
** CGT_TOOBIG when the value is over INT64_MAX. */
cgt_rc cgt_heap_form_value(const cgt_heap_form *f, const cgt_hvals *g, uint64_t x, int64_t *v);

#endif
