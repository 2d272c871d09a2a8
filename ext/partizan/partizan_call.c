/*
** What the partizan family's SQL functions share, and the boards' with
** them (partizan_binding.h): running a function with the connection's
** store of games, a game as an argument, a game as a result, and the error
** of a failed computation, naming the limit it met.
*/
#include "partizan_binding.h"

#include <stdio.h>
#include <string.h>
#include "pnotation.h"

#include <math.h>

/* Why a computation failed, naming the limit it met (sqlite3_malloc'd). */
char *cgt_partizan_cause(cgt_rc rc) {
  switch (rc) {
    case CGT_RANGE:
      return sqlite3_mprintf("number too large (numbers are exact up to %u bits, up multiples up to 2^62, "
                             "nimbers below 2^31)", CG_DYADIC_MAX_BITS);
    case CGT_TOODEEP:
      return sqlite3_mprintf("game nested too deeply (over %u levels to print, %u to compute, or %u KB of stack)",
                             CG_PARSE_DEPTH, CG_DEPTH_MAX, CG_STACK_BUDGET / 1024);
    case CGT_LIMIT:
      return sqlite3_mprintf("a game with more than %u options (a nimber that large cannot be expanded), "
                             "or games with more than %u options in all", CG_OPTIONS_MAX, CG_OPTION_IDS_MAX);
    case CGT_TOOBIG:
      return sqlite3_mprintf("too large for 32-bit indexes: a loopy game of more than 2^32 positions (a number n "
                             "in it has about n), a comparison of more than 2^31 states, or more than 2^32 games");
    case CGT_TOOLONG:
      return sqlite3_mprintf("the value prints in more than %u bytes, the most a game's text may have", CG_TEXT_MAX);
    default: return sqlite3_mprintf("%s", cgt_rc_text(rc));
  }
}

/* Reports a failed computation of fname. */
void cgt_partizan_report(sqlite3_context *ctx, cgt_rc rc, const char *fname) {
  if (rc == CGT_MEMORY) {   /* the store's stop knows the bytes */
    cg_store *s = cgt_conn_games_now(sqlite3_user_data(ctx));   /* (not cgt_conn_games: no fresh start) */
    cgt_stop *st = s ? cg_store_get_stop(s) : NULL;
    if (st) return cgt_error_memory(ctx, st, fname);
  }
  char *why = rc == CGT_NOMEM ? NULL : cgt_partizan_cause(rc);
  if (why) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", why);
  else sqlite3_result_error_nomem(ctx);
  sqlite3_free(why);
}

/* The number a REAL argument holds, exactly: every finite double is
** m * 2^e, a dyadic rational (0.5 is 1/2, 0.1 the dyadic nearest 1/10).
** CGT_SYNTAX for an infinity or a NaN. */
static cgt_rc real_game(cg_store *s, double d, cg_id *g) {
  if (!isfinite(d)) return CGT_SYNTAX;
  int e;
  double m = frexp(d, &e);   /* d = m * 2^e, 0.5 <= |m| < 1 */
  cg_dyadic x;
  cg_bigs *B = cg_store_bigs(s);
  cgt_rc rc = cg_dyadic_make(B, (int64_t)ldexp(m, 53), 0, &x);   /* m * 2^53: a whole number */
  if (rc == CGT_OK) rc = cg_dyadic_ldexp(B, x, e - 53, &x);
  return rc ? rc : cg_number(s, x, g);
}

cgt_rc cgt_lvalue_parse(cg_store *s, sqlite3_value *v, const char *text, lg_value *out, char *err, size_t errlen) {
  *out = (lg_value){.kind = LV_SHORT};
  size_t len = strlen(text);
  if ((int64_t)len != sqlite3_value_bytes(v)) {   /* the text goes on past a NUL byte */
    snprintf(err, errlen, "a NUL byte at byte %zu of the game's text", len + 1);
    return CGT_SYNTAX;
  }
  return lv_text_is_loopy(text) ? lv_parse(s, text, out, err, errlen) : cg_parse(s, text, &out->id, err, errlen);
}

/* The short game of text: a loopy one is an error. */
cgt_rc cgt_game_parse(cg_store *s, sqlite3_value *v, const char *text, cg_id *g, char *err, size_t errlen) {
  lg_value x;
  cgt_rc rc = cgt_lvalue_parse(s, v, text, &x, err, errlen);
  if (rc == CGT_OK && x.kind != LV_SHORT) {
    snprintf(err, errlen, "not defined for a loopy game ('%.60s%s')", text, strlen(text) > 60 ? "..." : "");
    rc = CGT_SYNTAX;
  }
  if (rc == CGT_OK) *g = x.id;
  lv_free(&x);
  return rc;
}

