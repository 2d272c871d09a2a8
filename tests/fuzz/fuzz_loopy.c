/*
** libFuzzer harness: the loopy notation (lv_parse) and what it feeds.
** Whatever parses must print (lv_print); the printed text must parse back
** to a value equal to the first (the same canonical graphs, or, for a
** value whose sides are no stoppers, equal by comparison both ways); its
** outcome must be one of the nine classes, and its negative's the mirror.
** A memory limit keeps inputs such as 100000over small.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/loopy.h"
#include "../../ext/partizan/pplay.h"
#include "fuzz_budget.h"

static void fail(const char *what, const char *text, const char *printed) {
  fprintf(stderr, "%s: '%s' printed as '%s'\n", what, text, printed ? printed : "");
  abort();
}

/* The class of -G from the class of G: Left and Right swap. */
static int mirror(int cls) {
  static const int m[] = {CG_PLAY_R, CG_PLAY_L, CG_PLAY_N, CG_PLAY_P, CG_PLAY_D,
                          CG_PLAY_NCHECK, CG_PLAY_NHAT, CG_PLAY_PCHECK, CG_PLAY_PHAT};
  return m[cls];
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  cg_store *s = cg_store_new();
  if (!s) {
    free(text);
    return 0;
  }
  long start;
  cgt_stop stop = fuzz_budget(&start);
  stop.memory = 64u << 20;
  cg_store_set_stop(s, &stop);
  char err[256];
  lg_value g, h, n;
  if (lv_parse(s, text, &g, err, sizeof err) == CGT_OK) {
    char *printed = NULL;
    if (lv_print(s, &g, &printed) == CGT_OK) {
      cgt_rc rc = lv_parse(s, printed, &h, err, sizeof err);
      if (rc == CGT_SYNTAX) fail("the print does not parse", text, printed);
      if (rc == CGT_OK) {
        int le = 1, ge = 1;
        if (!g.loose && !lv_equal(&g, &h)) fail("the print parses to another value", text, printed);
        if (g.loose && lv_le(s, &g, &h, &le) == CGT_OK && lv_le(s, &h, &g, &ge) == CGT_OK && !(le && ge))
          fail("the print parses to an unequal value", text, printed);
        lv_free(&h);
      }
      int cls, ncls;
      if (lv_outcome(s, &g, &cls) == CGT_OK && lv_neg(s, &g, &n) == CGT_OK) {
        if (lv_outcome(s, &n, &ncls) == CGT_OK && ncls != mirror(cls)) fail("-G's class is not G's mirrored", text, printed);
        lv_free(&n);
      }
      cgt_free(printed);
    }
    lv_free(&g);
  }
  cg_store_free(s);
  free(text);
  return 0;
}
