/*
** libFuzzer harness: the partizan notation parser (cg_parse).  Whatever
** parses must print (cg_print), and the printed text must parse back to
** the same game id.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/pnotation.h"
#include "fuzz_budget.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  cg_store *s = cg_store_new();
  if (!s) { free(text); return 0; }
  long start;
  cgt_stop stop = fuzz_budget(&start);
  cg_store_set_stop(s, &stop);
  char err[256];
  cg_id g;
  if (cg_parse(s, text, &g, err, sizeof err) == CGT_OK) {
    char *printed = NULL;
    if (cg_print(s, g, &printed) == CGT_OK) {
      cg_id h;
      cgt_rc rc = cg_parse(s, printed, &h, err, sizeof err);
      if (rc == CGT_SYNTAX || (rc == CGT_OK && h != g)) {
        fprintf(stderr, "round trip failed: '%s' printed as '%s', which %s\n", text, printed,
                rc == CGT_OK ? "parses to another game" : err);
        abort();
      }
      cgt_free(printed);
    }
  }
  cg_store_free(s);
  free(text);
  return 0;
}
