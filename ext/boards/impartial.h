/*
** The impartial variant of a ruleset (MCGS's "impartial <ruleset>"): either
** player may make any move of either side of the ruleset it is made from
** (r->base), so the values are nimbers.  Its regions and symmetries are
** the base's, and every symmetry keeps the value.  The variants are
** listed in rulesets.c; the impartial variant of Domineering is Cram
** (Gardner, 1974; Winning Ways, ch. 15).
*/
#ifndef CGT_CORE_BOARD_IMPARTIAL_H
#define CGT_CORE_BOARD_IMPARTIAL_H

#include "board.h"

/* The moves of both sides of r->base, for either player. */
uint32_t cg_impartial_options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves);
/* The regions of r->base. */
uint32_t cg_impartial_regions(const cg_rules *r, const cg_grid *g, cg_grid *out);
/* The squares that are not empty (removed): free squares, stones, pieces. */
uint32_t cg_occupied(const cg_grid *g);

#endif
