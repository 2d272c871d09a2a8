/*
** One eponymous virtual table module serves every table-valued function of
** cgt.  A function is described by a cgt_table_function; its arguments are
** the hidden columns after the visible ones, as in SQLite's series.c.
** Arguments must be given (f(a, b) or WHERE a = ... AND b = ...), but for
** the last nopt, which may be left out; when one is NULL the function has
** no rows.  Rows are made by filter, all at once, or
** streamed: a filter that sets cur->next has each row made when SQLite
** steps to it, so LIMIT ends the work early.
*/
#include "binding.h"

#include <math.h>

#include <string.h>

typedef struct tf_aux {
  cgt_conn *conn;
  const cgt_table_function *tf;
} tf_aux;

typedef struct tf_vtab {
  sqlite3_vtab base;
  tf_aux *aux;
} tf_vtab;

static int tf_connect(sqlite3 *db, void *pAux, int argc, const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr) {
  (void)argc;
  (void)argv;
  (void)pzErr;
  tf_aux *aux = pAux;
  int rc = sqlite3_declare_vtab(db, aux->tf->schema);
  if (rc != SQLITE_OK) return rc;
  tf_vtab *vt = sqlite3_malloc(sizeof *vt);
  if (!vt) return SQLITE_NOMEM;
  memset(vt, 0, sizeof *vt);
  vt->aux = aux;
  sqlite3_vtab_config(db, aux->tf->reads ? SQLITE_VTAB_DIRECTONLY : SQLITE_VTAB_INNOCUOUS);
  *ppVtab = &vt->base;
  return SQLITE_OK;
}

static int tf_disconnect(sqlite3_vtab *vtab) {
  sqlite3_free(vtab);
  return SQLITE_OK;
}

/* Arguments are passed in column order; idxNum has bit i when argument i is
** constrained (i < CGT_TF_ARGS), and bit 16+j when visible column j is
** used.  An unusable equality on an argument rules the plan out. */
static int tf_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  const cgt_table_function *tf = ((tf_vtab *)vtab)->aux->tf;
  int present = 0, unusable = 0, slot[CGT_TF_ARGS];
  for (int i = 0; i < CGT_TF_ARGS; i++) slot[i] = -1;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int arg = c->iColumn - tf->ncols;
    if (arg < 0 || arg >= tf->nargs || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c->usable) { unusable |= 1 << arg; continue; }
    if (slot[arg] < 0) slot[arg] = i;
    present |= 1 << arg;
  }
  if (unusable & ~present) return SQLITE_CONSTRAINT;
  int next = 1;
  for (int arg = 0; arg < tf->nargs; arg++) {
    if (slot[arg] < 0) continue;
    info->aConstraintUsage[slot[arg]].argvIndex = next++;
    info->aConstraintUsage[slot[arg]].omit = 1;
  }
  /* Bounds on the row number (row_is_col0), after the arguments: bits 24
  ** and 25 a lower and an upper bound, 26 and 27 strict ones.  SQLite still
  ** checks them (no omit): they only spare the rows outside. */
  int bounds = 0, lower = -1, upper = -1;
  for (int i = 0; tf->row_is_col0 && i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn != 0 || !c->usable) continue;
    int op = c->op, eq = op == SQLITE_INDEX_CONSTRAINT_EQ;
    if (lower < 0 && (eq || op == SQLITE_INDEX_CONSTRAINT_GT || op == SQLITE_INDEX_CONSTRAINT_GE)) {
      lower = i;
      bounds |= 1 << 24 | (op == SQLITE_INDEX_CONSTRAINT_GT) << 26;
    }
    if (upper < 0 && (eq || op == SQLITE_INDEX_CONSTRAINT_LT || op == SQLITE_INDEX_CONSTRAINT_LE)) {
      upper = i;
      bounds |= 1 << 25 | (op == SQLITE_INDEX_CONSTRAINT_LT) << 27;
    }
  }
  /* the lower bound's value first, then the upper's (one value when one = gives both) */
  if (lower >= 0) info->aConstraintUsage[lower].argvIndex = next++;
  if (upper >= 0 && upper != lower) info->aConstraintUsage[upper].argvIndex = next++;
  if (lower >= 0 && lower == upper) bounds |= 1 << 28;
  /* Bits 16 to 23: the visible columns the query uses (colUsed). */
  unsigned cols = (unsigned)(info->colUsed & ((1u << tf->ncols) - 1));
  info->idxNum = present | (int)(cols << 16) | bounds;
  int needed = (1 << (tf->nargs - tf->nopt)) - 1;
  info->estimatedCost = (present & needed) == needed ? 1000.0 : 1e12;
  info->estimatedRows = 1000;
  return SQLITE_OK;
}

