/*
** Who wins partizan games on stored graphs by play, draws included (pplay.h):
**
**   partizan_outcome(graph_id, node)  the class of one token on node: 'L',
**                                     'R', 'N', 'P', 'D', 'NHat', 'NCheck',
**                                     'PHat' or 'PCheck' (CGSuite's nine)
**   partizan_sum(graph_id, node)      aggregate: the class of the sum of one
**                                     token per row
**
** Moves are cgt_edge's rows: side 'L' for Left's, 'R' for Right's, NULL for
** a move of either player.  Both read tables (DIRECTONLY).  A NULL argument
** gives NULL (in the aggregate, a row with one makes the result NULL); a
** node the graph does not know is an error, as for every graph function.
*/
#include "../graph/graph_binding.h"
#include "partizan_binding.h"
#include "pplay.h"

/* The partizan view of graph_id for fname and the index of node, or NULL
** after setting the error (unknown node included). */
static const cgt_pgraph *play_node(sqlite3_context *ctx, sqlite3_value *gid, sqlite3_value *node, const char *fname,
                                   cgt_graph **graph, uint32_t *u) {
  const cgt_pgraph *pg = cgt_pgraph_for_call(ctx, gid, fname, graph);
  if (!pg || (*u = cgt_pnode_or_error(ctx, pg, gid, node, fname)) == UINT32_MAX) return NULL;
  return pg;
}

static cg_playgraph play_graph(const cgt_pgraph *pg) {
  return (cg_playgraph){pg->nodes.count, pg->off, pg->dst, pg->who};
}

/* Sets the class of the sum of k tokens (g[i], at[i]), or the error. */
static void play_result(sqlite3_context *ctx, const cg_playgraph *const *g, const uint32_t *at, uint32_t k,
                        const char *fname) {
  cgt_interrupt it;
  int cls = CG_PLAY_D;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cgt_rc rc = cg_play_outcome(g, at, k, &cls, &it.stop);
  if (rc == CGT_MEMORY) cgt_error_memory(ctx, &it.stop, fname);
  else if (rc) cgt_error_rc(ctx, rc, fname);
  else sqlite3_result_text(ctx, cg_play_class_name(cls), -1, SQLITE_STATIC);
  cgt_interrupt_end(&it);
}

static void outcome_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "partizan_outcome";
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  cgt_graph *graph;
  uint32_t u;
  const cgt_pgraph *pg = play_node(ctx, argv[0], argv[1], fname, &graph, &u);
  if (!pg) return;
  cg_playgraph g = play_graph(pg);
  const cg_playgraph *gp = &g;
  play_result(ctx, &gp, &u, 1, fname);
}

/* ---- partizan_sum: the tokens of the rows, each with its graph ---- */

typedef struct sum_tokens {
  cgt_graph **graph;   /* referenced */
  uint32_t *at;
  uint32_t n, cap;
  int null_row, failed;
} sum_tokens;

static void sum_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "partizan_sum";
  sum_tokens *s = sqlite3_aggregate_context(ctx, sizeof *s);
  if (!s) { sqlite3_result_error_nomem(ctx); return; }
  if (s->failed) return;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    s->null_row = 1;   /* the later rows are still checked for unknown nodes */
    return;
  }
  cgt_graph *graph;
  uint32_t u;
  if (!play_node(ctx, argv[0], argv[1], fname, &graph, &u)) {
    s->failed = 1;
    return;
  }
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? 2 * s->cap : 8;
    cgt_graph **gs = sqlite3_realloc64(s->graph, (uint64_t)cap * sizeof *gs);
    if (gs) s->graph = gs;
    uint32_t *at = gs ? sqlite3_realloc64(s->at, (uint64_t)cap * sizeof *at) : NULL;
    if (!at) {
      s->failed = 1;
      sqlite3_result_error_nomem(ctx);
      return;
    }
    s->at = at;
    s->cap = cap;
  }
  graph->refs++;
  s->graph[s->n] = graph;
  s->at[s->n++] = u;
}

static void sum_final(sqlite3_context *ctx) {
  const char *fname = "partizan_sum";
  sum_tokens *s = sqlite3_aggregate_context(ctx, 0);
  if (!s) {   /* no rows: the empty sum, a second-player win */
    sqlite3_result_text(ctx, "P", 1, SQLITE_STATIC);
    return;
  }
  if (!s->failed && !s->null_row) {
    /* tokens of one graph side by side (their order is free in a sum) */
    for (uint32_t i = 1; i < s->n; i++)
      for (uint32_t j = i; j > 0 && (uintptr_t)s->graph[j - 1] > (uintptr_t)s->graph[j]; j--) {
        cgt_graph *g = s->graph[j - 1];
        uint32_t a = s->at[j - 1];
        s->graph[j - 1] = s->graph[j], s->at[j - 1] = s->at[j];
        s->graph[j] = g, s->at[j] = a;
      }
    cg_playgraph *pgs = sqlite3_malloc64(((uint64_t)s->n + 1) * sizeof *pgs);
    const cg_playgraph **gp = sqlite3_malloc64(((uint64_t)s->n + 1) * sizeof *gp);
    if (!pgs || !gp) {
      sqlite3_result_error_nomem(ctx);
    } else {
      for (uint32_t i = 0; i < s->n; i++) {
        gp[i] = i > 0 && s->graph[i] == s->graph[i - 1] ? gp[i - 1] : &pgs[i];
        pgs[i] = play_graph(s->graph[i]->partizan);
      }
      play_result(ctx, gp, s->at, s->n, fname);
    }
    sqlite3_free(pgs);
    sqlite3_free(gp);
  }
  for (uint32_t i = 0; i < s->n; i++) cgt_graph_unref(s->graph[i]);
  sqlite3_free(s->graph);
  sqlite3_free(s->at);
}

const cgt_function cgt_play_functions[] = {
    {.name = "partizan_outcome", .nargs = 2, .flags = CGT_READS, .xFunc = outcome_func,
     .args = "graph_id, node", .result = "TEXT 'L', 'R', 'N', 'P', 'D', 'NHat', 'NCheck', 'PHat' or 'PCheck'",
     .description = "Who wins a partizan game on a stored graph by play, draws included (CGSuite's nine classes).",
     .example = "SELECT partizan_outcome(1, 2)"},
    {.name = "partizan_sum", .nargs = 2, .flags = CGT_READS, .xStep = sum_step, .xFinal = sum_final,
     .args = "graph_id, node", .result = "TEXT: one of the nine classes",
     .description = "Aggregate: who wins the sum of one token per row, draws included.",
     .example = "SELECT partizan_sum(1, value) FROM json_each('[2, 3]')"},
    {0}};
