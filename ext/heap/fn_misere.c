/*
** Misère play of sums of heaps (pure, DETERMINISTIC|INNOCUOUS):
**
**   misere_heap_win(rule, h1, h2, ...)   1 when the player to move wins the
**                                        misère sum of these heaps
**   misere_heap_win(rule, h)             the same, as an aggregate
**   misere_quotient(rule, n_max)         the misère quotient of the heaps up
**                                        to n_max, as JSON
**   heap_genus(rule, n)                  Conway's genus of a heap, as text
**   heap_genus_sequence(rule, n_max)     table: n, grundy, genus, tame
**
** Quotients come from heap/misere.h, genera from heap/genus.h, both kept
** per connection for the last few rules (heap_misere_cache.c).  Limits: heaps up to CGT_MISERE_MAX_HEAP
** and the limits of those two files.
*/
#include <stdio.h>
#include <string.h>

#include "heap_binding.h"
#include "genus.h"
#include "misere_present.h"

#define CGT_MISERE_MAX_HEAP 1000u

/* Reports a failed quotient computation of rule at heap fail. */
static void quotient_error(sqlite3_context *ctx, cgt_rc rc, const char *fname, const char *rule, uint32_t fail) {
  if (rc == CGT_LIMIT)
    cgt_error(ctx, SQLITE_TOOBIG, fname,
              "the misère quotient of rule '%s' is not found within the limits at heap %u (quotients of at most %u "
              "elements, candidates of %u, %u recalibrations a heap, %u options)",
              rule, fail, CGT_MQ_MAX_ELEMENTS, CGT_MQ_MAX_CANDIDATE, CGT_MQ_MAX_RECALIBRATIONS, CGT_MQ_MAX_OPTIONS);
  else
    cgt_error_rc(ctx, rc, fname);
}

