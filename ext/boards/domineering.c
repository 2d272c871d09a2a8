/*
** Domineering (Winning Ways, ch. 2): Left places a vertical domino, Right a
** horizontal one, on two free squares.  Regions: the connected areas of
** free squares (one square alone has no move and is dropped).  Mirror
** images keep the value; the transpose swaps Left and Right and so negates
** it.
**
** Search hooks, after Bullock's Obsequi (MSc thesis, U. Alberta, 2002):
** a player's safe moves are dominoes of his that no other move can touch
** (each square's neighbours across are not free), his vulnerable ones the
** other dominoes of a packing (a domino across takes at most two); a
** player can make at most one move per two free squares in each run of
** his direction.  Moves that take more of the other's moves are tried
** first.
*/
#include "board.h"

#include <string.h>

static uint32_t options(const cg_rules *r, const cg_grid *g, int right, cg_grid *out, cg_move *moves) {
  (void)r;
  int R = g->rows, C = g->cols, di = right ? 0 : 1, dj = right ? 1 : 0;
  uint32_t n = 0;
  /* Each line of the player's own in turn (Left's columns, Right's
  ** rows), so that ties in the search's order fall alike for a board and
  ** its transpose (empty 8x7, Right first: 0.61 million positions by rows
  ** for both players, 0.36 million so, as 7x8 with Left first). */
  int lines = right ? R : C, along = right ? C - dj : R - di;
  for (int u = 0; u < lines; u++)
    for (int v = 0; v < along; v++) {
      int i = right ? u : v, j = right ? v : u;
      int a = i * C + j, b = (i + di) * C + j + dj;
      if (g->c[a] != 1 || g->c[b] != 1) continue;
      if (out) {
        cg_grid_copy(&out[n], g);
        out[n].c[a] = out[n].c[b] = 0;
      }
      if (moves) moves[n] = (cg_move){{(uint16_t)a, (uint16_t)b}, 2};
      n++;
    }
  return n;
}

static void apply(const cg_grid *g, const cg_move *m, cg_grid *out) {
  cg_grid_copy(out, g);
  out->c[m->sq[0]] = out->c[m->sq[1]] = 0;
}

static int is_free(uint8_t v) { return v == 1; }

static int keep(const cg_grid *p) { return p->rows * p->cols > 1; }   /* connected: two squares touch */

static uint32_t regions(const cg_rules *r, const cg_grid *g, cg_grid *out) {
  (void)r;
  return cg_grid_components(g, is_free, keep, out);
}

static int negates(int sym, int swap) {
  (void)swap;
  return sym & 4 ? -1 : 1;
}

/* The free squares of g, eight cells at a time (each 0 or 1: the bytes of
** a word add up in its top byte by one multiplication). */
static uint32_t free_squares(const cg_grid *g) {
  int n = g->rows * g->cols, v = 0;
  uint32_t count = 0;
  for (; v + 8 <= n; v += 8) {
    uint64_t x;
    memcpy(&x, g->c + v, 8);
    count += (uint32_t)(((x & 0x0101010101010101ull) * 0x0101010101010101ull) >> 56);
  }
  for (; v < n; v++) count += g->c[v] & 1;
  return count;
}

/* The bits set in w.  The functions that count many bits are compiled
** twice where GCC can choose between clones at load time (x86-64 with
** glibc): once for CPUs with the popcnt instruction, which then counts a
** word in one step, and once for any other. */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__) && !defined(__clang__)
#define COUNTS_BITS __attribute__((target_clones("popcnt", "default")))
#else
#define COUNTS_BITS
#endif
/* (Helpers of those functions are inlined into each clone.) */
#if defined(__GNUC__)
#define IN_CLONES inline __attribute__((always_inline))
#else
#define IN_CLONES inline
#endif
static IN_CLONES uint32_t ones(uint64_t w) { return (uint32_t)__builtin_popcountll(w); }

