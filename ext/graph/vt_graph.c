/*
** Table-valued functions on stored impartial graphs (all DIRECTONLY):
**
**   cgt_solve(graph_id)              node, grundy, outcome, remoteness,
**                                    misere_outcome, options
**   cgt_options(graph_id, node)      dst, grundy, outcome, winning
**   winning_moves(graph_id, tokens)  token, src, dst, result
**
** A NULL argument gives no rows; an unknown node (or token) is an error.
*/
#include "../sqlite/binding.h"
#include "graph_binding.h"

#include <string.h>

/* The graph a cursor keeps between filters (cursor_graph). */
static cgt_graph *cur_graph(const cgt_cursor *cur) { return cur->kept; }

static void graph_release(void *graph) { cgt_graph_unref(graph); }

/* Points the cursor at graph gid, kept while the id repeats. */
static int cursor_graph(cgt_cursor *cur, sqlite3_value *gid) {
  cgt_key id;
  if (cgt_key_from_value(gid, &id) < 0) return SQLITE_NOMEM;
  if (cur->kept && cgt_key_equal(&cur_graph(cur)->id, &id)) return SQLITE_OK;
  cgt_graph_unref(cur->kept);
  int rc = SQLITE_OK;
  cur->kept = cgt_graph_for_cursor(cur->conn, gid, cur->tf->name, &cur->err, &rc);
  cur->kept_free = graph_release;
  return rc;
}

/* Computes an analysis of the cursor's graph; sets cur->err on error. */
static int cursor_need(cgt_cursor *cur, cgt_rc (*need)(cgt_game *, cgt_stop *)) {
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, cur->tf->name);
  cgt_rc rc = need(&cur_graph(cur)->game, &it.stop);
  cgt_interrupt_end(&it);
  if (rc && rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: %s: %s", cur->tf->name, cgt_rc_text(rc));
  return cgt_sqlite_rc(rc);
}

static void result_node(sqlite3_context *ctx, const cgt_graph *graph, uint32_t u) {
  cgt_key k;
  cgt_keymap_get(&graph->game.nodes, u, &k);
  cgt_result_key(ctx, &k);
}

/* ---- cgt_solve ---- */

/* Only the analyses behind the columns the query uses are computed. */
static int solve_filter(cgt_cursor *cur, sqlite3_value **args) {
  enum { GRUNDY = 1 << 1, OUTCOME = 1 << 2, REMOTENESS = 1 << 3, MISERE = 1 << 4 };
  int rc = cursor_graph(cur, args[0]);
  if (rc == SQLITE_OK && (cur->cols & (OUTCOME | REMOTENESS))) rc = cursor_need(cur, cgt_game_need_outcome);
  if (rc == SQLITE_OK && (cur->cols & MISERE)) rc = cursor_need(cur, cgt_game_need_misere);
  if (rc == SQLITE_OK && (cur->cols & GRUNDY)) rc = cursor_need(cur, cgt_game_need_grundy);
  if (rc == SQLITE_OK) cur->nrows = cur_graph(cur)->game.moves.n;
  return rc;
}

static void solve_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const cgt_graph *graph = cur_graph(cur);
  const cgt_game *game = &graph->game;
  uint32_t u = (uint32_t)cur->row;
  switch (col) {
    case 0: result_node(ctx, graph, u); break;
    case 1: cgt_result_grundy(ctx, graph, u, 0); break;
    case 2: cgt_result_letter(ctx, game->outcome[u]); break;
    case 3:
      if (game->remote[u] != CGT_REMOTE_DRAW) sqlite3_result_int64(ctx, game->remote[u]);
      break;
    case 4: cgt_result_letter(ctx, game->misere[u]); break;
    default: sqlite3_result_int64(ctx, cgt_outdeg(&game->moves, u)); break;
  }
}

/* ---- cgt_options ---- */

static int options_filter(cgt_cursor *cur, sqlite3_value **args) {
  int rc = cursor_graph(cur, args[0]);
  if (rc == SQLITE_OK) rc = cursor_need(cur, cgt_game_need_outcome);
  if (rc == SQLITE_OK) rc = cursor_need(cur, cgt_game_need_grundy);
  if (rc != SQLITE_OK) return rc;
  cur->at = cgt_node_index(cur_graph(cur), args[1]);
  if (cur->at == UINT32_MAX) {
    char *msg = cgt_unknown_node_text(cur_graph(cur), args[1]);
    cur->err = msg ? sqlite3_mprintf("cgt: %s: %s", cur->tf->name, msg) : NULL;
    sqlite3_free(msg);
    return cur->err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  cur->nrows = cgt_outdeg(&cur_graph(cur)->game.moves, cur->at);
  return SQLITE_OK;
}

static void options_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const cgt_game *game = &cur_graph(cur)->game;
  uint32_t v = game->moves.out[game->moves.out_off[cur->at] + (uint32_t)cur->row];
  switch (col) {
    case 0: result_node(ctx, cur_graph(cur), v); break;
    case 1: cgt_result_grundy(ctx, cur_graph(cur), v, 0); break;
    case 2: cgt_result_letter(ctx, game->outcome[v]); break;
    default: sqlite3_result_int(ctx, game->outcome[v] == 'P'); break;
  }
}

/* ---- winning_moves ---- */

typedef struct move_row {
  uint32_t token, src, dst;
  char result;   /* 'P': the move wins; 'D': it keeps a draw */
} move_row;

typedef struct move_list {
  move_row *row;
  sqlite3_int64 n, cap;
} move_list;

