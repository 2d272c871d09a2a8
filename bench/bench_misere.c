/*
** bench_misere: misère quotients of Kayles (0.77) and Dawson's Kayles (0.07)
** through misere_quotient(), against a brute force written here.
**
** For each game and heap bound n it prints the time of SELECT
** misere_quotient(rule, n) in a fresh connection and the quotient's size:
** that decides every sum of heaps up to n, however many heaps.  The
** baseline, in the same run, is the brute force a user would write: the
** misère outcome of every sum of at most n counters in all (sorted heap
** lists, memoised), with its number of sums; the ratio is brute force time
** over quotient time.  Then misere_heap_win() is checked against the brute
** force on every one of those sums with at most four heaps.  Milliseconds.
**
** Usage: bench_misere [EXTENSION]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#define MAXT 40   /* counters in a brute-force sum */

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}


/* ---- the brute force: octal games whose digits d1, d2 allow 0, 1 or 2 heaps ---- */

static unsigned digit[3];   /* digit[j]: bits 1, 2, 4 after taking j counters */

/* A memo of outcomes: open addressing on sorted heap lists. */
typedef struct entry {
  uint8_t n, h[MAXT];
  int8_t win;   /* -1 empty */
} entry;

static entry *memo;
static size_t memo_slots, memo_used;

static size_t slot_of(const uint8_t *h, int n) {
  uint64_t x = 1469598103934665603u + (uint64_t)n;
  for (int i = 0; i < n; i++) x = (x ^ h[i]) * 1099511628211u;
  size_t k = (size_t)x & (memo_slots - 1);
  while (memo[k].win >= 0 && (memo[k].n != n || memcmp(memo[k].h, h, (size_t)n) != 0)) k = (k + 1) & (memo_slots - 1);
  return k;
}

/* Sorted insertion of heap v into h[0..n-1] (largest first). */
static int insert(uint8_t *h, int n, int v) {
  int i = n;
  while (i > 0 && h[i - 1] < v) h[i] = h[i - 1], i--;
  h[i] = (uint8_t)v;
  return n + 1;
}

/* 1 when the player to move wins the misère sum h[0..n-1] (recursion depth
** at most the number of counters). */
static int wins(const uint8_t *h, int n) {
  size_t k = slot_of(h, n);
  if (memo[k].win >= 0) return memo[k].win;
  int moved = 0, win = 0;
  for (int i = 0; i < n && !win; i++) {
    if (i > 0 && h[i] == h[i - 1]) continue;
    uint8_t rest[MAXT];
    int m = 0;
    for (int j = 0; j < n; j++)
      if (j != i) rest[m++] = h[j];
    for (int take = 1; take <= 2 && !win; take++) {
      int s = h[i] - take;
      if (s < 0) continue;
      uint8_t o[MAXT];
      if ((digit[take] & 1) && s == 0) {
        moved = 1;
        win = !wins(rest, m);
      }
      if ((digit[take] & 2) && s > 0 && !win) {
        memcpy(o, rest, (size_t)m);
        moved = 1;
        win = !wins(o, insert(o, m, s));
      }
      if (digit[take] & 4)
        for (int a = 1; 2 * a <= s && !win; a++) {
          memcpy(o, rest, (size_t)m);
          int k2 = insert(o, insert(o, m, a), s - a);
          moved = 1;
          win = !wins(o, k2);
        }
    }
  }
  if (!moved) win = 1;   /* no move: the player to move wins */
  k = slot_of(h, n);     /* (the table may have filled meanwhile; it never grows) */
  memo[k].n = (uint8_t)n;
  memcpy(memo[k].h, h, (size_t)n);
  memo[k].win = (int8_t)win;
  memo_used++;
  return win;
}

/* Calls f on every sum of at most t counters (parts at most max, largest first). */
static void each_sum(uint8_t *h, int n, int left, int max, void (*f)(const uint8_t *, int, void *), void *arg) {
  f(h, n, arg);
  for (int v = max < left ? max : left; v >= 1; v--) {
    h[n] = (uint8_t)v;
    each_sum(h, n + 1, left - v, v, f, arg);
  }
}

