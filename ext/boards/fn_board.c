/*
** Board rulesets (pure: DETERMINISTIC|INNOCUOUS); the core is this folder:
** one file per ruleset behind board.h with one search (search.c), the
** built-in rulesets of prules.c, and partizan subtraction games
** (subtraction.c).
**
**   cg_board(ruleset, board)   the canonical value of a Domineering, Clobber
**                              or Toads and Frogs board, or of a heap of a
**                              subtraction{L|R} game, in CGSuite's print
**   surreal_value(ruleset, board), surreal_value('ruleset:board')
**                              the same, and the value of a board of the
**                              built-in rulesets toetactics, hackenbush and
**                              cutcake
**   cg_heap_period(ruleset, n_max)
**                              JSON: the periods of the values and of the
**                              outcomes of a subtraction{L|R} game
**
** The values of the regions met are kept per connection, in a transposition
** table that lives and is reset with the connection's store of games
** (board_cache.c).  The
** values of subtraction heaps are valued under a work budget, so they are
** kept apart (cgt_conn_subtraction) where the work of a heap is the same on
** every connection, and cg_heap_period works in a store of its own.
*/
#include <stdio.h>
#include <string.h>

#include "board_binding.h"
#include "prules.h"
#include "rulesets.h"
#include "subtraction.h"
#include "../partizan/pnotation.h"

/* The value of heap of a subtraction{L|R} game, as the result of fname. */
static void subtraction_result(sqlite3_context *ctx, cg_store *s, const char *fname, const char *ruleset,
                        const char *heap) {
  char err[400];
  cg_id g;
  cg_sub_memo *memo = cgt_conn_subtraction(sqlite3_user_data(ctx), ruleset);
  cgt_rc rc = memo ? cg_subtraction_board(s, memo, ruleset, heap, CG_NO_BUDGET, &g, err, sizeof err) : CGT_NOMEM;
  if (rc == CGT_SYNTAX || rc == CGT_LIMIT) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", err);
  else if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_game(ctx, s, g, fname);
}

/* surreal_value(ruleset, board) or surreal_value('ruleset:board'). */
static void surreal_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  const char *fname = "surreal_value";
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  char rules[32], err[400] = "";
  const char *board;
  const char *first = (const char *)sqlite3_value_text(argv[0]);
  const char *second = argc == 2 ? (const char *)sqlite3_value_text(argv[1]) : "";
  if (!first || !second) {   /* (text that could not be had: out of memory) */
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (cg_subtraction_is(first)) {   /* as cg_board */
    const char *text = first, *colon = strchr(text, ':');
    char *ruleset = argc == 2 ? NULL : sqlite3_mprintf("%.*s", colon ? (int)(colon - text) : 0, text);
    if (argc == 1 && (!colon || !ruleset)) {
      if (colon) sqlite3_result_error_nomem(ctx);
      else cgt_error(ctx, SQLITE_ERROR, fname, "'%s' is not 'ruleset:board'", text);
    } else {
      subtraction_result(ctx, s, fname, argc == 2 ? text : ruleset, argc == 2 ? second : colon + 1);
    }
    sqlite3_free(ruleset);
    return;
  }
  if (argc == 2) {
    snprintf(rules, sizeof rules, "%s", first);
    board = second;
  } else {
    const char *text = first, *colon = strchr(text, ':');
    if (!colon) {
      cgt_error(ctx, SQLITE_ERROR, fname, "'%s' is not 'ruleset:board'", text);
      return;
    }
    snprintf(rules, sizeof rules, "%.*s", (int)(colon - text), text);
    board = colon + 1;
  }
  cg_id g;
  cgt_rc rc;
  if (cgt_name_is(rules, "hackenbush")) {
    rc = cg_hackenbush_string(s, board, CG_NO_BUDGET, &g, err, sizeof err);
  } else if (cgt_name_is(rules, "toetactics")) {
    cg_id *memo = cgt_conn_toetactics(sqlite3_user_data(ctx));
    rc = memo ? cg_toetactics(s, board, memo, &g, err, sizeof err) : CGT_NOMEM;
  } else if (cgt_name_is(rules, "cutcake")) {
    unsigned long long w = 0, h = 0;
    int used = 0;
    if (sscanf(board, "%llux%llu%n", &w, &h, &used) != 2 || board[used] || w == 0 || h == 0 || w > INT64_MAX ||
        h > INT64_MAX) {
      cgt_error(ctx, SQLITE_ERROR, fname, "a cutcake board is WxH with positive W and H, not '%s'", board);
      return;
    }
    rc = cg_cutcake(s, w, h, &g);
  } else if (cg_rules_find(rules)) {   /* the board rulesets: as cg_board */
    struct cg_board_table *t = cgt_conn_boards(sqlite3_user_data(ctx));
    rc = t ? cg_board(s, t, rules, board, &g, err, sizeof err) : CGT_NOMEM;
  } else {
    cgt_error(ctx, SQLITE_ERROR, fname,
              "unknown ruleset '%s' (toetactics, hackenbush, cutcake, %s, subtraction{L|R})", rules,
              CG_RULESET_NAMES);
    return;
  }
  if (rc == CGT_SYNTAX || (rc == CGT_LIMIT && err[0])) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", err);
  else cgt_answer_game(ctx, s, rc, g, fname);
}

