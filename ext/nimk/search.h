/*
** Exact Nim_k on tokens of an acyclic game graph, where Moore's theorem on
** Grundy values does not apply (a move that does not lower the value).
** Positions are multisets of tokens, searched depth first with an explicit
** stack and memoised; the parts of a position that Moore's theorem or the
** rule of selective sums decide are not searched (search.c says why).
*/
#ifndef CGT_CORE_NIMK_SEARCH_H
#define CGT_CORE_NIMK_SEARCH_H

#include "../core/common.h"

/* The graph as the search reads it: the distinct moves of node u are
** out[off[u]] .. out[off[u+1]-1]; grundy[u] and heaplike[u] as in game.h.
** Every node reachable from the tokens must be acyclic (finite value). */
typedef struct cgt_nimk_graph {
  uint32_t n;
  const uint32_t *off, *out;
  const uint32_t *grundy;
  const uint8_t *heaplike;
} cgt_nimk_graph;

/* What one search may spend; past any of these it ends with CGT_LIMIT. */
typedef struct cgt_nimk_budget {
  uint64_t positions;   /* positions remembered */
  uint64_t steps;       /* moves examined, each counted 1 + its position's tokens */
  uint64_t bytes;       /* memory of the remembered positions and the stack */
} cgt_nimk_budget;

/* (The SQL functions count no positions or steps; their bytes are the
** connection's 'memory' setting: docs/nimk.md, Limits.) */

/* What a search spent. */
typedef struct cgt_nimk_spent {
  uint64_t positions, steps;
} cgt_nimk_spent;

/* After a search ended with CGT_LIMIT: the budget it passed, as its unit
** ("positions", "steps" or "bytes"), with its size in *most. */
const char *cgt_nimk_budget_passed(const cgt_nimk_budget *budget, const cgt_nimk_spent *spent, uint64_t *most);

/* *win = 1 when the player to move wins Nim_k (k >= 1) with tokens on the
** nodes tok[0..n-1]. */
cgt_rc cgt_nimk_search_win(uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                           const cgt_nimk_budget *budget, int *win, cgt_nimk_spent *spent, cgt_stop *st);

/* *count = the number of Nim_k moves from tok[0..n-1] that leave a
** P-position, counted as cgt_nimk_count does (distinct tokens, distinct
** moves).  CGT_TOOBIG when the count exceeds 2^63 - 1. */
cgt_rc cgt_nimk_search_count(uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                             const cgt_nimk_budget *budget, uint64_t *count, cgt_nimk_spent *spent, cgt_stop *st);

#endif