/* One player's bounds (index p of b) on lines of free squares: line[l]
** has bit k when square k of line l is free (Left's lines are rows,
** Right's columns; bits from width on are not free); his domino covers
** squares k of lines l and l + 1, the other's two squares of one line.
**
** The packing takes areas first: 2x2 blocks of free squares walled on one
** side (the squares beside them on it are not free).  Moving there first,
** the player plays the domino on the open side, and the one by the wall
** is then safe; a domino of the other inside takes both.  No area lies
** beside another's open side.  A domino of the other from the open side
** takes the open domino and perhaps a vulnerable one beside, but leaves
** the one by the wall as a lone vulnerable move: no better for him than
** taking the area (a lone move for a vulnerable one never helps him).
** Then dominoes, line by line: safe ones have no free square beside
** either of their squares; the others are vulnerable, lone when no other
** vulnerable one has a square beside one of theirs, held when one of their
** squares has none. */
COUNTS_BITS static void bounds_lines(const uint64_t *line, int lines, cg_bounds *b, int p) {
  uint64_t sides[CG_BOARD_CELLS + 1], packed[CG_BOARD_CELLS + 1], open_[CG_BOARD_CELLS + 2], *open = open_ + 1;
  uint64_t beside[CG_BOARD_CELLS + 1];   /* the squares beside a free one on its line */
  uint32_t areas = 0, safe = 0, vuln = 0, lone = 0, most = 0, idle = 0, vuln_held = 0, lone_held = 0;
  uint64_t prev = 0, seen = 0;
  sides[0] = packed[0] = 0;
  open[-1] = open[lines - 1] = 0;
  if (lines > 0) beside[0] = line[0] << 1 | line[0] >> 1;
  /* One pass, each step on three pairs of lines: areas on pair t; then
  ** dominoes on pair t - 1 (its packing complete); then the open ones of
  ** pair t - 2 (those of the pairs beside it known), and the idle squares
  ** of line t - 2 (its packing complete). */
  for (int t = 0; t <= lines; t++) {
    if (t + 1 < lines) {
      int l = t;
      sides[l + 1] = packed[l + 1] = 0;
      uint64_t a = line[l], c = line[l + 1], shut = ~(a | c);
      beside[l + 1] = c << 1 | c >> 1;
      uint64_t wall_before = shut << 1 | 1, wall_after = shut >> 2 | (uint64_t)3 << 62;
      uint64_t cand = a & c & a >> 1 & c >> 1 & (wall_before | wall_after);
      while (cand) {
        int k = __builtin_ctzll(cand);
        uint64_t sq = (uint64_t)3 << k, side = 0;
        cand &= cand - 1;
        if (!(wall_before >> k & 1)) side = (uint64_t)1 << (k - 1);   /* (k > 0: there is a wall before square 0) */
        else if (!(wall_after >> k & 1)) side = (uint64_t)1 << (k + 2);
        if ((packed[l] | packed[l + 1]) & (sq | side) || (sides[l] | sides[l + 1]) & sq) continue;
        sides[l] |= side, sides[l + 1] |= side;
        packed[l] |= sq, packed[l + 1] |= sq;
        areas++;
      }
    }
    if (t >= 1 && t < lines) {
      int l = t - 1;
      uint64_t start = line[l] & line[l + 1] & ~packed[l] & ~packed[l + 1] & ~prev;
      uint64_t near = beside[l] | beside[l + 1];
      safe += ones(start & ~near);
      open[l] = start & near;
      packed[l] |= start, packed[l + 1] |= start;
      prev = start;
      uint64_t all = line[l] & line[l + 1] & ~seen;   /* the most: each line pair packed in full */
      most += ones(all);
      seen = all;
    }
    if (t >= 2) {
      int l = t - 2;
      uint64_t near = open[l - 1] | open[l] | open[l + 1];
      uint64_t alone = open[l] & ~(near << 1 | near >> 1);
      /* A square with no free square beside it on its line: no domino of the other will ever take it. */
      uint64_t held = ~beside[l] | ~beside[l + 1];
      lone += ones(alone), lone_held += ones(alone & held);
      vuln += ones(open[l] & ~alone), vuln_held += ones(open[l] & ~alone & held);
      idle += ones(line[l] & ~packed[l] & ~beside[l]);
    }
  }
  if (lines > 0) idle += ones(line[lines - 1] & ~packed[lines - 1] & ~beside[lines - 1]);
  b->areas[p] = areas, b->safe[p] = safe, b->vuln[p] = vuln, b->lone[p] = lone, b->most[p] = most, b->idle[p] = idle;
  b->vuln_held[p] = vuln_held, b->lone_held[p] = lone_held;
}

