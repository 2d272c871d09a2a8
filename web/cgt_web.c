/*
** The playground's C API: SQLite with cgt compiled in (SQLITE_CORE), for
** WebAssembly.  The page calls three functions:
**
**   cgtw_open()        opens the in-memory database (again: a fresh one)
**   cgtw_exec(sql)     runs every statement of sql; returns JSON text
**   cgtw_free(p)       frees what cgtw_exec returned
**
** cgtw_exec answers {"results":[{"columns":[...],"rows":[[...],...]},...]}
** with one result per statement; a statement that fails has "error":"message"
** in its result, and the answer has the first error as "error" too.
** Integers beyond 2^53 come back as strings so JavaScript loses no digit;
** blobs come back as hexadecimal text x'..'.
**
** A call gets a time budget (cgtw_exec's budget_ms): cgt's long computations
** ask sqlite3_is_interrupted(), which the build maps onto
** cgtw_is_interrupted() below for the extension's sources, so a query that
** runs too long stops with cgt's usual "interrupted" error instead of
** freezing the page.
*/
#include "sqlite3.h"
#include <emscripten.h>
#include <stddef.h>

int sqlite3_cgt_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

static sqlite3 *db;
static double deadline_ms;   /* 0: no budget */

/* cgt's stop hook in this build: the connection's interrupt flag, or the
** time budget of the running cgtw_exec call spent. */
int cgtw_is_interrupted(sqlite3 *d) {
  if (sqlite3_is_interrupted(d)) return 1;
  return deadline_ms > 0 && emscripten_get_now() > deadline_ms;
}

/* Opens a fresh in-memory database with cgt registered; 0 on success. */
EMSCRIPTEN_KEEPALIVE int cgtw_open(void) {
  if (db) sqlite3_close(db);
  db = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    sqlite3_close(db);
    db = NULL;
    return 1;
  }
  char *err = NULL;
  int rc = sqlite3_cgt_init(db, &err, NULL);
  sqlite3_free(err);
  return rc;
}

/* Appends text as a JSON string. */
static void json_string(sqlite3_str *out, const char *z) {
  sqlite3_str_appendchar(out, 1, '"');
  for (; z && *z; z++) {
    unsigned char c = (unsigned char)*z;
    if (c == '"' || c == '\\') sqlite3_str_appendf(out, "\\%c", c);
    else if (c == '\n') sqlite3_str_appendall(out, "\\n");
    else if (c < 0x20) sqlite3_str_appendf(out, "\\u%04x", c);
    else sqlite3_str_appendchar(out, 1, (char)c);
  }
  sqlite3_str_appendchar(out, 1, '"');
}

/* Appends column i of the current row as a JSON value. */
static void json_column(sqlite3_str *out, sqlite3_stmt *st, int i) {
  switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL: sqlite3_str_appendall(out, "null"); break;
    case SQLITE_INTEGER: {
      sqlite3_int64 n = sqlite3_column_int64(st, i);
      int exact = n >= -9007199254740991LL && n <= 9007199254740991LL;
      sqlite3_str_appendf(out, exact ? "%lld" : "\"%lld\"", n);
      break;
    }
    case SQLITE_FLOAT: {
      double d = sqlite3_column_double(st, i);
      if (d != d || d - d != 0) sqlite3_str_appendf(out, "\"%!.17g\"", d);   /* NaN, infinities */
      else sqlite3_str_appendf(out, "%!.17g", d);
      break;
    }
    case SQLITE_TEXT: json_string(out, (const char *)sqlite3_column_text(st, i)); break;
    default: {
      const unsigned char *b = sqlite3_column_blob(st, i);
      int n = sqlite3_column_bytes(st, i);
      sqlite3_str_appendall(out, "\"x'");
      for (int k = 0; k < n; k++) sqlite3_str_appendf(out, "%02x", b[k]);
      sqlite3_str_appendall(out, "'\"");
    }
  }
}

/* Runs one prepared statement to its end, appending its result object (with
** "error" when it fails); returns its error message (sqlite3_malloc'd) or NULL. */
static char *run_statement(sqlite3_str *out, sqlite3_stmt *st) {
  int ncol = sqlite3_column_count(st);
  sqlite3_str_appendall(out, "{\"columns\":[");
  for (int i = 0; i < ncol; i++) {
    if (i) sqlite3_str_appendchar(out, 1, ',');
    json_string(out, sqlite3_column_name(st, i));
  }
  sqlite3_str_appendall(out, "],\"rows\":[");
  int rc, nrow = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    sqlite3_str_appendall(out, nrow++ ? ",[" : "[");
    for (int i = 0; i < ncol; i++) {
      if (i) sqlite3_str_appendchar(out, 1, ',');
      json_column(out, st, i);
    }
    sqlite3_str_appendchar(out, 1, ']');
  }
  sqlite3_str_appendchar(out, 1, ']');
  char *error = rc == SQLITE_DONE ? NULL : sqlite3_mprintf("%s", sqlite3_errmsg(sqlite3_db_handle(st)));
  if (error) sqlite3_str_appendall(out, ",\"error\":"), json_string(out, error);
  sqlite3_str_appendchar(out, 1, '}');
  return error;
}

/* Runs every statement of sql within budget_ms milliseconds (0: no budget)
** and returns the JSON answer described above.  A statement that fails
** keeps its error in its result and the next statements still run; SQL that
** does not parse ends the run. */
EMSCRIPTEN_KEEPALIVE char *cgtw_exec(const char *sql, double budget_ms) {
  sqlite3_str *out = sqlite3_str_new(db);
  char *first_error = db ? NULL : sqlite3_mprintf("no database: call cgtw_open() first");
  deadline_ms = budget_ms > 0 ? emscripten_get_now() + budget_ms : 0;
  sqlite3_str_appendall(out, "{\"results\":[");
  int n = 0;
  while (db && sql && *sql) {
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    char *error = NULL;
    int parsed = sqlite3_prepare_v2(db, sql, -1, &st, &tail) == SQLITE_OK;
    if (!parsed) error = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    else if (st) {
      if (n++) sqlite3_str_appendchar(out, 1, ',');
      error = run_statement(out, st);
    }
    sqlite3_finalize(st);
    if (error && !first_error) first_error = error;
    else sqlite3_free(error);
    if (!parsed) break;
    sql = tail;
  }
  sqlite3_str_appendchar(out, 1, ']');
  if (first_error) sqlite3_str_appendall(out, ",\"error\":"), json_string(out, first_error);
  sqlite3_str_appendchar(out, 1, '}');
  sqlite3_free(first_error);
  deadline_ms = 0;
  return sqlite3_str_finish(out);
}

/* Frees an answer of cgtw_exec. */
EMSCRIPTEN_KEEPALIVE void cgtw_free(char *p) { sqlite3_free(p); }
