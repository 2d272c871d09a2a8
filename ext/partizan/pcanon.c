/* Canonical forms (pgame.h): dominated options removed, reversible ones
** bypassed, numbers and nus values recognised, then interned. */
#include "pstore.h"

#include <stdlib.h>
#include <string.h>

/* ---- canonical forms ---- */

int pg_list_push(pg_list *l, cg_id x) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? 2 * l->cap : 8;
    if (cap <= l->cap) return 0;
    cg_id *v = cgt_realloc(l->v, cap * sizeof *v);
    if (!v) return 0;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = x;
  return 1;
}

static int cmp_id(const void *a, const void *b) {
  cg_id x = *(const cg_id *)a, y = *(const cg_id *)b;
  return (x > y) - (x < y);
}

static void sort_unique(pg_list *l) {
  if (l->n < 2) return;
  qsort(l->v, l->n, sizeof *l->v, cmp_id);
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++)
    if (k == 0 || l->v[k - 1] != l->v[i]) l->v[k++] = l->v[i];
  l->n = k;
}

/* The game G = {L | R} under construction, and its stops when they are
** known: LS' = max RS(G^L), RS' = min LS(G^R) are its stops unless G is a
** number v, and then LS' <= v <= RS'; so when LS' >= RS' they are. */
typedef struct cand {
  const pg_list *L, *R;
  int has_stops;
  cg_dyadic ls, rs;
} cand;

static cgt_rc cand_stops(cg_store *s, cand *g) {
  g->has_stops = 0;
  if (g->L->n == 0 || g->R->n == 0) return CGT_OK;
  for (uint32_t i = 0; i < g->L->n + g->R->n; i++) {
    int left = i < g->L->n;
    cg_dyadic l, r;
    cgt_rc rc = pg_stops(s, left ? g->L->v[i] : g->R->v[i - g->L->n], &l, &r);
    if (rc) return rc;
    if (left && (i == 0 || cg_dyadic_cmp(s->bigs, r, g->ls) > 0)) g->ls = r;
    if (!left && (i == g->L->n || cg_dyadic_cmp(s->bigs, l, g->rs) < 0)) g->rs = l;
  }
  g->has_stops = cg_dyadic_cmp(s->bigs, g->ls, g->rs) >= 0;
  return CGT_OK;
}

/* Settles x <= G (x_le = 1) or G <= x from the stops when it can, as
** pg_decide_by_stops does. */
static cgt_rc cand_by_stops(cg_store *s, const cand *g, cg_id x, int x_le, int *known, int *res) {
  *known = 0;
  if (!g->has_stops) return CGT_OK;
  cg_dyadic lx, rx;
  cgt_rc rc = pg_stops(s, x, &lx, &rx);
  if (rc) return rc;
  *known = x_le ? pg_decide_by_stops(s->bigs, lx, rx, g->ls, g->rs, res)
                : pg_decide_by_stops(s->bigs, g->ls, g->rs, lx, rx, res);
  return CGT_OK;
}

static cgt_rc g_le_x(cg_store *s, const cand *g, cg_id y, int *res);

/* x <= G: no x^L >= G and no G^R <= x. */
static cgt_rc x_le_g(cg_store *s, cg_id x, const cand *g, int *res) {
  int known;
  cgt_rc rc = cand_by_stops(s, g, x, 1, &known, res);
  if (rc || known) return rc;
  if ((rc = cg_descend(s))) return rc;
  rc = pg_ensure_options(s, x);
  int r = 0, le = 1;
  uint32_t i = 0, j = 0;
  for (; le && rc == CGT_OK && i < g->R->n; i++)
    if ((rc = cg_le(s, g->R->v[i], x, &r)) == CGT_OK && r) le = 0;
  for (; le && rc == CGT_OK && j < s->e[x].nl; j++)
    if ((rc = g_le_x(s, g, pg_left_opt(s, x, j), &r)) == CGT_OK && r) le = 0;
  if (rc == CGT_OK) rc = cg_work(s, (uint64_t)i + j);   /* (closed-form comparisons charge nothing) */
  cg_ascend(s);
  *res = le;
  return rc;
}

