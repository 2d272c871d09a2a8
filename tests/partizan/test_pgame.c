/*
** Unit tests of canonical partizan games: Winning Ways identities, and
** random game trees checked against brute force written here (who wins a
** difference, by game-tree search without any canonical forms).
*/
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/dyadic.h"
#include "../../ext/partizan/pgame.h"
#include "../../ext/partizan/pnotation.h"
#include "../tap.h"

static cg_store *s;

static cg_id num(int64_t n, uint32_t e) {
  cg_dyadic x;
  cg_id id;
  cg_dyadic_make(cg_store_bigs(s), n, e, &x);
  cg_number(s, x, &id);
  return id;
}

static cg_id game(const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr) {
  cg_id id;
  if (cg_game(s, L, nl, R, nr, &id) != CGT_OK) { printf("Bail out! cg_game failed\n"); exit(1); }
  return id;
}

static cg_id add(cg_id a, cg_id b) {
  cg_id id;
  cg_add(s, a, b, &id);
  return id;
}

static char cmp(cg_id a, cg_id b) {
  char c;
  cg_compare(s, a, b, &c);
  return c;
}

static void identities(void) {
  cg_id zero = num(0, 0), one = num(1, 0), m1 = num(-1, 0), star, up, half;
  cg_id z[] = {zero};
  star = game(z, 1, z, 1);
  ok(cg_is_nimber(s, star, NULL), "{0|0} is a nimber");
  cg_id st[] = {star};
  up = game(z, 1, st, 1);
  ok(cmp(up, zero) == '>' && !cg_is_number(s, up, NULL), "^ = {0|*} > 0 and is not a number");
  ok(cmp(add(add(up, up), star), zero) == '>', "^ + ^ + * > 0");
  ok(cmp(add(up, star), zero) == '|', "^* || 0");
  cg_id n2, n3;
  cg_nimber(s, 2, &n2);
  cg_nimber(s, 3, &n3);
  ok(add(n2, n3) == star, "*2 + *3 = *");
  cg_id o[] = {one}, mo[] = {m1};
  cg_id pm1 = game(o, 1, mo, 1);
  ok(cmp(pm1, zero) == '|', "{1|-1} || 0");
  half = game(z, 1, o, 1);
  ok(half == num(1, 1), "{0|1} = 1/2");
  ok(add(half, half) == one, "1/2 + 1/2 = 1");
  cg_id two = num(2, 0), h[] = {half}, t[] = {two};
  ok(game(h, 1, t, 1) == one, "{1/2|2} = 1 (simplest number)");
  ok(game(o, 1, NULL, 0) == two, "{1|} = 2");
  cg_id mu;
  cg_neg(s, up, &mu);
  ok(add(up, mu) == zero, "^ + v = 0");
  cg_id big = num(1000000000000LL, 0);
  ok(cmp(add(big, up), big) == '>', "10^12 + ^ > 10^12 (no chain of 10^12 games)");
  uint64_t b;
  cg_birthday(s, up, &b);
  is_int(b, 2, "birthday of ^ is 2");
  cg_birthday(s, num(3, 2), &b);
  is_int(b, 3, "birthday of 3/4 is 3");
}

/* ---- random game trees and brute force ---- */

enum { MAXNODES = 40 };
typedef struct tree {
  int nl, nr;
  int l[3], r[3];   /* children: node indexes */
} tree;

static tree node[MAXNODES];
static int nnodes;
static uint64_t rng = 0xdeadbeefcafef00dull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static int random_tree(int depth) {
  int me = nnodes++;
  node[me].nl = node[me].nr = 0;
  if (depth == 0) return me;
  int nl = (int)rnd(3), nr = (int)rnd(3);
  for (int i = 0; i < nl && nnodes < MAXNODES - 8; i++) node[me].l[node[me].nl++] = random_tree(depth - 1);
  for (int i = 0; i < nr && nnodes < MAXNODES - 8; i++) node[me].r[node[me].nr++] = random_tree(depth - 1);
  return me;
}

