/*
** The graph family's helpers for nodes as SQL values: a node's index in a
** graph, its id as text for messages, the unknown-node error (one rule for
** every function, docs/graphs.md), and a generalised Grundy value as a
** result.
*/
#include "graph_binding.h"

#include <stdlib.h>

char *cgt_node_text(const cgt_graph *graph, uint32_t u) {
  cgt_key k;
  cgt_keymap_get(&graph->game.nodes, u, &k);
  return cgt_key_text(&k);
}

char *cgt_unknown_node_text(const cgt_graph *graph, sqlite3_value *v) {
  char *node = cgt_value_literal(v), *gid = cgt_key_text(&graph->id);
  char *msg = !node || !gid ? NULL
              : graph->sided_rows ? sqlite3_mprintf("unknown node %s in graph %s (%llu of its rows %s side 'L' or 'R': "
                                                    "partizan moves, which this function does not read)",
                                                    node, gid, (unsigned long long)graph->sided_rows,
                                                    graph->sided_rows == 1 ? "has" : "have")
                                  : sqlite3_mprintf("unknown node %s in graph %s", node, gid);
  sqlite3_free(node);
  sqlite3_free(gid);
  return msg;
}

uint32_t cgt_node_index_or_error(sqlite3_context *ctx, const cgt_graph *graph, sqlite3_value *v,
                                 const char *fname) {
  uint32_t u = cgt_node_index(graph, v);
  if (u != UINT32_MAX) return u;
  char *msg = cgt_unknown_node_text(graph, v);
  if (msg) cgt_error(ctx, SQLITE_ERROR, fname, "%s", msg);
  else sqlite3_result_error_nomem(ctx);
  sqlite3_free(msg);
  return UINT32_MAX;
}

uint32_t cgt_node_index(const cgt_graph *graph, sqlite3_value *v) {
  cgt_key k;
  if (cgt_key_from_value(v, &k) <= 0) return UINT32_MAX;   /* (no memory: cgt_value_literal says so) */
  return cgt_keymap_find(&graph->game.nodes, &k);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

void cgt_result_grundy(sqlite3_context *ctx, const cgt_graph *graph, uint32_t u, uint32_t xor) {
  const cgt_game *game = &graph->game;
  if (game->grundy[u] != CGT_GRUNDY_INF) {
    sqlite3_result_int64(ctx, (sqlite3_int64)(game->grundy[u] ^ xor));
    return;
  }
  uint32_t deg = cgt_outdeg(&game->moves, u);
  uint32_t *k = sqlite3_malloc64((deg ? deg : 1) * sizeof *k);
  sqlite3_str *s = sqlite3_str_new(NULL);
  if (!k) { sqlite3_free(sqlite3_str_finish(s)); sqlite3_result_error_nomem(ctx); return; }
  uint32_t nk = cgt_grundy_kset(&game->moves, game->grundy, u, k);
  if (xor) {
    for (uint32_t i = 0; i < nk; i++) k[i] ^= xor;
    qsort(k, nk, sizeof *k, cmp_u32);
  }
  sqlite3_str_appendall(s, "inf{");
  for (uint32_t i = 0; i < nk; i++) sqlite3_str_appendf(s, i ? ",%u" : "%u", k[i]);
  sqlite3_str_appendall(s, "}");
  sqlite3_free(k);
  int len = sqlite3_str_length(s);
  char *text = sqlite3_str_finish(s);
  if (text) sqlite3_result_text(ctx, text, len, sqlite3_free);
  else sqlite3_result_error_nomem(ctx);
}

void cgt_error_unknown_pnode(sqlite3_context *ctx, const char *fname, sqlite3_value *node, sqlite3_value *gid) {
  char *name = cgt_value_literal(node), *g = cgt_value_literal(gid);
  if (name && g) cgt_error(ctx, SQLITE_ERROR, fname, "unknown node %s in graph %s", name, g);
  else sqlite3_result_error_nomem(ctx);
  sqlite3_free(name);
  sqlite3_free(g);
}

uint32_t cgt_pnode_or_error(sqlite3_context *ctx, const cgt_pgraph *pg, sqlite3_value *gid, sqlite3_value *node,
                            const char *fname) {
  cgt_key k;
  uint32_t u = cgt_key_from_value(node, &k) > 0 ? cgt_keymap_find(&pg->nodes, &k) : UINT32_MAX;
  if (u == UINT32_MAX) cgt_error_unknown_pnode(ctx, fname, node, gid);
  return u;
}
