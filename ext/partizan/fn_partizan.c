/*
** Partizan game values in CGSuite's notation (pure: DETERMINISTIC|INNOCUOUS).
** Games are TEXT in and out; inside, each canonical game is stored once per
** connection and named by an id (partizan/pgame.h).
**
**   cg(text)                 canonical form
**   cg_add(a, b, ...)        sum; cg_sum(x) the aggregate; cg_neg(a); cg_sub(a, b)
**   cg_cmp(a, b)             '<', '=', '>' or '||';  cg_le(a, b) 1/0
**   cg_outcome(a)            'L', 'R', 'P' or 'N'
**   cg_is_number(a)          1/0
**   cg_leftstop(a), cg_rightstop(a), cg_mean(a), cg_temperature(a)   numbers:
**                                 INTEGER, REAL when exact, else TEXT
**   cg_birthday(a)           INTEGER
**   cg_options(a)            table: side, option
**   cg_value(graph_id, node) the value of a position of a partizan graph in
**                            cgt_edge (reads tables: DIRECTONLY)
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "partizan_binding.h"
#include "../graph/graph_binding.h"
#include "palgebra.h"
#include "pnotation.h"
#include "pplay.h"

/* Each SQL function runs its body through cgt_partizan_run(). */
#define PARTIZAN(name, sql_name)          \
  static cgt_partizan_body name##_body; \
  CGT_PARTIZAN_FUNC(name, sql_name)
PARTIZAN(cg, "cg")
PARTIZAN(add, "cg_add")
PARTIZAN(sum_step, "cg_sum")
PARTIZAN(neg, "cg_neg")
PARTIZAN(sub, "cg_sub")
PARTIZAN(cmp, "cg_cmp")
PARTIZAN(le, "cg_le")
PARTIZAN(outcome, "cg_outcome")
PARTIZAN(is_number, "cg_is_number")
PARTIZAN(birthday, "cg_birthday")
PARTIZAN(leftstop, "cg_leftstop")
PARTIZAN(rightstop, "cg_rightstop")
PARTIZAN(mean, "cg_mean")
PARTIZAN(temperature, "cg_temperature")
PARTIZAN(value, "cg_value")
static void sum_final_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s);

static void cg_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  if (cgt_lvalue_arg(ctx, s, argv[0], "cg", &g)) cgt_result_lvalue(ctx, s, &g, "cg");
  lv_free(&g);
}

static void add_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  lg_value sum = {.kind = LV_SHORT}, g, t;
  if (cg_integer(s, 0, &sum.id)) return;
  for (int i = 0; i < argc; i++) {
    if (!cgt_lvalue_arg(ctx, s, argv[i], "cg_add", &g)) return lv_free(&sum);
    cgt_rc rc = lv_add(s, &sum, &g, &t);
    lv_free(&g);
    lv_free(&sum);
    if (rc) return cgt_partizan_report(ctx, rc, "cg_add");
    sum = t;
  }
  cgt_result_lvalue(ctx, s, &sum, "cg_add");
  lv_free(&sum);
}

typedef struct sum_state {
  int started;
  lg_value sum;
} sum_state;

static void sum_step_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  sum_state *st = sqlite3_aggregate_context(ctx, sizeof *st);
  lg_value g, t;
  if (!st) return;
  if (!st->started) {
    st->sum = (lg_value){.kind = LV_SHORT};
    if (cg_integer(s, 0, &st->sum.id)) return;
    st->started = 1;
    cgt_conn_games_hold(sqlite3_user_data(ctx), 1);
  }
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_sum", &g)) return;
  cgt_rc rc = lv_add(s, &st->sum, &g, &t);
  lv_free(&g);
  if (rc) return cgt_partizan_report(ctx, rc, "cg_sum");
  lv_free(&st->sum);
  st->sum = t;
}

