/*
** Exact dyadic rationals; see dyadic.h.  Small values take 128-bit fast
** paths; the rest works on magnitudes as arrays of 64-bit limbs (least
** significant first), computed into temporary buffers and interned at the
** end, so a value never points into a buffer that can move.
*/
#include "dyadic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct bigrec {
  uint64_t off;   /* limbs at pool[off .. off + n) */
  uint32_t n;     /* the top limb is not zero */
  int neg;
} bigrec;

struct cg_bigs {
  uint64_t *pool;
  size_t npool, cappool;
  bigrec *rec;
  uint32_t nrec, caprec;
  uint32_t *slot;   /* interning: record index + 1 */
  size_t mask;
};

/* A read-only view of a numerator. */
typedef struct view {
  const uint64_t *d;
  uint32_t n;
  int neg;
  uint64_t one;   /* storage of a small magnitude */
} view;

#define LIMB_MAX ((CG_DYADIC_MAX_BITS + 63) / 64 + 2)

cg_bigs *cg_bigs_new(void) { return cgt_calloc(1, sizeof(cg_bigs)); }

void cg_bigs_free(cg_bigs *B) {
  if (!B) return;
  cgt_free(B->pool);
  cgt_free(B->rec);
  cgt_free(B->slot);
  cgt_free(B);
}

size_t cg_bigs_bytes(const cg_bigs *B) {
  return B ? B->cappool * 8 + (size_t)B->caprec * sizeof(bigrec) + (B->slot ? (B->mask + 1) * 4 : 0) : 0;
}

uint64_t cg_dyadic_hash(cg_dyadic a) { return cgt_mix64((uint64_t)a.num * 31 + a.exp * 0x9e3779b97f4a7c15ull + a.big); }

static void view_of(const cg_bigs *B, cg_dyadic a, view *v) {
  if (a.big) {
    const bigrec *r = &B->rec[a.big - 1];
    v->d = B->pool + r->off;
    v->n = r->n;
    v->neg = r->neg;
    return;
  }
  v->one = a.num < 0 ? (uint64_t)0 - (uint64_t)a.num : (uint64_t)a.num;
  v->d = &v->one;
  v->n = a.num != 0;
  v->neg = a.num < 0;
}

/* ---- magnitudes ---- */

static uint32_t trim(const uint64_t *d, uint32_t n) {
  while (n > 0 && d[n - 1] == 0) n--;
  return n;
}

/* Limb k of (d << s). */
static uint64_t limb_at(const uint64_t *d, uint32_t n, uint64_t s, uint64_t k) {
  uint64_t q = s / 64, r = s % 64, v = 0;
  if (k >= q && k - q < n) v = d[k - q] << r;
  if (r && k >= q + 1 && k - q - 1 < n) v |= d[k - q - 1] >> (64 - r);
  return v;
}

