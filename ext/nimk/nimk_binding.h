/*
** The Nim_k family's binding: its registration tables (nimk_family.c lists
** them).  Its functions read stored graphs through the graph family's
** binding (graph_binding.h).
*/
#ifndef CGT_NIMK_BINDING_H
#define CGT_NIMK_BINDING_H

#include "../graph/graph_binding.h"

extern const cgt_function cgt_nimk_functions[];
extern const cgt_function cgt_random_functions[];

#endif
