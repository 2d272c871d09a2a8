/*
** The game graph of a board as rows (pure: INNOCUOUS); the core is
** boards/gamegraph.c.
**
**   game_graph(ruleset, board)   src, dst, side: one row per move of every
**                                position reachable from the board
**
** The rows are made by the filter, then read one by one; side is 'L' or
** 'R' for partizan rulesets and NULL for heap rules.
*/
#include "board_binding.h"
#include "gamegraph.h"

static int graph_filter(cgt_cursor *cur, sqlite3_value **args) {
  const char *ruleset = (const char *)sqlite3_value_text(args[0]), *board = (const char *)sqlite3_value_text(args[1]);
  cg_gamegraph *gg = sqlite3_malloc(sizeof *gg);
  if (!ruleset || !board || !gg) {
    sqlite3_free(gg);
    return SQLITE_NOMEM;
  }
  char err[400];
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, cur->tf->name);
  static const cg_gamegraph_limits limits = {CG_GAMEGRAPH_POSITIONS, SIZE_MAX, CG_GAMEGRAPH_BYTES};
  err[0] = 0;
  cgt_rc rc = cg_gamegraph_build(gg, ruleset, board, &limits, &it.stop, err, sizeof err);
  char *memory = rc == CGT_MEMORY ? cgt_memory_text(&it.stop) : NULL;
  cgt_interrupt_end(&it);
  if (rc) {
    cg_gamegraph_free(gg);
    sqlite3_free(gg);
    if (rc == CGT_NOMEM || (rc == CGT_MEMORY && !memory)) return SQLITE_NOMEM;
    if (memory) cur->err = sqlite3_mprintf("cgt: %s: the graph of board '%.40s' %z", cur->tf->name, board, memory);
    else cur->err = sqlite3_mprintf("cgt: %s: %s", cur->tf->name, err[0] ? err : cgt_rc_text(rc));
    return cur->err ? cgt_sqlite_rc(rc) : SQLITE_NOMEM;
  }
  cur->rows = gg;
  cur->nrows = (sqlite3_int64)gg->nrows;
  return SQLITE_OK;
}

static void graph_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const cg_gamegraph *gg = cur->rows;
  size_t row = (size_t)cur->row;
  if (col == 2) {
    if (gg->side[row] != CG_EITHER) sqlite3_result_text(ctx, gg->side[row] == CG_LEFT ? "L" : "R", 1, SQLITE_STATIC);
    return;
  }
  uint32_t len;
  const char *text = cg_gamegraph_text(gg, col == 0 ? gg->src[row] : gg->dst[row], &len);
  sqlite3_result_text(ctx, text, (int)len, SQLITE_TRANSIENT);
}

static void graph_reset(cgt_cursor *cur) {
  if (!cur->rows) return;
  cg_gamegraph_free(cur->rows);
  sqlite3_free(cur->rows);
}

const cgt_table_function cgt_game_graph_tables[] = {
    {.name = "game_graph",
     .schema = "CREATE TABLE x(src, dst, side, ruleset HIDDEN, board HIDDEN)",
     .ncols = 3, .nargs = 2, .reads = 0, .filter = graph_filter, .column = graph_column, .reset = graph_reset,
     .args = "ruleset, board", .result = "rows (src, dst, side)",
     .description = "The game graph of a board, ready to insert into cgt_edge.",
     .example = "SELECT * FROM game_graph('clobber', 'xo')"},
    {0}};
