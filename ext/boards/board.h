/*
** Board rulesets (cgt-tools and MCGS style): one file per ruleset behind
** this small interface (listed in rulesets.c), with the values (search.c)
** and the outcome search (solve.c) written once for all of them.
**
**   domineering  '.' a free square, '#' a removed one; Left places vertical
**                dominoes, Right horizontal ones
**   clobber      'x' Left's stone, 'o' Right's, '.' empty; a stone moves onto
**                an orthogonally adjacent enemy stone, removing it
**   toadsfrogs   one row of 'T' (Left's toads, moving right), 'F' (Right's
**                frogs, moving left) and '.': a piece slides into the adjacent
**                empty square or jumps over one enemy piece into an empty one
**
** and the impartial variant of each ('impartial domineering', alias 'cram';
** 'impartial clobber', 'impartial toadsfrogs'): either player may make any
** move of either side.
**
** Boards are text, rows separated by '|' or newlines (a final newline is
** allowed); at most CG_BOARD_CELLS squares in all (rows x columns).
**
** A ruleset gives its moves, its independent regions, the symmetries of a
** region (which keep the value and which negate it) and, optionally, hooks
** for the outcome search: bounds on the moves each player can still make,
** and an order of the moves to try first.
*/
#ifndef CGT_CORE_BOARD_H
#define CGT_CORE_BOARD_H

#include "../partizan/pgame.h"
#include <limits.h>
#include <string.h>

/* The most squares of a board (rows x columns, removed squares included):
** 16 x 16 and more. */
#define CG_BOARD_CELLS 256
/* The most options of one side in a position of at most CG_BOARD_CELLS
** squares (Clobber: two per adjacent pair of squares). */
#define CG_BOARD_MAXOPT 1024
/* Bytes of a board's text (cg_board_text): a square and a separator each. */
#define CG_BOARD_TEXT (CG_BOARD_CELLS * 2 + 1)

/* A board: cells row by row, each a ruleset's code 0..2 (domineering: 0
** removed, 1 free; clobber: 0 empty, 1 x, 2 o; toadsfrogs: 0 empty, 1 T, 2 F).
** Only the first rows * cols cells are meaningful. */
typedef struct cg_grid {
  uint16_t rows, cols;
  uint8_t c[CG_BOARD_CELLS];
} cg_grid;

/* A move as the squares it changes, in the ruleset's order (Domineering:
** the two squares covered; Clobber and Toads and Frogs: from, to). */
typedef struct cg_move {
  uint16_t sq[4];
  uint8_t n;
} cg_move;

/* Bounds on the moves left in a position where each move takes two free
** squares, for Left (index 0) and Right, from a packing of the player's
** moves that he can play whatever the other does:
**   safe   moves no move of the other can touch;
**   vuln   vulnerable moves, of which one move of the other takes two;
**   lone   vulnerable moves of which one move of the other takes one;
**   areas  pairs of moves of which the player makes both by moving there
**          first, and which one move of the other takes away;
** no move of the other takes from two kinds at once; vuln_held and
** lone_held: those vulnerable and lone moves one of whose squares no move of
** the other can ever use (the other breaks them through the other square,
** and the square held stays free).  most: the most moves the player can
** make; idle: free squares outside his packing that the other cannot use;
** squares: all free squares (0: no bound from them). */
typedef struct cg_bounds {
  uint32_t safe[2], vuln[2], lone[2], areas[2], most[2], idle[2], vuln_held[2], lone_held[2];
  uint32_t squares;
} cg_bounds;

