/*
** Moore's Nim_k, where a move changes between 1 and k components at once:
**
**   nimk_win(k, g1, g2, ...)                      1 when the player to move wins
**   nimk_win(k, g)                                the same, as an aggregate
**   nimk_graph_win(graph_id, k, tokens)           the same on tokens of a stored graph
**   nimk_winning_move_count(graph_id, k, tokens)  moves that leave a P-position
**
** nimk_win is pure; the graph functions read cgt_edge (DIRECTONLY).  They
** use Moore's theorem where it applies, else the exact search of
** search.c, its tables within the 'memory' setting.  A NULL argument of a graph
** function gives NULL; a token on a node the graph does not know is an
** error.
*/
#include "nimk_binding.h"

#include <string.h>
#include "nimk.h"
#include "search.h"

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
  if (cgt_any_null(argc, argv) || k_arg(ctx, argv[0], "nimk_win", 1, &dc.k) < 0) return;
  for (int i = 1; i < argc; i++) {
    uint64_t v;
    if (cgt_arg_nonneg(ctx, argv[i], "nimk_win", i + 1, &v) < 0) return;
    add_value(&dc, v);
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

/* ---- Nim_k on the tokens of a stored graph ---- */

/* A call on a stored graph: its arguments read and checked. */
typedef struct graph_call {
  const char *fname;
  uint64_t k;
  cgt_graph *graph;
  uint32_t *tok;   /* sqlite3_malloc'd */
  int n;
} graph_call;

/*
** Reads (graph_id, k, tokens), solves the graph's Grundy values and
** heap-like nodes, and checks that every token has a finite value.
** Returns 1 when the call can go on; 0 after a NULL (result NULL) or an
** error.
*/
static int graph_call_open(sqlite3_context *ctx, sqlite3_value **argv, graph_call *c) {
  c->graph = NULL;
  c->tok = NULL;
  c->n = 0;
  for (int i = 0; i < 3; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return 0;
  if (k_arg(ctx, argv[1], c->fname, 2, &c->k) <= 0) return 0;
  c->graph = cgt_graph_for_call(ctx, argv[0], c->fname);
  if (!c->graph) return 0;
  cgt_game *game = &c->graph->game;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), c->fname);
  cgt_rc crc = cgt_game_need_grundy(game, &it.stop);
  if (crc == CGT_OK) crc = cgt_game_need_heaplike(game, &it.stop);
  cgt_interrupt_end(&it);
  if (crc) {
    cgt_error_rc(ctx, crc, c->fname);
    return 0;
  }
  char *cause = NULL;
  int rc = cgt_tokens_parse(sqlite3_context_db_handle(ctx), argv[2], c->graph, &c->tok, &c->n, &cause);
  if (rc != SQLITE_OK) {
    if (cause) cgt_error(ctx, rc, c->fname, "%s", cause);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(cause);
    return 0;
  }
  for (int i = 0; i < c->n; i++) {   /* (every token is a node of the graph) */
    if (game->loopy[c->tok[i]]) {
      char *node = cgt_node_text(c->graph, c->tok[i]);
      cgt_error(ctx, SQLITE_ERROR, c->fname, "Moore's theorem needs finite values, but node %s can reach a cycle",
                node ? node : "?");
      sqlite3_free(node);
      return 0;
    }
  }
  return 1;
}

/* 1 when Moore's theorem decides the tokens: k = 1 (Sprague-Grundy), or
** every token heap-like, so that each acts as a nim heap of its value. */
static int moore_applies(const graph_call *c) {
  if (c->k == 1) return 1;
  for (int i = 0; i < c->n; i++)
    if (!c->graph->game.heaplike[c->tok[i]]) return 0;
  return 1;
}

