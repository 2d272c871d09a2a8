/*
** Rules of take-and-break heap games, in one language:
**
**   d0.d1d2d3...   a code: digit dj (hexadecimal, 0-f) says what may remain
**                  after taking j counters from a heap: bit 1 nothing, bit 2
**                  one heap, bit 4 two heaps, bit 8 three heaps (all
**                  non-empty).  d0 may only split (4, 8, c).  A digit
**                  followed by '!' demands that the heaps left all differ.
**   0.13...        a code ending in "...": its last digit repeats forever
**                  (0.3... is nim, 4.3... is lasker); as in CGSuite, 0.1[3]
**                  is the same
**   sub{1,3,4}     subtraction game: take 1, 3 or 4 counters
**   allbut{1,2}    take any number of counters except these
**   nim kayles dawsons-kayles dawsons-chess treblecross officers grundy lasker
*/
#ifndef CGT_CORE_HEAPRULE_H
#define CGT_CORE_HEAPRULE_H

#include "../core/common.h"

enum { CGT_LEAVE_NONE = 1, CGT_LEAVE_ONE = 2, CGT_LEAVE_TWO = 4, CGT_LEAVE_THREE = 8 };

typedef struct cgt_rule {
  uint32_t ndigits;    /* d[0..ndigits-1] given */
  uint8_t *d;          /* CGT_LEAVE_* bits of each digit */
  uint8_t *distinct;   /* 1 when the digit had '!' */
  uint8_t tail;        /* the digit of every j >= ndigits (0 for finite codes) */
} cgt_rule;

/* Parses text into r.  On error returns CGT_NOMEM or CGT_TOOBIG, or
** CGT_SYNTAX with a message in err (naming the rule and the character). */
cgt_rc cgt_rule_parse(const char *text, cgt_rule *r, char *err, size_t errlen);
void cgt_rule_free(cgt_rule *r);

/* The digit of removal j. */
static inline uint8_t cgt_rule_digit(const cgt_rule *r, uint32_t j) { return j < r->ndigits ? r->d[j] : r->tail; }
static inline int cgt_rule_distinct(const cgt_rule *r, uint32_t j) { return j < r->ndigits && r->distinct[j]; }

/* 1 for a finite code whose moves leave at most two heaps and need no
** distinct sizes: the octal periodicity theorem applies. */
int cgt_rule_is_finite_octal(const cgt_rule *r);
/* 1 for a finite subtraction game (moves only take, never split). */
int cgt_rule_is_subtraction(const cgt_rule *r);
/* 1 for a rule whose moves only take (no split) and whose tail digit is 3
** (nim, allbut{}): any number past *m may be taken, *m being the largest
** removal whose digit is not 3 (0 when there is none). */
int cgt_rule_takes_past(const cgt_rule *r, uint32_t *m);
/* 1 for Lasker's Nim: split into two heaps, or take any number. */
int cgt_rule_is_lasker(const cgt_rule *r);
/* The largest j with a non-zero digit (finite rules). */
uint32_t cgt_rule_last(const cgt_rule *r);

#endif
