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

/* cgt_wythoff_grundy's tables take (2a + 2b + 3)(2a + b + 2) + 8 (2a + 3b +
** 4) bytes for a <= b, so long thin boards (a small, b large) need far more
** than their cells; it refuses what could not be counted in memory at all
** (past CGT_WYTHOFF_BYTES_MAX). */
#define CGT_WYTHOFF_BYTES_MAX ((uint64_t)1 << 62)

/* The bytes the tables of cgt_wythoff_grundy(a, b) take (as a double: it
** may exceed 2^64 for 64-bit a and b). */
double cgt_wythoff_bytes(uint64_t a, uint64_t b);

/* Grundy value of Wythoff's game at (a, b): with a pile empty, the other
** (Nim), for any 64-bit pile; else by dynamic programming over every
** (i, j) <= (a, b), no budget of work: its tables' bytes are reserved
** from st first (CGT_MEMORY past its memory; CGT_TOOBIG past
** CGT_WYTHOFF_BYTES_MAX), before anything is allocated. */
cgt_rc cgt_wythoff_grundy(uint64_t a, uint64_t b, uint64_t *value, cgt_stop *st);

/* Fibonacci Nim: n counters left, at most q may be taken (the first move
** may take n - 1 at most, later ones twice the previous take; taking the
** last counter wins).  The smallest winning take, or 0 when every take
** loses: the smallest term of the Zeckendorf representation of n when it
** is at most q (Whinihan). */
uint64_t cgt_fibonacci_nim_move(uint64_t n, uint64_t q);

#endif
