/*
** Unit tests of the outcome search (ext/boards/solve.c) and of what it
** adds to the board interface: the search against the canonical value on
** random boards and sums of every ruleset, once as the rulesets are and
** once with no region valued (a copy of the ruleset with small = 0, so
** every position is searched) and no bounds; the impartial variants'
** fields against their bases'; regions of boards past 64 squares against
** the same regions on small boards; the move texts; a small table
** (bytes) gives the same answers; an interrupt ends a search; both
** players' searches at once (cg_solver_outcome, on two threads past 30
** cells) and one search with its helper (cg_solve_once) against one
** solver's, and an interrupt ends them too.
*/
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../ext/boards/rulesets.h"
#include "../../ext/boards/solve.h"
#include "../tap.h"

static cg_store *s;

static void random_board(const cg_rules *r, cg_grid *g, int cells) {
  const cg_rules *b = r->base ? r->base : r;
  if (b->one_row) g->rows = 1, g->cols = (uint16_t)(2 + rand() % (cells - 1));
  else {
    g->rows = (uint16_t)(1 + rand() % 4);
    g->cols = (uint16_t)(1 + rand() % (cells / g->rows));
  }
  for (int i = 0; i < g->rows * g->cols; i++) {
    int k = rand() % 8;
    g->c[i] = (uint8_t)(b == &cg_domineering ? k != 0 : k < 3 ? 1 : k < 6 ? 2 : 0);
  }
}

/* Whether the search agrees with the canonical value on rounds random
** sums of ruleset r (searched with rules q: r or a copy), both players
** first; with tt_bytes for the table. */
static int agree(const cg_rules *r, const cg_rules *q, int rounds, int cells, uint64_t tt_bytes) {
  cg_board_table *t = cg_board_table_new();
  cg_id zero;
  cg_integer(s, 0, &zero);
  int good = 1;
  for (int k = 0; k < rounds && good; k++) {
    cg_grid g[3];
    uint32_t n = 1 + (uint32_t)(rand() % 3);
    cg_id sum = zero, v;
    for (uint32_t i = 0; i < n; i++) {
      random_board(r, &g[i], n == 1 ? cells : cells / 2);
      if (cg_board_value(s, t, r, &g[i], &v) || cg_add(s, sum, v, &sum)) return 0;
    }
    int le, ge;
    cg_le(s, sum, zero, &le);
    cg_le(s, zero, sum, &ge);
    cg_solver *x = cg_solver_new(s, t, q, tt_bytes);
    for (int right = 0; right < 2 && good; right++) {
      int win = -1;
      if (cg_solver_wins(x, g, n, right, &win) != CGT_OK) good = 0;
      if (win != (right ? !ge : !le)) good = 0;
    }
    cg_solver_free(x);
  }
  cg_board_table_free(t);
  return good;
}

static int always(void *arg) {
  (void)arg;
  return 1;
}

/* Stops once the time *arg (CLOCK_MONOTONIC seconds) has passed. */
static int past(void *arg) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9 > *(double *)arg;
}

/* Whether cg_solver_outcome agrees with one solver searching each player
** in turn on rounds random boards of r of 30 to 36 cells (symmetric: 6 x 6
** boards that are their own transposes). */
static int outcome_agrees(const cg_rules *r, int rounds, int holes, int symmetric) {
  cg_board_table *t = cg_board_table_new();
  int good = 1;
  for (int k = 0; k < rounds && good; k++) {
    cg_grid g;
    g.rows = (uint16_t)(symmetric ? 6 : 5 + rand() % 2), g.cols = 6;
    for (int i = 0; i < g.rows * g.cols; i++) {
      int q = rand() % 8;
      g.c[i] = (uint8_t)(r->base == &cg_domineering || r == &cg_domineering ? q >= holes : q < holes ? 0 : 1 + q % 2);
    }
    for (int i = 0; symmetric && i < 6; i++)   /* (its own transpose: its value its own negative) */
      for (int j = 0; j < i; j++) g.c[i * 6 + j] = g.c[j * 6 + i];
    int both[2] = {-1, -1}, each[2] = {-1, -1};
    cg_solver *x = cg_solver_new(s, t, r, 1 << 24);
    good = x && cg_solver_outcome(s, t, r, 1 << 24, &g, 1, both) == CGT_OK &&
           cg_solver_wins(x, &g, 1, 0, &each[0]) == CGT_OK && cg_solver_wins(x, &g, 1, 1, &each[1]) == CGT_OK &&
           both[0] == each[0] && both[1] == each[1];
    cg_solver_free(x);
  }
  cg_board_table_free(t);
  return good;
}