static void sum_final(sqlite3_context *ctx) {
  sum_state *st = sqlite3_aggregate_context(ctx, 0);
  if (!st || !st->started) {
    sqlite3_result_text(ctx, "0", 1, SQLITE_STATIC);
    return;
  }
  cgt_partizan_run(ctx, 0, NULL, sum_final_body, "cg_sum");
}

static void sum_final_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc, (void)argv;
  sum_state *st = sqlite3_aggregate_context(ctx, 0);
  if (!st || !st->started) {
    sqlite3_result_text(ctx, "0", 1, SQLITE_STATIC);
    return;
  }
  cgt_result_lvalue(ctx, s, &st->sum, "cg_sum");
  lv_free(&st->sum);
  cgt_conn_games_hold(sqlite3_user_data(ctx), -1);
}

static void neg_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g, n;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_neg", &g)) return;
  cgt_rc rc = lv_neg(s, &g, &n);
  if (rc) cgt_partizan_report(ctx, rc, "cg_neg");
  else cgt_result_lvalue(ctx, s, &n, "cg_neg");
  lv_free(&g);
  lv_free(&n);
}

/* Two game arguments; 0 when the result is already set (nothing to free then). */
static int two(sqlite3_context *ctx, sqlite3_value **argv, const char *fname, cg_store *s, lg_value *a, lg_value *b) {
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, a)) return 0;
  if (cgt_lvalue_arg(ctx, s, argv[1], fname, b)) return 1;
  lv_free(a);
  return 0;
}

static void sub_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value a, b, nb = {0}, d = {0};
  if (!two(ctx, argv, "cg_sub", s, &a, &b)) return;
  cgt_rc rc = lv_neg(s, &b, &nb);
  if (rc == CGT_OK) rc = lv_add(s, &a, &nb, &d);
  if (rc) cgt_partizan_report(ctx, rc, "cg_sub");
  else cgt_result_lvalue(ctx, s, &d, "cg_sub");
  lv_free(&a);
  lv_free(&b);
  lv_free(&nb);
  lv_free(&d);
}

static void cmp_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value a, b;
  int le = 0, ge = 0;
  if (!two(ctx, argv, "cg_cmp", s, &a, &b)) return;
  cgt_rc rc = lv_le(s, &a, &b, &le);
  if (rc == CGT_OK) rc = lv_le(s, &b, &a, &ge);
  lv_free(&a);
  lv_free(&b);
  if (rc) return cgt_partizan_report(ctx, rc, "cg_cmp");
  sqlite3_result_text(ctx, le && ge ? "=" : le ? "<" : ge ? ">" : "||", -1, SQLITE_STATIC);
}

static void le_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value a, b;
  int le;
  if (!two(ctx, argv, "cg_le", s, &a, &b)) return;
  cgt_rc rc = lv_le(s, &a, &b, &le);
  lv_free(&a);
  lv_free(&b);
  if (rc) cgt_partizan_report(ctx, rc, "cg_le");
  else sqlite3_result_int(ctx, le);
}

static void outcome_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  int cls;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_outcome", &g)) return;
  cgt_rc rc = lv_outcome(s, &g, &cls);
  lv_free(&g);
  if (rc) return cgt_partizan_report(ctx, rc, "cg_outcome");
  sqlite3_result_text(ctx, cg_play_class_name(cls), -1, SQLITE_STATIC);
}

static void is_number_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_is_number", &g)) return;
  sqlite3_result_int(ctx, g.kind == LV_SHORT && cg_is_number(s, g.id, NULL));
  lv_free(&g);
}

static void birthday_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  cg_id g;
  uint64_t b;
  if (!cgt_game_arg(ctx, s, argv[0], "cg_birthday", &g)) return;
  cgt_rc rc = cg_birthday(s, g, &b);
  if (rc) cgt_partizan_report(ctx, rc, "cg_birthday");
  else sqlite3_result_int64(ctx, b);
}

/* The number-valued functions: which one is the user data's second half. */
enum { LEFTSTOP, RIGHTSTOP, MEAN, TEMPERATURE };
static const char *const number_names[] = {"cg_leftstop", "cg_rightstop", "cg_mean", "cg_temperature"};

