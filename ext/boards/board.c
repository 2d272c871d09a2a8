/* The board interface (board.h): parsing and printing boards, and the helpers
** the ruleset files share. */
#include "board.h"

#include <stdio.h>
#include <string.h>

/* ---- parsing and printing ---- */

static int code_of(const cg_rules *r, char ch) {
  for (int k = 0; k < 3 && r->symbols[k]; k++) {
    char s = r->symbols[k];
    if (ch == s || (s >= 'a' && s <= 'z' && ch == s - 32) || (s >= 'A' && s <= 'Z' && ch == s + 32)) return k;
  }
  return ch == '#' && r->hash_is_empty ? 0 : -1;
}

cgt_rc cg_board_parse(const cg_rules *r, const char *text, cg_grid *g, char *err, size_t errlen) {
  int row = 1, col = 0, cols = -1, n = 0;
  g->rows = g->cols = 0;
  for (const char *p = text;; p++) {
    char ch = *p;
    if (ch == '\r' && p[1] == '\n') continue;
    if (ch == '|' || ch == '\n' || ch == 0) {
      if (ch == 0 && col == 0 && p > text && p[-1] == '\n') { row--; break; }   /* a final newline */
      if (cols < 0) cols = col;
      else if (col != cols) {
        snprintf(err, errlen, "%s: row %d has %d squares, row 1 has %d (rows must have equal lengths)", r->name,
                 row, col, cols);
        return CGT_SYNTAX;
      }
      if (ch == 0) break;
      row++, col = 0;
      continue;
    }
    col++;
    int k = code_of(r, ch);
    if (k < 0) {
      if (ch > ' ' && ch < 127)
        snprintf(err, errlen, "%s: unknown character '%c' at row %d, column %d (the squares are '%s%s')", r->name, ch,
                 row, col, r->symbols, r->hash_is_empty ? "#" : "");
      else
        snprintf(err, errlen, "%s: unknown character (byte 0x%02x) at row %d, column %d (the squares are '%s%s')",
                 r->name, (unsigned char)ch, row, col, r->symbols, r->hash_is_empty ? "#" : "");
      return CGT_SYNTAX;
    }
    if (n == CG_BOARD_CELLS) {
      snprintf(err, errlen, "%s: a board has at most %d squares; row %d, column %d is one more", r->name,
               CG_BOARD_CELLS, row, col);
      return CGT_SYNTAX;
    }
    g->c[n++] = (uint8_t)k;
  }
  if (cols <= 0) return CGT_OK;   /* the empty board */
  if (r->one_row && row > 1) {
    snprintf(err, errlen, "%s: a board is one row, not %d rows", r->name, row);
    return CGT_SYNTAX;
  }
  g->rows = (uint16_t)row, g->cols = (uint16_t)cols;
  return CGT_OK;
}

void cg_board_text(const cg_rules *r, const cg_grid *g, char *buf) {
  char *p = buf;
  for (int i = 0; i < g->rows; i++) {
    if (i) *p++ = '|';
    for (int j = 0; j < g->cols; j++) *p++ = r->symbols[g->c[i * g->cols + j]];
  }
  *p = 0;
}

void cg_move_text(const cg_move *m, int cols, char *buf) {
  char *p = buf;
  for (int k = 0; k < m->n; k++) {
    int col = m->sq[k] % cols, row = m->sq[k] / cols + 1;
    char letters[4];
    int nl = 0;
    do letters[nl++] = (char)('a' + col % 26), col = col / 26 - 1;   /* a..z, aa..zz as spreadsheets do */
    while (col >= 0);
    if (k) *p++ = '-';
    while (nl) *p++ = letters[--nl];
    p += sprintf(p, "%d", row);
  }
  *p = 0;
}

void cg_grid_copy(cg_grid *to, const cg_grid *g) {
  to->rows = g->rows, to->cols = g->cols;
  memcpy(to->c, g->c, (size_t)g->rows * g->cols);
}

