/*
** Unit tests of the board rulesets (ext/boards/): known values, the
** search with decomposition, symmetry and the transposition table against
** a plain search written here (every option searched, no regions, no
** symmetry, no table) on random boards of up to 8 squares, mirror images
** (equal values) and transposes (negated values in Domineering), and bad
** boards.
*/
#include <stdlib.h>

#include "../../ext/boards/rulesets.h"
#include "../../ext/boards/search.h"
#include "../../ext/partizan/pnotation.h"
#include "../tap.h"

static cg_store *s;

#include "prints.h"

/* The plain search: {values of Left's options | values of Right's}.  A
** side has at most 4 options a square (a stone's four captures). */
static cgt_rc plain(const cg_rules *r, const cg_grid *g, cg_id *out) {
  size_t most = 4 * (size_t)g->rows * g->cols + 1;
  cg_grid *opts = malloc(2 * most * sizeof *opts);
  cg_id L[64], R[64];
  uint32_t nl = r->options(r, g, 0, opts, NULL), nr = r->options(r, g, 1, opts + most, NULL);
  cgt_rc rc = nl > 64 || nr > 64 ? CGT_LIMIT : CGT_OK;
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = plain(r, &opts[i], &L[i]);
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = plain(r, &opts[most + i], &R[i]);
  free(opts);
  return rc ? rc : cg_game(s, L, nl, R, nr, out);
}

static cg_id value(const char *ruleset, const char *board, cg_board_table *t) {
  char err[300];
  cg_id g = UINT32_MAX;
  if (cg_board(s, t, ruleset, board, &g, err, sizeof err) != CGT_OK) printf("#   %s %s: %s\n", ruleset, board, err);
  return g;
}

static void random_board(const cg_rules *r, cg_grid *g) {
  memset(g, 0, sizeof *g);
  if (r->one_row) g->rows = 1, g->cols = (uint8_t)(1 + rand() % 8);
  else {
    g->rows = (uint8_t)(1 + rand() % 4);
    g->cols = (uint8_t)(1 + rand() % (8 / g->rows));
  }
  for (int i = 0; i < g->rows * g->cols; i++) {
    int k = rand() % 8;   /* domineering: mostly free squares; the others: stones and empties */
    g->c[i] = (uint8_t)(r == &cg_domineering ? k != 0 : k < 3 ? 1 : k < 6 ? 2 : 0);
  }
}

static int always(void *arg) {
  (void)arg;
  return 1;
}

/* Whether g is its own image under a symmetry of r that negates (its
** value is then 0, and either sign is right). */
static int self_negating(const cg_rules *r, const cg_grid *g) {
  for (int bit = 1; bit < 16; bit++) {
    cg_grid t;
    if (!(r->symmetries >> bit & 1) || r->impartial || r->negates(bit & 7, bit >> 3) > 0) continue;
    cg_grid_transform(g, bit & 7, bit >> 3, &t);
    if (t.rows == g->rows && t.cols == g->cols && !memcmp(t.c, g->c, (size_t)g->rows * g->cols)) return 1;
  }
  return 0;
}

/* Whether cg_grid_orbit_hash gives two grids the same hash exactly when
** cg_normalise gives them the same image, and the same sign relative to
** that image, over the first 800 grids of r of up to rows x cols squares
** with codes below k. */
static int orbit_hash_agrees(const cg_rules *r, int rows, int cols, int k) {
  enum { MAX = 800 };
  static cg_grid img[MAX];
  static uint64_t h[MAX][2];
  static int sign[MAX];
  int n = 0;
  for (int R = 1; R <= rows; R++)
    for (int C = 1; C <= cols; C++) {
      long all = 1;
      for (int i = 0; i < R * C; i++) all *= k;
      for (long c = 0; c < all && n < MAX; c++, n++) {
        cg_grid g = {.rows = (uint16_t)R, .cols = (uint16_t)C};
        for (long i = 0, x = c; i < R * C; i++, x /= k) g.c[i] = (uint8_t)(x % k);
        img[n] = g;
        int hs;
        if (!cg_grid_orbit_hash(r, &g, h[n], &hs)) return 0;
        sign[n] = hs * cg_normalise(r, &img[n]);
      }
    }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      int same_hash = h[i][0] == h[j][0] && h[i][1] == h[j][1];
      int same_image = img[i].rows == img[j].rows && img[i].cols == img[j].cols &&
                       !memcmp(img[i].c, img[j].c, (size_t)img[i].rows * img[i].cols);
      if (same_hash != same_image) return 0;
      if (same_image && sign[i] != sign[j] && !self_negating(r, &img[i])) return 0;
    }
  return n > 100;
}

