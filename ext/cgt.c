/*
** cgt: combinatorial game theory inside SQLite.
**
** Load with ".load ./dist/cgt" in the sqlite3 shell, or
** conn.load_extension("./dist/cgt") in Python.  the pages of docs/ describe every
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
** This file only registers: each family of functions lives in its own file
** and is listed in a table below.  All functions of one connection share one
** cgt_conn, which holds the connection's cache and is freed with it.
*/
#include "binding.h"

SQLITE_EXTENSION_INIT1

const cgt_function *const cgt_function_families[] = {cgt_internal_functions, cgt_nim_functions,
                                                     cgt_graph_functions,    cgt_nimk_functions,
                                                     cgt_random_functions,   cgt_heap_functions,
                                                     cgt_closed_functions,   cgt_undirected_functions,
                                                     cgt_partizan_functions,
                                                     cgt_board_functions,
                                                     cgt_algebra_functions,
                                                     cgt_graphgame_functions,
                                                     cgt_dot_functions,
                                                     cgt_misere_functions};
const size_t cgt_function_family_count = sizeof cgt_function_families / sizeof *cgt_function_families;
const cgt_table_function *const cgt_table_families[] = {cgt_graph_tables, cgt_heap_tables, cgt_misere_tables,
                                                        cgt_partizan_tables,
                                                        cgt_game_graph_tables, cgt_census_tables,
                                                        cgt_algebra_tables,
                                                        cgt_help_tables};
const size_t cgt_table_family_count = sizeof cgt_table_families / sizeof *cgt_table_families;

static int register_function(sqlite3 *db, cgt_conn *conn, const cgt_function *f) {
  cgt_conn_ref(conn);
  if (f->xValue) {
    return sqlite3_create_window_function(db, f->name, f->nargs, f->flags, conn, f->xStep, f->xFinal, f->xValue,
                                          f->xInverse, cgt_conn_unref);
  }
  return sqlite3_create_function_v2(db, f->name, f->nargs, f->flags, conn, f->xFunc, f->xStep, f->xFinal,
                                    cgt_conn_unref);
}

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
int sqlite3_cgt_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  if (sqlite3_libversion_number() < 3039000) {
    *pzErrMsg = sqlite3_mprintf("cgt: needs SQLite 3.39.0 or later, this is %s", sqlite3_libversion());
    return SQLITE_ERROR;
  }
  cgt_conn *conn = cgt_conn_new(db);
  if (!conn) return SQLITE_NOMEM;
  cgt_conn_ref(conn);   /* held until registration ends */
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < cgt_function_family_count; i++)
    for (const cgt_function *f = cgt_function_families[i]; rc == SQLITE_OK && f->name; f++)
      rc = register_function(db, conn, f);
  for (size_t i = 0; rc == SQLITE_OK && i < cgt_table_family_count; i++)
    for (const cgt_table_function *tf = cgt_table_families[i]; rc == SQLITE_OK && tf->name; tf++)
      rc = cgt_register_table_function(db, conn, tf);
  if (rc != SQLITE_OK) *pzErrMsg = sqlite3_mprintf("cgt: cannot register functions: %s", sqlite3_errstr(rc));
  cgt_conn_unref(conn);
  return rc;
}
