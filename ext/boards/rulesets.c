/* The board rulesets, one file each (rulesets.h). */
#include "rulesets.h"
#include "impartial.h"

#include <stdio.h>
#include <string.h>

/* The impartial variants: the base's symbols, flags and symmetries are
** repeated here (C has no constant initialisers read from another object;
** tests/boards/test_boards.c checks that they agree). */
#define IMPARTIAL(var, base_rules, id_, alias_, symbols_, one_row_, hash_, symmetries_, small_)                 \
  const cg_rules var = {.name = "impartial " #base_rules, .alias = alias_, .id = id_, .symbols = symbols_,      \
                        .one_row = one_row_, .hash_is_empty = hash_, .impartial = 1, .base = &cg_##base_rules, \
                        .options = cg_impartial_options, .regions = cg_impartial_regions,                      \
                        .symmetries = symmetries_, .size = cg_occupied, .small = small_}

IMPARTIAL(cg_cram, domineering, 4, "cram", "#.", 0, 0, 0xFF, 14);
IMPARTIAL(cg_impartial_clobber, clobber, 5, NULL, ".xo", 0, 1, 0xFFFF, 10);
IMPARTIAL(cg_impartial_toadsfrogs, toadsfrogs, 6, NULL, ".TF", 1, 0, 1u | 1u << 9, 10);

static const cg_rules *const RULESETS[] = {&cg_domineering, &cg_clobber, &cg_toadsfrogs,
                                           &cg_cram, &cg_impartial_clobber, &cg_impartial_toadsfrogs};

const char CG_RULESET_NAMES[] =
    "domineering, clobber, toadsfrogs, impartial domineering (cram), impartial clobber, impartial toadsfrogs";

const cg_rules *cg_rules_find(const char *name) {
  for (size_t i = 0; i < sizeof RULESETS / sizeof *RULESETS; i++)
    if (cgt_name_is(name, RULESETS[i]->name) || (RULESETS[i]->alias && cgt_name_is(name, RULESETS[i]->alias)))
      return RULESETS[i];
  return NULL;
}

cgt_rc cg_sum_parse(const cg_rules *r, const char *const *texts, uint32_t n, cg_grid *g, char *err, size_t errlen) {
  for (uint32_t i = 0; i < n; i++) {
    char one[300];
    if (cg_board_parse(r, texts[i], &g[i], one, sizeof one) == CGT_OK) continue;
    size_t name = strlen(r->name);
    if (n == 1) snprintf(err, errlen, "%s", one);
    else snprintf(err, errlen, "%s: board %u of the sum:%s", r->name, i + 1, one + name + 1);
    return CGT_SYNTAX;
  }
  return CGT_OK;
}

int cg_player_parse(const char *text) {
  if (cgt_name_is(text, "L") || cgt_name_is(text, "Left")) return 0;
  if (cgt_name_is(text, "R") || cgt_name_is(text, "Right")) return 1;
  return -1;
}