/* The stop of a loopy game: a pseudonumber (on, off, x over, x under) is text. */
static void loopy_stop(sqlite3_context *ctx, cg_store *s, const lg_value *g, int left, const char *fname) {
  lg_pseudo p;
  if (g->kind == LV_SIDED)
    return cgt_error(ctx, SQLITE_ERROR, fname, "a sided value has no stops: take cg_onside or cg_offside first");
  cgt_rc rc = lv_stop(s, g, left, &p);
  char *text = NULL;
  if (rc == CGT_OK && !p.inf && !p.tilt) return cgt_result_number(ctx, s, p.x, fname);
  if (rc == CGT_OK) rc = lv_pseudo_text(s, &p, &text);
  if (rc) return cgt_partizan_report(ctx, rc, fname);
  sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
  cgt_free(text);
}

static void number_func(sqlite3_context *ctx, sqlite3_value **argv, int which, cg_store *s) {
  const char *fname = number_names[which];
  cg_thermo *th;
  cgt_conn_games(sqlite3_user_data(ctx), &th);
  cg_id g;
  cg_dyadic x, mean, temp;
  if (which <= RIGHTSTOP) {
    lg_value v;
    if (!cgt_lvalue_arg(ctx, s, argv[0], fname, &v)) return;
    loopy_stop(ctx, s, &v, which == LEFTSTOP, fname);
    return lv_free(&v);
  }
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = cg_thermograph(s, th, g, &mean, &temp);
  x = which == MEAN ? mean : temp;
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_number(ctx, s, x, fname);
}

static void leftstop_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  number_func(ctx, argv, LEFTSTOP, s);
}
static void rightstop_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  number_func(ctx, argv, RIGHTSTOP, s);
}
static void mean_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  number_func(ctx, argv, MEAN, s);
}
static void temperature_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  number_func(ctx, argv, TEMPERATURE, s);
}

/* The loopy value of node root of pg: a canonical stopper, or its sides. */
static cgt_rc loopy_value(cg_store *s, const cgt_pgraph *pg, uint32_t root, lg_value *out) {
  lg_builder *b = lg_builder_new(s);
  cgt_rc rc = b ? CGT_OK : CGT_NOMEM;
  uint32_t v;
  for (uint32_t u = 0; u < pg->nodes.count && rc == CGT_OK; u++) rc = lg_vertex(b, &v);
  for (uint32_t u = 0; u < pg->nodes.count && rc == CGT_OK; u++)
    for (uint32_t e = pg->off[u]; e < pg->off[u + 1] && rc == CGT_OK; e++) {
      if (pg->who[e] & 1) rc = lg_edge(b, u, pg->dst[e], 0);
      if (rc == CGT_OK && (pg->who[e] & 2)) rc = lg_edge(b, u, pg->dst[e], 1);
    }
  lg_graph g;
  if (rc == CGT_OK) rc = lg_build(b, root, &g);
  lg_builder_free(b);
  return rc ? rc : lv_of_graph(s, &g, out);
}

