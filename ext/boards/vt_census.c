/*
** board_census(ruleset, max_cells): every region of a board ruleset
** (Domineering, Clobber) of up to max_cells squares, one row per class of
** the symmetries that keep the value, with its value, outcome, mean and
** temperature; boards/census.h makes the rows bottom up.
** Pure (INNOCUOUS).  Rows are streamed: each is made when SQLite asks for
** it, so LIMIT ends the work early and an interrupt stops it in any row.
** Each cursor values in a store of its own, freed with the cursor.
*/
#include <string.h>

#include "board_binding.h"
#include "census.h"
#include "rulesets.h"
#include "../partizan/pnotation.h"

enum { COL_BOARD, COL_CELLS, COL_VALUE, COL_OUTCOME, COL_TEMPERATURE, COL_MEAN };

/* What filter made: the census and the current row's columns. */
typedef struct census_cursor {
  cg_store *s;
  cg_thermo *th;
  cg_census *census;
  const cg_rules *rules;
  cg_census_row row;
  char board[CG_BOARD_CELLS * 2 + 1];
  char *value;                  /* cgt_malloc'd, NULL when not asked for */
  cg_dyadic mean, temperature;  /* when asked for */
  char outcome;
} census_cursor;

static void census_texts_free(census_cursor *cc) {
  cgt_free(cc->value);
  cc->value = NULL;
}

static void census_reset(cgt_cursor *cur) {
  census_cursor *cc = cur->rows;
  if (!cc) return;
  census_texts_free(cc);
  cg_census_free(cc->census);
  cg_thermo_free(cc->th);
  cg_store_free(cc->s);
  sqlite3_free(cc);
}

/* The columns of cc->row that the query uses. */
static cgt_rc census_columns(census_cursor *cc, unsigned cols) {
  cg_store *s = cc->s;
  cg_id v = cc->row.value, zero;
  cgt_rc rc = CGT_OK;
  census_texts_free(cc);
  cg_board_text(cc->rules, &cc->row.board, cc->board);
  if (cols & 1u << COL_VALUE) rc = cg_print(s, v, &cc->value);
  if (rc == CGT_OK && cols & 1u << COL_OUTCOME) {
    char cmp = '|';
    rc = cg_integer(s, 0, &zero);
    if (rc == CGT_OK) rc = cg_compare(s, v, zero, &cmp);
    cc->outcome = cmp == '>' ? 'L' : cmp == '<' ? 'R' : cmp == '=' ? 'P' : 'N';
  }
  if (rc == CGT_OK && cols & (1u << COL_TEMPERATURE | 1u << COL_MEAN))
    rc = cg_thermograph(s, cc->th, v, &cc->mean, &cc->temperature);
  return rc;
}

/* Makes the next row (the cursor's next). */
static int census_next(cgt_cursor *cur) {
  census_cursor *cc = cur->rows;
  int more = 0;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, cur->tf->name);
  cg_store_set_stop(cc->s, &it.stop);
  cgt_rc rc = cg_census_next(cc->census, &cc->row, &more);
  if (rc == CGT_OK && more) rc = census_columns(cc, cur->cols);
  cg_store_set_stop(cc->s, NULL);
  cgt_interrupt_end(&it);
  cur->eof = !more;
  if (rc && rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: board_census: %s", cgt_rc_text(rc));
  return cgt_sqlite_rc(rc);
}

static int census_filter(cgt_cursor *cur, sqlite3_value **args) {
  const char *ruleset = (const char *)sqlite3_value_text(args[0]);
  if (!ruleset) return SQLITE_NOMEM;
  const cg_rules *r = cg_rules_find(ruleset);
  uint32_t limit = r ? cg_census_limit(r) : 0;
  if (!limit) {
    cur->err = sqlite3_mprintf(r ? "cgt: board_census: no census of '%s' (domineering, clobber)"
                                 : "cgt: board_census: unknown ruleset '%s' (domineering, clobber)",
                               ruleset);
    return SQLITE_ERROR;
  }
  uint64_t n;
  if (!cgt_value_uint(args[1], &n) || n < 1 || n > limit) {
    if (!sqlite3_value_text(args[1])) return SQLITE_NOMEM;   /* (its text, for the message, could not be had) */
    cur->err = sqlite3_mprintf("cgt: board_census: max_cells of %s must be an integer from 1 to %u, not '%s'",
                               r->name, limit, (const char *)sqlite3_value_text(args[1]));
    return SQLITE_ERROR;
  }
  census_cursor *cc = sqlite3_malloc(sizeof *cc);
  if (!cc) return SQLITE_NOMEM;
  memset(cc, 0, sizeof *cc);
  cur->rows = cc;
  /* Without value columns, the shapes too large to be options are not valued. */
  int values = (cur->cols & ~(1u << COL_BOARD | 1u << COL_CELLS)) != 0;
  cc->s = cg_store_new();
  cc->th = cg_thermo_new();
  cc->census = cc->s ? cg_census_new(cc->s, r, (uint32_t)n, values) : NULL;
  cc->rules = r;
  if (!cc->th || !cc->census) return SQLITE_NOMEM;
  cur->next = census_next;
  return SQLITE_OK;
}

static void census_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const census_cursor *cc = cur->rows;
  const char *text = NULL;
  switch (col) {
    case COL_BOARD: text = cc->board; break;
    case COL_CELLS: sqlite3_result_int64(ctx, cc->row.cells); return;
    case COL_VALUE: text = cc->value; break;
    case COL_OUTCOME: cgt_result_letter(ctx, cc->outcome); return;
    case COL_TEMPERATURE:   /* numbers as the partizan functions return them */
      cgt_result_number(ctx, cc->s, cc->temperature, cur->tf->name);
      return;
    case COL_MEAN: cgt_result_number(ctx, cc->s, cc->mean, cur->tf->name); return;
    default: return;
  }
  if (text) sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
}

const cgt_table_function cgt_census_tables[] = {
    {.name = "board_census",
     .schema = "CREATE TABLE x(board, cells, value, outcome, temperature, mean, ruleset HIDDEN, max_cells HIDDEN)",
     .ncols = 6, .nargs = 2, .reads = 0, .filter = census_filter, .column = census_column, .reset = census_reset,
     .args = "ruleset, max_cells", .result = "rows (board, cells, value, outcome, temperature, mean)",
     .description = "Every region of a board ruleset of up to max_cells squares, with its value.",
     .example = "SELECT * FROM board_census('domineering', 3)"},
    {0}};