static void tf_reset(cgt_cursor *cur) {
  if (cur->tf->reset) cur->tf->reset(cur);
  cur->rows = NULL;
  cur->row = cur->nrows = 0;
  cur->next = NULL;
  cur->eof = 0;
  for (int i = 0; i < CGT_TF_ARGS; i++) {
    sqlite3_value_free(cur->args[i]);
    cur->args[i] = NULL;
  }
}

static int tf_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **ppCur) {
  tf_aux *aux = ((tf_vtab *)vtab)->aux;
  cgt_cursor *cur = sqlite3_malloc(sizeof *cur);
  if (!cur) return SQLITE_NOMEM;
  memset(cur, 0, sizeof *cur);
  cur->conn = aux->conn;
  cur->tf = aux->tf;
  *ppCur = &cur->base;
  return SQLITE_OK;
}

static int tf_close(sqlite3_vtab_cursor *base) {
  cgt_cursor *cur = (cgt_cursor *)base;
  tf_reset(cur);
  if (cur->kept_free) cur->kept_free(cur->kept);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* Moves the message of a failed filter or next to the virtual table. */
static int tf_failed(cgt_cursor *cur, int rc) {
  sqlite3_vtab *vtab = cur->base.pVtab;
  sqlite3_free(vtab->zErrMsg);
  if (cur->err) cgt_utf8_repair(cur->err);
  vtab->zErrMsg = cur->err;
  cur->err = NULL;
  return rc;
}

/* Makes the next streamed row; after an error there are no more. */
static int tf_stream(cgt_cursor *cur) {
  int rc = cur->next(cur);
  if (rc != SQLITE_OK) {
    cur->eof = 1;
    return tf_failed(cur, rc);
  }
  return SQLITE_OK;
}

/* "cgt: f: argument N (name) is missing", the name taken from the
** function's argument list ("graph_id, tokens"). */
static char *missing_argument(const cgt_table_function *tf, int arg) {
  const char *p = tf->args;
  for (int i = 0; i < arg && p; i++) p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
  while (p && *p == ' ') p++;
  int len = p ? (int)strcspn(p, ",") : 0;
  return len ? sqlite3_mprintf("cgt: %s: argument %d (%.*s) is missing", tf->name, arg + 1, len, p)
             : sqlite3_mprintf("cgt: %s: argument %d is missing", tf->name, arg + 1);
}

/* The rows [*first, *last] that bounds on the row number allow (see
** tf_best_index); a bound that is not a number bounds nothing. */
static void row_bounds(int idxNum, sqlite3_value **v, sqlite3_int64 *first, sqlite3_int64 *last) {
  *first = 0, *last = INT64_MAX;
  for (int which = 0; which < 2; which++) {   /* lower, then upper */
    if (!(idxNum & 1 << (24 + which))) continue;
    sqlite3_value *b = *v;
    if (!(which == 0 && (idxNum & 1 << 28))) v++;   /* (an = gives both bounds from one value) */
    int type = sqlite3_value_type(b);   /* (text is above every number in SQL: it bounds nothing) */
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) continue;
    double d = sqlite3_value_double(b);
    int strict = idxNum & 1 << (26 + which);
    if (which == 0) {
      double lo = strict ? floor(d) + 1 : ceil(d);
      if (lo > 0) *first = lo >= 9.2e18 ? INT64_MAX : (sqlite3_int64)lo;
    } else {
      double hi = strict ? ceil(d) - 1 : floor(d);
      *last = hi < 0 ? -1 : hi >= 9.2e18 ? INT64_MAX : (sqlite3_int64)hi;
    }
  }
}

