/*
** cgt_dot(graph_id [, root [, max_nodes]]): a stored graph as Graphviz DOT
** text, for `dot -Tsvg`.  Reads cgt_edge/cgt_node, so it is DIRECTONLY.
**
** An impartial graph (every side NULL) is drawn solved: each node is filled
** by its outcome (N green, P orange, D grey) and labelled with its id, its
** generalised Grundy value and its remoteness (none for a draw); a winning
** move (to a P-position) is drawn bold.  A graph with a side 'L' or 'R' is
** partizan: each node is filled by its outcome class (L blue, R red, N, P,
** D as above; cycles allowed, by retrograde analysis of the positions with
** each player to move), each move is labelled with the side that makes it
** (none when either player may), and a move that wins for its side is bold.
**
** With root, only the nodes reachable from root are drawn.  More than
** max_nodes nodes to draw (default CGT_DOT_NODES, at most CGT_DOT_MAX_NODES)
** is an error.  Nodes come out in SQLite's order of their ids, named n0,
** n1, ...; ids are escaped for DOT's quoted strings.  A NULL argument gives
** NULL; an unknown root is an error.
*/
#include <stdlib.h>
#include <string.h>

#include "../sqlite/binding.h"
#include "graph_binding.h"
#include "retro.h"

#define CGT_DOT_NODES 1000
#define CGT_DOT_MAX_NODES 100000

/* The graph as drawn: the impartial moves with their analyses (game), or
** the partizan moves with their sides (who). */
typedef struct dot_view {
  const cgt_keymap *nodes;
  uint32_t n;
  const uint32_t *off, *dst; /* moves of u: dst[off[u]..off[u+1]) */
  const uint8_t *who;        /* partizan: 1 'L', 2 'R', 3 either; else NULL */
  const cgt_game *game;      /* impartial: solved; else NULL */
  char *side_outcome;        /* partizan: of u with Left (2u) or Right (2u+1) to move */
} dot_view;

enum { GREEN = 0, ORANGE, GREY, BLUE, RED };
static const char *const colours[] = {"#a6dba0", "#fdb863", "#d9d9d9", "#92c5de", "#f4a582"};

typedef struct dot_node {
  cgt_key key;
  uint32_t idx;
} dot_node;