/*
** The quotient of rule's heaps 1..n, or (when exact is 0) of 1..n' for
** some n' >= n, which decides the same sums, from the connection's cache.
** NULL after setting an error.
*/
static const cgt_mq *quotient(sqlite3_context *ctx, const char *rule, uint32_t n, int exact, const char *fname) {
  char err[300];
  cgt_rc rc;
  uint32_t fail;
  const cgt_mq *q = cgt_conn_misere_quotient(sqlite3_user_data(ctx), rule, n, CGT_MISERE_MAX_HEAP, exact, fname, &rc,
                                             &fail, err, sizeof err);
  if (q) return q;
  if (rc == CGT_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (err[0]) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", err);
  else quotient_error(ctx, rc, fname, rule, fail);
  return NULL;
}

/* ---- misere_heap_win ---- */

/* The heaps of a sum: count[h] heaps of h counters, for h <= max. */
typedef struct heap_sum {
  char *rule;          /* (aggregate) the rows' rule */
  uint64_t count[CGT_MISERE_MAX_HEAP + 1];
  uint32_t max;
} heap_sum;

/* x^c in q (c may be huge: the powers cycle). */
static uint32_t power(const cgt_mq *q, uint32_t x, uint64_t c) {
  uint32_t index, period;
  cgt_mq_cycle(q, x, &index, &period);
  if (c > index) c = index + (c - index) % period;
  uint32_t y = 0;
  while (c--) y = cgt_mq_mul(q, y, x);
  return y;
}

/* 1 when some move of r splits a heap (leaves two or three). */
static int rule_splits(const cgt_rule *r) {
  uint8_t split = CGT_LEAVE_TWO | CGT_LEAVE_THREE;
  if (r->tail & split) return 1;
  for (uint32_t j = 0; j < r->ndigits; j++)
    if (r->d[j] & split) return 1;
  return 0;
}

/*
** Genus theory, for rules that never split a heap (a heap's positions are
** single heaps, so its genus search is short): when every heap of the sum
** is tame (genus.h), each plays in the sum as the Nim position of its genus
** (Conway, On Numbers and Games, ch. 12; Winning Ways, ch. 13, "tame
** games"), so the sum is won as misère Nim: with some heap of genus
** g^(g ...) (a Nim position with a heap of 2 or more) the player to move
** wins when the Grundy values' nim-sum is not 0; with only 0^120 and 1^031
** when it is 0.  *decided is 0 when some heap is not tame (or the search is
** refused): the quotient decides.
*/
static cgt_rc tame_win(cgt_conn *conn, const char *rule, const cgt_rule *r, const heap_sum *s, int *decided,
                       int *win) {
  *decided = 0;
  if (rule_splits(r)) return CGT_OK;
  char err[300];
  cgt_rc rc;
  uint32_t fail;
  const cgt_genus *gs = cgt_conn_heap_genera(conn, rule, s->max, CGT_MISERE_MAX_HEAP, "misere_heap_win", &rc, &fail, err,
                                              sizeof err);
  if (!gs) return rc == CGT_LIMIT || rc == CGT_MEMORY ? CGT_OK : rc;   /* refused: the quotient decides */
  uint32_t x = 0;
  int big = 0;
  for (uint32_t h = 1; h <= s->max; h++) {
    if (!s->count[h]) continue;
    if (!gs[h].tame) return CGT_OK;
    if (s->count[h] & 1) x ^= gs[h].g;
    big |= gs[h].gamma[0] == gs[h].g;
  }
  *decided = 1;
  *win = big ? x != 0 : x == 0;
  return CGT_OK;
}

/* Sets the result: 1 when the player to move wins the misère sum. */
static void sum_result(sqlite3_context *ctx, const char *rule, const heap_sum *s) {
  const char *fname = "misere_heap_win";
  cgt_rule r;
  if (!cgt_rule_arg(ctx, rule, fname, &r)) return;
  cgt_rc rc = CGT_OK;
  int decided = 0, win = 1;
  if (s->max > 0) rc = tame_win(sqlite3_user_data(ctx), rule, &r, s, &decided, &win);
  cgt_rule_free(&r);
  if (rc) {
    cgt_error_rc(ctx, rc, fname);
    return;
  }
  if (s->max == 0 || decided) {   /* (no heaps: the player to move cannot move, and wins) */
    sqlite3_result_int(ctx, win);
    return;
  }
  const cgt_mq *q = quotient(ctx, rule, s->max, 0, fname);
  if (!q) return;
  uint32_t x = 0;
  for (uint32_t h = 1; h <= s->max; h++)
    if (s->count[h]) x = cgt_mq_mul(q, x, power(q, q->phi[h], s->count[h]));
  sqlite3_result_int(ctx, !q->p[x]);
}

/* Adds heap v (argument argno) to s; 0 after an error. */
static int sum_add(sqlite3_context *ctx, heap_sum *s, sqlite3_value *v, int argno) {
  uint32_t h;
  int r = cgt_heap_arg(ctx, v, "misere_heap_win", argno, CGT_MISERE_MAX_HEAP, &h);
  if (r > 0 && h > 0) {
    s->count[h]++;
    if (h > s->max) s->max = h;
  }
  return r >= 0;
}

/* misere_heap_win(rule, h1, h2, ...). */
static void heap_win_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (argc < 1) {
    cgt_error(ctx, SQLITE_ERROR, "misere_heap_win", "needs a rule, then heaps");
    return;
  }
  if (cgt_any_null(argc, argv)) return;   /* (the aggregate skips NULL rows) */
  heap_sum *s = sqlite3_malloc(sizeof *s);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  memset(s, 0, sizeof *s);
  int ok = 1;
  for (int i = 1; ok && i < argc; i++) ok = sum_add(ctx, s, argv[i], i + 1);
  if (ok) sum_result(ctx, (const char *)sqlite3_value_text(argv[0]), s);
  sqlite3_free(s);
}