/* G <= y: no G^L >= y and no y^R <= G. */
static cgt_rc g_le_x(cg_store *s, const cand *g, cg_id y, int *res) {
  int known;
  cgt_rc rc = cand_by_stops(s, g, y, 0, &known, res);
  if (rc || known) return rc;
  if ((rc = cg_descend(s))) return rc;
  rc = pg_ensure_options(s, y);
  int r = 0, le = 1;
  uint32_t i = 0, j = 0;
  for (; le && rc == CGT_OK && i < g->L->n; i++)
    if ((rc = cg_le(s, y, g->L->v[i], &r)) == CGT_OK && r) le = 0;
  for (; le && rc == CGT_OK && j < s->e[y].nr; j++)
    if ((rc = x_le_g(s, pg_right_opt(s, y, j), g, &r)) == CGT_OK && r) le = 0;
  if (rc == CGT_OK) rc = cg_work(s, (uint64_t)i + j);
  cg_ascend(s);
  *res = le;
  return rc;
}

/* 1 when a is x + *k for some number x and k (no ups). */
static int number_star(const cg_store *s, cg_id a) { return s->e[a].kind != K_GENERAL && s->e[a].ups == 0; }

/* Removes options dominated by another: for Left the smaller (<=), for Right
** the larger.  Numbers are totally ordered, so all but the best number go
** first, in one pass. */
static cgt_rc drop_dominated(cg_store *s, pg_list *l, int is_left) {
  int64_t best = -1;
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++) {
    const entry *e = &s->e[l->v[i]];
    if (e->kind == K_NUMBER) {
      int c = best < 0 ? 1 : cg_dyadic_cmp(s->bigs, e->x, s->e[l->v[best]].x);
      if (best >= 0 && (is_left ? c <= 0 : c >= 0)) continue;
      if (best >= 0) {
        l->v[best] = l->v[i];
        continue;
      }
      best = k;
    }
    l->v[k++] = l->v[i];
  }
  l->n = k;
  /* x + *a and x + *b (a != b) are incomparable: a side of only those keeps them all */
  uint32_t same = 0;
  while (same < l->n && number_star(s, l->v[same]) && cg_dyadic_eq(s->e[l->v[same]].x, s->e[l->v[0]].x)) same++;
  if (same == l->n) return cg_work(s, l->n);
  for (uint32_t i = 0; i < l->n; i++) {
    cgt_rc rc = cg_work(s, l->n);
    if (rc) return rc;
    for (uint32_t j = 0; j < l->n; j++) {
      if (i == j) continue;
      int r;
      rc = is_left ? cg_le(s, l->v[i], l->v[j], &r) : cg_le(s, l->v[j], l->v[i], &r);
      if (rc) return rc;
      if (r) {   /* i is dominated by j (ids differ, so not equal) */
        l->v[i] = l->v[--l->n];
        i--;
        break;
      }
    }
  }
  return CGT_OK;
}

/* Bypasses one reversible option; *changed says whether one was found.  A
** Left option A is reversible through A^R <= G: A is replaced by the Left
** options of A^R (Right options symmetrically). */
static cgt_rc bypass_one(cg_store *s, pg_list *L, pg_list *R, int is_left, int *changed) {
  pg_list *l = is_left ? L : R;
  cand g = {L, R, 0, {0, 0, 0}, {0, 0, 0}};
  cgt_rc src = cand_stops(s, &g);
  if (src) return src;
  for (uint32_t i = 0; i < l->n; i++) {
    cg_id a = l->v[i];
    cgt_rc rc = pg_ensure_options(s, a);
    if (rc) return rc;
    uint32_t n = is_left ? s->e[a].nr : s->e[a].nl;
    for (uint32_t k = 0; k < n; k++) {
      cg_id via = is_left ? pg_right_opt(s, a, k) : pg_left_opt(s, a, k);
      int r;
      rc = is_left ? x_le_g(s, via, &g, &r) : g_le_x(s, &g, via, &r);
      if (rc) return rc;
      if (!r) continue;
      if ((rc = pg_ensure_options(s, via)) != CGT_OK) return rc;
      l->v[i] = l->v[--l->n];
      uint32_t m = is_left ? s->e[via].nl : s->e[via].nr;
      for (uint32_t j = 0; j < m; j++)
        if (!pg_list_push(l, is_left ? pg_left_opt(s, via, j) : pg_right_opt(s, via, j))) return CGT_NOMEM;
      sort_unique(l);
      *changed = 1;
      return CGT_OK;
    }
  }
  *changed = 0;
  return CGT_OK;
}