/* Whether cg_grid_least picks the image this plain search over the
** transforms picks (the least by rows, columns, then squares in order; the
** first of equal ones) and its sign, on rounds random grids of up to
** rows x cols squares of codes below k, for symmetries mask. */
static int least_agrees(const cg_rules *r, unsigned mask, int rows, int cols, int k, int rounds) {
  for (int n = 0; n < rounds; n++) {
    cg_grid g = {.rows = (uint16_t)(1 + rand() % rows), .cols = (uint16_t)(1 + rand() % cols)}, want, t, got;
    for (int i = 0; i < g.rows * g.cols; i++) g.c[i] = (uint8_t)(rand() % k);
    int best = 0;
    want = g;
    for (int bit = 1; bit < 16; bit++) {
      if (!(mask >> bit & 1)) continue;
      cg_grid_transform(&g, bit & 7, bit >> 3, &t);
      int cmp = t.rows != want.rows ? t.rows - want.rows : t.cols != want.cols ? t.cols - want.cols
                                                                            : memcmp(t.c, want.c, (size_t)t.rows * t.cols);
      if (cmp < 0) want = t, best = bit;
    }
    got = g;
    int sign = cg_grid_least(&got, mask, r->negates);
    if (got.rows != want.rows || got.cols != want.cols || memcmp(got.c, want.c, (size_t)got.rows * got.cols) ||
        sign != r->negates(best & 7, best >> 3))
      return 0;
  }
  return 1;
}

