/*
** Loopy partizan games in CGSuite's notation (pure: DETERMINISTIC|INNOCUOUS;
** partizan/loopy.h, docs/loopy.md).  Games are TEXT in and out: short
** games, canonical stoppers and sided values S & T.
**
**   cg_onside(g), cg_offside(g), cg_sided(s, t)   the sides; s & t
**   cg_is_stopper(g), cg_is_stopper_sided(g), cg_is_plumtree(g),
**   cg_is_loopfree(g), cg_is_pseudonumber(g), cg_is_idempotent(g),
**   cg_is_stable(g)                                1/0
**   cg_degree(g), cg_upsum(g, h), cg_downsum(g, h), cg_variety(g),
**   cg_upsum_variety(g, d), cg_downsum_variety(g, d)   stoppers
*/
#include "partizan_binding.h"

#define LOOPY(name, sql_name)             \
  static cgt_partizan_body name##_body; \
  CGT_PARTIZAN_FUNC(name, sql_name)
LOOPY(onside, "cg_onside")
LOOPY(offside, "cg_offside")
LOOPY(sided, "cg_sided")
LOOPY(is_stopper, "cg_is_stopper")
LOOPY(is_stopper_sided, "cg_is_stopper_sided")
LOOPY(is_plumtree, "cg_is_plumtree")
LOOPY(is_loopfree, "cg_is_loopfree")
LOOPY(is_pseudonumber, "cg_is_pseudonumber")
LOOPY(is_idempotent, "cg_is_idempotent")
LOOPY(is_stable, "cg_is_stable")
LOOPY(degree, "cg_degree")
LOOPY(upsum, "cg_upsum")
LOOPY(downsum, "cg_downsum")
LOOPY(variety, "cg_variety")
LOOPY(upsum_variety, "cg_upsum_variety")
LOOPY(downsum_variety, "cg_downsum_variety")

/* Sets the result to x (consumed), or the error of rc. */
static void answer(sqlite3_context *ctx, cg_store *s, cgt_rc rc, lg_value *x, const char *fname) {
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_lvalue(ctx, s, x, fname);
  lv_free(x);
}

static void side_of(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, int onside, const char *fname) {
  lg_value g, x;
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = lv_side(s, &g, onside, &x);
  lv_free(&g);
  answer(ctx, s, rc, &x, fname);
}

static void onside_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  side_of(ctx, argv, s, 1, "cg_onside");
}
static void offside_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  side_of(ctx, argv, s, 0, "cg_offside");
}

/* The two stoppers of a function of two games; 0 when the result is set. */
static int two_stoppers(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, const char *fname, lg_value *a,
                        lg_value *b) {
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, a)) return 0;
  if (!cgt_lvalue_arg(ctx, s, argv[1], fname, b)) return lv_free(a), 0;
  if (a->kind != LV_SIDED && b->kind != LV_SIDED) return 1;
  cgt_error(ctx, SQLITE_ERROR, fname, "defined for stoppers: take cg_onside or cg_offside of a sided value first");
  lv_free(a);
  lv_free(b);
  return 0;
}

static void sided_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_sided";
  lg_value on, off, x = {0};
  if (!two_stoppers(ctx, argv, s, fname, &on, &off)) return;
  cgt_rc rc = lv_sided(s, &on, &off, &x);
  if (rc == CGT_SYNTAX) return cgt_error(ctx, SQLITE_ERROR, fname, "the offside is not <= the onside");
  answer(ctx, s, rc, &x, fname);
}

/* ---- predicates ---- */

static void is_stopper_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_is_stopper", &g)) return;
  sqlite3_result_int(ctx, g.kind != LV_SIDED);
  lv_free(&g);
}

static void is_stopper_sided_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_is_stopper_sided", &g)) return;
  sqlite3_result_int(ctx, !g.loose);
  lv_free(&g);
}

/* A graph test of a stopper; a sided value answers 0, as in CGSuite. */
static void graph_test(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, int what, const char *fname) {
  lg_value g;
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, &g)) return;
  int yes = g.kind == LV_SHORT ? 1 : g.kind == LV_SIDED ? 0 : lg_test(&g.on, what);
  if (yes < 0) sqlite3_result_error_nomem(ctx);
  else sqlite3_result_int(ctx, yes);
  lv_free(&g);
}

static void is_plumtree_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  graph_test(ctx, argv, s, LG_PLUMTREE, "cg_is_plumtree");
}
static void is_loopfree_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  graph_test(ctx, argv, s, LG_LOOPFREE, "cg_is_loopfree");
}

static void is_pseudonumber_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  lg_pseudo p;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_is_pseudonumber", &g)) return;
  sqlite3_result_int(ctx, lv_pseudonumber(s, &g, &p));
  lv_free(&g);
}

