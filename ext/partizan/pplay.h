/*
** Who wins a partizan game on a graph by play, draws included: the
** retrograde analysis of (position, player to move) states, exact on every
** finite graph.  A sum of tokens is played on the product of its
** components' positions, one move in one component a turn; tokens on the
** same graph are interchangeable, so a state keeps them sorted.
**
** The classes are CGSuite's nine (its OutcomeClass), from the result with
** Left moving first and the result with Right moving first:
**   L (Left wins both), R, N (the first player wins), P (the second),
**   D (draws both), NHat (Left first wins, Right first draws), PCheck
**   (Left first loses, Right first draws), PHat (Left first draws, Right
**   first loses), NCheck (Left first draws, Right first wins).
*/
#ifndef CGT_CORE_PPLAY_H
#define CGT_CORE_PPLAY_H

#include "../core/common.h"

/* A partizan graph: the moves of node u are dst[off[u]..off[u+1]), move e
** being Left's when who[e] & 1 and Right's when who[e] & 2. */
typedef struct cg_playgraph {
  uint32_t n;
  const uint32_t *off, *dst;
  const uint8_t *who;
} cg_playgraph;

enum { CG_PLAY_L, CG_PLAY_R, CG_PLAY_N, CG_PLAY_P, CG_PLAY_D, CG_PLAY_NHAT, CG_PLAY_NCHECK, CG_PLAY_PHAT, CG_PLAY_PCHECK };

/* The class's name: "L", "R", "N", "P", "D", "NHat", "NCheck", "PHat", "PCheck". */
const char *cg_play_class_name(int cls);

/* The class of the sum of k tokens, token i on node at[i] of graph
** g[i] (the same pointer for tokens on the same graph), into *cls.  The
** states and moves made count against st's memory (CGT_MEMORY past it). */
cgt_rc cg_play_outcome(const cg_playgraph *const *g, const uint32_t *at, uint32_t k, int *cls, cgt_stop *st);

#endif
