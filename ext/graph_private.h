/*
** Declarations private to the binding's files on stored graphs (conn.c,
** graph_read.c, tokens.c, util.c and the graph functions).  The rules they
** share, stated once in docs/graphs.md ("NULLs, unknown nodes and sides"):
**   - a NULL argument gives NULL (a table-valued function: no rows; an
**     aggregate: a row with a NULL argument makes the result NULL);
**   - a node id that neither cgt_edge nor cgt_node names in the graph is
**     an error: "cgt: f: unknown node 99 in graph 1";
**   - a side other than NULL, 'L' or 'R' in cgt_edge is an error that
**     names the function, the graph and the side.
*/
#ifndef CGT_GRAPH_PRIVATE_H
#define CGT_GRAPH_PRIVATE_H

#include "binding.h"

/* A node or graph id as an SQL literal for messages: 99, 2.5, 'x' (quoted,
** so that 1 and '1' differ), X'..' shown as (a BLOB of n bytes), NULL.
** sqlite3_malloc'd; NULL when out of memory. */
char *cgt_key_text(const cgt_key *k);
char *cgt_value_literal(sqlite3_value *v);

/* The message "unknown node X in graph G" (sqlite3_malloc'd, NULL when out
** of memory) for node id v, which graph does not know. */
char *cgt_unknown_node_text(const cgt_graph *graph, sqlite3_value *v);

/* Index of node v in graph; when graph does not know it, sets the error
** "cgt: fname: unknown node X in graph G" and returns UINT32_MAX. */
uint32_t cgt_node_index_or_error(sqlite3_context *ctx, const cgt_graph *graph, sqlite3_value *v,
                                 const char *fname);

/* The side code of a cgt_edge row: 3 for NULL (either player), 1 for 'L',
** 2 for 'R', 0 for anything else (an error). */
int cgt_side_code(sqlite3_value *side);

/* While a graph is looked up and read, the hold statement of the connection
** stays on its last row: it reads the schema of every database, so a read
** transaction is open on each, and the tables found, the stamp checked by
** the cache and the rows read belong to one snapshot (conn.c).  found[0]
** and found[1] are set to the index (as in sqlite3_db_name) of the database
** where SQLite's look-up of the unqualified name finds cgt_edge and cgt_node
** (temp, then main, then the attached ones), -1 where none has it.  A hold
** inside a hold (a view of cgt_edge calling a cgt function) is an error.
** Returns an SQLite code, with *err set (sqlite3_malloc'd) on error. */
int cgt_conn_hold(cgt_conn *conn, int found[2], char **err);
void cgt_conn_release(cgt_conn *conn);
/* While holding: 1 when each of cgt_edge and cgt_node that was found is a
** stored table, 0 when one is a view or a virtual table (whose rows may
** change with no write to any database: a view may call unixepoch() or a
** function of the application, a virtual table may read a file). */
int cgt_conn_held_stored(cgt_conn *conn);

/* 1 when graph still matches the data now visible (call while holding,
** with what the hold found): its stamp is the current one and no write
** transaction is open. */
int cgt_conn_graph_current(cgt_conn *conn, const int found[2], const cgt_graph *graph);
/* Drops graph from the connection cache (it is stale). */
void cgt_conn_forget(cgt_conn *conn, cgt_graph *graph);

/* Polls sqlite3_interrupt() between phases of reading a graph: 1 when the
** connection is interrupted. */
int cgt_interrupted(sqlite3 *db);

/* A set of graphs keyed by graph id with a least-recently-used order and
** the bytes charged for them (graph_set.c); a zeroed one is empty.  Each
** entry holds a reference to its graph. */
typedef struct cgt_gset_entry {
  cgt_graph *graph;
  uint64_t hash;        /* of graph->id */
  size_t charge;        /* bytes counted for it */
  uint32_t prev, next;  /* the list of uses, most recent first */
} cgt_gset_entry;
typedef struct cgt_gset {
  cgt_gset_entry *e;
  uint32_t n, cap;
  uint32_t *slot;       /* hash index: entry + 1, 0 when empty */
  uint32_t mask;        /* slots - 1 */
  uint32_t head, tail;  /* most and least recently used entry */
  size_t bytes;         /* the charges of the entries */
} cgt_gset;
/* Releases every entry and the set's memory (the set is empty after). */
void cgt_gset_clear(cgt_gset *s);
/* The entry of graph id, or UINT32_MAX. */
uint32_t cgt_gset_find(const cgt_gset *s, const cgt_key *id);
/* Makes entry pos the most recently used. */
void cgt_gset_touch(cgt_gset *s, uint32_t pos);
/* Drops entry pos (the last entry takes its place). */
void cgt_gset_remove(cgt_gset *s, uint32_t pos);
/* Adds graph (a new reference) as the most recently used, charged charge
** bytes, replacing an entry of the same id (dropped even when this fails);
** returns SQLITE_OK or SQLITE_NOMEM (graph not added). */
int cgt_gset_add(cgt_gset *s, cgt_graph *graph, size_t charge);
/* Drops the least recently used entries while the charges pass budget,
** never the most recently used one. */
void cgt_gset_trim(cgt_gset *s, size_t budget);

#endif
