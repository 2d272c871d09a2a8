/*
** The board rulesets of board.h, one file each: domineering.c, clobber.c,
** toadsfrogs.c.
*/
#ifndef CGT_CORE_RULESETS_H
#define CGT_CORE_RULESETS_H

#include "board.h"

extern const cg_rules cg_domineering, cg_clobber, cg_toadsfrogs;

/* The ruleset of this name (in any case), or NULL. */
const cg_rules *cg_rules_find(const char *name);

#endif
