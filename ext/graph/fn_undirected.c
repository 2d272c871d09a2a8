/*
** Games on the undirected graph of cgt_edge (every row with side NULL is
** its own edge, so parallel edges and loops count).  They read tables, so
** they are DIRECTONLY.  A NULL argument gives NULL; an unknown node is an
** error.
**
**   green_hackenbush(graph_id, ground)   nim value of the picture rooted at ground
**   geography_win(graph_id, start)       1 when the player to move wins
**                                        undirected vertex geography from start
*/
#include "../sqlite/binding.h"
#include "undirected.h"
#include "graph_binding.h"

typedef cgt_rc (*undirected_fn)(uint32_t n, const uint32_t *rows, size_t m, uint32_t node, uint64_t *result,
                                cgt_stop *st);

static cgt_rc geography(uint32_t n, const uint32_t *rows, size_t m, uint32_t node, uint64_t *result,
                        cgt_stop *st) {
  int wins = 0;
  cgt_rc rc = cgt_geography_wins(n, rows, m, node, &wins, st);
  *result = (uint64_t)wins;
  return rc;
}

static void run(sqlite3_context *ctx, sqlite3_value **argv, const char *fname, undirected_fn fn) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  cgt_graph *graph = cgt_graph_for_call(ctx, argv[0], fname);
  if (!graph) return;
  uint32_t node = cgt_node_index_or_error(ctx, graph, argv[1], fname);
  if (node == UINT32_MAX) return;   /* unknown node: the error is set */
  uint64_t result = 0;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cgt_rc rc = fn(graph->game.nodes.count, graph->game.rows, graph->game.nrows, node, &result, &it.stop);
  cgt_interrupt_end(&it);
  if (rc) cgt_error_rc(ctx, rc, fname);
  else sqlite3_result_int64(ctx, (sqlite3_int64)result);
}

static void hackenbush_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  run(ctx, argv, "green_hackenbush", cgt_green_hackenbush);
}

static void geography_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  run(ctx, argv, "geography_win", geography);
}

const cgt_function cgt_undirected_functions[] = {
    {.name = "green_hackenbush", .nargs = 2, .flags = CGT_READS, .xFunc = hackenbush_func,
     .args = "graph_id, ground", .result = "INTEGER",
     .description = "Nim value of the Green Hackenbush picture of the graph's edges, grounded at ground.",
     .example = "SELECT green_hackenbush(1, 1)"},
    {.name = "geography_win", .nargs = 2, .flags = CGT_READS, .xFunc = geography_func,
     .args = "graph_id, start", .result = "INTEGER 1 or 0",
     .description = "Undirected vertex geography from start: 1 when the player to move wins.",
     .example = "SELECT geography_win(1, 1)"},
    {0}};