/* Whether cg_solve_once (past 30 cells: a main search and a helper on
** two threads, sharing a table) agrees with one solver, on rounds random
** sums of two boards of r of 15 to 20 cells each, both players first (the
** sums have values of small regions, and moves in them). */
static int once_agrees(const cg_rules *r, int rounds, int holes) {
  cg_board_table *t = cg_board_table_new();
  int good = 1;
  for (int k = 0; k < rounds && good; k++) {
    cg_grid g[2];
    for (int b = 0; b < 2; b++) {
      g[b].rows = (uint16_t)(3 + rand() % 2), g[b].cols = 5;
      for (int i = 0; i < g[b].rows * g[b].cols; i++) {
        int q = rand() % 8;
        g[b].c[i] = (uint8_t)(r == &cg_domineering ? q >= holes : q < holes ? 0 : 1 + q % 2);
      }
    }
    for (int right = 0; right < 2 && good; right++) {
      int pair = -1, one = -2;
      cg_solver *x = cg_solver_new(s, t, r, 1 << 24);
      good = x && cg_solve_once(s, t, r, 1 << 24, g, 2, right, &pair) == CGT_OK &&
             cg_solver_wins(x, g, 2, right, &one) == CGT_OK && pair == one;
      cg_solver_free(x);
    }
  }
  cg_board_table_free(t);
  return good;
}