typedef struct cg_rules cg_rules;
struct cg_rules {
  const char *name;
  const char *alias;    /* another name, or NULL */
  uint8_t id;           /* distinct per ruleset (part of table keys) */
  const char *symbols;  /* the printed character of codes 0, 1, 2 */
  int one_row;          /* boards are one row */
  /* '#', a removed square, reads as code 0 (where a removed square plays
  ** as an empty one, as in Clobber); it prints as symbols[0]. */
  int hash_is_empty;
  int impartial;        /* either player may make the moves of either side */
  const cg_rules *base; /* an impartial variant: the ruleset whose moves it plays */
  /* Options of Left (right = 0) or Right into out (at most
  ** CG_BOARD_MAXOPT), and, when moves is not NULL, each option's move;
  ** with apply, out may be NULL (the moves alone). */
  uint32_t (*options)(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves);
  /* The option of g that move m makes (NULL: none; the search then keeps
  ** every option it generates). */
  void (*apply)(const cg_grid *g, const cg_move *m, cg_grid *out);
  /* The independent regions of g that may have non-zero values, cropped,
  ** into out (at most CG_BOARD_CELLS); their values add up to g's. */
  uint32_t (*regions)(const cg_rules *r, const cg_grid *g, cg_grid *out);
  /* The symmetries that keep a region's value or negate it: bit sym + 8 *
  ** swap (cg_grid_transform), and which of them negate. */
  unsigned symmetries;
  int (*negates)(int sym, int swap);
  /* ---- hooks of the outcome search (NULL: none) ---- */
  /* The size that decides whether a region is small enough to be valued
  ** (at most small) rather than searched. */
  uint32_t (*size)(const cg_grid *g);
  uint32_t small;
  /* Bounds on the moves left in g: those of its regions added, each
  ** square of no region counting in squares and in idle for both players
  ** (the search takes a board's bounds for its region's). */
  void (*bounds)(const cg_grid *g, cg_bounds *b);
  /* Bounds of g after each of its moves, without making the options (NULL:
  ** bounds of each option made): prepare writes what they need of g into
  ** work (work_bytes), then bounds_after gives those of g after move m
  ** (leaving work as it found it). */
  size_t work_bytes;
  void (*prepare)(const cg_grid *g, void *work);
  void (*bounds_after)(void *work, const cg_move *m, cg_bounds *b);
  /* Scores of the n moves of a player in g (the moves of his options, in
  ** their order), work what prepare made of g (NULL: nothing): higher is
  ** tried first.  CG_NEEDLESS marks a move the
  ** player never needs while he has a move not so marked in the regions
  ** searched (Domineering's safe moves): the search then leaves it out. */
  void (*score)(const cg_grid *g, const void *work, int right, const cg_move *moves, uint32_t n, int *scores);
};

#define CG_NEEDLESS INT_MIN

/* Parses a board; CGT_SYNTAX with a message (naming the ruleset, and the
** row and column of a bad character) in err. */
cgt_rc cg_board_parse(const cg_rules *r, const char *text, cg_grid *g, char *err, size_t errlen);

/* Writes g as text (rows separated by '|') into buf (CG_BOARD_TEXT bytes). */
void cg_board_text(const cg_rules *r, const cg_grid *g, char *buf);

/* Writes move m of a board of cols columns as text: squares named by
** column letter and row number from the top left ("a1", ..., "z9", "aa10"),
** joined by '-' (buf: 32 bytes). */
void cg_move_text(const cg_move *m, int cols, char *buf);

/* Puts region g in its canonical orientation, the least of its images
** under r's symmetries; returns -1 when that image has the negated value
** (never for an impartial ruleset), else +1. */
int cg_normalise(const cg_rules *r, cg_grid *g);

/* A hash pair of g that all its images under r's symmetries share (the
** least of theirs), and the sign of the image chosen (-1: its value is
** g's negated); 0 for a grid of more than 64 rows or columns, or with a
** code past 2. */
int cg_grid_orbit_hash(const cg_rules *r, const cg_grid *g, uint64_t h[2], int *sign);

/* Copies the meaningful part of g (rows, cols and rows * cols cells). */
void cg_grid_copy(cg_grid *to, const cg_grid *g);

/* A grid packed into bytes (rows, cols, then the cells): its size, and the
** copies each way (each returns the bytes). */
size_t cg_grid_packed(const cg_grid *g);
size_t cg_grid_pack(uint8_t *to, const cg_grid *g);
size_t cg_grid_unpack(cg_grid *g, const uint8_t *from);

/* ---- helpers shared by the ruleset files ---- */

/* Cells at, ..., at + k - 1 of g (k at most 8) as one word, cell at + q in
** byte q from the low end, the other bytes 0 (eight bytes read where the
** cells' array has them, then masked). */
static inline uint64_t cg_cells8(const cg_grid *g, int at, int k) {
  uint64_t x = 0;
  memcpy(&x, g->c + at, at + 8 <= CG_BOARD_CELLS ? 8 : (size_t)k);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  return k < 8 ? x & (((uint64_t)1 << 8 * k) - 1) : x;
}

/* The low bit of each byte q of x as bit q (one multiplication). */
static inline uint64_t cg_gather8(uint64_t x) { return ((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56; }

/* The 8x8 bit matrix x (bit 8i + j: row i, column j) transposed (three
** exchanges of blocks: 1x1, 2x2 and 4x4 bits). */
static inline uint64_t cg_transpose8(uint64_t x) {
  uint64_t t = (x ^ x >> 7) & 0x00AA00AA00AA00AAull;
  x ^= t ^ t << 7;
  t = (x ^ x >> 14) & 0x0000CCCC0000CCCCull;
  x ^= t ^ t << 14;
  t = (x ^ x >> 28) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ t << 28;
}

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
