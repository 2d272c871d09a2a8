/* Lazily computed analyses of an impartial game graph. */
#include "game.h"

#include <stdlib.h>

void cgt_game_clear(cgt_game *game) {
  cgt_keymap_free(&game->nodes);
  cgt_digraph_free(&game->moves);
  cgt_free(game->rows);
  game->rows = NULL;
  game->nrows = 0;
  cgt_free(game->outcome);
  cgt_free(game->remote);
  cgt_free(game->misere);
  cgt_free(game->grundy);
  cgt_free(game->loopy);
  cgt_free(game->heaplike);
  game->loopy = game->heaplike = NULL;
  game->outcome = game->misere = NULL;
  game->remote = game->grundy = NULL;
}

static size_t nalloc(const cgt_game *game) { return game->moves.n ? game->moves.n : 1; }

cgt_rc cgt_game_need_outcome(cgt_game *game, cgt_stop *st) {
  if (game->outcome) return CGT_OK;
  char *outcome = cgt_malloc(nalloc(game));
  uint32_t *remote = cgt_malloc(nalloc(game) * sizeof *remote);
  cgt_rc rc = (outcome && remote) ? cgt_retro_solve(&game->moves, 0, outcome, remote, st) : CGT_NOMEM;
  if (rc) {
    cgt_free(outcome);
    cgt_free(remote);
    return rc;
  }
  game->outcome = outcome;
  game->remote = remote;
  return CGT_OK;
}

cgt_rc cgt_game_need_misere(cgt_game *game, cgt_stop *st) {
  if (game->misere) return CGT_OK;
  char *misere = cgt_malloc(nalloc(game));
  cgt_rc rc = misere ? cgt_retro_solve(&game->moves, 1, misere, NULL, st) : CGT_NOMEM;
  if (rc) {
    cgt_free(misere);
    return rc;
  }
  game->misere = misere;
  return CGT_OK;
}

cgt_rc cgt_game_need_grundy(cgt_game *game, cgt_stop *st) {
  if (game->grundy) return CGT_OK;
  uint32_t *grundy = cgt_malloc(nalloc(game) * sizeof *grundy);
  uint8_t *loopy = cgt_malloc(nalloc(game));
  cgt_rc rc = grundy && loopy ? cgt_grundy_solve(&game->moves, grundy, loopy, st) : CGT_NOMEM;
  if (rc) {
    cgt_free(grundy);
    cgt_free(loopy);
    return rc;
  }
  game->grundy = grundy;
  game->loopy = loopy;
  return CGT_OK;
}

/* 1 when the move u -> v lowers a finite Grundy value. */
static int lowers(const uint32_t *val, uint32_t u, uint32_t v) {
  return val[u] != CGT_GRUNDY_INF && val[v] < val[u];
}

/* A node is not heap-like when one of its moves does not lower its value,
** or when it has a move to a node that is not heap-like: spread backwards. */
cgt_rc cgt_game_need_heaplike(cgt_game *game, cgt_stop *st) {
  if (game->heaplike) return CGT_OK;
  const cgt_digraph *g = &game->moves;
  uint32_t n = g->n, head = 0, tail = 0;
  uint8_t *ok = cgt_malloc(nalloc(game));
  uint32_t *queue = cgt_malloc(nalloc(game) * sizeof *queue);
  if (!ok || !queue) {
    cgt_free(ok);
    cgt_free(queue);
    return CGT_NOMEM;
  }
  for (uint32_t u = 0; u < n; u++) {
    ok[u] = 1;
    for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1] && ok[u]; k++) ok[u] = lowers(game->grundy, u, g->out[k]);
    if (!ok[u]) queue[tail++] = u;
  }
  cgt_rc rc = cgt_stop_charge(st, 1 + (uint64_t)n + g->m) ? CGT_INTERRUPTED : CGT_OK;
  while (head < tail && rc == CGT_OK) {
    uint32_t w = queue[head++];
    for (uint32_t k = g->in_off[w]; k < g->in_off[w + 1]; k++)
      if (ok[g->in[k]]) {
        ok[g->in[k]] = 0;
        queue[tail++] = g->in[k];
      }
    if (cgt_stop_charge(st, 1 + (uint64_t)(g->in_off[w + 1] - g->in_off[w]))) rc = CGT_INTERRUPTED;
  }
  cgt_free(queue);
  if (rc) cgt_free(ok);
  else game->heaplike = ok;
  return rc;
}

int cgt_game_unlowering_move(const cgt_game *game, uint32_t start, uint32_t *u, uint32_t *v) {
  /* Walk from start through nodes that are not heap-like: each has a move
  ** that does not lower its value, or a move to another such node. */
  const cgt_digraph *g = &game->moves;
  uint32_t at = start;
  for (uint32_t steps = 0; steps <= g->n && !game->heaplike[at]; steps++) {
    uint32_t next = UINT32_MAX;
    for (uint32_t k = g->out_off[at]; k < g->out_off[at + 1]; k++) {
      if (!lowers(game->grundy, at, g->out[k])) {
        *u = at;
        *v = g->out[k];
        return 1;
      }
      if (!game->heaplike[g->out[k]]) next = g->out[k];
    }
    if (next == UINT32_MAX) return 0;
    at = next;
  }
  return 0;
}

size_t cgt_game_bytes(const cgt_game *game) {
  size_t n = game->moves.n;
  return sizeof *game + cgt_keymap_bytes(&game->nodes) + cgt_digraph_bytes(&game->moves) + game->nrows * 8 +
         (game->outcome ? n * 5 : 0) + (game->misere ? n : 0) + (game->grundy ? n * 5 : 0) + (game->heaplike ? n : 0);
}
