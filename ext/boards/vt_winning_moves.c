/*
** board_winning_moves(ruleset, first, board [, board2, ... board14]): every
** winning move of player first ('L' or 'R') moving first in the sum of the
** boards, one row each: (board_index, move, result), board_index counting
** the boards from 1, move the squares it changes (cg_move_text: "b1-b2"),
** result the board after it.  No rows when first loses.  Pure
** (INNOCUOUS); the rows are made at once by the search of solve.h, whose
** transposition table serves every move tried.  (A table-valued function
** takes a fixed set of hidden columns: at most 14 boards.)
*/
#include <string.h>

#include "board_binding.h"
#include "rulesets.h"
#include "solve.h"

enum { COL_BOARD_INDEX, COL_MOVE, COL_RESULT };

#define MAX_BOARDS (CGT_TF_ARGS - 2)

typedef struct win_row {
  uint32_t board;
  char move[32];
  char *result;   /* cgt_malloc'd */
} win_row;

typedef struct win_rows {
  win_row *row;
  size_t n, cap;
} win_rows;

static void win_reset(cgt_cursor *cur) {
  win_rows *w = cur->rows;
  if (!w) return;
  for (size_t i = 0; i < w->n; i++) cgt_free(w->row[i].result);
  cgt_free(w->row);
  sqlite3_free(w);
}

/* Tries every move of player right in board i of the sum g[0..n-1] (g[i]
** is put back after), adding the winning ones to w. */
static cgt_rc try_board(cg_solver *x, const cg_rules *r, cg_grid *g, uint32_t n, uint32_t i, int right, win_rows *w,
                        cg_grid *opts, cg_move *moves) {
  cg_grid here = g[i];
  uint32_t k = r->options(r, &here, right, opts, moves);
  cgt_rc rc = CGT_OK;
  for (uint32_t j = 0; j < k && rc == CGT_OK; j++) {
    int win = 1;
    g[i] = opts[j];
    rc = cg_solver_wins(x, g, n, !right, &win);
    if (rc || win) continue;
    win_row *row = cgt_grow(w->row, &w->cap, w->n + 1, sizeof *row, 16);
    char *text = row ? cgt_malloc(CG_BOARD_TEXT) : NULL;
    if (!text) {
      if (row) w->row = row;
      rc = CGT_NOMEM;
      break;
    }
    w->row = row;
    row = &w->row[w->n++];
    row->board = i + 1;
    cg_move_text(&moves[j], here.cols, row->move);
    cg_board_text(r, &opts[j], text);
    row->result = text;
  }
  g[i] = here;
  return rc;
}

static int win_filter(cgt_cursor *cur, sqlite3_value **args) {
  const char *fname = cur->tf->name;
  const char *ruleset = (const char *)sqlite3_value_text(args[0]), *who = (const char *)sqlite3_value_text(args[1]);
  if (!ruleset || !who) return SQLITE_NOMEM;
  const cg_rules *r = cg_rules_find(ruleset);
  if (!r) {
    cur->err = sqlite3_mprintf("cgt: %s: unknown board ruleset '%.80s' (%s)", fname, ruleset, CG_RULESET_NAMES);
    return SQLITE_ERROR;
  }
  int right = cg_player_parse(who);
  if (right < 0) {
    cur->err = sqlite3_mprintf("cgt: %s: first must be 'L' or 'R', not '%.40s'", fname, who);
    return SQLITE_ERROR;
  }
  const char *texts[MAX_BOARDS];
  uint32_t n = 0;
  for (int i = 2; i < cur->tf->nargs; i++) {
    if (!args[i]) continue;   /* left out */
    if (!(texts[n++] = (const char *)sqlite3_value_text(args[i]))) return SQLITE_NOMEM;
  }
  win_rows *w = sqlite3_malloc(sizeof *w);
  if (!w) return SQLITE_NOMEM;
  memset(w, 0, sizeof *w);
  cur->rows = w;
  cg_grid *g = cgt_malloc((n + CG_BOARD_MAXOPT) * sizeof *g);
  cg_move *moves = g ? cgt_malloc(CG_BOARD_MAXOPT * sizeof *moves) : NULL;
  char err[400];
  cgt_rc rc = moves ? cg_sum_parse(r, texts, n, g, err, sizeof err) : CGT_NOMEM;
  if (rc == CGT_SYNTAX) {
    cgt_free(g);
    cgt_free(moves);
    cur->err = sqlite3_mprintf("cgt: %s: %s", fname, err);
    return SQLITE_ERROR;
  }
  cg_store *s = rc ? NULL : cgt_conn_games(cur->conn, NULL);
  cg_board_table *t = s ? cgt_conn_boards(cur->conn) : NULL;
  if (rc == CGT_OK && !t) rc = CGT_NOMEM;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, fname);
  if (t) cg_store_set_stop(s, &it.stop);
  cg_solver *x = t ? cg_solver_new(s, t, r, it.stop.memory ? it.stop.memory / 2 : UINT64_MAX) : NULL;
  if (rc == CGT_OK && !x) rc = CGT_NOMEM;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) rc = try_board(x, r, g, n, i, right, w, g + n, moves);
  cg_solver_free(x);
  if (t) cg_store_set_stop(s, NULL);
  if (rc == CGT_MEMORY) cur->err = sqlite3_mprintf("cgt: %s: %z", fname, cgt_memory_text(&it.stop));
  else if (rc && rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: %s: %s", fname, cgt_rc_text(rc));
  cgt_interrupt_end(&it);
  cgt_free(g);
  cgt_free(moves);
  cur->nrows = (sqlite3_int64)w->n;
  return cgt_sqlite_rc(rc);
}

static void win_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const win_row *row = &((win_rows *)cur->rows)->row[cur->row];
  switch (col) {
    case COL_BOARD_INDEX: sqlite3_result_int64(ctx, row->board); return;
    case COL_MOVE: sqlite3_result_text(ctx, row->move, -1, SQLITE_TRANSIENT); return;
    case COL_RESULT: sqlite3_result_text(ctx, row->result, -1, SQLITE_TRANSIENT); return;
    default: return;
  }
}

const cgt_table_function cgt_winning_moves_tables[] = {
    {.name = "board_winning_moves",
     .schema = "CREATE TABLE x(board_index, move, result, ruleset HIDDEN, first HIDDEN, board HIDDEN, board2 HIDDEN, "
               "board3 HIDDEN, board4 HIDDEN, board5 HIDDEN, board6 HIDDEN, board7 HIDDEN, board8 HIDDEN, "
               "board9 HIDDEN, board10 HIDDEN, board11 HIDDEN, board12 HIDDEN, board13 HIDDEN, board14 HIDDEN)",
     .ncols = 3, .nargs = 16, .nopt = 13, .reads = 0, .filter = win_filter, .column = win_column,
     .reset = win_reset, .args = "ruleset, first, board [, board2, ... board14]",
     .result = "rows (board_index, move, result)",
     .description = "Every winning move of player first ('L' or 'R') in the sum of the boards.",
     .example = "SELECT * FROM board_winning_moves('domineering', 'L', '...|...|...')"},
    {0}};
