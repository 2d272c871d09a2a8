/*
** board_winning_moves(ruleset, first, board [, board2, ... board14]): every
** winning move of player first ('L' or 'R') moving first in the sum of the
** boards, one row each: (board_index, move, result), board_index counting
** the boards from 1, move the squares it changes (cg_move_text: "b1-b2"),
** result the board after it.  No rows when first loses.  Pure
** (INNOCUOUS); the rows are streamed: each is found by the search of
** solve.h when SQLite asks for it (so LIMIT 1 stops at the first winning
** move), and one transposition table serves every move tried.  (A table-valued function
** takes a fixed set of hidden columns: at most 14 boards.)
*/
#include <string.h>

#include "board_binding.h"
#include "rulesets.h"
#include "solve.h"

enum { COL_BOARD_INDEX, COL_MOVE, COL_RESULT };

#define MAX_BOARDS (CGT_TF_ARGS - 2)

/* The search under way: the sum, the options of the board being tried,
** and the current row. */
typedef struct win_state {
  const cg_rules *r;
  int right;
  uint32_t n;           /* boards */
  cg_grid *g;           /* the boards, then room for CG_BOARD_MAXOPT options */
  cg_move *moves;
  uint32_t board, nopts, next;   /* board tried, its options, the next one to try */
  int listed;                    /* its options are in the room after the boards */
  cg_solver *x;
  /* the current row */
  char move[32];
  char result[CG_BOARD_TEXT];
} win_state;

static void win_reset(cgt_cursor *cur) {
  win_state *w = cur->rows;
  if (!w) return;
  cg_solver_free(w->x);
  cgt_free(w->g);
  cgt_free(w->moves);
  sqlite3_free(w);
}

/* Makes the next row: the next winning move, trying the moves of each
** board in turn (the board is put back after each), or the end. */
static int win_next(cgt_cursor *cur) {
  win_state *w = cur->rows;
  const char *fname = cur->tf->name;
  cg_store *s = cgt_conn_games(cur->conn, NULL);
  cg_board_table *t = s ? cgt_conn_boards(cur->conn) : NULL;
  if (!t) return SQLITE_NOMEM;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, fname);
  cg_store_set_stop(s, &it.stop);
  cgt_rc rc = CGT_OK;
  if (!w->x && !(w->x = cg_solver_new(s, t, w->r, it.stop.memory ? it.stop.memory / 2 : UINT64_MAX))) rc = CGT_NOMEM;
  int found = 0;
  cg_grid *opts = w->g + w->n;
  while (rc == CGT_OK && !found && w->board < w->n) {
    if (!w->listed) {   /* the options of the board to try next */
      w->nopts = w->r->options(w->r, &w->g[w->board], w->right, opts, w->moves);
      w->next = 0, w->listed = 1;
    }
    if (w->next == w->nopts) {
      w->board++, w->listed = 0;
      continue;
    }
    uint32_t j = w->next++;
    cg_grid here = w->g[w->board];
    int win = 1;
    w->g[w->board] = opts[j];
    rc = cg_solver_wins(w->x, w->g, w->n, !w->right, &win);
    w->g[w->board] = here;
    if (rc == CGT_OK && !win) {
      found = 1;
      cg_move_text(&w->moves[j], here.cols, w->move);
      cg_board_text(w->r, &opts[j], w->result);
    }
  }
  cg_store_set_stop(s, NULL);
  if (rc == CGT_MEMORY) cur->err = sqlite3_mprintf("cgt: %s: %z", fname, cgt_memory_text(&it.stop));
  else if (rc && rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: %s: %s", fname, cgt_rc_text(rc));
  cgt_interrupt_end(&it);
  cur->eof = !found;
  return cgt_sqlite_rc(rc);
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
  win_state *w = sqlite3_malloc(sizeof *w);
  if (!w) return SQLITE_NOMEM;
  memset(w, 0, sizeof *w);
  cur->rows = w;
  w->r = r, w->right = right, w->n = n;
  w->g = cgt_malloc((n + CG_BOARD_MAXOPT) * sizeof *w->g);
  w->moves = w->g ? cgt_malloc(CG_BOARD_MAXOPT * sizeof *w->moves) : NULL;
  if (!w->moves) return SQLITE_NOMEM;
  char err[400];
  if (cg_sum_parse(r, texts, n, w->g, err, sizeof err) != CGT_OK) {
    cur->err = sqlite3_mprintf("cgt: %s: %s", fname, err);
    return SQLITE_ERROR;
  }
  cur->next = win_next;
  return SQLITE_OK;
}

static void win_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const win_state *w = cur->rows;
  switch (col) {
    case COL_BOARD_INDEX: sqlite3_result_int64(ctx, w->board + 1); return;
    case COL_MOVE: sqlite3_result_text(ctx, w->move, -1, SQLITE_TRANSIENT); return;
    case COL_RESULT: sqlite3_result_text(ctx, w->result, -1, SQLITE_TRANSIENT); return;
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