/* Compares (a << sa) with (b << sb). */
static int mag_cmp_shifted(const uint64_t *a, uint32_t na, uint64_t sa, const uint64_t *b, uint32_t nb, uint64_t sb) {
  uint64_t la = na ? na + sa / 64 + 1 : 0, lb = nb ? nb + sb / 64 + 1 : 0, top = la > lb ? la : lb;
  for (uint64_t k = top; k-- > 0;) {
    uint64_t x = na ? limb_at(a, na, sa, k) : 0, y = nb ? limb_at(b, nb, sb, k) : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

/* out (n + s/64 + 1 limbs, zeroed by the caller) = d << s */
static void mag_shl(const uint64_t *d, uint32_t n, uint64_t s, uint64_t *out) {
  uint64_t len = n + s / 64 + 1;
  for (uint64_t k = 0; k < len; k++) out[k] = limb_at(d, n, s, k);
}

/* a += b (a has room for max(na, nb) + 1 limbs); returns the new length. */
static uint32_t mag_add_into(uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb) {
  uint32_t n = na > nb ? na : nb;
  unsigned __int128 carry = 0;
  for (uint32_t i = 0; i < n; i++) {
    carry += (unsigned __int128)(i < na ? a[i] : 0) + (i < nb ? b[i] : 0);
    a[i] = (uint64_t)carry;
    carry >>= 64;
  }
  a[n] = (uint64_t)carry;
  return trim(a, n + 1);
}

/* a -= b, for a >= b; returns the new length. */
static uint32_t mag_sub_into(uint64_t *a, uint32_t na, const uint64_t *b, uint32_t nb) {
  uint64_t borrow = 0;
  for (uint32_t i = 0; i < na; i++) {
    uint64_t y = (i < nb ? b[i] : 0), x = a[i];
    uint64_t t = x - y - borrow;
    borrow = (x < y) || (x - y < borrow);
    a[i] = t;
  }
  return trim(a, na);
}

static uint32_t bit_length(const uint64_t *d, uint32_t n) { return n ? 64 * (n - 1) + (64 - (uint32_t)__builtin_clzll(d[n - 1])) : 0; }

/* ---- interning ---- */

static uint64_t hash_mag(const uint64_t *d, uint32_t n, int neg) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)neg;
  for (uint32_t i = 0; i < n; i++) h = cgt_mix64(h ^ d[i]);
  return h;
}

static cgt_rc intern(cg_bigs *B, const uint64_t *d, uint32_t n, int neg, uint32_t *index) {
  uint64_t h = hash_mag(d, n, neg);
  if (B->slot) {
    for (size_t j = h & B->mask; B->slot[j]; j = (j + 1) & B->mask) {
      const bigrec *r = &B->rec[B->slot[j] - 1];
      if (r->n == n && r->neg == neg && memcmp(B->pool + r->off, d, n * sizeof *d) == 0) return *index = B->slot[j] - 1, CGT_OK;
    }
  }
  if (B->nrec >= UINT32_MAX / 4) return CGT_LIMIT;
  if (!B->slot || 2 * ((size_t)B->nrec + 1) > B->mask + 1) {
    size_t cap = B->slot ? 2 * (B->mask + 1) : 64;
    uint32_t *slot = cgt_calloc(cap, sizeof *slot);
    if (!slot) return CGT_NOMEM;
    for (uint32_t i = 0; i < B->nrec; i++) {
      const bigrec *r = &B->rec[i];
      size_t j = hash_mag(B->pool + r->off, r->n, r->neg) & (cap - 1);
      while (slot[j]) j = (j + 1) & (cap - 1);
      slot[j] = i + 1;
    }
    cgt_free(B->slot);
    B->slot = slot;
    B->mask = cap - 1;
  }
  if (B->nrec == B->caprec) {
    uint32_t cap = B->caprec ? 2 * B->caprec : 16;
    bigrec *r = cgt_realloc(B->rec, cap * sizeof *r);
    if (!r) return CGT_NOMEM;
    B->rec = r;
    B->caprec = cap;
  }
  uint64_t *p = cgt_grow(B->pool, &B->cappool, B->npool + n, sizeof *p, 256);
  if (!p) return CGT_NOMEM;
  B->pool = p;
  memcpy(B->pool + B->npool, d, n * sizeof *d);
  B->rec[B->nrec] = (bigrec){B->npool, n, neg};
  B->npool += n;
  size_t j = h & B->mask;
  while (B->slot[j]) j = (j + 1) & B->mask;
  B->slot[j] = B->nrec + 1;
  *index = B->nrec++;
  return CGT_OK;
}