/* The free squares of g by rows (rows[i]: bit j) and by columns (cols[j]:
** bit i), eight squares at a time (a Domineering cell is 0 or 1: eight
** cells read as a word gather into a byte by one multiplication; the
** columns come from 8x8 blocks transposed); their count. */
COUNTS_BITS static uint32_t grid_lines(const cg_grid *g, uint64_t *rows, uint64_t *cols) {
  int R = g->rows, C = g->cols;
  uint32_t n = 0;
  for (int i = 0; i < R; i++) {
    uint64_t w = 0;
    for (int j = 0; j < C; j += 8) w |= cg_gather8(cg_cells8(g, i * C + j, C - j < 8 ? C - j : 8)) << j;
    rows[i] = w;
    n += ones(w);
  }
  for (int j = 0; j < C; j++) cols[j] = 0;
  for (int i = 0; i < R; i += 8)
    for (int j = 0; j < C; j += 8) {
      uint64_t x = 0;
      for (int q = 0; q < 8 && i + q < R; q++) x |= (rows[i + q] >> j & 0xFF) << 8 * q;
      x = cg_transpose8(x);
      for (int q = 0; q < 8 && j + q < C; q++) cols[j + q] |= (x >> 8 * q & 0xFF) << i;
    }
  return n;
}

/* What the bounds read of a position: its size, free squares and lines
** (no lines past 64 rows or columns: rows 0). */
typedef struct board_lines {
  int rows, cols;
  uint32_t squares;
  uint64_t row[64], col[64];
} board_lines;

static void prepare(const cg_grid *g, void *work) {
  board_lines *w = work;
  w->rows = g->rows > 64 || g->cols > 64 ? 0 : g->rows, w->cols = g->cols;
  if (w->rows) w->squares = grid_lines(g, w->row, w->col);
}

static void bounds_of(const board_lines *w, cg_bounds *b) {
  memset(b, 0, sizeof *b);
  if (!w->rows) {   /* (no such region: at most 256 squares, and a region of one line has no bounds) */
    b->most[0] = b->most[1] = UINT32_MAX / 4;
    return;
  }
  b->squares = w->squares;
  /* Left's dominoes join two rows; Right's two columns. */
  bounds_lines(w->row, w->rows, b, 0);
  bounds_lines(w->col, w->cols, b, 1);
}

static void bounds(const cg_grid *g, cg_bounds *b) {
  board_lines w;
  prepare(g, &w);
  bounds_of(&w, b);
}

/* The bounds after move m: its two squares taken from the lines, and put
** back. */
static void bounds_after(void *work, const cg_move *m, cg_bounds *b) {
  board_lines *w = work;
  if (!w->rows) {
    bounds_of(w, b);
    return;
  }
  int C = w->cols, i[2], j[2];
  for (int q = 0; q < 2; q++) {
    i[q] = m->sq[q] / C, j[q] = m->sq[q] % C;
    w->row[i[q]] ^= (uint64_t)1 << j[q], w->col[j[q]] ^= (uint64_t)1 << i[q];
  }
  w->squares -= 2;
  bounds_of(w, b);
  w->squares += 2;
  for (int q = 0; q < 2; q++) w->row[i[q]] ^= (uint64_t)1 << j[q], w->col[j[q]] ^= (uint64_t)1 << i[q];
}

/* A player's lines in the move scores are those his dominoes lie along
** (Left's columns, Right's rows), padded with two empty lines on each
** side: bit k of line[PAD + l] is set when square k of line l is free. */
#define PAD 2

/* The most non-overlapping dominoes on the squares u of a line: half of
** each run of squares, rounded down, which are the squares of a run at odd
** distances from its first.  Runs that start on an even square are found
** by adding their first bits (the carry runs through each and clears it). */
static IN_CLONES int packed_count(uint64_t u) {
  const uint64_t even = 0x5555555555555555ull;
  uint64_t from_even = u & ~(u + (u & ~(u << 1) & even));
  return (int)(ones(from_even & ~even) + ones(u & ~from_even & even));
}

/* The player's moves on line[l] (padded: line[l - 1] and line[l + 1] are
** there): all, and safe ones (both squares without a free square across). */
static IN_CLONES int real_moves(const uint64_t *line, int l) { return packed_count(line[l]); }

static IN_CLONES int safe_moves(const uint64_t *line, int l) { return packed_count(line[l] & ~(line[l - 1] | line[l + 1])); }

/* The counts a move on square k of line l changes, on lines padded by
** PAD: for the mover (me), safe moves on his line and the two beside it and
** all moves on his line; for the other (you), all moves on the two lines
** the move crosses (k, k + 1) and safe ones on the lines beside those. */
static IN_CLONES int counts(const uint64_t *me, const uint64_t *you, int l, int k) {
  const uint64_t *m = me + PAD + l, *y = you + PAD + k;
  int c = safe_moves(m, -1) + safe_moves(m, 0) + safe_moves(m, 1) + real_moves(m, 0);
  return c - safe_moves(y, -1) - real_moves(y, 0) - real_moves(y, 1) - safe_moves(y, 2);
}

