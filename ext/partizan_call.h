/*
** The helpers of the partizan SQL functions (fn_partizan.c), shared with
** the other binding files on games in CGSuite's notation (fn_algebra.c).
*/
#ifndef CGT_PARTIZAN_CALL_H
#define CGT_PARTIZAN_CALL_H

#include "binding.h"

/* The body of a partizan function: the store is ready and its work is
** charged to an interrupt check of this connection. */
typedef void body_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv, cg_store *s);

/* Runs body with the connection's store, interruptible. */
void run(sqlite3_context *ctx, int argc, sqlite3_value **argv, body_fn *body);
/* Reports a failed computation of fname. */
void report(sqlite3_context *ctx, cgt_rc rc, const char *fname);
/* The game of argument v, or 0 after setting an error (or for NULL). */
int game_arg(sqlite3_context *ctx, cg_store *s, sqlite3_value *v, const char *fname, cg_id *g);
/* Returns g as its canonical text. */
void result_game(sqlite3_context *ctx, cg_store *s, cg_id g, const char *fname);
/* The result of a computation of fname that gave rc and, when rc is CGT_OK, g. */
void answer_game(sqlite3_context *ctx, cg_store *s, cgt_rc rc, cg_id g, const char *fname);
/* Returns the value of a heap of a subtraction{L|R} game (fn_board.c). */
void subtraction_result(sqlite3_context *ctx, cg_store *s, const char *fname, const char *ruleset,
                        const char *heap);

#endif
