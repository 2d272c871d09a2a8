/*
** Fixed polyominoes (connected sets of squares, orthogonal adjacency, told
** apart by translation only) of n squares, one at a time, by Redelmeier's
** algorithm (Discrete Math. 36, 1981): every polyomino is grown once from
** its lowest, leftmost square by adding squares from a list of untried
** neighbours.  The search keeps its own stack, so one call returns the next
** polyomino after a bounded amount of work, and the enumeration can stop
** anywhere.  Counts: OEIS A001168 (1, 2, 6, 19, 63, 216, 760, 2725, ...).
*/
#ifndef CGT_CORE_POLYOMINO_H
#define CGT_CORE_POLYOMINO_H

#include "board.h"

/* The most squares: a polyomino of 16 squares may span 8 x 9 squares, past
** the CG_BOARD_CELLS of a board. */
#define CG_POLY_MAX 15

/* The cells of the search area: rows y = -1..CG_POLY_MAX, columns x =
** -CG_POLY_MAX..CG_POLY_MAX (the lowest, leftmost square is at (0, 0)). */
#define CG_POLY_W (2 * CG_POLY_MAX + 1)
#define CG_POLY_AREA ((CG_POLY_MAX + 2) * CG_POLY_W)

typedef struct cg_poly_iter {
  int n;                /* squares of each polyomino */
  int depth;            /* the square placed last (-1: not started) */
  int done;
  /* Untried cells: the choices of square t are untried[at[t]..end[t]);
  ** placing square t appended added[t] new neighbours at end[t]. */
  uint16_t untried[3 * CG_POLY_MAX + 1];
  uint16_t at[CG_POLY_MAX], end[CG_POLY_MAX], added[CG_POLY_MAX];
  uint8_t seen[CG_POLY_AREA];   /* cells on the untried lists of the path, and the forbidden ones */
} cg_poly_iter;

/* Starts the enumeration of the polyominoes of n squares (1..CG_POLY_MAX). */
void cg_poly_start(cg_poly_iter *it, int n);

/* The next polyomino as a board (cropped to its bounding box; code 1 on its
** squares, 0 elsewhere): returns 1, or 0 once all have been given. */
int cg_poly_next(cg_poly_iter *it, cg_grid *out);

#endif
