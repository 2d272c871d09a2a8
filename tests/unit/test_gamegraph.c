/*
** Unit tests of the game graph search (core/gamegraph.c): counts that
** follow from the rules (a nim heap of n has n + 1 positions and n(n+1)/2
** moves; a Hackenbush string of n edges has n + 1 positions; Toe-Tac-Tics
** has 11,125 legal boards), the limits, and the stop: a hook that asks to
** stop ends a long search with CGT_INTERRUPTED soon, without leaks.  The
** sanitized build leaves out the two limits on size (seconds of work).
*/
#include <string.h>

#include "../../ext/core/gamegraph.h"
#include "../tap.h"

static int polls;
static int stop_after_polls(void *arg) { return ++polls >= *(int *)arg; }

/* Builds, checks the counts, frees. */
static int counts(const char *ruleset, const char *board, uint32_t positions, size_t rows) {
  cg_gamegraph gg;
  char err[400];
  cgt_rc rc = cg_gamegraph_build(&gg, ruleset, board, NULL, err, sizeof err);
  int good = rc == CGT_OK && gg.npos == positions && gg.nrows == rows;
  if (!good) printf("#   rc %d (%s), %u positions, %zu rows\n", rc, err, gg.npos, gg.nrows);
  cg_gamegraph_free(&gg);
  return good;
}

int main(void) {
  cg_gamegraph gg;
  char err[400];
  for (uint32_t n = 0; n <= 300; n += 60) {
    char board[16];
    snprintf(board, sizeof board, "%u", n);
    ok(counts("nim", board, n + 1, (size_t)n * (n + 1) / 2), "nim heap %u: %u positions, n(n+1)/2 moves", n, n + 1);
  }
  ok(counts("hackenbush", "LLLLLLLLLL", 11, 55), "hackenbush L^10: 11 positions, 55 moves");
  ok(counts("hackenbush", "GGGGG", 6, 30), "hackenbush G^5: each green cut is two rows");
  ok(counts("toetactics", ".........", 11125, 60050), "toetactics: 11,125 boards from the empty one");
  ok(counts("domineering", "", 1, 0), "the empty board: one position, no moves");
  ok(counts("nim", "1,1,1,1", 5, 4), "equal heaps: one row per distinct move");

  cgt_rc rc;
#ifndef __SANITIZE_ADDRESS__
  /* Seconds under the sanitizers: a million positions and ten million
  ** moves are made first (the plain run checks these limits). */
  rc = cg_gamegraph_build(&gg, "nim", "1000001", NULL, err, sizeof err);
  ok(rc == CGT_LIMIT && strstr(err, "nim: more than 1000000 positions (the limit) from board '1000001'"),
     "the limit on positions: %s", err);
  ok(gg.npos == CG_GAMEGRAPH_POSITIONS, "the search stops at the limit (%u positions)", gg.npos);
  cg_gamegraph_free(&gg);
  rc = cg_gamegraph_build(&gg, "nim", "4500", NULL, err, sizeof err);
  ok(rc == CGT_LIMIT && strstr(err, "more than 10000000 moves") && gg.nrows == CG_GAMEGRAPH_ROWS,
     "the limit on rows: %s", err);
  cg_gamegraph_free(&gg);
#endif

  /* The stop: polled every CGT_STOP_QUANTUM units; the third poll stops. */
  int after = 3;
  cgt_stop st = {stop_after_polls, &after, 0, 0};
  rc = cg_gamegraph_build(&gg, "domineering", ".....|.....|.....|.....|.....", &st, err, sizeof err);
  ok(rc == CGT_INTERRUPTED && polls == 3, "a stop hook ends the search (rc %d after %d polls, %u positions)", rc,
     polls, gg.npos);
  cg_gamegraph_free(&gg);

  rc = cg_gamegraph_build(&gg, "go", "1", NULL, err, sizeof err);
  ok(rc == CGT_SYNTAX && strstr(err, "unknown rule 'go'"), "an unknown ruleset: %s", err);
  cg_gamegraph_free(&gg);
  return tap_done();
}
