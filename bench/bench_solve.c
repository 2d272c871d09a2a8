/*
** bench_solve: who wins on boards, by search (board_outcome and board_wins,
** docs/boards.md).
**
** 1. The empty Domineering rectangles of Obsequi's table (up to 8x8, and
**    2x15, 3x13, 4x12, 5x10, 7x8; tests/boards/domineering_rectangles.tsv):
**    board_outcome (both players first: on square boards Left's search
**    and its helper, else both searches at once, on two threads), through SQL,
**    checked against the table, beside a plain alpha-beta written here (negamax on win or loss
**    over a 64-bit board, an exact transposition table of the whole board,
**    moves in order: no regions, no values, no bounds, no symmetry).  The
**    plain search stops past PLAIN_MAX_NODES and is then reported as over
**    it; and beside Obsequi's times on the boards it was measured on by
**    hand (obsequi[]).  Issue 26's goal is 8x8 under 1.5 s (Obsequi on
**    this machine: 1.53 s, 2.02 million nodes) and 9x9 under 928 s;
**    BENCH_9X9=1 runs 9x9 too (long).
** 2. MCGS's autotests for Domineering and Clobber
**    (tests/boards/mcgs_autotests.tsv): the time of every file here beside
**    the time MCGS v1.7 took on it on this machine (measured once by hand,
**    mcgs_seconds), and the slowest case of each.  Issue 26's goal: every
**    file at least as fast as MCGS.
**
** BENCH_QUICK=1 keeps boards of at most 42 squares.
** Usage: bench_solve [EXTENSION [VECTORS [TABLE]]]
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

/* board_outcome of an empty Domineering board ('?' on an error). */
static char board_outcome(sqlite3 *db, const char *board) {
  sqlite3_stmt *st;
  char outcome = '?';
  sqlite3_prepare_v2(db, "SELECT board_outcome('domineering', ?)", -1, &st, NULL);
  sqlite3_bind_text(st, 1, board, -1, SQLITE_STATIC);
  if (sqlite3_step(st) == SQLITE_ROW) outcome = (char)sqlite3_column_text(st, 0)[0];
  else fprintf(stderr, "bench_solve: %s\n", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  return outcome;
}

/* Obsequi (Bullock; github.com/nathanbullock/obsequi at c032190, built
** with -O3 -march=native, `solve rows R cols C bits 24 V` and `... H`),
** measured once by hand on this machine on 2026-12-07: the user CPU
** seconds of both players first, added (8x8: 2.61 + 2.56 s, 2.02 million
** nodes each; its wall time adds about 0.5 s a run for its 400 MB table). */
static const struct {
  int r, c;
  double user_s;
} obsequi[] = {{6, 6, 0.15}, {5, 7, 0.13}, {7, 5, 0.15}, {6, 8, 0.35}, {8, 6, 0.35},
               {7, 7, 0.16}, {7, 8, 0.96}, {8, 7, 0.83}, {8, 8, 5.17}};

/* One empty board: board_outcome's time, and the plain search's. */
static void rectangle(const char *ext, plain *p, int R, int C, const char *want) {
  char board[400], *q = board;
  for (int i = 0; i < R; i++) {
    if (i) *q++ = '|';
    for (int j = 0; j < C; j++) *q++ = '.';
  }
  *q = 0;
  sqlite3 *db = bench_open(ext, "bench_solve");   /* a fresh connection: no values kept from before */
  double t0 = now_s(), c0 = (double)clock() / CLOCKS_PER_SEC;
  char outcome = board_outcome(db, board);
  double t = now_s() - t0, cpu = (double)clock() / CLOCKS_PER_SEC - c0;
  sqlite3_close(db);
  int l = outcome == 'L' || outcome == 'N', r = outcome == 'R' || outcome == 'N';
  char plain_s[32] = "-", ratio[32] = "-", nodes[32] = "-";
  if (R <= 8 && C <= 8 && R * C <= 42) {
    uint64_t free_sq = 0;
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) free_sq |= (uint64_t)1 << (i * 8 + j);
    memset(p->key, 0, ((size_t)1 << TT_BITS) * sizeof *p->key);
    p->nodes = 0, p->over = 0;
    double u0 = now_s();
    int pl = plain_wins(p, free_sq, 0), pr = p->over ? 0 : plain_wins(p, free_sq, 1);
    double u = now_s() - u0;
    if (p->over) {
      snprintf(plain_s, sizeof plain_s, "> %.1f", u);
      snprintf(nodes, sizeof nodes, "> %llu", (unsigned long long)PLAIN_MAX_NODES);
    } else {
      if (pl != l || pr != r) printf("DISAGREE: plain search says %d %d\n", pl, pr);
      snprintf(plain_s, sizeof plain_s, "%.3f", u);
      snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)p->nodes);
      snprintf(ratio, sizeof ratio, "%.1fx", u / t);
    }
  }
  char obs_s[32] = "-", obs_ratio[32] = "-";
  for (size_t i = 0; i < sizeof obsequi / sizeof *obsequi; i++)
    if (obsequi[i].r == R && obsequi[i].c == C) {
      snprintf(obs_s, sizeof obs_s, "%.2f", obsequi[i].user_s);
      snprintf(obs_ratio, sizeof obs_ratio, "%.2fx", obsequi[i].user_s / t);
    }
  printf("%2dx%-3d %-5c %-6s %10.3f %10.3f %14s %12s %10s %10s %10s\n", R, C, outcome,
         want && *want != outcome ? "WRONG" : want ? "ok" : "", t, cpu, nodes, plain_s, ratio, obs_s, obs_ratio);
  fflush(stdout);
}

