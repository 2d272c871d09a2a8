/* Infinitesimals, all-small games, temper, ordinal sums, cooling, heating. */
#include "palgebra.h"
#include "pmemo.h"

#include <string.h>

/* Copies of the options of g (cgt_free(*L) frees both). */
static cgt_rc options_copy(cg_store *s, cg_id g, cg_id **L, uint32_t *nl, cg_id **R, uint32_t *nr) {
  const cg_id *L0, *R0;
  cgt_rc rc = cg_options(s, g, &L0, nl, &R0, nr);
  if (rc) return rc;
  cg_id *a = cgt_malloc(((size_t)*nl + *nr + 1) * sizeof *a);
  if (!a) return CGT_NOMEM;
  if (*nl) memcpy(a, L0, *nl * sizeof *a);
  if (*nr) memcpy(a + *nl, R0, *nr * sizeof *a);
  *L = a;
  *R = a + *nl;
  return cg_work(s, (uint64_t)*nl + *nr + 1);
}

/* ---- predicates ---- */

cgt_rc cg_is_infinitesimal(cg_store *s, cg_id g, int *out) {
  cg_dyadic l, r, x;
  *out = 0;
  if (cg_is_number(s, g, &x)) {   /* 0 is: it lies strictly between every negative and every positive number */
    *out = cg_dyadic_is_zero(x);
    return CGT_OK;
  }
  cgt_rc rc = cg_stop(s, g, 1, &l);
  if (rc == CGT_OK) rc = cg_stop(s, g, 0, &r);
  if (rc == CGT_OK) *out = cg_dyadic_is_zero(l) && cg_dyadic_is_zero(r);
  return rc;
}

/* Bytes a follower holds here and as a row (its id, its memo entry at half
** load, and a short text). */
#define FOLLOWER_BYTES 48u

cgt_rc cg_followers(cg_store *s, cg_id g, cg_id **out, uint32_t *n) {
  cgt_stop *st = cg_store_get_stop(s);
  /* At least birthday + 1 followers (a chain of options from g down to 0),
  ** known at once: n has |n| + 1, *n n + 1, ^n more than n. */
  uint64_t b;
  cgt_rc brc = cg_birthday(s, g, &b);
  if (brc) return brc;
  if (b >= UINT32_MAX - 1 || cgt_stop_reserve(st, (b + 1) * FOLLOWER_BYTES)) {
    if (st) st->wanted = b >= UINT64_MAX / FOLLOWER_BYTES - 1 ? UINT64_MAX : (b + 1) * FOLLOWER_BYTES;
    return CGT_MEMORY;
  }
  cgt_stop_release(st, (b + 1) * FOLLOWER_BYTES);
  memo seen = {NULL, NULL, 0, 0};
  size_t cap = 0;
  uint64_t held = 0;
  cg_id *list = cgt_grow(NULL, &cap, 1, sizeof *list, 64), dummy;
  cgt_rc rc = list ? memo_put(&seen, g, 0) : CGT_NOMEM;
  uint32_t count = 0;
  if (rc == CGT_OK) list[count++] = g;
  for (uint32_t next = 0; rc == CGT_OK && next < count; next++) {   /* breadth first: the list is the queue */
    const cg_id *L, *R;
    uint32_t nl, nr;
    if ((rc = cg_options(s, list[next], &L, &nl, &R, &nr)) || (rc = cg_work(s, 1 + nl + nr))) break;
    for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) {
      cg_id y = i < nl ? L[i] : R[i - nl];
      if (memo_get(&seen, y, &dummy)) continue;
      if ((count & 1023) == 0) {   /* the followers' bytes, against the stop's memory */
        if (cgt_stop_reserve(st, 1024 * FOLLOWER_BYTES)) { rc = CGT_MEMORY; break; }
        held += 1024 * FOLLOWER_BYTES;
      }
      cg_id *grown = cgt_grow(list, &cap, (size_t)count + 1, sizeof *list, 64);
      if (!grown) rc = CGT_NOMEM;
      else list = grown, list[count++] = y, rc = memo_put(&seen, y, 0);
    }
  }
  memo_free(&seen);
  cgt_stop_release(st, held);
  if (rc) {
    cgt_free(list);
    return rc;
  }
  *out = list;
  *n = count;
  return CGT_OK;
}

