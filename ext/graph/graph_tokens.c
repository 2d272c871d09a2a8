/*
** Token lists: a JSON array of node ids (a multiset) given as TEXT, parsed
** with SQLite's own JSON functions so that every JSON form SQLite accepts
** works.  Each element must be a number or a string that names a node of
** the graph: anything else (null, true, an array, an object, a number such
** as 2.5 that no node has) is an error.
*/
#include "../sqlite/binding.h"
#include "graph_binding.h"

#include <limits.h>

/* 1 when json is a JSON array, 0 when it is other JSON; an SQLite error
** code (negated) when it is not JSON at all. */
static int is_json_array(sqlite3 *db, sqlite3_value *json, char **err) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "SELECT json_type(?1) = 'array'", -1, &st, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_value(st, 1, json);
    rc = sqlite3_step(st);
  }
  int result = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -rc;
  if (rc == SQLITE_INTERRUPT) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
  else if (rc != SQLITE_ROW && rc != SQLITE_NOMEM)
    *err = sqlite3_mprintf("tokens is not a JSON array: %s", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  return result;
}

int cgt_tokens_parse(sqlite3 *db, sqlite3_value *json, const cgt_graph *graph, uint32_t **idx, int *n,
                     char **err) {
  *idx = NULL;
  *n = 0;
  int is_array = is_json_array(db, json, err);
  if (is_array < 0) return -is_array;
  if (!is_array) {
    *err = sqlite3_mprintf("tokens must be a JSON array of node ids");
    return SQLITE_ERROR;
  }
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, "SELECT type, value FROM json_each(?1)", -1, &st, NULL);
  if (rc == SQLITE_OK) sqlite3_bind_value(st, 1, json);
  int cap = 0;
  while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *type = (const char *)sqlite3_column_text(st, 0);
    if (!type || (sqlite3_stricmp(type, "integer") && sqlite3_stricmp(type, "real") && sqlite3_stricmp(type, "text"))) {
      *err = sqlite3_mprintf("token %d is not a node id (JSON %s)", *n, type ? type : "?");
      rc = SQLITE_ERROR;
      break;
    }
    uint32_t u = cgt_node_index(graph, sqlite3_column_value(st, 1));
    if (u == UINT32_MAX) {
      *err = cgt_unknown_node_text(graph, sqlite3_column_value(st, 1));
      rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
      break;
    }
    if (*n == cap) {
      if (cap > INT_MAX / 2) {   /* (the JSON text is shorter than that) */
        *err = sqlite3_mprintf("more than %d tokens", INT_MAX / 2);
        rc = SQLITE_TOOBIG;
        break;
      }
      cap = cap ? 2 * cap : 16;
      uint32_t *p = sqlite3_realloc64(*idx, (sqlite3_uint64)cap * sizeof *p);
      if (!p) { rc = SQLITE_NOMEM; break; }
      *idx = p;
    }
    (*idx)[(*n)++] = u;
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_DONE && !*err && rc != SQLITE_NOMEM) *err = sqlite3_mprintf("tokens: %s", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) {
    sqlite3_free(*idx);
    *idx = NULL;
    *n = 0;
    return rc;
  }
  return SQLITE_OK;
}
