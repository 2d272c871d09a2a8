/*
** Moore's Nim_k, where a move changes between 1 and k components at once:
**
**   nimk_win(k, g1, g2, ...)                      1 when the player to move wins
**   nimk_win(k, g)                                the same, as an aggregate
**   nimk_winning_move_count(graph_id, k, tokens)  moves that leave a P-position
**
** nimk_win is pure; nimk_winning_move_count reads cgt_edge (DIRECTONLY).
** A NULL argument of nimk_winning_move_count gives NULL; a token on a node
** the graph does not know is an error.
*/
#include "binding.h"
#include "core/nimk.h"
#include "graph_private.h"

/* Reads k, a positive integer; 0 for NULL, -1 after an error. */
static int k_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint64_t *k) {
  int r = cgt_arg_nonneg(ctx, v, fname, argno, k);
  if (r > 0 && *k == 0) {
    cgt_error(ctx, SQLITE_ERROR, fname, "k must be at least 1");
    return -1;
  }
  return r;
}

/* Bit counts of the values seen so far (enough for any count of values). */
typedef struct digit_counts {
  uint64_t k;
  uint64_t count[64];
} digit_counts;

static void add_value(digit_counts *dc, uint64_t v) {
  for (int b = 0; v; b++, v >>= 1) dc->count[b] += v & 1;
}

static int is_p(const digit_counts *dc) {
  for (int b = 0; b < 64; b++)
    if (dc->count[b] % (dc->k + 1)) return 0;
  return 1;
}

static void nimk_win_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  digit_counts dc = {0, {0}};
  if (argc < 1) {   /* registered for any number of arguments, so also none */
    cgt_error(ctx, SQLITE_ERROR, "nimk_win", "needs k: nimk_win(k, g1, g2, ...)");
    return;
  }
  if (k_arg(ctx, argv[0], "nimk_win", 1, &dc.k) <= 0) return;
  for (int i = 1; i < argc; i++) {
    uint64_t v;
    int r = cgt_arg_nonneg(ctx, argv[i], "nimk_win", i + 1, &v);
    if (r < 0) return;
    if (r) add_value(&dc, v);
  }
  sqlite3_result_int(ctx, !is_p(&dc));
}

static void nimk_win_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  digit_counts *dc = sqlite3_aggregate_context(ctx, sizeof *dc);
  uint64_t k, v;
  if (!dc) { sqlite3_result_error_nomem(ctx); return; }
  int rk = k_arg(ctx, argv[0], "nimk_win", 1, &k);
  if (rk <= 0) return;
  if (dc->k && dc->k != k) {
    cgt_error(ctx, SQLITE_ERROR, "nimk_win", "k changes from %llu to %llu between rows", (unsigned long long)dc->k,
              (unsigned long long)k);
    return;
  }
  dc->k = k;
  if (cgt_arg_nonneg(ctx, argv[1], "nimk_win", 2, &v) > 0) add_value(dc, v);
}

static void nimk_win_final(sqlite3_context *ctx) {
  digit_counts *dc = sqlite3_aggregate_context(ctx, 0);
  if (!dc || !dc->k) sqlite3_result_int(ctx, 0);   /* no tokens: the player to move loses */
  else sqlite3_result_int(ctx, !is_p(dc));
}

/* ---- counting winning moves on a stored graph ---- */

/*
** With k >= 2 Grundy values decide Nim_k only for components that act as
** nim heaps: where every move lowers the value.  A move that raises a value
** could be combined, in one turn, with a move that lowers another, and then
** the digit counts of Moore's theorem no longer tell P-positions apart.
** Returns 1 when every token is heap-like; else sets an error naming a move.
*/
static int all_heaplike(sqlite3_context *ctx, cgt_graph *graph, uint64_t k, const uint32_t *tok, int n) {
  const char *fname = "nimk_winning_move_count";
  cgt_game *game = &graph->game;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_context_db_handle(ctx));
  cgt_rc rc = cgt_game_need_heaplike(game, &it.stop);
  cgt_interrupt_end(&it);
  if (rc) {
    cgt_error_rc(ctx, rc, fname);
    return 0;
  }
  for (int i = 0; i < n; i++) {
    uint32_t u, v;
    if (game->heaplike[tok[i]] || !cgt_game_unlowering_move(game, tok[i], &u, &v)) continue;
    char *from = cgt_node_text(graph, u), *to = cgt_node_text(graph, v), *start = cgt_node_text(graph, tok[i]);
    cgt_error(ctx, SQLITE_ERROR, fname,
              "Moore's theorem with k = %llu needs every move to lower the Grundy value, "
              "but the move %s -> %s (from %u to %u) can be reached from node %s",
              (unsigned long long)k, from, to, game->grundy[u], game->grundy[v], start);
    sqlite3_free(from);
    sqlite3_free(to);
    sqlite3_free(start);
    return 0;
  }
  return 1;
}

