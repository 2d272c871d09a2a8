/*
** A time budget for the harnesses that call the core directly: the core's
** one stop mechanism (cgt_stop) asks this hook, which says stop once the
** input has run for FUZZ_BUDGET_MS.  Long computations then end with
** CGT_INTERRUPTED, as an interrupted SQL call would, instead of tripping
** libFuzzer's timeout.
*/
#ifndef CGT_FUZZ_BUDGET_H
#define CGT_FUZZ_BUDGET_H

#include <time.h>

#include "../../ext/core/common.h"

#define FUZZ_BUDGET_MS 1000

static long fuzz_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int fuzz_over_budget(void *start) { return fuzz_now_ms() - *(long *)start > FUZZ_BUDGET_MS; }

/* A stop that ends the work FUZZ_BUDGET_MS after this call; start must
** outlive the stop. */
static cgt_stop fuzz_budget(long *start) {
  *start = fuzz_now_ms();
  cgt_stop st = {.should_stop = fuzz_over_budget, .arg = start};
  return st;
}

#endif
