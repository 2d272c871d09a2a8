/* Recognising uptimals from canonical options; see puptimal.h. */
#include "puptimal.h"
#include "pmemo.h"

/* An expansion being built or kept (a is cgt_malloc'd). */
typedef struct uexp {
  cg_dyadic x;
  uint32_t star, len;
  int64_t *a;
} uexp;

struct cg_uptimal {
  cg_store *s;
  memo seen;     /* game -> 0 (not an uptimal) or 1 + its index in kept */
  uexp *kept;
  uint32_t nkept, cap;
};

cg_uptimal *cg_uptimal_new(cg_store *s) {
  cg_uptimal *u = cgt_calloc(1, sizeof *u);
  if (u) u->s = s;
  return u;
}

void cg_uptimal_free(cg_uptimal *u) {
  if (!u) return;
  for (uint32_t i = 0; i < u->nkept; i++) cgt_free(u->kept[i].a);
  cgt_free(u->kept);
  memo_free(&u->seen);
  cgt_free(u);
}

/* ---- expansions ---- */

/* e with its trailing zero coefficients dropped. */
static void trim(uexp *e) {
  while (e->len > 0 && e->a[e->len - 1] == 0) e->len--;
}

/* A copy of the first n coefficients of e (CGSuite's truncateTo). */
static cgt_rc truncated(const uexp *e, uint32_t n, uexp *out) {
  if (n > e->len) n = e->len;
  *out = (uexp){e->x, e->star, n, cgt_malloc(((size_t)n + 1) * sizeof(int64_t))};
  if (!out->a) return CGT_NOMEM;
  for (uint32_t i = 0; i < n; i++) out->a[i] = e->a[i];
  trim(out);
  return CGT_OK;
}

/* e + ^[to] + * (CGSuite's increment(true, to)): 1 added to each of the
** first `to` coefficients. */
static cgt_rc incremented(const uexp *e, uint32_t to, uexp *out) {
  uint32_t n = to > e->len ? to : e->len;
  *out = (uexp){e->x, e->star ^ 1u, n, cgt_malloc(((size_t)n + 1) * sizeof(int64_t))};
  if (!out->a) return CGT_NOMEM;
  for (uint32_t i = 0; i < n; i++) {
    int64_t c = i < e->len ? e->a[i] : 0;
    if (i < to && __builtin_add_overflow(c, 1, &c)) {
      cgt_free(out->a);
      return CGT_RANGE;
    }
    out->a[i] = c;
  }
  trim(out);
  return CGT_OK;
}

static int same(const uexp *a, const uexp *b) {
  if (!cg_dyadic_eq(a->x, b->x) || a->star != b->star || a->len != b->len) return 0;
  for (uint32_t i = 0; i < a->len; i++)
    if (a->a[i] != b->a[i]) return 0;
  return 1;
}

/* The last (1-based) index i with a_i <= v, or 0. */
static uint32_t rightmost_at_most(const uexp *e, int64_t v) {
  for (uint32_t i = e->len; i > 0; i--)
    if (e->a[i - 1] <= v) return i;
  return 0;
}

/* CGSuite's isConfused. */
static int confused(const uexp *e) {
  if (e->star == 0) return 0;
  if (e->len == 0 || e->a[0] == 0) return 1;
  if (e->star >= 2) return 0;
  int positive = e->a[0] > 0;
  for (uint32_t i = 0; i < e->len; i++) {
    int64_t c = e->a[i];
    if ((!positive && c < -1) || (positive && c > 1)) return 0;
    if ((!positive && c > -1) || (positive && c < 1)) return 1;
  }
  return 1;
}

