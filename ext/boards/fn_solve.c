/*
** Who wins a sum of boards, by search (pure: DETERMINISTIC|INNOCUOUS):
**
**   board_wins(ruleset, first, board [, board2, ...])
**                        1 when the player first ('L' or 'R') moving first
**                        wins the sum of the boards, else 0
**   board_outcome(ruleset, board [, board2, ...])
**                        'L', 'R', 'N' or 'P': the outcome class of the sum
**   board_grundy(ruleset, board [, board2, ...])
**                        the nim value of a sum of boards of an impartial
**                        ruleset ('impartial domineering', alias 'cram', ...)
**
** The search (solve.h) values the small regions it meets with the
** connection's table of regions (as cg_board does) and keeps its
** transposition table for the call, growing it up to half the bytes of
** the 'memory' setting.  NULL arguments give NULL.
*/
#include <stdio.h>
#include <string.h>

#include "board_binding.h"
#include "rulesets.h"
#include "solve.h"

/* A sum read from SQL arguments, and the error of reading it. */
typedef struct sum_args {
  const cg_rules *r;
  cg_grid *g;
  uint32_t n;
} sum_args;

/* Reads ruleset argv[0] and the boards argv[first..argc-1] for fname;
** 0 after setting an error (or for a NULL argument: no result). */
static int read_sum(sqlite3_context *ctx, int argc, sqlite3_value **argv, int first, const char *fname, sum_args *a) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return 0;
  if (argc <= first) {
    cgt_error(ctx, SQLITE_ERROR, fname, "takes %s at least one board", first == 2 ? "ruleset, first and" : "ruleset and");
    return 0;
  }
  if (argc - first > CG_SUM_MAX) {
    cgt_error(ctx, SQLITE_TOOBIG, fname, "a sum has at most %d boards, not %d", CG_SUM_MAX, argc - first);
    return 0;
  }
  const char *ruleset = (const char *)sqlite3_value_text(argv[0]);
  if (!ruleset) return sqlite3_result_error_nomem(ctx), 0;
  a->r = cg_rules_find(ruleset);
  if (!a->r) {
    cgt_error(ctx, SQLITE_ERROR, fname, "unknown board ruleset '%.80s' (%s)", ruleset, CG_RULESET_NAMES);
    return 0;
  }
  a->n = (uint32_t)(argc - first);
  const char **texts = sqlite3_malloc64(a->n * sizeof *texts);
  a->g = sqlite3_malloc64(a->n * sizeof *a->g);
  int ok = texts && a->g;
  for (uint32_t i = 0; ok && i < a->n; i++) ok = (texts[i] = (const char *)sqlite3_value_text(argv[first + i])) != NULL;
  if (!ok) {
    sqlite3_free(texts);
    sqlite3_free(a->g);
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  char err[400];
  cgt_rc rc = cg_sum_parse(a->r, texts, a->n, a->g, err, sizeof err);
  sqlite3_free(texts);
  if (rc) {
    sqlite3_free(a->g);
    cgt_error(ctx, SQLITE_ERROR, fname, "%s", err);
    return 0;
  }
  return 1;
}

/* The bytes the transposition table may take: half the memory setting. */
static uint64_t table_bytes(cg_store *s) {
  const cgt_stop *st = cg_store_get_stop(s);
  return st && st->memory ? st->memory / 2 : UINT64_MAX;
}

static void wins_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  const char *fname = "board_wins";
  sum_args a;
  if (argc >= 2 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    const char *who = (const char *)sqlite3_value_text(argv[1]);
    if (!who) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (cg_player_parse(who) < 0) {
      cgt_error(ctx, SQLITE_ERROR, fname, "first must be 'L' or 'R', not '%.40s'", who);
      return;
    }
  }
  if (!read_sum(ctx, argc, argv, 2, fname, &a)) return;
  int turn = cg_player_parse((const char *)sqlite3_value_text(argv[1])), win = 0;
  cg_board_table *t = cgt_conn_boards(sqlite3_user_data(ctx));
  cgt_rc rc = t ? cg_solve_once(s, t, a.r, table_bytes(s), a.g, a.n, turn, &win) : CGT_NOMEM;
  sqlite3_free(a.g);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else sqlite3_result_int(ctx, win);
}

static void outcome_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  const char *fname = "board_outcome";
  sum_args a;
  if (!read_sum(ctx, argc, argv, 1, fname, &a)) return;
  int win[2] = {0, 0};
  cg_board_table *t = cgt_conn_boards(sqlite3_user_data(ctx));
  cgt_rc rc = t ? cg_solver_outcome(s, t, a.r, table_bytes(s), a.g, a.n, win) : CGT_NOMEM;
  sqlite3_free(a.g);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_letter(ctx, win[0] ? (win[1] ? 'N' : 'L') : (win[1] ? 'R' : 'P'));
}

/* The nim value of each board by its canonical value (a nimber), xored. */
static void grundy_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  const char *fname = "board_grundy";
  sum_args a;
  if (!read_sum(ctx, argc, argv, 1, fname, &a)) return;
  if (!a.r->impartial) {
    sqlite3_free(a.g);
    cgt_error(ctx, SQLITE_ERROR, fname,
              "%s is partizan; nim values are of impartial rulesets (impartial domineering (cram), impartial "
              "clobber, impartial toadsfrogs)",
              a.r->name);
    return;
  }
  cg_board_table *t = cgt_conn_boards(sqlite3_user_data(ctx));
  cgt_rc rc = t ? CGT_OK : CGT_NOMEM;
  uint32_t nim = 0;
  for (uint32_t i = 0; i < a.n && rc == CGT_OK; i++) {
    cg_id v;
    uint32_t n = 0;
    rc = cg_board_value(s, t, a.r, &a.g[i], &v);
    if (rc == CGT_OK && !cg_is_nimber(s, v, &n)) rc = CGT_RANGE;   /* (an impartial game's value is a nimber) */
    nim ^= n;
  }
  sqlite3_free(a.g);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else sqlite3_result_int64(ctx, nim);
}

CGT_PARTIZAN_FUNC(wins, "board_wins")
CGT_PARTIZAN_FUNC(outcome, "board_outcome")
CGT_PARTIZAN_FUNC(grundy, "board_grundy")

const cgt_function cgt_solve_functions[] = {
    {.name = "board_wins", .nargs = -1, .flags = CGT_PURE, .xFunc = wins_func,
     .args = "ruleset, first, board [, board2, ...]", .result = "INTEGER (1 or 0)",
     .description = "1 when player first ('L' or 'R') moving first wins the sum of the boards, by search.",
     .example = "SELECT board_wins('domineering', 'L', '....|....|....|....')"},
    {.name = "board_outcome", .nargs = -1, .flags = CGT_PURE, .xFunc = outcome_func,
     .args = "ruleset, board [, board2, ...]", .result = "TEXT ('L', 'R', 'N' or 'P')",
     .description = "Outcome class of the sum of the boards, by search.",
     .example = "SELECT board_outcome('clobber', 'xoxo', 'XO|OX')"},
    {.name = "board_grundy", .nargs = -1, .flags = CGT_PURE, .xFunc = grundy_func,
     .args = "ruleset, board [, board2, ...]", .result = "INTEGER",
     .description = "Nim value of the sum of the boards of an impartial ruleset (impartial domineering = cram, ...).",
     .example = "SELECT board_grundy('cram', '...|...|...')"},
    {0}};