/* Who wins x - y moving first (x, y trees): memo over node pairs. */
static signed char memo_l[MAXNODES][MAXNODES], memo_r[MAXNODES][MAXNODES];
static int left_first(int x, int y);
static int right_first(int x, int y) {   /* Right moves in x - y: x's Right options or -(y's Left) */
  if (memo_r[x][y] >= 0) return memo_r[x][y];
  int win = 0;
  for (int i = 0; i < node[x].nr && !win; i++) win = !left_first(node[x].r[i], y);
  for (int i = 0; i < node[y].nl && !win; i++) win = !left_first(x, node[y].l[i]);
  return memo_r[x][y] = (signed char)win;
}
static int left_first(int x, int y) {
  if (memo_l[x][y] >= 0) return memo_l[x][y];
  int win = 0;
  for (int i = 0; i < node[x].nl && !win; i++) win = !right_first(node[x].l[i], y);
  for (int i = 0; i < node[y].nr && !win; i++) win = !right_first(x, node[y].r[i]);
  return memo_l[x][y] = (signed char)win;
}

static cg_id canonical(int x) {
  cg_id L[3], R[3];
  for (int i = 0; i < node[x].nl; i++) L[i] = canonical(node[x].l[i]);
  for (int i = 0; i < node[x].nr; i++) R[i] = canonical(node[x].r[i]);
  return game(L, (uint32_t)node[x].nl, R, (uint32_t)node[x].nr);
}

static cg_id pool[1200];
static int npool;

/* <= is a partial order: reflexive, antisymmetric (with equal ids),
** transitive; and G - G = 0. */
static void partial_order(void) {
  int bad_anti = 0, bad_trans = 0, bad_zero = 0, triples = 0;
  int n = npool < 120 ? npool : 120;
  static char le[120][120];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int r;
      cg_le(s, pool[i], pool[j], &r);
      le[i][j] = (char)r;
    }
  for (int i = 0; i < n; i++) {
    cg_id neg;
    cg_neg(s, pool[i], &neg);
    bad_zero += add(pool[i], neg) != num(0, 0) || !le[i][i];
    for (int j = 0; j < n; j++) {
      bad_anti += le[i][j] && le[j][i] && pool[i] != pool[j];
      for (int k = 0; k < n; k++, triples++) bad_trans += le[i][j] && le[j][k] && !le[i][k];
    }
  }
  is_int(bad_anti, 0, "antisymmetry: a <= b <= a only for the same game (%d games)", n);
  is_int(bad_trans, 0, "transitivity over %d triples", triples);
  is_int(bad_zero, 0, "G - G = 0 and G <= G");
}

static void random_games(void) {
  int bad_eq = 0, bad_le = 0, bad_sum = 0, bad_print = 0, pairs = 0;
  for (int t = 0; t < 600; t++) {
    nnodes = 0;
    int g = random_tree(1 + (int)rnd(3)), h = random_tree(1 + (int)rnd(3));
    memset(memo_l, -1, sizeof memo_l);
    memset(memo_r, -1, sizeof memo_r);
    cg_id cg = canonical(g), ch = canonical(h);
    if (npool < 1200) pool[npool++] = cg;
    /* g <= h iff Left loses g - h moving first */
    int le = !left_first(g, h), ge = !left_first(h, g);
    int le_c;
    cg_le(s, cg, ch, &le_c);
    bad_le += le_c != le;
    bad_eq += (cg == ch) != (le && ge);
    cg_id neg, diff;
    cg_neg(s, ch, &neg);
    diff = add(cg, neg);
    char c = cmp(diff, num(0, 0));
    bad_sum += c != (le && ge ? '=' : le ? '<' : ge ? '>' : '|');
    /* printing and parsing back gives the same game */
    char *text, err[300];
    cg_id back;
    if (cg_print(s, cg, &text) != CGT_OK || cg_parse(s, text, &back, err, sizeof err) != CGT_OK || back != cg) {
      if (!bad_print++) printf("# round trip failed: %s (%s)\n", text, err);
    }
    free(text);
    pairs++;
  }
  is_int(bad_le, 0, "<= on canonical forms equals game search on %d pairs of random games", pairs);
  is_int(bad_eq, 0, "equal games get equal ids (and only they)");
  is_int(bad_sum, 0, "G - H compared with 0 agrees with game search");
  is_int(bad_print, 0, "printing then parsing gives back the same canonical game");
}