/*
** Where Moore's theorem does not apply, the exact search (search.c)
** answers, with no budget of positions or steps; its tables may hold what
** the 'memory' setting allows (docs/nimk.md, Limits).  Past it the error
** names a move that does not lower the Grundy value, as the search would
** have needed, and the setting (test_nimk.c runs the search past each of
** the core's budgets, made small).  Returns the search's result code,
** having set any error.
*/
static cgt_rc search_error(sqlite3_context *ctx, const graph_call *c, cgt_rc rc, const cgt_nimk_budget *budget,
                           const cgt_nimk_spent *spent) {
  const cgt_game *game = &c->graph->game;
  if (rc == CGT_OK) return rc;
  if (rc != CGT_LIMIT) {
    cgt_error_rc(ctx, rc, c->fname);
    return rc;
  }
  uint32_t u = 0, v = 0, start = 0;
  for (int i = 0; i < c->n; i++)
    if (!game->heaplike[c->tok[i]] && cgt_game_unlowering_move(game, c->tok[i], &u, &v)) {
      start = c->tok[i];
      break;
    }
  char *from = cgt_node_text(c->graph, u), *to = cgt_node_text(c->graph, v), *node = cgt_node_text(c->graph, start);
  uint64_t most;
  const char *what = cgt_nimk_budget_passed(budget, spent, &most);
  cgt_error(ctx, SQLITE_TOOBIG, c->fname,
            "Moore's theorem with k = %llu needs every move to lower the Grundy value, "
            "but the move %s -> %s (from %u to %u) can be reached from node %s, "
            "and the exact search needs more than %llu %s%s",
            (unsigned long long)c->k, from ? from : "?", to ? to : "?", game->grundy[u], game->grundy[v],
            node ? node : "?", (unsigned long long)most, what,
            strcmp(what, "bytes") == 0 ? ", the 'memory' setting (SELECT cgt_setting('memory', bytes) raises it)" : "");
  sqlite3_free(from);
  sqlite3_free(to);
  sqlite3_free(node);
  return rc;
}

/* The graph as the exact search reads it. */
static cgt_nimk_graph search_graph(const graph_call *c) {
  const cgt_game *game = &c->graph->game;
  cgt_nimk_graph g = {game->moves.n, game->moves.out_off, game->moves.out, game->grundy, game->heaplike};
  return g;
}

/* The exact search's budget in the SQL functions: no count of positions
** or steps, the bytes of the 'memory' setting. */
static cgt_nimk_budget search_budget(const cgt_interrupt *it) {
  cgt_nimk_budget b = {UINT64_MAX, UINT64_MAX, it->stop.memory ? it->stop.memory : UINT64_MAX};
  return b;
}

/* nimk_graph_win(graph_id, k, tokens): Moore's theorem where it applies,
** else the exact search. */
static void nimk_graph_win_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  graph_call c = {.fname = "nimk_graph_win"};
  if (!graph_call_open(ctx, argv, &c)) goto done;
  const uint32_t *grundy = c.graph->game.grundy;
  if (moore_applies(&c)) {
    digit_counts dc = {c.k, {0}};
    for (int i = 0; i < c.n; i++) add_value(&dc, grundy[c.tok[i]]);
    sqlite3_result_int(ctx, !is_p(&dc));
    goto done;
  }
  cgt_nimk_graph g = search_graph(&c);
  cgt_nimk_spent spent;
  cgt_interrupt it;
  int win = 0;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), c.fname);
  cgt_nimk_budget budget = search_budget(&it);
  cgt_rc rc = cgt_nimk_search_win(c.k, &g, c.tok, (size_t)c.n, &budget, &win, &spent, &it.stop);
  cgt_interrupt_end(&it);
  if (search_error(ctx, &c, rc, &budget, &spent) == CGT_OK) sqlite3_result_int(ctx, win);
done:
  sqlite3_free(c.tok);
}