/* Whether Left options with expansions l[0..n) fit the candidate e built
** from the Right option's expansion r (CGSuite's isValidUptimalExpansion,
** with the options taken as a set). */
static cgt_rc valid(const uexp *e, const uexp *l, uint32_t n, const uexp *r, int *yes) {
  *yes = 0;
  int64_t match = -1;
  for (uint32_t i = 0; i < n; i++)
    if (l[i].star == r->star) {
      if (match >= 0) return CGT_OK;   /* only one Left option may share the Right option's nimber */
      match = i;
    }
  uint32_t negative = rightmost_at_most(e, -1), k = e->len;
  uint32_t base_len = k > 0 && e->a[k - 1] == 1 ? k - 1 : rightmost_at_most(e, 0);
  uexp base, other = {e->x, 0, 0, NULL};
  cgt_rc rc = truncated(e, base_len, &base);
  if (rc) return rc;
  if (negative >= 1) {   /* two Left options: e to the last negative place, incremented, and the base */
    uexp cut;
    if (n == 2 && match >= 0 && (rc = truncated(e, negative, &cut)) == CGT_OK) {
      rc = incremented(&cut, cut.len, &other);
      cgt_free(cut.a);
      *yes = rc == CGT_OK && same(&l[match], &other) && same(&l[1 - match], &base);
    }
  } else if (k == 0 || e->a[0] == 0) {   /* x, x*, ..., x*(m-1) and the base */
    if ((uint64_t)n == (uint64_t)e->star + 1) {
      uint32_t nimbers = 0, bases = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (l[i].len == 0 && l[i].star < e->star) nimbers++;
        else if (same(&l[i], &base)) bases++;
      }
      *yes = nimbers == e->star && bases == 1;
    }
  } else if (e->a[0] == 1 && confused(e)) {   /* x and the base */
    uexp x = {e->x, 0, 0, NULL};
    *yes = n == 2 && ((same(&l[0], &x) && same(&l[1], &base)) || (same(&l[1], &x) && same(&l[0], &base)));
  } else {   /* the base alone, without its nimber when it has no coefficients */
    if (base.len == 0) base.star = 0;
    *yes = n == 1 && same(&l[0], &base);
  }
  cgt_free(base.a);
  cgt_free(other.a);
  return rc;
}

static cgt_rc expansion(cg_uptimal *u, cg_id g, int *found, uexp *e);

/* The expansion of g (neg = 0) or of -g (neg = 1) when it has one, tried
** as CGSuite's uptimalExpansion2: one Right option, every option an
** uptimal of the same number. */
static cgt_rc try_side(cg_uptimal *u, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, int neg,
                       int *found, uexp *out) {
  cg_store *s = u->s;
  const cg_id *left = neg ? R : L, *right = neg ? L : R;
  uint32_t n = neg ? nr : nl;
  *found = 0;
  if ((neg ? nl : nr) != 1) return CGT_OK;
  uexp r, *l = cgt_malloc(((size_t)n + 1) * sizeof *l);
  if (!l) return CGT_NOMEM;
  int ok;
  uint32_t longest = 0, i;
  cgt_rc rc = expansion(u, right[0], &ok, &r);
  for (i = 0; rc == CGT_OK && ok && i < n; i++) {
    rc = expansion(u, left[i], &ok, &l[i]);
    if (rc == CGT_OK && ok && !cg_dyadic_eq(l[i].x, r.x)) ok = 0;
    if (rc == CGT_OK && ok && l[i].len > longest) longest = l[i].len;
  }
  uint32_t negated = 0;   /* for -g: negated copies of the expansions of the options of g */
  while (rc == CGT_OK && ok && neg && negated <= n) {
    uexp *e = negated < n ? &l[negated] : &r;
    int64_t *a = cgt_malloc(((size_t)e->len + 1) * sizeof *a);
    if (!a) rc = CGT_NOMEM;
    else if ((rc = cg_dyadic_neg(cg_store_bigs(s), e->x, &e->x))) cgt_free(a);
    else {
      for (uint32_t c = 0; c < e->len; c++) a[c] = -e->a[c];
      e->a = a;
      negated++;
    }
  }
  /* the candidates: r + ^[len r] + * when r ends with a positive digit, then r + ^[longer] + * */
  for (int c = 0; rc == CGT_OK && ok && c < 2 && !*found; c++) {
    if (c == 0 && !(r.len > 0 && r.a[r.len - 1] > 0)) continue;
    uint32_t to = c == 0 ? r.len : (r.len > longest ? r.len : longest) + 1;
    rc = incremented(&r, to, out);
    if (rc == CGT_OK) rc = valid(out, l, n, &r, found);
    if (rc || !*found) cgt_free(out->a);
  }
  if (rc == CGT_OK && *found && neg) {
    for (uint32_t c = 0; c < out->len; c++) out->a[c] = -out->a[c];
    rc = cg_dyadic_neg(cg_store_bigs(s), out->x, &out->x);
    if (rc) cgt_free(out->a);
  }
  for (uint32_t j = 0; j < negated; j++) cgt_free((j < n ? &l[j] : &r)->a);
  return cgt_free(l), rc;
}

