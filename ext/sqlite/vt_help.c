/*
** The extension's own functions: cgt_version(), cgt_setting() (settings.c),
** and cgt_help(), one row per
** function of cgt as registered (name and number of arguments), read from
** the registration tables of every family registered on the connection, so
** the list cannot drift from what the extension provides:
**
**   name, narg (-1: any number), kind ('scalar', 'aggregate', 'window' or
**   'table'), args, result, description, example, reads (1 when it reads
**   cgt_edge/cgt_node: DIRECTONLY)
**
**   SELECT name, args, description FROM cgt_help() WHERE name LIKE 'cg_%';
*/
#include "binding.h"

typedef struct help_row {
  const char *name;
  int narg;
  const char *kind;
  const char *args, *result, *description, *example;
  int reads;
} help_row;

/* The kind of a registered function, from the callbacks it has. */
static const char *function_kind(const cgt_function *f) {
  if (f->xValue) return "window";
  return f->xStep ? "aggregate" : "scalar";
}

/* The rows of the functions (tables = 0) or table functions of family f
** into r (when not NULL); returns how many. */
static size_t family_rows(const cgt_family *f, int tables, help_row *r) {
  size_t n = 0;
  for (const cgt_function *const *list = tables ? NULL : f->functions; list && *list; list++)
    for (const cgt_function *fn = *list; fn->name; fn++, n++)
      if (r)
        r[n] = (help_row){fn->name, fn->nargs, function_kind(fn), fn->args, fn->result, fn->description, fn->example,
                          (fn->flags & SQLITE_DIRECTONLY) != 0};
  for (const cgt_table_function *const *list = tables ? f->tables : NULL; list && *list; list++)
    for (const cgt_table_function *tf = *list; tf->name; tf++, n++)
      if (r)
        r[n] = (help_row){tf->name, tf->nargs, "table", tf->args, tf->result, tf->description, tf->example,
                          tf->reads};
  return n;
}

/* The rows of every function, then of every table function: the
** extension's own functions first and its cgt_help last, the families'
** between them in turn.  Counts them when rows is NULL. */
static size_t all_rows(cgt_conn *conn, help_row *rows) {
  size_t count, n = family_rows(&cgt_self_family, 0, rows);
  const cgt_family *const *families = cgt_conn_families(conn, &count);
  for (int tables = 0; tables <= 1; tables++)
    for (size_t i = 0; i < count; i++) n += family_rows(families[i], tables, rows ? rows + n : NULL);
  return n + family_rows(&cgt_self_family, 1, rows ? rows + n : NULL);
}

static int help_filter(cgt_cursor *cur, sqlite3_value **args) {
  (void)args;
  size_t n = all_rows(cur->conn, NULL);
  help_row *rows = sqlite3_malloc64((n ? n : 1) * sizeof *rows);
  if (!rows) return SQLITE_NOMEM;
  all_rows(cur->conn, rows);
  cur->rows = rows;
  cur->nrows = (sqlite3_int64)n;
  return SQLITE_OK;
}

static void help_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const help_row *r = &((const help_row *)cur->rows)[cur->row];
  const char *text[] = {r->name, NULL, r->kind, r->args, r->result, r->description, r->example};
  if (col == 1) sqlite3_result_int(ctx, r->narg);
  else if (col == 7) sqlite3_result_int(ctx, r->reads);
  else if (text[col]) sqlite3_result_text(ctx, text[col], -1, SQLITE_STATIC);
}

static void help_reset(cgt_cursor *cur) { sqlite3_free(cur->rows); }

static void version_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, CGT_VERSION, -1, SQLITE_STATIC);
}

static const cgt_function self_functions[] = {
    {.name = "cgt_version", .nargs = 0, .flags = CGT_PURE, .xFunc = version_func,
     .args = "", .result = "TEXT",
     .description = "The version of the extension.",
     .example = "SELECT cgt_version()"},
    {0}};

static const cgt_table_function help_tables[] = {
    {.name = "cgt_help",
     .schema = "CREATE TABLE x(name, narg, kind, args, result, description, example, reads)",
     .ncols = 8, .nargs = 0, .reads = 0, .filter = help_filter, .column = help_column, .reset = help_reset,
     .args = "", .result = "rows (name, narg, kind, args, result, description, example, reads)",
     .description = "This list: every function of cgt with its arguments, result, description and an example.",
     .example = "SELECT name, args FROM cgt_help() WHERE name LIKE 'cg_%'"},
    {0}};

const cgt_family cgt_self_family = {"cgt", (const cgt_function *const[]){self_functions, cgt_setting_functions, NULL},
                                    (const cgt_table_function *const[]){help_tables, NULL}};