static int tf_filter(sqlite3_vtab_cursor *base, int idxNum, const char *idxStr, int argc, sqlite3_value **argv) {
  (void)idxStr;
  (void)argc;
  cgt_cursor *cur = (cgt_cursor *)base;
  const cgt_table_function *tf = cur->tf;
  tf_reset(cur);
  cur->cols = ((unsigned)idxNum >> 16) & 0xff;
  int k = 0;
  for (int arg = 0; arg < tf->nargs; arg++) {
    if (!(idxNum & (1 << arg)) && arg >= tf->nargs - tf->nopt) continue;   /* an optional one left out */
    if (!(idxNum & (1 << arg))) {
      sqlite3_free(base->pVtab->zErrMsg);
      base->pVtab->zErrMsg = missing_argument(tf, arg);
      return SQLITE_ERROR;
    }
    cur->args[arg] = sqlite3_value_dup(argv[k++]);
    if (!cur->args[arg]) return SQLITE_NOMEM;
  }
  sqlite3_int64 first = 0;
  row_bounds(idxNum, argv + k, &first, &cur->row_max);
  for (int arg = 0; arg < tf->nargs; arg++)
    if (cur->args[arg] && sqlite3_value_type(cur->args[arg]) == SQLITE_NULL) return SQLITE_OK;
  cur->row = first;
  int rc = tf->filter(cur, cur->args);   /* (also for no row: it checks the arguments) */
  if (rc != SQLITE_OK) {
    cur->nrows = 0;
    cur->next = NULL;
    return tf_failed(cur, rc);
  }
  return cur->next && first <= cur->row_max ? tf_stream(cur) : SQLITE_OK;
}

static int tf_next(sqlite3_vtab_cursor *base) {
  cgt_cursor *cur = (cgt_cursor *)base;
  cur->row++;
  return cur->next && cur->row <= cur->row_max ? tf_stream(cur) : SQLITE_OK;
}

static int tf_eof(sqlite3_vtab_cursor *base) {
  cgt_cursor *cur = (cgt_cursor *)base;
  if (cur->row > cur->row_max) return 1;
  return cur->next ? cur->eof : cur->row >= cur->nrows;
}

static int tf_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col) {
  cgt_cursor *cur = (cgt_cursor *)base;
  const cgt_table_function *tf = cur->tf;
  if (col >= tf->ncols && col < tf->ncols + tf->nargs) {
    if (cur->args[col - tf->ncols]) sqlite3_result_value(ctx, cur->args[col - tf->ncols]);
  }
  else cur->tf->column(cur, ctx, col < tf->ncols ? col : col - tf->nargs);   /* (an output past the arguments) */
  return SQLITE_OK;
}

static int tf_rowid(sqlite3_vtab_cursor *base, sqlite_int64 *pRowid) {
  *pRowid = ((cgt_cursor *)base)->row + 1;
  return SQLITE_OK;
}

static const sqlite3_module tf_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous only */
    .xConnect = tf_connect,
    .xBestIndex = tf_best_index,
    .xDisconnect = tf_disconnect,
    .xOpen = tf_open,
    .xClose = tf_close,
    .xFilter = tf_filter,
    .xNext = tf_next,
    .xEof = tf_eof,
    .xColumn = tf_column,
    .xRowid = tf_rowid,
};

static void tf_aux_free(void *p) {
  tf_aux *aux = p;
  cgt_conn_unref(aux->conn);
  sqlite3_free(aux);
}

int cgt_register_table_function(sqlite3 *db, cgt_conn *conn, const cgt_table_function *tf) {
  tf_aux *aux = sqlite3_malloc(sizeof *aux);
  if (!aux) return SQLITE_NOMEM;
  aux->conn = conn;
  aux->tf = tf;
  cgt_conn_ref(conn);
  return sqlite3_create_module_v2(db, tf->name, &tf_module, aux, tf_aux_free);
}
