/*
** Pure functions on numbers: nim_sum (XOR) and mex (minimum excludant), each
** a scalar function of any number of arguments and an aggregate of one,
** and cgt_version().  A NULL argument gives NULL, as SQLite's scalar max()
** does; the aggregates skip NULL rows, as SQL's aggregates do.  A negative
** or non-integer argument is an error.
*/
#include "heap_binding.h"

#include <string.h>

/* ---- nim_sum ---- */

static void nim_sum_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint64_t x = 0, v;
  if (cgt_any_null(argc, argv)) return;
  for (int i = 0; i < argc; i++) {
    if (cgt_arg_nonneg(ctx, argv[i], "nim_sum", i + 1, &v) < 0) return;
    x ^= v;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)x);
}

/* Window step and inverse are the same: XOR is its own inverse. */
static void nim_sum_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  uint64_t v, *acc = sqlite3_aggregate_context(ctx, sizeof *acc);
  if (!acc) { sqlite3_result_error_nomem(ctx); return; }
  if (cgt_arg_nonneg(ctx, argv[0], "nim_sum", 1, &v) > 0) *acc ^= v;
}

static void nim_sum_value(sqlite3_context *ctx) {
  uint64_t *acc = sqlite3_aggregate_context(ctx, 0);
  sqlite3_result_int64(ctx, acc ? (sqlite3_int64)*acc : 0);
}

/* ---- mex ---- */

/* The mex aggregate keeps its values (4 bytes each) until the end: at
** most MEX_MAX of them.  A value of MEX_MAX or more cannot be the mex's
** concern (the mex of n values is at most n), so it is only counted. */
#define MEX_MAX 100000000

typedef struct value_list {
  uint32_t *v;
  sqlite3_int64 n, cap;
  sqlite3_int64 count;   /* values seen, kept or not */
} value_list;

/* 1 when kept; 0 when out of memory; -1 over the limit. */
static int list_push(value_list *l, uint64_t v) {
  if (++l->count > MEX_MAX) return -1;
  if (v >= MEX_MAX) return 1;
  if (l->n == l->cap) {
    sqlite3_int64 cap = l->cap ? 2 * l->cap : 16;
    uint32_t *nv = sqlite3_realloc64(l->v, (sqlite3_uint64)cap * sizeof *nv);
    if (!nv) return 0;
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = (uint32_t)v;
  return 1;
}

/* The least non-negative integer not among v[0..n-1]; -1 when out of memory. */
static sqlite3_int64 mex_of(const uint32_t *v, sqlite3_int64 n) {
  unsigned char *seen = sqlite3_malloc64((sqlite3_uint64)n + 1);
  if (!seen) return -1;
  memset(seen, 0, (size_t)n + 1);
  for (sqlite3_int64 i = 0; i < n; i++)
    if (v[i] <= (uint64_t)n) seen[v[i]] = 1;
  sqlite3_int64 m = 0;
  while (seen[m]) m++;
  sqlite3_free(seen);
  return m;
}

static void result_mex(sqlite3_context *ctx, const uint32_t *v, sqlite3_int64 n) {
  sqlite3_int64 m = mex_of(v, n);
  if (m < 0) sqlite3_result_error_nomem(ctx);
  else sqlite3_result_int64(ctx, m);
}

static void mex_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (cgt_any_null(argc, argv)) return;
  /* argc is at most SQLite's limit on arguments (127 by default, never
  ** over 32767), and a value over argc cannot be the mex's concern. */
  uint32_t v[128], *vals = argc <= 128 ? v : sqlite3_malloc64((sqlite3_uint64)argc * sizeof *vals);
  if (!vals) { sqlite3_result_error_nomem(ctx); return; }
  sqlite3_int64 n = 0;
  int r = 0;
  for (int i = 0; i < argc; i++) {
    uint64_t x;
    r = cgt_arg_nonneg(ctx, argv[i], "mex", i + 1, &x);
    if (r < 0) break;
    vals[n++] = x > (uint64_t)argc ? (uint32_t)argc + 1 : (uint32_t)x;
  }
  if (n == argc) result_mex(ctx, vals, n);
  if (vals != v) sqlite3_free(vals);
}

static void mex_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  value_list *l = sqlite3_aggregate_context(ctx, sizeof *l);
  uint64_t v;
  if (!l) { sqlite3_result_error_nomem(ctx); return; }
  if (cgt_arg_nonneg(ctx, argv[0], "mex", 1, &v) <= 0) return;
  int r = list_push(l, v);
  if (r == 0) sqlite3_result_error_nomem(ctx);
  else if (r < 0) cgt_error(ctx, SQLITE_TOOBIG, "mex", "more than %d values, over the limit of the aggregate", MEX_MAX);
}

static void mex_final(sqlite3_context *ctx) {
  value_list *l = sqlite3_aggregate_context(ctx, 0);
  if (!l) { sqlite3_result_int64(ctx, 0); return; }
  result_mex(ctx, l->v, l->n);
  sqlite3_free(l->v);
}

const cgt_function cgt_nim_functions[] = {
    {.name = "nim_sum", .nargs = -1, .flags = CGT_PURE, .xFunc = nim_sum_func,
     .args = "a, b, ...", .result = "INTEGER",
     .description = "Nim-sum (bitwise XOR) of non-negative integers.",
     .example = "SELECT nim_sum(3, 5, 6)"},
    {.name = "nim_sum", .nargs = 1, .flags = CGT_PURE, .xStep = nim_sum_step, .xFinal = nim_sum_value,
     .xValue = nim_sum_value, .xInverse = nim_sum_step,
     .args = "a", .result = "INTEGER",
     .description = "Aggregate and window function: the nim-sum of the rows.",
     .example = "SELECT nim_sum(value) FROM json_each('[1,2,4]')"},
    {.name = "mex", .nargs = -1, .flags = CGT_PURE, .xFunc = mex_func,
     .args = "a, b, ...", .result = "INTEGER",
     .description = "Minimum excludant: the least non-negative integer not among the arguments.",
     .example = "SELECT mex(0, 1, 3)"},
    {.name = "mex", .nargs = 1, .flags = CGT_PURE, .xStep = mex_step, .xFinal = mex_final,
     .args = "a", .result = "INTEGER",
     .description = "Aggregate: the minimum excludant of the rows.",
     .example = "SELECT mex(value) FROM json_each('[0,1,2,5]')"},
    {0}};
