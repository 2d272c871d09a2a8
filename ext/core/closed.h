/*
** Classic impartial games with closed forms or direct algorithms.
*/
#ifndef CGT_CORE_CLOSED_H
#define CGT_CORE_CLOSED_H

#include "common.h"

/* Wythoff's game (take any number from one pile, or the same number from
** both): 1 when (a, b) is a P-position.  Exact for all 64-bit a, b: the
** P-positions are (floor(k phi), floor(k phi) + k), and floor(k phi) is
** computed with a 128-bit integer square root. */
int cgt_wythoff_is_p(uint64_t a, uint64_t b);

/* Largest (a+1)(b+1) that cgt_wythoff_grundy computes. */
#define CGT_WYTHOFF_CELLS 16000000u

/* Grundy value of Wythoff's game at (a, b), by dynamic programming over
** every (i, j) <= (a, b).  CGT_TOOBIG above CGT_WYTHOFF_CELLS cells. */
cgt_rc cgt_wythoff_grundy(uint64_t a, uint64_t b, uint64_t *value, cgt_stop *st);

/* Fibonacci Nim: n counters left, at most q may be taken (the first move
** may take n - 1 at most, later ones twice the previous take; taking the
** last counter wins).  The smallest winning take, or 0 when every take
** loses: the smallest term of the Zeckendorf representation of n when it
** is at most q (Whinihan). */
uint64_t cgt_fibonacci_nim_move(uint64_t n, uint64_t q);

#endif
