/* Infinitesimals, all-small games, temper, ordinal sums, cooling, heating. */
#include "palgebra.h"

#include <string.h>

/* ---- a map from game ids to game ids (memo of one call) ---- */

typedef struct memo {
  cg_id *key, *val;   /* key UINT32_MAX: empty */
  uint32_t mask, count;
} memo;

static void memo_free(memo *m) {
  cgt_free(m->key);
  cgt_free(m->val);
}

static int memo_get(const memo *m, cg_id k, cg_id *v) {
  if (!m->key) return 0;
  for (uint32_t i = (k * 2654435761u) & m->mask;; i = (i + 1) & m->mask) {
    if (m->key[i] == UINT32_MAX) return 0;
    if (m->key[i] == k) {
      *v = m->val[i];
      return 1;
    }
  }
}

static cgt_rc memo_put(memo *m, cg_id k, cg_id v) {
  if (!m->key || 2 * ((size_t)m->count + 1) > (size_t)m->mask + 1) {
    size_t cap = m->key ? 2 * ((size_t)m->mask + 1) : 64;
    if (cap > ((size_t)1 << 31)) return CGT_TOOBIG;
    memo bigger = {cgt_malloc(cap * sizeof(cg_id)), cgt_malloc(cap * sizeof(cg_id)), (uint32_t)(cap - 1), 0};
    if (!bigger.key || !bigger.val) {
      memo_free(&bigger);
      return CGT_NOMEM;
    }
    memset(bigger.key, 0xff, cap * sizeof(cg_id));
    for (uint32_t i = 0; m->key && i <= m->mask; i++)
      if (m->key[i] != UINT32_MAX) memo_put(&bigger, m->key[i], m->val[i]);
    memo_free(m);
    *m = bigger;
  }
  uint32_t i = (k * 2654435761u) & m->mask;
  while (m->key[i] != UINT32_MAX && m->key[i] != k) i = (i + 1) & m->mask;
  if (m->key[i] == UINT32_MAX) m->count++;
  m->key[i] = k;
  m->val[i] = v;
  return CGT_OK;
}

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
  cg_dyadic l, r;
  *out = 0;
  if (cg_is_number(s, g, NULL)) return CGT_OK;
  cgt_rc rc = cg_stop(s, g, 1, &l);
  if (rc == CGT_OK) rc = cg_stop(s, g, 0, &r);
  if (rc == CGT_OK) *out = cg_dyadic_is_zero(l) && cg_dyadic_is_zero(r);
  return rc;
}

cgt_rc cg_is_all_small(cg_store *s, cg_id g, int *out) {
  memo seen = {NULL, NULL, 0, 0};
  cg_id *stack = cgt_malloc(64 * sizeof *stack), dummy;
  size_t top = 0, cap = 64;
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
      if (top == cap) {
        cg_id *more = cgt_realloc(stack, 2 * cap * sizeof *stack);
        if (!more) {
          rc = CGT_NOMEM;
          break;
        }
        stack = more;
        cap *= 2;
      }
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

/* n copies of x (n of any sign), by doubling. */
static cgt_rc times(cg_store *s, cg_id x, int64_t n, cg_id *out) {
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

static cgt_rc apply(xform *X, cg_id g, cg_id *out) {
  cg_store *s = X->s;
  cg_dyadic x;
  if (memo_get(&X->m, g, out)) return CGT_OK;
  cgt_rc rc = CGT_OK;
  int number = cg_is_number(s, g, &x);
  switch (X->kind) {
    case ORDINAL: break;
    case COOL:
    case HEAT:
      if (number) {
        *out = g;
        return CGT_OK;
      }
      if (X->kind == COOL) {
        cg_dyadic mean, temp;
        if ((rc = cg_thermograph(s, X->th, g, &mean, &temp))) return rc;
        if (cg_dyadic_cmp(cg_store_bigs(s), temp, X->t) < 0) return cg_number(s, mean, out);
      }
      break;
    case OVERHEAT:
      if (number && cg_dyadic_is_integer(x)) {
        if (x.big) return CGT_RANGE;
        return times(s, X->sid, x.num, out);
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
  if (cg_dyadic_sign(cg_store_bigs(s), t) < 0) return CGT_RANGE;
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