/* The aggregate: adds the row's heap (the rows must name one rule). */
static void heap_win_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  heap_sum *s = sqlite3_aggregate_context(ctx, sizeof *s);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  const char *rule = (const char *)sqlite3_value_text(argv[0]);
  if (!rule) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!s->rule) {
    if (!(s->rule = sqlite3_mprintf("%s", rule))) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
  } else if (sqlite3_stricmp(s->rule, rule) != 0) {   /* names and hex digits are read in any case */
    cgt_error(ctx, SQLITE_ERROR, "misere_heap_win", "the rows name two rules, '%s' and '%s'", s->rule, rule);
    return;
  }
  sum_add(ctx, s, argv[1], 2);
}

/* The aggregate's result. */
static void heap_win_final(sqlite3_context *ctx) {
  heap_sum *s = sqlite3_aggregate_context(ctx, 0);
  if (!s || !s->rule) return;   /* no rows, or only NULL rules: NULL */
  sum_result(ctx, s->rule, s);
  sqlite3_free(s->rule);
}

/* ---- misere_quotient ---- */

/* Appends the word of exponent vector v (generators a, b, ...; "1" for none). */
static void append_word(sqlite3_str *out, const uint16_t *v, uint32_t ngen) {
  int any = 0;
  for (uint32_t i = 0; i < ngen; i++) {
    if (!v[i]) continue;
    if (i < 26) sqlite3_str_appendchar(out, 1, (char)('a' + i));
    else sqlite3_str_appendf(out, "x%u", i + 1);
    if (v[i] > 1) sqlite3_str_appendf(out, "^%u", v[i]);
    any = 1;
  }
  if (!any) sqlite3_str_appendchar(out, 1, '1');
}

/* Appends element x's normal form as a JSON string. */
static void append_element(sqlite3_str *out, const cgt_mq_presentation *pr, uint32_t x) {
  sqlite3_str_appendchar(out, 1, '"');
  append_word(out, pr->nf + (size_t)x * pr->ngen, pr->ngen);
  sqlite3_str_appendchar(out, 1, '"');
}

/* misere_quotient(rule, n_max) as JSON. */
static void quotient_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "misere_quotient";
  uint32_t n;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || cgt_heap_arg(ctx, argv[1], fname, 2, CGT_MISERE_MAX_HEAP, &n) <= 0)
    return;
  const char *rule = (const char *)sqlite3_value_text(argv[0]);
  const cgt_mq *q = quotient(ctx, rule, n, 1, fname);
  if (!q) return;
  cgt_mq_presentation pr;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cgt_rc rc = cgt_mq_present(q, n, &pr, &it.stop);
  cgt_interrupt_end(&it);
  if (rc) {
    cgt_error_rc(ctx, rc, fname);
    return;
  }
  sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  uint32_t np = 0;
  for (uint32_t x = 0; x < q->size; x++) np += q->p[x];
  sqlite3_str_appendf(out, "{\"size\":%u,\"p_size\":%u,\"generators\":{", q->size, np);
  for (uint32_t i = 0; i < pr.ngen; i++) {
    uint16_t v[CGT_MISERE_MAX_HEAP + 1];
    memset(v, 0, pr.ngen * sizeof *v);
    v[i] = 1;
    sqlite3_str_appendf(out, "%s\"", i ? "," : "");
    append_word(out, v, pr.ngen);
    sqlite3_str_appendf(out, "\":%u", pr.gen[i]);
  }
  sqlite3_str_appendall(out, "},\"relations\":[");
  for (uint32_t r = 0; r < pr.nrel; r++) {
    sqlite3_str_appendall(out, r ? ",\"" : "\"");
    append_word(out, pr.rel + (size_t)2 * r * pr.ngen, pr.ngen);
    sqlite3_str_appendchar(out, 1, '=');
    append_word(out, pr.rel + (size_t)(2 * r + 1) * pr.ngen, pr.ngen);
    sqlite3_str_appendchar(out, 1, '"');
  }
  sqlite3_str_appendall(out, "],\"p_portion\":[");
  for (uint32_t i = 0, k = 0; i < q->size; i++)
    if (q->p[pr.order[i]]) {
      if (k++) sqlite3_str_appendchar(out, 1, ',');
      append_element(out, &pr, pr.order[i]);
    }
  sqlite3_str_appendall(out, "],\"elements\":[");
  for (uint32_t i = 0; i < q->size; i++) {
    if (i) sqlite3_str_appendchar(out, 1, ',');
    append_element(out, &pr, pr.order[i]);
  }
  sqlite3_str_appendall(out, "],\"heaps\":[");
  for (uint32_t h = 0; h <= n; h++) {
    if (h) sqlite3_str_appendchar(out, 1, ',');
    append_element(out, &pr, h ? q->phi[h] : 0);
  }
  sqlite3_str_appendall(out, "]}");
  cgt_mq_presentation_free(&pr);
  int err = sqlite3_str_errcode(out);
  char *json = sqlite3_str_finish(out);
  if (err || !json) {
    sqlite3_free(json);
    if (err == SQLITE_TOOBIG) cgt_error(ctx, SQLITE_TOOBIG, fname, "the JSON is longer than SQLite allows");
    else sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, json, -1, sqlite3_free);
}

