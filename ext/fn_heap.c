/*
** Heap games (pure, DETERMINISTIC|INNOCUOUS; sequences cached per connection):
**
**   heap_grundy(rule, n)          Grundy value of a heap of n counters
**   heap_sequence(rule, n_max)    table: n, grundy for n = 0..n_max
**   heap_period(rule [, n_max])   {"preperiod":P,"period":p,"saltus":0} when
**                                 proven by heap n_max (default 100000), else NULL
**
** The rule language is in core/heaprule.h.
*/
#include <stdio.h>
#include <string.h>

#include "binding.h"
#include "core/heapseq.h"

/* Reads the heap size argument; 0 for NULL, -1 after an error. */
static int heap_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint32_t *n) {
  uint64_t x;
  int r = cgt_arg_nonneg(ctx, v, fname, argno, &x);
  if (r > 0 && x > CGT_HEAP_MAX) {
    cgt_error(ctx, SQLITE_TOOBIG, fname, "a heap of %llu counters is larger than %u", (unsigned long long)x,
              CGT_HEAP_MAX);
    return -1;
  }
  *n = (uint32_t)x;
  return r;
}

/* G(0..n) of the rule text, or NULL after setting an error. */
static const uint32_t *values(sqlite3_context *ctx, cgt_conn *conn, const char *rule, uint32_t n, const char *fname) {
  char err[300];
  int rc = SQLITE_OK;
  const uint32_t *g = cgt_conn_heap_values(conn, rule, n, &rc, err, sizeof err);
  if (!g && rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (!g) cgt_error(ctx, rc, fname, "%s", err);
  return g;
}

static void heap_grundy_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint32_t n;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || heap_arg(ctx, argv[1], "heap_grundy", 2, &n) <= 0) return;
  const uint32_t *g = values(ctx, sqlite3_user_data(ctx), (const char *)sqlite3_value_text(argv[0]), n, "heap_grundy");
  if (g) sqlite3_result_int64(ctx, g[n]);
}

static void heap_period_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *fname = "heap_period";
  uint32_t n = 100000;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (argc == 2 && heap_arg(ctx, argv[1], fname, 2, &n) <= 0) return;
  const char *text = (const char *)sqlite3_value_text(argv[0]);
  const uint32_t *g = values(ctx, sqlite3_user_data(ctx), text, n, fname);
  if (!g) return;
  cgt_rule r;
  char err[300];
  if (cgt_rule_parse(text, &r, err, sizeof err) != CGT_OK) { sqlite3_result_error_nomem(ctx); return; }
  uint32_t pre, per;
  if (cgt_heap_period(&r, g, n + 1, &pre, &per)) {
    char json[96];
    snprintf(json, sizeof json, "{\"preperiod\":%u,\"period\":%u,\"saltus\":0}", pre, per);
    sqlite3_result_text(ctx, json, -1, SQLITE_TRANSIENT);
  }
  cgt_rule_free(&r);
}

const cgt_function cgt_heap_functions[] = {
    {"heap_grundy", 2, CGT_PURE, heap_grundy_func, NULL, NULL, NULL, NULL},
    {"heap_period", 1, CGT_PURE, heap_period_func, NULL, NULL, NULL, NULL},
    {"heap_period", 2, CGT_PURE, heap_period_func, NULL, NULL, NULL, NULL},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL}};

/* ---- heap_sequence(rule, n_max) ---- */

static int sequence_filter(cgt_cursor *cur, sqlite3_value **args) {
  uint64_t n;
  if (sqlite3_value_numeric_type(args[1]) != SQLITE_INTEGER || (n = (uint64_t)sqlite3_value_int64(args[1])) >
                                                                      CGT_HEAP_MAX) {
    cur->err = sqlite3_mprintf("cgt: heap_sequence: n_max must be an integer from 0 to %u, not %s", CGT_HEAP_MAX,
                               sqlite3_value_text(args[1]));
    return SQLITE_ERROR;
  }
  char err[300];
  int rc = SQLITE_OK;
  const uint32_t *g = cgt_conn_heap_values(cur->conn, (const char *)sqlite3_value_text(args[0]), (uint32_t)n, &rc,
                                           err, sizeof err);
  if (!g) {
    if (rc != SQLITE_NOMEM) cur->err = sqlite3_mprintf("cgt: heap_sequence: %s", err);
    return rc;
  }
  /* A copy: the connection's cache may replace the sequence meanwhile. */
  cur->rows = sqlite3_malloc64((n + 1) * sizeof *g);
  if (!cur->rows) return SQLITE_NOMEM;
  memcpy(cur->rows, g, (n + 1) * sizeof *g);
  cur->nrows = (sqlite3_int64)n + 1;
  return SQLITE_OK;
}

static void sequence_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  if (col == 0) sqlite3_result_int64(ctx, cur->row);
  else sqlite3_result_int64(ctx, ((const uint32_t *)cur->rows)[cur->row]);
}

static void sequence_reset(cgt_cursor *cur) { sqlite3_free(cur->rows); }

const cgt_table_function cgt_heap_tables[] = {
    {"heap_sequence", "CREATE TABLE x(n, grundy, rule HIDDEN, n_max HIDDEN)", 2, 2, 0, sequence_filter,
     sequence_column, sequence_reset},
    {NULL, NULL, 0, 0, 0, NULL, NULL, NULL}};
