/*
** The graph family: games on stored graphs (cgt_edge, cgt_node), impartial
** and on undirected graphs, with their pictures.  cgt.c lists it.
*/
#include "graph_binding.h"

const cgt_family cgt_graph_family = {
    "graph",
    (const cgt_function *const[]){cgt_graph_read_functions, cgt_graph_functions, cgt_undirected_functions,
                                  cgt_dot_functions, NULL},
    (const cgt_table_function *const[]){cgt_graph_tables, NULL}};
