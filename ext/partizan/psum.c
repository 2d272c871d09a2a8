/* Sums, negatives and birthdays of games (pgame.h). */
#include "pstore.h"

/* ---- sums and negatives ---- */

static cgt_rc neg_general(cg_store *s, cg_id a, cg_id *out) {
  uint32_t memo = pg_map_get(&s->neg, a);
  if (memo) return *out = memo - 1, CGT_OK;
  pg_list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[a].nr; i++) {
    cg_id o;
    if ((rc = cg_neg(s, pg_right_opt(s, a, i), &o)) == CGT_OK && !pg_list_push(&L, o)) rc = CGT_NOMEM;
  }
  for (uint32_t i = 0; rc == CGT_OK && i < s->e[a].nl; i++) {
    cg_id o;
    if ((rc = cg_neg(s, pg_left_opt(s, a, i), &o)) == CGT_OK && !pg_list_push(&R, o)) rc = CGT_NOMEM;
  }
  /* -a^R <= -b^R iff a^R >= b^R: canonical a has no dominated options */
  if (rc == CGT_OK) rc = pg_make_game(s, L.v, L.n, R.v, R.n, 1, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && (!pg_map_put(&s->neg, a, *out + 1, s->stop) || !pg_map_put(&s->neg, *out, a + 1, s->stop))) rc = CGT_NOMEM;
  return rc;
}

cgt_rc cg_neg(cg_store *s, cg_id a, cg_id *out) {
  const entry *e = &s->e[a];
  if (e->kind != K_GENERAL) {
    cg_dyadic x;
    int64_t ups = e->ups;
    uint32_t star = e->star;
    cgt_rc rc = cg_dyadic_neg(s->bigs, e->x, &x);
    return rc ? rc : cg_nus(s, x, -ups, star, out);
  }
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = neg_general(s, a, out);
  cg_ascend(s);
  return rc;
}

/* Adds b to each option of a on one side (into l). */
static cgt_rc add_each(cg_store *s, cg_id a, int is_left, cg_id b, pg_list *l) {
  cgt_rc rc = pg_ensure_options(s, a);
  uint32_t n = is_left ? s->e[a].nl : s->e[a].nr;
  for (uint32_t i = 0; rc == CGT_OK && i < n; i++) {
    cg_id o;
    rc = cg_add(s, is_left ? pg_left_opt(s, a, i) : pg_right_opt(s, a, i), b, &o);
    if (rc == CGT_OK && !pg_list_push(l, o)) rc = CGT_NOMEM;
  }
  return rc;
}

static cgt_rc add_general(cg_store *s, cg_id a, cg_id b, cg_id *out) {
  uint64_t key = (uint64_t)a << 32 | b;
  uint32_t memo = pg_map_get(&s->add, key);
  if (memo) return *out = memo - 1, CGT_OK;
  pg_list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  /* Number avoidance: with a number, only the other part's moves count. */
  int a_num = cg_is_number(s, a, NULL), b_num = cg_is_number(s, b, NULL);
  cgt_rc rc = CGT_OK;
  if (!a_num) rc = add_each(s, a, 1, b, &L);
  if (rc == CGT_OK && !b_num) rc = add_each(s, b, 1, a, &L);
  if (rc == CGT_OK && !a_num) rc = add_each(s, a, 0, b, &R);
  if (rc == CGT_OK && !b_num) rc = add_each(s, b, 0, a, &R);
  /* x + A <= x + B iff A <= B: a canonical game moved by a number x has
  ** no dominated options (only when exactly one part is a number) */
  if (rc == CGT_OK) rc = pg_make_game(s, L.v, L.n, R.v, R.n, a_num != b_num, out);
  cgt_free(L.v);
  cgt_free(R.v);
  if (rc == CGT_OK && !pg_map_put(&s->add, key, *out + 1, s->stop)) rc = CGT_NOMEM;
  return rc;
}

