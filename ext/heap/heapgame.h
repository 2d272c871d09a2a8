/*
** A heap game as the misère quotient (misere.h) and the genus search
** (genus.h) see it: heap types 1..ntypes, each option of a heap a sum of at
** most three heaps of smaller types.
*/
#ifndef CGT_CORE_HEAPGAME_H
#define CGT_CORE_HEAPGAME_H

#include "heaprule.h"

#define CGT_MQ_MAX_OPTIONS (1u << 22)

/* The heaps of a game: options of type t are opt[off[t]..off[t+1]), each
** three types (0 for none, so {0,0,0} is the empty sum). */
typedef struct cgt_heapgame {
  uint32_t ntypes;
  uint32_t *off;
  uint32_t (*opt)[3];
} cgt_heapgame;

/* The game of rule r with heaps of 1..n counters as types 1..n.  CGT_LIMIT
** past CGT_MQ_MAX_OPTIONS options in all. */
cgt_rc cgt_heapgame_from_rule(const cgt_rule *r, uint32_t n, cgt_heapgame *g, cgt_stop *st);
void cgt_heapgame_free(cgt_heapgame *g);

#endif
