/*
** Reading a graph from cgt_edge and cgt_node (graph_read.c), for the graph
** caches (graph_cache.c): each read is called while holding (graph_conn.h),
** from the databases where the hold found the two tables.
*/
#ifndef CGT_GRAPH_READ_H
#define CGT_GRAPH_READ_H

#include "graph_conn.h"

/* Reads graph gid from cgt_edge (rows with side NULL) and cgt_node into
** graph->game, and counts graph->sided_rows, for the function fname.
** Returns an SQLite code, with *err set. */
int cgt_graph_read(cgt_graph_conn *gc, const int found[2], sqlite3_value *gid, cgt_graph *graph, const char *fname,
                   char **err);

/* Reads the partizan view of graph gid (every row of cgt_edge with its
** side, and the nodes of cgt_node) into pg, made empty by the caller.
** Returns an SQLite code, with *err set. */
int cgt_pgraph_read(sqlite3 *db, const int found[2], sqlite3_value *gid, cgt_pgraph *pg, char **err);

#endif