/* ---- genera ---- */

/* The largest heap of heap_genus and heap_genus_sequence (the search's
** limit of positions comes first for every splitting rule). */
#define GENUS_MAX_HEAP 65535u

/* The genera of heaps 0..n of rule, from the connection's cache; NULL after
** setting an error (*err for cursors, else on ctx). */
static const cgt_genus *genera(sqlite3_context *ctx, cgt_conn *conn, const char *rule, uint32_t n, const char *fname,
                               char **err, int *rcp) {
  char msg[300];
  cgt_rc rc;
  uint32_t fail;
  const cgt_genus *gs = cgt_conn_heap_genera(conn, rule, n, GENUS_MAX_HEAP, fname, &rc, &fail, msg, sizeof msg);
  *rcp = cgt_sqlite_rc(rc);
  if (gs) return gs;
  if (rc == CGT_LIMIT && !msg[0])
    snprintf(msg, sizeof msg,
             "the genus of heap %u of rule '%s' needs more than %u digits or %u heap options (the limits)", fail, rule,
             CGT_GENUS_MAX_DIGITS, CGT_MQ_MAX_OPTIONS);
  else if (!msg[0])
    snprintf(msg, sizeof msg, "%s", cgt_rc_text(rc));
  if (rc == CGT_NOMEM) {
    if (ctx) sqlite3_result_error_nomem(ctx);
  } else if (ctx) {
    cgt_error(ctx, *rcp, fname, "%s", msg);
  } else {
    *err = sqlite3_mprintf("cgt: %s: %s", fname, msg);
  }
  return NULL;
}

/* heap_genus(rule, n). */
static void genus_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "heap_genus";
  uint32_t n;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || cgt_heap_arg(ctx, argv[1], fname, 2, GENUS_MAX_HEAP, &n) <= 0)
    return;
  int rc;
  const cgt_genus *gs = genera(ctx, sqlite3_user_data(ctx), (const char *)sqlite3_value_text(argv[0]), n, fname,
                               NULL, &rc);
  if (!gs) return;
  char text[CGT_GENUS_TEXT];
  cgt_genus_text(&gs[n], text, sizeof text);
  sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
}