/* The nus parts of a (0 when it is a general game). */
static int parts(const cg_store *s, cg_id a, cg_dyadic *x, int64_t *ups, uint32_t *star) {
  return cg_is_nus(s, a, x, ups, star);
}

/* Recognises {L|R} (canonical lists) as a number or x + n.^ + *k: exactly
** the option lists that number_options and nus_options make. */
static cgt_rc recognise(cg_store *s, const pg_list *L, const pg_list *R, cg_id *out, int *found) {
  *found = 1;
  cg_dyadic a, b, one = {1, 0, 0};
  int64_t u;
  uint32_t k;
  cg_bigs *B = s->bigs;
  cgt_rc rc;
  if (L->n == 0 && R->n == 0) return cg_integer(s, 0, out);
  if (L->n == 1 && R->n == 0 && cg_is_number(s, L->v[0], &a) && a.exp == 0 && cg_dyadic_sign(B, a) >= 0)
    return (rc = cg_dyadic_add(B, a, one, &a)) ? rc : cg_number(s, a, out);
  if (L->n == 0 && R->n == 1 && cg_is_number(s, R->v[0], &b) && b.exp == 0 && cg_dyadic_sign(B, b) <= 0)
    return (rc = cg_dyadic_sub(B, b, one, &b)) ? rc : cg_number(s, b, out);
  if (L->n == 1 && R->n == 1 && cg_is_number(s, L->v[0], &a) && cg_is_number(s, R->v[0], &b) &&
      cg_dyadic_cmp(B, a, b) < 0)
    return (rc = cg_dyadic_simplest_between(B, a, b, &a)) ? rc : cg_number(s, a, out);
  /* x + *m: L = R = {x + *0, ..., x + *(m-1)} */
  if (L->n == R->n && L->n > 0 && memcmp(L->v, R->v, L->n * sizeof *L->v) == 0 && parts(s, L->v[0], &a, &u, &k)) {
    uint32_t m = L->n, seen = 0;
    uint8_t *hit = cgt_calloc(m, 1);
    if (!hit) return CGT_NOMEM;
    for (uint32_t i = 0; i < m; i++) {
      cg_dyadic y;
      if (!parts(s, L->v[i], &y, &u, &k) || u != 0 || k >= m || hit[k] || !cg_dyadic_eq(y, a)) break;
      hit[k] = 1;
      seen++;
    }
    cgt_free(hit);
    if (seen == m) return cg_nus(s, a, 0, m, out);
  }
  /* x + ^* = {x, x* | x} and x + v* = {x | x, x*} */
  if (L->n + R->n == 3 && L->n && R->n) {
    const pg_list *two = L->n == 2 ? L : R, *lone = L->n == 2 ? R : L;
    cg_id star_id;
    if (cg_is_number(s, lone->v[0], &a) && (two->v[0] == lone->v[0] || two->v[1] == lone->v[0]) &&
        (rc = cg_nus(s, a, 0, 1, &star_id)) == CGT_OK && (two->v[0] == star_id || two->v[1] == star_id))
      return cg_nus(s, a, L->n == 2 ? 1 : -1, 1, out);
  }
  /* x + n.^ *k = {x | x + (n-1).^ *(k^1)} for n >= 1, and negatives */
  if (L->n == 1 && R->n == 1) {
    cg_dyadic y;
    if (cg_is_number(s, L->v[0], &a) && parts(s, R->v[0], &y, &u, &k) && u >= 0 && (u || k) &&
        cg_dyadic_eq(a, y) && u < CG_UPS_MAX)
      return cg_nus(s, a, u + 1, k ^ 1, out);
    if (cg_is_number(s, R->v[0], &a) && parts(s, L->v[0], &y, &u, &k) && u <= 0 && (u || k) &&
        cg_dyadic_eq(a, y) && u > -CG_UPS_MAX)
      return cg_nus(s, a, u - 1, k ^ 1, out);
  }
  *found = 0;
  return CGT_OK;
}

