/*
** Win, lose or draw for one token on a move graph that may have cycles, by
** retrograde analysis with a counter per node: linear in nodes plus moves.
**
** Normal play: the player who cannot move loses.  Misere play: the player
** who cannot move wins.  A node from which neither player can force a win
** is a draw.  Remoteness (Steinhaus) is the number of moves the game lasts
** when the winner hurries and the loser delays: 0 at a terminal node.
*/
#ifndef CGT_CORE_RETRO_H
#define CGT_CORE_RETRO_H

#include "digraph.h"

#define CGT_REMOTE_DRAW UINT32_MAX

/* Fills outcome[u] with 'N' (the player to move wins), 'P' (the player to
** move loses) or 'D', and, when remote is not NULL, remote[u] with the
** remoteness (CGT_REMOTE_DRAW for draws).  misere selects misere play. */
cgt_rc cgt_retro_solve(const cgt_digraph *g, int misere, char *outcome,
                       uint32_t *remote, cgt_stop *st);

#endif
