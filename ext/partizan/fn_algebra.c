/*
** Operations on partizan games in CGSuite's notation (pure functions, TEXT
** in and out; partizan/palgebra.h, partizan/pthermo.h):
**
**   cg_thermograph(g)          JSON: the walls, mast, mean and temperature
**   cg_thermograph_svg(g)      an SVG picture of the thermograph
**   cg_is_infinitesimal(g), cg_is_all_small(g)   1/0
**   cg_temper(g)               'even', 'odd' or NULL
**   cg_ordinal_sum(g, h)       G:H
**   cg_cool(g, t), cg_heat(g, t), cg_overheat(g, s, t)
**   cg_atomic_weight(g)        the atomic weight (an error when g is not atomic)
**   cg_rcf(g)                  the reduced canonical form
**   cg_incentives(g)           table: side, incentive
*/
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "partizan_binding.h"
#include "palgebra.h"
#include "pnotation.h"

/* The text of x (cgt_malloc'd) appended to str, quoted when quote. */
static cgt_rc append_number(sqlite3_str *str, cg_store *s, cg_dyadic x, int quote) {
  char *text;
  cgt_rc rc = cg_dyadic_text(cg_store_bigs(s), x, &text);
  if (rc) return rc;
  sqlite3_str_appendf(str, quote ? "\"%s\"" : "%s", text);
  cgt_free(text);
  return CGT_OK;
}

static cgt_rc append_wall(sqlite3_str *str, cg_store *s, const cg_wall *w) {
  cgt_rc rc = CGT_OK;
  sqlite3_str_appendchar(str, 1, '[');
  for (uint32_t i = 0; i < w->n && rc == CGT_OK; i++) {
    sqlite3_str_appendall(str, i ? ",[" : "[");
    rc = append_number(str, s, w->t[i], 1);
    sqlite3_str_appendchar(str, 1, ',');
    if (rc == CGT_OK) rc = append_number(str, s, w->v[i], 1);
    sqlite3_str_appendf(str, ",%d]", w->slope[i]);
  }
  sqlite3_str_appendchar(str, 1, ']');
  return rc;
}

/* Sets the result to str's text, or the error of rc (or of str). */
static void result_str(sqlite3_context *ctx, sqlite3_str *str, cgt_rc rc, const char *fname) {
  int src = sqlite3_str_errcode(str);
  char *text = sqlite3_str_finish(str);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else if (src || !text) sqlite3_result_error_nomem(ctx);
  else sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
  sqlite3_free(text);
}

static void thermograph_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_thermograph";
  cg_thermo *th;
  cg_id g;
  cg_wall l, r;
  cg_dyadic mean, temp;
  cgt_conn_games(sqlite3_user_data(ctx), &th);
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = cg_thermograph_walls(s, th, g, &l, &r, &mean, &temp);
  if (rc) return cgt_partizan_report(ctx, rc, fname);
  sqlite3_str *str = sqlite3_str_new(NULL);
  sqlite3_str_appendall(str, "{\"left\":");
  rc = append_wall(str, s, &l);
  sqlite3_str_appendall(str, ",\"right\":");
  if (rc == CGT_OK) rc = append_wall(str, s, &r);
  sqlite3_str_appendall(str, ",\"mast\":");
  if (rc == CGT_OK) rc = append_number(str, s, mean, 1);
  sqlite3_str_appendall(str, ",\"mean\":");
  if (rc == CGT_OK) rc = append_number(str, s, mean, 1);
  sqlite3_str_appendall(str, ",\"temperature\":");
  if (rc == CGT_OK) rc = append_number(str, s, temp, 1);
  sqlite3_str_appendall(str, "}");
  result_str(ctx, str, rc, fname);
}

/* ---- the SVG picture ---- */

/* x as a double (approximate, for drawing); text is its exact text. */
static cgt_rc to_double(cg_store *s, cg_dyadic x, double *out, char **text) {
  cgt_rc rc = cg_dyadic_text(cg_store_bigs(s), x, text);
  if (rc) return rc;
  char *slash = strchr(*text, '/');
  *out = strtod(*text, NULL);
  if (slash) *out /= strtod(slash + 1, NULL);
  if (!(*out > -1e300)) *out = -1e300;   /* beyond a double (or NaN): drawn at the edge, labelled exactly */
  if (!(*out < 1e300)) *out = 1e300;
  return CGT_OK;
}