cgt_rc cg_is_all_small(cg_store *s, cg_id g, int *out) {
  memo seen = {NULL, NULL, 0, 0};
  size_t top = 0, cap = 0;
  cg_id *stack = cgt_grow(NULL, &cap, 1, sizeof *stack, 64), dummy;
  cgt_rc rc = stack ? CGT_OK : CGT_NOMEM;
  *out = 1;
  if (rc == CGT_OK) stack[top++] = g, rc = memo_put(&seen, g, 0);
  while (rc == CGT_OK && top > 0 && *out) {
    cg_id x = stack[--top];
    cg_dyadic num;
    if ((rc = cg_work(s, 1))) break;
    if (cg_is_nus(s, x, &num, NULL, NULL)) {   /* ups and nimbers are all-small, other numbers not */
      if (!cg_dyadic_is_zero(num)) *out = 0;
      continue;
    }
    const cg_id *L, *R;
    uint32_t nl, nr;
    if ((rc = cg_options(s, x, &L, &nl, &R, &nr))) break;
    if (nl == 0 || nr == 0) {   /* not 0 (a nus), so one side lacks a move */
      *out = 0;
      break;
    }
    for (uint32_t i = 0; i < nl + nr && rc == CGT_OK; i++) {
      cg_id y = i < nl ? L[i] : R[i - nl];
      if (memo_get(&seen, y, &dummy)) continue;
      if ((rc = memo_put(&seen, y, 0))) break;
      cg_id *more = cgt_grow(stack, &cap, top + 1, sizeof *stack, 64);
      if (!more) {
        rc = CGT_NOMEM;
        break;
      }
      stack = more;
      stack[top++] = y;
    }
  }
  cgt_free(stack);
  memo_free(&seen);
  return rc;
}

/* 0 even, 1 odd, 2 neither (memo values). */
static cgt_rc temper(cg_store *s, memo *m, cg_id g, int *out) {
  cg_dyadic x;
  int64_t ups;
  uint32_t star;
  cg_id v;
  if (cg_is_nus(s, g, &x, &ups, &star)) {
    *out = ups == 0 && star == 0 ? 0 : ups == 0 && star == 1 ? 1 : 2;
    return CGT_OK;
  }
  if (memo_get(m, g, &v)) {
    *out = (int)v;
    return CGT_OK;
  }
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  cg_id *L = NULL, *R;
  uint32_t nl, nr;
  int even = 1, odd = 1;   /* every option odd / every option even so far */
  rc = options_copy(s, g, &L, &nl, &R, &nr);
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr && (even || odd); i++) {
    int t;
    rc = temper(s, m, L[i], &t);
    if (t != 1) even = 0;
    if (t != 0) odd = 0;
  }
  cgt_free(L);
  cg_ascend(s);
  if (rc) return rc;
  *out = even ? 0 : odd ? 1 : 2;
  return memo_put(m, g, (cg_id)*out);
}

cgt_rc cg_temper(cg_store *s, cg_id g, int *out) {
  memo m = {NULL, NULL, 0, 0};
  cgt_rc rc = temper(s, &m, g, out);
  memo_free(&m);
  if (rc == CGT_OK && *out == 2) *out = -1;
  return rc;
}

/* ---- transformations: one recursion over options, memoised ---- */

enum { ORDINAL, COOL, HEAT, OVERHEAT };

typedef struct xform {
  int kind;
  cg_store *s;
  cg_thermo *th;
  cg_id base;        /* ORDINAL: G */
  cg_dyadic t;       /* COOL */
  cg_id tid, ntid;   /* the temperature as a game, and its negative */
  cg_id sid;         /* OVERHEAT: the lower limit */
  memo m;
} xform;

