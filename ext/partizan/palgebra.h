/*
** Operations on short partizan games beyond sums (CGSuite's definitions,
** on canonical forms): infinitesimals, all-small games, temper, ordinal
** sums, cooling and heating, atomic weights, reduced canonical forms and
** incentives.
**
** Every recursion is bounded by cg_descend (CG_DEPTH_MAX levels or the C
** stack budget: CGT_TOODEEP) and charges its work to the store's stop.
*/
#ifndef CGT_CORE_PALGEBRA_H
#define CGT_CORE_PALGEBRA_H

#include "pgame.h"
#include "pthermo.h"

/* g is infinitesimal: both stops are 0 and g != 0. */
cgt_rc cg_is_infinitesimal(cg_store *s, cg_id g, int *out);
/* Every follower of g (g too) is 0 or has both a Left and a Right option. */
cgt_rc cg_is_all_small(cg_store *s, cg_id g, int *out);
/* Every distinct follower of g's canonical form once, g first, breadth
** first (Left's options before Right's), into *out (cgt_malloc'd).  Their
** bytes are reserved from the store's stop as they come, and at least
** birthday + 1 of them before any: CGT_MEMORY past its memory. */
cgt_rc cg_followers(cg_store *s, cg_id g, cg_id **out, uint32_t *n);
/* Temper (CGSuite's IsEvenTempered/IsOddTempered): *out = 0 even, 1 odd,
** -1 neither.  A number is even; x + * is odd; other numbers + ups + nimbers
** are neither; any other game is even when every option is odd, odd when
** every option is even. */
cgt_rc cg_temper(cg_store *s, cg_id g, int *out);
/* The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}. */
cgt_rc cg_ordinal_sum(cg_store *s, cg_id g, cg_id h, cg_id *out);
/* g cooled by the number t >= -1 (CGT_RANGE below), as Siegel (CGT,
** II.5) defines it: an integer stays itself; the mean when the temperature
** of g is below t (a number m/2^k's is -1/2^k: so g itself when g is a
** number and t >= 0); else {G^L_t - t | G^R_t + t}. */
cgt_rc cg_cool(cg_store *s, cg_thermo *th, cg_id g, cg_dyadic t, cg_id *out);
/* g heated by the game t: g when g is a number, else {G^L + t | G^R - t}
** (heated options). */
cgt_rc cg_heat(cg_store *s, cg_id g, cg_id t, cg_id *out);
/* g overheated from s0 to t: CGSuite's overheat. */
cgt_rc cg_overheat(cg_store *s, cg_id g, cg_id s0, cg_id t, cg_id *out);

/* The atomic weight of g, as CGSuite's atomicWeight: *atomic_game = 0 (and
** *out unset) when g is not atomic: not infinitesimal (nor 0), or, when it
** is not all-small, farther from aw.^ than ^* plus the red kite *2^k : -1
** (2^k at least 1 + the largest nimber among its followers).  The weight is
** CGSuite's naiveAtomicWeight: n for x + n.^ + *m, else
** {aw(G^L) - 2 | aw(G^R) + 2} with the eccentric rule when that is an
** integer and g is strictly below or above the far star. */
cgt_rc cg_atomic_weight(cg_store *s, cg_id g, cg_id *out, int *atomic_game);
/* The reduced canonical form (Calistrate; Grossman and Siegel), as CGSuite:
** x for x + n.^ + *m, else the star projection of g heated by *. */
cgt_rc cg_rcf(cg_store *s, cg_id g, cg_id *out);
/* Left's (left = 1) or Right's incentives G^L - G or G - G^R, as CGSuite's
** Incentives(player): the distinct ones no other one dominates, in the
** order of the options; *out (cgt_malloc'd, cgt_free it) holds *n ids. */
cgt_rc cg_incentives(cg_store *s, cg_id g, int left, cg_id **out, uint32_t *n);

#endif