size_t cg_grid_packed(const cg_grid *g) { return 4 + (size_t)g->rows * g->cols; }

size_t cg_grid_pack(uint8_t *to, const cg_grid *g) {
  to[0] = (uint8_t)g->rows, to[1] = (uint8_t)(g->rows >> 8), to[2] = (uint8_t)g->cols, to[3] = (uint8_t)(g->cols >> 8);
  memcpy(to + 4, g->c, (size_t)g->rows * g->cols);
  return cg_grid_packed(g);
}

size_t cg_grid_unpack(cg_grid *g, const uint8_t *from) {
  g->rows = (uint16_t)(from[0] | from[1] << 8), g->cols = (uint16_t)(from[2] | from[3] << 8);
  memcpy(g->c, from + 4, (size_t)g->rows * g->cols);
  return cg_grid_packed(g);
}

static int keeps(int sym, int swap) { return (void)sym, (void)swap, 1; }

int cg_normalise(const cg_rules *r, cg_grid *g) {
  return cg_grid_least(g, r->symmetries, r->impartial ? keeps : r->negates);
}

/* ---- helpers of the rulesets ---- */

/* Crops component comp (bit v: square v) of g into p, row by row (its
** rows: slices of comp; its columns: the bits of their union). */
static void crop64(const cg_grid *g, uint64_t comp, cg_grid *p) {
  int R = g->rows, C = g->cols, r0 = -1, r1 = -1;
  uint64_t row = C == 64 ? ~(uint64_t)0 : ((uint64_t)1 << C) - 1, cols = 0;
  for (int i = 0; i < R; i++) {   /* (i * C < 64: at most 64 squares) */
    uint64_t slice = comp >> (i * C) & row;
    if (!slice) continue;
    if (r0 < 0) r0 = i;
    r1 = i, cols |= slice;
  }
  int c0 = __builtin_ctzll(cols), c1 = 63 - __builtin_clzll(cols);
  p->rows = (uint16_t)(r1 - r0 + 1), p->cols = (uint16_t)(c1 - c0 + 1);
  memset(p->c, 0, (size_t)p->rows * p->cols);
  for (int i = r0; i <= r1; i++)
    for (uint64_t slice = comp >> (i * C) & row; slice; slice &= slice - 1) {
      int j = __builtin_ctzll(slice);
      p->c[(i - r0) * p->cols + (j - c0)] = g->c[i * C + j];
    }
}

/* cg_grid_components of a board of at most 64 squares, as bit masks
** (square v is bit v), each component grown by shifts. */
static uint32_t components64(const cg_grid *g, int (*in)(uint8_t code), int (*keep)(const cg_grid *part),
                             cg_grid *out) {
  int R = g->rows, C = g->cols, n = R * C;
  if (n == 0) return 0;
  uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1, first = 0, set = 0;
  for (int i = 0; i < R; i++) first |= (uint64_t)1 << (i * C);
  uint64_t last = C > 1 ? first << (C - 1) : first, not_first = all & ~first, not_last = all & ~last;
  uint64_t take[3] = {in(0) != 0, in(1) != 0, in(2) != 0};   /* (in of the usual codes, asked once) */
  for (int v = 0; v < n; v += 8) {   /* eight cells at a time while they are 0 or 1 */
    int k = n - v < 8 ? n - v : 8;
    uint64_t x = cg_cells8(g, v, k);
    if (!(x & 0xFEFEFEFEFEFEFEFEull)) {
      uint64_t ones = cg_gather8(x), zeros = ~ones & ((1u << k) - 1);
      set |= ((take[1] ? ones : 0) | (take[0] ? zeros : 0)) << v;
      continue;
    }
    for (int q = v; q < v + k; q++) {
      uint8_t c = g->c[q];
      set |= (c <= 2 ? take[c] : (uint64_t)(in(c) != 0)) << q;
    }
  }
  uint32_t count = 0;
  while (set) {
    uint64_t comp = set & (~set + 1), grown;
    for (;;) {
      grown = comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last);
      if (C < 64) grown |= (comp << C) | (comp >> C);
      grown &= set;
      if (grown == comp) break;
      comp = grown;
    }
    set &= ~comp;
    crop64(g, comp, &out[count]);
    if (keep(&out[count])) count++;
  }
  return count;
}