static cgt_rc apply(xform *X, cg_id g, cg_id *out) {
  cg_store *s = X->s;
  cg_dyadic x;
  if (memo_get(&X->m, g, out)) return CGT_OK;
  cgt_rc rc = CGT_OK;
  int number = cg_is_number(s, g, &x);
  switch (X->kind) {
    case ORDINAL: break;
    case COOL:   /* an integer stays; G_t = the mean past G's temperature, else {GL_t - t | GR_t + t} */
      if (number && (cg_dyadic_is_integer(x) || cg_dyadic_sign(cg_store_bigs(s), X->t) >= 0)) {
        *out = g;
        return CGT_OK;
      } else {
        cg_dyadic mean, temp;   /* (a number's temperature is -1/2^k) */
        if ((rc = cg_thermograph(s, X->th, g, &mean, &temp))) return rc;
        if (cg_dyadic_cmp(cg_store_bigs(s), temp, X->t) < 0) return cg_number(s, mean, out);
      }
      break;
    case HEAT:
      if (number) {
        *out = g;
        return CGT_OK;
      }
      break;
    case OVERHEAT:
      if (number && cg_dyadic_is_integer(x)) {
        if (x.big) return CGT_RANGE;
        return cg_times(s, X->sid, x.num, out);
      }
      break;
  }
  if ((rc = cg_descend(s))) return rc;
  cg_id *L = NULL, *R;
  uint32_t nl, nr, ngl = 0, ngr = 0;
  cg_id *GL = NULL, *GR = NULL;
  rc = options_copy(s, X->kind == ORDINAL ? X->base : g, &GL, &ngl, &GR, &ngr);
  if (rc == CGT_OK && X->kind == ORDINAL) rc = options_copy(s, g, &L, &nl, &R, &nr);
  if (X->kind != ORDINAL) L = GL, R = GR, nl = ngl, nr = ngr, GL = NULL, ngl = ngr = 0;
  cg_id *nL = NULL, *nR = NULL;
  if (rc == CGT_OK) {
    nL = cgt_malloc(((size_t)ngl + nl + 1) * sizeof *nL);
    nR = cgt_malloc(((size_t)ngr + nr + 1) * sizeof *nR);
    if (!nL || !nR) rc = CGT_NOMEM;
  }
  if (rc == CGT_OK) {
    if (ngl) memcpy(nL, GL, ngl * sizeof *nL);
    if (ngr) memcpy(nR, GR, ngr * sizeof *nR);
  }
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) {
    int left = i < nl;
    cg_id y;
    rc = apply(X, left ? L[i] : R[i - nl], &y);
    if (rc == CGT_OK && X->kind != ORDINAL) {
      /* cooling subtracts t from Left's options; heating adds it */
      cg_id shift = (X->kind == COOL) == left ? X->ntid : X->tid;
      rc = cg_add(s, y, shift, &y);
    }
    if (rc == CGT_OK) {
      if (left) nL[ngl++] = y;
      else nR[ngr++] = y;
    }
  }
  if (rc == CGT_OK) rc = cg_game(s, nL, ngl, nR, ngr, out);
  cgt_free(GL);
  cgt_free(L);
  cgt_free(nL);
  cgt_free(nR);
  cg_ascend(s);
  if (rc == CGT_OK) rc = memo_put(&X->m, g, *out);
  return rc;
}

static cgt_rc run(xform *X, cg_id g, cg_id *out) {
  cgt_rc rc = CGT_OK;
  if (X->kind != ORDINAL) rc = cg_neg(X->s, X->tid, &X->ntid);
  if (rc == CGT_OK) rc = apply(X, g, out);
  memo_free(&X->m);
  return rc;
}

cgt_rc cg_ordinal_sum(cg_store *s, cg_id g, cg_id h, cg_id *out) {
  xform X = {ORDINAL, s, NULL, g, {0, 0, 0}, 0, 0, 0, {NULL, NULL, 0, 0}};
  return run(&X, h, out);
}