typedef struct frame {
  double vmin, vmax, tmin, tmax;
} frame;

enum { SVG_W = 480, SVG_H = 360, SVG_PAD = 60 };

/* Larger values to the left (Winning Ways, CGSuite), temperature up. */
static double px(const frame *f, double v) { return SVG_PAD + (f->vmax - v) / (f->vmax - f->vmin) * (SVG_W - 2 * SVG_PAD); }
static double py(const frame *f, double t) { return SVG_H - SVG_PAD - (t - f->tmin) / (f->tmax - f->tmin) * (SVG_H - 2 * SVG_PAD); }

static cgt_rc svg_wall(sqlite3_str *str, cg_store *s, const frame *f, const cg_wall *w, double m, double temp,
                       const char *colour, const char *anchor, int dx) {
  cgt_rc rc = CGT_OK;
  sqlite3_str_appendf(str, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colour);
  for (uint32_t i = 0; i < w->n && rc == CGT_OK; i++) {
    double t, v;
    char *tt = NULL, *vt = NULL;
    rc = to_double(s, w->t[i], &t, &tt);
    if (rc == CGT_OK) rc = to_double(s, w->v[i], &v, &vt);
    if (rc == CGT_OK) sqlite3_str_appendf(str, "%s%.2f,%.2f", i ? " " : "", px(f, v), py(f, t));
    cgt_free(tt);
    cgt_free(vt);
  }
  sqlite3_str_appendf(str, " %.2f,%.2f\"/>\n", px(f, m), py(f, temp));   /* up to the mast's foot */
  /* the breakpoints, labelled value@temperature */
  for (uint32_t i = 0; i < w->n && rc == CGT_OK; i++) {
    double t, v;
    char *tt = NULL, *vt = NULL;
    rc = to_double(s, w->t[i], &t, &tt);
    if (rc == CGT_OK) rc = to_double(s, w->v[i], &v, &vt);
    if (rc == CGT_OK)
      sqlite3_str_appendf(str,
                          "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\"/>"
                          "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" text-anchor=\"%s\" fill=\"%s\">%s @ %s</text>\n",
                          px(f, v), py(f, t), colour, px(f, v) + dx, py(f, t) - 4, anchor, colour, vt, tt);
    cgt_free(tt);
    cgt_free(vt);
  }
  return rc;
}

static void thermograph_svg_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_thermograph_svg";
  cg_thermo *th;
  cg_id g;
  cg_wall l, r;
  cg_dyadic mean, temp;
  cgt_conn_games(sqlite3_user_data(ctx), &th);
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = cg_thermograph_walls(s, th, g, &l, &r, &mean, &temp);
  if (rc) return cgt_partizan_report(ctx, rc, fname);
  frame f = {0, 0, -1, 0};
  double m, t;
  char *mt = NULL, *tt = NULL;
  rc = to_double(s, mean, &m, &mt);
  if (rc == CGT_OK) rc = to_double(s, temp, &t, &tt);
  f.vmin = f.vmax = m;
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    const cg_wall *w = side ? &r : &l;
    for (uint32_t i = 0; i < w->n && rc == CGT_OK; i++) {
      double v;
      char *vt = NULL;
      rc = to_double(s, w->v[i], &v, &vt);
      cgt_free(vt);
      if (v < f.vmin) f.vmin = v;
      if (v > f.vmax) f.vmax = v;
    }
  }
  f.tmax = (t > 0 ? t : 0) + 1;
  if (!(f.vmax - f.vmin >= 1)) {   /* widen about the centre: past 2^53, adding 0.5 is lost in rounding */
    double c = f.vmin / 2 + f.vmax / 2, h = fabs(c) * 1e-9 > 0.5 ? fabs(c) * 1e-9 : 0.5;
    f.vmin = c - h, f.vmax = c + h;
  }
  double margin = (f.vmax - f.vmin) * 0.1;
  f.vmin -= margin, f.vmax += margin;
  sqlite3_str *str = sqlite3_str_new(NULL);
  if (rc == CGT_OK) {
    sqlite3_str_appendf(str,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        "font-family=\"sans-serif\">\n"
                        "<title>thermograph: mean %s, temperature %s</title>\n"
                        "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                        SVG_W, SVG_H, SVG_W, SVG_H, mt, tt);
    /* axes: temperature 0 (dashed) and -1 (the bottom), values left to right decreasing */
    sqlite3_str_appendf(str,
                        "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>"
                        "<text x=\"%d\" y=\"%.2f\" font-size=\"11\" fill=\"gray\">t = 0</text>\n"
                        "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"gray\"/>"
                        "<text x=\"%d\" y=\"%.2f\" font-size=\"11\" fill=\"gray\">t = -1</text>\n",
                        SVG_PAD / 2, py(&f, 0), SVG_W - SVG_PAD / 2, py(&f, 0), 4, py(&f, 0) - 3, SVG_PAD / 2,
                        py(&f, -1), SVG_W - SVG_PAD / 2, py(&f, -1), 4, py(&f, -1) + 14);
    /* the mast, from the temperature up */
    sqlite3_str_appendf(str,
                        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\" stroke-width=\"2\"/>"
                        "<text x=\"%.2f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">mean %s, temperature %s</text>\n",
                        px(&f, m), py(&f, t), px(&f, m), py(&f, f.tmax), px(&f, m), SVG_PAD / 2, mt, tt);
    rc = svg_wall(str, s, &f, &l, m, t, "blue", "end", -5);
  }
  if (rc == CGT_OK) rc = svg_wall(str, s, &f, &r, m, t, "red", "start", 5);
  sqlite3_str_appendall(str, "</svg>\n");
  cgt_free(mt);
  cgt_free(tt);
  result_str(ctx, str, rc, fname);
}

