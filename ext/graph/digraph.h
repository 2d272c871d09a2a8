/*
** A directed graph of moves in compressed sparse row form, with both the
** moves out of each node and the moves into it.  Nodes are 0..n-1.
** Duplicate moves are kept once; a move from a node to itself is allowed.
*/
#ifndef CGT_CORE_DIGRAPH_H
#define CGT_CORE_DIGRAPH_H

#include "../core/common.h"

typedef struct cgt_digraph {
  uint32_t n;          /* number of nodes */
  uint32_t m;          /* number of distinct moves */
  uint32_t *out_off;   /* n+1 offsets into out[] */
  uint32_t *out;       /* targets of the moves, grouped by source */
  uint32_t *in_off;    /* n+1 offsets into in[] */
  uint32_t *in;        /* sources of the moves, grouped by target */
} cgt_digraph;

/* Builds g from m_raw moves pair[2i] -> pair[2i+1] over nodes 0..n-1 (all
** below n).  On failure g is left empty and needs no cgt_digraph_free. */
cgt_rc cgt_digraph_build(cgt_digraph *g, uint32_t n, const uint32_t *pair, size_t m_raw, cgt_stop *st);
void cgt_digraph_free(cgt_digraph *g);

static inline uint32_t cgt_outdeg(const cgt_digraph *g, uint32_t u) {
  return g->out_off[u + 1] - g->out_off[u];
}

/* Bytes held by g, for cache accounting. */
size_t cgt_digraph_bytes(const cgt_digraph *g);

#endif