/* The value (-1)^neg d / 2^exp, reduced and checked (d is scratch). */
static cgt_rc finish(cg_bigs *B, uint64_t *d, uint32_t n, int neg, uint64_t exp, cg_dyadic *out) {
  n = trim(d, n);
  if (n == 0) return *out = (cg_dyadic){0, 0, 0}, CGT_OK;
  uint64_t tz = 0;
  while (d[tz / 64] == 0) tz += 64;
  tz += (uint64_t)__builtin_ctzll(d[tz / 64]);
  uint64_t k = tz < exp ? tz : exp;
  if (k) {   /* d >>= k */
    uint64_t q = k / 64, r = k % 64;
    for (uint64_t i = 0; i + q < n; i++)
      d[i] = (d[i + q] >> r) | (r && i + q + 1 < n ? d[i + q + 1] << (64 - r) : 0);
    n = trim(d, (uint32_t)(n - q));
    exp -= k;
  }
  if (exp > CG_DYADIC_MAX_BITS || bit_length(d, n) > CG_DYADIC_MAX_BITS) return CGT_RANGE;
  if (n == 1 && d[0] <= (uint64_t)INT64_MAX) {
    *out = (cg_dyadic){neg ? -(int64_t)d[0] : (int64_t)d[0], (uint32_t)exp, 0};
    return CGT_OK;
  }
  uint32_t index;
  cgt_rc rc = intern(B, d, n, neg, &index);
  if (rc == CGT_OK) *out = (cg_dyadic){0, (uint32_t)exp, index + 1};
  return rc;
}

/* The value x / 2^exp of a 128-bit numerator. */
static cgt_rc finish128(cg_bigs *B, __int128 x, uint64_t exp, cg_dyadic *out) {
  if (x == 0) return *out = (cg_dyadic){0, 0, 0}, CGT_OK;
  while (exp > 0 && (x & 1) == 0) x /= 2, exp--;   /* x != 0 or exp reaches 0 */
  if (x >= -(__int128)INT64_MAX && x <= (__int128)INT64_MAX && exp <= CG_DYADIC_MAX_BITS)
    return *out = (cg_dyadic){(int64_t)x, (uint32_t)exp, 0}, CGT_OK;
  unsigned __int128 m = x < 0 ? -(unsigned __int128)x : (unsigned __int128)x;
  uint64_t d[2] = {(uint64_t)m, (uint64_t)(m >> 64)};
  return finish(B, d, 2, x < 0, exp, out);
}

cgt_rc cg_dyadic_make(cg_bigs *B, int64_t n, uint32_t exp, cg_dyadic *out) { return finish128(B, n, exp, out); }

/* (-1)^an a 2^-ea + (-1)^bn b 2^-eb, generally. */
static cgt_rc lin(cg_bigs *B, const view *a, uint32_t ea, const view *b, int bneg, uint32_t eb, cg_dyadic *out) {
  uint64_t e = ea > eb ? ea : eb, sa = e - ea, sb = e - eb;
  uint64_t la = a->n + sa / 64 + 1, lb = b->n + sb / 64 + 1, len = (la > lb ? la : lb) + 1;
  if (len > LIMB_MAX + 2) return CGT_RANGE;
  uint64_t *x = cgt_calloc(len, 8), *y = cgt_calloc(len, 8);
  cgt_rc rc = x && y ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) {
    mag_shl(a->d, a->n, sa, x);
    mag_shl(b->d, b->n, sb, y);
    uint32_t nx = trim(x, (uint32_t)la), ny = trim(y, (uint32_t)lb);
    int neg;
    if (a->neg == bneg) {
      nx = mag_add_into(x, nx > ny ? nx : ny, y, ny);
      neg = a->neg;
    } else if (mag_cmp_shifted(x, nx, 0, y, ny, 0) >= 0) {
      nx = mag_sub_into(x, nx, y, ny);
      neg = a->neg;
    } else {
      ny = mag_sub_into(y, ny, x, nx);
      uint64_t *t = x;
      x = y, y = t, nx = ny;
      neg = bneg;
    }
    rc = finish(B, x, nx, neg, e, out);
  }
  cgt_free(x);
  cgt_free(y);
  return rc;
}