/* Keeps e for g (or that g is none, found = 0). */
static cgt_rc keep(cg_uptimal *u, cg_id g, int found, uexp *e) {
  if (!found) return memo_put(&u->seen, g, 0);
  if (u->nkept == u->cap) {
    uint32_t cap = u->cap ? 2 * u->cap : 16;
    uexp *more = cap > u->cap ? cgt_realloc(u->kept, (size_t)cap * sizeof *more) : NULL;
    if (!more) return cgt_free(e->a), CGT_NOMEM;
    u->kept = more;
    u->cap = cap;
  }
  u->kept[u->nkept] = *e;
  return memo_put(&u->seen, g, ++u->nkept);
}

/* The expansion of g in *e (kept by u: not to be freed). */
static cgt_rc expansion(cg_uptimal *u, cg_id g, int *found, uexp *e) {
  cg_store *s = u->s;
  cg_id at;
  *found = 0;
  if (memo_get(&u->seen, g, &at)) {
    if (at) *found = 1, *e = u->kept[at - 1];
    return CGT_OK;
  }
  cg_dyadic x;
  int64_t ups;
  uint32_t star;
  cgt_rc rc = cg_work(s, 1);
  uexp made = {{0, 0, 0}, 0, 0, NULL};
  if (rc) return rc;
  if (cg_is_nus(s, g, &x, &ups, &star)) {
    made = (uexp){x, star, ups != 0, cgt_malloc(sizeof(int64_t))};
    if (!made.a) return CGT_NOMEM;
    made.a[0] = ups;
    *found = 1;
  } else {
    if ((rc = cg_descend(s))) return rc;
    const cg_id *L0, *R0;
    uint32_t nl, nr;
    cg_id *L = NULL;
    rc = cg_options(s, g, &L0, &nl, &R0, &nr);
    if (rc == CGT_OK && (nl == 1 || nr == 1)) {   /* else neither g nor -g has one Right option */
      L = cgt_malloc(((size_t)nl + nr + 1) * sizeof *L);
      if (!L) rc = CGT_NOMEM;
      else {
        memcpy(L, L0, nl * sizeof *L);
        memcpy(L + nl, R0, nr * sizeof *L);
        rc = cg_work(s, (uint64_t)nl + nr + 1);
      }
      for (int neg = 0; rc == CGT_OK && neg < 2 && !*found; neg++)
        rc = try_side(u, L, nl, L + nl, nr, neg, found, &made);
      cgt_free(L);
    }
    cg_ascend(s);
    if (rc) return rc;
  }
  if ((rc = keep(u, g, *found, &made))) return rc;
  if (*found) *e = u->kept[u->nkept - 1];
  return CGT_OK;
}

cgt_rc cg_uptimal_of(cg_uptimal *u, cg_id g, int *found, cg_expansion *e) {
  uexp x;
  cgt_rc rc = expansion(u, g, found, &x);
  if (rc == CGT_OK && *found) *e = (cg_expansion){x.x, x.star, x.len, x.a};
  return rc;
}