cgt_rc cg_cool(cg_store *s, cg_thermo *th, cg_id g, cg_dyadic t, cg_id *out) {
  cg_dyadic minus_one = {-1, 0, 0};
  if (cg_dyadic_cmp(cg_store_bigs(s), t, minus_one) < 0) return CGT_RANGE;
  if (cg_dyadic_is_zero(t)) {   /* the identity (also for nimbers too large to expand) */
    *out = g;
    return CGT_OK;
  }
  xform X = {COOL, s, th, 0, t, 0, 0, 0, {NULL, NULL, 0, 0}};
  cgt_rc rc = cg_number(s, t, &X.tid);
  return rc ? rc : run(&X, g, out);
}

cgt_rc cg_heat(cg_store *s, cg_id g, cg_id t, cg_id *out) {
  cg_dyadic x;
  if (cg_is_number(s, t, &x) && cg_dyadic_is_zero(x)) {   /* the identity */
    *out = g;
    return CGT_OK;
  }
  xform X = {HEAT, s, NULL, 0, {0, 0, 0}, t, 0, 0, {NULL, NULL, 0, 0}};
  return run(&X, g, out);
}

cgt_rc cg_overheat(cg_store *s, cg_id g, cg_id s0, cg_id t, cg_id *out) {
  xform X = {OVERHEAT, s, NULL, 0, {0, 0, 0}, t, 0, s0, {NULL, NULL, 0, 0}};
  return run(&X, g, out);
}

/* ---- atomic weight (CGSuite's CanonicalShortGame.atomicWeight) ---- */

typedef struct atomic {
  cg_store *s;
  memo naive, far;   /* naive atomic weights; far stars */
} atomic;

/* far_star of x + ups.^ + *m (ups != 0), in closed form: the canonical
** forms {x | x + (n-1).^ + *(m^1)} (and x^* = {x, x* | x}, downs the
** mirror image) meet no nimber but 0 when x != 0; for x = 0 the chain of
** Right options ends in ^* (whose * gives 2) when the nimber reaches 1 at
** one up, else in the nimber m ^ (n mod 2). */
static uint32_t nus_far_star(cg_dyadic x, int64_t ups, uint32_t m) {
  uint64_t n = ups < 0 ? (uint64_t)0 - (uint64_t)ups : (uint64_t)ups;
  if (!cg_dyadic_is_zero(x)) return 1;
  if ((m ^ (uint32_t)((n - 1) & 1)) == 1) return 2;
  return (m ^ (uint32_t)(n & 1)) + 1;
}

/* 1 + the largest nimber among the followers of g (at least 1): CGSuite's
** farStar.  Numbers give 1 (their only nimber follower is 0). */
static cgt_rc far_star(atomic *A, cg_id g, uint32_t *out) {
  cg_store *s = A->s;
  uint32_t n;
  cg_id v;
  if (cg_is_nimber(s, g, &n)) return *out = n + 1, CGT_OK;
  if (cg_is_number(s, g, NULL)) return *out = 1, CGT_OK;
  cg_dyadic x;
  int64_t ups;
  if (cg_is_nus(s, g, &x, &ups, &n)) return *out = nus_far_star(x, ups, n), CGT_OK;
  if (memo_get(&A->far, g, &v)) return *out = v, CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  cg_id *L = NULL, *R;
  uint32_t nl, nr;
  *out = 1;
  rc = options_copy(s, g, &L, &nl, &R, &nr);
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) {
    rc = far_star(A, L[i], &n);
    if (rc == CGT_OK && n > *out) *out = n;
  }
  cgt_free(L);
  cg_ascend(s);
  return rc ? rc : memo_put(&A->far, g, *out);
}

