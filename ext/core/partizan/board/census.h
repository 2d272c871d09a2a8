/*
** A census of Domineering regions: every polyomino of up to max_cells
** squares, one per class of the symmetries that keep the value (the
** identity, the two mirror reflections and the half turn), with its
** canonical value, size by size from one square up, one row per call.
**
** Each shape is valued bottom up: its options are itself less a domino,
** whose regions (each smaller by two squares or more) were valued before
** and are looked up in a table of regions under all eight symmetries (the
** transposed shape has the negated value).  A shape and its transpose are
** different rows; the transpose's row follows the shape's, with the value
** negated, so only one shape of each class of all eight symmetries is
** searched.  Regions are kept up to max_cells - 2 squares (those options
** can meet).  Each call charges its work to the store's stop.
*/
#ifndef CGT_CORE_CENSUS_H
#define CGT_CORE_CENSUS_H

#include "polyomino.h"

/* The most squares of a census region (CG_POLY_MAX: its bounding box fits a board). */
#define CG_CENSUS_MAX CG_POLY_MAX

typedef struct cg_census cg_census;

typedef struct cg_census_row {
  cg_grid board;   /* the shape: code 1 on its squares, cropped; the least of its four images */
  uint32_t cells;
  int valued;      /* value is set (always, unless the census was made without values) */
  cg_id value;
} cg_census_row;

/* A census of the Domineering regions of 1..max_cells squares (at most
** CG_CENSUS_MAX), valued in store s, which must outlive it.  With
** values 0, the shapes of the two largest sizes are not valued (a count of
** shapes).  NULL when out of memory. */
cg_census *cg_census_new(cg_store *s, uint32_t max_cells, int values);
void cg_census_free(cg_census *c);

/* The next row into *row, with *more = 1; *more = 0 after the last. */
cgt_rc cg_census_next(cg_census *c, cg_census_row *row, int *more);

#endif