int main(void) {
  s = cg_store_new();
  srand(26);
  const cg_rules *all[] = {&cg_domineering, &cg_clobber, &cg_toadsfrogs, &cg_cram, &cg_impartial_clobber,
                           &cg_impartial_toadsfrogs};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
    const cg_rules *r = all[i];
    ok(agree(r, r, 200, 14, 1 << 20), "%s: the search agrees with the canonical value (200 sums)", r->name);
    cg_rules bare = *r;
    bare.small = 0, bare.bounds = NULL;
    ok(agree(r, &bare, 120, 9, 1 << 20), "%s: every position searched, no bounds: the same", r->name);
    ok(agree(r, r, 60, 12, 1024), "%s: a table of at most 1 KB (none is made: every position searched again): the same", r->name);
  }

  /* Domineering's bounds against none on larger boards (of 30 squares,
  ** about one in five removed), where they decide most positions. */
  {
    cg_rules bare = cg_domineering;
    bare.bounds = NULL, bare.prepare = NULL, bare.bounds_after = NULL;
    cg_board_table *t = cg_board_table_new();
    int same = 1;
    for (int k = 0; k < 400 && same; k++) {
      cg_grid g = {.rows = 5, .cols = 6};
      for (int i = 0; i < 30; i++) g.c[i] = rand() % 5 != 0;
      cg_solver *x = cg_solver_new(s, t, &cg_domineering, 1 << 24), *y = cg_solver_new(s, t, &bare, 1 << 24);
      for (int right = 0; right < 2 && same; right++) {
        int a = -1, b = -2;
        same = x && y && cg_solver_wins(x, &g, 1, right, &a) == CGT_OK && cg_solver_wins(y, &g, 1, right, &b) == CGT_OK &&
               a == b;
      }
      cg_solver_free(x);
      cg_solver_free(y);
    }
    cg_board_table_free(t);
    ok(same, "domineering: the bounds decide as the search without them does (400 boards of 5 x 6)");
  }

  /* Domineering's bounds of a board are those of its regions added, each
  ** square of no region counting in squares and in idle for both. */
  {
    int same = 1;
    static cg_grid regs[CG_BOARD_CELLS];
    for (int k = 0; k < 500 && same; k++) {
      cg_grid g = {.rows = (uint16_t)(2 + rand() % 7), .cols = (uint16_t)(2 + rand() % 7)};
      for (int i = 0; i < g.rows * g.cols; i++) g.c[i] = rand() % 3 != 0;
      cg_bounds whole, part, sum;
      memset(&sum, 0, sizeof sum);
      cg_domineering.bounds(&g, &whole);
      uint32_t n = cg_domineering.regions(&cg_domineering, &g, regs), in = 0, free = 0;
      for (int i = 0; i < g.rows * g.cols; i++) free += g.c[i];
      for (uint32_t r = 0; r < n; r++) {
        cg_domineering.bounds(&regs[r], &part);
        for (int q = 0; q < 2; q++)
          sum.safe[q] += part.safe[q], sum.vuln[q] += part.vuln[q], sum.lone[q] += part.lone[q],
              sum.areas[q] += part.areas[q], sum.most[q] += part.most[q], sum.idle[q] += part.idle[q],
              sum.vuln_held[q] += part.vuln_held[q], sum.lone_held[q] += part.lone_held[q];
        sum.squares += part.squares, in += part.squares;
      }
      sum.squares += free - in, sum.idle[0] += free - in, sum.idle[1] += free - in;
      same = !memcmp(&sum, &whole, sizeof sum);
    }
    ok(same, "domineering: a board's bounds are its regions' added, its lone squares idle (500 boards)");
  }

  /* The impartial variants repeat their bases' symbols, flags and symmetries. */
  const cg_rules *imp[] = {&cg_cram, &cg_impartial_clobber, &cg_impartial_toadsfrogs};
  for (size_t i = 0; i < 3; i++) {
    const cg_rules *r = imp[i], *b = r->base;
    ok(r->impartial && !strcmp(r->symbols, b->symbols) && r->one_row == b->one_row &&
           r->hash_is_empty == b->hash_is_empty && r->symmetries == b->symmetries &&
           !strcmp(r->name + strlen("impartial "), b->name),
       "%s repeats %s's fields", r->name, b->name);
  }
  ok(cg_rules_find("CRAM") == &cg_cram && cg_rules_find("Impartial Domineering") == &cg_cram,
     "cram and impartial domineering name one ruleset");

  /* Regions past 64 squares: a 16 x 16 Domineering board with the regions
  ** of a small board in a corner and one more far away. */
  {
    char err[200];
    cg_grid small, big, regs[2][CG_BOARD_CELLS];
    cg_board_parse(&cg_domineering, "..#.|..#.|####|.#..", &small, err, sizeof err);
    big.rows = big.cols = 16;
    memset(big.c, 0, 256);
    for (int i = 0; i < 4; i++) memcpy(big.c + i * 16, small.c + i * 4, 4);
    big.c[15 * 16 + 14] = big.c[15 * 16 + 15] = 1;
    uint32_t a = cg_domineering.regions(&cg_domineering, &small, regs[0]);
    uint32_t b = cg_domineering.regions(&cg_domineering, &big, regs[1]);
    int same = b == a + 1;
    for (uint32_t k = 0; k < a && same; k++)
      same = regs[0][k].rows == regs[1][k].rows && regs[0][k].cols == regs[1][k].cols &&
             !memcmp(regs[0][k].c, regs[1][k].c, (size_t)regs[0][k].rows * regs[0][k].cols);
    ok(same, "the regions of a 16 x 16 board are those of its 4 x 4 corner and one more (%u, %u)", a, b);
  }

  /* Move texts: from the top left, column letters then row numbers. */
  {
    char buf[32];
    cg_move m = {{0, 17}, 2};
    cg_move_text(&m, 16, buf);
    is_str(buf, "a1-b2", "squares 0 and 17 of 16 columns");
    m = (cg_move){{25, 26, 255}, 3};
    cg_move_text(&m, 256, buf);
    is_str(buf, "z1-aa1-iv1", "past z: aa, ..., iv (a row of 256)");
  }

  /* An interrupt ends the search of empty 7 x 7 Domineering. */
  {
    char err[200];
    cg_grid g;
    cg_board_parse(&cg_domineering, ".......|.......|.......|.......|.......|.......|.......", &g, err, sizeof err);
    cg_board_table *t = cg_board_table_new();
    cgt_stop st = {always, NULL, 0, 0, 0, 0, 0, 0, 0};
    cg_store_set_stop(s, &st);
    cg_solver *x = cg_solver_new(s, t, &cg_domineering, 1 << 24);
    int win = -1;
    ok(cg_solver_wins(x, &g, 1, 0, &win) == CGT_INTERRUPTED, "an interrupt ends the search");
    cg_solver_free(x);
    cg_store_set_stop(s, NULL);
    cg_board_table_free(t);
  }
  /* Both players at once. */
  ok(outcome_agrees(&cg_domineering, 30, 2, 0), "domineering: both players at once agree with one at a time (30 boards)");
  ok(outcome_agrees(&cg_clobber, 20, 4, 0), "clobber: both players at once agree with one at a time (20 boards)");
  ok(outcome_agrees(&cg_domineering, 30, 2, 1), "domineering boards that are their own transposes: Left's search alone agrees");
  ok(outcome_agrees(&cg_cram, 10, 3, 0), "cram (impartial): Left's search alone agrees");
  ok(once_agrees(&cg_domineering, 30, 2), "domineering: a search and its helper agree with one search (30 sums of two boards)");
  ok(once_agrees(&cg_clobber, 20, 3), "clobber: a search and its helper agree with one search (20 sums of two boards)");
  {
    char err[200];
    cg_grid g;
    cg_board_table *t = cg_board_table_new();
    int win[2];
    cg_board_parse(&cg_domineering, "........|........|........|........|........|........|........|........", &g, err,
                   sizeof err);
    cgt_stop st = {always, NULL, 0, 0, 0, 0, 0, 0, 0};
    cg_store_set_stop(s, &st);
    ok(cg_solver_outcome(s, t, &cg_domineering, 1 << 24, &g, 1, win) == CGT_INTERRUPTED,
       "an interrupt ends the search of empty 8 x 8 (Left's alone: it is its own transpose)");
    /* 8 x 7: Left's search ends within a second, Right's takes longer; the
    ** interrupt comes while the first thread waits for the second. */
    cg_board_parse(&cg_domineering, ".......|.......|.......|.......|.......|.......|.......|.......", &g, err,
                   sizeof err);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double until = now.tv_sec + now.tv_nsec / 1e9 + 0.05;
    st = (cgt_stop){past, &until, 0, 0, 0, 0, 0, 0, 0};
    ok(cg_solver_outcome(s, t, &cg_domineering, 1 << 24, &g, 1, win) == CGT_INTERRUPTED,
       "an interrupt ends the second search of empty 8 x 7 too");
    cg_store_set_stop(s, NULL);
    cg_board_table_free(t);
  }
  cg_store_free(s);
  return tap_done();
}