typedef struct tally {
  long sums, p;
  sqlite3_stmt *st;   /* misere_heap_win(rule, ?, ?, ?, ?) */
  long checked, wrong;
} tally;

static void count_sum(const uint8_t *h, int n, void *arg) {
  tally *t = arg;
  t->sums++;
  t->p += !wins(h, n);
}

static void check_sum(const uint8_t *h, int n, void *arg) {
  tally *t = arg;
  if (n > 4) return;
  for (int i = 0; i < 4; i++) sqlite3_bind_int(t->st, i + 2, i < n ? h[i] : 0);
  if (sqlite3_step(t->st) != SQLITE_ROW) {
    fprintf(stderr, "bench_misere: misere_heap_win failed\n");
    exit(1);
  }
  t->checked++;
  t->wrong += sqlite3_column_int(t->st, 0) != wins(h, n);
  sqlite3_reset(t->st);
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  static const struct { const char *name, *rule; unsigned d1, d2; int n[6]; } games[] = {
      {"Kayles", "0.77", 7, 7, {10, 20, 30, 60, 100, 0}},
      {"Dawson's Kayles", "0.07", 0, 7, {10, 20, 25, 30, 32, 0}},
  };
  memo_slots = (size_t)1 << 17;   /* the sums of at most 30 counters: 28,629 */
  memo = malloc(memo_slots * sizeof *memo);
  if (!memo) return 1;
  printf("%-16s %5s %8s %12s | %10s %12s %10s %8s\n", "game", "n", "size", "quotient ms", "sums", "brute ms",
         "ratio", "checked");
  for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
    digit[1] = games[g].d1;
    digit[2] = games[g].d2;
    for (int i = 0; games[g].n[i]; i++) {
      int n = games[g].n[i];
      sqlite3 *db = bench_open(ext, "bench_misere");
      sqlite3_stmt *st;
      sqlite3_prepare_v2(db, "SELECT misere_quotient(?1, ?2) ->> 'size'", -1, &st, NULL);
      sqlite3_bind_text(st, 1, games[g].rule, -1, SQLITE_STATIC);
      sqlite3_bind_int(st, 2, n);
      double t0 = now_ms();
      if (sqlite3_step(st) != SQLITE_ROW) {
        fprintf(stderr, "bench_misere: %s\n", sqlite3_errmsg(db));
        return 1;
      }
      double qms = now_ms() - t0;
      int size = sqlite3_column_int(st, 0);
      sqlite3_finalize(st);
      /* the brute force of every sum of at most min(n, 30) counters */
      int t = n < 30 ? n : 30;
      for (size_t k = 0; k < memo_slots; k++) memo[k].win = -1;
      memo_used = 0;
      tally tl = {0, 0, NULL, 0, 0};
      uint8_t h[MAXT];
      t0 = now_ms();
      each_sum(h, 0, t, t, count_sum, &tl);
      double bms = now_ms() - t0;
      sqlite3_prepare_v2(db, "SELECT misere_heap_win(?1, ?2, ?3, ?4, ?5)", -1, &tl.st, NULL);
      sqlite3_bind_text(tl.st, 1, games[g].rule, -1, SQLITE_STATIC);
      each_sum(h, 0, t, t, check_sum, &tl);
      sqlite3_finalize(tl.st);
      sqlite3_close(db);
      printf("%-16s %5d %8d %12.1f | %10ld %12.1f %10.2f %8ld%s\n", games[g].name, n, size, qms, tl.sums, bms,
             bms / qms, tl.checked, tl.wrong ? "  WRONG" : "");
      if (tl.wrong) return 1;
    }
  }
  printf("(sums: every sum of at most min(n, 30) counters; the quotient decides all sums of heaps up to n)\n");
  free(memo);
  return 0;
}