/* g + g = g. */
static cgt_rc idempotent(cg_store *s, const lg_value *g, int *yes) {
  lg_value sum;
  cgt_rc rc = lv_add(s, g, g, &sum);
  if (rc == CGT_OK) *yes = lv_equal(&sum, g);
  lv_free(&sum);
  return rc;
}

static void is_idempotent_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g;
  int yes = 0;
  if (!cgt_lvalue_arg(ctx, s, argv[0], "cg_is_idempotent", &g)) return;
  cgt_rc rc = idempotent(s, &g, &yes);
  lv_free(&g);
  if (rc) cgt_partizan_report(ctx, rc, "cg_is_idempotent");
  else sqlite3_result_int(ctx, yes);
}

/* ---- degree, upsum, downsum, varieties (stoppers) ---- */

/* g upsum -g (0 for a short game). */
static cgt_rc degree(cg_store *s, const lg_value *g, lg_value *out) {
  lg_value neg;
  *out = (lg_value){.kind = LV_SHORT};
  if (g->kind == LV_SHORT) return cg_integer(s, 0, &out->id);
  cgt_rc rc = lv_neg(s, g, &neg);
  if (rc == CGT_OK) rc = lv_sum_side(s, g, &neg, 1, out);
  lv_free(&neg);
  return rc;
}

/* Upsum variety (up = 1): g upsum (-g downsum -d); downsum variety: g
** downsum (-g upsum d).  CGT_SYNTAX when d is not idempotent. */
static cgt_rc variety(cg_store *s, const lg_value *g, const lg_value *d, int up, lg_value *out) {
  int yes;
  *out = (lg_value){0};
  cgt_rc rc = idempotent(s, d, &yes);
  if (rc == CGT_OK && !yes) return CGT_SYNTAX;
  lg_value ng = {0}, nd = {0}, inner = {0};
  if (rc == CGT_OK) rc = lv_neg(s, g, &ng);
  if (rc == CGT_OK && up) rc = lv_neg(s, d, &nd);
  if (rc == CGT_OK) rc = lv_sum_side(s, &ng, up ? &nd : d, !up, &inner);
  if (rc == CGT_OK) rc = lv_sum_side(s, g, &inner, up, out);
  lv_free(&ng);
  lv_free(&nd);
  lv_free(&inner);
  return rc;
}

/* The variety of g (*stable 0 when its two varieties differ). */
static cgt_rc stable_variety(cg_store *s, const lg_value *g, lg_value *out, int *stable) {
  lg_value deg, down = {0};
  *out = (lg_value){0};
  cgt_rc rc = degree(s, g, &deg);
  if (rc == CGT_OK) rc = variety(s, g, &deg, 1, out);
  if (rc == CGT_OK) rc = variety(s, g, &deg, 0, &down);
  if (rc == CGT_OK) *stable = lv_equal(out, &down);
  lv_free(&deg);
  lv_free(&down);
  return rc;
}

/* One stopper argument; 0 when the result is set. */
static int stopper_arg(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, const char *fname, lg_value *g) {
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, g)) return 0;
  if (g->kind != LV_SIDED) return 1;
  cgt_error(ctx, SQLITE_ERROR, fname, "defined for stoppers: take cg_onside or cg_offside of a sided value first");
  lv_free(g);
  return 0;
}

static void degree_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g, x = {0};
  if (!stopper_arg(ctx, argv, s, "cg_degree", &g)) return;
  cgt_rc rc = degree(s, &g, &x);
  lv_free(&g);
  answer(ctx, s, rc, &x, "cg_degree");
}

static void sum_side(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, int up, const char *fname) {
  lg_value a, b, x = {0};
  if (!two_stoppers(ctx, argv, s, fname, &a, &b)) return;
  cgt_rc rc = lv_sum_side(s, &a, &b, up, &x);
  lv_free(&a);
  lv_free(&b);
  answer(ctx, s, rc, &x, fname);
}

static void upsum_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  sum_side(ctx, argv, s, 1, "cg_upsum");
}
static void downsum_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  sum_side(ctx, argv, s, 0, "cg_downsum");
}

static void variety_of(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, int up, const char *fname) {
  lg_value g, d, x = {0};
  if (!two_stoppers(ctx, argv, s, fname, &g, &d)) return;
  cgt_rc rc = variety(s, &g, &d, up, &x);
  lv_free(&g);
  lv_free(&d);
  if (rc == CGT_SYNTAX) return cgt_error(ctx, SQLITE_ERROR, fname, "the degree must be idempotent");
  answer(ctx, s, rc, &x, fname);
}