/* cg_value(graph_id, node): the value of a position of a stored partizan
** graph (side 'L', 'R', or NULL for both), by a depth-first search that
** values each reachable node once; where a cycle is met, the loopy value
** of the position (a canonical stopper or its sides, CGSuite's GameValue). */
static void value_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_value";
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  const cgt_pgraph *pg = cgt_pgraph_for_call(ctx, argv[0], fname, NULL);
  uint32_t root = pg ? cgt_pnode_or_error(ctx, pg, argv[0], argv[1], fname) : UINT32_MAX;
  if (root == UINT32_MAX) return;   /* (the error is set) */
  uint32_t n = pg->nodes.count;
  cg_id *value = cgt_malloc((size_t)n * sizeof *value), *L = NULL, *R = NULL;
  uint8_t *state = cgt_calloc(n, 1);   /* 0 new, 1 on the path, 2 valued */
  uint32_t *stack = cgt_malloc(2 * (size_t)n * sizeof *stack), top = 0;
  L = cgt_malloc((pg->maxdeg + 1) * sizeof *L);
  R = cgt_malloc((pg->maxdeg + 1) * sizeof *R);
  cgt_rc rc = value && state && stack && L && R ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) {
    stack[0] = root, stack[1] = pg->off[root], top = 1, state[root] = 1;
  }
  while (rc == CGT_OK && top) {
    uint32_t v = stack[2 * (top - 1)], *next = &stack[2 * (top - 1) + 1];
    if (*next < pg->off[v + 1]) {
      uint32_t w = pg->dst[(*next)++];
      if (state[w] == 1) {   /* back on the path: a cycle through w */
        rc = CGT_SYNTAX;     /* reported below */
        stack[0] = w;
        break;
      }
      if (state[w] == 0) {
        state[w] = 1;
        stack[2 * top] = w, stack[2 * top + 1] = pg->off[w], top++;
      }
      continue;
    }
    uint32_t nl = 0, nr = 0;
    for (uint32_t e = pg->off[v]; e < pg->off[v + 1]; e++) {
      if (pg->who[e] & 1) L[nl++] = value[pg->dst[e]];
      if (pg->who[e] & 2) R[nr++] = value[pg->dst[e]];
    }
    rc = cg_game(s, L, nl, R, nr, &value[v]);
    state[v] = 2;
    top--;
  }
  if (rc == CGT_SYNTAX) {   /* a cycle: the graph's loopy value */
    lg_value x = {0};
    rc = loopy_value(s, pg, root, &x);
    if (rc == CGT_NOTSTOPPER) cgt_error(ctx, SQLITE_ERROR, fname, "the sides of this position are not stoppers cgt can find");
    else if (rc) cgt_partizan_report(ctx, rc, fname);
    else cgt_result_lvalue(ctx, s, &x, fname);
    lv_free(&x);
  } else if (rc) {
    cgt_partizan_report(ctx, rc, fname);
  } else {
    cgt_result_game(ctx, s, value[root], fname);
  }
  cgt_free(value);
  cgt_free(state);
  cgt_free(stack);
  cgt_free(L);
  cgt_free(R);
}

