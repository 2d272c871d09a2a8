/*
** Partizan games played on a stored graph (partizan/graphgames.h).
** They read cgt_edge (and cgt_node), so they are DIRECTONLY.  Every row of
** cgt_edge for the graph is an edge; nodes named only in cgt_node are
** isolated vertices.  A NULL argument gives NULL; an unknown node is an
** error.  Values come out in CGSuite's print, as cg() gives them.
**
**   cg_snort(graph_id [, colouring])   Snort on the graph (side ignored)
**   cg_col(graph_id [, colouring])     Col on the graph (side ignored)
**       colouring: a JSON object {"node": "L" | "R", ...}, the vertices
**       already coloured blue (Left's) or red (Right's)
**   cg_hackenbush(graph_id, ground)    Red-Blue-Green Hackenbush: side 'L'
**       a blue edge, 'R' a red one, NULL a green one
*/
#include <string.h>

#include "partizan_binding.h"
#include "../graph/graph_binding.h"
#include "graphgames.h"

/* The edges of pg as pairs (and their colours when who is not NULL), in
** cgt_malloc'd arrays; 0 when out of memory. */
static int edges_of(const cgt_pgraph *pg, uint32_t **edges, uint8_t **who) {
  size_t m = pg->off[pg->nodes.count];
  *edges = cgt_malloc((2 * m + 1) * sizeof **edges);
  if (who) *who = cgt_malloc(m + 1);
  if (!*edges || (who && !*who)) return 0;
  for (uint32_t u = 0; u < pg->nodes.count; u++)
    for (uint32_t k = pg->off[u]; k < pg->off[u + 1]; k++) {
      (*edges)[2 * k] = u, (*edges)[2 * k + 1] = pg->dst[k];
      if (who) (*who)[k] = pg->who[k];
    }
  return 1;
}

/* Reads the colouring, a JSON object {"node": "L" | "R"}, into colour[]
** (one byte a node of pg).  A key names the INTEGER node it spells when the
** graph has one, else the TEXT node.  0 after setting an error. */
static int read_colouring(sqlite3_context *ctx, const cgt_pgraph *pg, sqlite3_value *json, sqlite3_value *gid,
                          const char *fname, uint8_t *colour) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "SELECT CASE WHEN json_valid(?1) THEN json_type(?1) = 'object' ELSE 0 END", -1,
                              &st, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_value(st, 1, json);
    rc = sqlite3_step(st);
  }
  int is_object = rc == SQLITE_ROW && sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  st = NULL;
  if (rc == SQLITE_NOMEM) return sqlite3_result_error_nomem(ctx), 0;
  if (!is_object) {
    cgt_error(ctx, SQLITE_ERROR, fname, "the colouring must be a JSON object {\"node\": \"L\" or \"R\", ...}");
    return 0;
  }
  rc = sqlite3_prepare_v2(db,
                          "SELECT key, CASE WHEN CAST(key AS INTEGER) || '' = key THEN CAST(key AS INTEGER) END, "
                          "value, type FROM json_each(?1)",
                          -1, &st, NULL);
  if (rc == SQLITE_OK) sqlite3_bind_value(st, 1, json);
  while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    cgt_key k;
    uint32_t u = UINT32_MAX;
    if (cgt_key_from_value(sqlite3_column_value(st, 1), &k) > 0) u = cgt_keymap_find(&pg->nodes, &k);
    if (u == UINT32_MAX && cgt_key_from_value(sqlite3_column_value(st, 0), &k) > 0) u = cgt_keymap_find(&pg->nodes, &k);
    if (u == UINT32_MAX) {   /* (or a key without memory for its text: then out of memory) */
      cgt_error_unknown_pnode(ctx, fname, sqlite3_column_value(st, 0), gid);
      sqlite3_finalize(st);
      return 0;
    }
    const char *type = (const char *)sqlite3_column_text(st, 3), *c = (const char *)sqlite3_column_text(st, 2);
    int is_text = type && sqlite3_stricmp(type, "text") == 0;
    if (is_text && !c) {
      sqlite3_finalize(st);
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
    if (!is_text || (strcmp(c, "L") && strcmp(c, "R"))) {
      const char *key = (const char *)sqlite3_column_text(st, 0);
      if (is_text)
        cgt_error(ctx, SQLITE_ERROR, fname, "the colouring gives node \"%s\" the colour \"%s\" (\"L\" or \"R\")",
                  key ? key : "", c);
      else
        cgt_error(ctx, SQLITE_ERROR, fname, "the colouring gives node \"%s\" a JSON %s (\"L\" or \"R\")",
                  key ? key : "", type ? type : "value");
      sqlite3_finalize(st);
      return 0;
    }
    colour[u] = c[0] == 'L' ? CG_BLUE : CG_RED;
    rc = SQLITE_OK;
  }
  sqlite3_finalize(st);
  if (rc == SQLITE_DONE) return 1;
  if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else cgt_error(ctx, rc, fname, "%s", rc == SQLITE_INTERRUPT ? cgt_rc_text(CGT_INTERRUPTED) : sqlite3_errmsg(db));
  return 0;
}