/* ---- predicates ---- */

/* A 1/0 predicate of one game. */
static void predicate(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, const char *fname,
                      cgt_rc (*test)(cg_store *, cg_id, int *)) {
  cg_id g;
  int yes;
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = test(s, g, &yes);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else sqlite3_result_int(ctx, yes);
}

/* A loopy game is infinitesimal when the stops of its sides, over and
** under dropped, are all 0 (CGSuite's strong stops). */
static cgt_rc loopy_infinitesimal(cg_store *s, const lg_value *g, int *yes) {
  cgt_rc rc = CGT_OK;
  *yes = 1;
  for (int k = 0; k < 2 && rc == CGT_OK && *yes; k++) {
    lg_value side;
    if ((rc = lv_side(s, g, !k, &side))) break;
    for (int left = 0; left < 2 && rc == CGT_OK && *yes; left++) {
      lg_pseudo p;
      rc = lv_stop(s, &side, left, &p);
      if (rc == CGT_OK) *yes = !p.inf && cg_dyadic_is_zero(p.x);
    }
    lv_free(&side);
  }
  return rc;
}

static void is_infinitesimal_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_is_infinitesimal";
  lg_value g;
  int yes = 0;
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, &g)) return;
  /* (sides that are no stoppers: 0, as CGSuite answers) */
  cgt_rc rc = g.kind == LV_SHORT ? cg_is_infinitesimal(s, g.id, &yes) : g.loose ? CGT_OK : loopy_infinitesimal(s, &g, &yes);
  lv_free(&g);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else sqlite3_result_int(ctx, yes);
}

static void is_all_small_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  predicate(ctx, argv, s, "cg_is_all_small", cg_is_all_small);
}

static void temper_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  cg_id g;
  int t;
  if (!cgt_game_arg(ctx, s, argv[0], "cg_temper", &g)) return;
  cgt_rc rc = cg_temper(s, g, &t);
  if (rc) cgt_partizan_report(ctx, rc, "cg_temper");
  else if (t >= 0) sqlite3_result_text(ctx, t ? "odd" : "even", -1, SQLITE_STATIC);
}

/* ---- transformations ---- */

/* A game made from two games by op. */
static void binary(sqlite3_context *ctx, sqlite3_value **argv, cg_store *s, const char *fname,
                   cgt_rc (*op)(cg_store *, cg_id, cg_id, cg_id *)) {
  cg_id g, h;
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g) || !cgt_game_arg(ctx, s, argv[1], fname, &h)) return;
  cgt_rc rc = op(s, g, h, &g);
  cgt_answer_game(ctx, s, rc, g, fname);
}

