/*
** Reading one graph from the tables: the moves of main.cgt_edge whose side
** is NULL (partizan rows are ignored here) and the nodes of main.cgt_node
** when that table or view exists.  Statements are prepared for one read and
** finalized at once; nothing is kept.
*/
#include "binding.h"

#include <stdlib.h>

typedef struct edge_buf {
  uint32_t *src, *dst;
  size_t n, cap;
} edge_buf;

static int edge_push(edge_buf *b, uint32_t s, uint32_t d) {
  if (b->n == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 1024;
    uint32_t *ns = realloc(b->src, cap * sizeof *ns);
    if (!ns) return 0;
    b->src = ns;
    uint32_t *nd = realloc(b->dst, cap * sizeof *nd);
    if (!nd) return 0;
    b->dst = nd;
    b->cap = cap;
  }
  b->src[b->n] = s;
  b->dst[b->n] = d;
  b->n++;
  return 1;
}

/* Interns the node id in column col; SQLITE_MISMATCH for a NULL id. */
static int intern_column(sqlite3_stmt *st, int col, cgt_keymap *km, uint32_t *idx) {
  cgt_key k;
  if (!cgt_key_from_value(sqlite3_column_value(st, col), &k)) return SQLITE_MISMATCH;
  cgt_rc rc = cgt_keymap_intern(km, &k, idx);
  return rc ? cgt_sqlite_rc(rc) : SQLITE_OK;
}

static int read_edges(sqlite3 *db, sqlite3_value *gid, cgt_keymap *km, edge_buf *eb, char **err) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "SELECT src, dst FROM main.cgt_edge WHERE graph_id = ?1 AND side IS NULL",
                              -1, &st, NULL);
  if (rc != SQLITE_OK) {
    *err = sqlite3_mprintf("cannot read cgt_edge: %s", sqlite3_errmsg(db));
    return rc;
  }
  sqlite3_bind_value(st, 1, gid);
  sqlite3_int64 prev = 0;           /* rows come grouped by src: remember the last */
  uint32_t prev_idx = UINT32_MAX;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    uint32_t s, d;
    if (sqlite3_column_type(st, 0) == SQLITE_INTEGER && prev_idx != UINT32_MAX &&
        sqlite3_column_int64(st, 0) == prev) {
      s = prev_idx;
    } else {
      rc = intern_column(st, 0, km, &s);
      if (rc != SQLITE_OK) break;
      if (sqlite3_column_type(st, 0) == SQLITE_INTEGER) {
        prev = sqlite3_column_int64(st, 0);
        prev_idx = s;
      } else {
        prev_idx = UINT32_MAX;
      }
    }
    rc = intern_column(st, 1, km, &d);
    if (rc != SQLITE_OK) break;
    if (!edge_push(eb, s, d)) { rc = SQLITE_NOMEM; break; }
  }
  if (rc == SQLITE_MISMATCH) {
    *err = sqlite3_mprintf("cgt_edge has a move with a NULL src or dst in graph %s",
                           sqlite3_value_text(gid));
    rc = SQLITE_ERROR;
  } else if (rc == SQLITE_TOOBIG) {
    *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_TOOBIG));
  } else if (rc != SQLITE_DONE && rc != SQLITE_NOMEM) {
    *err = sqlite3_mprintf("cannot read cgt_edge: %s", sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* 1 when main.cgt_node exists, 0 when not, -1 on error. */
static int has_node_table(sqlite3 *db) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(db,
                         "SELECT 1 FROM main.sqlite_schema WHERE type IN ('table','view') "
                         "AND name = 'cgt_node' COLLATE NOCASE",
                         -1, &st, NULL) != SQLITE_OK)
    return -1;
  int rc = sqlite3_step(st);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static int read_nodes(sqlite3 *db, sqlite3_value *gid, cgt_keymap *km, char **err) {
  int exists = has_node_table(db);
  if (exists == 0) return SQLITE_OK;
  sqlite3_stmt *st = NULL;
  int rc = exists < 0 ? sqlite3_errcode(db)
                      : sqlite3_prepare_v2(db, "SELECT node FROM main.cgt_node WHERE graph_id = ?1", -1, &st, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_value(st, 1, gid);
    uint32_t idx;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
      if ((rc = intern_column(st, 0, km, &idx)) != SQLITE_OK) break;
  }
  if (rc == SQLITE_MISMATCH) {
    *err = sqlite3_mprintf("cgt_node has a NULL node in graph %s", sqlite3_value_text(gid));
    rc = SQLITE_ERROR;
  } else if (rc == SQLITE_TOOBIG) {
    *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_TOOBIG));
  } else if (rc != SQLITE_DONE && rc != SQLITE_NOMEM) {
    *err = sqlite3_mprintf("cannot read cgt_node: %s", sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cgt_graph_read(sqlite3 *db, sqlite3_value *gid, cgt_game *game, char **err) {
  edge_buf eb = {NULL, NULL, 0, 0};
  cgt_keymap_init(&game->nodes);
  int rc = read_edges(db, gid, &game->nodes, &eb, err);
  if (rc == SQLITE_OK) rc = read_nodes(db, gid, &game->nodes, err);
  if (rc == SQLITE_OK) {
    cgt_rc crc = cgt_digraph_build(&game->moves, game->nodes.count, eb.src, eb.dst, eb.n);
    if (crc) rc = cgt_sqlite_rc(crc);
    if (crc == CGT_TOOBIG) *err = sqlite3_mprintf("%s", cgt_rc_text(crc));
  }
  free(eb.src);
  free(eb.dst);
  if (rc != SQLITE_OK) cgt_game_clear(game);
  return rc;
}