/* Left's bound of the eccentric case: the least integer n with n |> o (n
** not <= o), that is ceil(rightstop(o)), plus one when n <= o. */
static cgt_rc least_integer_above(cg_store *s, cg_id o, cg_dyadic *n) {
  cg_bigs *B = cg_store_bigs(s);
  cg_dyadic r, one = {1, 0, 0};
  cg_id nid;
  int le;
  cgt_rc rc = cg_stop(s, o, 0, &r);
  if (rc == CGT_OK) rc = cg_dyadic_neg(B, r, &r);
  if (rc == CGT_OK) rc = cg_dyadic_floor(B, r, &r);
  if (rc == CGT_OK) rc = cg_dyadic_neg(B, r, n);
  if (rc == CGT_OK) rc = cg_number(s, *n, &nid);
  if (rc == CGT_OK) rc = cg_le(s, nid, o, &le);
  if (rc == CGT_OK && le) rc = cg_dyadic_add(B, *n, one, n);
  return rc;
}

/* Right's bound: the greatest integer n with n <| o (o not <= n), that is
** floor(leftstop(o)), minus one when o <= n. */
static cgt_rc greatest_integer_below(cg_store *s, cg_id o, cg_dyadic *n) {
  cg_bigs *B = cg_store_bigs(s);
  cg_dyadic l, one = {1, 0, 0};
  cg_id nid;
  int le;
  cgt_rc rc = cg_stop(s, o, 1, &l);
  if (rc == CGT_OK) rc = cg_dyadic_floor(B, l, n);
  if (rc == CGT_OK) rc = cg_number(s, *n, &nid);
  if (rc == CGT_OK) rc = cg_le(s, o, nid, &le);
  if (rc == CGT_OK && le) rc = cg_dyadic_sub(B, *n, one, n);
  return rc;
}

/* CGSuite's naiveAtomicWeight: n for x + n.^ + *m; else
** G0 = {aw(G^L) - 2 | aw(G^R) + 2}, except that when G0 is an integer and g
** is strictly above or below the far star, the eccentric rule picks the
** greatest (least) integer that Right's (Left's) options allow. */
static cgt_rc naive_weight(atomic *A, cg_id g, cg_id *out) {
  cg_store *s = A->s;
  cg_bigs *B = cg_store_bigs(s);
  int64_t ups;
  if (cg_is_nus(s, g, NULL, &ups, NULL)) return cg_integer(s, ups, out);
  if (memo_get(&A->naive, g, out)) return CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  cg_id *L = NULL, *R, two, mtwo;
  uint32_t nl = 0, nr = 0;
  rc = options_copy(s, g, &L, &nl, &R, &nr);
  if (rc == CGT_OK) rc = cg_integer(s, 2, &two);
  if (rc == CGT_OK) rc = cg_integer(s, -2, &mtwo);
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) {
    rc = naive_weight(A, L[i], &L[i]);
    if (rc == CGT_OK) rc = cg_add(s, L[i], i < nl ? mtwo : two, &L[i]);
  }
  cg_id g0;
  cg_dyadic x;
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, &g0);
  if (rc == CGT_OK && cg_is_number(s, g0, &x) && cg_dyadic_is_integer(x)) {
    uint32_t fs;
    cg_id star;
    int le = 0, ge = 0;
    rc = far_star(A, g, &fs);
    if (rc == CGT_OK) rc = fs > CG_NIMBER_MAX ? CGT_RANGE : cg_nimber(s, fs, &star);
    if (rc == CGT_OK) rc = cg_le(s, g, star, &le);
    if (rc == CGT_OK) rc = cg_le(s, star, g, &ge);
    if (rc == CGT_OK && le != ge) {   /* strictly below (Left's bound) or above (Right's) the far star */
      uint32_t n = le ? nl : nr;
      const cg_id *opt = le ? L : R;
      cg_dyadic best = {0, 0, 0}, b;
      for (uint32_t i = 0; rc == CGT_OK && i < n; i++) {
        rc = le ? least_integer_above(s, opt[i], &b) : greatest_integer_below(s, opt[i], &b);
        if (rc == CGT_OK && (i == 0 || (cg_dyadic_cmp(B, b, best) > 0) == le)) best = b;
      }
      if (rc == CGT_OK) rc = cg_number(s, best, &g0);
    }
  }
  cgt_free(L);
  cg_ascend(s);
  if (rc == CGT_OK) *out = g0, rc = memo_put(&A->naive, g, g0);
  return rc;
}