/* Obsequi's table of empty rectangles (the rows of the outcome table whose
** sources name OBS), smallest first, then 9x9 when asked for. */
static void rectangles(const char *ext, const char *path) {
  int quick = getenv("BENCH_QUICK") != NULL;
  printf("Empty Domineering rectangles of Obsequi's table (%s), both players first: board_outcome,\n"
         "checked against the table, beside a plain alpha-beta with an exact table (stopped past %llu\n"
         "nodes; boards of at most 42 squares)\n\n",
         path, (unsigned long long)PLAIN_MAX_NODES);
  printf("%-6s %-5s %-6s %10s %10s %14s %12s %10s %10s %10s\n", "board", "class", "table", "cgt s", "cgt cpu s",
         "plain nodes", "plain s", "ratio", "Obsequi s", "ratio");
  plain p = {0};
  p.key = calloc((size_t)1 << TT_BITS, sizeof *p.key);
  p.win = calloc((size_t)1 << TT_BITS, 1);
  FILE *f = fopen(path, "r");
  struct { int r, c; char o[2]; } obs[200];
  int n = 0;
  char line[512];
  while (f && fgets(line, sizeof line, f) && n < 200) {
    int r, c;
    char o[2], src[400];
    if (line[0] != '#' && sscanf(line, "%d\t%d\t%1s\t%399s", &r, &c, o, src) == 4 && strstr(src, "OBS") &&
        (!quick || r * c <= 42))
      obs[n].r = r, obs[n].c = c, memcpy(obs[n].o, o, 2), n++;
  }
  if (f) fclose(f);
  for (int i = 1; i < n; i++)   /* by squares, then rows */
    for (int j = i; j > 0 && (obs[j].r * obs[j].c < obs[j - 1].r * obs[j - 1].c ||
                              (obs[j].r * obs[j].c == obs[j - 1].r * obs[j - 1].c && obs[j].r < obs[j - 1].r));
         j--) {
      __typeof__(obs[0]) tmp = obs[j];
      obs[j] = obs[j - 1], obs[j - 1] = tmp;
    }
  for (int i = 0; i < n; i++) rectangle(ext, &p, obs[i].r, obs[i].c, obs[i].o);
  if (getenv("BENCH_9X9")) rectangle(ext, &p, 9, 9, "N");
  free(p.key);
  free(p.win);
  printf("\ncgt s: wall time of board_outcome (on two threads past 30 squares: a search and its helper, or both\n"
         "players' searches); cgt cpu s: the CPU time of both.  ratio: the other's time over cgt's wall time\n"
         "(above 1: cgt is faster).  Obsequi:\n"
         "both players first one after the other on one core, user CPU, measured by hand (obsequi[] in\n"
         "bench_solve.c).\n"
         "Goal (issue 26): 8x8 under 1.5 s (Obsequi on this machine: 1.53 s), 9x9 under 928 s (BENCH_9X9=1).\n");
}

/* ---- MCGS's autotests ---- */

