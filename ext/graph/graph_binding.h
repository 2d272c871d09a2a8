/*
** The graph family's binding as the binding files use it: those of this
** family, and those of the families that read stored graphs too (Nim_k,
** partizan games on graphs).  The rules they share, stated once in
** docs/graphs.md ("NULLs, unknown nodes and sides"):
**   - a NULL argument gives NULL (a table-valued function: no rows; an
**     aggregate: a row with a NULL argument makes the result NULL);
**   - a node id that neither cgt_edge nor cgt_node names in the graph is
**     an error: "cgt: f: unknown node 99 in graph 1";
**   - a side other than NULL, 'L' or 'R' in cgt_edge is an error that
**     names the function, the graph and the side.
** How a graph is read and kept is private to graph_cache.c and the files
** below it (graph_conn.h, graph_read.h, graph_set.h).
*/
#ifndef CGT_GRAPH_BINDING_H
#define CGT_GRAPH_BINDING_H

#include "../sqlite/binding.h"
#include "game.h"

/* The partizan view of a graph: every row of cgt_edge, with its side. */
typedef struct cgt_pgraph {
  cgt_keymap nodes;
  uint32_t *off;       /* moves of node u: dst[off[u]..off[u+1]) */
  uint32_t *dst;
  uint8_t *who;        /* 1: Left's move, 2: Right's, 3: either's (side NULL) */
  uint32_t maxdeg;     /* the most moves from one node */
} cgt_pgraph;

/* A graph read from cgt_edge/cgt_node, with its analyses (reference
** counted, graph_object.c). */
typedef struct cgt_graph {
  int refs;
  cgt_key id;         /* graph_id; TEXT and BLOB bytes in id_bytes */
  char *id_bytes;
  int shareable;      /* read with no uncommitted writes: may serve later statements */
  sqlite3_int64 changes;
  uint64_t files;     /* stamp of main and of where the tables were found, see graph_cache.c */
  uint64_t last_use;
  cgt_game game;
  size_t sided_rows;     /* rows with side 'L' or 'R': not in game, named when a node is unknown */
  cgt_pgraph *partizan;  /* read on first use (cgt_graph_partizan) */
} cgt_graph;

/* ---- graphs for calls (graph_cache.c) ---- */

/* The graph of id gid for a function call: from the statement's own cache,
** else the connection's cache while it cannot be stale, else read from the
** tables.  The statement keeps a reference until it ends, so the result
** needs no release.  On error sets the SQL error (naming fname), returns NULL. */
cgt_graph *cgt_graph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname);

/* The same for a virtual table cursor: returns a new reference (release it
** with cgt_graph_unref), or NULL with *err (sqlite3_malloc'd) and *rc set. */
cgt_graph *cgt_graph_for_cursor(cgt_conn *conn, sqlite3_value *gid, const char *fname, char **err, int *rc);

/* The partizan view of graph gid (read now, from the same data, when first
** asked).  Returns an SQLite code, with *err set. */
int cgt_graph_partizan(cgt_conn *conn, cgt_graph *graph, sqlite3_value *gid, char **err);
/* The partizan view of graph gid for a call of fname (with its graph in
** *out when out is not NULL), or NULL after setting the error. */
const cgt_pgraph *cgt_pgraph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname, cgt_graph **out);

/* ---- a graph's life (graph_object.c) ---- */

/* A new graph of id *id (its bytes copied), with one reference and nothing
** read; NULL when out of memory. */
cgt_graph *cgt_graph_new(const cgt_key *id);
/* Drops a reference; the last one frees the graph (NULL: nothing). */
void cgt_graph_unref(cgt_graph *graph);
void cgt_pgraph_free(cgt_pgraph *pg);

/* ---- nodes (graph_nodes.c, graph_tokens.c) ---- */

/* Index of node v in graph, or UINT32_MAX when unknown or NULL (or its text
** could not be had: then cgt_unknown_node_text is NULL). */
uint32_t cgt_node_index(const cgt_graph *graph, sqlite3_value *v);
/* Index of node v in graph; when graph does not know it, sets the error
** "cgt: fname: unknown node X in graph G" and returns UINT32_MAX. */
uint32_t cgt_node_index_or_error(sqlite3_context *ctx, const cgt_graph *graph, sqlite3_value *v,
                                 const char *fname);
/* Index of node in the partizan view pg of graph gid; when unknown, sets
** the error "cgt: fname: unknown node X in graph G" and returns UINT32_MAX. */
uint32_t cgt_pnode_or_error(sqlite3_context *ctx, const cgt_pgraph *pg, sqlite3_value *gid, sqlite3_value *node,
                            const char *fname);
/* Sets that error for node of graph gid (a partizan graph's nodes: every row). */
void cgt_error_unknown_pnode(sqlite3_context *ctx, const char *fname, sqlite3_value *node, sqlite3_value *gid);
/* The id of node u of graph as SQL literal text (sqlite3_malloc'd; NULL
** when out of memory), for error messages. */
char *cgt_node_text(const cgt_graph *graph, uint32_t u);
/* The message "unknown node X in graph G" (sqlite3_malloc'd, NULL when out
** of memory) for node id v, which graph does not know. */
char *cgt_unknown_node_text(const cgt_graph *graph, sqlite3_value *v);
/* The generalised Grundy value of node u as an SQL result: INTEGER or
** TEXT 'inf{a,b,...}'.  xor is applied to K (for sums). */
void cgt_result_grundy(sqlite3_context *ctx, const cgt_graph *graph, uint32_t u, uint32_t xor);

/* Parses tokens, a JSON array of node ids, into node indexes of graph
** (*idx, sqlite3_malloc'd; UINT32_MAX for a node graph does not know).
** Returns an SQLite code, with *err set on error. */
int cgt_tokens_parse(sqlite3 *db, sqlite3_value *tokens, const cgt_graph *graph, uint32_t **idx, int *n,
                     char **err);

/* ---- registration (graph_family.c lists them) ---- */
extern const cgt_function cgt_graph_functions[];
extern const cgt_function cgt_graph_read_functions[];
extern const cgt_function cgt_dot_functions[];
extern const cgt_function cgt_undirected_functions[];
extern const cgt_table_function cgt_graph_tables[];

#endif