/* cg_board on a subtraction{L|R} ruleset. */
static void subtraction_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  subtraction_result(ctx, s, "cg_board", (const char *)sqlite3_value_text(argv[0]),
                     (const char *)sqlite3_value_text(argv[1]));
}

static void board_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *fname = "cg_board";
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  const char *ruleset = (const char *)sqlite3_value_text(argv[0]), *board = (const char *)sqlite3_value_text(argv[1]);
  cgt_conn *conn = sqlite3_user_data(ctx);
  cg_store *s = cgt_conn_games(conn, NULL);
  cg_board_table *t = s ? cgt_conn_boards(conn) : NULL;
  if (!ruleset || !board || !s || !t) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (cg_subtraction_is(ruleset)) {
    cgt_partizan_run(ctx, argc, argv, subtraction_body, "cg_board");
    return;
  }
  if (!cg_rules_find(ruleset)) {
    cgt_error(ctx, SQLITE_ERROR, fname, "unknown board ruleset '%.80s' (%s, subtraction{L|R}; surreal_value also "
              "values toetactics, hackenbush and cutcake)", ruleset, CG_RULESET_NAMES);
    return;
  }
  char err[400];
  cg_id g;
  char *text = NULL;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cg_store_set_stop(s, &it.stop);
  cgt_rc rc = cg_board(s, t, ruleset, board, &g, err, sizeof err);
  if (rc == CGT_OK) rc = cg_print(s, g, &text);
  cg_store_set_stop(s, NULL);
  cgt_interrupt_end(&it);
  if (rc == CGT_SYNTAX) cgt_error(ctx, SQLITE_ERROR, fname, "%s", err);
  else if (rc == CGT_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (rc) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", cgt_rc_text(rc));
  else sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
  cgt_free(text);
}

