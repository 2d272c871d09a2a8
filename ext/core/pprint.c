/* Printing canonical games in CGSuite's notation; see pnotation.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnotation.h"

typedef struct text {
  char *p;
  size_t n, cap;
  int oom;
} text;

static void put(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (len < 0 || t->oom) return;
  if (t->n + (size_t)len + 1 > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 64;
    while (cap < t->n + (size_t)len + 1) cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) { t->oom = 1; return; }
    t->p = p;
    t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->p + t->n, (size_t)len + 1, fmt, ap);
  va_end(ap);
  t->n += (size_t)len;
}

static void put_number(text *t, cg_dyadic x) {
  if (x.exp == 0) put(t, "%lld", (long long)x.num);
  else put(t, "%lld/%llu", (long long)x.num, (unsigned long long)1 << x.exp);
}

/* G = x + n.^ + *k (a "nus"): found by trying the few candidates a game of
** this birthday can be.  Only for games whose stops agree. */
static cgt_rc nus(cg_store *s, cg_id g, cg_dyadic *x, int64_t *ups, uint32_t *star, int *found) {
  *found = 0;
  cg_dyadic l, r;
  cgt_rc rc = cg_stop(s, g, 1, &l);
  if (rc == CGT_OK) rc = cg_stop(s, g, 0, &r);
  if (rc || cg_dyadic_cmp(l, r) != 0) return rc;
  uint32_t b;
  if ((rc = cg_birthday(s, g, &b)) != CGT_OK || b > 40) return rc;
  cg_id num, negx, eps, zero, st, up, acc;
  cg_dyadic m = {-l.num, l.exp};
  if ((rc = cg_number(s, l, &num)) || (rc = cg_number(s, m, &negx)) || (rc = cg_add(s, g, negx, &eps))) return rc;
  if ((rc = cg_integer(s, 0, &zero)) || (rc = cg_nimber(s, 1, &st)) || (rc = cg_game(s, &zero, 1, &st, 1, &up)))
    return rc;
  for (int sign = 1; sign >= -1; sign -= 2) {
    cg_id unit = up;
    if (sign < 0 && (rc = cg_neg(s, up, &unit))) return rc;
    acc = zero;
    for (int64_t n = 0; n <= (int64_t)b + 1; n++) {
      if (n > 0 && (rc = cg_add(s, acc, unit, &acc))) return rc;
      if (sign < 0 && n == 0) continue;
      for (uint32_t k = 0; k <= b + 1; k++) {
        cg_id nim, cand;
        if ((rc = cg_nimber(s, k, &nim)) || (rc = cg_add(s, acc, nim, &cand))) return rc;
        if (cand == eps) {
          *x = l;
          *ups = sign * n;
          *star = k;
          *found = 1;
          return CGT_OK;
        }
      }
    }
  }
  (void)num;
  return CGT_OK;
}

static void put_nus(text *t, cg_dyadic x, int64_t ups, uint32_t star) {
  int any = 0;
  if (x.num != 0) put_number(t, x), any = 1;
  if (ups) {
    put(t, "%s", ups > 0 ? "^" : "v");
    uint64_t n = (uint64_t)(ups > 0 ? ups : -ups);
    if (n > 1) put(t, "%llu", (unsigned long long)n);
    any = 1;
  }
  if (star) {
    put(t, "*");
    if (star > 1) put(t, "%u", star);
    any = 1;
  }
  if (!any) put(t, "0");
}

static cgt_rc print(cg_store *s, cg_id g, text *t, int *bars);

/* Tiny(y) = {0||0|-y}, Miny(y) = {y|0||0}: 1 or 2 when e is one, with *y. */
static int tiny_kind(cg_store *s, cg_id e, cg_id *y) {
  const cg_id *L, *R, *il, *ir;
  uint32_t nl, nr, inl, inr;
  cg_dyadic z;
  if (cg_options(s, e, &L, &nl, &R, &nr) != CGT_OK || nl != 1 || nr != 1) return 0;
  cg_id l0 = L[0], r0 = R[0];
  if (cg_is_number(s, l0, &z) && z.num == 0 && cg_options(s, r0, &il, &inl, &ir, &inr) == CGT_OK && inl == 1 &&
      inr == 1 && cg_is_number(s, il[0], &z) && z.num == 0) {
    cg_id negy = ir[0];
    return cg_neg(s, negy, y) == CGT_OK ? 1 : 0;
  }
  if (cg_is_number(s, r0, &z) && z.num == 0 && cg_options(s, l0, &il, &inl, &ir, &inr) == CGT_OK && inl == 1 &&
      inr == 1 && cg_is_number(s, ir[0], &z) && z.num == 0) {
    *y = il[0];
    return 2;
  }
  return 0;
}