const cgt_function cgt_partizan_functions[] = {
    {.name = "cg_value", .nargs = 2, .flags = CGT_READS, .xFunc = value_func,
     .args = "graph_id, node", .result = "TEXT (a game)",
     .description = "Canonical value of a partizan game stored in cgt_edge (sides 'L', 'R', NULL for both).",
     .example = "SELECT cg_value(1, 3)"},
    {.name = "cg", .nargs = 1, .flags = CGT_PURE, .xFunc = cg_func,
     .args = "text", .result = "TEXT (a game)",
     .description = "Canonical form of a game written in CGSuite's notation.",
     .example = "SELECT cg('{0|*}')"},
    {.name = "cg_add", .nargs = -1, .flags = CGT_PURE, .xFunc = add_func,
     .args = "a, b, ...", .result = "TEXT (a game)",
     .description = "Disjunctive sum of games.",
     .example = "SELECT cg_add('^', '^', '*')"},
    {.name = "cg_sum", .nargs = 1, .flags = CGT_PURE, .xStep = sum_step_func, .xFinal = sum_final,
     .args = "x", .result = "TEXT (a game)",
     .description = "Aggregate: the sum of the rows' games.",
     .example = "SELECT cg_sum(value) FROM json_each('[\"^\", \"v\", \"1/2\"]')"},
    {.name = "cg_neg", .nargs = 1, .flags = CGT_PURE, .xFunc = neg_func,
     .args = "a", .result = "TEXT (a game)",
     .description = "Negative of a game (Left and Right swapped).",
     .example = "SELECT cg_neg('{2|-1/2}')"},
    {.name = "cg_sub", .nargs = 2, .flags = CGT_PURE, .xFunc = sub_func,
     .args = "a, b", .result = "TEXT (a game)",
     .description = "Difference a - b of two games.",
     .example = "SELECT cg_sub('1', '1/2')"},
    {.name = "cg_cmp", .nargs = 2, .flags = CGT_PURE, .xFunc = cmp_func,
     .args = "a, b", .result = "TEXT '<', '=', '>' or '||'",
     .description = "Compares two games ('||': incomparable).",
     .example = "SELECT cg_cmp('{1|-1}', '0')"},
    {.name = "cg_le", .nargs = 2, .flags = CGT_PURE, .xFunc = le_func,
     .args = "a, b", .result = "INTEGER 1 or 0",
     .description = "1 when a <= b.",
     .example = "SELECT cg_le('^', '^*+*')"},
    {.name = "cg_outcome", .nargs = 1, .flags = CGT_PURE, .xFunc = outcome_func,
     .args = "a", .result = "TEXT 'L', 'R', 'N' or 'P'",
     .description = "Outcome class of a game.",
     .example = "SELECT cg_outcome('^')"},
    {.name = "cg_is_number", .nargs = 1, .flags = CGT_PURE, .xFunc = is_number_func,
     .args = "a", .result = "INTEGER 1 or 0",
     .description = "1 when the game is a number.",
     .example = "SELECT cg_is_number('3/4')"},
    {.name = "cg_birthday", .nargs = 1, .flags = CGT_PURE, .xFunc = birthday_func,
     .args = "a", .result = "INTEGER",
     .description = "The day the game is born.",
     .example = "SELECT cg_birthday('*3')"},
    {.name = "cg_leftstop", .nargs = 1, .flags = CGT_PURE, .xFunc = leftstop_func,
     .args = "a", .result = "INTEGER or REAL (TEXT past a double)",
     .description = "Left's stop.",
     .example = "SELECT cg_leftstop('{2|-1/2}')"},
    {.name = "cg_rightstop", .nargs = 1, .flags = CGT_PURE, .xFunc = rightstop_func,
     .args = "a", .result = "INTEGER or REAL (TEXT past a double)",
     .description = "Right's stop.",
     .example = "SELECT cg_rightstop('{2|-1/2}')"},
    {.name = "cg_mean", .nargs = 1, .flags = CGT_PURE, .xFunc = mean_func,
     .args = "a", .result = "INTEGER or REAL (TEXT past a double)",
     .description = "Mean value, exactly, from the thermograph.",
     .example = "SELECT cg_mean('{2||1|0}')"},
    {.name = "cg_temperature", .nargs = 1, .flags = CGT_PURE, .xFunc = temperature_func,
     .args = "a", .result = "INTEGER or REAL (TEXT past a double)",
     .description = "Temperature, exactly, from the thermograph.",
     .example = "SELECT cg_temperature('{2|-1/2}')"},
    {0}};

/* ---- cg_options(a) ---- */

typedef struct option_row {
  char side;
  char *text;
} option_row;

static void options_reset(cgt_cursor *cur) {
  option_row *rows = cur->rows;
  for (sqlite3_int64 i = 0; rows && i < cur->nrows; i++) cgt_free(rows[i].text);
  sqlite3_free(rows);
}

typedef int (*rows_fn)(cgt_cursor *cur, cg_id g, cg_store *s);
typedef int (*loopy_rows_fn)(cgt_cursor *cur, const lg_value *g, cg_store *s);

static int options_error(cgt_cursor *cur, cgt_rc rc) {
  char *why = rc == CGT_NOMEM ? NULL : cgt_partizan_cause(rc);
  if (why) cur->err = sqlite3_mprintf("cgt: %s: %s", cur->tf->name, why);
  sqlite3_free(why);
  return cgt_sqlite_rc(rc);
}