uint32_t cg_grid_components(const cg_grid *g, int (*in)(uint8_t code), int (*keep)(const cg_grid *part),
                            cg_grid *out) {
  int R = g->rows, C = g->cols, n = R * C;
  if (n <= 64) return components64(g, in, keep, out);
  uint8_t seen[CG_BOARD_CELLS];
  uint16_t stack[CG_BOARD_CELLS], comp[CG_BOARD_CELLS];
  for (int v = 0; v < n; v++) seen[v] = !in(g->c[v]);
  uint32_t count = 0;
  for (int v0 = 0; v0 < n; v0++) {
    if (seen[v0]) continue;
    /* A depth-first fill from v0 by an explicit stack. */
    int top = 0, size = 0, r0 = R, r1 = -1, c0 = C, c1 = -1;
    stack[top++] = (uint16_t)v0;
    seen[v0] = 1;
    while (top) {
      int v = stack[--top], i = v / C, j = v % C;
      comp[size++] = (uint16_t)v;
      if (i < r0) r0 = i;
      if (i > r1) r1 = i;
      if (j < c0) c0 = j;
      if (j > c1) c1 = j;
      int nb[4] = {i > 0 ? v - C : -1, i + 1 < R ? v + C : -1, j > 0 ? v - 1 : -1, j + 1 < C ? v + 1 : -1};
      for (int k = 0; k < 4; k++)
        if (nb[k] >= 0 && !seen[nb[k]]) seen[nb[k]] = 1, stack[top++] = (uint16_t)nb[k];
    }
    cg_grid *p = &out[count];
    p->rows = (uint16_t)(r1 - r0 + 1), p->cols = (uint16_t)(c1 - c0 + 1);
    memset(p->c, 0, (size_t)p->rows * p->cols);
    for (int k = 0; k < size; k++) {
      int v = comp[k];
      p->c[(v / C - r0) * p->cols + (v % C - c0)] = g->c[v];
    }
    if (keep(p)) count++;
  }
  return count;
}

void cg_grid_transform(const cg_grid *g, int sym, int swap, cg_grid *out) {
  int R = g->rows, C = g->cols;
  out->rows = (uint16_t)(sym & 4 ? C : R), out->cols = (uint16_t)(sym & 4 ? R : C);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      int si = sym & 2 ? R - 1 - i : i, sj = sym & 1 ? C - 1 - j : j;
      uint8_t v = g->c[si * C + sj];
      if (swap && v) v = (uint8_t)(3 - v);
      if (sym & 4) out->c[j * R + i] = v;
      else out->c[i * C + j] = v;
    }
}

/* The n low bits of w in reverse order. */
static inline uint64_t reversed(uint64_t w, int n) {
  w = (w >> 1 & 0x5555555555555555ull) | (w & 0x5555555555555555ull) << 1;
  w = (w >> 2 & 0x3333333333333333ull) | (w & 0x3333333333333333ull) << 2;
  w = (w >> 4 & 0x0F0F0F0F0F0F0F0Full) | (w & 0x0F0F0F0F0F0F0F0Full) << 4;
  w = (w >> 8 & 0x00FF00FF00FF00FFull) | (w & 0x00FF00FF00FF00FFull) << 8;
  w = (w >> 16 & 0x0000FFFF0000FFFFull) | (w & 0x0000FFFF0000FFFFull) << 16;
  w = w >> 32 | w << 32;
  return w >> (64 - n);
}

/* A grid of at most 8 x 8 squares of codes 0 and 1 as an 8x8 bit matrix
** (bit 8i + j: square i, j is 1) into *x; 0 for any other grid. */
static int matrix8(const cg_grid *g, uint64_t *x) {
  int R = g->rows, C = g->cols;
  if (R > 8 || C > 8) return 0;
  *x = 0;
  for (int i = 0; i < R; i++) {
    uint64_t w = cg_cells8(g, i * C, C);
    if (w & 0xFEFEFEFEFEFEFEFEull) return 0;
    *x |= cg_gather8(w) << 8 * i;
  }
  return 1;
}