static cgt_rc add_sub(cg_bigs *B, cg_dyadic a, cg_dyadic b, int sub, cg_dyadic *out) {
  if (!a.big && !b.big) {
    uint32_t e = a.exp > b.exp ? a.exp : b.exp;
    if (e - a.exp < 63 && e - b.exp < 63) {
      __int128 x = (__int128)a.num * ((__int128)1 << (e - a.exp)), y = (__int128)b.num * ((__int128)1 << (e - b.exp));
      return finish128(B, sub ? x - y : x + y, e, out);
    }
  }
  view va, vb;
  view_of(B, a, &va);
  view_of(B, b, &vb);
  return lin(B, &va, a.exp, &vb, sub ? !vb.neg : vb.neg, b.exp, out);
}

cgt_rc cg_dyadic_add(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) { return add_sub(B, a, b, 0, out); }
cgt_rc cg_dyadic_sub(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) { return add_sub(B, a, b, 1, out); }

cgt_rc cg_dyadic_neg(cg_bigs *B, cg_dyadic a, cg_dyadic *out) {
  if (!a.big) return *out = (cg_dyadic){-a.num, a.exp, 0}, CGT_OK;
  return add_sub(B, (cg_dyadic){0, 0, 0}, a, 1, out);
}

cgt_rc cg_dyadic_mul_small(cg_bigs *B, cg_dyadic a, int32_t k, cg_dyadic *out) {
  if (!a.big) return finish128(B, (__int128)a.num * k, a.exp, out);
  view v;
  view_of(B, a, &v);
  uint64_t *d = cgt_calloc((size_t)v.n + 1, 8);
  if (!d) return CGT_NOMEM;
  uint64_t m = k < 0 ? (uint64_t)0 - (uint64_t)(int64_t)k : (uint64_t)k;
  unsigned __int128 carry = 0;
  for (uint32_t i = 0; i < v.n; i++) {
    carry += (unsigned __int128)v.d[i] * m;
    d[i] = (uint64_t)carry;
    carry >>= 64;
  }
  d[v.n] = (uint64_t)carry;
  cgt_rc rc = finish(B, d, v.n + 1, v.neg != (k < 0), a.exp, out);
  cgt_free(d);
  return rc;
}

cgt_rc cg_dyadic_ldexp(cg_bigs *B, cg_dyadic a, int32_t shift, cg_dyadic *out) {
  if (cg_dyadic_is_zero(a)) return *out = a, CGT_OK;
  if (shift <= 0 || (uint32_t)shift <= a.exp) {   /* only the exponent changes */
    int64_t e = (int64_t)a.exp - shift;
    if (e > CG_DYADIC_MAX_BITS) return CGT_RANGE;
    if (a.exp > 0 || shift == 0) return *out = (cg_dyadic){a.num, (uint32_t)e, a.big}, CGT_OK;
    if (!a.big) return finish128(B, a.num, (uint64_t)e, out);   /* an integer over 2^e: reduce */
  }
  view v;
  view_of(B, a, &v);
  uint64_t s = shift > 0 && (uint32_t)shift > a.exp ? (uint64_t)shift - a.exp : 0;
  uint64_t e = shift > 0 ? (s ? 0 : a.exp - (uint32_t)shift) : a.exp + (uint64_t)(-(int64_t)shift);
  uint64_t len = v.n + s / 64 + 1;
  if (len > LIMB_MAX) return CGT_RANGE;
  uint64_t *d = cgt_calloc(len, 8);
  if (!d) return CGT_NOMEM;
  mag_shl(v.d, v.n, s, d);
  cgt_rc rc = finish(B, d, (uint32_t)len, v.neg, e, out);
  cgt_free(d);
  return rc;
}

