/*
** Heap games (pure, DETERMINISTIC|INNOCUOUS; sequences cached per connection):
**
**   heap_grundy(rule, n)          Grundy value of a heap of n counters
**   heap_sequence(rule, n_max)    table: n, grundy for n = 0..n_max
**   heap_period(rule [, n_max])   {"preperiod":P,"period":p,"saltus":s} when
**                                 proven by heap n_max (default 100000), else NULL
**   heap_period_observed(rule [, n_max])  the same with "proven":true, else
**                                 the period the values show ("proven":false)
**
** Limits: heap_grundy takes any 64-bit heap once a form (period, arithmetic
** period, closed form; heapform.h) is proven among the values up to it;
** otherwise, as heap_sequence and heap_period, a heap up to CGT_HEAP_MAX
** (2^31 - 1), the values below it held in memory (1 byte each while they
** are below 256, 2 below 65,536, else 4; counted against the 'memory'
** setting).  No budget of work: a call runs until it
** is done or interrupted.
**
** The rule language is in heap/heaprule.h.
*/
#include <stdio.h>
#include <string.h>

#include "heap_binding.h"
#include "heapseq.h"

/* G(0..n) of the rule text for fname, from the connection's cache or
** computed now; NULL with *rc and err set. */
static const cgt_hvals *conn_values(cgt_conn *conn, const char *rule, uint32_t n, const char *fname, int *rc,
                                   char *err, size_t errlen) {
  *rc = SQLITE_OK;
  if (!rule) {   /* (the text of a value that could not be had) */
    *rc = SQLITE_NOMEM;
    return NULL;
  }
  return cgt_conn_heap_values(conn, rule, n, fname, rc, err, errlen);
}

/* G(0..n) of the rule text, or NULL after setting an error. */
static const cgt_hvals *values(sqlite3_context *ctx, const char *rule, uint32_t n, const char *fname) {
  char err[400];
  int rc = SQLITE_OK;
  const cgt_hvals *g = conn_values(sqlite3_user_data(ctx), rule, n, fname, &rc, err, sizeof err);
  if (!g && rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (!g) cgt_error(ctx, rc, fname, "%s", err);
  return g;
}

/* G(n) of a provable rule by a proven form, looked for in the values up to
** heap min(n, CGT_HEAP_MAX): 1 with the result set (by the form, or by the
** values when they reach n), 0 when no form is proven by then and n is
** past them, -1 after an error. */
static int grundy_by_form(sqlite3_context *ctx, cgt_conn *conn, const char *rule, uint64_t n) {
  const char *fname = "heap_grundy";
  char err[400];
  int rc = SQLITE_OK, found = 0;
  cgt_heap_form f;
  uint32_t upto = n < CGT_HEAP_MAX ? (uint32_t)n : CGT_HEAP_MAX;
  const cgt_hvals *g = cgt_conn_heap_form(conn, rule, upto, fname, &f, &found, &rc, err, sizeof err);
  if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (rc) cgt_error(ctx, rc, fname, "%s", err);
  if (rc) return -1;
  if (!found && n <= upto) {
    sqlite3_result_int64(ctx, cgt_hv(g, n));
    return 1;
  }
  if (!found) return 0;
  int64_t v;
  if (cgt_heap_form_value(&f, g, n, &v) != CGT_OK) {
    cgt_error(ctx, SQLITE_TOOBIG, fname, "the Grundy value of heap %llu of rule '%s' is over 2^63-1",
              (unsigned long long)n, rule);
    return -1;
  }
  sqlite3_result_int64(ctx, v);
  return 1;
}

static void heap_grundy_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "heap_grundy";
  uint64_t n;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || cgt_arg_nonneg(ctx, argv[1], fname, 2, &n) <= 0) return;
  const char *rule = (const char *)sqlite3_value_text(argv[0]);
  if (!rule) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  cgt_conn *conn = sqlite3_user_data(ctx);
  cgt_rule r;
  if (!cgt_rule_arg(ctx, rule, fname, &r)) return;
  int provable = cgt_rule_is_provable(&r);
  cgt_rule_free(&r);
  /* Large heaps by a proven form first: it may need few values. */
  int by_form = provable && n > 65536 ? grundy_by_form(ctx, conn, rule, n) : 0;
  cgt_conn_heap_release(conn);
  if (by_form) return;
  if (n > CGT_HEAP_MAX) {
    cgt_error(ctx, SQLITE_TOOBIG, fname,
              provable ? "a heap of %llu counters is larger than %u, the most whose values cgt holds, and no period "
                         "of rule '%s' is proven by then"
                       : "a heap of %llu counters is larger than %u, the most whose values cgt holds, and rule '%s' "
                         "has no form cgt can prove",
              (unsigned long long)n, CGT_HEAP_MAX, rule);
    return;
  }
  const cgt_hvals *g = values(ctx, rule, (uint32_t)n, fname);
  if (g) sqlite3_result_int64(ctx, cgt_hv(g, n));
  cgt_conn_heap_release(conn);
}

