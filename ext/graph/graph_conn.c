/*
** The graph family's state on the connection (graph_conn.h): made on first
** use through the connection's hook, freed with the connection.
*/
#include "graph_conn.h"

#include <string.h>

static void graph_conn_free(void *p) {
  cgt_graph_conn *gc = p;
  sqlite3_finalize(gc->hold);
  cgt_gset_clear(&gc->cache);
  sqlite3_free(gc);
}

static const cgt_conn_hook graph_hook = {"graphs", sizeof(cgt_graph_conn), graph_conn_free};

cgt_graph_conn *cgt_graph_conn_get(cgt_conn *conn) {
  cgt_graph_conn *gc = cgt_conn_state(conn, &graph_hook);
  if (gc) gc->conn = conn, gc->db = cgt_conn_db(conn);
  return gc;
}

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

int cgt_graph_hold(cgt_graph_conn *gc, int found[2], char **err) {
  /* Only a view of cgt_edge or cgt_node that calls a function reading a
  ** graph gets here while holding: refused, since it would recurse. */
  if (gc->hold) {
    *err = sqlite3_mprintf("cgt_edge or cgt_node calls a function that reads a graph");
    return *err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  found[0] = found[1] = -1;
  gc->held_stored = 1;
  /* Prepared anew every time: the list of databases may have changed, and
  ** a statement kept between calls would make sqlite3_close() fail. */
  char *sql = hold_sql(gc->db);
  if (!sql) return SQLITE_NOMEM;
  int rc = sqlite3_prepare_v2(gc->db, sql, -1, &gc->hold, NULL);
  sqlite3_free(sql);
  while (rc == SQLITE_OK && (rc = sqlite3_step(gc->hold)) == SQLITE_ROW) {
    if (sqlite3_column_type(gc->hold, 0) == SQLITE_NULL) break;   /* the last row: held */
    const char *name = (const char *)sqlite3_column_text(gc->hold, 1);
    const char *type = (const char *)sqlite3_column_text(gc->hold, 2);
    int node = name && sqlite3_stricmp(name, "cgt_node") == 0;
    int readable = type && (strcmp(type, "table") == 0 || strcmp(type, "view") == 0);   /* not a trigger */
    if (readable && found[node] < 0) {
      found[node] = sqlite3_column_int(gc->hold, 0);
      if (!sqlite3_column_int(gc->hold, 3)) gc->held_stored = 0;
    }
    rc = SQLITE_OK;
  }
  if (rc == SQLITE_DONE) rc = SQLITE_ERROR;   /* cannot happen: the last row is there */
  if (rc != SQLITE_ROW) {
    int code = gc->hold ? sqlite3_reset(gc->hold) : rc;
    if (code != SQLITE_OK) rc = code;
    if (rc == SQLITE_INTERRUPT) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
    else if (rc != SQLITE_NOMEM) *err = sqlite3_mprintf("cannot read the database: %s", sqlite3_errmsg(gc->db));
    sqlite3_finalize(gc->hold);
    gc->hold = NULL;
    return rc;
  }
  return SQLITE_OK;
}

int cgt_graph_held_stored(const cgt_graph_conn *gc) { return gc->hold && gc->held_stored; }

void cgt_graph_release(cgt_graph_conn *gc) {
  sqlite3_finalize(gc->hold);
  gc->hold = NULL;
}