const cgt_function cgt_misere_functions[] = {
    {.name = "misere_heap_win", .nargs = -1, .flags = CGT_PURE, .xFunc = heap_win_func,
     .args = "rule, h1, h2, ...", .result = "INTEGER 1 or 0",
     .description = "1 when the player to move wins the misère sum of these heaps.",
     .example = "SELECT misere_heap_win('kayles', 5, 7, 9)"},
    {.name = "misere_heap_win", .nargs = 2, .flags = CGT_PURE, .xStep = heap_win_step, .xFinal = heap_win_final,
     .args = "rule, h", .result = "INTEGER 1 or 0",
     .description = "Aggregate: the misère sum of the rows' heaps.",
     .example = "SELECT misere_heap_win('kayles', value) FROM json_each('[5,7,9]')"},
    {.name = "misere_quotient", .nargs = 2, .flags = CGT_PURE, .xFunc = quotient_func,
     .args = "rule, n_max", .result = "TEXT (JSON)",
     .description = "The misère quotient of the heaps up to n_max: presentation, P-portion, each heap's element.",
     .example = "SELECT misere_quotient('0.75', 8)"},
    {.name = "heap_genus", .nargs = 2, .flags = CGT_PURE, .xFunc = genus_func,
     .args = "rule, n", .result = "TEXT",
     .description = "Conway's genus of a heap of n counters, e.g. '4^146'.",
     .example = "SELECT heap_genus('kayles', 5)"},
    {0}};

/* ---- heap_genus_sequence(rule, n_max) ---- */

/* heap_genus_sequence: the genera of heaps 0..n_max, all at once. */
static int genus_filter(cgt_cursor *cur, sqlite3_value **args) {
  uint64_t n;
  if (!cgt_value_uint(args[1], &n) || n > GENUS_MAX_HEAP) {
    if (!sqlite3_value_text(args[1])) return SQLITE_NOMEM;   /* (its text, for the message, could not be had) */
    cur->err = sqlite3_mprintf("cgt: heap_genus_sequence: n_max must be an integer from 0 to %u, not %s",
                               GENUS_MAX_HEAP, sqlite3_value_text(args[1]));
    return SQLITE_ERROR;
  }
  int rc;
  const cgt_genus *gs = genera(NULL, cur->conn, (const char *)sqlite3_value_text(args[0]), (uint32_t)n,
                               "heap_genus_sequence", &cur->err, &rc);
  if (!gs) return rc == SQLITE_OK ? SQLITE_NOMEM : rc;
  /* a copy: the cache may drop or grow the rule's genera while the rows are read */
  if (!(cur->rows = sqlite3_malloc64((n + 1) * sizeof *gs))) return SQLITE_NOMEM;
  memcpy(cur->rows, gs, (n + 1) * sizeof *gs);
  cur->nrows = (sqlite3_int64)n + 1;
  return SQLITE_OK;
}

/* Column col of row cur->row: n, grundy, genus, tame. */
static void genus_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const cgt_genus *gs = (const cgt_genus *)cur->rows + cur->row;
  char text[CGT_GENUS_TEXT];
  switch (col) {
    case 0: sqlite3_result_int64(ctx, cur->row); break;
    case 1: sqlite3_result_int64(ctx, gs->g); break;
    case 2:
      cgt_genus_text(gs, text, sizeof text);
      sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
      break;
    default: sqlite3_result_int(ctx, gs->tame); break;
  }
}

/* Frees the rows. */
static void genus_reset(cgt_cursor *cur) { sqlite3_free(cur->rows); }

const cgt_table_function cgt_misere_tables[] = {
    {.name = "heap_genus_sequence",
     .schema = "CREATE TABLE x(n, grundy, genus, tame, rule HIDDEN, n_max HIDDEN)",
     .ncols = 4, .nargs = 2, .reads = 0, .filter = genus_filter, .column = genus_column, .reset = genus_reset,
     .row_is_col0 = 1,
     .args = "rule, n_max", .result = "rows (n, grundy, genus, tame)",
     .description = "Genus of heaps 0 to n_max, and whether each is tame (every position has a Nim genus).",
     .example = "SELECT * FROM heap_genus_sequence('kayles', 8)"},
    {0}};
