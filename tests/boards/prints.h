/*
** For the unit tests of partizan values: whether game g of the test's store
** s prints as want (CGSuite's notation), with a diagnostic when it does not.
** The including test defines `static cg_store *s;` first.
*/
#ifndef CGT_TEST_PRINTS_H
#define CGT_TEST_PRINTS_H

#include <stdio.h>
#include <string.h>

#include "../../ext/partizan/pnotation.h"

static int prints(cg_id g, const char *want) {
  char *t;
  if (cg_print(s, g, &t) != CGT_OK) return 0;
  int same = strcmp(t, want) == 0;
  if (!same) printf("#   printed %s, expected %s\n", t, want);
  cgt_free(t);
  return same;
}

#endif
