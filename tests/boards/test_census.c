/*
** Unit tests of the polyomino enumeration and the Domineering census
** (ext/boards/polyomino.h, census.h): the counts of fixed
** polyominoes against OEIS A001168; the shapes themselves against a brute
** force written here (every set grown square by square, kept once per
** translation) for up to 7 squares; the number of rows of each size
** against Burnside's count of the classes of the group {identity, the two
** mirror reflections, the half turn}, with the fixed shapes of each
** symmetry counted here; every row's board the least of its four images
** and no two rows alike; every value against cg_board's search on the
** shape alone; the census without values; Clobber's rows against the
** coloured shapes up to the eight symmetries, counted here; and the
** interrupt.
*/
#include <stdlib.h>

#include "../../ext/boards/census.h"
#include "../../ext/boards/rulesets.h"
#include "../../ext/boards/search.h"
#include "../../ext/partizan/pnotation.h"
#include "../tap.h"

/* A shape as a bit mask in an 8 x 8 frame (row y, column x: bit 8y + x),
** shifted to touch the top and left sides. */
static uint64_t mask_of(const cg_grid *g) {
  uint64_t m = 0;
  for (int i = 0; i < g->rows; i++)
    for (int j = 0; j < g->cols; j++)
      if (g->c[i * g->cols + j]) m |= (uint64_t)1 << (8 * i + j);
  return m;
}

