/*
** A census of the regions of a board ruleset: every region of up to
** max_cells squares, one per class of the symmetries that keep the value,
** with its canonical value, size by size from one square up, one row per
** call.
**
**   domineering  every polyomino of free squares; the mirror reflections
**                and the half turn keep the value, the transpose negates it
**   clobber      every polyomino of stones, each square x or o; the eight
**                rotations and reflections keep the value, exchanging the
**                colours negates it
**
** Each region is valued bottom up: its options split into regions smaller
** by a square or more (two in Domineering), valued before and looked up in
** a table of regions normalised as cg_board does.  A region and its
** negating image (transpose, or colours exchanged) are different rows;
** the image's row follows the region's, with the value negated, so only
** one region of each pair is searched.  Regions are kept in the table up
** to the largest size an option can have.  Each call charges its work to
** the store's stop.
*/
#ifndef CGT_CORE_CENSUS_H
#define CGT_CORE_CENSUS_H

#include "polyomino.h"

typedef struct cg_census cg_census;

typedef struct cg_census_row {
  cg_grid board;   /* the region, cropped; the least of its images under the value-keeping symmetries */
  uint32_t cells;
  int valued;      /* value is set (always, unless the census was made without values) */
  cg_id value;
} cg_census_row;

/* The most squares of a census region of ruleset r: 15 for Domineering (a
** region of 16 squares may span 8 x 9, past a board's 64 squares), 10 for
** Clobber (its table holds every coloured region up to 9 stones); 0 when
** r has no census. */
uint32_t cg_census_limit(const cg_rules *r);

/* A census of the regions of ruleset r of 1..max_cells squares (at most
** cg_census_limit(r)), valued in store s, which must outlive it.  With
** values 0, the regions larger than any option are not valued (a count of
** shapes).  NULL when out of memory. */
cg_census *cg_census_new(cg_store *s, const cg_rules *r, uint32_t max_cells, int values);
void cg_census_free(cg_census *c);

/* The next row into *row, with *more = 1; *more = 0 after the last. */
cgt_rc cg_census_next(cg_census *c, cg_census_row *row, int *more);

#endif