/* Reports a failed computation: a part over a limit is named. */
static void failed(sqlite3_context *ctx, cgt_rc rc, const char *fname, int hackenbush, uint32_t big) {
  if (rc != CGT_LIMIT) cgt_partizan_report(ctx, rc, fname);
  else if (hackenbush)
    cgt_error(ctx, SQLITE_TOOBIG, fname,
              "a part hanging from the ground with %u edges, not all green (at most %u such edges in one part)", big,
              CG_HACKENBUSH_EDGES);
  else
    cgt_error(ctx, SQLITE_TOOBIG, fname, "a connected part of %u uncoloured vertices (at most %u)", big,
              CG_GRAPH_VERTICES);
}

/* Snort (col = 0) or Col (col = 1). */
static void snort_col(sqlite3_context *ctx, int argc, sqlite3_value **argv, int col) {
  const char *fname = col ? "cg_col" : "cg_snort";
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || (argc > 1 && sqlite3_value_type(argv[1]) == SQLITE_NULL)) return;
  const cgt_pgraph *pg = cgt_pgraph_for_call(ctx, argv[0], fname, NULL);
  if (!pg) return;
  cg_store *s = cgt_conn_games(sqlite3_user_data(ctx), NULL);
  uint32_t *edges = NULL, n = pg->nodes.count, big = 0;
  uint8_t *colour = cgt_calloc((size_t)n + 1, 1);
  if (!s || !colour || !edges_of(pg, &edges, NULL)) {
    sqlite3_result_error_nomem(ctx);
  } else if (argc < 2 || read_colouring(ctx, pg, argv[1], argv[0], fname, colour)) {
    cgt_interrupt it;
    cg_id g;
    cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
    cg_store_set_stop(s, &it.stop);
    cgt_rc rc = cg_snort_col(s, col, n, edges, pg->off[n], colour, &g, &big);
    if (rc) failed(ctx, rc, fname, 0, big);
    else cgt_result_game(ctx, s, g, fname);
    cg_store_set_stop(s, NULL);
    cgt_interrupt_end(&it);
  }
  cgt_free(edges);
  cgt_free(colour);
}

static void snort_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) { snort_col(ctx, argc, argv, 0); }

static void col_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) { snort_col(ctx, argc, argv, 1); }

/* cg_hackenbush(graph_id, ground). */
static void hackenbush_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "cg_hackenbush";
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  const cgt_pgraph *pg = cgt_pgraph_for_call(ctx, argv[0], fname, NULL);
  if (!pg) return;
  uint32_t ground = cgt_pnode_or_error(ctx, pg, argv[0], argv[1], fname);
  uint32_t n = pg->nodes.count, big = 0;
  if (ground == UINT32_MAX) return;
  cg_store *s = cgt_conn_games(sqlite3_user_data(ctx), NULL);
  uint32_t *edges = NULL;
  uint8_t *who = NULL;
  if (!s || !edges_of(pg, &edges, &who)) {
    sqlite3_result_error_nomem(ctx);
  } else {
    cgt_interrupt it;
    cg_id g;
    cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
    cg_store_set_stop(s, &it.stop);
    cgt_rc rc = cg_hackenbush(s, n, edges, who, pg->off[n], ground, &g, &big, &it.stop);
    if (rc) failed(ctx, rc, fname, 1, big);
    else cgt_result_game(ctx, s, g, fname);
    cg_store_set_stop(s, NULL);
    cgt_interrupt_end(&it);
  }
  cgt_free(edges);
  cgt_free(who);
}

const cgt_function cgt_graphgame_functions[] = {
    {.name = "cg_snort", .nargs = 1, .flags = CGT_READS, .xFunc = snort_func,
     .args = "graph_id", .result = "TEXT (a game)",
     .description = "Value of Snort on the undirected graph of cgt_edge.",
     .example = "SELECT cg_snort(1)"},
    {.name = "cg_snort", .nargs = 2, .flags = CGT_READS, .xFunc = snort_func,
     .args = "graph_id, colouring", .result = "TEXT (a game)",
     .description = "Value of Snort with some vertices tinted (a JSON object of 'L'/'R').",
     .example = "SELECT cg_snort(1, '{\"1\": \"L\"}')"},
    {.name = "cg_col", .nargs = 1, .flags = CGT_READS, .xFunc = col_func,
     .args = "graph_id", .result = "TEXT (a game)",
     .description = "Value of Col on the undirected graph of cgt_edge.",
     .example = "SELECT cg_col(1)"},
    {.name = "cg_col", .nargs = 2, .flags = CGT_READS, .xFunc = col_func,
     .args = "graph_id, colouring", .result = "TEXT (a game)",
     .description = "Value of Col with some vertices tinted (a JSON object of 'L'/'R').",
     .example = "SELECT cg_col(1, '{\"1\": \"R\"}')"},
    {.name = "cg_hackenbush", .nargs = 2, .flags = CGT_READS, .xFunc = hackenbush_func,
     .args = "graph_id, ground", .result = "TEXT (a game)",
     .description = "Value of the Red-Blue-Green Hackenbush picture in cgt_edge (side 'L' blue, 'R' red, NULL green).",
     .example = "SELECT cg_hackenbush(1, 1)"},
    {0}};