/* The image of the R x C matrix x (matrix8) by symmetry sym
** (cg_grid_transform): columns mirrored by reversing each byte, rows by
** reversing the bytes, then transposed. */
static inline uint64_t image8(uint64_t x, int R, int C, int sym) {
  if (sym & 1) x = reversed(__builtin_bswap64(x), 64) >> (8 - C);
  if (sym & 2) x = __builtin_bswap64(x) >> 8 * (8 - R);
  return sym & 4 ? cg_transpose8(x) : x;
}

/* The least image of the R x C matrix x under the symmetries of mask
** (bit sym; no colour swaps), into *best and *dims (rows << 4 | columns),
** in cg_grid_least's order: fewer rows, then fewer columns, then the
** squares in order (compared as numbers with square 0 the highest bit);
** the first of equal ones.  Returns its symmetry. */
static int least_image8(uint64_t x, int R, int C, unsigned mask, uint64_t *best, int *dims) {
  int best_sym = 0;
  uint64_t best_key = 0;
  for (int sym = 0; sym < 8; sym++) {
    if (sym && !(mask >> sym & 1)) continue;
    uint64_t y = image8(x, R, C, sym), key = reversed(y, 64);
    int d = sym & 4 ? C << 4 | R : R << 4 | C;
    if (!sym || d < *dims || (d == *dims && key < best_key)) *best = y, *dims = d, best_key = key, best_sym = sym;
  }
  return best_sym;
}

/* cg_grid_least of a grid that matrix8 takes, for symmetries without
** colour swaps, its sign in *out; 0 (g as it was) for any other grid or
** mask. */
static int least8(cg_grid *g, unsigned mask, int (*sign)(int sym, int swap), int *out) {
  uint64_t x, best = 0;
  int dims = 0;
  if (mask >> 8 || !matrix8(g, &x)) return 0;
  int sym = least_image8(x, g->rows, g->cols, mask, &best, &dims);
  g->rows = (uint16_t)(dims >> 4), g->cols = (uint16_t)(dims & 15);
  for (int i = 0; i < g->rows; i++)
    for (int j = 0; j < g->cols; j++) g->c[i * g->cols + j] = (uint8_t)(best >> (8 * i + j) & 1);
  *out = sign(sym, 0);
  return 1;
}

int cg_grid_least(cg_grid *g, unsigned mask, int (*sign)(int sym, int swap)) {
  int fast;
  if (least8(g, mask, sign, &fast)) return fast;
  int R = g->rows, C = g->cols, best = 0;
  cg_grid cur;   /* the least so far, transform best */
  cg_grid_copy(&cur, g);
  for (int bit = 1; bit < 16; bit++) {
    if (!(mask >> bit & 1)) continue;
    int sym = bit & 7, swap = bit >> 3, tr = sym & 4 ? C : R, tc = sym & 4 ? R : C;
    if (tr != cur.rows ? tr > cur.rows : tc > cur.cols) continue;
    int cmp = tr < cur.rows || tc < cur.cols ? -1 : 0;
    /* Compares the transform with the least so far square by square, and
    ** writes it over only once it is known to be less. */
    for (int i = 0; i < tr && !cmp; i++)
      for (int j = 0; j < tc && !cmp; j++) {
        int oi = sym & 4 ? j : i, oj = sym & 4 ? i : j;   /* the square before the transpose */
        int si = sym & 2 ? R - 1 - oi : oi, sj = sym & 1 ? C - 1 - oj : oj;
        uint8_t v = g->c[si * C + sj], w = cur.c[i * tc + j];
        if (swap && v) v = (uint8_t)(3 - v);
        if (v != w) cmp = v < w ? -1 : 1;
      }
    if (cmp >= 0) continue;
    cg_grid_transform(g, sym, swap, &cur);
    best = bit;
  }
  cg_grid_copy(g, &cur);
  return sign(best & 7, best >> 3);
}