int main(void) {
  s = cg_store_new();
  cg_board_table *t = cg_board_table_new();

  /* Known values.  Domineering 2x2 = +-1 and the 1x2 vertical domino = 1
  ** (Winning Ways, ch. 2); 3x3 = +-1 (Winning Ways, ch. 5); 4x4 from CGSuite
  ** (as in tests/partizan/60_partizan.t).  2x3 = {2|-1/2} and 3x2 = {1/2|-2} were
  ** checked against cg_value over the whole game graph (brute force).
  ** Clobber xo = * (Albert et al., Lessons in Play); Toads and Frogs
  ** T.F = *, .TF = 0 (Winning Ways, ch. 1). */
  const struct { const char *rules, *board, *want; } known[] = {
      {"domineering", "..|..", "+-1"},
      {"domineering", ".|.", "1"},
      {"domineering", "..", "-1"},
      {"domineering", "...|...", "{2|-1/2}"},
      {"domineering", "..|..|..", "{1/2|-2}"},
      {"domineering", "...|...|...", "+-1"},
      {"domineering", "....|....|....|....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
      {"domineering", "", "0"},
      {"domineering", "#.#|...|#.#", "*"},   /* a plus sign: each side has two moves, both to 0 */
      {"clobber", "xo", "*"},
      {"clobber", "xoxo", "+-{*,^}"},
      {"clobber", "xx|oo", "0"},
      {"clobber", "x.o", "0"},
      {"toadsfrogs", "T.F", "*"},
      {"toadsfrogs", ".TF", "0"},
      {"toadsfrogs", "TT.F", "{1/2|0}"},
      {"toadsfrogs", "TT..FF", "*"},
      {"toadsfrogs", "T.", "1"},
  };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    cg_id g = value(known[i].rules, known[i].board, t);
    ok(g != UINT32_MAX && prints(g, known[i].want), "%s '%s' = %s", known[i].rules, known[i].board, known[i].want);
  }

  /* Random boards: decomposition, symmetry and the table against the plain
  ** search; mirror images keep the value; the Domineering transpose and the
  ** colour-swapped Clobber board negate it. */
  const cg_rules *rules[] = {&cg_domineering, &cg_clobber, &cg_toadsfrogs};
  srand(10);
  for (int ri = 0; ri < 3; ri++) {
    const cg_rules *r = rules[ri];
    int bad = 0, badsym = 0, count = 300;
    for (int k = 0; k < count; k++) {
      cg_grid g, m;
      random_board(r, &g);
      cg_id fast, slow, other, neg;
      if (cg_board_value(s, t, r, &g, &fast) || plain(r, &g, &slow)) {
        bad++;
        continue;
      }
      if (fast != slow) {
        char buf[2 * CG_BOARD_CELLS + 1];
        cg_board_text(r, &g, buf);
        if (bad++ < 5) printf("#   %s '%s' differs from the plain search\n", r->name, buf);
      }
      if (cg_neg(s, fast, &neg)) badsym++;
      for (int sym = 1; sym < 8; sym++) {
        if (r->one_row && sym != 1) continue;
        int swap = r->one_row || (r == &cg_clobber && (sym & 1));
        cg_grid_transform(&g, sym, swap, &m);
        int negated = r == &cg_domineering ? (sym & 4) != 0 : swap;
        if (cg_board_value(s, NULL, r, &m, &other) || other != (negated ? neg : fast)) badsym++;
      }
    }
    ok(bad == 0, "%s: %d random boards of up to 8 squares agree with the plain search", r->name, count);
    ok(badsym == 0, "%s: their mirror images keep the value, transposes/colour swaps negate it", r->name);
  }
  ok(cg_board_table_size(t) > 0, "the table holds %zu regions", cg_board_table_size(t));

  /* Bad boards: clear errors naming the ruleset and the position. */
  const struct { const char *rules, *board, *want; } errors[] = {
      {"domineering", "..|.z.", "domineering: unknown character 'z' at row 2, column 2"},
      {"domineering", "..|...", "domineering: row 2 has 3 squares, row 1 has 2"},
      {"clobber", "xo|x", "clobber: row 2 has 1 squares"},
      {"toadsfrogs", "T.|.F", "toadsfrogs: a board is one row, not 2 rows"},
      {"toadsfrogs", "T.x", "toadsfrogs: unknown character 'x' at row 1, column 3"},
      {"domineering",
       "................|................|................|................|................|................|"
       "................|................|................|................|................|................|"
       "................|................|................|................|.",
       "domineering: a board has at most 256 squares; row 17, column 1 is one more"},
      {"chess", "..", "unknown board ruleset 'chess'"},
  };
  for (size_t i = 0; i < sizeof errors / sizeof *errors; i++) {
    char err[300] = "";
    cg_id g;
    cgt_rc rc = cg_board(s, t, errors[i].rules, errors[i].board, &g, err, sizeof err);
    ok(rc == CGT_SYNTAX && strstr(err, errors[i].want), "error: %s", err);
  }

  /* A stop that says stop at its first poll ends a long search, and the
  ** store and table still work afterwards. */
  /* The search's keys of regions: one per orbit of the symmetries. */
  ok(orbit_hash_agrees(&cg_domineering, 3, 3, 2), "domineering: grids share an orbit hash when they share an image");
  ok(orbit_hash_agrees(&cg_domineering, 1, 10, 2), "domineering, rows of up to 10 squares (past 8: hashed line by line): the same");
  ok(orbit_hash_agrees(&cg_cram, 3, 3, 2), "cram (no image negates): the same");
  /* The least image: by bit matrices up to 8 x 8 squares of codes 0 and 1,
  ** square by square past them. */
  ok(least_agrees(&cg_domineering, 0xFF, 8, 8, 2, 20000), "the least image of 20000 grids up to 8 x 8 (bit matrices)");
  ok(least_agrees(&cg_domineering, 0x0F, 8, 8, 2, 5000), "and with mirrors only");
  ok(least_agrees(&cg_domineering, 0xFF, 10, 10, 2, 5000), "and of grids up to 10 x 10");
  ok(least_agrees(&cg_clobber, 0xFFFF, 6, 6, 3, 5000), "and of grids of three codes, with colour swaps");
  ok(orbit_hash_agrees(&cg_clobber, 2, 3, 3), "clobber (colour swaps too): the same");
  ok(orbit_hash_agrees(&cg_toadsfrogs, 1, 6, 3), "toadsfrogs (mirror and swap): the same");
  ok(orbit_hash_agrees(&cg_impartial_toadsfrogs, 1, 6, 3), "impartial toadsfrogs: the same");
  cgt_stop st = {.should_stop = always, .arg = NULL, .spent = 0, .stopped = 0};
  cg_store_set_stop(s, &st);
  cg_board_table *fresh = cg_board_table_new();
  char err[300];
  cg_id g;
  ok(cg_board(s, fresh, "domineering", ".....|.....|.....|.....|.....", &g, err, sizeof err) == CGT_INTERRUPTED,
     "an interrupted search ends with CGT_INTERRUPTED");
  cg_store_set_stop(s, NULL);
  g = value("domineering", "....|....|....|....", fresh);
  ok(g != UINT32_MAX && prints(g, "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"), "and the table is sound afterwards");
  cg_board_table_free(fresh);
  cg_board_table_free(t);
  cg_store_free(s);
  return tap_done();
}