static void nimk_count_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *fname = "nimk_winning_move_count";
  uint64_t k;
  for (int i = 0; i < 3; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  if (k_arg(ctx, argv[1], fname, 2, &k) <= 0) return;
  cgt_graph *graph = cgt_graph_for_call(ctx, argv[0], fname);
  if (!graph) return;
  cgt_game *game = &graph->game;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_context_db_handle(ctx));
  cgt_rc crc = cgt_game_need_grundy(game, &it.stop);
  cgt_interrupt_end(&it);
  if (crc) { cgt_error_rc(ctx, crc, fname); return; }

  uint32_t *tok = NULL, *val = NULL, *off = NULL;
  int n = 0;
  char *cause = NULL;
  int rc = cgt_tokens_parse(sqlite3_context_db_handle(ctx), argv[2], graph, &tok, &n, &cause);
  if (rc != SQLITE_OK) {
    if (cause) cgt_error(ctx, rc, fname, "%s", cause);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(cause);
    return;
  }
  for (int i = 0; i < n; i++) {   /* (every token is a node of the graph) */
    if (game->loopy[tok[i]]) {
      char *node = cgt_node_text(graph, tok[i]);
      cgt_error(ctx, SQLITE_ERROR, fname, "Moore's theorem needs finite values, but node %s can reach a cycle",
                node ? node : "?");
      sqlite3_free(node);
      goto done;
    }
  }
  if (k >= 2 && !all_heaplike(ctx, graph, k, tok, n)) goto done;
  val = sqlite3_malloc64((uint64_t)(n ? n : 1) * sizeof *val);
  off = sqlite3_malloc64((uint64_t)(n + 1) * sizeof *off);
  if (!val || !off) { sqlite3_result_error_nomem(ctx); goto done; }
  off[0] = 0;
  for (int i = 0; i < n; i++) {
    uint64_t end = (uint64_t)off[i] + cgt_outdeg(&game->moves, tok[i]);
    if (end > UINT32_MAX - 1) {   /* the core counts options in 32 bits */
      cgt_error(ctx, SQLITE_TOOBIG, fname, "the tokens have more than %u moves in all", UINT32_MAX - 1);
      goto done;
    }
    val[i] = game->grundy[tok[i]];
    off[i + 1] = (uint32_t)end;
  }
  uint32_t *opt = sqlite3_malloc64((uint64_t)(off[n] ? off[n] : 1) * sizeof *opt);
  if (!opt) { sqlite3_result_error_nomem(ctx); goto done; }
  for (int i = 0; i < n; i++) {
    const uint32_t *dst = game->moves.out + game->moves.out_off[tok[i]];
    for (uint32_t e = 0; e < off[i + 1] - off[i]; e++) opt[off[i] + e] = game->grundy[dst[e]];
  }
  cgt_nimk_tokens tokens = {(size_t)n, val, off, opt};
  uint64_t count = 0;
  cgt_interrupt_begin(&it, sqlite3_context_db_handle(ctx));
  crc = cgt_nimk_count(k, &tokens, &count, &it.stop);
  cgt_interrupt_end(&it);
  sqlite3_free(opt);
  if (crc == CGT_TOOBIG) cgt_error(ctx, SQLITE_TOOBIG, fname, "the count exceeds 2^63-1");
  else if (crc) cgt_error_rc(ctx, crc, fname);
  else sqlite3_result_int64(ctx, (sqlite3_int64)count);
done:
  sqlite3_free(tok);
  sqlite3_free(val);
  sqlite3_free(off);
}

const cgt_function cgt_nimk_functions[] = {
    {.name = "nimk_win", .nargs = -1, .flags = CGT_PURE, .xFunc = nimk_win_func,
     .args = "k, g1, g2, ...", .result = "INTEGER 1 or 0",
     .description = "Moore's Nim_k on games of these Grundy values: 1 when the player to move wins.",
     .example = "SELECT nimk_win(2, 1, 1)"},
    {.name = "nimk_win", .nargs = 2, .flags = CGT_PURE, .xStep = nimk_win_step, .xFinal = nimk_win_final,
     .args = "k, g", .result = "INTEGER 1 or 0",
     .description = "Aggregate: Moore's Nim_k on the rows' Grundy values.",
     .example = "SELECT nimk_win(2, value) FROM json_each('[1,1]')"},
    {.name = "nimk_winning_move_count", .nargs = 3, .flags = CGT_READS, .xFunc = nimk_count_func,
     .args = "graph_id, k, tokens", .result = "INTEGER",
     .description = "Number of winning Nim_k moves from the tokens (a JSON array of nodes).",
     .example = "SELECT nimk_winning_move_count(1, 1, '[3,1]')"},
    {0}};