/* Numbers + ups + nimbers, stored by their parts, against the definitions:
** their options (made on demand) rebuilt by cg_game give the same id; the
** closed-form <= agrees with <= by options (one level down, where the
** options are smaller); birthdays agree with 1 + the largest option's. */
static void nus_values(void) {
  cg_dyadic xs[3];
  cg_dyadic_make(cg_store_bigs(s), 0, 0, &xs[0]);
  cg_dyadic_make(cg_store_bigs(s), 1, 1, &xs[1]);
  cg_dyadic_make(cg_store_bigs(s), -3, 0, &xs[2]);
  cg_id v[3 * 9 * 6];
  int nv = 0, bad_rebuild = 0, bad_le = 0, bad_birthday = 0, pairs = 0;
  for (int xi = 0; xi < 3; xi++)
    for (int64_t n = -4; n <= 4; n++)
      for (uint32_t k = 0; k < 6; k++) cg_nus(s, xs[xi], n, k, &v[nv++]);
  for (int i = 0; i < nv; i++) {
    const cg_id *L, *R;
    uint32_t nl, nr;
    cg_options(s, v[i], &L, &nl, &R, &nr);
    cg_id l[8], r[8], back;
    memcpy(l, L, nl * sizeof *l);
    memcpy(r, R, nr * sizeof *r);
    bad_rebuild += cg_game(s, l, nl, r, nr, &back) != CGT_OK || back != v[i];
    uint64_t b, bo, best = 0;
    for (uint32_t j = 0; j < nl + nr; j++) {
      cg_birthday(s, j < nl ? l[j] : r[j - nl], &bo);
      if (bo + 1 > best) best = bo + 1;
    }
    cg_birthday(s, v[i], &b);
    bad_birthday += b != best;
  }
  for (int i = 0; i < nv; i++)
    for (int j = 0; j < nv; j++) {
      const cg_id *L, *R;
      uint32_t nl, nr, hnl, hnr;
      const cg_id *HL, *HR;
      int le, r, by_options = 1;
      cg_le(s, v[i], v[j], &le);
      /* G <= H iff no G^L >= H and no H^R <= G (numbers: only the other side moves) */
      cg_options(s, v[i], &L, &nl, &R, &nr);
      cg_id gl[8];
      memcpy(gl, L, nl * sizeof *gl);
      cg_options(s, v[j], &HL, &hnl, &HR, &hnr);
      cg_id hr[8];
      memcpy(hr, HR, hnr * sizeof *hr);
      int g_num = cg_is_number(s, v[i], NULL), h_num = cg_is_number(s, v[j], NULL);
      if (v[i] == v[j]) continue;
      if (g_num && h_num) continue;   /* numbers compare as numbers */
      if (!g_num)
        for (uint32_t a = 0; a < nl && by_options; a++) cg_le(s, v[j], gl[a], &r), by_options = !r;
      if (!h_num)
        for (uint32_t a = 0; a < hnr && by_options; a++) cg_le(s, hr[a], v[i], &r), by_options = !r;
      bad_le += le != by_options;
      pairs++;
    }
  is_int(bad_rebuild, 0, "%d values x + n.^ + *k: their options rebuild the same game", nv);
  is_int(bad_le, 0, "closed-form <= agrees with <= by options on %d pairs", pairs);
  is_int(bad_birthday, 0, "birthdays by formula agree with 1 + the largest option's");
}

