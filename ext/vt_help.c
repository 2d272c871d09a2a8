/*
** cgt_help(): one row per function of cgt as registered (name and number
** of arguments), read from the registration tables of every family, so
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

/* Every function of every family, then every table-valued function. */
static int help_filter(cgt_cursor *cur, sqlite3_value **args) {
  (void)args;
  size_t n = 0;
  for (size_t i = 0; i < cgt_function_family_count; i++)
    for (const cgt_function *f = cgt_function_families[i]; f->name; f++) n++;
  for (size_t i = 0; i < cgt_table_family_count; i++)
    for (const cgt_table_function *tf = cgt_table_families[i]; tf->name; tf++) n++;
  help_row *rows = sqlite3_malloc64(n * sizeof *rows);
  if (!rows) return SQLITE_NOMEM;
  help_row *r = rows;
  for (size_t i = 0; i < cgt_function_family_count; i++)
    for (const cgt_function *f = cgt_function_families[i]; f->name; f++, r++)
      *r = (help_row){f->name, f->nargs, function_kind(f), f->args, f->result, f->description, f->example,
                      (f->flags & SQLITE_DIRECTONLY) != 0};
  for (size_t i = 0; i < cgt_table_family_count; i++)
    for (const cgt_table_function *tf = cgt_table_families[i]; tf->name; tf++, r++)
      *r = (help_row){tf->name, tf->nargs, "table", tf->args, tf->result, tf->description, tf->example, tf->reads};
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

const cgt_table_function cgt_help_tables[] = {
    {.name = "cgt_help",
     .schema = "CREATE TABLE x(name, narg, kind, args, result, description, example, reads)",
     .ncols = 8, .nargs = 0, .reads = 0, .filter = help_filter, .column = help_column, .reset = help_reset,
     .args = "", .result = "rows (name, narg, kind, args, result, description, example, reads)",
     .description = "This list: every function of cgt with its arguments, result, description and an example.",
     .example = "SELECT name, args FROM cgt_help() WHERE name LIKE 'cg_%'"},
    {0}};
