/*
** bench_solve: who wins on boards, by search (board_outcome and board_wins,
** docs/boards.md).
**
** 1. Empty Domineering rectangles up to 8x8: board_wins with each player
**    first, through SQL, beside a plain alpha-beta written here (negamax
**    on win or loss over a 64-bit board, an exact transposition table of
**    the whole board, moves in order: no regions, no values, no bounds, no
**    symmetry).  The plain search stops past PLAIN_MAX_NODES and is then
**    reported as over it.  Issue 26's goal is 8x8 under 1.5 s (Obsequi
**    on this machine: 1.53 s, 2.02 million nodes) and 9x9 under 928 s;
**    BENCH_9X9=1 runs 9x9 too (long).
** 2. MCGS's autotests for Domineering and Clobber
**    (tests/boards/mcgs_autotests.tsv, with the time MCGS took on each
**    file on this machine): the time of every file here, and the slowest
**    case of each.
**
** BENCH_QUICK=1 stops at 7x7.  Usage: bench_solve [EXTENSION [VECTORS]]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* ---- the plain alpha-beta ---- */

#define PLAIN_MAX_NODES 200000000ull
#define TT_BITS 24

typedef struct plain {
  int rows, cols;
  uint64_t *key;     /* board | 1 when Right is to move; 0: free */
  uint8_t *win;
  uint64_t nodes;
  int over;
} plain;

/* Square (i, j) is bit i * 8 + j: rows of 8 bits, so boards up to 8x8. */
static int plain_wins(plain *p, uint64_t free_sq, int right) {
  if (p->over || ++p->nodes > PLAIN_MAX_NODES) return p->over = 1, 0;
  uint64_t k = (free_sq << 1 | (uint64_t)right) + 1;
  size_t at = (size_t)((k * 0x9e3779b97f4a7c15ull) >> (64 - TT_BITS));
  if (p->key[at] == k) return p->win[at];
  uint64_t pairs = right ? free_sq & (free_sq >> 1) & 0x7F7F7F7F7F7F7F7Full : free_sq & (free_sq >> 8);
  int win = 0;
  for (uint64_t m = pairs; m && !win; m &= m - 1) {
    uint64_t sq = m & (~m + 1), both = sq | (right ? sq << 1 : sq << 8);
    win = !plain_wins(p, free_sq & ~both, !right);
  }
  if (!p->over) p->key[at] = k, p->win[at] = (uint8_t)win;
  return win;
}

/* ---- through SQL ---- */

static int board_wins(sqlite3 *db, const char *board, const char *who) {
  sqlite3_stmt *st;
  int win = -1;
  sqlite3_prepare_v2(db, "SELECT board_wins('domineering', ?, ?)", -1, &st, NULL);
  sqlite3_bind_text(st, 1, who, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 2, board, -1, SQLITE_STATIC);
  if (sqlite3_step(st) == SQLITE_ROW) win = sqlite3_column_int(st, 0);
  else fprintf(stderr, "bench_solve: %s\n", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  return win;
}

static void rectangles(const char *ext) {
  int quick = getenv("BENCH_QUICK") != NULL, nine = getenv("BENCH_9X9") != NULL;
  static const int sizes[][2] = {{4, 4}, {5, 5}, {6, 6}, {6, 7}, {7, 6}, {7, 7}, {8, 8}, {9, 9}};
  printf("Empty Domineering rectangles, Left (vertical) first and Right first: board_wins, and a plain\n"
         "alpha-beta with an exact table (stopped past %llu nodes)\n\n",
         (unsigned long long)PLAIN_MAX_NODES);
  printf("%-6s %-8s %12s %14s %12s %10s\n", "board", "outcome", "board_wins s", "plain nodes", "plain s", "ratio");
  plain p = {0};
  p.key = calloc((size_t)1 << TT_BITS, sizeof *p.key);
  p.win = calloc((size_t)1 << TT_BITS, 1);
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int R = sizes[k][0], C = sizes[k][1];
    if ((quick && R * C > 49) || (R == 9 && !nine)) continue;
    char board[200], *q = board;
    for (int i = 0; i < R; i++) {
      if (i) *q++ = '|';
      for (int j = 0; j < C; j++) *q++ = '.';
    }
    *q = 0;
    sqlite3 *db = bench_open(ext, "bench_solve");   /* a fresh connection: no values kept from before */
    double t0 = now_s();
    int l = board_wins(db, board, "L"), r = board_wins(db, board, "R");
    double t = now_s() - t0;
    sqlite3_close(db);
    char outcome = l ? (r ? 'N' : 'L') : (r ? 'R' : 'P');
    char plain_s[32] = "-", ratio[32] = "-", nodes[32] = "-";
    if (R <= 8 && C <= 8 && R * C <= 42) {
      uint64_t free_sq = 0;
      for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) free_sq |= (uint64_t)1 << (i * 8 + j);
      memset(p.key, 0, ((size_t)1 << TT_BITS) * sizeof *p.key);
      p.nodes = 0, p.over = 0;
      double u0 = now_s();
      int pl = plain_wins(&p, free_sq, 0), pr = p.over ? 0 : plain_wins(&p, free_sq, 1);
      double u = now_s() - u0;
      if (p.over) {
        snprintf(plain_s, sizeof plain_s, "> %.1f", u);
        snprintf(nodes, sizeof nodes, "> %llu", (unsigned long long)PLAIN_MAX_NODES);
      } else {
        if (pl != l || pr != r) printf("DISAGREE: plain search says %d %d\n", pl, pr);
        snprintf(plain_s, sizeof plain_s, "%.3f", u);
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)p.nodes);
        snprintf(ratio, sizeof ratio, "%.1fx", u / t);
      }
    }
    printf("%dx%-4d %-8c %12.3f %14s %12s %10s\n", R, C, outcome, t, nodes, plain_s, ratio);
    fflush(stdout);
  }
  free(p.key);
  free(p.win);
  printf("\nGoal (issue 26): 8x8 under 1.5 s (Obsequi on this machine: 1.53 s), 9x9 under 928 s.\n");
}