/* Parses the game argument, then makes the rows with make (a short game)
** or loopy (a loopy one), with the store and the interrupt of the call. */
static int game_rows(cgt_cursor *cur, sqlite3_value **args, rows_fn make, loopy_rows_fn loopy) {
  cg_store *s = cgt_conn_games(cur->conn, NULL);
  if (!s) return SQLITE_NOMEM;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, cur->tf->name);
  cg_store_set_stop(s, &it.stop);
  char err[400];
  lg_value g = {0};
  const char *text = (const char *)sqlite3_value_text(args[0]);
  cgt_rc rc = text ? cgt_lvalue_parse(s, args[0], text, &g, err, sizeof err) : CGT_NOMEM;
  int src;
  if (rc == CGT_SYNTAX) {
    cur->err = sqlite3_mprintf("cgt: %s: %s", cur->tf->name, err);
    src = SQLITE_ERROR;
  } else if (rc == CGT_OK && g.kind == LV_SIDED) {
    cur->err = sqlite3_mprintf("cgt: %s: a sided value (S & T) has no options: take cg_onside or cg_offside first",
                               cur->tf->name);
    src = SQLITE_ERROR;
  } else {
    src = rc ? options_error(cur, rc) : g.kind == LV_SHORT ? make(cur, g.id, s) : loopy(cur, &g, s);
  }
  lv_free(&g);
  cg_store_set_stop(s, NULL);
  cgt_interrupt_end(&it);
  return src;
}

/* The rows of the followers at vertices v[0..n-1] of the stopper g. */
static int follower_rows(cgt_cursor *cur, cg_store *s, const lg_graph *g, const uint32_t *v, uint32_t n, const char *side) {
  option_row *rows = sqlite3_malloc64(((uint64_t)n + 1) * sizeof *rows);
  if (!rows) return SQLITE_NOMEM;
  cur->rows = rows;
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    lg_graph f;
    lg_value x = {0};
    rows[i].side = side ? side[i] : 0;
    rc = lg_follower(s, g, v[i], &f);
    if (rc == CGT_OK) rc = lv_stopper(s, &f, &x);
    if (rc == CGT_OK) rc = lv_print(s, &x, &rows[i].text);
    lv_free(&x);
    if (rc == CGT_OK) cur->nrows = i + 1;
  }
  if (rc) {
    options_reset(cur);
    cur->rows = NULL;
    cur->nrows = 0;
    return options_error(cur, rc);
  }
  return SQLITE_OK;
}

/* cg_options of a stopper: its Left options, then its Right ones (a pass
** is the game itself). */
static int loopy_options(cgt_cursor *cur, const lg_value *x, cg_store *s) {
  const lg_graph *g = &x->on;
  uint32_t r = g->root, nl = g->lo[r + 1] - g->lo[r], nr = g->ro[r + 1] - g->ro[r];
  uint32_t *v = cgt_malloc(((size_t)nl + nr + 1) * sizeof *v);
  char *side = cgt_malloc((size_t)nl + nr + 1);
  int src = SQLITE_NOMEM;
  if (v && side) {
    memcpy(v, g->le + g->lo[r], nl * sizeof *v);
    memcpy(v + nl, g->re + g->ro[r], nr * sizeof *v);
    for (uint32_t i = 0; i < nl + nr; i++) side[i] = i < nl ? 'L' : 'R';
    src = follower_rows(cur, s, g, v, nl + nr, side);
  }
  cgt_free(v);
  cgt_free(side);
  return src;
}

/* cg_followers of a stopper: the game at each vertex (all distinct). */
static int loopy_followers(cgt_cursor *cur, const lg_value *x, cg_store *s) {
  const lg_graph *g = &x->on;
  uint32_t *v = cgt_malloc(((size_t)g->n + 1) * sizeof *v), k = 0;
  if (!v) return SQLITE_NOMEM;
  v[k++] = g->root;
  for (uint32_t u = 0; u < g->n; u++)
    if (u != g->root) v[k++] = u;
  int src = follower_rows(cur, s, g, v, k, NULL);
  cgt_free(v);
  return src;
}

