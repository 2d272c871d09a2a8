/*
** Classic games with closed forms (pure, DETERMINISTIC|INNOCUOUS):
**
**   wythoff_outcome(a, b)          'P' or 'N', exact for 64-bit a, b
**   wythoff_grundy(a, b)           Grundy value (dynamic programming)
**   fibonacci_nim_move(n [, q])    smallest winning take, 0 when none
**   misere_nim_win(h1, h2, ...)    1 when the player to move wins misere Nim
**   misere_nim_win(h)              the same, as an aggregate
*/
#include "heap_binding.h"
#include "closed.h"

/* Reads the first argc non-negative arguments into v; 0 on NULL (any one,
** whatever the others) or error. */
static int args(sqlite3_context *ctx, int argc, sqlite3_value **argv, const char *fname, uint64_t *v) {
  if (cgt_any_null(argc, argv)) return 0;
  for (int i = 0; i < argc; i++)
    if (cgt_arg_nonneg(ctx, argv[i], fname, i + 1, &v[i]) <= 0) return 0;
  return 1;
}

static void wythoff_outcome_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint64_t v[2];
  if (args(ctx, argc, argv, "wythoff_outcome", v)) cgt_result_letter(ctx, cgt_wythoff_is_p(v[0], v[1]) ? 'P' : 'N');
}

static void wythoff_grundy_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint64_t v[2], g = 0;
  if (!args(ctx, argc, argv, "wythoff_grundy", v)) return;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), "wythoff_grundy");
  cgt_rc rc = cgt_wythoff_grundy(v[0], v[1], &g, &it.stop);
  cgt_interrupt_end(&it);
  double bytes = cgt_wythoff_bytes(v[0], v[1]);
  if (rc == CGT_TOOBIG)
    cgt_error(ctx, SQLITE_TOOBIG, "wythoff_grundy",
              "needs %.2g bytes, more than can be counted (no formula is known; the dynamic program's tables grow "
              "as (a+b)^2)", bytes);
  else if (rc == CGT_MEMORY)
    cgt_error_memory(ctx, &it.stop, "wythoff_grundy");
  else if (rc)
    cgt_error_rc(ctx, rc, "wythoff_grundy");
  else
    sqlite3_result_int64(ctx, (sqlite3_int64)g);
}

static void fibonacci_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint64_t v[2];
  if (!args(ctx, argc, argv, "fibonacci_nim_move", v)) return;
  uint64_t q = argc == 2 ? v[1] : (v[0] ? v[0] - 1 : 0);
  sqlite3_result_int64(ctx, (sqlite3_int64)cgt_fibonacci_nim_move(v[0], q));
}

/* Misere Nim: with every heap at most 1 the player to move wins when the
** number of 1s is even (no heaps at all included); else when the nim-sum
** is not 0. */
typedef struct misere_state {
  uint64_t xor;
  int big;   /* some heap has 2 or more */
} misere_state;

static int misere_add(sqlite3_context *ctx, misere_state *m, sqlite3_value *v, int argno) {
  uint64_t h;
  int r = cgt_arg_nonneg(ctx, v, "misere_nim_win", argno, &h);
  if (r > 0) {
    m->xor ^= h;
    m->big |= h >= 2;
  }
  return r >= 0;
}

static int misere_wins(const misere_state *m) { return m->big ? m->xor != 0 : m->xor == 0; }

static void misere_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  misere_state m = {0, 0};
  if (cgt_any_null(argc, argv)) return;   /* (the aggregate skips NULL rows) */
  for (int i = 0; i < argc; i++)
    if (!misere_add(ctx, &m, argv[i], i + 1)) return;
  sqlite3_result_int(ctx, misere_wins(&m));
}

static void misere_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  misere_state *m = sqlite3_aggregate_context(ctx, sizeof *m);
  if (!m) sqlite3_result_error_nomem(ctx);
  else misere_add(ctx, m, argv[0], 1);
}

static void misere_final(sqlite3_context *ctx) {
  misere_state empty = {0, 0}, *m = sqlite3_aggregate_context(ctx, 0);
  sqlite3_result_int(ctx, misere_wins(m ? m : &empty));
}

const cgt_function cgt_closed_functions[] = {
    {.name = "wythoff_outcome", .nargs = 2, .flags = CGT_PURE, .xFunc = wythoff_outcome_func,
     .args = "a, b", .result = "TEXT 'N' or 'P'",
     .description = "Outcome of Wythoff's game at piles (a, b).",
     .example = "SELECT wythoff_outcome(3, 5)"},
    {.name = "wythoff_grundy", .nargs = 2, .flags = CGT_PURE, .xFunc = wythoff_grundy_func,
     .args = "a, b", .result = "INTEGER",
     .description = "Grundy value of Wythoff's game at piles (a, b).",
     .example = "SELECT wythoff_grundy(10, 20)"},
    {.name = "fibonacci_nim_move", .nargs = 1, .flags = CGT_PURE, .xFunc = fibonacci_func,
     .args = "n", .result = "INTEGER",
     .description = "A winning first move of Fibonacci Nim on n counters (0: none).",
     .example = "SELECT fibonacci_nim_move(10)"},
    {.name = "fibonacci_nim_move", .nargs = 2, .flags = CGT_PURE, .xFunc = fibonacci_func,
     .args = "n, q", .result = "INTEGER",
     .description = "A winning move of Fibonacci Nim on n counters when the last move took q.",
     .example = "SELECT fibonacci_nim_move(12, 1)"},
    {.name = "misere_nim_win", .nargs = -1, .flags = CGT_PURE, .xFunc = misere_func,
     .args = "h1, h2, ...", .result = "INTEGER 1 or 0",
     .description = "1 when the player to move wins misere Nim on these heaps.",
     .example = "SELECT misere_nim_win(1, 1, 1)"},
    {.name = "misere_nim_win", .nargs = 1, .flags = CGT_PURE, .xStep = misere_step, .xFinal = misere_final,
     .args = "h", .result = "INTEGER 1 or 0",
     .description = "Aggregate: misere Nim on the rows' heaps.",
     .example = "SELECT misere_nim_win(value) FROM json_each('[1,2,3]')"},
    {0}};