/* Interns canonical lists as a general game (or finds it). */
static cgt_rc intern_general(cg_store *s, const pg_list *L, const pg_list *R, cg_id *out) {
  uint64_t h = pg_hash_lists(L->v, L->n, R->v, R->n);
  for (size_t j = s->slot ? (h & s->slot_mask) : 0; s->slot && s->slot[j]; j = (j + 1) & s->slot_mask) {
    const entry *e = &s->e[s->slot[j] - 1];
    if (e->hash == h && e->kind == K_GENERAL && e->nl == L->n && e->nr == R->n &&
        (L->n == 0 || memcmp(s->opt + e->off, L->v, L->n * sizeof *L->v) == 0) &&
        (R->n == 0 || memcmp(s->opt + e->off + e->nl, R->v, R->n * sizeof *R->v) == 0)) {
      *out = s->slot[j] - 1;
      return CGT_OK;
    }
  }
  uint32_t id, off = (uint32_t)s->nopt;
  if (s->nopt + L->n + R->n > CG_OPTION_IDS_MAX) return CGT_LIMIT;
  cgt_rc rc = pg_push_options(s, L->v, L->n);
  if (rc == CGT_OK) rc = pg_push_options(s, R->v, R->n);
  if (rc == CGT_OK) rc = pg_new_entry(s, &id);
  if (rc) {
    s->nopt = off;
    return rc;
  }
  entry *e = &s->e[id];
  e->kind = K_GENERAL;
  e->off = off;
  e->nl = L->n;
  e->nr = R->n;
  pg_index_id(s, h, id);
  *out = id;
  return CGT_OK;
}

/* Among the options x + *k of l (numbers too), those whose number is not
** the best one (Left's largest, Right's smallest) go: x + *k < y + *j
** whenever x < y, whatever k and j.  A linear pass, where drop_dominated
** compares every pair (a side of many nimbers is common: *n, Hackenbush
** strings with green edges). */
static void drop_lesser_numbers(cg_store *s, pg_list *l, int is_left) {
  int64_t best = -1;
  for (uint32_t i = 0; i < l->n; i++) {
    if (!number_star(s, l->v[i])) continue;
    int c = best < 0 ? 1 : cg_dyadic_cmp(s->bigs, s->e[l->v[i]].x, s->e[l->v[best]].x);
    if (is_left ? c > 0 : c < 0) best = i;
  }
  if (best < 0) return;
  cg_dyadic x = s->e[l->v[best]].x;
  uint32_t k = 0;
  for (uint32_t i = 0; i < l->n; i++)
    if (!number_star(s, l->v[i]) || cg_dyadic_eq(s->e[l->v[i]].x, x)) l->v[k++] = l->v[i];
  l->n = k;
}

