/*
** Grundy values of heaps 0, 1, 2, ... each held in the fewest bytes that
** hold every value so far: 1 byte while they stay below 256 (nearly every
** octal game known), 2 below 65,536, else 4.  The width grows as a larger
** value comes, copying the values once; so 4·10^8 heaps of '.1777' take
** 400 MB, not 1.6 GB.
**
** The bytes a computation adds (more heaps, a wider copy) are reserved
** from its stop (common.h), so they count against the 'memory' setting of
** the call that makes them.
*/
#ifndef CGT_CORE_HEAPVALS_H
#define CGT_CORE_HEAPVALS_H

#include "../core/common.h"

typedef struct cgt_hvals {
  void *v;           /* width bytes a value */
  unsigned width;    /* 1, 2 or 4 (0 before the first value) */
  uint64_t have;     /* values of heaps 0..have-1 are known */
  uint64_t cap;      /* room, in values */
} cgt_hvals;

/* G(x), x < h->have. */
static inline uint32_t cgt_hv(const cgt_hvals *h, uint64_t x) {
  switch (h->width) {
    case 1: return ((const uint8_t *)h->v)[x];
    case 2: return ((const uint16_t *)h->v)[x];
    default: return ((const uint32_t *)h->v)[x];
  }
}

/* Runs LOOP with g the values of h as an array of their width: a loop
** over many values takes the switch once, not once a value. */
#define CGT_HV_EACH_WIDTH(h, LOOP)                         \
  switch ((h)->width) {                                    \
    case 1: { const uint8_t *g = (h)->v; LOOP; break; }    \
    case 2: { const uint16_t *g = (h)->v; LOOP; break; }   \
    default: { const uint32_t *g = (h)->v; LOOP; break; }  \
  }

/* Room for count values exactly, or for those known when more (a
** shrink releases bytes to st). */
cgt_rc cgt_hvals_room(cgt_hvals *h, uint64_t count, cgt_stop *st);
/* Sets G(x) = v (x < h->cap), widening the values when v needs it. */
cgt_rc cgt_hvals_set(cgt_hvals *h, uint64_t x, uint32_t v, cgt_stop *st);
/* dst (empty) gets a copy of src's first count values (count <= src->have). */
cgt_rc cgt_hvals_copy(cgt_hvals *dst, const cgt_hvals *src, uint64_t count, cgt_stop *st);
/* The bytes h holds. */
uint64_t cgt_hvals_bytes(const cgt_hvals *h);
/* Frees h's values (not the bytes reserved for them) and empties it. */
void cgt_hvals_free(cgt_hvals *h);

#endif
