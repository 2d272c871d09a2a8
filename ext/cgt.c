/*
** cgt: combinatorial game theory inside SQLite.
**
** Load with ".load ./dist/cgt" in the sqlite3 shell, or
** conn.load_extension("./dist/cgt") in Python.  The pages of docs/ describe every
** function with an example, and SELECT * FROM cgt_help() lists them.  In
** short:
**
**   Moves are rows of cgt_edge(graph_id, src, dst, side) (a table or a view,
**   found as SQLite finds an unqualified name: temp, main, then attached
**   databases; side NULL for a move either player may make), and positions
**   without moves may be listed in cgt_node(graph_id, node).
**
**   SELECT outcome(1, 'start');             -- 'N', 'P' or 'D'
**   SELECT grundy(1, 'start');              -- 3, or 'inf{0,2}' on cycles
**   SELECT * FROM cgt_solve(1);             -- every node at once
**   SELECT game_sum(1, node) FROM tokens;   -- a sum of many tokens
**   SELECT * FROM winning_moves(1, '[1,2,2]');
**   SELECT nim_sum(3, 5, 6), mex(0, 1, 3);
**   SELECT * FROM cgt_help() WHERE name LIKE 'cg_%';   -- this list
**
** This file only lists the families, each in a folder of its own (graph/,
** heap/, nimk/, partizan/, boards/) that defines one cgt_family: the
** registration tables of its binding files.  sqlite/register.c registers
** them on the connection, all sharing one cgt_conn, on which each family
** hangs its own state.  Adding a family is a folder and one line here (the
** Makefile and tests/repo/07_layout.t take every folder of ext/ but core/
** and sqlite/ as a family's).
*/
#include "sqlite/binding.h"

extern const cgt_family cgt_graph_family, cgt_heap_family, cgt_nimk_family, cgt_partizan_family, cgt_board_family;

static const cgt_family *const families[] = {&cgt_graph_family, &cgt_heap_family, &cgt_nimk_family,
                                             &cgt_partizan_family, &cgt_board_family};

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
int sqlite3_cgt_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
  return cgt_register(db, pzErrMsg, pApi, families, sizeof families / sizeof *families);
}