/*
** cg_heap_period(ruleset, n_max): the periods of a subtraction{L|R} game
** searched over heaps 0..n_max, as JSON (see docs/boards.md):
**   {"preperiod":P,"period":p,"saltus":"s","proven":true,"searched":N,
**    "outcome_preperiod":Q,"outcome_period":q,"outcome_proven":true}
** with nulls (and false) for a period not found.
*/
static void heap_period_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_heap_period";
  uint64_t n;
  int r = cgt_arg_nonneg(ctx, argv[1], fname, 2, &n);
  if (r <= 0 || sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  const char *ruleset = (const char *)sqlite3_value_text(argv[0]);
  char err[400];
  cg_subtraction g;
  if (!ruleset) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!cg_subtraction_is(ruleset)) {
    cgt_error(ctx, SQLITE_ERROR, fname, "unknown ruleset '%.80s' (subtraction{L|R})", ruleset);
    return;
  }
  if (cg_subtraction_parse(ruleset, &g, err, sizeof err)) {
    cgt_error(ctx, SQLITE_ERROR, fname, "%s", err);
    return;
  }
  if (n > CG_SUB_HEAP_MAX) {
    cgt_error(ctx, SQLITE_TOOBIG, fname, "n_max %llu is over the limit of %u", (unsigned long long)n,
              CG_SUB_HEAP_MAX);
    return;
  }
  cg_sub_period p;
  char *saltus = NULL;
  /* A store for this call alone: the budget's work, so the heaps valued
  ** and the period found, must not depend on what was stored before. */
  cg_store *fresh = cg_store_new();
  cgt_rc rc = fresh ? CGT_OK : CGT_NOMEM;
  if (fresh) cg_store_set_stop(fresh, cg_store_get_stop(s));
  if (rc == CGT_OK) rc = cg_subtraction_period(fresh, &g, (uint32_t)n, CG_NO_BUDGET, &p);
  if (rc == CGT_OK && p.period) rc = cg_print(fresh, p.saltus, &saltus);
  cg_store_free(fresh);
  if (rc) {
    cgt_partizan_report(ctx, rc, fname);
    return;
  }
  char *json = p.period ? sqlite3_mprintf("{\"preperiod\":%u,\"period\":%u,\"saltus\":\"%s\",\"proven\":%s", p.pre,
                                          p.period, saltus, p.proven ? "true" : "false")
                        : sqlite3_mprintf("{\"preperiod\":null,\"period\":null,\"saltus\":null,\"proven\":false");
  cgt_free(saltus);
  if (json && p.operiod)
    json = sqlite3_mprintf("%z,\"searched\":%u,\"outcome_preperiod\":%u,\"outcome_period\":%u,\"outcome_proven\":true}",
                           json, p.searched, p.opre, p.operiod);
  else if (json)
    json = sqlite3_mprintf("%z,\"searched\":%u,\"outcome_preperiod\":null,\"outcome_period\":null,"
                           "\"outcome_proven\":false}",
                           json, p.searched);
  if (json) sqlite3_result_text(ctx, json, -1, sqlite3_free);
  else sqlite3_result_error_nomem(ctx);
}
CGT_PARTIZAN_FUNC(heap_period, "cg_heap_period")
CGT_PARTIZAN_FUNC(surreal, "surreal_value")

const cgt_function cgt_board_functions[] = {
    {.name = "cg_board", .nargs = 2, .flags = CGT_PURE, .xFunc = board_func,
     .args = "ruleset, board", .result = "TEXT (a game)",
     .description = "Canonical value of a board of a board ruleset (domineering, clobber, ...).",
     .example = "SELECT cg_board('domineering', '...|...')"},
    {.name = "cg_heap_period", .nargs = 2, .flags = CGT_PURE, .xFunc = heap_period_func,
     .args = "ruleset, n_max", .result = "TEXT (JSON) or NULL",
     .description = "Period and saltus of a partizan subtraction game, searched to heap n_max.",
     .example = "SELECT cg_heap_period('subtraction{1,2|1,2}', 100)"},
    {.name = "surreal_value", .nargs = 1, .flags = CGT_PURE, .xFunc = surreal_func,
     .args = "'ruleset:board'", .result = "TEXT (a game)",
     .description = "Canonical value of a board of a built-in ruleset, both in one text.",
     .example = "SELECT surreal_value('hackenbush:lrlrrllr')"},
    {.name = "surreal_value", .nargs = 2, .flags = CGT_PURE, .xFunc = surreal_func,
     .args = "ruleset, board", .result = "TEXT (a game)",
     .description = "Canonical value of a board of a built-in ruleset (toetactics, hackenbush, cutcake and cg_board's).",
     .example = "SELECT surreal_value('hackenbush', 'LLRL')"},
    {0}};