cgt_rc cg_add(cg_store *s, cg_id a, cg_id b, cg_id *out) {
  const entry *ea = &s->e[a], *eb = &s->e[b];
  if (ea->kind != K_GENERAL && eb->kind != K_GENERAL) {
    cg_dyadic x;
    int64_t ups;
    uint32_t star = ea->star ^ eb->star;
    if (__builtin_add_overflow(ea->ups, eb->ups, &ups)) return CGT_RANGE;
    cgt_rc rc = cg_dyadic_add(s->bigs, ea->x, eb->x, &x);
    return rc ? rc : cg_nus(s, x, ups, star, out);
  }
  if (ea->kind == K_NUMBER && cg_dyadic_is_zero(ea->x)) return *out = b, CGT_OK;
  if (eb->kind == K_NUMBER && cg_dyadic_is_zero(eb->x)) return *out = a, CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = a < b ? add_general(s, a, b, out) : add_general(s, b, a, out);
  cg_ascend(s);
  return rc;
}

/* ---- birthdays and stops ---- */

/* The birthday of n.^ *k (n >= 0): *k is born on day k, ^ and ^* on day 2,
** ^*k (k >= 2) = {0 | *(k^1)} on day 1 + (k^1), n.^ *k = {0 | (n-1).^ *(k^1)}
** a day after (n-1).^ *(k^1). */
static uint64_t infinitesimal_birthday(uint64_t n, uint32_t k) {
  if (n == 0) return k;
  uint32_t k1 = k ^ (uint32_t)((n - 1) & 1);   /* the star of the 1.^ at the bottom */
  return (n - 1) + (k1 == 1 ? 2 : 1 + (uint64_t)(k1 ^ 1));
}

static cgt_rc birthday_general(cg_store *s, cg_id a, uint64_t *b) {
  uint64_t best = 0;
  for (uint32_t i = 0; i < s->e[a].nl + s->e[a].nr; i++) {
    uint64_t d;
    cgt_rc rc = cg_birthday(s, s->opt[s->e[a].off + i], &d);
    if (rc) return rc;
    if (d + 1 > best) best = d + 1;
  }
  *b = best;
  return CGT_OK;
}

cgt_rc cg_times(cg_store *s, cg_id x, int64_t n, cg_id *out) {   /* by doubling */
  cgt_rc rc = CGT_OK;
  cg_id acc, p = x;
  if ((rc = cg_integer(s, 0, &acc))) return rc;
  if (n < 0 && (rc = cg_neg(s, x, &p))) return rc;
  uint64_t k = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
  while (k && rc == CGT_OK) {
    if (k & 1) rc = cg_add(s, acc, p, &acc);
    k >>= 1;
    if (k && rc == CGT_OK) rc = cg_add(s, p, p, &p);
  }
  if (rc == CGT_OK) *out = acc;
  return rc;
}

cgt_rc cg_birthday(cg_store *s, cg_id a, uint64_t *b) {
  const entry *e = &s->e[a];
  if (e->birthday != NO_BIRTHDAY) return *b = e->birthday, CGT_OK;
  cgt_rc rc;
  if (e->kind != K_GENERAL) {   /* translation by a number adds its birthday */
    uint64_t day;
    uint64_t n = e->ups < 0 ? (uint64_t)0 - (uint64_t)e->ups : (uint64_t)e->ups;
    if ((rc = cg_dyadic_birthday(s->bigs, e->x, &day))) return rc;
    if (__builtin_add_overflow(day, infinitesimal_birthday(n, e->star), &day) || day > (uint64_t)INT64_MAX)
      return CGT_RANGE;
    *b = day;
  } else {
    if ((rc = cg_descend(s))) return rc;
    rc = birthday_general(s, a, b);
    cg_ascend(s);
    if (rc) return rc;
  }
  s->e[a].birthday = *b;
  return CGT_OK;
}
