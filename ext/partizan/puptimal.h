/*
** Uptimals (CGSuite's UptimalExpansion): games x + *m + a_1.^<1> + ... +
** a_k.^<k> with ^<1> = ^ and ^<n> = {0 | v[n-1]*}, where ^[n] = ^<1> + ... +
** ^<n> = {^[n-1] | *}.  CGSuite recognises them from canonical options
** (CanonicalShortGameOps.uptimalExpansion): a game whose one Right option
** (or, for the negative, one Left option) and every option are uptimals of
** the same number x, with Left options of the shapes its cases allow.
**
** A recogniser keeps the expansions found for one task (one print); the
** recursion is bounded by cg_descend and charges the store's stop.
*/
#ifndef CGT_CORE_PUPTIMAL_H
#define CGT_CORE_PUPTIMAL_H

#include "pgame.h"

typedef struct cg_uptimal cg_uptimal;

/* An expansion x *m . a_1 ... a_k (a_k != 0 when k > 0). */
typedef struct cg_expansion {
  cg_dyadic x;
  uint32_t star;
  uint32_t len;
  const int64_t *a;   /* a[0..len): owned by the recogniser */
} cg_expansion;

cg_uptimal *cg_uptimal_new(cg_store *s);
void cg_uptimal_free(cg_uptimal *u);
/* *found = 1 and *e the expansion of g when g is an uptimal (numbers,
** nimbers and x + n.^ + *m too); else *found = 0. */
cgt_rc cg_uptimal_of(cg_uptimal *u, cg_id g, int *found, cg_expansion *e);

#endif