/* SQLite's order of ids: numbers (by value), then TEXT, then BLOB. */
static int key_cmp(const void *pa, const void *pb) {
  const cgt_key *a = &((const dot_node *)pa)->key, *b = &((const dot_node *)pb)->key;
  int ca = a->type == CGT_KEY_BLOB ? 2 : a->type == CGT_KEY_TEXT;
  int cb = b->type == CGT_KEY_BLOB ? 2 : b->type == CGT_KEY_TEXT;
  if (ca != cb) return ca - cb;
  if (ca == 0) {
    if (a->type == CGT_KEY_INT && b->type == CGT_KEY_INT) return (a->i > b->i) - (a->i < b->i);
    double x, y;
    if (a->type == CGT_KEY_INT) x = (double)a->i; else memcpy(&x, &a->i, sizeof x);
    if (b->type == CGT_KEY_INT) y = (double)b->i; else memcpy(&y, &b->i, sizeof y);
    if (x != y) return (x > y) - (x < y);
    return (a->type == CGT_KEY_REAL) - (b->type == CGT_KEY_REAL);
  }
  uint32_t len = a->len < b->len ? a->len : b->len;
  int c = len ? memcmp(a->p, b->p, len) : 0;
  return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 if none. */
static int utf8_length(const unsigned char *p, uint32_t n) {
  int len = p[0] < 0xC2 ? 0 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : p[0] < 0xF5 ? 4 : 0;
  if (len == 0 || (uint32_t)len > n) return 0;
  unsigned lo = p[0] == 0xE0 ? 0xA0 : p[0] == 0xF0 ? 0x90 : 0x80;
  unsigned hi = p[0] == 0xED ? 0x9F : p[0] == 0xF4 ? 0x8F : 0xBF;
  if (p[1] < lo || p[1] > hi) return 0;
  for (int i = 2; i < len; i++)
    if ((p[i] & 0xC0) != 0x80) return 0;
  return len;
}

/* Text inside a DOT quoted label: '"' and '\' escaped, a newline as DOT's
** line break, '&' as an entity (labels read them), and control bytes and
** invalid UTF-8 shown as \xNN. */
static void append_label_text(sqlite3_str *s, const unsigned char *p, uint32_t n) {
  for (uint32_t i = 0; i < n;) {
    unsigned char c = p[i];
    int len = c >= 0x80 ? utf8_length(p + i, n - i) : 1;
    if (c == '"') sqlite3_str_appendall(s, "\\\"");
    else if (c == '\\') sqlite3_str_appendall(s, "\\\\");
    else if (c == '\n') sqlite3_str_appendall(s, "\\n");
    else if (c == '&') sqlite3_str_appendall(s, "&amp;");
    else if (c < 0x20 || c == 0x7F || len == 0) sqlite3_str_appendf(s, "\\\\x%02X", c);
    else sqlite3_str_append(s, (const char *)p + i, len);
    i += len ? (uint32_t)len : 1;
  }
}

/* A node id as the first line of its label. */
static void append_id(sqlite3_str *s, const cgt_key *k) {
  double d;
  switch (k->type) {
    case CGT_KEY_INT: sqlite3_str_appendf(s, "%lld", (long long)k->i); break;
    case CGT_KEY_REAL:
      memcpy(&d, &k->i, sizeof d);
      sqlite3_str_appendf(s, "%!.15g", d);
      break;
    case CGT_KEY_TEXT: append_label_text(s, k->p, k->len); break;
    default:
      sqlite3_str_appendall(s, "X'");
      for (uint32_t i = 0; i < k->len; i++) sqlite3_str_appendf(s, "%02X", ((const unsigned char *)k->p)[i]);
      sqlite3_str_appendall(s, "'");
  }
}

/* The solved lines of an impartial node's label, and its fill. */
static int append_analysis(sqlite3_str *s, const cgt_game *game, uint32_t u) {
  if (game->grundy[u] != CGT_GRUNDY_INF) {
    sqlite3_str_appendf(s, "\\ng=%u", game->grundy[u]);
  } else {
    uint32_t deg = cgt_outdeg(&game->moves, u);
    uint32_t *k = sqlite3_malloc64((deg ? deg : 1) * sizeof *k);
    if (!k) return SQLITE_NOMEM;
    uint32_t nk = cgt_grundy_kset(&game->moves, game->grundy, u, k);
    sqlite3_str_appendall(s, "\\ng=inf{");
    for (uint32_t i = 0; i < nk; i++) sqlite3_str_appendf(s, i ? ",%u" : "%u", k[i]);
    sqlite3_str_appendall(s, "}");
    sqlite3_free(k);
  }
  if (game->remote[u] != CGT_REMOTE_DRAW) sqlite3_str_appendf(s, ", r=%u", game->remote[u]);
  char o = game->outcome[u];
  sqlite3_str_appendf(s, "\", fillcolor=\"%s\"", colours[o == 'N' ? GREEN : o == 'P' ? ORANGE : GREY]);
  return SQLITE_OK;
}

/* Who wins with side first (0 Left, 1 Right) from the outcome c of that side to move. */
static const char *winner(int side, char c) {
  if (c == 'D') return "draw";
  return (c == 'N') == (side == 0) ? "Left wins" : "Right wins";
}

/* The outcome class of a partizan node as the second line of its label,
** and its fill. */
static void append_class(sqlite3_str *s, const char *side_outcome, uint32_t u) {
  char lf = side_outcome[2 * (size_t)u], rf = side_outcome[2 * (size_t)u + 1];
  if (lf == 'D' || rf == 'D') {
    sqlite3_str_appendf(s, "\\nD: Left first: %s, Right first: %s\", fillcolor=\"%s\"", winner(0, lf),
                        winner(1, rf), colours[GREY]);
    return;
  }
  int cls = lf == 'N' ? (rf == 'N' ? GREEN : BLUE) : (rf == 'N' ? RED : ORANGE);
  sqlite3_str_appendf(s, "\\n%c\", fillcolor=\"%s\"", "NPDLR"[cls], colours[cls]);
}

/* The outcome of each partizan node with each player to move: retrograde
** analysis of the graph of (node, player to move), where a move of Left
** (or either) goes from (u, Left) to (w, Right), and one of Right back. */
static cgt_rc partizan_outcomes(dot_view *v, cgt_stop *st) {
  if (v->n > UINT32_MAX / 2 - 1) return CGT_TOOBIG;
  size_t npairs = 0, m = v->off[v->n];
  for (size_t e = 0; e < m; e++) npairs += (v->who[e] & 1) + (v->who[e] >> 1);
  uint32_t *pair = cgt_malloc((2 * npairs + 1) * sizeof *pair);
  v->side_outcome = sqlite3_malloc64(2 * (size_t)v->n + 1);
  if (!pair || !v->side_outcome) {
    cgt_free(pair);
    return CGT_NOMEM;
  }
  size_t k = 0;
  for (uint32_t u = 0; u < v->n; u++) {
    for (uint32_t e = v->off[u]; e < v->off[u + 1]; e++) {
      if (v->who[e] & 1) pair[k++] = 2 * u, pair[k++] = 2 * v->dst[e] + 1;
      if (v->who[e] & 2) pair[k++] = 2 * u + 1, pair[k++] = 2 * v->dst[e];
    }
  }
  cgt_digraph g;
  memset(&g, 0, sizeof g);
  cgt_rc rc = cgt_digraph_build(&g, 2 * v->n, pair, npairs, st);
  cgt_free(pair);
  if (rc == CGT_OK) {
    rc = cgt_retro_solve(&g, 0, v->side_outcome, NULL, st);
    cgt_digraph_free(&g);
  }
  return rc;
}

/* Marks in keep[] the nodes reachable from root (an explicit stack), and
** counts them in *count; stops counting past limit. */
static int reach(const dot_view *v, uint32_t root, uint64_t limit, uint8_t *keep, uint32_t *count,
                 cgt_stop *st) {
  uint32_t *stack = sqlite3_malloc64((size_t)v->n * sizeof *stack);
  if (!stack) return SQLITE_NOMEM;
  uint32_t top = 0, seen = 1;
  keep[root] = 1;
  stack[top++] = root;
  while (top > 0 && seen <= limit) {
    uint32_t u = stack[--top];
    if (cgt_stop_charge(st, 1 + v->off[u + 1] - v->off[u])) break;
    for (uint32_t e = v->off[u]; e < v->off[u + 1]; e++) {
      uint32_t w = v->dst[e];
      if (!keep[w]) keep[w] = 1, seen++, stack[top++] = w;
    }
  }
  sqlite3_free(stack);
  *count = seen;
  return st->stopped ? SQLITE_INTERRUPT : SQLITE_OK;
}

/* A move u -> w, in the order of the targets' ranks. */
typedef struct dot_move {
  uint32_t rank;
  uint8_t who;
} dot_move;

static int move_cmp(const void *pa, const void *pb) {
  const dot_move *a = pa, *b = pb;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  return a->who - b->who;
}

/* Writes the DOT text of the nodes keep[] marks (all when keep is NULL). */
static int write_dot(sqlite3_str *s, const dot_view *v, const uint8_t *keep, uint32_t count, cgt_stop *st) {
  dot_node *order = sqlite3_malloc64(((size_t)count + 1) * sizeof *order);
  uint32_t *rank = sqlite3_malloc64(((size_t)v->n + 1) * sizeof *rank);
  uint32_t maxdeg = 0;
  for (uint32_t u = 0; u < v->n; u++)
    if ((!keep || keep[u]) && v->off[u + 1] - v->off[u] > maxdeg) maxdeg = v->off[u + 1] - v->off[u];
  dot_move *moves = sqlite3_malloc64(((size_t)maxdeg + 1) * sizeof *moves);
  int rc = order && rank && moves ? SQLITE_OK : SQLITE_NOMEM;
  uint32_t k = 0;
  for (uint32_t u = 0; rc == SQLITE_OK && u < v->n; u++) {
    if (keep && !keep[u]) continue;
    cgt_keymap_get(v->nodes, u, &order[k].key);
    order[k++].idx = u;
  }
  if (rc == SQLITE_OK) {
    qsort(order, k, sizeof *order, key_cmp);
    for (uint32_t i = 0; i < k; i++) rank[order[i].idx] = i;
    sqlite3_str_appendall(s, "digraph cgt {\n");
    if (v->game)
      sqlite3_str_appendall(s, "  // N green: the player to move wins; P orange: loses; D grey: a draw. "
                               "g: Grundy value, r: remoteness; winning moves bold.\n");
    else
      sqlite3_str_appendall(s, "  // L blue: Left wins, R red: Right wins (whoever starts); N green: the first "
                               "player wins; P orange: the second; D grey: a draw for a first player. "
                               "Moves: the side that makes them (none: either); winning moves bold.\n");
    sqlite3_str_appendall(s, "  node [style=filled];\n");
  }
  for (uint32_t i = 0; rc == SQLITE_OK && i < k; i++) {
    uint32_t u = order[i].idx;
    if (cgt_stop_charge(st, 1 + v->off[u + 1] - v->off[u])) { rc = SQLITE_INTERRUPT; break; }
    sqlite3_str_appendf(s, "  n%u [label=\"", i);
    append_id(s, &order[i].key);
    if (v->game) rc = append_analysis(s, v->game, u);
    else append_class(s, v->side_outcome, u);
    sqlite3_str_appendall(s, "];\n");
  }
  for (uint32_t i = 0; rc == SQLITE_OK && i < k; i++) {
    uint32_t u = order[i].idx, nm = 0;
    for (uint32_t e = v->off[u]; e < v->off[u + 1]; e++)
      moves[nm++] = (dot_move){rank[v->dst[e]], v->who ? v->who[e] : 3};
    qsort(moves, nm, sizeof *moves, move_cmp);
    for (uint32_t j = 0; j < nm; j++) {
      uint32_t w = order[moves[j].rank].idx;
      uint8_t who = moves[j].who;
      int bold = v->game ? v->game->outcome[w] == 'P'
                         : ((who & 1) && v->side_outcome[2 * (size_t)w + 1] == 'P') ||
                               ((who & 2) && v->side_outcome[2 * (size_t)w] == 'P');
      sqlite3_str_appendf(s, "  n%u -> n%u", i, moves[j].rank);
      if (who != 3) sqlite3_str_appendf(s, " [label=\"%c\"%s]", who == 1 ? 'L' : 'R', bold ? ", style=bold" : "");
      else if (bold) sqlite3_str_appendall(s, " [style=bold]");
      sqlite3_str_appendall(s, ";\n");
    }
  }
  if (rc == SQLITE_OK) sqlite3_str_appendall(s, "}\n");
  sqlite3_free(order);
  sqlite3_free(rank);
  sqlite3_free(moves);
  return rc;
}

/* The view of graph to draw: partizan when a side is not NULL, else the
** impartial graph with its analyses computed. */
static int view_of(sqlite3_context *ctx, cgt_graph *graph, sqlite3_value *gid, dot_view *v, cgt_stop *st) {
  char *err = NULL;
  int rc = cgt_graph_partizan(sqlite3_user_data(ctx), graph, gid, &err);
  if (rc != SQLITE_OK) {
    if (err) cgt_error(ctx, rc, "cgt_dot", "%s", err);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(err);
    return rc;
  }
  const cgt_pgraph *pg = graph->partizan;
  for (uint32_t e = 0; e < pg->off[pg->nodes.count]; e++) {
    if (pg->who[e] != 3) {
      *v = (dot_view){&pg->nodes, pg->nodes.count, pg->off, pg->dst, pg->who, NULL, NULL};
      cgt_rc crc = partizan_outcomes(v, st);
      if (crc) cgt_error_rc(ctx, crc, "cgt_dot");
      return cgt_sqlite_rc(crc);
    }
  }
  cgt_rc crc = cgt_game_need_outcome(&graph->game, st);
  if (crc == CGT_OK) crc = cgt_game_need_grundy(&graph->game, st);
  if (crc) {
    cgt_error_rc(ctx, crc, "cgt_dot");
    return cgt_sqlite_rc(crc);
  }
  const cgt_game *game = &graph->game;
  *v = (dot_view){&game->nodes, game->moves.n, game->moves.out_off, game->moves.out, NULL, game, NULL};
  return SQLITE_OK;
}

/* Draws the view of graph (or the part reachable from root). */
static void draw_view(sqlite3_context *ctx, const cgt_graph *graph, int argc, sqlite3_value **argv, uint64_t limit,
                      const dot_view *view, cgt_stop *st) {
  const dot_view v = *view;
  uint8_t *keep = NULL;
  uint32_t count = v.n;
  int rc = SQLITE_OK;
  if (argc >= 2) {
    cgt_key k;
    uint32_t root = cgt_key_from_value(argv[1], &k) > 0 ? cgt_keymap_find(v.nodes, &k) : UINT32_MAX;
    if (root == UINT32_MAX) {
      char *msg = cgt_unknown_node_text(graph, argv[1]);
      if (msg) cgt_error(ctx, SQLITE_ERROR, "cgt_dot", "%s", msg);
      else sqlite3_result_error_nomem(ctx);
      sqlite3_free(msg);
      return;
    }
    keep = sqlite3_malloc64((size_t)v.n + 1);
    if (!keep) { sqlite3_result_error_nomem(ctx); return; }
    memset(keep, 0, (size_t)v.n + 1);
    rc = reach(&v, root, limit, keep, &count, st);
  }
  if (rc == SQLITE_OK && count > limit) {
    cgt_error(ctx, SQLITE_TOOBIG, "cgt_dot", "more than %llu nodes to draw (max_nodes)", (unsigned long long)limit);
    sqlite3_free(keep);
    return;
  }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  if (rc == SQLITE_OK) rc = write_dot(s, &v, keep, count, st);
  sqlite3_free(keep);
  if (rc == SQLITE_OK) rc = sqlite3_str_errcode(s);
  int len = sqlite3_str_length(s);
  char *text = sqlite3_str_finish(s);
  if (rc == SQLITE_OK) sqlite3_result_text(ctx, text, len, sqlite3_free);
  else sqlite3_free(text);
  if (rc == SQLITE_INTERRUPT) cgt_error_rc(ctx, CGT_INTERRUPTED, "cgt_dot");
  else if (rc == SQLITE_TOOBIG) cgt_error(ctx, rc, "cgt_dot", "the DOT text is longer than SQLite allows");
  else if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
}

/* Reads and solves the graph, then draws it. */
static void draw(sqlite3_context *ctx, int argc, sqlite3_value **argv, uint64_t limit, cgt_stop *st) {
  cgt_graph *graph = cgt_graph_for_call(ctx, argv[0], "cgt_dot");
  dot_view v = {0};
  if (graph && view_of(ctx, graph, argv[0], &v, st) == SQLITE_OK) draw_view(ctx, graph, argc, argv, limit, &v, st);
  sqlite3_free(v.side_outcome);
}

static void dot_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  uint64_t limit = CGT_DOT_NODES;
  if (argc == 3) {
    if (cgt_arg_nonneg(ctx, argv[2], "cgt_dot", 3, &limit) < 0) return;
    if (limit > CGT_DOT_MAX_NODES) {
      cgt_error(ctx, SQLITE_TOOBIG, "cgt_dot", "max_nodes must be at most %d", CGT_DOT_MAX_NODES);
      return;
    }
  }
  cgt_interrupt it;
  cgt_interrupt_begin(&it, sqlite3_user_data(ctx), "cgt_dot");
  draw(ctx, argc, argv, limit, &it.stop);
  cgt_interrupt_end(&it);
}

const cgt_function cgt_dot_functions[] = {
    {.name = "cgt_dot", .nargs = 1, .flags = CGT_READS, .xFunc = dot_func,
     .args = "graph_id", .result = "TEXT (Graphviz DOT)",
     .description = "The stored graph as a Graphviz picture: nodes coloured by outcome, winning moves bold.",
     .example = "SELECT cgt_dot(1)"},
    {.name = "cgt_dot", .nargs = 2, .flags = CGT_READS, .xFunc = dot_func,
     .args = "graph_id, root", .result = "TEXT (Graphviz DOT)",
     .description = "The part of the stored graph reachable from root, as a Graphviz picture.",
     .example = "SELECT cgt_dot(1, 3)"},
    {.name = "cgt_dot", .nargs = 3, .flags = CGT_READS, .xFunc = dot_func,
     .args = "graph_id, root, max_nodes", .result = "TEXT (Graphviz DOT)",
     .description = "The same, with an error past max_nodes nodes to draw (default 1000, at most 100000).",
     .example = "SELECT cgt_dot(1, 2, 10)"},
    {0}};