/* The simplest number strictly between a and b (a < b, within one unit of
** each other) by the definition: the first e = 1, 2, ... whose least
** multiple of 2^-e above a is below b. */
static cgt_rc simplest_by_scan(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) {
  cg_dyadic one;
  cgt_rc rc = cg_dyadic_make(B, 1, 0, &one);
  for (int32_t e = 1; rc == CGT_OK && e <= 70000; e++) {
    cg_dyadic m;
    rc = cg_dyadic_ldexp(B, a, e, &m);
    if (rc == CGT_OK) rc = cg_dyadic_floor(B, m, &m);
    if (rc == CGT_OK) rc = cg_dyadic_add(B, m, one, &m);
    if (rc == CGT_OK) rc = cg_dyadic_ldexp(B, m, -e, &m);
    if (rc == CGT_OK && cg_dyadic_cmp(B, m, b) < 0) return *out = m, CGT_OK;
  }
  return rc ? rc : CGT_RANGE;
}

/* A random dyadic: a small numerator over 2^(0..40), or one of about
** 100-300 bits (a small one plus another shifted far down). */
static cgt_rc random_dyadic(cg_bigs *B, cg_dyadic *out) {
  cgt_rc rc = cg_dyadic_make(B, (int64_t)rnd(1u << 20) - (1 << 19), rnd(41), out);
  if (rc == CGT_OK && rnd(2)) {
    cg_dyadic tail;
    rc = cg_dyadic_make(B, (int64_t)rnd(1u << 30) + 1, 0, &tail);
    if (rc == CGT_OK) rc = cg_dyadic_ldexp(B, tail, -(int32_t)(100 + rnd(200)), &tail);
    if (rc == CGT_OK) rc = cg_dyadic_add(B, *out, tail, out);
  }
  return rc;
}

/* cg_dyadic_simplest_between (found by bisection) against the scan, on
** random pairs within one unit of each other, short and long numerators. */
static void simplest_between(void) {
  cg_bigs *B = cg_bigs_new();
  int bad = 0, count = 0;
  for (int i = 0; B && i < 3000; i++) {
    cg_dyadic a, b, d, got, want;
    if (random_dyadic(B, &a) || random_dyadic(B, &d)) break;
    if (cg_dyadic_sign(B, d) < 0 && cg_dyadic_neg(B, d, &d)) break;
    if (cg_dyadic_sign(B, d) == 0) continue;
    if (cg_dyadic_ldexp(B, d, -(int32_t)rnd(3), &d) || cg_dyadic_add(B, a, d, &b)) break;   /* b - a in (0, 2^19] */
    cg_dyadic lo, one, hi;
    if (cg_dyadic_floor(B, a, &lo) || cg_dyadic_make(B, 1, 0, &one) || cg_dyadic_add(B, lo, one, &hi)) break;
    if (cg_dyadic_cmp(B, b, hi) > 0) continue;   /* an integer between them: not this path */
    cgt_rc r1 = cg_dyadic_simplest_between(B, a, b, &got), r2 = simplest_by_scan(B, a, b, &want);
    count++;
    bad += r1 != r2 || (r1 == CGT_OK && cg_dyadic_cmp(B, got, want) != 0);
  }
  ok(B && count > 500 && bad == 0, "simplest number between two within a unit, against the scan: %d of %d differ", bad,
     count);
  cg_bigs_free(B);
}

