/*
** bench_print: printing costs no more than a small multiple of computing.
** Random sums of 16 games: a pool of random games is built from small
** numbers, nimbers and ups by giving each new game one to three options per
** side drawn from the pool; each sum adds 16 games of the pool (the
** computing, timed) and is then printed in CGSuite's notation (the
** printing, timed).  Both run on the core, in one store.  Milliseconds.
**
** Usage: bench_print
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ext/partizan/pnotation.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next(uint32_t n) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)((rng >> 33) % n);
}

#define POOL 40
#define SUMS 10
#define TERMS 16

static void check(cgt_rc rc, const char *what) {
  if (rc != CGT_OK) {
    fprintf(stderr, "bench_print: %s: %s\n", what, cgt_rc_text(rc));
    exit(1);
  }
}

int main(void) {
  cg_store *s = cg_store_new();
  cg_id pool[POOL];
  uint32_t n = 0;
  const char *seeds[] = {"0", "1", "-1", "1/2", "*", "^", "v", "*2", "2", "-1/2"};
  for (; n < sizeof seeds / sizeof *seeds; n++) {
    char err[100];
    check(cg_parse(s, seeds[n], &pool[n], err, sizeof err), "parse");
  }
  while (n < POOL) {
    cg_id L[3], R[3];
    uint32_t nl = 1 + next(3), nr = 1 + next(3);
    for (uint32_t i = 0; i < nl; i++) L[i] = pool[next(n)];
    for (uint32_t i = 0; i < nr; i++) R[i] = pool[next(n)];
    check(cg_game(s, L, nl, R, nr, &pool[n]), "game");
    n++;
  }
  double compute = 0, print = 0;
  size_t bytes = 0, before = cg_store_size(s);
  for (int k = 0; k < SUMS; k++) {
    double t = now_ms();
    cg_id sum = pool[next(POOL)];
    for (int i = 1; i < TERMS; i++) check(cg_add(s, sum, pool[next(POOL)], &sum), "add");
    compute += now_ms() - t;
    t = now_ms();
    char *text = NULL;
    check(cg_print(s, sum, &text), "print");
    print += now_ms() - t;
    bytes += strlen(text);
    free(text);
  }
  printf("Random sums of %d games (%d sums, %zu games stored by the sums, %zu bytes printed)\n\n", TERMS, SUMS,
         cg_store_size(s) - before, bytes);
  printf("%-30s %10.1f ms\n", "computing the sums (baseline)", compute);
  printf("%-30s %10.1f ms  (%.2fx the computing)\n", "printing them", print, print / compute);
  printf("\ntarget (issue): printing costs no more than a small multiple of computing.\n");
  cg_store_free(s);
  return 0;
}