/*
** heap_period(rule [, n_max]): the proven form as JSON, else NULL.
** heap_period_observed(rule [, n_max]): the proven form with "proven":true,
** else the least period that the values to n_max show three times at least,
** over half of them, with "proven":false, else NULL; both with "searched":n_max.
*/
static void period_result(sqlite3_context *ctx, int argc, sqlite3_value **argv, int observed) {
  const char *fname = observed ? "heap_period_observed" : "heap_period";
  uint32_t n = 100000;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (argc == 2 && cgt_heap_arg(ctx, argv[1], fname, 2, CGT_HEAP_MAX, &n) <= 0) return;
  const char *text = (const char *)sqlite3_value_text(argv[0]);
  cgt_rule r;
  if (!cgt_rule_arg(ctx, text, fname, &r)) return;
  cgt_rc crc = CGT_OK;
  int provable = cgt_rule_is_provable(&r);
  /* No proof is attempted for other rules: heap_period is NULL at once. */
  if (!provable && !observed) {
    cgt_rule_free(&r);
    return;
  }
  const cgt_hvals *g = values(ctx, text, n, fname);
  if (!g) {
    cgt_rule_free(&r);
    cgt_conn_heap_release(sqlite3_user_data(ctx));
    return;
  }
  int found = 0, proven = 0;
  cgt_heap_form f;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  if (provable) crc = cgt_heap_period_find(&r, g, n + 1, &found, &f, &it.stop);
  proven = found;
  if (!crc && !found && observed) crc = cgt_heap_period_observed(g, n + 1, &found, &f, &it.stop);
  cgt_heap_sparse sp;
  /* (the mask as sparse space chooses it, from the values to n_max) */
  int sparse = !crc && found && observed && n >= 2048 && cgt_heap_sparse_mask(&r, g, n, &sp, &it.stop);
  if (it.stop.stopped) crc = CGT_INTERRUPTED;
  cgt_interrupt_end(&it);
  if (crc) {
    cgt_error_rc(ctx, crc, fname);
  } else if (found && !observed) {
    char json[96];
    snprintf(json, sizeof json, "{\"preperiod\":%u,\"period\":%u,\"saltus\":%u}", f.pre, f.per, f.saltus);
    sqlite3_result_text(ctx, json, -1, SQLITE_TRANSIENT);
  } else if (found) {
    char json[200], mask[40] = "";
    if (sparse) snprintf(mask, sizeof mask, ",\"rare_mask\":%u", sp.mask);
    snprintf(json, sizeof json, "{\"preperiod\":%u,\"period\":%u,\"saltus\":%u,\"proven\":%s,\"searched\":%u%s}",
             f.pre, f.per, f.saltus, proven ? "true" : "false", n, mask);
    sqlite3_result_text(ctx, json, -1, SQLITE_TRANSIENT);
  }
  cgt_rule_free(&r);
  cgt_conn_heap_release(sqlite3_user_data(ctx));
}

static void heap_period_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  period_result(ctx, argc, argv, 0);
}

