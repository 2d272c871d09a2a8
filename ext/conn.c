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
  sqlite3_stmt *hold;   /* reads every schema, see cgt_conn_hold; NULL when not held */
  int held_stored;      /* while held: every table found is a stored table (not a view, not virtual) */
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

/* The hold statement: the rows of every database's schema named cgt_edge
** or cgt_node, as (database index as in sqlite3_db_name, name, type, 1 for
** a stored table: a view and a virtual table have no root page), the
** databases in the order of SQLite's look-up of an unqualified name (temp,
** main, then the attached ones), then a last row of NULLs.  Reading every
** schema, it opens a read transaction on each database when stepped; they
** stay open while it is on its last row. */
static char *hold_sql(sqlite3 *db) {
  sqlite3_str *s = sqlite3_str_new(db);
  for (int k = 0;; k++) {
    int i = k < 2 ? k ^ 1 : k;   /* temp (1) before main (0) */
    const char *schema = sqlite3_db_name(db, i);
    if (!schema) break;
    sqlite3_str_appendf(s,
                        "SELECT %d, name, type, rootpage > 0 FROM \"%w\".sqlite_schema "
                        "WHERE name COLLATE NOCASE IN ('cgt_edge', 'cgt_node') UNION ALL ",
                        i, schema);
  }
  sqlite3_str_appendall(s, "SELECT NULL, NULL, NULL, NULL");
  return sqlite3_str_finish(s);
}

int cgt_conn_hold(cgt_conn *conn, int found[2], char **err) {
  /* Only a view of cgt_edge or cgt_node that calls a function reading a
  ** graph gets here while holding: refused, since it would recurse. */
  if (conn->hold) {
    *err = sqlite3_mprintf("cgt_edge or cgt_node calls a function that reads a graph");
    return *err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  found[0] = found[1] = -1;
  conn->held_stored = 1;
  /* Prepared anew every time: the list of databases may have changed, and
  ** a statement kept between calls would make sqlite3_close() fail. */
  char *sql = hold_sql(conn->db);
  if (!sql) return SQLITE_NOMEM;
  int rc = sqlite3_prepare_v2(conn->db, sql, -1, &conn->hold, NULL);
  sqlite3_free(sql);
  while (rc == SQLITE_OK && (rc = sqlite3_step(conn->hold)) == SQLITE_ROW) {
    if (sqlite3_column_type(conn->hold, 0) == SQLITE_NULL) break;   /* the last row: held */
    const char *name = (const char *)sqlite3_column_text(conn->hold, 1);
    const char *type = (const char *)sqlite3_column_text(conn->hold, 2);
    int node = name && sqlite3_stricmp(name, "cgt_node") == 0;
    int readable = type && (strcmp(type, "table") == 0 || strcmp(type, "view") == 0);   /* not a trigger */
    if (readable && found[node] < 0) {
      found[node] = sqlite3_column_int(conn->hold, 0);
      if (!sqlite3_column_int(conn->hold, 3)) conn->held_stored = 0;
    }
    rc = SQLITE_OK;
  }
  if (rc == SQLITE_DONE) rc = SQLITE_ERROR;   /* cannot happen: the last row is there */
  if (rc != SQLITE_ROW) {
    int code = conn->hold ? sqlite3_reset(conn->hold) : rc;
    if (code != SQLITE_OK) rc = code;
    if (rc == SQLITE_INTERRUPT) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
    else if (rc != SQLITE_NOMEM) *err = sqlite3_mprintf("cannot read the database: %s", sqlite3_errmsg(conn->db));
    sqlite3_finalize(conn->hold);
    conn->hold = NULL;
    return rc;
  }
  return SQLITE_OK;
}

int cgt_conn_held_stored(cgt_conn *conn) { return conn->hold && conn->held_stored; }

void cgt_conn_release(cgt_conn *conn) {
  sqlite3_finalize(conn->hold);
  conn->hold = NULL;
}