/* Prints g as x + Tiny(y) or x + Miny(y) when it is one (x the stops). */
static cgt_rc tiny_miny(cg_store *s, cg_id g, text *t, int *found) {
  cg_dyadic l, r;
  cg_id y, num, e;
  *found = 0;
  cgt_rc rc = cg_stop(s, g, 1, &l);
  if (rc == CGT_OK) rc = cg_stop(s, g, 0, &r);
  if (rc || cg_dyadic_cmp(l, r) != 0) return rc;
  cg_dyadic m = {-l.num, l.exp};
  if ((rc = cg_number(s, m, &num)) || (rc = cg_add(s, g, num, &e))) return rc;
  int kind = tiny_kind(s, e, &y);
  if (!kind) return CGT_OK;
  if (l.num != 0) put_number(t, l);
  put(t, kind == 1 ? "Tiny(" : "Miny(");
  int inner;
  rc = print(s, y, t, &inner);
  put(t, ")");
  *found = 1;
  return rc;
}

/* Prints g so that it can stand as one option in a list: atomic forms as
** they are, general games in braces. */
static cgt_rc print_braced(cg_store *s, cg_id g, text *t) {
  size_t mark = t->n;
  int bars = 0;
  cgt_rc rc = print(s, g, t, &bars);
  if (rc == CGT_OK && bars > 0 && !t->oom) {   /* wrap what was printed */
    size_t len = t->n - mark;
    char *copy = malloc(len + 1);
    if (!copy) return CGT_NOMEM;
    memcpy(copy, t->p + mark, len);
    copy[len] = 0;
    t->n = mark;
    put(t, "{%s}", copy);
    free(copy);
  }
  return rc;
}

/* One side: a lone option bare (its bars count), several in braces. */
static cgt_rc print_side(cg_store *s, const cg_id *opt, uint32_t n, text *t, int *bars) {
  *bars = 0;
  if (n == 1) return print(s, opt[0], t, bars);
  for (uint32_t i = 0; i < n; i++) {
    if (i) put(t, ",");
    cgt_rc rc = print_braced(s, opt[i], t);
    if (rc) return rc;
  }
  return CGT_OK;
}

static int is_negation(cg_store *s, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr) {
  if (nl != nr || nl == 0) return 0;
  for (uint32_t i = 0; i < nl; i++) {
    cg_id neg;
    if (cg_neg(s, L[i], &neg) != CGT_OK) return 0;
    int hit = 0;
    for (uint32_t j = 0; j < nr && !hit; j++) hit = R[j] == neg;
    if (!hit) return 0;
  }
  return 1;
}

/* Prints g; *bars is the number of bars of its outermost level when it is
** printed without braces (0 for atomic forms). */
static cgt_rc print(cg_store *s, cg_id g, text *t, int *bars) {
  cg_dyadic x;
  uint32_t k = 0;
  int64_t ups = 0;
  int found;
  *bars = 0;
  if (cg_is_number(s, g, &x)) return put_number(t, x), CGT_OK;
  if (cg_is_nimber(s, g, &k)) return put_nus(t, (cg_dyadic){0, 0}, 0, k), CGT_OK;
  cgt_rc rc = nus(s, g, &x, &ups, &k, &found);
  if (rc) return rc;
  if (found) return put_nus(t, x, ups, k), CGT_OK;
  const cg_id *L0, *R0;
  uint32_t nl, nr;
  if ((rc = cg_options(s, g, &L0, &nl, &R0, &nr))) return rc;
  cg_id *L = malloc((nl + nr + 1) * sizeof *L), *R = L + nl;
  if (!L) return CGT_NOMEM;
  memcpy(L, L0, nl * sizeof *L);
  memcpy(R, R0, nr * sizeof *R);
  if (is_negation(s, L, nl, R, nr)) {   /* +-x, +-{a,b} */
    put(t, "+-");
    if (nl == 1) rc = print_braced(s, L[0], t);
    else {
      put(t, "{");
      for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) {
        if (i) put(t, ",");
        rc = print_braced(s, L[i], t);
      }
      put(t, "}");
    }
    free(L);
    return rc;
  }
  /* x + Tiny(y) and x + Miny(y), x the stop. */
  if ((rc = tiny_miny(s, g, t, &found)) != CGT_OK || found) {
    free(L);
    return rc;
  }
  /* {L|R}: the bars count one more than the bare options inside. */
  text lt = {NULL, 0, 0, 0}, rt = {NULL, 0, 0, 0};
  int lb = 0, rb = 0;
  put(&lt, "%s", "");
  put(&rt, "%s", "");
  rc = print_side(s, L, nl, &lt, &lb);
  if (rc == CGT_OK) rc = print_side(s, R, nr, &rt, &rb);
  if (rc == CGT_OK) {
    *bars = (lb > rb ? lb : rb) + 1;
    put(t, "%s", lt.p ? lt.p : "");
    for (int i = 0; i < *bars; i++) put(t, "|");
    put(t, "%s", rt.p ? rt.p : "");
  }
  if (lt.oom || rt.oom) rc = CGT_NOMEM;
  free(lt.p);
  free(rt.p);
  free(L);
  return rc;
}

cgt_rc cg_print(cg_store *s, cg_id g, char **out) {
  text t = {NULL, 0, 0, 0};
  put(&t, "%s", "");
  cgt_rc rc = print_braced(s, g, &t);
  if (rc == CGT_OK && t.oom) rc = CGT_NOMEM;
  if (rc) {
    free(t.p);
    return rc;
  }
  *out = t.p;
  return CGT_OK;
}
