/*
** What every family's SQLite binding shares: the registration tables, the
** connection and its per-family hook, the table-function module, and the
** helpers for arguments, results, errors and interrupts.  It names no
** family: each family's binding has a header of its own (graph_binding.h,
** heap_binding.h, ...), and cgt.c lists the families.  Every binding file
** includes this header instead of sqlite3ext.h.
*/
#ifndef CGT_BINDING_H
#define CGT_BINDING_H

#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3

#include "../core/keymap.h"

#define CGT_VERSION "0.1.0"

/* Per-connection state (conn.c): one is made by each sqlite3_cgt_init()
** call and shared by every function it registers; it is freed when the
** last of them is dropped (connection close). */
typedef struct cgt_conn cgt_conn;

/* ---- registration tables (one per family of functions) ---- */

enum {
  CGT_PURE = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
  CGT_READS = SQLITE_UTF8 | SQLITE_DIRECTONLY
};

typedef struct cgt_function {
  const char *name;
  int nargs;          /* -1 for any number */
  int flags;          /* CGT_PURE or CGT_READS */
  void (*xFunc)(sqlite3_context *, int, sqlite3_value **);
  void (*xStep)(sqlite3_context *, int, sqlite3_value **);
  void (*xFinal)(sqlite3_context *);
  void (*xValue)(sqlite3_context *);                         /* window functions only */
  void (*xInverse)(sqlite3_context *, int, sqlite3_value **); /* window functions only */
  /* What cgt_help() shows (vt_help.c): the arguments as a call names them,
  ** the result, one line on what it does, and an example query (tests/sqlite/06_help.t
  ** runs each on the reference's sample graph 1: moves 2->3, 3->1, 2->2). */
  const char *args;
  const char *result;
  const char *description;
  const char *example;
} cgt_function;

/* A table-valued function: an eponymous virtual table whose hidden columns,
** after the visible ones, are its arguments; hidden columns after the
** arguments are outputs too (column numbers them on from ncols). */
typedef struct cgt_cursor cgt_cursor;
#define CGT_TF_ARGS 16
typedef struct cgt_table_function {
  const char *name;
  const char *schema;  /* CREATE TABLE x(...) with the HIDDEN argument columns last */
  int ncols;           /* visible columns (at most 8: bits 8 to 15 of idxNum) */
  int nargs;           /* hidden argument columns (at most CGT_TF_ARGS) */
  int nopt;            /* of them, the last nopt may be left out */
  int reads;           /* 1: reads tables (DIRECTONLY); 0: pure (INNOCUOUS) */
  /* Prepares the rows for these arguments (none NULL); returns an SQLite
  ** code and sets cur->err on error.  A filter whose rows are made one at a
  ** time (streamed) sets cur->next instead of cur->nrows. */
  int (*filter)(cgt_cursor *cur, sqlite3_value **args);
  /* Result of visible column col of row cur->row. */
  void (*column)(cgt_cursor *cur, sqlite3_context *ctx, int col);
  void (*reset)(cgt_cursor *cur); /* frees what filter made */
  /* 1 when visible column 0 is the row's number (from 0): then =, >, >=, <
  ** and <= on it bound the rows made (WHERE n = 10 makes row 10 only). */
  int row_is_col0;
  /* As in cgt_function. */
  const char *args;
  const char *result;
  const char *description;
  const char *example;
} cgt_table_function;

struct cgt_cursor {
  sqlite3_vtab_cursor base;
  cgt_conn *conn;
  const cgt_table_function *tf;
  sqlite3_value *args[CGT_TF_ARGS];   /* copies of the arguments (NULL: an optional one left out) */
  sqlite3_int64 row, nrows;
  sqlite3_int64 row_max;      /* the last row wanted (row_is_col0 bounds), else INT64_MAX */
  /* Streamed rows: makes row cur->row (the first right after filter), or
  ** sets cur->eof after the last; returns an SQLite code, with cur->err. */
  int (*next)(cgt_cursor *cur);
  int eof;
  uint32_t at;                /* a position (such as a node index), for filters that need one */
  unsigned cols;              /* bit i: visible column i is used by the query */
  void *kept;                 /* what a filter keeps for the next filters of the cursor */
  void (*kept_free)(void *);  /* frees kept when the cursor closes */
  void *rows;                 /* what filter made */
  char *err;                  /* error message from filter */
};

/* A family: the registration tables of its files, each ended by an entry
** with a NULL name, in NULL-ended lists.  Each family's binding defines one
** (graph_family.c, ...), and cgt.c lists them; a family hangs its state on
** the connection through cgt_conn_state. */
typedef struct cgt_family {
  const char *name;
  const cgt_function *const *functions;
  const cgt_table_function *const *tables;
} cgt_family;

/* Registers every function and table function of the families on db,
** sharing one new cgt_conn, after the extension's own (cgt_version,
** cgt_help: vt_help.c); returns an SQLite code, with *pzErrMsg set
** (register.c).  Called by sqlite3_cgt_init, which passes SQLite's API. */
int cgt_register(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi, const cgt_family *const *families,
                 size_t count);
/* The extension's own functions, cgt_version and cgt_help (vt_help.c). */
extern const cgt_family cgt_self_family;

/* Registers tf on db (table_function.c). */
int cgt_register_table_function(sqlite3 *db, cgt_conn *conn, const cgt_table_function *tf);
/* ---- the connection (conn.c) and its settings (settings.c) ---- */

