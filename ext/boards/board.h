/*
** Board rulesets (cgt-tools style): one file per ruleset behind this small
** interface (listed in rulesets.c), and one search written once (search.c).
**
**   domineering  '.' a free square, '#' a removed one; Left places vertical
**                dominoes, Right horizontal ones
**   clobber      'x' Left's stone, 'o' Right's, '.' empty; a stone moves onto
**                an orthogonally adjacent enemy stone, removing it
**   toadsfrogs   one row of 'T' (Left's toads, moving right), 'F' (Right's
**                frogs, moving left) and '.': a piece slides into the adjacent
**                empty square or jumps over one enemy piece into an empty one
**
** Boards are text, rows separated by '|' or newlines (a final newline is
** allowed); at most CG_BOARD_CELLS squares in all (rows x columns).
**
** The value of a position is the sum of the values of its independent
** regions (ruleset's regions()), each normalised (cropped, put in a
** canonical orientation: normalise() says whether that orientation has the
** value or its negative) and looked up in a transposition table before its
** options are searched.  Recursion is bounded by cg_descend; every step
** charges work to the store's stop.
*/
#ifndef CGT_CORE_BOARD_H
#define CGT_CORE_BOARD_H

#include "../partizan/pgame.h"

/* The most squares of a board (rows x columns, removed squares included). */
#define CG_BOARD_CELLS 64
/* The most options of one side in a position of at most CG_BOARD_CELLS squares. */
#define CG_BOARD_MAXOPT 128

/* A board: cells row by row, each a ruleset's code 0..2 (domineering: 0
** removed, 1 free; clobber: 0 empty, 1 x, 2 o; toadsfrogs: 0 empty, 1 T, 2 F). */
typedef struct cg_grid {
  uint8_t rows, cols;
  uint8_t c[CG_BOARD_CELLS];
} cg_grid;

typedef struct cg_rules {
  const char *name;
  uint8_t id;           /* distinct per ruleset (part of table keys) */
  const char *symbols;  /* the printed character of codes 0, 1, 2 */
  int one_row;          /* boards are one row */
  /* Options of Left (right = 0) or Right into out (at most CG_BOARD_MAXOPT). */
  uint32_t (*options)(const cg_grid *g, int right, cg_grid *out);
  /* The independent regions of g that may have non-zero values, cropped,
  ** into out (at most CG_BOARD_CELLS); their values add up to g's. */
  uint32_t (*regions)(const cg_grid *g, cg_grid *out);
  /* Puts a region in its canonical orientation; returns +1 when the value
  ** is kept, -1 when it is negated. */
  int (*normalise)(cg_grid *g);
  /* '#', a removed square, reads as code 0 (where a removed square plays
  ** as an empty one, as in Clobber); it prints as symbols[0]. */
  int hash_is_empty;
} cg_rules;

/* Parses a board; CGT_SYNTAX with a message (naming the ruleset, and the
** row and column of a bad character) in err. */
cgt_rc cg_board_parse(const cg_rules *r, const char *text, cg_grid *g, char *err, size_t errlen);

/* Writes g as text (rows separated by '|') into buf (CG_BOARD_CELLS * 2 + 1 bytes). */
void cg_board_text(const cg_rules *r, const cg_grid *g, char *buf);

/* ---- helpers shared by the ruleset files ---- */

/* The connected components (orthogonal adjacency) of the cells for which
** in(code) is set, each cropped to its bounding box (other cells 0); a
** component is kept when keep(component) says so.  Returns the count. */
uint32_t cg_grid_components(const cg_grid *g, int (*in)(uint8_t code), int (*keep)(const cg_grid *part),
                            cg_grid *out);
/* Transforms g by symmetry sym (0..7: bit 0 mirrors columns, bit 1 rows, bit
** 2 then transposes) and, with swap, exchanges codes 1 and 2. */
void cg_grid_transform(const cg_grid *g, int sym, int swap, cg_grid *out);
/* Replaces g by the least of its transforms over the (sym, swap) pairs of
** mask (bit sym + 8 * swap); returns sign(sym, swap) of the one chosen. */
int cg_grid_least(cg_grid *g, unsigned mask, int (*sign)(int sym, int swap));

#endif