/* MCGS v1.7 (68fa2c6) on each file, measured once by hand on this machine:
** `MCGS --no-use-db --run-tests --test-dir DIR --test-timeout 300000`,
** one file a run, release build (-O3 -march=native): the sum of the
** per-case "Time (ms)" column of its out.csv, in seconds. */
static double mcgs_seconds(const char *file) {
  static const struct { const char *file; double s; } t[] = {
      {"domineering_autotests/4x4_easy.test", 1.20627}, {"domineering_autotests/6x6.test", 1.47781},
      {"domineering_autotests/7x7_15_stones.test", 12.41447}, {"domineering_autotests/7x7_20_stones.test", 0.35530},
      {"clobber_1xn_autotests/clobber_1xn_le_10_moves.test", 0.02800},
      {"clobber_1xn_autotests/clobber_1xn_le_12_moves.test", 0.14853},
      {"clobber_1xn_autotests/clobber_1xn_le_14_moves.test", 0.14664},
      {"clobber_1xn_autotests/clobber_1xn_le_2_moves.test", 0.00528},
      {"clobber_1xn_autotests/clobber_1xn_le_4_moves.test", 0.00331},
      {"clobber_1xn_autotests/clobber_1xn_le_6_moves.test", 0.00748},
      {"clobber_1xn_autotests/clobber_1xn_le_8_moves.test", 0.01977},
      {"clobber_autotests/clobber_from_1xn_le_10_moves.test", 0.15448},
      {"clobber_autotests/clobber_from_1xn_le_12_moves.test", 0.46436},
      {"clobber_autotests/clobber_from_1xn_le_14_moves.test", 0.45287},
      {"clobber_autotests/clobber_from_1xn_le_2_moves.test", 0.00864},
      {"clobber_autotests/clobber_from_1xn_le_4_moves.test", 0.00897},
      {"clobber_autotests/clobber_from_1xn_le_6_moves.test", 0.00737},
      {"clobber_autotests/clobber_from_1xn_le_8_moves.test", 0.04276},
      {"clobber_autotests/clobber_nxn_alternating.test", 0.15416},
      {"clobber_autotests/clobber_random_filled1.test", 3.20913},
      {"clobber_autotests/clobber_random_filled2.test", 4.40360},
      {"clobber_autotests/clobber_rectangle_alternating.test", 1.28266},
  };
  for (size_t i = 0; i < sizeof t / sizeof *t; i++)
    if (!strcmp(t[i].file, file)) return t[i].s;
  return 0;
}

static void autotests(const char *ext, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("\n(no %s: MCGS's autotests left out)\n", path);
    return;
  }
  printf("\nMCGS's autotests (%s): the time of each file here, on a connection of its own,\n"
         "beside MCGS v1.7's own (the sum of its per-case times, its transposition table kept across a\n"
         "file's cases, no database; measured once by hand on this machine)\n\n", path);
  printf("%-52s %6s %9s %9s %8s %9s  %s\n", "file", "cases", "cgt s", "MCGS s", "ratio", "slowest s", "slowest case");
  sqlite3 *db = bench_open(ext, "bench_solve");
  char line[8192], file[256] = "", slowest[200] = "";
  int cases = 0, wrong = 0;
  double total = 0, worst = 0;
  for (;;) {
    int more = fgets(line, sizeof line, f) != NULL;
    char *cols[6] = {0};
    int n = 0;
    if (more && line[0] != '#') {
      line[strcspn(line, "\n")] = 0;
      for (char *tok = line; tok && n < 6; n++) {
        cols[n] = tok;
        tok = strchr(tok, '\t');
        if (tok) *tok++ = 0;
      }
    }
    if (!more || (n == 6 && strcmp(cols[0], file) != 0)) {
      if (cases) {
        double mcgs = mcgs_seconds(file);
        char ratio[32] = "-";
        if (mcgs > 0) snprintf(ratio, sizeof ratio, "%.1fx", mcgs / total);
        printf("%-52s %6d %9.3f %9.3f %8s %9.3f  %s\n", file, cases, total, mcgs, ratio, worst, slowest);
      }
      if (!more) break;
      snprintf(file, sizeof file, "%s", cols[0]);
      sqlite3_close(db);
      db = bench_open(ext, "bench_solve");   /* each file on a fresh connection: no values from another */
      cases = 0, total = worst = 0;
    }
    if (n != 6) continue;
    /* columns: file, line, ruleset, player, boards (separated by spaces), expected win (1 or 0) */
    char sql[8192];
    int len = snprintf(sql, sizeof sql, "SELECT board_wins('%s', '%s'", cols[2], cols[3]);
    for (char *b = strtok(cols[4], " "); b; b = strtok(NULL, " ")) len += snprintf(sql + len, sizeof sql - len, ", '%s'", b);
    snprintf(sql + len, sizeof sql - len, ")");
    sqlite3_stmt *st;
    double t0 = now_s();
    int got = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
      got = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    double t = now_s() - t0;
    if (got != atoi(cols[5])) wrong++;
    total += t, cases++;
    if (t > worst) worst = t, snprintf(slowest, sizeof slowest, "%.60s", sql + 18);
  }
  fclose(f);
  sqlite3_close(db);
  printf("%s\n", wrong ? "SOME RESULTS DISAGREE WITH MCGS'S FILES" : "every result agrees with MCGS's files");
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : "../dist/cgt";
  rectangles(ext, argc > 3 ? argv[3] : "../tests/boards/domineering_rectangles.tsv");
  autotests(ext, argc > 2 ? argv[2] : "../tests/boards/mcgs_autotests.tsv");
  return 0;
}