void cgt_result_lvalue(sqlite3_context *ctx, cg_store *s, const lg_value *v, const char *fname) {
  char *text;
  cgt_rc rc = lv_print(s, v, &text);
  if (rc) {
    cgt_partizan_report(ctx, rc, fname);
    return;
  }
  sqlite3_result_text(ctx, text, -1, SQLITE_TRANSIENT);
  cgt_free(text);
}

int cgt_lvalue_arg(sqlite3_context *ctx, cg_store *s, sqlite3_value *v, const char *fname, lg_value *out) {
  *out = (lg_value){.kind = LV_SHORT};
  if (sqlite3_value_type(v) == SQLITE_NULL) return 0;
  if (sqlite3_value_type(v) == SQLITE_FLOAT) {
    cgt_rc rc = real_game(s, sqlite3_value_double(v), &out->id);
    const char *text = rc == CGT_SYNTAX ? (const char *)sqlite3_value_text(v) : NULL;
    if (text) cgt_error(ctx, SQLITE_ERROR, fname, "%s is not a number that can be a game", text);
    else if (rc == CGT_SYNTAX) sqlite3_result_error_nomem(ctx);   /* (its text could not be had) */
    else if (rc) cgt_partizan_report(ctx, rc, fname);
    return rc == CGT_OK;
  }
  char err[400];
  const char *text = (const char *)sqlite3_value_text(v);
  cgt_rc rc = text ? cgt_lvalue_parse(s, v, text, out, err, sizeof err) : CGT_NOMEM;
  if (rc == CGT_SYNTAX) cgt_error(ctx, SQLITE_ERROR, fname, "%s", err);
  else if (rc) cgt_partizan_report(ctx, rc, fname);
  return rc == CGT_OK;
}

int cgt_game_arg(sqlite3_context *ctx, cg_store *s, sqlite3_value *v, const char *fname, cg_id *g) {
  lg_value x;
  if (!cgt_lvalue_arg(ctx, s, v, fname, &x)) return 0;
  if (x.kind != LV_SHORT) {
    const char *text = (const char *)sqlite3_value_text(v);
    size_t len = text ? strlen(text) : 0;
    cgt_error(ctx, SQLITE_ERROR, fname, "not defined for a loopy game ('%.60s%s')", text ? text : "", len > 60 ? "..." : "");
    lv_free(&x);
    return 0;
  }
  *g = x.id;
  return 1;
}

/* Runs body with the connection's store, interruptible. */
void cgt_partizan_run(sqlite3_context *ctx, int argc, sqlite3_value **argv, cgt_partizan_body *body,
                      const char *fname) {
  cg_store *s = cgt_conn_games(sqlite3_user_data(ctx), NULL);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cg_store_set_stop(s, &it.stop);
  body(ctx, argc, argv, s);
  cg_store_set_stop(s, NULL);
  cgt_interrupt_end(&it);
}

/* Returns g as its canonical text. */
void cgt_result_game(sqlite3_context *ctx, cg_store *s, cg_id g, const char *fname) {
  lg_value v = {.kind = LV_SHORT, .id = g};
  cgt_result_lvalue(ctx, s, &v, fname);
}

/* Returns the number x as an INTEGER, else a REAL when a double holds it
** exactly, else as text (docs/partizan.md, "Numbers as results"). */
void cgt_result_number(sqlite3_context *ctx, cg_store *s, cg_dyadic x, const char *fname) {
  int64_t i;
  double d;
  cg_id g;
  switch (cg_dyadic_sql(x, &i, &d)) {
    case 1: sqlite3_result_int64(ctx, i); return;
    case 2: sqlite3_result_double(ctx, d); return;
    default: {
      cgt_rc rc = cg_number(s, x, &g);
      if (rc) cgt_partizan_report(ctx, rc, fname);
      else cgt_result_game(ctx, s, g, fname);
    }
  }
}

/* The result of a computation of fname that gave rc and, when rc is CGT_OK, g. */
void cgt_answer_game(sqlite3_context *ctx, cg_store *s, cgt_rc rc, cg_id g, const char *fname) {
  if (rc) cgt_partizan_report(ctx, rc, fname);
  else cgt_result_game(ctx, s, g, fname);
}