static void heap_period_observed_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  period_result(ctx, argc, argv, 1);
}

const cgt_function cgt_heap_functions[] = {
    {.name = "heap_grundy", .nargs = 2, .flags = CGT_PURE, .xFunc = heap_grundy_func,
     .args = "rule, n", .result = "INTEGER",
     .description = "Grundy value of a heap of n counters in a take-and-break game (any 64-bit n once a period is proven).",
     .example = "SELECT heap_grundy('kayles', 15)"},
    {.name = "heap_period", .nargs = 1, .flags = CGT_PURE, .xFunc = heap_period_func,
     .args = "rule", .result = "TEXT (JSON) or NULL",
     .description = "Preperiod, period and saltus of a heap game's proven period, searched to heap 100000.",
     .example = "SELECT heap_period('kayles')"},
    {.name = "heap_period", .nargs = 2, .flags = CGT_PURE, .xFunc = heap_period_func,
     .args = "rule, n_max", .result = "TEXT (JSON) or NULL",
     .description = "The same, searched to heap n_max.",
     .example = "SELECT heap_period('sub{1,3,4}', 1000)"},
    {.name = "heap_period_observed", .nargs = 1, .flags = CGT_PURE, .xFunc = heap_period_observed_func,
     .args = "rule", .result = "TEXT (JSON) or NULL",
     .description = "The proven period of a heap game, else the least one its values to heap 100000 show.",
     .example = "SELECT heap_period_observed('grundy', 2000)"},
    {.name = "heap_period_observed", .nargs = 2, .flags = CGT_PURE, .xFunc = heap_period_observed_func,
     .args = "rule, n_max", .result = "TEXT (JSON) or NULL",
     .description = "The same, searched to heap n_max.",
     .example = "SELECT heap_period_observed('0.2...', 1000)"},
    {0}};

/* ---- heap_sequence(rule, n_max) ---- */

/*
** The rows are streamed: the values the connection keeps are copied at
** once; otherwise they are computed in chunks growing twofold from 256,
** each when the rows reach it, so that a LIMIT or an interrupt ends the
** work with what was asked, and the first rows come before the last heap is
** computed.  Once all are computed, the connection keeps a copy (within its
** cache's budget), so the next scan, a join's inner loop say, copies them.
*/
typedef struct seq_rows {
  cgt_rule r;
  char *rule;         /* its text, for messages */
  uint32_t n_max;
  cgt_hvals g;        /* G(0..g.have-1) known */
  double start, last; /* of the progress lines, across the chunks */
} seq_rows;

static void seq_rows_free(seq_rows *q) {
  if (!q) return;
  cgt_rule_free(&q->r);
  sqlite3_free(q->rule);
  cgt_hvals_free(&q->g);
  sqlite3_free(q);
}

/* Makes row cur->row: computes the next chunk when the rows reach it. */
static int sequence_next(cgt_cursor *cur) {
  seq_rows *q = cur->rows;
  if ((uint64_t)cur->row > q->n_max) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  if ((uint64_t)cur->row < q->g.have) return SQLITE_OK;
  uint64_t have = q->g.have, want = have < 256 ? 256 : 2 * have;   /* values after this chunk */
  if (want <= (uint64_t)cur->row) want = (uint64_t)cur->row + 1;   /* (rows skipped by a bound on n) */
  if (want > (uint64_t)q->n_max + 1) want = (uint64_t)q->n_max + 1;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, "heap_sequence");
  cgt_stop_progress(&it.stop, have, q->n_max);   /* progress lines count to the last heap */
  if (have) it.start = q->start, it.last = q->last;   /* and the time from the call's start */
  cgt_rc rc = cgt_heap_values(&q->r, (uint32_t)(want - 1), &q->g, &it.stop);
  char *memory = rc == CGT_MEMORY ? cgt_memory_text(&it.stop) : NULL;
  q->start = it.start;
  q->last = it.last;
  cgt_interrupt_end(&it);
  if (rc == CGT_OK && q->g.have > q->n_max) cgt_conn_heap_offer(cur->conn, q->rule, &q->g);   /* for later scans */
  if (rc == CGT_MEMORY && memory)
    cur->err = sqlite3_mprintf("cgt: heap_sequence: the values of rule '%.80s' to heap %llu: %z", q->rule,
                               (unsigned long long)(want - 1), memory);
  else if (rc && rc != CGT_NOMEM && rc != CGT_MEMORY)
    cur->err = sqlite3_mprintf("cgt: heap_sequence: %s", cgt_rc_text(rc));
  return rc == CGT_MEMORY && !memory ? SQLITE_NOMEM : cgt_sqlite_rc(rc);
}

