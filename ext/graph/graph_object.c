/*
** A graph's life: made empty for an id, filled by graph_read.c, shared by
** reference between the caches and the calls that use it, freed with the
** last reference.
*/
#include "graph_binding.h"

#include <string.h>

cgt_graph *cgt_graph_new(const cgt_key *id) {
  cgt_graph *g = sqlite3_malloc(sizeof *g);
  if (!g) return NULL;
  memset(g, 0, sizeof *g);
  g->refs = 1;
  g->id = *id;
  if (id->type == CGT_KEY_TEXT || id->type == CGT_KEY_BLOB) {
    g->id_bytes = sqlite3_malloc(id->len ? (int)id->len : 1);
    if (!g->id_bytes) {
      sqlite3_free(g);
      return NULL;
    }
    if (id->len) memcpy(g->id_bytes, id->p, id->len);
    g->id.p = g->id_bytes;
  }
  return g;
}

void cgt_graph_unref(cgt_graph *graph) {
  if (!graph || --graph->refs > 0) return;
  cgt_game_clear(&graph->game);
  cgt_pgraph_free(graph->partizan);
  sqlite3_free(graph->id_bytes);
  sqlite3_free(graph);
}

void cgt_pgraph_free(cgt_pgraph *pg) {
  if (!pg) return;
  cgt_keymap_free(&pg->nodes);
  cgt_free(pg->off);
  cgt_free(pg->dst);
  cgt_free(pg->who);
  sqlite3_free(pg);
}