cgt_rc cg_dyadic_floor(cg_bigs *B, cg_dyadic a, cg_dyadic *out) {
  if (a.exp == 0) return *out = a, CGT_OK;
  if (!a.big) {   /* num is odd, so a is not an integer */
    int64_t q = a.exp >= 63 ? (a.num < 0 ? -1 : 0) : a.num >> a.exp;   /* arithmetic shift: floor */
    return *out = (cg_dyadic){q, 0, 0}, CGT_OK;
  }
  view v;
  view_of(B, a, &v);
  uint64_t q = a.exp / 64, r = a.exp % 64;
  uint64_t *d = cgt_calloc((size_t)v.n + 1, 8);
  if (!d) return CGT_NOMEM;
  uint32_t n = 0;
  for (uint64_t i = 0; i + q < v.n; i++, n++)
    d[i] = (v.d[i + q] >> r) | (r && i + q + 1 < v.n ? v.d[i + q + 1] << (64 - r) : 0);
  n = trim(d, n);
  if (v.neg) n = mag_add_into(d, n, (const uint64_t[]){1}, 1);   /* -(|a| >> e) - 1: the remainder is never 0 */
  cgt_rc rc = finish(B, d, n + 1, v.neg, 0, out);
  cgt_free(d);
  return rc;
}

int cg_dyadic_sign(const cg_bigs *B, cg_dyadic a) {
  if (!a.big) return (a.num > 0) - (a.num < 0);
  return B->rec[a.big - 1].neg ? -1 : 1;
}

int cg_dyadic_cmp(const cg_bigs *B, cg_dyadic a, cg_dyadic b) {
  if (!a.big && !b.big) {
    uint32_t e = a.exp > b.exp ? a.exp : b.exp;
    if (e - a.exp < 63 && e - b.exp < 63) {
      __int128 x = (__int128)a.num * ((__int128)1 << (e - a.exp)), y = (__int128)b.num * ((__int128)1 << (e - b.exp));
      return (x > y) - (x < y);
    }
  }
  int sa = cg_dyadic_sign(B, a), sb = cg_dyadic_sign(B, b);
  if (sa != sb || sa == 0) return (sa > sb) - (sa < sb);
  view va, vb;
  view_of(B, a, &va);
  view_of(B, b, &vb);
  uint32_t e = a.exp > b.exp ? a.exp : b.exp;
  return sa * mag_cmp_shifted(va.d, va.n, e - a.exp, vb.d, vb.n, e - b.exp);
}

/* g = the least multiple of 2^-e above a; *below = g < b. */
static cgt_rc grid_above_below(cg_bigs *B, cg_dyadic a, uint32_t e, cg_dyadic b, cg_dyadic *g, int *below) {
  static const cg_dyadic one = {1, 0, 0};
  cg_dyadic m;
  cgt_rc rc = cg_dyadic_ldexp(B, a, (int32_t)e, &m);
  if (rc == CGT_OK) rc = cg_dyadic_floor(B, m, &m);
  if (rc == CGT_OK) rc = cg_dyadic_add(B, m, one, &m);
  if (rc == CGT_OK) rc = cg_dyadic_ldexp(B, m, -(int32_t)e, &m);
  if (rc) return rc;
  *g = m;
  *below = cg_dyadic_cmp(B, m, b) < 0;
  return CGT_OK;
}

cgt_rc cg_dyadic_simplest_between(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) {
  static const cg_dyadic one = {1, 0, 0}, zero = {0, 0, 0};
  cg_dyadic lo, hi, nb, t;
  cgt_rc rc = cg_dyadic_floor(B, a, &lo);                     /* smallest integer > a */
  if (rc == CGT_OK) rc = cg_dyadic_add(B, lo, one, &lo);
  if (rc == CGT_OK) rc = cg_dyadic_neg(B, b, &nb);            /* largest integer < b: -floor(-b) - 1 */
  if (rc == CGT_OK) rc = cg_dyadic_floor(B, nb, &t);
  if (rc == CGT_OK) rc = cg_dyadic_add(B, t, one, &t);
  if (rc == CGT_OK) rc = cg_dyadic_neg(B, t, &hi);
  if (rc) return rc;
  if (cg_dyadic_cmp(B, lo, hi) <= 0) {
    *out = cg_dyadic_sign(B, lo) > 0 ? lo : cg_dyadic_sign(B, hi) < 0 ? hi : zero;
    return CGT_OK;
  }
  /* a and b lie within one unit: the simplest number between them is
  ** g(e), the least multiple of 2^-e above a, for the least e with
  ** g(e) < b.  g never grows with e (a finer grid has every point of a
  ** coarser one), so that e is found by bisection, in log(top) steps of
  ** the arithmetic rather than top (quadratic in a long Hackenbush
  ** string's length). */
  uint32_t lo_e = 1, hi_e = (a.exp > b.exp ? a.exp : b.exp) + 1;
  int below;
  rc = grid_above_below(B, a, hi_e, b, &t, &below);
  if (rc) return rc;
  if (!below) return CGT_RANGE;   /* not reached for a < b */
  while (lo_e < hi_e) {
    uint32_t mid = lo_e + (hi_e - lo_e) / 2;
    rc = grid_above_below(B, a, mid, b, &t, &below);
    if (rc) return rc;
    if (below) hi_e = mid;
    else lo_e = mid + 1;
  }
  rc = grid_above_below(B, a, lo_e, b, out, &below);
  return rc;
}

