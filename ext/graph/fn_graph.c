/*
** Functions on one token of a stored impartial graph, and aggregates over
** sums of tokens.  All read cgt_edge/cgt_node, so they are DIRECTONLY.
**
**   grundy(graph_id, node)          generalised Sprague-Grundy value
**   outcome(graph_id, node)         'N', 'P' or 'D' in normal play
**   remoteness(graph_id, node)      Steinhaus remoteness, NULL for a draw
**   misere_outcome(graph_id, node)  'N', 'P' or 'D' in misere play
**   game_sum(graph_id, node)        aggregate: outcome of the sum of the rows
**   game_sum_value(graph_id, node)  aggregate: value of the sum of the rows
**
** A NULL argument gives NULL (in an aggregate, a row with one makes the
** result NULL); a node the graph does not know is an error.
*/
#include "../sqlite/binding.h"
#include "graph_binding.h"

typedef cgt_rc (*need_fn)(cgt_game *, cgt_stop *);

/* The graph and node index of a call f(graph_id, node) with the analysis
** need computed.  Returns NULL when the result is already set: NULL for a
** NULL argument, or an error (an unknown node is one). */
static cgt_graph *graph_node(sqlite3_context *ctx, sqlite3_value **argv, const char *fname,
                             need_fn need, uint32_t *u) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return NULL;
  cgt_graph *graph = cgt_graph_for_call(ctx, argv[0], fname);
  if (!graph) return NULL;
  *u = cgt_node_index_or_error(ctx, graph, argv[1], fname);
  if (*u == UINT32_MAX) return NULL;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cgt_rc rc = need(&graph->game, &it.stop);
  cgt_interrupt_end(&it);
  if (rc) {
    cgt_error_rc(ctx, rc, fname);
    return NULL;
  }
  return graph;
}

static void grundy_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint32_t u;
  cgt_graph *graph = graph_node(ctx, argv, "grundy", cgt_game_need_grundy, &u);
  if (graph) cgt_result_grundy(ctx, graph, u, 0);
}

static void outcome_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint32_t u;
  cgt_graph *graph = graph_node(ctx, argv, "outcome", cgt_game_need_outcome, &u);
  if (graph) cgt_result_letter(ctx, graph->game.outcome[u]);
}

static void remoteness_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint32_t u;
  cgt_graph *graph = graph_node(ctx, argv, "remoteness", cgt_game_need_outcome, &u);
  if (graph && graph->game.remote[u] != CGT_REMOTE_DRAW) sqlite3_result_int64(ctx, graph->game.remote[u]);
}

static void misere_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint32_t u;
  cgt_graph *graph = graph_node(ctx, argv, "misere_outcome", cgt_game_need_misere, &u);
  if (graph) cgt_result_letter(ctx, graph->game.misere[u]);
}

/* ---- sums of tokens ---- */

typedef struct sum_state {
  cgt_sum sum;
  int null_row;           /* a row with a NULL argument: the result is NULL */
  cgt_graph *inf_graph;   /* the (last) infinite token, referenced */
  uint32_t inf_node;
} sum_state;

static void sum_step(sqlite3_context *ctx, sqlite3_value **argv, const char *fname) {
  sum_state *s = sqlite3_aggregate_context(ctx, sizeof *s);
  if (!s) { sqlite3_result_error_nomem(ctx); return; }
  uint32_t u;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    s->null_row = 1;   /* the later rows are still checked for unknown nodes */
    return;
  }
  cgt_graph *graph = graph_node(ctx, argv, fname, cgt_game_need_grundy, &u);
  if (!graph) return;   /* the error is set */
  uint32_t v = graph->game.grundy[u];
  if (v != CGT_GRUNDY_INF) {
    s->sum.x ^= v;
    return;
  }
  s->sum.ninf++;
  graph->refs++;
  cgt_graph_unref(s->inf_graph);
  s->inf_graph = graph;
  s->inf_node = u;
}

static void game_sum_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  sum_step(ctx, argv, "game_sum");
}

static void game_sum_value_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  sum_step(ctx, argv, "game_sum_value");
}

static void game_sum_final(sqlite3_context *ctx) {
  sum_state *s = sqlite3_aggregate_context(ctx, 0);
  if (!s) { sqlite3_result_text(ctx, "P", 1, SQLITE_STATIC); return; }
  if (!s->null_row) {
    int in_k = s->sum.ninf == 1 &&
               cgt_grundy_has_option_value(&s->inf_graph->game.moves, s->inf_graph->game.grundy, s->inf_node, s->sum.x);
    cgt_result_letter(ctx, cgt_sum_outcome(s->sum, in_k));
  }
  cgt_graph_unref(s->inf_graph);
}

static void game_sum_value_final(sqlite3_context *ctx) {
  sum_state *s = sqlite3_aggregate_context(ctx, 0);
  if (!s) { sqlite3_result_int64(ctx, 0); return; }
  if (s->null_row) {
    /* NULL */
  } else if (s->sum.ninf == 0) {
    sqlite3_result_int64(ctx, s->sum.x);
  } else if (s->sum.ninf == 1) {
    cgt_result_grundy(ctx, s->inf_graph, s->inf_node, s->sum.x);
  } else {
    sqlite3_result_text(ctx, "inf{}", -1, SQLITE_STATIC);
  }
  cgt_graph_unref(s->inf_graph);
}

const cgt_function cgt_graph_functions[] = {
    {.name = "grundy", .nargs = 2, .flags = CGT_READS, .xFunc = grundy_func,
     .args = "graph_id, node", .result = "INTEGER, or TEXT 'inf{...}'",
     .description = "Generalised Sprague-Grundy value of one token on node of a stored graph.",
     .example = "SELECT grundy(1, 3)"},
    {.name = "outcome", .nargs = 2, .flags = CGT_READS, .xFunc = outcome_func,
     .args = "graph_id, node", .result = "TEXT 'N', 'P' or 'D'",
     .description = "Normal-play outcome of one token on node.",
     .example = "SELECT outcome(1, 2)"},
    {.name = "remoteness", .nargs = 2, .flags = CGT_READS, .xFunc = remoteness_func,
     .args = "graph_id, node", .result = "INTEGER, NULL for a draw",
     .description = "Steinhaus remoteness: how long the game lasts under perfect play.",
     .example = "SELECT remoteness(1, 3)"},
    {.name = "misere_outcome", .nargs = 2, .flags = CGT_READS, .xFunc = misere_func,
     .args = "graph_id, node", .result = "TEXT 'N', 'P' or 'D'",
     .description = "Misere-play outcome of one token on node.",
     .example = "SELECT misere_outcome(1, 3)"},
    {.name = "game_sum", .nargs = 2, .flags = CGT_READS, .xStep = game_sum_step, .xFinal = game_sum_final,
     .args = "graph_id, node", .result = "TEXT 'N', 'P' or 'D'",
     .description = "Aggregate: outcome of the sum of one token per row.",
     .example = "SELECT game_sum(1, value) FROM json_each('[2,3]')"},
    {.name = "game_sum_value", .nargs = 2, .flags = CGT_READS, .xStep = game_sum_value_step,
     .xFinal = game_sum_value_final,
     .args = "graph_id, node", .result = "INTEGER, or TEXT 'inf{...}'",
     .description = "Aggregate: generalised Grundy value of the sum of one token per row.",
     .example = "SELECT game_sum_value(1, value) FROM json_each('[3,3,3]')"},
    {0}};