/* G : H of stoppers (1:off is over); short games by cg_ordinal_sum. */
static void ordinal_sum_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_ordinal_sum";
  lg_value a, b, x = {0};
  if (!cgt_lvalue_arg(ctx, s, argv[0], fname, &a)) return;
  if (!cgt_lvalue_arg(ctx, s, argv[1], fname, &b)) return lv_free(&a);
  cgt_rc rc = CGT_OK;
  if (a.kind == LV_SHORT && b.kind == LV_SHORT) {
    x.kind = LV_SHORT;
    rc = cg_ordinal_sum(s, a.id, b.id, &x.id);
  } else if (a.kind == LV_SIDED || b.kind == LV_SIDED) {
    rc = CGT_NOTSTOPPER;
  } else {
    lg_graph g = {0}, h = {0}, o = {0};
    rc = lv_graph(s, &a, 1, &g);
    if (rc == CGT_OK) rc = lv_graph(s, &b, 1, &h);
    if (rc == CGT_OK) rc = lg_ordinal(s, &g, &h, &o);
    lg_free(&g);
    lg_free(&h);
    if (rc == CGT_OK) rc = lv_of_graph(s, &o, &x);
  }
  lv_free(&a);
  lv_free(&b);
  if (rc == CGT_NOTSTOPPER) cgt_error(ctx, SQLITE_ERROR, fname, "defined for stoppers: take cg_onside or cg_offside first");
  else if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_lvalue(ctx, s, &x, fname);
  lv_free(&x);
}

static void cool_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_cool";
  cg_thermo *th;
  cg_id g, t;
  cg_dyadic x;
  cgt_conn_games(sqlite3_user_data(ctx), &th);
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g) || !cgt_game_arg(ctx, s, argv[1], fname, &t)) return;
  cg_dyadic minus_one = {-1, 0, 0};
  if (!cg_is_number(s, t, &x) || cg_dyadic_cmp(cg_store_bigs(s), x, minus_one) < 0) {
    const char *text = (const char *)sqlite3_value_text(argv[1]);   /* (parsed already: NULL only without memory) */
    if (text) cgt_error(ctx, SQLITE_ERROR, fname, "the temperature must be a number >= -1, not '%s'", text);
    else sqlite3_result_error_nomem(ctx);
    return;
  }
  cgt_rc rc = cg_cool(s, th, g, x, &g);
  cgt_answer_game(ctx, s, rc, g, fname);
}

static void heat_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  binary(ctx, argv, s, "cg_heat", cg_heat);
}

static void overheat_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_overheat";
  cg_id g, lo, t;
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g) || !cgt_game_arg(ctx, s, argv[1], fname, &lo) ||
      !cgt_game_arg(ctx, s, argv[2], fname, &t))
    return;
  cgt_rc rc = cg_overheat(s, g, lo, t, &g);
  cgt_answer_game(ctx, s, rc, g, fname);
}

/* The atomic weight, or an error quoting (the start of) a game that has none. */
static void atomic_weight_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  const char *fname = "cg_atomic_weight";
  cg_id g, w;
  int atomic_game;
  if (!cgt_game_arg(ctx, s, argv[0], fname, &g)) return;
  cgt_rc rc = cg_atomic_weight(s, g, &w, &atomic_game);
  const char *text = (const char *)sqlite3_value_text(argv[0]);
  int n = sqlite3_value_bytes(argv[0]);
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else if (!atomic_game && !text) sqlite3_result_error_nomem(ctx);
  else if (!atomic_game)
    cgt_error(ctx, SQLITE_ERROR, fname, "'%.*s%s' is not atomic (its atomic weight is undefined)", n > 60 ? 40 : n,
              text, n > 60 ? "..." : "");
  else cgt_result_game(ctx, s, w, fname);
}

/* The reduced canonical form. */
static void rcf_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s) {
  (void)argc;
  cg_id g;
  if (!cgt_game_arg(ctx, s, argv[0], "cg_rcf", &g)) return;
  cgt_rc rc = cg_rcf(s, g, &g);
  if (rc) cgt_partizan_report(ctx, rc, "cg_rcf");
  else cgt_result_game(ctx, s, g, "cg_rcf");
}

