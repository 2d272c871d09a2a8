/*
** Dyadic rationals m / 2^e, exact: the numbers of short partizan games.
**
** A value is a small struct passed by value.  Numerators that fit 63 bits
** live in it (the fast path of nearly every game); larger ones are interned
** in an arena (cg_bigs) that the store of games owns, so equal values have
** equal structs and a value stays valid as long as its arena.  Every result
** is in lowest terms (m odd, or e = 0).  Numerators and denominators are
** limited to CG_DYADIC_MAX_BITS bits; past that an operation fails with
** CGT_RANGE ("number too large"), never a wrapped value.
*/
#ifndef CGT_CORE_DYADIC_H
#define CGT_CORE_DYADIC_H

#include "../core/common.h"

#define CG_DYADIC_MAX_BITS 65536u

typedef struct cg_dyadic {
  int64_t num;    /* the numerator when big == 0 (never INT64_MIN) */
  uint32_t exp;   /* the value is numerator / 2^exp */
  uint32_t big;   /* 0, or 1 + the arena index of a numerator that needs more than 63 bits */
} cg_dyadic;

typedef struct cg_bigs cg_bigs;

cg_bigs *cg_bigs_new(void);
void cg_bigs_free(cg_bigs *B);
size_t cg_bigs_bytes(const cg_bigs *B);

/* n / 2^exp, reduced. */
cgt_rc cg_dyadic_make(cg_bigs *B, int64_t n, uint32_t exp, cg_dyadic *out);
cgt_rc cg_dyadic_add(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out);
cgt_rc cg_dyadic_sub(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out);
cgt_rc cg_dyadic_neg(cg_bigs *B, cg_dyadic a, cg_dyadic *out);
/* a * k for a small integer k. */
cgt_rc cg_dyadic_mul_small(cg_bigs *B, cg_dyadic a, int32_t k, cg_dyadic *out);
/* a * 2^shift (shift may be negative). */
cgt_rc cg_dyadic_ldexp(cg_bigs *B, cg_dyadic a, int32_t shift, cg_dyadic *out);
/* The largest integer <= a. */
cgt_rc cg_dyadic_floor(cg_bigs *B, cg_dyadic a, cg_dyadic *out);
/* The simplest number strictly between a < b: the integer nearest 0 when
** there is one, else the one with the smallest denominator. */
cgt_rc cg_dyadic_simplest_between(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out);
/* The birthday of a number: |n| for integers, floor(|a|) + e + 1 else;
** CGT_RANGE when it does not fit 63 bits. */
cgt_rc cg_dyadic_birthday(const cg_bigs *B, cg_dyadic a, uint64_t *out);

int cg_dyadic_cmp(const cg_bigs *B, cg_dyadic a, cg_dyadic b);
int cg_dyadic_sign(const cg_bigs *B, cg_dyadic a);
static inline int cg_dyadic_eq(cg_dyadic a, cg_dyadic b) { return a.num == b.num && a.exp == b.exp && a.big == b.big; }
static inline int cg_dyadic_is_zero(cg_dyadic a) { return a.num == 0 && a.big == 0; }
static inline int cg_dyadic_is_integer(cg_dyadic a) { return a.exp == 0; }
/* How x reads as a SQL value: 1 with *i when it is an integer of 64 bits,
** 2 with *d when a double holds it exactly (a numerator under 2^53, and
** subnormals only when no bit is lost), else 0 (it must be text). */
int cg_dyadic_sql(cg_dyadic x, int64_t *i, double *d);
uint64_t cg_dyadic_hash(cg_dyadic a);

/* The value of a run of decimal digits (negated when negative), divided by
** 2^exp. */
cgt_rc cg_dyadic_from_decimal(cg_bigs *B, const char *digits, size_t n, int negative, uint32_t exp,
                              cg_dyadic *out);
/* The value of a run of decimal digits that must be a power of two: *exp is
** its logarithm; CGT_SYNTAX when it is not a power of two. */
cgt_rc cg_dyadic_log2_decimal(cg_bigs *B, const char *digits, size_t n, uint32_t *exp);
/* "n" or "n/d" in decimal, cgt_malloc'd. */
cgt_rc cg_dyadic_text(const cg_bigs *B, cg_dyadic a, char **text);

#endif