static int move_push(move_list *l, move_row r) {
  if (l->n == l->cap) {
    sqlite3_int64 cap = l->cap ? 2 * l->cap : 16;
    move_row *p = sqlite3_realloc64(l->row, (sqlite3_uint64)cap * sizeof *p);
    if (!p) return 0;
    l->row = p;
    l->cap = cap;
  }
  l->row[l->n++] = r;
  return 1;
}

/* Outcome for the opponent after token t moves from u to w. */
static char after_move(const cgt_game *game, cgt_sum sum, const uint32_t *tok, const uint32_t inf_tok[2], int t,
                       uint32_t w) {
  const uint32_t *val = game->grundy;
  uint32_t u = tok[t];
  if (val[u] != CGT_GRUNDY_INF) sum.x ^= val[u];
  else sum.ninf--;
  if (val[w] != CGT_GRUNDY_INF) sum.x ^= val[w];
  else sum.ninf++;
  if (sum.ninf != 1) return cgt_sum_outcome(sum, 0);
  /* The one infinite token: w itself, or a token other than t. */
  uint32_t inf_node = val[w] == CGT_GRUNDY_INF ? w : tok[inf_tok[0] != (uint32_t)t ? inf_tok[0] : inf_tok[1]];
  return cgt_sum_outcome(sum, cgt_grundy_has_option_value(&game->moves, val, inf_node, sum.x));
}

static int moves_filter(cgt_cursor *cur, sqlite3_value **args) {
  int rc = cursor_graph(cur, args[0]);
  if (rc == SQLITE_OK) rc = cursor_need(cur, cgt_game_need_grundy);
  if (rc != SQLITE_OK) return rc;
  const cgt_game *game = &cur_graph(cur)->game;
  uint32_t *tok = NULL;
  int n = 0;
  char *cause = NULL;
  rc = cgt_tokens_parse(cgt_conn_db(cur->conn), args[1], cur_graph(cur), &tok, &n, &cause);
  if (rc != SQLITE_OK) {
    if (cause) cur->err = sqlite3_mprintf("cgt: %s: %s", cur->tf->name, cause);
    sqlite3_free(cause);
    return rc;
  }
  cgt_sum sum = {0, 0};
  uint32_t inf_tok[2] = {UINT32_MAX, UINT32_MAX};
  for (int t = 0; t < n; t++) {   /* (every token is a node of the graph) */
    uint32_t v = game->grundy[tok[t]];
    if (v != CGT_GRUNDY_INF) {
      sum.x ^= v;
    } else {
      if (sum.ninf < 2) inf_tok[sum.ninf] = (uint32_t)t;
      sum.ninf++;
    }
  }
  move_list wins = {NULL, 0, 0}, draws = {NULL, 0, 0};
  for (int t = 0; t < n && rc == SQLITE_OK; t++) {
    uint32_t u = tok[t];
    for (uint32_t k = game->moves.out_off[u]; k < game->moves.out_off[u + 1]; k++) {
      move_row r = {(uint32_t)t, u, game->moves.out[k], 0};
      r.result = after_move(game, sum, tok, inf_tok, t, r.dst);
      if (r.result == 'N' || (r.result == 'D' && wins.n > 0)) continue;
      if (!move_push(r.result == 'P' ? &wins : &draws, r)) { rc = SQLITE_NOMEM; break; }
    }
  }
  if (wins.n > 0) {
    sqlite3_free(draws.row);
    cur->rows = wins.row;
    cur->nrows = wins.n;
  } else {
    sqlite3_free(wins.row);
    cur->rows = draws.row;
    cur->nrows = draws.n;
  }
  sqlite3_free(tok);
  return rc;
}

static void moves_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const move_row *r = &((const move_row *)cur->rows)[cur->row];
  switch (col) {
    case 0: sqlite3_result_int64(ctx, r->token); break;
    case 1: result_node(ctx, cur_graph(cur), r->src); break;
    case 2: result_node(ctx, cur_graph(cur), r->dst); break;
    default: sqlite3_result_text(ctx, r->result == 'P' ? "win" : "draw", -1, SQLITE_STATIC); break;
  }
}

static void moves_reset(cgt_cursor *cur) { sqlite3_free(cur->rows); }

const cgt_table_function cgt_graph_tables[] = {
    {.name = "cgt_solve",
     .schema = "CREATE TABLE x(node, grundy, outcome, remoteness, misere_outcome, options, graph_id HIDDEN)",
     .ncols = 6, .nargs = 1, .reads = 1, .filter = solve_filter, .column = solve_column,
     .args = "graph_id", .result = "rows (node, grundy, outcome, remoteness, misere_outcome, options)",
     .description = "Every node of a stored graph, solved.",
     .example = "SELECT * FROM cgt_solve(1)"},
    {.name = "cgt_options",
     .schema = "CREATE TABLE x(dst, grundy, outcome, winning, graph_id HIDDEN, node HIDDEN)",
     .ncols = 4, .nargs = 2, .reads = 1, .filter = options_filter, .column = options_column,
     .args = "graph_id, node", .result = "rows (dst, grundy, outcome, winning)",
     .description = "Every move from node, with its value and whether it wins.",
     .example = "SELECT * FROM cgt_options(1, 2)"},
    {.name = "winning_moves",
     .schema = "CREATE TABLE x(token, src, dst, result, graph_id HIDDEN, tokens HIDDEN)",
     .ncols = 4, .nargs = 2, .reads = 1, .filter = moves_filter, .column = moves_column, .reset = moves_reset,
     .args = "graph_id, tokens", .result = "rows (token, src, dst, result)",
     .description = "The winning (or drawing) moves of a sum of tokens (a JSON array of nodes).",
     .example = "SELECT * FROM winning_moves(1, '[2,3]')"},
    {0}};