CGT_PARTIZAN_FUNC(thermograph, "cg_thermograph")
CGT_PARTIZAN_FUNC(thermograph_svg, "cg_thermograph_svg")
CGT_PARTIZAN_FUNC(is_infinitesimal, "cg_is_infinitesimal")
CGT_PARTIZAN_FUNC(is_all_small, "cg_is_all_small")
CGT_PARTIZAN_FUNC(temper, "cg_temper")
CGT_PARTIZAN_FUNC(ordinal_sum, "cg_ordinal_sum")
CGT_PARTIZAN_FUNC(cool, "cg_cool")
CGT_PARTIZAN_FUNC(heat, "cg_heat")
CGT_PARTIZAN_FUNC(overheat, "cg_overheat")
CGT_PARTIZAN_FUNC(atomic_weight, "cg_atomic_weight")
CGT_PARTIZAN_FUNC(rcf, "cg_rcf")

const cgt_function cgt_algebra_functions[] = {
    {.name = "cg_thermograph", .nargs = 1, .flags = CGT_PURE, .xFunc = thermograph_func,
     .args = "a", .result = "TEXT (JSON)",
     .description = "Thermograph of a game: walls, mast, mean and temperature.",
     .example = "SELECT cg_thermograph('{2|-1/2}')"},
    {.name = "cg_thermograph_svg", .nargs = 1, .flags = CGT_PURE, .xFunc = thermograph_svg_func,
     .args = "a", .result = "TEXT (SVG)",
     .description = "Picture of the thermograph as SVG.",
     .example = "SELECT cg_thermograph_svg('{2|-1/2}')"},
    {.name = "cg_is_infinitesimal", .nargs = 1, .flags = CGT_PURE, .xFunc = is_infinitesimal_func,
     .args = "a", .result = "INTEGER 1 or 0",
     .description = "1 when the game is infinitesimal.",
     .example = "SELECT cg_is_infinitesimal('^')"},
    {.name = "cg_is_all_small", .nargs = 1, .flags = CGT_PURE, .xFunc = is_all_small_func,
     .args = "a", .result = "INTEGER 1 or 0",
     .description = "1 when the game is all-small (dicotic).",
     .example = "SELECT cg_is_all_small('{0|^}')"},
    {.name = "cg_temper", .nargs = 1, .flags = CGT_PURE, .xFunc = temper_func,
     .args = "a", .result = "TEXT 'even', 'odd' or NULL",
     .description = "Whether the game is even- or odd-tempered.",
     .example = "SELECT cg_temper('3/4')"},
    {.name = "cg_ordinal_sum", .nargs = 2, .flags = CGT_PURE, .xFunc = ordinal_sum_func,
     .args = "g, h", .result = "TEXT (a game)",
     .description = "Ordinal sum g:h.",
     .example = "SELECT cg_ordinal_sum('1', '-1')"},
    {.name = "cg_cool", .nargs = 2, .flags = CGT_PURE, .xFunc = cool_func,
     .args = "g, t", .result = "TEXT (a game)",
     .description = "g cooled by the number t >= -1.",
     .example = "SELECT cg_cool('{2|-2}', '1')"},
    {.name = "cg_heat", .nargs = 2, .flags = CGT_PURE, .xFunc = heat_func,
     .args = "g, t", .result = "TEXT (a game)",
     .description = "g heated by the game t.",
     .example = "SELECT cg_heat('{1|-1}', '1')"},
    {.name = "cg_overheat", .nargs = 3, .flags = CGT_PURE, .xFunc = overheat_func,
     .args = "g, s, t", .result = "TEXT (a game)",
     .description = "g overheated from s to t.",
     .example = "SELECT cg_overheat('2', '^', '0')"},
    {.name = "cg_atomic_weight", .nargs = 1, .flags = CGT_PURE, .xFunc = atomic_weight_func,
     .args = "g", .result = "TEXT (a game)",
     .description = "Atomic weight of an all-small game.",
     .example = "SELECT cg_atomic_weight('^^*')"},
    {.name = "cg_rcf", .nargs = 1, .flags = CGT_PURE, .xFunc = rcf_func,
     .args = "g", .result = "TEXT (a game)",
     .description = "Reduced canonical form.",
     .example = "SELECT cg_rcf('{2|^}')"},
    {0}};

