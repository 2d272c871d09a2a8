/*
** The game graph of a board: every position reachable from it, found by a
** breadth-first search, with one row (src, dst, side) per move.  Positions
** are canonical texts, interned in a hash table that keeps each text's
** hash beside its index (a probe reads a text only when the hashes agree):
** index 0 is the board, and the others follow in the order the search
** meets them (the list of texts is the search's queue), so transpositions
** meet in one position.
**
** Rulesets and their canonical texts:
**   domineering, clobber, toadsfrogs   the board as cg_board prints it
**                                      (board.h): rows joined by '|'
**   toetactics    9 cells row by row, x, o or . (no '/')
**   hackenbush    a string from the ground up of L (blue), R (red) and
**                 G (green); the empty string is the bare ground
**   cutcake       the pieces 'WxH' joined by '+', sorted by W then H
**                 (1x1 pieces are kept: every piece of the cake is there)
**   a heap rule   (heaprule.h) the heaps, ascending, joined by ',' (empty
**                 heaps vanish); '0' is the position with no heaps.  Moves
**                 are impartial (side CG_EITHER)
** A move that both players can make (a green edge) is two rows, one per
** side; the same move found twice (two equal heaps) is one row.
*/
#ifndef CGT_CORE_GAMEGRAPH_H
#define CGT_CORE_GAMEGRAPH_H

#include "../core/common.h"

/* The most positions and bytes of position texts of one graph (its
** indexes and offsets are 32-bit); game_graph's limits, with no count of
** rows: its memory comes first (docs/boards.md, Limits). */
#define CG_GAMEGRAPH_POSITIONS (UINT32_MAX - 2)
#define CG_GAMEGRAPH_BYTES ((size_t)UINT32_MAX - 1)

/* The limits of one search: positions, rows and bytes of position texts
** (positions and bytes below 2^32: indexes and offsets are 32-bit). */
typedef struct cg_gamegraph_limits {
  size_t positions, rows, bytes;
} cg_gamegraph_limits;

/* The largest heap, and the largest side of a cake, of a board. */
#define CG_GAMEGRAPH_SIZE_MAX 100000000u

enum { CG_EITHER = 0, CG_LEFT = 1, CG_RIGHT = 2 };

typedef struct cg_gamegraph {
  char *text;            /* the position texts, back to back */
  uint32_t *off;         /* position i is text[off[i] .. off[i + 1]) */
  uint32_t npos;
  size_t pos_cap, text_len, text_cap;
  uint64_t *slots;       /* hash << 32 | (index + 1); 0 is a free slot */
  uint32_t mask;         /* slots - 1 */
  uint32_t *src, *dst;   /* row i: the move src[i] -> dst[i] (position indexes) */
  uint8_t *side;         /* of row i: CG_EITHER, CG_LEFT or CG_RIGHT */
  size_t nrows, cap;
} cg_gamegraph;

/* Builds the graph of board under ruleset into gg (zeroed first; free it
** with cg_gamegraph_free whatever the result).  CGT_SYNTAX for an unknown
** ruleset or a bad board and CGT_LIMIT past one of limits, each with a
** message in err; CGT_MEMORY when the graph's arrays (about 9 bytes a row
** and 12 a position, with its text) pass st's memory; CGT_NOMEM;
** CGT_INTERRUPTED when st says stop. */
cgt_rc cg_gamegraph_build(cg_gamegraph *gg, const char *ruleset, const char *board, const cg_gamegraph_limits *limits,
                          cgt_stop *st, char *err, size_t errlen);
void cg_gamegraph_free(cg_gamegraph *gg);

/* The text of position idx (len bytes, not NUL-terminated). */
const char *cg_gamegraph_text(const cg_gamegraph *gg, uint32_t idx, uint32_t *len);

#endif
