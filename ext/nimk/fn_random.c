/*
** random_sum_win_probability(graph_id [, stop_weight [, modulus]])
**
** Tokens are dropped on a graph one at a time: each step picks a node of the
** graph (each with weight 1) or stops (weight stop_weight, default 1).  The
** result is the probability that the player to move wins the final sum: a
** REAL, or with a prime modulus the exact p/q as p * q^-1 mod modulus.  On
** graphs with cycles only forced wins count.  Reads cgt_edge (DIRECTONLY).
** A NULL argument gives NULL; a graph id with no rows is the empty graph,
** on which the player to move always loses (0).
*/
#include "nimk_binding.h"
#include "randsum.h"

/* Flattened K sets of the infinite nodes of game. */
static int build_input(const cgt_game *game, cgt_randsum *in, uint32_t **k_off, uint32_t **kset) {
  uint32_t n = game->moves.n, ninf = 0;
  for (uint32_t u = 0; u < n; u++) ninf += game->grundy[u] == CGT_GRUNDY_INF;
  *k_off = sqlite3_malloc64(((uint64_t)ninf + 1) * sizeof **k_off);
  *kset = sqlite3_malloc64(((uint64_t)game->moves.m + 1) * sizeof **kset);
  if (!*k_off || !*kset) return 0;
  uint32_t i = 0, at = 0;
  (*k_off)[0] = 0;
  for (uint32_t u = 0; u < n; u++) {
    if (game->grundy[u] != CGT_GRUNDY_INF) continue;
    at += cgt_grundy_kset(&game->moves, game->grundy, u, *kset + at);
    (*k_off)[++i] = at;
  }
  in->nodes = n;
  in->value = game->grundy;
  in->ninf = ninf;
  in->k_off = *k_off;
  in->kset = *kset;
  return 1;
}

static void random_sum_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *fname = "random_sum_win_probability";
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  double weight = 1.0;
  uint64_t iweight = 1, mod = 0;
  if (argc == 3) {
    if (cgt_arg_nonneg(ctx, argv[1], fname, 2, &iweight) < 0) return;
    if (cgt_arg_nonneg(ctx, argv[2], fname, 3, &mod) < 0) return;
    if (iweight == 0) { cgt_error(ctx, SQLITE_ERROR, fname, "stop_weight must be positive"); return; }
    if (!cgt_is_prime(mod)) {
      cgt_error(ctx, SQLITE_ERROR, fname, "modulus %llu is not a prime", (unsigned long long)mod);
      return;
    }
  } else if (argc == 2) {
    int type = sqlite3_value_numeric_type(argv[1]);
    weight = sqlite3_value_double(argv[1]);
    if ((type != SQLITE_INTEGER && type != SQLITE_FLOAT) || !(weight > 0) || weight > 1e300) {
      const unsigned char *text = sqlite3_value_text(argv[1]);
      if (text) cgt_error(ctx, SQLITE_ERROR, fname, "stop_weight must be a positive number, not %s", text);
      else sqlite3_result_error_nomem(ctx);   /* (its text could not be had) */
      return;
    }
  }
  cgt_graph *graph = cgt_graph_for_call(ctx, argv[0], fname);
  if (!graph) return;
  if (graph->game.moves.n == 0) {   /* a graph with no nodes: the sum is always empty, a loss */
    if (mod) sqlite3_result_int64(ctx, 0);
    else sqlite3_result_double(ctx, 0.0);
    return;
  }
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), fname);
  cgt_rc rc = cgt_game_need_grundy(&graph->game, &it.stop);
  cgt_randsum in;
  uint32_t *k_off = NULL, *kset = NULL;
  if (rc == CGT_OK && !build_input(&graph->game, &in, &k_off, &kset)) rc = CGT_NOMEM;
  if (rc == CGT_OK && mod) {
    uint64_t win;
    rc = cgt_randsum_mod(&in, iweight, mod, &win, &it.stop);
    if (rc == CGT_OK) sqlite3_result_int64(ctx, (sqlite3_int64)win);
  } else if (rc == CGT_OK) {
    double win;
    rc = cgt_randsum_real(&in, weight, &win, &it.stop);
    if (rc == CGT_OK) sqlite3_result_double(ctx, win);
  }
  cgt_interrupt_end(&it);
  if (rc == CGT_NOINVERSE)
    cgt_error(ctx, SQLITE_ERROR, fname,
              "a denominator of the computation is 0 modulo %llu (the exact probability may still have "
              "a residue: use a larger prime)", (unsigned long long)mod);
  else if (rc)
    cgt_error_rc(ctx, rc, fname);
  sqlite3_free(k_off);
  sqlite3_free(kset);
}

const cgt_function cgt_random_functions[] = {
    {.name = "random_sum_win_probability", .nargs = 1, .flags = CGT_READS, .xFunc = random_sum_func,
     .args = "graph_id", .result = "REAL",
     .description = "Probability that a random sum of tokens dropped on the graph is a first-player win.",
     .example = "SELECT random_sum_win_probability(1)"},
    {.name = "random_sum_win_probability", .nargs = 2, .flags = CGT_READS, .xFunc = random_sum_func,
     .args = "graph_id, stop_weight", .result = "REAL",
     .description = "The same, with the weight of stopping at each step.",
     .example = "SELECT random_sum_win_probability(1, 2)"},
    {.name = "random_sum_win_probability", .nargs = 3, .flags = CGT_READS, .xFunc = random_sum_func,
     .args = "graph_id, stop_weight, modulus", .result = "INTEGER",
     .description = "The same probability modulo a prime.",
     .example = "SELECT random_sum_win_probability(1, 1, 998244353)"},
    {0}};