static void upsum_variety_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  variety_of(ctx, argv, s, 1, "cg_upsum_variety");
}
static void downsum_variety_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  variety_of(ctx, argv, s, 0, "cg_downsum_variety");
}

static void variety_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g, x = {0};
  int stable = 0;
  if (!stopper_arg(ctx, argv, s, "cg_variety", &g)) return;
  cgt_rc rc = stable_variety(s, &g, &x, &stable);
  lv_free(&g);
  if (rc == CGT_OK && !stable) {
    lv_free(&x);
    return cgt_error(ctx, SQLITE_ERROR, "cg_variety", "the game is not stable (its upsum and downsum varieties differ)");
  }
  answer(ctx, s, rc, &x, "cg_variety");
}

static void is_stable_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  lg_value g, x = {0};
  int stable = 0;
  if (!stopper_arg(ctx, argv, s, "cg_is_stable", &g)) return;
  cgt_rc rc = stable_variety(s, &g, &x, &stable);
  lv_free(&g);
  lv_free(&x);
  if (rc) cgt_partizan_report(ctx, rc, "cg_is_stable");
  else sqlite3_result_int(ctx, stable);
}

#define GAME1(fname, fn, res, what, ex) \
  {.name = fname, .nargs = 1, .flags = CGT_PURE, .xFunc = fn, .args = "g", .result = res, .description = what, .example = ex}
#define GAME2(fname, fn, a, res, what, ex) \
  {.name = fname, .nargs = 2, .flags = CGT_PURE, .xFunc = fn, .args = a, .result = res, .description = what, .example = ex}

const cgt_function cgt_loopy_functions[] = {
    GAME1("cg_onside", onside_func, "TEXT (a stopper)", "The onside of a loopy game (a stopper is its own).",
          "SELECT cg_onside('dud')"),
    GAME1("cg_offside", offside_func, "TEXT (a stopper)", "The offside of a loopy game (a stopper is its own).",
          "SELECT cg_offside('over - over')"),
    GAME2("cg_sided", sided_func, "s, t", "TEXT (a game)", "The sided value s & t (t must be <= s).",
          "SELECT cg_sided('on', 'off')"),
    GAME1("cg_is_stopper", is_stopper_func, "INTEGER 1/0", "Whether a game is a stopper (short games are).",
          "SELECT cg_is_stopper('over')"),
    GAME1("cg_is_stopper_sided", is_stopper_sided_func, "INTEGER 1/0", "Whether both sides of a game are stoppers.",
          "SELECT cg_is_stopper_sided('dud')"),
    GAME1("cg_is_plumtree", is_plumtree_func, "INTEGER 1/0", "Whether every cycle of a stopper is a pass (0 for sided values).",
          "SELECT cg_is_plumtree('upon')"),
    GAME1("cg_is_loopfree", is_loopfree_func, "INTEGER 1/0", "Whether a game has no cycle (0 for sided values).",
          "SELECT cg_is_loopfree('{0|pass}')"),
    GAME1("cg_is_pseudonumber", is_pseudonumber_func, "INTEGER 1/0", "Whether a game is a number, on, off, x over or x under.",
          "SELECT cg_is_pseudonumber('3/2under')"),
    GAME1("cg_is_idempotent", is_idempotent_func, "INTEGER 1/0", "Whether g + g = g.",
          "SELECT cg_is_idempotent('over')"),
    GAME1("cg_is_stable", is_stable_func, "INTEGER 1/0", "Whether a stopper's upsum and downsum varieties agree.",
          "SELECT cg_is_stable('upon')"),
    GAME1("cg_degree", degree_func, "TEXT (a stopper)", "The degree of a stopper: g upsum -g.",
          "SELECT cg_degree('over')"),
    GAME2("cg_upsum", upsum_func, "g, h", "TEXT (a stopper)", "The onside of the sum of two stoppers.",
          "SELECT cg_upsum('over', 'under')"),
    GAME2("cg_downsum", downsum_func, "g, h", "TEXT (a stopper)", "The offside of the sum of two stoppers.",
          "SELECT cg_downsum('over', 'under')"),
    GAME1("cg_variety", variety_func, "TEXT (a stopper)", "The variety of a stable stopper (over its degree).",
          "SELECT cg_variety('upon')"),
    GAME2("cg_upsum_variety", upsum_variety_func, "g, d", "TEXT (a stopper)",
          "The upsum variety of g over the idempotent d: g upsum (-g downsum -d).",
          "SELECT cg_upsum_variety('upon', 'over')"),
    GAME2("cg_downsum_variety", downsum_variety_func, "g, d", "TEXT (a stopper)",
          "The downsum variety of g over the idempotent d: g downsum (-g upsum d).",
          "SELECT cg_downsum_variety('upon', 'over')"),
    {0}};
