/*
** libFuzzer harness: the heap rule parser (cgt_rule_parse).  A rule that
** parses is queried and its first Grundy values are computed by both the
** plain loop and the fast path, which must agree, and a form proven from
** them must give them back.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/heap/heaprule.h"
#include "../../ext/heap/heapseq.h"

#define N 64

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  cgt_rule r;
  char err[256];
  if (cgt_rule_parse(text, &r, err, sizeof err) == CGT_OK) {
    unsigned acc = 0;
    acc += (unsigned)cgt_rule_is_finite_octal(&r) + (unsigned)cgt_rule_is_subtraction(&r) + cgt_rule_last(&r);
    for (uint32_t j = 0; j < r.ndigits + 2; j++) acc += cgt_rule_digit(&r, j) + (unsigned)cgt_rule_distinct(&r, j);
    cgt_hvals a = {0}, b = {0};
    cgt_stop st = {0};
    int same = 1;
    if (cgt_heap_values_plain(&r, N, &a, &st) == CGT_OK && cgt_heap_values(&r, N, &b, &st) == CGT_OK)
      for (uint32_t n = 0; n <= N; n++) same &= cgt_hv(&a, n) == cgt_hv(&b, n);
    if (!same) {
      fprintf(stderr, "rule '%s': fast Grundy values differ from the plain loop\n", text);
      abort();
    }
    cgt_heap_form f;
    int64_t v;
    if (a.have > N && cgt_heap_period(&r, &a, N, &f))
      for (uint32_t n = 0; n < N; n++)
        if (cgt_heap_form_value(&f, &a, n, &v) != CGT_OK || v != cgt_hv(&a, n)) {
          fprintf(stderr, "rule '%s': the proven form misses heap %u\n", text, n);
          abort();
        }
    int seen = 0;
    if (a.have > N && cgt_heap_period_observed(&a, N, &seen, &f, &st) == CGT_OK && seen)
      for (uint32_t n = f.pre; n + f.per < N; n++)
        if ((int64_t)cgt_hv(&a, n + f.per) - cgt_hv(&a, n) != f.saltus) {
          fprintf(stderr, "rule '%s': the observed period fails at heap %u\n", text, n);
          abort();
        }
    cgt_hvals_free(&a);
    cgt_hvals_free(&b);
    if (acc == 0xdeadbeef) fprintf(stderr, "!");
    cgt_rule_free(&r);
  }
  free(text);
  return 0;
}
