/*
** The board rulesets of board.h, one file each: domineering.c, clobber.c,
** toadsfrogs.c, and their impartial variants (impartial.c).
*/
#ifndef CGT_CORE_RULESETS_H
#define CGT_CORE_RULESETS_H

#include "board.h"

extern const cg_rules cg_domineering, cg_clobber, cg_toadsfrogs;
extern const cg_rules cg_cram, cg_impartial_clobber, cg_impartial_toadsfrogs;

/* The ruleset of this name or alias (in any case, with single spaces), or NULL. */
const cg_rules *cg_rules_find(const char *name);

/* The names of the rulesets, for messages: "domineering, clobber, ...". */
extern const char CG_RULESET_NAMES[];

/* The most boards of one sum. */
#define CG_SUM_MAX 1024

/* Parses the n boards (n <= CG_SUM_MAX) of a sum of ruleset r into g;
** CGT_SYNTAX with a message in err (naming the ruleset, the board when
** there are several, and the row and column). */
cgt_rc cg_sum_parse(const cg_rules *r, const char *const *texts, uint32_t n, cg_grid *g, char *err, size_t errlen);

/* The player a text names: 0 for 'L' (or 'Left'), 1 for 'R' ('Right'), in
** any case; -1 for any other text. */
int cg_player_parse(const char *text);

#endif
