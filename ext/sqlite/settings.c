/*
** The settings of a connection, read and set as sqlite3_limit() reads and
** sets SQLite's own limits:
**
**   cgt_setting(name)          the value in force
**   cgt_setting(name, value)   sets it; returns the value now in force
**
**   'memory'    the bytes the tables of one call may hold (its sequences,
**               positions, transposition tables: docs/internals.md, "Limits",
**               says what each function counts); a call that would need
**               more ends with an error that names the bytes and this
**               setting.  Default: half the machine's memory (4 GiB where it
**               cannot be known); at least 1 MiB.
**   'progress'  seconds between the lines a long call prints on standard
**               error (naming the function, how far it is and the time it
**               took), for long calls in the shell; 0, the default, prints
**               nothing.
**
** Settings change how far a call may go and what it says on the way, never
** its answer: a call gives the same result on every connection, but that a
** lower 'memory' may turn a result into that error.
*/
#include "binding.h"

#include <math.h>
#include <string.h>

#define MEMORY_MAX ((uint64_t)1 << 62)
#define PROGRESS_MAX 1e9

/* The value of setting name as an SQL result. */
static void result_setting(sqlite3_context *ctx, const cgt_settings *s, int memory) {
  if (memory) sqlite3_result_int64(ctx, (sqlite3_int64)s->memory);
  else if (s->progress == floor(s->progress)) sqlite3_result_int64(ctx, (sqlite3_int64)s->progress);
  else sqlite3_result_double(ctx, s->progress);
}

/* Reads the number of v (an INTEGER, a REAL, or text that reads as one);
** 0 when v is none of them. */
static int number_of(sqlite3_value *v, double *d) {
  int type = sqlite3_value_numeric_type(v);
  if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) return 0;
  *d = sqlite3_value_double(v);
  return isfinite(*d);
}

static void setting_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *fname = "cgt_setting";
  if (cgt_any_null(argc, argv)) return;
  const char *name = (const char *)sqlite3_value_text(argv[0]);
  if (!name) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  /* a name is TEXT, read whole (not 'memory' and a NUL byte, not a BLOB) */
  int whole = sqlite3_value_type(argv[0]) == SQLITE_TEXT && (size_t)sqlite3_value_bytes(argv[0]) == strlen(name);
  int memory = whole && cgt_name_is(name, "memory");
  if (!memory && !(whole && cgt_name_is(name, "progress"))) {
    char *lit = cgt_value_literal(argv[0]);
    cgt_error(ctx, SQLITE_ERROR, fname, "unknown setting %s (memory, progress)", lit ? lit : "?");
    sqlite3_free(lit);
    return;
  }
  cgt_settings *s = cgt_conn_settings(sqlite3_user_data(ctx));
  if (argc == 2) {
    double d = 0;
    int ok = number_of(argv[1], &d);
    if (memory && sqlite3_value_numeric_type(argv[1]) == SQLITE_INTEGER) {   /* exact: doubles round near 2^62 */
      sqlite3_int64 i = sqlite3_value_int64(argv[1]);
      ok = i >= (sqlite3_int64)CGT_MEMORY_MIN && (uint64_t)i <= MEMORY_MAX;
    } else if (memory) {
      ok = ok && d == floor(d) && d >= (double)CGT_MEMORY_MIN && d < (double)MEMORY_MAX;
    } else {
      ok = ok && d >= 0 && d <= PROGRESS_MAX;
    }
    if (!ok) {
      char *lit = cgt_value_literal(argv[1]);
      if (!lit) sqlite3_result_error_nomem(ctx);
      else if (memory)
        cgt_error(ctx, SQLITE_ERROR, fname,
                  "bad value %s for setting 'memory' (a whole number of bytes from %llu to 2^62)", lit,
                  (unsigned long long)CGT_MEMORY_MIN);
      else
        cgt_error(ctx, SQLITE_ERROR, fname, "bad value %s for setting 'progress' (seconds from 0, for none, to 1e9)",
                  lit);
      sqlite3_free(lit);
      return;
    }
    if (!memory) s->progress = d;
    else if (sqlite3_value_numeric_type(argv[1]) == SQLITE_INTEGER) s->memory = (uint64_t)sqlite3_value_int64(argv[1]);
    else s->memory = (uint64_t)d;
  }
  result_setting(ctx, s, memory);
}

const cgt_function cgt_setting_functions[] = {
    {.name = "cgt_setting", .nargs = 1, .flags = CGT_READS, .xFunc = setting_func,
     .args = "name", .result = "INTEGER or REAL",
     .description = "A setting of this connection: 'memory' (bytes a call may hold), 'progress' (seconds).",
     .example = "SELECT cgt_setting('memory')"},
    {.name = "cgt_setting", .nargs = 2, .flags = CGT_READS, .xFunc = setting_func,
     .args = "name, value", .result = "INTEGER or REAL",
     .description = "Sets a setting of this connection and returns the value now in force.",
     .example = "SELECT cgt_setting('progress', 10)"},
    {0}};