/* {x*S | x*S} (the same stars on both sides, one number x) is x + *mex(S),
** found by cg_game without its search (pcanon.c, nimber_shift): against the
** search itself, made to run by one more Left option that the fast path does
** not take, (x-1) + ^, which is dominated and leaves the same game. */
static void nimber_shifts(void) {
  int bad = 0, tried = 0;
  for (int t = 0; t < 300; t++) {
    cg_dyadic x;
    cg_dyadic_make(cg_store_bigs(s), (int64_t)rnd(9) - 4, rnd(3), &x);
    cg_id opts[9], fast, slow, low, m;
    uint32_t n = 0, mex = 0, set = 1 + rnd(255);
    for (uint32_t k = 0; k < 8; k++)
      if (set >> k & 1) cg_nus(s, x, 0, k, &opts[n++]);
    while (set >> mex & 1) mex++;
    cg_dyadic lower;
    cg_dyadic_sub(cg_store_bigs(s), x, (cg_dyadic){1, 0, 0}, &lower);
    cg_nus(s, lower, 1, 0, &low);
    opts[n] = low;
    cg_nus(s, x, 0, mex, &m);
    if (cg_game(s, opts, n, opts, n, &fast) || cg_game(s, opts, n + 1, opts, n, &slow)) bad++;
    bad += fast != slow || fast != m;
    tried++;
  }
  is_int(bad, 0, "{x*S | x*S} = x + *mex(S) for %d random x and S, as the full search finds", tried);
}

/* 1 when g prints and parses back to itself. */
static int round_trip(cg_id g, cgt_rc *rc) {
  char *text = NULL, err[300];
  cg_id back;
  *rc = cg_print(s, g, &text);
  int good = *rc == CGT_OK && cg_parse(s, text, &back, err, sizeof err) == CGT_OK && back == g;
  free(text);
  return good;
}

/* The printer keeps the text of each general game it printed and copies it
** when the game comes again (pprint.c): sums of pooled games, whose
** subgames come again and again, still parse back to themselves; a kept
** text is not copied where it would nest deeper than the parser reads (the
** print fails as a fresh one would). */
static void printing_kept(void) {
#ifdef __SANITIZE_ADDRESS__
  int sums = 2, terms = 3;
#else
  int sums = 20, terms = 5;
#endif
  int bad = 0;
  cgt_rc rc;
  for (int i = 0; i < sums && npool > 0; i++) {
    cg_id g = pool[rnd((uint32_t)npool)];
    for (int k = 0; k < terms; k++) g = add(g, pool[rnd((uint32_t)npool)]);
    bad += !round_trip(g, &rc);
  }
  is_int(bad, 0, "%d sums of %d pooled games print and parse back", sums, terms + 1);
  /* d = {d' | -1}, 300 deep; shallow and deep: d in 150 or 250 more of them */
  cg_id m1, d;
  cg_integer(s, -1, &m1);
  cg_integer(s, 0, &d);
  for (int i = 0; i < 300; i++) cg_game(s, &d, 1, &m1, 1, &d);
  cg_id shallow = d, deep = d;
  for (int i = 0; i < 150; i++) cg_game(s, &shallow, 1, &m1, 1, &shallow);
  for (int i = 0; i < 250; i++) cg_game(s, &deep, 1, &m1, 1, &deep);
  cg_id pair[2];
  pair[0] = d, pair[1] = shallow;
  cg_id g;
  cg_game(s, pair, 1, pair + 1, 1, &g);   /* {d | shallow}: d printed first, then 150 deeper */
  ok(round_trip(g, &rc), "d printed, then again 150 levels deeper: within the parser's depth, parses back");
  pair[1] = deep;
  cg_game(s, pair, 1, pair + 1, 1, &g);   /* {d | deep}: d again 250 deeper, 550 in all */
  is_int(round_trip(g, &rc) ? CGT_OK : rc, CGT_TOODEEP, "d again 250 levels deeper: too deep to print, kept or not");
}

int main(void) {
  s = cg_store_new();
  identities();
  nus_values();
  random_games();
  nimber_shifts();
  printing_kept();
  partial_order();
  simplest_between();
  printf("# %zu games stored\n", cg_store_size(s));
  cg_store_free(s);
  return tap_done();
}