/* Those counts of the lines of a position, each line's kept (safe[PAD + l]
** and real[PAD + l] for line l of n, and the padding's 0): the counts
** before a move, with no packing made twice. */
typedef struct line_counts {
  int safe[64 + 2 * PAD], real[64 + 2 * PAD];
} line_counts;

static IN_CLONES void count_lines(const uint64_t *line, int n, line_counts *lc) {
  for (int l = 0; l < n + 2 * PAD; l++) {
    int in = l >= PAD && l < PAD + n;
    lc->safe[l] = in ? safe_moves(line, l) : 0, lc->real[l] = in ? real_moves(line, l) : 0;
  }
}

static int counts_before(const line_counts *me, const line_counts *you, int l, int k) {
  int m = PAD + l, y = PAD + k;
  int c = me->safe[m - 1] + me->safe[m] + me->safe[m + 1] + me->real[m];
  return c - you->safe[y - 1] - you->real[y] - you->real[y + 1] - you->safe[y + 2];
}

/* Ties go by where the domino lies in the region, after Obsequi's
** positional values: first on the second, fourth, ... line from the
** nearer edge (the line at the edge is then walled from the other on
** that side), on such a line first from the first, third, ... square from
** the nearer end (it packs with the others), and nearer the edges first.
** The player's domino covers squares k and k + 1 of his line l; the
** region has lines such lines, of len squares each.  (Empty 8x8 Domineering, Left first: 6.6
** million positions searched with ties by parity from the top left alone,
** 2.6 million so; 6x8: 0.42 and 0.22 million; 7x7: 17 and 59 thousand.) */
static int place(int lines, int len, int l, int k) {
  int dl = (l < lines - 1 - l ? l : lines - 1 - l) + 1, dk = (k < len - 2 - k ? k : len - 2 - k) + 1;
  return ((dl % 2 == 0 ? 2 : 0) + (dk % 2 == 1 ? 1 : 0)) * 4096 - (dl < 63 ? dl : 63) * 64 - (dk < 63 ? dk : 63);
}

/* Scores after Obsequi's: what a move adds to those counts (the other's
** moves, all and safe, it takes, less the player's own); a safe move is
** needless (the player keeps it for later). */
COUNTS_BITS static void score(const cg_grid *g, const void *work, int right, const cg_move *moves, uint32_t n,
                              int *scores) {
  uint64_t rows[64 + 2 * PAD], cols[64 + 2 * PAD];
  const board_lines *w = work;
  int R = g->rows, C = g->cols;
  if (R > 64 || C > 64) {
    memset(scores, 0, n * sizeof *scores);
    return;
  }
  if (w) {   /* (prepare's lines of g) */
    memcpy(rows + PAD, w->row, (size_t)R * sizeof *rows);
    memcpy(cols + PAD, w->col, (size_t)C * sizeof *cols);
  } else {
    grid_lines(g, rows + PAD, cols + PAD);
  }
  for (int p = 0; p < PAD; p++) rows[p] = rows[PAD + R + p] = cols[p] = cols[PAD + C + p] = 0;
  uint64_t *me = right ? rows : cols, *you = right ? cols : rows;
  line_counts mc, yc;
  count_lines(me, right ? R : C, &mc);
  count_lines(you, right ? C : R, &yc);
  for (uint32_t q = 0; q < n; q++) {
    int i0 = moves[q].sq[0] / C, j0 = moves[q].sq[0] % C;
    int l = right ? i0 : j0, k = right ? j0 : i0;   /* my line, and where on it */
    uint64_t both = (uint64_t)3 << k, cross = (uint64_t)1 << l, *mine = me + PAD + l, *across = you + PAD + k;
    if (!((mine[-1] | mine[1]) & both)) {
      scores[q] = CG_NEEDLESS;
      continue;
    }
    int before = counts_before(&mc, &yc, l, k);
    mine[0] &= ~both, across[0] &= ~cross, across[1] &= ~cross;
    scores[q] = (counts(me, you, l, k) - before) * 16384 + place(right ? R : C, right ? C : R, l, k);
    mine[0] |= both, across[0] |= cross, across[1] |= cross;
  }
}

const cg_rules cg_domineering = {
    .name = "domineering", .id = 1, .symbols = "#.", .options = options, .apply = apply, .regions = regions,
    .symmetries = 0xFF, .negates = negates, .size = free_squares, .small = 14, .bounds = bounds,
    .work_bytes = sizeof(board_lines), .prepare = prepare, .bounds_after = bounds_after, .score = score};
