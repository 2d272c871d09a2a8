/*
** Classic impartial games with closed forms or direct algorithms.
*/
#ifndef CGT_CORE_CLOSED_H
#define CGT_CORE_CLOSED_H

#include "../core/common.h"

/* Wythoff's game (take any number from one pile, or the same number from
** both): 1 when (a, b) is a P-position.  Exact for all 64-bit a, b: the
** P-positions are (floor(k phi), floor(k phi) + k), and floor(k phi) is
** computed with a 128-bit integer square root. */
int cgt_wythoff_is_p(uint64_t a, uint64_t b);

/* Largest (a+1)(b+1) that cgt_wythoff_grundy computes. */
#define CGT_WYTHOFF_CELLS 2500000u   /* about 2.5 s; the time grows faster than the cells */

/* Largest memory cgt_wythoff_grundy uses: its tables take
** (2a + 2b + 3)(2a + b + 2) + 8 (2a + 3b + 4) bytes for a <= b, so long
** thin boards (a small, b large) need far more than their cells. */
#define CGT_WYTHOFF_BYTES ((uint64_t)1 << 28)

/* The bytes the tables of cgt_wythoff_grundy(a, b) take (as a double: it
** may exceed 2^64 for 64-bit a and b). */
double cgt_wythoff_bytes(uint64_t a, uint64_t b);

/* Grundy value of Wythoff's game at (a, b): with a pile empty, the other
** (Nim), for any 64-bit pile; else by dynamic programming over every
** (i, j) <= (a, b), CGT_TOOBIG above CGT_WYTHOFF_CELLS cells or
** CGT_WYTHOFF_BYTES bytes, checked before anything is allocated. */
cgt_rc cgt_wythoff_grundy(uint64_t a, uint64_t b, uint64_t *value, cgt_stop *st);

/* Fibonacci Nim: n counters left, at most q may be taken (the first move
** may take n - 1 at most, later ones twice the previous take; taking the
** last counter wins).  The smallest winning take, or 0 when every take
** loses: the smallest term of the Zeckendorf representation of n when it
** is at most q (Whinihan). */
uint64_t cgt_fibonacci_nim_move(uint64_t n, uint64_t q);

#endif
