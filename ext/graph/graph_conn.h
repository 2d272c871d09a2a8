/*
** The graph family's state on a connection (through cgt_conn_state): the
** hold under which a graph is looked up and read, the buffer of the read
** under way, and the connection cache of graphs (graph_cache.c).
*/
#ifndef CGT_GRAPH_CONN_H
#define CGT_GRAPH_CONN_H

#include "graph_set.h"

typedef struct cgt_graph_conn {
  cgt_conn *conn;
  sqlite3 *db;
  void *collector;      /* the buffer of the graph being read (graph_read.c), or NULL */
  sqlite3_stmt *hold;   /* reads every schema, see cgt_graph_hold; NULL when not held */
  int held_stored;      /* while held: every table found is a stored table (not a view, not virtual) */
  uint64_t tick;        /* uses of the connection cache */
  cgt_gset cache;       /* the connection cache: graphs that may serve later statements */
} cgt_graph_conn;

/* The graph family's state on conn, made on first use; NULL when out of memory. */
cgt_graph_conn *cgt_graph_conn_get(cgt_conn *conn);

/* While a graph is looked up and read, the hold statement stays on its
** last row: it reads the schema of every database, so a read transaction
** is open on each, and the tables found, the stamp checked by the cache and
** the rows read belong to one snapshot.  found[0] and found[1] are set to
** the index (as in sqlite3_db_name) of the database where SQLite's look-up
** of the unqualified name finds cgt_edge and cgt_node (temp, then main,
** then the attached ones), -1 where none has it.  A hold inside a hold (a
** view of cgt_edge calling a cgt function) is an error.  Returns an SQLite
** code, with *err set (sqlite3_malloc'd) on error. */
int cgt_graph_hold(cgt_graph_conn *gc, int found[2], char **err);
void cgt_graph_release(cgt_graph_conn *gc);
/* While holding: 1 when each of cgt_edge and cgt_node that was found is a
** stored table, 0 when one is a view or a virtual table (whose rows may
** change with no write to any database: a view may call unixepoch() or a
** function of the application, a virtual table may read a file). */
int cgt_graph_held_stored(const cgt_graph_conn *gc);

#endif