/* The rows of games ids[0..n-1], printed, with their sides (side[i] 'L' or
** 'R'; NULL: no side). */
static int print_rows(cgt_cursor *cur, cg_store *s, const cg_id *ids, uint32_t n, const char *side) {
  option_row *rows = sqlite3_malloc64(((uint64_t)n + 1) * sizeof *rows);
  if (!rows) return SQLITE_NOMEM;
  cur->rows = rows;
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    rows[i].side = side ? side[i] : 0;
    rc = cg_print(s, ids[i], &rows[i].text);
    if (rc == CGT_OK) cur->nrows = i + 1;
  }
  if (rc) {   /* the rows made so far go now: a failed filter leaves no rows */
    options_reset(cur);
    cur->rows = NULL;
    cur->nrows = 0;
    return options_error(cur, rc);
  }
  return SQLITE_OK;
}

/* The rows of cg_options: one per option, Left's first. */
static int options_make(cgt_cursor *cur, cg_id g, cg_store *s) {
  const cg_id *L0, *R0;
  uint32_t nl, nr;
  cgt_rc rc = cg_options(s, g, &L0, &nl, &R0, &nr);
  if (rc) return options_error(cur, rc);
  cg_id *opts = cgt_malloc((nl + nr + 1) * sizeof *opts);
  char *side = cgt_malloc(nl + nr + 1);
  int src = SQLITE_NOMEM;
  if (opts && side) {
    memcpy(opts, L0, nl * sizeof *opts);
    memcpy(opts + nl, R0, nr * sizeof *opts);
    for (uint32_t i = 0; i < nl + nr; i++) side[i] = i < nl ? 'L' : 'R';
    src = print_rows(cur, s, opts, nl + nr, side);
  }
  cgt_free(opts);
  cgt_free(side);
  return src;
}

static int options_filter(cgt_cursor *cur, sqlite3_value **args) {
  return game_rows(cur, args, options_make, loopy_options);
}

/* The rows of cg_followers: every distinct follower once, g first. */
static int followers_make(cgt_cursor *cur, cg_id g, cg_store *s) {
  cg_id *ids;
  uint32_t n;
  cgt_rc rc = cg_followers(s, g, &ids, &n);
  char *memory = rc == CGT_MEMORY ? cgt_memory_text(cg_store_get_stop(s)) : NULL;
  if (memory) {
    cur->err = sqlite3_mprintf("cgt: %s: listing the followers %z", cur->tf->name, memory);
    return SQLITE_TOOBIG;
  }
  if (rc) return options_error(cur, rc);
  int src = print_rows(cur, s, ids, n, NULL);
  cgt_free(ids);
  return src;
}

static int followers_filter(cgt_cursor *cur, sqlite3_value **args) {
  return game_rows(cur, args, followers_make, loopy_followers);
}

static void followers_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  (void)col;
  sqlite3_result_text(ctx, ((const option_row *)cur->rows)[cur->row].text, -1, SQLITE_TRANSIENT);
}

static void options_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const option_row *r = &((const option_row *)cur->rows)[cur->row];
  if (col == 0) cgt_result_letter(ctx, r->side);
  else sqlite3_result_text(ctx, r->text, -1, SQLITE_TRANSIENT);
}

const cgt_table_function cgt_partizan_tables[] = {
    {.name = "cg_options",
     .schema = "CREATE TABLE x(side, option, game HIDDEN)",
     .ncols = 2, .nargs = 1, .reads = 0, .filter = options_filter, .column = options_column, .reset = options_reset,
     .args = "a", .result = "rows (side, option)",
     .description = "Options of the canonical form, Left's first.",
     .example = "SELECT * FROM cg_options('{2||1|0}')"},
    {.name = "cg_followers",
     .schema = "CREATE TABLE x(follower, game HIDDEN)",
     .ncols = 1, .nargs = 1, .reads = 0, .filter = followers_filter, .column = followers_column,
     .reset = options_reset,
     .args = "g", .result = "rows (follower)",
     .description = "Every distinct follower of the canonical form once, g first (breadth first).",
     .example = "SELECT * FROM cg_followers('{2||1|0}')"},
    {0}};