cgt_rc cg_dyadic_birthday(const cg_bigs *B, cg_dyadic a, uint64_t *out) {
  if (a.big) {
    view v;
    view_of(B, a, &v);
    uint32_t bits = bit_length(v.d, v.n);
    if (bits > a.exp && bits - a.exp >= 63) return CGT_RANGE;
    /* |a| < 2^62: the integer part fits; compute it from the limbs */
    uint64_t q = a.exp / 64, r = a.exp % 64;
    uint64_t ip = (q < v.n ? v.d[q] >> r : 0) | (r && q + 1 < v.n ? v.d[q + 1] << (64 - r) : 0);
    *out = ip + a.exp + 1;
    return CGT_OK;
  }
  uint64_t mag = a.num < 0 ? (uint64_t)0 - (uint64_t)a.num : (uint64_t)a.num;
  uint64_t day = a.exp == 0 ? mag : (a.exp >= 64 ? 0 : mag >> a.exp) + a.exp + 1;
  if (day > (uint64_t)INT64_MAX) return CGT_RANGE;
  *out = day;
  return CGT_OK;
}

/* ---- decimal text ---- */

static cgt_rc parse_mag(const char *digits, size_t n, uint64_t **d, uint32_t *nd) {
  if (n > (size_t)CG_DYADIC_MAX_BITS * 30103 / 100000 + 2) return CGT_RANGE;
  uint32_t cap = (uint32_t)(n / 19 + 2);
  uint64_t *x = cgt_calloc(cap, 8);
  if (!x) return CGT_NOMEM;
  uint32_t len = 0;
  for (size_t i = 0; i < n;) {
    uint64_t chunk = 0, scale = 1;
    for (int k = 0; k < 19 && i < n; k++, i++) chunk = chunk * 10 + (uint64_t)(digits[i] - '0'), scale *= 10;
    unsigned __int128 carry = chunk;
    for (uint32_t j = 0; j < len; j++) {
      carry += (unsigned __int128)x[j] * scale;
      x[j] = (uint64_t)carry;
      carry >>= 64;
    }
    if (carry) x[len++] = (uint64_t)carry;
  }
  *d = x;
  *nd = trim(x, len);
  return CGT_OK;
}

cgt_rc cg_dyadic_from_decimal(cg_bigs *B, const char *digits, size_t n, int negative, uint32_t exp,
                              cg_dyadic *out) {
  uint64_t *d;
  uint32_t nd;
  cgt_rc rc = parse_mag(digits, n, &d, &nd);
  if (rc) return rc;
  rc = finish(B, d, nd, negative, exp, out);
  cgt_free(d);
  return rc;
}

cgt_rc cg_dyadic_log2_decimal(cg_bigs *B, const char *digits, size_t n, uint32_t *exp) {
  (void)B;
  uint64_t *d;
  uint32_t nd;
  cgt_rc rc = parse_mag(digits, n, &d, &nd);
  if (rc) return rc;
  uint32_t ones = 0;
  for (uint32_t i = 0; i < nd; i++) ones += (uint32_t)__builtin_popcountll(d[i]);
  if (ones != 1) rc = CGT_SYNTAX;
  else *exp = bit_length(d, nd) - 1;
  cgt_free(d);
  return rc;
}