static int sequence_filter(cgt_cursor *cur, sqlite3_value **args) {
  uint64_t n;
  if (!cgt_value_uint(args[1], &n) || n > CGT_HEAP_MAX) {
    char *lit = cgt_value_literal(args[1]);   /* (NULL: no memory for it) */
    cur->err = lit ? sqlite3_mprintf("cgt: heap_sequence: n_max must be an integer from 0 to %u, not %z", CGT_HEAP_MAX,
                                     lit)
                   : NULL;
    return cur->err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  const char *text = (const char *)sqlite3_value_text(args[0]);
  seq_rows *q = text ? sqlite3_malloc(sizeof *q) : NULL;
  if (!q) return SQLITE_NOMEM;
  memset(q, 0, sizeof *q);
  cur->rows = q;
  q->n_max = (uint32_t)n;
  char err[300];
  cgt_rc rc = cgt_rule_parse(text, &q->r, err, sizeof err);
  if (rc) {
    if (rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: heap_sequence: %s", err);
    return cgt_sqlite_rc(rc);
  }
  if (!(q->rule = sqlite3_mprintf("%s", text))) return SQLITE_NOMEM;
  /* The values the connection keeps, copied (its cache may replace them). */
  const cgt_hvals *kept = cgt_conn_heap_kept(cur->conn, text, (uint32_t)n);
  if (kept && cgt_hvals_copy(&q->g, kept, n + 1, NULL)) return SQLITE_NOMEM;
  cur->next = sequence_next;
  return SQLITE_OK;
}

static void sequence_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const seq_rows *q = cur->rows;
  if (col == 0) sqlite3_result_int64(ctx, cur->row);
  else sqlite3_result_int64(ctx, cgt_hv(&q->g, (uint64_t)cur->row));
}

static void sequence_reset(cgt_cursor *cur) { seq_rows_free(cur->rows); }

/* ---- heap_rare(rule, n_max) ---- */

/* The rare heaps of a rule: (n, grundy) pairs, and the mask. */
typedef struct rare_rows {
  uint32_t mask;
  uint32_t (*row)[2];
} rare_rows;

static int rare_filter(cgt_cursor *cur, sqlite3_value **args) {
  const char *fname = "heap_rare";
  uint64_t n;
  if (!cgt_value_uint(args[1], &n) || n > CGT_HEAP_MAX) {
    char *lit = cgt_value_literal(args[1]);
    cur->err = lit ? sqlite3_mprintf("cgt: %s: n_max must be an integer from 0 to %u, not %z", fname, CGT_HEAP_MAX, lit)
                   : NULL;
    return cur->err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  const char *rule = (const char *)sqlite3_value_text(args[0]);
  char err[400];
  cgt_rule r;
  cgt_rc prc = rule ? cgt_rule_parse(rule, &r, err, sizeof err) : CGT_NOMEM;
  if (prc) {
    if (prc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: %s: %s", fname, err);
    return cgt_sqlite_rc(prc);
  }
  int candidate = cgt_rule_is_sparse_candidate(&r), rc = SQLITE_OK;   /* (the rule alone may rule it out) */
  /* The mask as sparse space chooses it, from the values to n_max, and to
  ** 2048 at least. */
  uint32_t m = n < 2048 ? 2048 : (uint32_t)n;
  const cgt_hvals *g = candidate ? conn_values(cur->conn, rule, m, fname, &rc, err, sizeof err) : NULL;
  if (candidate && !g) {
    if (rc != SQLITE_NOMEM) cur->err = sqlite3_mprintf("cgt: %s: %s", fname, err);
    cgt_rule_free(&r);
    return rc;
  }
  cgt_heap_sparse sp;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, fname);
  int found = candidate && cgt_heap_sparse_mask(&r, g, m, &sp, &it.stop);
  if (it.stop.stopped) rc = SQLITE_INTERRUPT;
  cgt_rule_free(&r);
  rare_rows *rr = NULL;
  uint64_t count = 0;
  if (found && rc == SQLITE_OK) {
    for (uint64_t x = 0; x <= n; x++) count += cgt_heap_is_rare(&sp, g, (uint32_t)x);
    if (cgt_stop_reserve(&it.stop, count * sizeof *rr->row) == CGT_MEMORY) {   /* the rows, against 'memory' */
      char *msg = cgt_memory_text(&it.stop);
      cur->err = msg ? sqlite3_mprintf("cgt: %s: the rare heaps of rule '%.80s' %z", fname, rule, msg) : NULL;
      cgt_interrupt_end(&it);
      cgt_conn_heap_release(cur->conn);
      return cur->err ? SQLITE_TOOBIG : SQLITE_NOMEM;
    }
    rr = sqlite3_malloc(sizeof *rr);
    if (rr) rr->row = cgt_malloc((size_t)(count ? count : 1) * sizeof *rr->row);
    if (!rr || !rr->row) {
      sqlite3_free(rr);
      rr = NULL;
      rc = SQLITE_NOMEM;
    } else {
      rr->mask = sp.mask;
      uint64_t k = 0;
      for (uint64_t x = 0; x <= n; x++)
        if (cgt_heap_is_rare(&sp, g, (uint32_t)x)) rr->row[k][0] = (uint32_t)x, rr->row[k++][1] = cgt_hv(g, x);
    }
  } else if (rc == SQLITE_OK) {
    rc = SQLITE_ERROR;
    cur->err = sqlite3_mprintf("cgt: %s: rule '%s' has no sparse space (a finite code whose splits leave two heaps, "
                               "with at most 8 splitting digits, and a mask that leaves few rare values among the upper "
                               "half of its values)", fname, rule);
  }
  cgt_interrupt_end(&it);
  cgt_conn_heap_release(cur->conn);
  if (rc != SQLITE_OK) return rc;
  cur->rows = rr;
  cur->nrows = (sqlite3_int64)count;
  return SQLITE_OK;
}

static void rare_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const rare_rows *rr = cur->rows;
  if (col == 2) sqlite3_result_int64(ctx, rr->mask);
  else sqlite3_result_int64(ctx, rr->row[cur->row][col]);
}

static void rare_reset(cgt_cursor *cur) {
  rare_rows *rr = cur->rows;
  if (rr) cgt_free(rr->row);
  sqlite3_free(rr);
}

const cgt_table_function cgt_heap_tables[] = {
    {.name = "heap_sequence",
     .schema = "CREATE TABLE x(n, grundy, rule HIDDEN, n_max HIDDEN)",
     .ncols = 2, .nargs = 2, .reads = 0, .filter = sequence_filter, .column = sequence_column, .reset = sequence_reset,
     .row_is_col0 = 1,
     .args = "rule, n_max", .result = "rows (n, grundy)",
     .description = "Grundy values of heaps 0 to n_max.",
     .example = "SELECT * FROM heap_sequence('0.07', 9)"},
    {.name = "heap_rare",
     .schema = "CREATE TABLE x(n, grundy, rule HIDDEN, n_max HIDDEN, mask HIDDEN)",
     .ncols = 2, .nargs = 2, .reads = 0, .filter = rare_filter, .column = rare_column, .reset = rare_reset,
     .args = "rule, n_max", .result = "rows (n, grundy; mask hidden)",
     .description = "The heaps up to n_max whose Grundy values are rare in the rule's sparse space, with the mask.",
     .example = "SELECT n, grundy FROM heap_rare('grundy', 100)"},
    {0}};
