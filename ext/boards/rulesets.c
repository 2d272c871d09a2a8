/* The board rulesets, one file each (rulesets.h). */
#include "rulesets.h"

static const cg_rules *const RULESETS[] = {&cg_domineering, &cg_clobber, &cg_toadsfrogs};

const cg_rules *cg_rules_find(const char *name) {
  for (size_t i = 0; i < sizeof RULESETS / sizeof *RULESETS; i++)
    if (cgt_name_is(name, RULESETS[i]->name)) return RULESETS[i];
  return NULL;
}