/* ---- MCGS's autotests ---- */

static void autotests(const char *ext, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("\n(no %s: MCGS's autotests left out)\n", path);
    return;
  }
  printf("\nMCGS's autotests (%s): the time of each file here\n\n", path);
  printf("%-34s %6s %10s %10s  %s\n", "file", "cases", "cgt s", "slowest s", "slowest case");
  sqlite3 *db = bench_open(ext, "bench_solve");
  char line[8192], file[256] = "", slowest[200] = "";
  int cases = 0, wrong = 0;
  double total = 0, worst = 0;
  for (;;) {
    int more = fgets(line, sizeof line, f) != NULL;
    char *cols[5] = {0};
    int n = 0;
    if (more && line[0] != '#') {
      line[strcspn(line, "\n")] = 0;
      for (char *tok = line; tok && n < 5; n++) {
        cols[n] = tok;
        tok = strchr(tok, '\t');
        if (tok) *tok++ = 0;
      }
    }
    if (!more || (n == 5 && strcmp(cols[0], file) != 0)) {
      if (cases) printf("%-34s %6d %10.3f %10.3f  %s\n", file, cases, total, worst, slowest);
      if (!more) break;
      snprintf(file, sizeof file, "%s", cols[0]);
      cases = 0, total = worst = 0;
    }
    if (n != 5) continue;
    /* columns: file, ruleset, player, boards (separated by spaces), expected win (1 or 0) */
    char sql[8192];
    int len = snprintf(sql, sizeof sql, "SELECT board_wins('%s', '%s'", cols[1], cols[2]);
    for (char *b = strtok(cols[3], " "); b; b = strtok(NULL, " ")) len += snprintf(sql + len, sizeof sql - len, ", '%s'", b);
    snprintf(sql + len, sizeof sql - len, ")");
    sqlite3_stmt *st;
    double t0 = now_s();
    int got = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
      got = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    double t = now_s() - t0;
    if (got != atoi(cols[4])) wrong++;
    total += t, cases++;
    if (t > worst) worst = t, snprintf(slowest, sizeof slowest, "%.60s", sql + 18);
  }
  fclose(f);
  sqlite3_close(db);
  printf("%s\n", wrong ? "SOME RESULTS DISAGREE WITH MCGS'S FILES" : "every result agrees with MCGS's files");
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : "../dist/cgt";
  rectangles(ext);
  autotests(ext, argc > 2 ? argv[2] : "../tests/boards/mcgs_autotests.tsv");
  return 0;
}
