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

/* A wall: n pieces; piece i starts at temperature t[i] (t[0] = -1) with
** value v[i] and runs on with slope[i] (value v[i] + slope[i] (u - t[i]) at
** temperature u) until t[i+1]; the last piece has slope 0 and runs on for
** ever (from the temperature up it is the mast, at the mean). */
typedef struct cg_wall {
  uint32_t n;
  const cg_dyadic *t, *v;
  const int *slope;
} cg_wall;

/* The walls of g's thermograph with its mean and temperature.  The arrays
** belong to th and stay valid until the next call with th. */
cgt_rc cg_thermograph_walls(cg_store *s, cg_thermo *th, cg_id g, cg_wall *left, cg_wall *right, cg_dyadic *mean,
                            cg_dyadic *temperature);

#endif
