/*
** Registration: every function and table function of the extension's own
** (vt_help.c) and of the families cgt.c lists, on one connection, all
** sharing one cgt_conn.
*/
#include "binding.h"

static int register_function(sqlite3 *db, cgt_conn *conn, const cgt_function *f) {
  cgt_conn_ref(conn);
  if (f->xValue) {
    return sqlite3_create_window_function(db, f->name, f->nargs, f->flags, conn, f->xStep, f->xFinal, f->xValue,
                                          f->xInverse, cgt_conn_unref);
  }
  return sqlite3_create_function_v2(db, f->name, f->nargs, f->flags, conn, f->xFunc, f->xStep, f->xFinal,
                                    cgt_conn_unref);
}

/* Registers what family f lists. */
static int register_family(sqlite3 *db, cgt_conn *conn, const cgt_family *f) {
  int rc = SQLITE_OK;
  for (const cgt_function *const *list = f->functions; rc == SQLITE_OK && list && *list; list++)
    for (const cgt_function *fn = *list; rc == SQLITE_OK && fn->name; fn++) rc = register_function(db, conn, fn);
  for (const cgt_table_function *const *list = f->tables; rc == SQLITE_OK && list && *list; list++)
    for (const cgt_table_function *tf = *list; rc == SQLITE_OK && tf->name; tf++)
      rc = cgt_register_table_function(db, conn, tf);
  return rc;
}

int cgt_register(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi, const cgt_family *const *families,
                 size_t count) {
  SQLITE_EXTENSION_INIT2(pApi);
  if (sqlite3_libversion_number() < 3039000) {
    *pzErrMsg = sqlite3_mprintf("cgt: needs SQLite 3.39.0 or later, this is %s", sqlite3_libversion());
    return SQLITE_ERROR;
  }
  cgt_conn *conn = cgt_conn_new(db, families, count);
  if (!conn) return SQLITE_NOMEM;
  cgt_conn_ref(conn);   /* held until registration ends */
  int rc = register_family(db, conn, &cgt_self_family);
  for (size_t i = 0; rc == SQLITE_OK && i < count; i++) rc = register_family(db, conn, families[i]);
  if (rc != SQLITE_OK) *pzErrMsg = sqlite3_mprintf("cgt: cannot register functions: %s", sqlite3_errstr(rc));
  cgt_conn_unref(conn);
  return rc;
}
