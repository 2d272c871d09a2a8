/*
** An impartial game graph with its node ids and the analyses computed so
** far.  Each analysis is computed on first use and kept.
*/
#ifndef CGT_CORE_GAME_H
#define CGT_CORE_GAME_H

#include "digraph.h"
#include "grundy.h"
#include "../core/keymap.h"
#include "retro.h"

typedef struct cgt_game {
  cgt_keymap nodes;   /* node id <-> index */
  cgt_digraph moves;  /* the moves, over node indexes */
  uint32_t *rows;     /* the rows as read: rows[2i] -> rows[2i+1], duplicates kept */
  size_t nrows;
  char *outcome;      /* normal play 'N'/'P'/'D', or NULL until computed */
  uint32_t *remote;   /* remoteness, with outcome */
  char *misere;       /* misere play 'N'/'P'/'D', or NULL until computed */
  uint32_t *grundy;   /* generalised values, or NULL until computed */
  uint8_t *loopy;     /* with grundy: 1 for a node that can reach a cycle */
  uint8_t *heaplike;  /* 1 when every move reachable from the node lowers a
                      ** finite Grundy value (the node acts as a nim heap),
                      ** or NULL until computed */
} cgt_game;

/* Frees everything game holds (not game itself). */
void cgt_game_clear(cgt_game *game);

/* Ensure the named analysis is present. */
cgt_rc cgt_game_need_outcome(cgt_game *game, cgt_stop *st);
cgt_rc cgt_game_need_misere(cgt_game *game, cgt_stop *st);
cgt_rc cgt_game_need_grundy(cgt_game *game, cgt_stop *st);
cgt_rc cgt_game_need_heaplike(cgt_game *game, cgt_stop *st);   /* after grundy */

/* For a node that is not heap-like: a move u -> v reachable from start that
** does not lower a finite Grundy value.  Returns 0 when there is none. */
int cgt_game_unlowering_move(const cgt_game *game, uint32_t start, uint32_t *u, uint32_t *v);

/* Bytes held by game, for cache accounting. */
size_t cgt_game_bytes(const cgt_game *game);

/*
** Sums of tokens.  A sum is summarised by the XOR x of its finite values
** and the number ninf of its infinite ones; when ninf is 1, x_in_k tells
** whether x is in the set K of that token's value inf(K).
*/
typedef struct cgt_sum {
  uint32_t x;
  uint64_t ninf;
} cgt_sum;

/* 'N', 'P' or 'D' for the player to move in the sum. */
static inline char cgt_sum_outcome(cgt_sum s, int x_in_k) {
  if (s.ninf == 0) return s.x ? 'N' : 'P';
  return (s.ninf == 1 && x_in_k) ? 'N' : 'D';
}

#endif
