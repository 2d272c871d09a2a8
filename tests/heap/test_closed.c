/*
** Unit tests of Wythoff's game and Fibonacci Nim against game-tree search
** written here.
*/
#include <stdlib.h>

#include "../../ext/heap/closed.h"
#include "../tap.h"

enum { W = 60, F = 90 };

static int wy[W][W];   /* Grundy values by the definition */

static void wythoff_brute(void) {
  for (int a = 0; a < W; a++)
    for (int b = 0; b < W; b++) {
      char seen[3 * W + 1] = {0};
      for (int i = 1; i <= a; i++) seen[wy[a - i][b]] = 1;
      for (int i = 1; i <= b; i++) seen[wy[a][b - i]] = 1;
      for (int i = 1; i <= a && i <= b; i++) seen[wy[a - i][b - i]] = 1;
      int m = 0;
      while (seen[m]) m++;
      wy[a][b] = m;
    }
}

/* A stop hook that counts its polls and stops at the first. */
static int stop_at_first_poll(void *arg) { return ++*(int *)arg >= 1; }

static void wythoff(void) {
  wythoff_brute();
  int bad_p = 0, bad_g = 0;
  for (int a = 0; a < W; a++)
    for (int b = 0; b < W; b++) {
      uint64_t g;
      bad_p += cgt_wythoff_is_p((uint64_t)a, (uint64_t)b) != (wy[a][b] == 0);
      bad_g += cgt_wythoff_grundy((uint64_t)a, (uint64_t)b, &g, NULL) != CGT_OK || g != (uint64_t)wy[a][b];
    }
  is_int(bad_p, 0, "Wythoff P-positions equal game-tree search below %d", W);
  is_int(bad_g, 0, "Wythoff Grundy values equal the definition below %d", W);
  /* Large P-positions: (1,2), (3,5), (8,13), ...: every other pair of
  ** consecutive Fibonacci numbers, up to 2^63; the pairs between are N, and
  ** so are the neighbours. */
  uint64_t x = 1, y = 2;
  int bad = 0, count = 0;
  while (y < (1ull << 62)) {
    bad += !cgt_wythoff_is_p(x, y) || !cgt_wythoff_is_p(y, x) || cgt_wythoff_is_p(y, x + y) ||
           cgt_wythoff_is_p(x, y + 1) || cgt_wythoff_is_p(x + 1, y);
    count++;
    uint64_t nx = x + y, ny = x + 2 * y;
    x = nx;
    y = ny;
  }
  is_int(bad, 0, "%d P-positions of Fibonacci pairs up to 2^62 and their N neighbours, exact", count);
  ok(!cgt_wythoff_is_p(UINT64_MAX, UINT64_MAX) && cgt_wythoff_is_p(0, 0) && !cgt_wythoff_is_p(0, UINT64_MAX),
     "the extremes of 64 bits");
  uint64_t g;
  cgt_stop small = {.memory = 1 << 30};
  is_int(cgt_wythoff_grundy(100000, 100000, &g, &small), CGT_MEMORY,
         "Wythoff Grundy: tables over the stop's memory, refused before allocating");
  ok(small.wanted == (uint64_t)cgt_wythoff_bytes(100000, 100000) && small.held == 0,
     "... naming the bytes (%llu), holding none", (unsigned long long)small.wanted);
  is_int(cgt_wythoff_grundy(UINT64_MAX - 1, UINT64_MAX - 1, &g, NULL), CGT_TOOBIG,
         "tables past 2^62 bytes cannot be counted: CGT_TOOBIG");
  ok(cgt_wythoff_grundy(0, UINT64_MAX, &g, NULL) == CGT_OK && g == UINT64_MAX &&
     cgt_wythoff_grundy(UINT64_MAX, 0, &g, NULL) == CGT_OK && g == UINT64_MAX,
     "with a pile empty, Nim: the other pile, at any size");
  /* Its 22 MB table at 1580 is cleared a megabyte at a time, each charged:
  ** a stop at the first poll ends it there, the value left as it was. */
  int polls = 0;
  cgt_stop st = {.should_stop = stop_at_first_poll, .arg = &polls, .spent = 0, .stopped = 0};
  g = 7;
  is_int(cgt_wythoff_grundy(1580, 1580, &g, &st), CGT_INTERRUPTED, "a stop ends Wythoff Grundy");
  ok(polls == 1 && g == 7, "at its first poll (%d), the value untouched (%llu)", polls, (unsigned long long)g);
}

static int fwin[F + 1][F + 1];   /* 1 when the player to move wins (n, q) */

static void fibonacci(void) {
  for (int n = 0; n <= F; n++)
    for (int q = 0; q <= F; q++) {
      fwin[n][q] = 0;
      for (int t = 1; t <= q && t <= n && !fwin[n][q]; t++)
        fwin[n][q] = t == n || !fwin[n - t][2 * t > F ? F : 2 * t];
    }
  int bad = 0;
  for (int n = 0; n <= F; n++)
    for (int q = 0; q <= n; q++) {
      int best = 0;
      for (int t = 1; t <= q && t <= n && !best; t++)
        if (t == n || !fwin[n - t][2 * t > F ? F : 2 * t]) best = t;
      bad += cgt_fibonacci_nim_move((uint64_t)n, (uint64_t)q) != (uint64_t)best;
    }
  is_int(bad, 0, "Fibonacci Nim: the smallest winning take equals game-tree search for n <= %d", F);
  is_int(cgt_fibonacci_nim_move(7540113804746346429ull, 7540113804746346428ull), 0,
         "a Fibonacci number near 2^63 loses on the first move");
  is_int(cgt_fibonacci_nim_move(7540113804746346430ull, 10), 1, "one more counter: take 1");
}

int main(void) {
  wythoff();
  fibonacci();
  return tap_done();
}
