/* Lazily computed analyses of an impartial game graph. */
#include "game.h"

#include <stdlib.h>

void cgt_game_clear(cgt_game *game) {
  cgt_keymap_free(&game->nodes);
  cgt_digraph_free(&game->moves);
  free(game->outcome);
  free(game->remote);
  free(game->misere);
  free(game->grundy);
  free(game->loopy);
  game->loopy = NULL;
  game->outcome = game->misere = NULL;
  game->remote = game->grundy = NULL;
}

static size_t nalloc(const cgt_game *game) { return game->moves.n ? game->moves.n : 1; }

cgt_rc cgt_game_need_outcome(cgt_game *game, const cgt_stop *st) {
  if (game->outcome) return CGT_OK;
  char *outcome = malloc(nalloc(game));
  uint32_t *remote = malloc(nalloc(game) * sizeof *remote);
  cgt_rc rc = (outcome && remote) ? cgt_retro_solve(&game->moves, 0, outcome, remote, st) : CGT_NOMEM;
  if (rc) {
    free(outcome);
    free(remote);
    return rc;
  }
  game->outcome = outcome;
  game->remote = remote;
  return CGT_OK;
}

cgt_rc cgt_game_need_misere(cgt_game *game, const cgt_stop *st) {
  if (game->misere) return CGT_OK;
  char *misere = malloc(nalloc(game));
  cgt_rc rc = misere ? cgt_retro_solve(&game->moves, 1, misere, NULL, st) : CGT_NOMEM;
  if (rc) {
    free(misere);
    return rc;
  }
  game->misere = misere;
  return CGT_OK;
}

cgt_rc cgt_game_need_grundy(cgt_game *game, const cgt_stop *st) {
  if (game->grundy) return CGT_OK;
  uint32_t *grundy = malloc(nalloc(game) * sizeof *grundy);
  uint8_t *loopy = malloc(nalloc(game));
  cgt_rc rc = grundy && loopy ? cgt_grundy_solve(&game->moves, grundy, loopy, st) : CGT_NOMEM;
  if (rc) {
    free(grundy);
    free(loopy);
    return rc;
  }
  game->grundy = grundy;
  game->loopy = loopy;
  return CGT_OK;
}

size_t cgt_game_bytes(const cgt_game *game) {
  size_t n = game->moves.n;
  return sizeof *game + cgt_keymap_bytes(&game->nodes) + cgt_digraph_bytes(&game->moves) +
         (game->outcome ? n * 5 : 0) + (game->misere ? n : 0) + (game->grundy ? n * 5 : 0);
}