/* cg_grid_orbit_hash of a grid that matrix8 takes under symmetries
** without colour swaps: its least image hashed; 0 for any other grid. */
static int orbit_hash8(const cg_rules *r, const cg_grid *g, uint64_t h[2], int *sign) {
  uint64_t x, best = 0;
  int dims = 0;
  if (r->symmetries >> 8 || !matrix8(g, &x)) return 0;
  int sym = least_image8(x, g->rows, g->cols, r->symmetries, &best, &dims);
  *sign = r->impartial ? 1 : r->negates(sym, 0);
  uint64_t d = (uint64_t)dims << 8 | r->id;
  h[0] = cgt_mix64(cgt_mix64(best ^ 0x243f6a8885a308d3ull) ^ d);
  h[1] = cgt_mix64(cgt_mix64(best + 0x13198a2e03707344ull) + d * 0x9e3779b97f4a7c15ull);
  return 1;
}

int cg_grid_orbit_hash(const cg_rules *r, const cg_grid *g, uint64_t h[2], int *sign) {
  if (orbit_hash8(r, g, h, sign)) return 1;
  int R = g->rows, C = g->cols;
  if (R > 64 || C > 64 || (R > C && !(r->symmetries & 0xF0F0))) return 0;   /* (no transpose to lay it wide) */
  /* The squares of codes 1 and 2, by rows (bit j) and by columns (bit
  ** i): only those the images read (the wide ones; both ways when square). */
  uint64_t row[2][64], col[2][64];
  int by_rows = R <= C, by_cols = R >= C;
  for (int q = 0; q < 2; q++) {
    if (by_rows) memset(row[q], 0, (size_t)R * sizeof row[q][0]);
    if (by_cols) memset(col[q], 0, (size_t)C * sizeof col[q][0]);
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      uint8_t v = g->c[i * C + j];
      if (!v) continue;
      if (v > 2) return 0;
      if (by_rows) row[v - 1][i] |= (uint64_t)1 << j;
      if (by_cols) col[v - 1][j] |= (uint64_t)1 << i;
    }
  int (*negates)(int, int) = r->impartial ? keeps : r->negates, found = 0;
  for (int bit = 0; bit < 16; bit++) {
    if (bit && !(r->symmetries >> bit & 1)) continue;
    int sym = bit & 7, swap = bit >> 3, t = sym & 4;
    if (R != C && (t ? C : R) > (t ? R : C)) continue;   /* of an oblong grid, the images lying wide */
    int lines = t ? C : R, len = t ? R : C, flip_lines = t ? sym & 1 : sym & 2, flip_bits = t ? sym & 2 : sym & 1;
    uint64_t (*plane)[64] = t ? col : row;
    /* Two multiply-xorshift chains over the lines, mixed at the end. */
    uint64_t a = 0x243f6a8885a308d3ull ^ r->id ^ (uint64_t)lines << 16 ^ (uint64_t)len << 32, b = ~a;
    for (int l = 0; l < lines; l++) {
      int at = flip_lines ? lines - 1 - l : l;
      uint64_t w1 = plane[swap][at], w2 = plane[!swap][at];
      if (flip_bits) w1 = w1 ? reversed(w1, len) : 0, w2 = w2 ? reversed(w2, len) : 0;
      a = (a ^ w1) * 0x9e3779b97f4a7c15ull, a ^= a >> 29;
      b = (b ^ w2 ^ w1 << 17 ^ w1 >> 47) * 0xc2b2ae3d27d4eb4full, b ^= b >> 31;
    }
    a = cgt_mix64(a), b = cgt_mix64(b ^ a);
    if (!found || a < h[0] || (a == h[0] && b < h[1])) h[0] = a, h[1] = b, *sign = negates(sym, swap), found = 1;
  }
  return 1;
}