/* The Norton product n.^ of a game n by ^: integers give n ups; else
** {n^L.^ + ^^* | n^R.^ - ^^*} (^^* = ^ plus ^'s one best incentive ^*). */
static cgt_rc norton_up(atomic *A, memo *m, cg_id n, cg_id *out) {
  cg_store *s = A->s;
  cg_dyadic x;
  if (cg_is_number(s, n, &x) && cg_dyadic_is_integer(x)) {
    if (x.big) return CGT_RANGE;
    return cg_nus(s, (cg_dyadic){0, 0, 0}, x.num, 0, out);
  }
  if (memo_get(m, n, out)) return CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  cg_id *L = NULL, *R, step, nstep;
  uint32_t nl = 0, nr = 0;
  rc = options_copy(s, n, &L, &nl, &R, &nr);
  if (rc == CGT_OK) rc = cg_nus(s, (cg_dyadic){0, 0, 0}, 2, 1, &step);
  if (rc == CGT_OK) rc = cg_neg(s, step, &nstep);
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) {
    rc = norton_up(A, m, L[i], &L[i]);
    if (rc == CGT_OK) rc = cg_add(s, L[i], i < nl ? step : nstep, &L[i]);
  }
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, out);
  cgt_free(L);
  cg_ascend(s);
  return rc ? rc : memo_put(m, n, *out);
}

/* CGSuite's atomicity test for a game that is not all-small: g differs from
** aw.^ by at most ^* plus the red kite *2^k : -1 (2^k >= the far star). */
static cgt_rc close_to_weight(atomic *A, cg_id g, cg_id aw, int *yes) {
  cg_store *s = A->s;
  memo m = {NULL, NULL, 0, 0};
  cg_id up_aw, diff, star, mone, kite, eps, neps;
  uint32_t fs, p = 2;
  int le1 = 0, le2 = 0;
  cgt_rc rc = norton_up(A, &m, aw, &up_aw);
  memo_free(&m);
  if (rc == CGT_OK) rc = cg_neg(s, up_aw, &diff);
  if (rc == CGT_OK) rc = cg_add(s, g, diff, &diff);
  if (rc == CGT_OK) rc = far_star(A, g, &fs);
  while (rc == CGT_OK && p < fs) p <<= 1;   /* fs <= 2^31: p stays within 32 bits */
  if (rc == CGT_OK) rc = p > CG_NIMBER_MAX ? CGT_RANGE : cg_nimber(s, p, &star);
  if (rc == CGT_OK) rc = cg_integer(s, -1, &mone);
  if (rc == CGT_OK) rc = cg_ordinal_sum(s, star, mone, &kite);
  if (rc == CGT_OK) rc = cg_nus(s, (cg_dyadic){0, 0, 0}, 1, 1, &eps);
  if (rc == CGT_OK) rc = cg_add(s, eps, kite, &eps);
  if (rc == CGT_OK) rc = cg_neg(s, eps, &neps);
  if (rc == CGT_OK) rc = cg_le(s, diff, eps, &le1);
  if (rc == CGT_OK) rc = cg_le(s, neps, diff, &le2);
  *yes = le1 && le2;
  return rc;
}

