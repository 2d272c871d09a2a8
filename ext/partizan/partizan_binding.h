/*
** The partizan family's binding as the binding files use it (this family's
** and the boards'): the connection's store of canonical games
** (partizan_cache.c), running a function with it, games as arguments and
** results, and the errors of failed computations (partizan_call.c), and
** the registration tables (partizan_family.c lists them).
*/
#ifndef CGT_PARTIZAN_BINDING_H
#define CGT_PARTIZAN_BINDING_H

#include "../sqlite/binding.h"
#include "pthermo.h"
#include "loopy.h"

/* ---- the store (partizan_cache.c) ---- */

/* The connection's store of partizan games (and thermograph cache), made
** on first use; NULL when out of memory.  An aggregate that keeps game ids
** across calls holds the store (+1 at its first row, -1 at its end). */
cg_store *cgt_conn_games(cgt_conn *conn, cg_thermo **thermo);
void cgt_conn_games_hold(cgt_conn *conn, int delta);
/* The store as it is now, never started afresh (NULL before first use). */
cg_store *cgt_conn_games_now(cgt_conn *conn);
/* What keeps ids of the store elsewhere (the boards' memos) asks to be
** told when the store starts afresh: reset(arg) is called then (not when
** the connection closes).  At most CGT_GAMES_LISTENERS of them; returns 0
** when out of memory or room. */
#define CGT_GAMES_LISTENERS 4
int cgt_conn_games_on_reset(cgt_conn *conn, void (*reset)(void *arg), void *arg);

/* ---- calls (partizan_call.c) ---- */

/* The body of a partizan function: the store is ready and its work is
** charged to an interrupt check of this connection. */
typedef void cgt_partizan_body(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s);

/* Runs body with the connection's store, interruptible, for the SQL
** function fname. */
void cgt_partizan_run(sqlite3_context *ctx, int argc, sqlite3_value **argv, cgt_partizan_body *body,
                      const char *fname);
/* Defines name_func, the SQL function sql_name, which runs name_body so. */
#define CGT_PARTIZAN_FUNC(name, sql_name)                                         \
  static void name##_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) { \
    cgt_partizan_run(ctx, argc, argv, name##_body, sql_name);                     \
  }
/* Why a computation failed, naming the limit it met (sqlite3_malloc'd;
** NULL when out of memory). */
char *cgt_partizan_cause(cgt_rc rc);
/* Reports a failed computation of fname. */
void cgt_partizan_report(sqlite3_context *ctx, cgt_rc rc, const char *fname);
/* Parses text, the text of value v, into *g: CGT_SYNTAX with a message in
** err when it does not parse or goes on past a NUL byte. */
cgt_rc cgt_game_parse(cg_store *s, sqlite3_value *v, const char *text, cg_id *g, char *err, size_t errlen);
/* The game of argument v, or 0 after setting an error (or for NULL). */
int cgt_game_arg(sqlite3_context *ctx, cg_store *s, sqlite3_value *v, const char *fname, cg_id *g);
/* Loopy games (loopy.h): the value of text, short or loopy; the value of
** argument v (0 after setting an error, or for NULL); v as a result. */
cgt_rc cgt_lvalue_parse(cg_store *s, sqlite3_value *v, const char *text, lg_value *out, char *err, size_t errlen);
int cgt_lvalue_arg(sqlite3_context *ctx, cg_store *s, sqlite3_value *v, const char *fname, lg_value *out);
void cgt_result_lvalue(sqlite3_context *ctx, cg_store *s, const lg_value *v, const char *fname);
/* Returns g as its canonical text. */
void cgt_result_game(sqlite3_context *ctx, cg_store *s, cg_id g, const char *fname);
/* Returns the number x as an INTEGER, else a REAL when a double holds it
** exactly, else as text. */
void cgt_result_number(sqlite3_context *ctx, cg_store *s, cg_dyadic x, const char *fname);
/* The result of a computation of fname that gave rc and, when rc is CGT_OK, g. */
void cgt_answer_game(sqlite3_context *ctx, cg_store *s, cgt_rc rc, cg_id g, const char *fname);

/* ---- registration ---- */
extern const cgt_function cgt_partizan_functions[];
extern const cgt_function cgt_algebra_functions[];
extern const cgt_function cgt_graphgame_functions[];
extern const cgt_function cgt_play_functions[];
extern const cgt_function cgt_loopy_functions[];
extern const cgt_table_function cgt_partizan_tables[];
extern const cgt_table_function cgt_algebra_tables[];

#endif
