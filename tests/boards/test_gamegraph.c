/*
** Unit tests of the game graph search (boards/gamegraph.c): counts that
** follow from the rules (a nim heap of n has n + 1 positions and n(n+1)/2
** moves; a Hackenbush string of n edges has n + 1 positions; Toe-Tac-Tics
** has 11,125 legal boards), the limits, and the stop: a hook that asks to
** stop ends a long search with CGT_INTERRUPTED soon, without leaks.  The
** limits are reached with small ones: those of game_graph took a million
** positions and ten million moves (a second; seconds under the sanitizers).
*/
#include <string.h>

#include "../../ext/boards/gamegraph.h"
#include "../tap.h"

static int polls;
static int stop_after_polls(void *arg) { return ++polls >= *(int *)arg; }

/* The limits of game_graph. */
static const cg_gamegraph_limits sql_limits = {CG_GAMEGRAPH_POSITIONS, SIZE_MAX, CG_GAMEGRAPH_BYTES};

/* Builds, checks the counts, frees. */
static int counts(const char *ruleset, const char *board, uint32_t positions, size_t rows) {
  cg_gamegraph gg;
  char err[400];
  cgt_rc rc = cg_gamegraph_build(&gg, ruleset, board, &sql_limits, NULL, err, sizeof err);
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
  /* Each limit made small: nim heap n has n + 1 positions, n(n+1)/2 moves
  ** and texts of 1 + 2 + ... bytes ("0", "1", ..., "10", ...).  The error
  ** is the one game_graph shows (70_game_graph.t checks its code). */
  cg_gamegraph_limits small = {100, SIZE_MAX, CG_GAMEGRAPH_BYTES};
  rc = cg_gamegraph_build(&gg, "nim", "101", &small, NULL, err, sizeof err);
  ok(rc == CGT_LIMIT && !strcmp(err, "nim: more than 100 positions (the limit) from board '101'"),
     "the limit on positions: %s", err);
  ok(gg.npos == 100, "the search stops at the limit (%u positions)", gg.npos);
  cg_gamegraph_free(&gg);
  ok(cg_gamegraph_build(&gg, "nim", "99", &small, NULL, err, sizeof err) == CGT_OK && gg.npos == 100,
     "nim heap 99: its 100 positions are within a limit of 100");
  cg_gamegraph_free(&gg);
  small = (cg_gamegraph_limits){CG_GAMEGRAPH_POSITIONS, 10000, CG_GAMEGRAPH_BYTES};
  rc = cg_gamegraph_build(&gg, "nim", "150", &small, NULL, err, sizeof err);
  ok(rc == CGT_LIMIT && !strcmp(err, "nim: more than 10000 moves (the limit) from board '150'") && gg.nrows == 10000,
     "the limit on rows: %s", err);
  cg_gamegraph_free(&gg);
  small = (cg_gamegraph_limits){CG_GAMEGRAPH_POSITIONS, SIZE_MAX, 1000};
  rc = cg_gamegraph_build(&gg, "nim", "1000", &small, NULL, err, sizeof err);
  ok(rc == CGT_LIMIT && !strcmp(err, "nim: more than 1000 bytes of position texts (the limit) from board '1000'") &&
         gg.text_len <= 1000,
     "the limit on bytes of texts: %s (%zu bytes)", err, gg.text_len);
  cg_gamegraph_free(&gg);
  ok(CG_GAMEGRAPH_POSITIONS == UINT32_MAX - 2 && CG_GAMEGRAPH_BYTES == UINT32_MAX - 1,
     "game_graph's limits are those of its 32-bit indexes (docs/boards.md): 2^32 - 3 positions, 2^32 - 1 bytes");
  /* Memory: the graph's arrays against the stop's (nim heap 2000: 2,001,000 rows) */
  cgt_stop mem = {.memory = 1 << 20};
  rc = cg_gamegraph_build(&gg, "nim", "2000", &sql_limits, &mem, err, sizeof err);
  ok(rc == CGT_MEMORY && mem.wanted > (1 << 20) && mem.wanted < (2 << 20),
     "past the stop's memory, CGT_MEMORY with the bytes wanted (%llu)", (unsigned long long)mem.wanted);
  cg_gamegraph_free(&gg);

  /* The stop: polled every CGT_STOP_QUANTUM units; the third poll stops. */
  int after = 3;
  cgt_stop st = {.should_stop = stop_after_polls, .arg = &after, .spent = 0, .stopped = 0};
  rc = cg_gamegraph_build(&gg, "domineering", ".....|.....|.....|.....|.....", &sql_limits, &st, err, sizeof err);
  ok(rc == CGT_INTERRUPTED && polls == 3, "a stop hook ends the search (rc %d after %d polls, %u positions)", rc,
     polls, gg.npos);
  cg_gamegraph_free(&gg);

  rc = cg_gamegraph_build(&gg, "go", "1", &sql_limits, NULL, err, sizeof err);
  ok(rc == CGT_SYNTAX && strstr(err, "unknown rule 'go'"), "an unknown ruleset: %s", err);
  cg_gamegraph_free(&gg);
  return tap_done();
}
