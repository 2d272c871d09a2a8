/*
** Thermographs of short partizan games, exact over dyadic rationals, from
** temperature t = -1 (so numbers have negative temperatures, as in CGSuite:
** -1 for integers, -1/2^k for m/2^k).
**
** The left wall of G is max over G^L of (right wall of G^L) - t, the right
** wall min over G^R of (left wall of G^R) + t, until they meet at the
** temperature; above it both are the mast, at the mean.
*/
#ifndef CGT_CORE_PTHERMO_H
#define CGT_CORE_PTHERMO_H

#include "pgame.h"

typedef struct cg_thermo cg_thermo;   /* a cache of walls by game id */

cg_thermo *cg_thermo_new(void);
void cg_thermo_free(cg_thermo *th);

/* Mean and temperature of g. */
cgt_rc cg_thermograph(cg_store *s, cg_thermo *th, cg_id g, cg_dyadic *mean, cg_dyadic *temperature);

#endif
