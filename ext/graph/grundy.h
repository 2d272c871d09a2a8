/*
** The generalised Sprague-Grundy function gamma of a move graph that may
** have cycles (C. A. B. Smith 1966; Fraenkel and Yesha 1986).
**
** gamma(u) is either a finite value or infinite, written inf(K) where K is
** the set of finite values among the options of u.  On acyclic graphs it is
** the ordinary Grundy value.  A sum of tokens is won by the player to move
** exactly when its value is a non-zero finite value or inf(K) with 0 in K;
** a value inf(K) with 0 not in K is a draw; a finite 0 is a loss.
*/
#ifndef CGT_CORE_GRUNDY_H
#define CGT_CORE_GRUNDY_H

#include "digraph.h"

#define CGT_GRUNDY_INF UINT32_MAX

/* Fills value[u] with gamma(u), or CGT_GRUNDY_INF when it is infinite,
** and, when loopy is not NULL, loopy[u] with 1 when u can reach a cycle
** (then play from u may last forever, even when gamma(u) is finite).
** Linear on the acyclic part of the graph; on the rest, each round costs
** at most one pass over its moves, and there are (largest value + 2) rounds. */
cgt_rc cgt_grundy_solve(const cgt_digraph *g, uint32_t *value, uint8_t *loopy, cgt_stop *st);

/* The set K of an infinite node u: the distinct finite values of its
** options, ascending, written to out (room for cgt_outdeg(g, u) values).
** Returns how many there are. */
uint32_t cgt_grundy_kset(const cgt_digraph *g, const uint32_t *value, uint32_t u, uint32_t *out);

/* 1 when some option of u has the finite value x. */
int cgt_grundy_has_option_value(const cgt_digraph *g, const uint32_t *value, uint32_t u, uint32_t x);

#endif
