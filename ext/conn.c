/*
** The connection: what every family of functions shares on one sqlite3
** connection.  It holds the handle, a reference count (each registered
** function holds one, so it is freed with the last of them), the machinery
** of reading a graph (the hold statement below and the collector of
** graph_read.c), and one hook, cgt_conn_state(), through which each family
** hangs its own caches on the connection: the graph caches
** (graph_cache.c), the Grundy sequences of heap rules (heap_cache.c) and
** the store of partizan games (partizan_cache.c).  A family's state is made
** on first use and freed with the connection, in the reverse order of
** making.
*/
#include "binding.h"
#include "graph_private.h"

#include <string.h>

#define CONN_FAMILIES 8

struct cgt_conn {
  sqlite3 *db;
  int refs;
  int nfamilies;
  struct {
    const cgt_conn_hook *hook;
    void *state;
  } family[CONN_FAMILIES];
  void *collector;      /* the buffer of the graph being read, see graph_read.c */
  sqlite3_stmt *hold;   /* reads the main schema, see cgt_conn_hold */
  int hold_depth;       /* nested holds: the statement is on its row when > 0 */
};

cgt_conn *cgt_conn_new(sqlite3 *db) {
  cgt_conn *conn = sqlite3_malloc(sizeof *conn);
  if (!conn) return NULL;
  memset(conn, 0, sizeof *conn);
  conn->db = db;
  return conn;
}

void cgt_conn_ref(cgt_conn *conn) { conn->refs++; }

void cgt_conn_unref(void *p) {
  cgt_conn *conn = p;
  if (--conn->refs > 0) return;
  while (conn->nfamilies > 0) {
    conn->nfamilies--;
    conn->family[conn->nfamilies].hook->free(conn->family[conn->nfamilies].state);
  }
  sqlite3_free(conn);
}

sqlite3 *cgt_conn_db(cgt_conn *conn) { return conn->db; }

void *cgt_conn_state(cgt_conn *conn, const cgt_conn_hook *hook) {
  for (int i = 0; i < conn->nfamilies; i++)
    if (conn->family[i].hook == hook) return conn->family[i].state;
  if (conn->nfamilies == CONN_FAMILIES) return NULL;   /* more families than slots: raise CONN_FAMILIES */
  void *state = sqlite3_malloc64(hook->size);
  if (!state) return NULL;
  memset(state, 0, hook->size);
  conn->family[conn->nfamilies].hook = hook;
  conn->family[conn->nfamilies].state = state;
  conn->nfamilies++;
  return state;
}

void **cgt_conn_collector(cgt_conn *conn) { return &conn->collector; }

int cgt_conn_hold(cgt_conn *conn, char **err) {
  if (conn->hold_depth > 0) {   /* an outer look-up holds the transaction */
    conn->hold_depth++;
    return SQLITE_OK;
  }
  /* A transaction already open on main (the calling statement reads a table,
  ** or BEGIN ... is under way) stays open until this call returns. */
  if (sqlite3_txn_state(conn->db, "main") != SQLITE_TXN_NONE) {
    conn->hold_depth = 1;
    return SQLITE_OK;
  }
  /* One row whatever the schema holds; finalized after every look-up, since
  ** a statement kept between calls would make sqlite3_close() fail. */
  int rc = sqlite3_prepare_v2(conn->db, "SELECT (SELECT 1 FROM main.sqlite_schema LIMIT 1)", -1, &conn->hold, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(conn->hold)) != SQLITE_ROW) {
    rc = sqlite3_reset(conn->hold);
    if (rc == SQLITE_OK) rc = SQLITE_ERROR;
  }
  if (rc != SQLITE_OK && rc != SQLITE_ROW) {
    if (rc == SQLITE_INTERRUPT) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
    else if (rc != SQLITE_NOMEM) *err = sqlite3_mprintf("cannot read the database: %s", sqlite3_errmsg(conn->db));
  }
  if (rc != SQLITE_ROW) {
    sqlite3_finalize(conn->hold);
    conn->hold = NULL;
    return rc;
  }
  conn->hold_depth = 1;
  return SQLITE_OK;
}

void cgt_conn_release(cgt_conn *conn) {
  if (conn->hold_depth > 0 && --conn->hold_depth == 0) {
    sqlite3_finalize(conn->hold);
    conn->hold = NULL;
  }
}

