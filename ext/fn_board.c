/*
** Board rulesets (pure: DETERMINISTIC|INNOCUOUS); the core is
** core/partizan/board/ (one file per ruleset behind board.h, one search).
**
**   cg_board(ruleset, board)   the canonical value of a Domineering, Clobber
**                              or Toads and Frogs board, in CGSuite's print
**
** The values of the regions met are kept per connection, in a transposition
** table that lives and is reset with the connection's store of games.
*/
#include "binding.h"
#include "core/partizan/board/board.h"
#include "core/partizan/pnotation.h"

static void board_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
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
  char err[400];
  cg_id g;
  char *text = NULL;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_context_db_handle(ctx));
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

const cgt_function cgt_board_functions[] = {{"cg_board", 2, CGT_PURE, board_func, NULL, NULL, NULL, NULL},
                                            {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL}};