/* A connection's settings (cgt_setting). */
typedef struct cgt_settings {
  uint64_t memory;    /* bytes the tables of one call may hold */
  double progress;    /* seconds between progress lines on standard error (0: none) */
} cgt_settings;
/* The least 'memory' setting. */
#define CGT_MEMORY_MIN ((uint64_t)1 << 20)
/* cgt_setting(name [, value]) (settings.c). */
extern const cgt_function cgt_setting_functions[];

/* A new connection state for db, which knows the families registered on
** it (cgt_help lists them). */
cgt_conn *cgt_conn_new(sqlite3 *db, const cgt_family *const *families, size_t count);
void cgt_conn_ref(cgt_conn *conn);
void cgt_conn_unref(void *conn);
sqlite3 *cgt_conn_db(cgt_conn *conn);
/* The connection's settings, which cgt_setting changes. */
cgt_settings *cgt_conn_settings(cgt_conn *conn);
/* The families registered on the connection (*count of them). */
const cgt_family *const *cgt_conn_families(cgt_conn *conn, size_t *count);

/* How a family of functions hangs its per-connection state on the
** connection: the state is a zeroed block of `size` bytes made on first
** use, and `free` releases it (and what it holds) with the connection. */
typedef struct cgt_conn_hook {
  const char *name;
  size_t size;
  void (*free)(void *state);
} cgt_conn_hook;
/* The state of hook's family on conn, made now if need be; NULL when out of
** memory. */
void *cgt_conn_state(cgt_conn *conn, const cgt_conn_hook *hook);

/* ---- helpers (util.c) ---- */

/* Turns an SQL value into a node id key: 1, or 0 for NULL, or -1 when the
** text or BLOB of the value could not be had (sqlite3_value_text returns
** NULL for a non-NULL value only when out of memory). */
int cgt_key_from_value(sqlite3_value *v, cgt_key *k);
/* Returns an outcome letter ('N', 'P', 'D', ...) as a one-letter TEXT. */
void cgt_result_letter(sqlite3_context *ctx, char c);
/* Returns a node id as an SQL result. */
void cgt_result_key(sqlite3_context *ctx, const cgt_key *k);
/* A node or graph id as an SQL literal for messages: 99, 2.5, 'x' (quoted,
** so that 1 and '1' differ), X'..' shown as (a BLOB of n bytes), NULL.
** sqlite3_malloc'd; NULL when out of memory. */
char *cgt_key_text(const cgt_key *k);
char *cgt_value_literal(sqlite3_value *v);

/* A stop hook for the long computation of one call of fname: it honours
** sqlite3_interrupt() and the progress handler (it asks
** sqlite3_is_interrupted() where SQLite has it, 3.41 and later, and steps a
** small statement, which fails with SQLITE_INTERRUPT once the connection
** is interrupted and gives the progress handler its turn); it gives the
** stop the connection's 'memory' setting, and prints progress lines as the
** 'progress' setting asks.  The statement is prepared only when a
** computation runs long enough to check; cgt_interrupt_end finalizes it.
**   cgt_interrupt it;  cgt_interrupt_begin(&it, conn, "f");
**   rc = long_computation(..., &it.stop);  cgt_interrupt_end(&it); */
typedef struct cgt_interrupt {
  cgt_stop stop;
  sqlite3 *db;
  sqlite3_stmt *probe;
  const char *fname;
  double progress;          /* seconds between progress lines (0: none) */
  double start, last;       /* when the call began, and the last line */
  uint64_t polls;
} cgt_interrupt;
void cgt_interrupt_begin(cgt_interrupt *it, cgt_conn *conn, const char *fname);
void cgt_interrupt_end(cgt_interrupt *it);
/* The error of a computation of fname that ended with CGT_MEMORY under
** stop st: the bytes it wanted and the setting, with the remedy. */
void cgt_error_memory(sqlite3_context *ctx, const cgt_stop *st, const char *fname);
/* The same text, sqlite3_malloc'd (NULL when out of memory). */
char *cgt_memory_text(const cgt_stop *st);

/* Polls sqlite3_interrupt() between phases of a long step that runs no
** stop hook (such as reading a table): 1 when the connection is interrupted. */
int cgt_interrupted(sqlite3 *db);

/* Maps a core result code to an SQLite code. */
int cgt_sqlite_rc(cgt_rc rc);

/* A non-negative whole number: an INTEGER, or a REAL (or text read as a
** number) with no fraction, below 2^63.  1 with *out set, else 0. */
int cgt_value_uint(sqlite3_value *v, uint64_t *out);

/* Reads argument v (number argno, from 1) as a non-negative integer, as
** cgt_value_uint.  Returns 1 with *out set, 0 for NULL, -1 after setting an
** error that names fname. */
int cgt_arg_nonneg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint64_t *out);

/* 1 when some argument argv[0..argc-1] is NULL: the call's result is then
** NULL, whatever the other arguments (an argument that would be an error
** included), so that the order of the arguments does not matter. */
int cgt_any_null(int argc, sqlite3_value **argv);

/* Makes msg valid UTF-8 in place, as SQLite's callers decode it: a
** character cut short (a message quoting the start of a long text) is
** dropped, any other byte that begins no valid character becomes '?'. */
void cgt_utf8_repair(char *msg);
/* Sets the error "cgt: fname: message" with the given SQLite code. */
void cgt_error(sqlite3_context *ctx, int rc, const char *fname, const char *fmt, ...);
/* Reports a failed core computation of fname. */
void cgt_error_rc(sqlite3_context *ctx, cgt_rc rc, const char *fname);

#endif
