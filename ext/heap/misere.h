/*
** Misère play of sums of heaps: the misère quotient of a heap game.
**
** A heap game here has heap types 1..ntypes; each option of a heap is a sum
** of at most three heaps of smaller types (type 0 is no heap).  The closed
** set A of all sums of such heaps has a misère quotient (Plambeck and
** Siegel, "Misère quotients for impartial games", J. Combin. Theory Ser. A
** 115 (2008)): G and H are indistinguishable when o(G+X) = o(H+X) for every
** X in A (o the misère outcome); the classes form a commutative monoid Q,
** and phi maps each sum to its class, with the P-portion the classes of the
** P-positions.
**
** cgt_mq_compute adds the heap types one at a time, as Siegel's
** MisereSolver does: it first tries to send the new heap to an element of
** the quotient so far; failing that, it adjoins a new cyclic generator
** (x^(i+2) = x^i), marks the P-portion of that candidate from the
** lexicographically least word of each element, reduces it, and verifies it.
** A candidate that fails may free the heaps of the failing position as well
** (a recalibration).
**
** Verification is exact: every sum G has a state (phi(G), tr(G)) where tr(G)
** is the set of phi over G's options; tr(G + h) is {t phi(h) : t in tr(G)}
** together with {phi(G) phi(h') : h' an option of h}, so the states reachable
** from the empty sum are found by a finite search.  The candidate is correct
** iff at every reached state of a non-empty sum, phi(G) is in P exactly when
** no element of tr(G) is (by induction on G, the outcomes then agree with
** the P-portion for every sum), and the empty sum is not in P.  A correct
** candidate maps onto the quotient; reducing it (merging x and y when P(xz)
** = P(yz) for every z, Moore's partition refinement under the generators)
** gives the quotient itself.  Nothing unverified is ever returned.
**
** Limits: quotients of at most max_elements elements (CGT_MQ_MAX_ELEMENTS
** in the SQL functions; candidates before reduction CGT_MQ_MAX_CANDIDATE),
** beyond them CGT_LIMIT; the states of a verification search are counted
** against the stop's memory (CGT_MEMORY past it).  No recalibration that
** helps: CGT_LIMIT too (with *fail_type the heap type where it happened).
** No budget of work for the types asked for; the types computed ahead of
** them (cgt_mq_compute's need) stop past CGT_MQ_AHEAD_WORK units.
** Besides, multiplication tables of up to 2^22 entries (16 MB) each speed
** the searches up; past that size they go on without them.
*/
#ifndef CGT_CORE_MISERE_H
#define CGT_CORE_MISERE_H

#include "heapgame.h"

#define CGT_MQ_MAX_ELEMENTS 2048u
#define CGT_MQ_MAX_CANDIDATE (1u << 18)
#define CGT_MQ_MAX_COMPONENTS 8
#define CGT_MQ_MAX_RECALIBRATIONS 200
#define CGT_MQ_AHEAD_WORK 3e8   /* units for the types computed ahead (a few seconds) */

/* A bipartite monoid with the images of the heap types: a misère quotient. */
typedef struct cgt_mq {
  uint32_t size;
  uint32_t *mul;    /* mul[x * size + y] = xy; element 0 is the identity */
  /* (candidates only: a direct sum of a base monoid, whose table is mul,
  ** and ncomp cyclic monoids of len[c] elements) */
  uint32_t base_size, ncomp, len[CGT_MQ_MAX_COMPONENTS];
  uint8_t *p;       /* p[x] = 1 for the P-portion */
  uint32_t ntypes;
  uint32_t *phi;    /* phi[t] for t = 0..ntypes (phi[0] = 0) */
} cgt_mq;

/* The misère quotient of g's sums, of at most max_elements elements, of
** its types 1..need at least: the types past need are computed ahead (a
** caller that will ask for more soon), within CGT_MQ_AHEAD_WORK units of
** work.  On failure *fail_type is the heap type being added; a failure
** other than an interrupt past type need (and past type 1) is CGT_OK
** instead: *q is then the quotient of types 1..*fail_type - 1
** (q->ntypes), and *fail_type still says where it failed (0 when nothing
** did). */
cgt_rc cgt_mq_compute(const cgt_heapgame *g, uint32_t need, uint32_t max_elements, cgt_mq *q, uint32_t *fail_type,
                      cgt_stop *st);
void cgt_mq_free(cgt_mq *q);

/* The element of the sum of heaps h[0..n-1] (types). */
uint32_t cgt_mq_element(const cgt_mq *q, const uint32_t *h, size_t n);
/* xy in q. */
uint32_t cgt_mq_mul(const cgt_mq *q, uint32_t x, uint32_t y);
/* The index i and period p of x: x^(i+p) = x^i, both least. */
void cgt_mq_cycle(const cgt_mq *q, uint32_t x, uint32_t *index, uint32_t *period);

#endif