/* {x + *a, ... | x + *a, ...}, the same options on both sides, all of one
** number x: x + *m, m the least k not among them (Sprague-Grundy, moved by
** x; when m is 0, x is the only number between the sides).  The options
** are incomparable, so none is dominated or reversible, and the search
** over them is skipped. */
static cgt_rc nimber_shift(cg_store *s, const pg_list *L, const pg_list *R, cg_id *out, int *found) {
  *found = 0;
  if (L->n == 0 || L->n != R->n || memcmp(L->v, R->v, L->n * sizeof *L->v) != 0) return CGT_OK;
  cg_dyadic x = s->e[L->v[0]].x;
  for (uint32_t i = 0; i < L->n; i++)
    if (!number_star(s, L->v[i]) || !cg_dyadic_eq(s->e[L->v[i]].x, x)) return CGT_OK;
  uint8_t *hit = cgt_calloc((size_t)L->n + 1, 1);
  if (!hit) return CGT_NOMEM;
  for (uint32_t i = 0; i < L->n; i++)
    if (s->e[L->v[i]].star <= L->n) hit[s->e[L->v[i]].star] = 1;
  uint32_t m = 0;
  while (hit[m]) m++;
  cgt_free(hit);
  *found = 1;
  return cg_nus(s, x, 0, m, out);
}

/* The last step of making {L | R} from canonical option lists (after rc
** so far): sorted, recognised as a number, up or nimber, else interned;
** frees the lists. */
static cgt_rc settle(cg_store *s, pg_list *L, pg_list *R, cgt_rc rc, cg_id *out) {
  sort_unique(L);
  sort_unique(R);
  int found = 0;
  if (rc == CGT_OK) rc = recognise(s, L, R, out, &found);
  if (rc == CGT_OK && !found) rc = intern_general(s, L, R, out);
  cgt_free(L->v);
  cgt_free(R->v);
  return rc;
}

/* The canonical form of {Lin | Rin}.  undominated says that no option is
** dominated by another on its side (the options of a canonical game moved
** by a number, or negated): the first search for dominated options, which
** compares every pair, is skipped; after a reversible option is bypassed
** the search runs as usual. */
cgt_rc pg_make_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, int undominated,
                    cg_id *out) {
  pg_list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = cg_work(s, (uint64_t)nl + nr);
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = pg_list_push(&L, Lin[i]) ? CGT_OK : CGT_NOMEM;
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = pg_list_push(&R, Rin[i]) ? CGT_OK : CGT_NOMEM;
  sort_unique(&L);
  sort_unique(&R);
  drop_lesser_numbers(s, &L, 1);
  drop_lesser_numbers(s, &R, 0);
  int shifted = 0;
  if (rc == CGT_OK) rc = nimber_shift(s, &L, &R, out, &shifted);
  if (rc || shifted) {
    cgt_free(L.v);
    cgt_free(R.v);
    return rc;
  }
  for (int changed = 1, first = 1; rc == CGT_OK && changed; first = 0) {
    if (!(first && undominated)) {
      rc = drop_dominated(s, &L, 1);
      if (rc == CGT_OK) rc = drop_dominated(s, &R, 0);
    }
    if (rc == CGT_OK) rc = bypass_one(s, &L, &R, 1, &changed);
    if (rc == CGT_OK && !changed) rc = bypass_one(s, &L, &R, 0, &changed);
  }
  return settle(s, &L, &R, rc, out);
}

cgt_rc cg_game(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, cg_id *out) {
  return pg_make_game(s, Lin, nl, Rin, nr, 0, out);
}

/* {L | R} from lists known to be canonical (a canonical game's options,
** such as one imported from another store): nothing is compared, so the
** work is the same whatever the store holds. */
cgt_rc cg_game_canonical(cg_store *s, const cg_id *Lin, uint32_t nl, const cg_id *Rin, uint32_t nr, cg_id *out) {
  pg_list L = {NULL, 0, 0}, R = {NULL, 0, 0};
  cgt_rc rc = cg_work(s, (uint64_t)nl + nr);
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = pg_list_push(&L, Lin[i]) ? CGT_OK : CGT_NOMEM;
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = pg_list_push(&R, Rin[i]) ? CGT_OK : CGT_NOMEM;
  return settle(s, &L, &R, rc, out);
}