/* ---- cg_incentives(g): one row per incentive, Left's first ---- */

typedef struct incentive_row {
  char side;
  char *text;
} incentive_row;

static void incentives_reset(cgt_cursor *cur) {
  incentive_row *rows = cur->rows;
  for (sqlite3_int64 i = 0; rows && i < cur->nrows; i++) cgt_free(rows[i].text);
  sqlite3_free(rows);
  cur->rows = NULL;
  cur->nrows = 0;
}

/* The error of rc, as cgt_partizan_report() words it, in cur->err. */
static int incentives_error(cgt_cursor *cur, cgt_rc rc, const char *why) {
  if (why) cur->err = sqlite3_mprintf("cgt: cg_incentives: %s", why);
  else if (rc != CGT_NOMEM) cur->err = sqlite3_mprintf("cgt: cg_incentives: %s", cgt_rc_text(rc));
  return rc == CGT_SYNTAX ? SQLITE_ERROR : cgt_sqlite_rc(rc);
}

/* The rows: Left's incentives, then Right's, each side in CGSuite's order. */
static int incentives_rows(cgt_cursor *cur, sqlite3_value **args, cg_store *s) {
  char err[400];
  cg_id g, *inc[2] = {NULL, NULL};
  uint32_t n[2] = {0, 0};
  const char *text = (const char *)sqlite3_value_text(args[0]);
  cgt_rc rc = text ? cgt_game_parse(s, args[0], text, &g, err, sizeof err) : CGT_NOMEM;
  if (rc == CGT_SYNTAX) return incentives_error(cur, rc, err);
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    rc = cg_incentives(s, g, side == 0, &inc[side], &n[side]);
    if (rc == CGT_OK) rc = cg_sort_games(s, inc[side], n[side]);   /* as CGSuite prints a set */
  }
  incentive_row *rows = rc ? NULL : sqlite3_malloc64(((size_t)n[0] + n[1] + 1) * sizeof *rows);
  if (rc == CGT_OK && !rows) rc = CGT_NOMEM;
  cur->rows = rows;
  for (uint32_t i = 0; rc == CGT_OK && i < n[0] + n[1]; i++) {
    rows[i].side = i < n[0] ? 'L' : 'R';
    rc = cg_print(s, i < n[0] ? inc[0][i] : inc[1][i - n[0]], &rows[i].text);
    if (rc == CGT_OK) cur->nrows = i + 1;
  }
  cgt_free(inc[0]);
  cgt_free(inc[1]);
  if (rc) {   /* a failed filter leaves no rows */
    incentives_reset(cur);
    return incentives_error(cur, rc, NULL);
  }
  return SQLITE_OK;
}

/* Makes the rows with the connection's store, interruptible. */
static int incentives_filter(cgt_cursor *cur, sqlite3_value **args) {
  cg_store *s = cgt_conn_games(cur->conn, NULL);
  if (!s) return SQLITE_NOMEM;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cur->conn, cur->tf->name);
  cg_store_set_stop(s, &it.stop);
  int rc = incentives_rows(cur, args, s);
  cg_store_set_stop(s, NULL);
  cgt_interrupt_end(&it);
  return rc;
}

/* side or incentive of the current row. */
static void incentives_column(cgt_cursor *cur, sqlite3_context *ctx, int col) {
  const incentive_row *r = &((const incentive_row *)cur->rows)[cur->row];
  if (col == 0) cgt_result_letter(ctx, r->side);
  else sqlite3_result_text(ctx, r->text, -1, SQLITE_TRANSIENT);
}

const cgt_table_function cgt_algebra_tables[] = {
    {.name = "cg_incentives",
     .schema = "CREATE TABLE x(side, incentive, game HIDDEN)",
     .ncols = 2, .nargs = 1, .reads = 0, .filter = incentives_filter, .column = incentives_column,
     .reset = incentives_reset,
     .args = "g", .result = "rows (side, incentive)",
     .description = "Incentives of g, Left's first.",
     .example = "SELECT * FROM cg_incentives('^')"},
    {0}};