static uint64_t shift_corner(uint64_t m) {
  while (!(m & 0xFFull)) m >>= 8;
  while (!(m & 0x0101010101010101ull)) m >>= 1;
  return m;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The brute force: every fixed polyomino of n squares (n <= 7) from those of
** n - 1, by adding a neighbour square (the frame has room on the right and
** below; a square added above or left shifts the shape first).  Sorted. */
static size_t brute(int n, uint64_t *out) {
  static uint64_t level[2][4000];
  size_t count = 1;
  level[1][0] = 1;
  for (int k = 2; k <= n; k++) {
    uint64_t *prev = level[(k - 1) & 1], *cur = level[k & 1];
    size_t made = 0;
    for (size_t i = 0; i < count; i++) {
      uint64_t m = prev[i] << 9;   /* one free row above, one free column left */
      for (int v = 0; v < 64; v++) {
        if (!(m >> v & 1)) continue;
        int x = v % 8, y = v / 8;
        int nb[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
        for (int d = 0; d < 4; d++) {
          int nx = nb[d][0], ny = nb[d][1];
          if (nx < 0 || nx > 7 || ny < 0 || ny > 7 || (m >> (8 * ny + nx) & 1)) continue;
          uint64_t grown = shift_corner(m | (uint64_t)1 << (8 * ny + nx));
          int seen = 0;
          for (size_t j = 0; j < made && !seen; j++) seen = cur[j] == grown;
          if (!seen) cur[made++] = grown;
        }
      }
    }
    count = made;
  }
  memcpy(out, level[n & 1], count * sizeof *out);
  qsort(out, count, sizeof *out, cmp_u64);
  return count;
}

/* The image of g by a mirror (columns with mj, rows with mi). */
static void mirror(const cg_grid *g, int mi, int mj, cg_grid *out) {
  *out = *g;
  for (int i = 0; i < g->rows; i++)
    for (int j = 0; j < g->cols; j++)
      out->c[i * g->cols + j] = g->c[(mi ? g->rows - 1 - i : i) * g->cols + (mj ? g->cols - 1 - j : j)];
}

/* The image of g by symmetry sym: bit 0 mirrors columns, bit 1 rows, bit 2 then transposes. */
static void dihedral(const cg_grid *g, int sym, cg_grid *out) {
  cg_grid m;
  mirror(g, sym >> 1 & 1, sym & 1, &m);
  *out = m;
  if (!(sym & 4)) return;
  out->rows = m.cols, out->cols = m.rows;
  for (int i = 0; i < m.rows; i++)
    for (int j = 0; j < m.cols; j++) out->c[j * m.rows + i] = m.c[i * m.cols + j];
}

static int same(const cg_grid *a, const cg_grid *b) {
  return a->rows == b->rows && a->cols == b->cols && memcmp(a->c, b->c, (size_t)a->rows * a->cols) == 0;
}

/* Orders boards as the census does: fewer rows, then fewer columns, then square by square. */
static int less(const cg_grid *a, const cg_grid *b) {
  if (a->rows != b->rows) return a->rows < b->rows;
  if (a->cols != b->cols) return a->cols < b->cols;
  return memcmp(a->c, b->c, (size_t)a->rows * a->cols) < 0;
}

static int always(void *arg) {
  (void)arg;
  return 1;
}

int main(void) {
  static const long fixed[] = {0, 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861};
  long classes[13] = {0};
  cg_poly_iter it;
  cg_grid g, img;
  for (int n = 1; n <= 12; n++) {
    long count = 0, sym[3] = {0, 0, 0};
    cg_poly_start(&it, n);
    while (cg_poly_next(&it, &g)) {
      count++;
      for (int k = 0; k < 3; k++) {   /* mirror of columns, of rows, half turn */
        mirror(&g, k >= 1, k != 1, &img);
        sym[k] += same(&g, &img);
      }
    }
    is_int(count, fixed[n], "fixed polyominoes of %d squares (A001168)", n);
    ok(!cg_poly_next(&it, &g), "the enumeration of %d squares stays ended", n);
    classes[n] = (count + sym[0] + sym[1] + sym[2]) / 4;
  }

  /* The shapes against the brute force. */
  static uint64_t want[800], got[800];
  for (int n = 1; n <= 7; n++) {
    size_t nw = brute(n, want), ng = 0;
    cg_poly_start(&it, n);
    while (ng < 800 && cg_poly_next(&it, &g)) got[ng++] = mask_of(&g);
    qsort(got, ng, sizeof *got, cmp_u64);
    ok(ng == nw && memcmp(got, want, ng * sizeof *got) == 0, "the %zu polyominoes of %d squares are the brute force's %zu",
       ng, n, nw);
  }

  /* The census of up to 9 squares: counts, boards, values. */
  cg_store *s = cg_store_new();
  cg_census *c = cg_census_new(s, &cg_domineering, 9, 1);
  static cg_census_row rows[4000];
  size_t nrows = 0;
  long per_size[13] = {0};
  int more = 1, order = 1;
  cgt_rc rc = CGT_OK;
  while (rc == CGT_OK && nrows < 4000) {
    rc = cg_census_next(c, &rows[nrows], &more);
    if (rc || !more) break;
    if (nrows && rows[nrows].cells < rows[nrows - 1].cells) order = 0;
    per_size[rows[nrows].cells]++;
    nrows++;
  }
  ok(rc == CGT_OK && !more, "the census of 9 squares ends (%zu rows)", nrows);
  ok(order, "rows come size by size");
  for (int n = 1; n <= 9; n++)
    is_int(per_size[n], classes[n], "rows of %d squares: the classes of {id, two mirrors, half turn} (Burnside)", n);
  int least = 1, alike = 0, valued = 1;
  for (size_t i = 0; i < nrows; i++) {
    for (int k = 0; k < 3; k++) {
      mirror(&rows[i].board, k >= 1, k != 1, &img);
      if (less(&img, &rows[i].board)) least = 0;
    }
    if (!rows[i].valued) valued = 0;
    for (size_t j = i + 1; j < nrows && rows[j].cells == rows[i].cells; j++) alike += same(&rows[i].board, &rows[j].board);
  }
  ok(least, "every board is the least of its four images");
  is_int(alike, 0, "no two rows alike");
  ok(valued, "every row is valued");
  int agree = 1;
  for (size_t i = 0; i < nrows && agree; i++) {
    cg_id v;
    if (cg_board_value(s, NULL, &cg_domineering, &rows[i].board, &v) != CGT_OK || v != rows[i].value) {
      char text[CG_BOARD_CELLS * 2 + 1];
      cg_board_text(&cg_domineering, &rows[i].board, text);
      printf("#   %s differs from cg_board's value\n", text);
      agree = 0;
    }
  }
  ok(agree, "every value is cg_board's (its search on the shape alone)");
  char *t = NULL;
  ok(nrows > 6 && cg_print(s, rows[6].value, &t) == CGT_OK && strcmp(t, "+-1") == 0, "2x2 is +-1");
  cgt_free(t);
  cg_census_free(c);

  /* Without values: the same shapes, the two largest sizes unvalued. */
  c = cg_census_new(s, &cg_domineering, 9, 0);
  size_t k = 0;
  int shapes = 1, unvalued = 1;
  cg_census_row row;
  while (cg_census_next(c, &row, &more) == CGT_OK && more) {
    if (k >= nrows || !same(&row.board, &rows[k].board)) shapes = 0;
    if (row.valued != (row.cells <= 7)) unvalued = 0;
    k++;
  }
  ok(shapes && k == nrows, "a census without values gives the same shapes");
  ok(unvalued, "... and values only the shapes of up to 7 squares");
  cg_census_free(c);

  /* Clobber: the rows of each size against the classes of coloured shapes
  ** under all eight symmetries, counted here (a colouring counts when no
  ** image is less); every value against cg_board's. */
  long coloured[7] = {0};
  for (int n = 1; n <= 6; n++) {
    cg_poly_start(&it, n);
    while (cg_poly_next(&it, &g))
      for (uint32_t bits = 0; bits < 1u << n; bits++) {
        cg_grid col = g;
        for (int v = 0, i = 0; v < g.rows * g.cols; v++)
          if (col.c[v]) col.c[v] = (uint8_t)(1 + (bits >> i++ & 1));
        int least_image = 1;
        for (int sym = 1; sym < 8 && least_image; sym++) {
          dihedral(&col, sym, &img);
          if (less(&img, &col)) least_image = 0;
        }
        coloured[n] += least_image;
      }
  }
  c = cg_census_new(s, &cg_clobber, 6, 1);
  long clobber_rows[7] = {0};
  int clobber_agree = 1, clobber_least = 1;
  while (cg_census_next(c, &row, &more) == CGT_OK && more) {
    clobber_rows[row.cells]++;
    cg_id v;
    if (cg_board_value(s, NULL, &cg_clobber, &row.board, &v) != CGT_OK || v != row.value) clobber_agree = 0;
    for (int sym = 1; sym < 8; sym++) {
      dihedral(&row.board, sym, &img);
      if (less(&img, &row.board)) clobber_least = 0;
    }
  }
  cg_census_free(c);
  for (int n = 1; n <= 6; n++)
    is_int(clobber_rows[n], coloured[n], "clobber: rows of %d stones: the coloured shapes up to the eight symmetries", n);
  ok(clobber_agree, "clobber: every value is cg_board's");
  ok(clobber_least, "clobber: every board is the least of its eight images");

  /* An interrupt ends a census with CGT_INTERRUPTED. */
  cgt_stop stop = {.should_stop = always, .arg = NULL, .spent = 0, .stopped = 0};
  c = cg_census_new(s, &cg_domineering, 12, 1);
  cg_store_set_stop(s, &stop);
  rc = CGT_OK;
  for (long i = 0; i < 1000000 && rc == CGT_OK; i++) {
    rc = cg_census_next(c, &row, &more);
    if (!more) break;
  }
  is_int(rc, CGT_INTERRUPTED, "an interrupt stops the census");
  cg_store_set_stop(s, NULL);
  cg_census_free(c);
  cg_store_free(s);
  return tap_done();
}