/* Counts with Moore's theorem (cgt_nimk_count) from the tokens' values and
** their options' values. */
static void count_moore(sqlite3_context *ctx, const graph_call *c) {
  const cgt_game *game = &c->graph->game;
  int n = c->n;
  uint32_t *val = sqlite3_malloc64((uint64_t)(n ? n : 1) * sizeof *val);
  uint32_t *off = sqlite3_malloc64((uint64_t)(n + 1) * sizeof *off), *opt = NULL;
  if (!val || !off) { sqlite3_result_error_nomem(ctx); goto done; }
  off[0] = 0;
  for (int i = 0; i < n; i++) {
    uint64_t end = (uint64_t)off[i] + cgt_outdeg(&game->moves, c->tok[i]);
    if (end > UINT32_MAX - 1) {   /* the core counts options in 32 bits */
      cgt_error(ctx, SQLITE_TOOBIG, c->fname, "the tokens have more than %u moves in all", UINT32_MAX - 1);
      goto done;
    }
    val[i] = game->grundy[c->tok[i]];
    off[i + 1] = (uint32_t)end;
  }
  opt = sqlite3_malloc64((uint64_t)(off[n] ? off[n] : 1) * sizeof *opt);
  if (!opt) { sqlite3_result_error_nomem(ctx); goto done; }
  for (int i = 0; i < n; i++) {
    const uint32_t *dst = game->moves.out + game->moves.out_off[c->tok[i]];
    for (uint32_t e = 0; e < off[i + 1] - off[i]; e++) opt[off[i] + e] = game->grundy[dst[e]];
  }
  cgt_nimk_tokens tokens = {(size_t)n, val, off, opt};
  uint64_t count = 0;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), c->fname);
  char err[200];
  uint64_t memory = it.stop.memory ? it.stop.memory : UINT64_MAX;   /* no budget of steps */
  cgt_rc crc = cgt_nimk_count(c->k, &tokens, UINT64_MAX, memory, &count, err, sizeof err, &it.stop);
  cgt_interrupt_end(&it);
  if (crc == CGT_TOOBIG) cgt_error(ctx, SQLITE_TOOBIG, c->fname, "the count exceeds 2^63-1");
  else if (crc == CGT_LIMIT)
    cgt_error(ctx, SQLITE_TOOBIG, c->fname,
              "counting by Moore's theorem with k = %llu and %d tokens needs more than %llu bytes of states, the "
              "'memory' setting (SELECT cgt_setting('memory', bytes) raises it)",
              (unsigned long long)c->k, c->n, (unsigned long long)memory);
  else if (crc) cgt_error_rc(ctx, crc, c->fname);
  else sqlite3_result_int64(ctx, (sqlite3_int64)count);
done:
  sqlite3_free(val);
  sqlite3_free(off);
  sqlite3_free(opt);
}

/* nimk_winning_move_count(graph_id, k, tokens): by Moore's theorem where it
** applies, else by the exact search of every move's result. */
static void nimk_count_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  graph_call c = {.fname = "nimk_winning_move_count"};
  if (!graph_call_open(ctx, argv, &c)) goto done;
  if (moore_applies(&c)) {
    count_moore(ctx, &c);
    goto done;
  }
  cgt_nimk_graph g = search_graph(&c);
  cgt_nimk_spent spent;
  cgt_interrupt it;
  uint64_t count = 0;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), c.fname);
  cgt_nimk_budget budget = search_budget(&it);
  cgt_rc rc = cgt_nimk_search_count(c.k, &g, c.tok, (size_t)c.n, &budget, &count, &spent, &it.stop);
  cgt_interrupt_end(&it);
  if (rc == CGT_TOOBIG) cgt_error(ctx, SQLITE_TOOBIG, c.fname, "the count exceeds 2^63-1");
  else if (search_error(ctx, &c, rc, &budget, &spent) == CGT_OK)
    sqlite3_result_int64(ctx, (sqlite3_int64)count);
done:
  sqlite3_free(c.tok);
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
    {.name = "nimk_graph_win", .nargs = 3, .flags = CGT_READS, .xFunc = nimk_graph_win_func,
     .args = "graph_id, k, tokens", .result = "INTEGER 1 or 0",
     .description = "Nim_k on tokens of a stored graph (a JSON array of nodes): 1 when the player to move wins.",
     .example = "SELECT nimk_graph_win(1, 2, '[3,3]')"},
    {0}};
