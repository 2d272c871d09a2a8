/* Comparison of games and their stops (pgame.h). */
#include "pstore.h"

/* ---- comparison ---- */

/* Settles a <= b from the stops of a (la, ra) and b (lb, rb) when it can
** (returns 1 with *res set, else 0): a <= b needs LS(a) <= LS(b) and
** RS(a) <= RS(b), and LS(a) < RS(b) makes a - b have a negative left stop,
** so a < b. */
int pg_decide_by_stops(const cg_bigs *B, cg_dyadic la, cg_dyadic ra, cg_dyadic lb, cg_dyadic rb, int *res) {
  if (cg_dyadic_cmp(B, la, lb) > 0 || cg_dyadic_cmp(B, ra, rb) > 0) return *res = 0, 1;
  if (cg_dyadic_cmp(B, la, rb) < 0) return *res = 1, 1;
  return 0;
}

/* Settles a <= b from the stops alone when it can (*known = 1). */
static cgt_rc le_by_stops(cg_store *s, cg_id a, cg_id b, int *known, int *res) {
  cg_dyadic la, ra, lb, rb;
  cgt_rc rc = pg_stops(s, a, &la, &ra);
  if (rc == CGT_OK) rc = pg_stops(s, b, &lb, &rb);
  if (rc == CGT_OK) *known = pg_decide_by_stops(s->bigs, la, ra, lb, rb, res);
  return rc;
}

/* x + u.^ + *m <= y + v.^ + *n for nus values: the difference
** (y - x) + (v - u).^ + *(m^n) is >= 0 when y - x > 0, or when y = x and
** w = v - u, k = m^n make w.^ *k >= 0: w = 0 and k = 0, w >= 2, or w = 1
** and k != 1 (^* is fuzzy). */
static int nus_le(const cg_store *s, const entry *a, const entry *b) {
  int c = cg_dyadic_cmp(s->bigs, b->x, a->x);
  if (c) return c > 0;
  __int128 w = (__int128)b->ups - a->ups;
  uint32_t k = a->star ^ b->star;
  return (w == 0 && k == 0) || w >= 2 || (w == 1 && k != 1);
}

/*
** G <= H exactly when no Left option of G is >= H and no Right option of H
** is <= G.  When one side is a number x and the other a canonical game that
** is not a number, only the other side's moves matter (number avoidance):
** G <= x iff no G^L >= x, and x <= G iff no G^R <= x.
*/
static cgt_rc le_general(cg_store *s, cg_id a, cg_id b, int *res) {
  int known;
  cgt_rc rc = le_by_stops(s, a, b, &known, res);   /* (before the memo: cheaper, and kept out of it) */
  if (rc || known) return rc;
  uint64_t key = (uint64_t)a << 32 | b;
  uint32_t memo = pg_map_get(&s->le, key);
  if (memo) return *res = memo == 2, CGT_OK;
  rc = pg_ensure_options(s, a);
  if (rc == CGT_OK) rc = pg_ensure_options(s, b);
  int le = 1, r;
  int a_num = s->e[a].kind == K_NUMBER, b_num = s->e[b].kind == K_NUMBER;
  if (rc == CGT_OK && !b_num) {   /* no Right option of b is <= a */
    for (uint32_t i = 0; le && rc == CGT_OK && i < s->e[b].nr; i++)
      if ((rc = cg_le(s, pg_right_opt(s, b, i), a, &r)) == CGT_OK && r) le = 0;
  }
  if (rc == CGT_OK && !a_num) {   /* no Left option of a is >= b */
    for (uint32_t i = 0; le && rc == CGT_OK && i < s->e[a].nl; i++)
      if ((rc = cg_le(s, b, pg_left_opt(s, a, i), &r)) == CGT_OK && r) le = 0;
  }
  if (rc) return rc;
  if (!pg_map_put(&s->le, key, le ? 2 : 1, s->stop)) return CGT_NOMEM;
  *res = le;
  return CGT_OK;
}

cgt_rc cg_le(cg_store *s, cg_id a, cg_id b, int *res) {
  if (a == b) return *res = 1, CGT_OK;
  const entry *ea = &s->e[a], *eb = &s->e[b];
  if (ea->kind != K_GENERAL && eb->kind != K_GENERAL) return *res = nus_le(s, ea, eb), CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = le_general(s, a, b, res);
  cg_ascend(s);
  return rc;
}

cgt_rc cg_compare(cg_store *s, cg_id a, cg_id b, char *cmp) {
  int ab, ba;
  cgt_rc rc = cg_le(s, a, b, &ab);
  if (rc == CGT_OK) rc = cg_le(s, b, a, &ba);
  if (rc == CGT_OK) *cmp = ab && ba ? '=' : ab ? '<' : ba ? '>' : '|';
  return rc;
}

/* The left and right stops of a general game a, memoised in its entry:
** LS is the best RS of a Left option, RS the best LS of a Right option. */
static cgt_rc stops_general(cg_store *s, cg_id a) {
  cg_dyadic best[2] = {{0, 0, 0}, {0, 0, 0}};
  cgt_rc rc = CGT_OK;
  for (int left = 0; left <= 1 && rc == CGT_OK; left++) {
    uint32_t n = left ? s->e[a].nl : s->e[a].nr;
    for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
      cg_dyadic l, r;
      rc = pg_stops(s, left ? pg_left_opt(s, a, i) : pg_right_opt(s, a, i), &l, &r);
      cg_dyadic x = left ? r : l;
      if (rc == CGT_OK && (i == 0 || (left ? cg_dyadic_cmp(s->bigs, x, best[1]) > 0
                                           : cg_dyadic_cmp(s->bigs, x, best[0]) < 0)))
        best[left] = x;
    }
  }
  if (rc) return rc;
  s->e[a].stop[0] = best[0];
  s->e[a].stop[1] = best[1];
  s->e[a].has_stops = 1;
  return CGT_OK;
}

/* Both stops of a: numbers and nus values have their number. */
cgt_rc pg_stops(cg_store *s, cg_id a, cg_dyadic *ls, cg_dyadic *rs) {
  if (s->e[a].kind != K_GENERAL) return *ls = *rs = s->e[a].x, CGT_OK;
  if (!s->e[a].has_stops) {
    cgt_rc rc = cg_descend(s);
    if (rc) return rc;
    rc = stops_general(s, a);
    cg_ascend(s);
    if (rc) return rc;
  }
  *ls = s->e[a].stop[1];
  *rs = s->e[a].stop[0];
  return CGT_OK;
}

/* The left stop (left = 1) or right stop of a. */
cgt_rc cg_stop(cg_store *s, cg_id a, int left, cg_dyadic *out) {
  cg_dyadic l, r;
  cgt_rc rc = pg_stops(s, a, &l, &r);
  if (rc == CGT_OK) *out = left ? l : r;
  return rc;
}