/* Appends the decimal digits of d (destroyed) to *p. */
static cgt_rc put_mag(uint64_t *d, uint32_t n, char **p, size_t *len, size_t *cap) {
  n = trim(d, n);
  size_t room = (size_t)n * 20 + 2;
  char *digits = cgt_malloc(room);
  if (!digits) return CGT_NOMEM;
  size_t k = 0;
  do {   /* divide by 10^19, collecting 19 digits at a time from the right */
    const uint64_t base = 10000000000000000000ull;
    unsigned __int128 rem = 0;
    for (uint32_t i = n; i-- > 0;) {
      unsigned __int128 cur = (rem << 64) | d[i];
      d[i] = (uint64_t)(cur / base);
      rem = cur % base;
    }
    n = trim(d, n);
    uint64_t r = (uint64_t)rem;
    for (int j = 0; j < 19 && (n > 0 || r > 0 || j == 0); j++) digits[k++] = (char)('0' + r % 10), r /= 10;
  } while (n > 0);
  if (*len + k + 1 > *cap) {
    size_t c = (*len + k + 1) * 2;
    char *q = cgt_realloc(*p, c);
    if (!q) {
      cgt_free(digits);
      return CGT_NOMEM;
    }
    *p = q;
    *cap = c;
  }
  while (k > 0) (*p)[(*len)++] = digits[--k];
  (*p)[*len] = 0;
  cgt_free(digits);
  return CGT_OK;
}

cgt_rc cg_dyadic_text(const cg_bigs *B, cg_dyadic a, char **text) {
  if (!a.big && a.exp < 64) {
    char buf[64];
    if (a.exp == 0) snprintf(buf, sizeof buf, "%lld", (long long)a.num);
    else snprintf(buf, sizeof buf, "%lld/%llu", (long long)a.num, (unsigned long long)1 << a.exp);
    size_t n = strlen(buf) + 1;
    *text = cgt_malloc(n);
    if (!*text) return CGT_NOMEM;
    memcpy(*text, buf, n);
    return CGT_OK;
  }
  view v;
  view_of(B, a, &v);
  size_t len = 0, cap = 16;
  char *p = cgt_malloc(cap);
  uint64_t *d = cgt_calloc((size_t)(v.n > a.exp / 64 + 1 ? v.n : a.exp / 64 + 1) + 1, 8);
  cgt_rc rc = p && d ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) {
    if (v.neg) p[len++] = '-';
    p[len] = 0;
    memcpy(d, v.d, v.n * sizeof *d);
    rc = put_mag(d, v.n, &p, &len, &cap);
  }
  if (rc == CGT_OK && a.exp > 0) {
    uint32_t n = a.exp / 64 + 1;
    memset(d, 0, n * sizeof *d);
    d[a.exp / 64] = (uint64_t)1 << (a.exp % 64);
    if (len + 2 > cap) {
      char *q = cgt_realloc(p, cap = len + 2);
      if (!q) rc = CGT_NOMEM;
      else p = q;
    }
    if (rc == CGT_OK) {
      p[len++] = '/';
      p[len] = 0;
      rc = put_mag(d, n, &p, &len, &cap);
    }
  }
  cgt_free(d);
  if (rc) {
    cgt_free(p);
    return rc;
  }
  *text = p;
  return CGT_OK;
}

int cg_dyadic_sql(cg_dyadic x, int64_t *i, double *d) {
  if (x.big) return 0;
  if (x.exp == 0) {
    *i = x.num;
    return 1;
  }
  if (x.num <= -((int64_t)1 << 53) || x.num >= (int64_t)1 << 53 || x.exp > 1074) return 0;
  *d = ldexp((double)x.num, -(int)x.exp);
  return ldexp(*d, (int)x.exp) == (double)x.num ? 2 : 0;   /* (a subnormal may lose bits) */
}