cgt_rc cg_atomic_weight(cg_store *s, cg_id g, cg_id *out, int *atomic_game) {
  cg_dyadic l, r;
  *atomic_game = 0;
  cgt_rc rc = cg_stop(s, g, 1, &l);
  if (rc == CGT_OK) rc = cg_stop(s, g, 0, &r);
  if (rc || !cg_dyadic_is_zero(l) || !cg_dyadic_is_zero(r)) return rc;   /* not infinitesimal (nor 0) */
  atomic A = {s, {NULL, NULL, 0, 0}, {NULL, NULL, 0, 0}};
  int small = 0;
  rc = naive_weight(&A, g, out);
  if (rc == CGT_OK) rc = cg_is_all_small(s, g, &small);
  if (rc == CGT_OK) {
    if (small) *atomic_game = 1;
    else rc = close_to_weight(&A, g, *out, atomic_game);
  }
  memo_free(&A.naive);
  memo_free(&A.far);
  return rc;
}

/* ---- reduced canonical form (CGSuite: starProjection(heat(g, *))) ---- */

/* CGSuite's star projection: numbers stay, x* becomes x, other games map
** their options. */
static cgt_rc star_projection(cg_store *s, memo *m, cg_id g, cg_id *out) {
  cg_dyadic x;
  int64_t ups;
  uint32_t star;
  if (cg_is_number(s, g, NULL)) return *out = g, CGT_OK;
  if (cg_is_nus(s, g, &x, &ups, &star) && ups == 0 && star == 1) return cg_number(s, x, out);
  if (memo_get(m, g, out)) return CGT_OK;
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  cg_id *L = NULL, *R;
  uint32_t nl = 0, nr = 0;
  rc = options_copy(s, g, &L, &nl, &R, &nr);
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) rc = star_projection(s, m, L[i], &L[i]);
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, out);
  cgt_free(L);
  cg_ascend(s);
  return rc ? rc : memo_put(m, g, *out);
}

cgt_rc cg_rcf(cg_store *s, cg_id g, cg_id *out) {
  cg_dyadic x;
  if (cg_is_nus(s, g, &x, NULL, NULL)) return cg_number(s, x, out);
  cg_id star, hot;
  cgt_rc rc = cg_nimber(s, 1, &star);
  if (rc == CGT_OK) rc = cg_heat(s, g, star, &hot);
  if (rc) return rc;
  memo m = {NULL, NULL, 0, 0};
  rc = star_projection(s, &m, hot, out);
  memo_free(&m);
  return rc;
}

/* ---- incentives ---- */

cgt_rc cg_incentives(cg_store *s, cg_id g, int left, cg_id **out, uint32_t *n) {
  cg_id *L = NULL, *R;
  uint32_t nl = 0, nr = 0, k = 0;
  *out = NULL;
  *n = 0;
  cgt_rc rc = options_copy(s, g, &L, &nl, &R, &nr);
  if (rc) return cgt_free(L), rc;
  cg_id *opt = left ? L : R, neg;
  uint32_t m = left ? nl : nr;
  if (left) rc = cg_neg(s, g, &neg);
  /* GL - G for Left, G - GR for Right: the larger, the better for the mover */
  for (uint32_t i = 0; rc == CGT_OK && i < m; i++) {
    if (left) rc = cg_add(s, opt[i], neg, &opt[i]);
    else if ((rc = cg_neg(s, opt[i], &neg)) == CGT_OK) rc = cg_add(s, g, neg, &opt[i]);
  }
  /* keep the distinct incentives that no other one dominates (CGSuite's) */
  for (uint32_t i = 0; rc == CGT_OK && i < m; i++) {
    int dominated = 0;
    for (uint32_t j = 0; rc == CGT_OK && j < m && !dominated; j++) {
      if (opt[j] == opt[i]) dominated = j < i;   /* a repeat of an earlier one */
      else if ((rc = cg_work(s, 1)) == CGT_OK) rc = cg_le(s, opt[i], opt[j], &dominated);   /* nimbers compare free */
    }
    if (rc == CGT_OK && !dominated) opt[k++] = opt[i];
  }
  if (rc == CGT_OK && left) *out = L, *n = k;
  else if (rc == CGT_OK) {
    memmove(L, R, k * sizeof *L);
    *out = L, *n = k;
  } else cgt_free(L);
  return rc;
}
