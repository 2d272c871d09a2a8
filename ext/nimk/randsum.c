/*
** Win probability of random sums by the Walsh-Hadamard transform, once in
** doubles and once modulo a prime.  Both run the same steps on a "num" that
** is a double or a residue; the ring says which.
*/
#include "randsum.h"

#include <stdlib.h>

#define INF UINT32_MAX

typedef union num {
  double d;
  uint64_t u;
} num;

typedef struct ring {
  uint64_t mod;   /* 0 for doubles */
} ring;

__extension__ typedef unsigned __int128 u128;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((u128)a * b % m); }

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m) {
  uint64_t r = 1 % m;
  for (a %= m; e; e >>= 1, a = mulmod(a, a, m))
    if (e & 1) r = mulmod(r, a, m);
  return r;
}

static num r_int(const ring *R, uint64_t x) {
  num n;
  if (R->mod) n.u = x % R->mod;
  else n.d = (double)x;
  return n;
}
static num r_add(const ring *R, num a, num b) {
  if (R->mod) {   /* residues < mod < 2^64: add without overflow */
    a.u = a.u >= R->mod - b.u ? a.u - (R->mod - b.u) : a.u + b.u;
  }
  else a.d += b.d;
  return a;
}
static num r_sub(const ring *R, num a, num b) {
  if (R->mod) a.u = a.u >= b.u ? a.u - b.u : a.u + (R->mod - b.u);
  else a.d -= b.d;
  return a;
}
static num r_mul(const ring *R, num a, num b) {
  if (R->mod) a.u = mulmod(a.u, b.u, R->mod);
  else a.d *= b.d;
  return a;
}
static int r_zero(const ring *R, num a) { return R->mod ? a.u == 0 : a.d == 0.0; }
/* a / b; the caller checks b is not zero. */
static num r_div(const ring *R, num a, num b) {
  if (R->mod) a.u = mulmod(a.u, powmod(b.u, R->mod - 2, R->mod), R->mod);
  else a.d /= b.d;
  return a;
}

/* In-place Walsh-Hadamard transform of v[0..size) (size a power of 2). */
static int wht(const ring *R, num *v, size_t size, cgt_stop *st) {
  for (size_t len = 1; len < size; len <<= 1)
    for (size_t i = 0; i < size; i += len << 1) {
      for (size_t j = i; j < i + len; j++) {
        num a = v[j], b = v[j + len];
        v[j] = r_add(R, a, b);
        v[j + len] = r_sub(R, a, b);
      }
      if (cgt_stop_charge(st, 2 * (uint64_t)len)) return 1;
    }
  return 0;
}

static cgt_rc randsum(const ring *R, const cgt_randsum *in, num s, num *win, cgt_stop *st) {
  uint32_t top = 0;
  for (uint32_t u = 0; u < in->nodes; u++)
    if (in->value[u] != INF && in->value[u] > top) top = in->value[u];
  for (uint32_t i = 0; i < in->k_off[in->ninf]; i++)
    if (in->kset[i] > top) top = in->kset[i];
  size_t size = 1;
  while (size <= top) size <<= 1;
  num *f = cgt_calloc(size, sizeof *f), *g1 = cgt_calloc(size, sizeof *g1);
  if (!f || !g1) {
    cgt_free(f);
    cgt_free(g1);
    return CGT_NOMEM;
  }
  num zero = r_int(R, 0), one = r_int(R, 1), V = r_int(R, in->nodes), total = r_add(R, V, s);
  for (size_t x = 0; x < size; x++) f[x] = g1[x] = zero;
  for (uint32_t u = 0; u < in->nodes; u++)
    if (in->value[u] != INF) f[in->value[u]] = r_add(R, f[in->value[u]], one);
  cgt_rc rc = CGT_NOINVERSE;
  if (r_zero(R, V) || r_zero(R, total) || r_zero(R, r_int(R, size))) goto done;
  num p = r_div(R, V, total), q = r_div(R, s, total);
  if (wht(R, f, size, st)) { rc = CGT_INTERRUPTED; goto done; }
  for (size_t w = 0; w < size; w++) {
    num den = r_sub(R, one, r_mul(R, p, r_div(R, f[w], V)));
    if (r_zero(R, den)) goto done;
    f[w] = r_div(R, q, den);                                   /* only finite tokens */
    g1[w] = r_div(R, r_div(R, r_mul(R, q, p), V), r_mul(R, den, den)); /* one infinite */
    /* a modular division is a 64-step exponentiation */
    if (cgt_stop_charge(st, R->mod ? 256 : 4)) { rc = CGT_INTERRUPTED; goto done; }
  }
  if (wht(R, f, size, st) || wht(R, g1, size, st)) { rc = CGT_INTERRUPTED; goto done; }
  num sum = zero, n = r_int(R, size);
  for (size_t x = 1; x < size; x++) sum = r_add(R, sum, f[x]);
  for (uint32_t i = 0; i < in->k_off[in->ninf]; i++) sum = r_add(R, sum, g1[in->kset[i]]);
  *win = r_div(R, sum, n);
  rc = CGT_OK;
done:
  cgt_free(f);
  cgt_free(g1);
  return rc;
}

cgt_rc cgt_randsum_real(const cgt_randsum *in, double stop_weight, double *win, cgt_stop *st) {
  ring R = {0};
  num s, w;
  s.d = stop_weight;
  cgt_rc rc = randsum(&R, in, s, &w, st);
  *win = rc == CGT_OK ? w.d : 0.0;
  return rc;
}

cgt_rc cgt_randsum_mod(const cgt_randsum *in, uint64_t stop_weight, uint64_t mod, uint64_t *win, cgt_stop *st) {
  ring R = {mod};
  num w;
  cgt_rc rc = randsum(&R, in, r_int(&R, stop_weight), &w, st);
  *win = rc == CGT_OK ? w.u : 0;
  return rc;
}

int cgt_is_prime(uint64_t n) {
  if (n < 2) return 0;
  static const uint64_t small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  for (int i = 0; i < 12; i++)
    if (n % small[i] == 0) return n == small[i];
  uint64_t d = n - 1;
  int r = 0;
  while (!(d & 1)) { d >>= 1; r++; }
  for (int i = 0; i < 12; i++) {   /* these bases decide every n < 2^64 */
    uint64_t x = powmod(small[i], d, n);
    if (x == 1 || x == n - 1) continue;
    int composite = 1;
    for (int j = 1; j < r && composite; j++) {
      x = mulmod(x, x, n);
      if (x == n - 1) composite = 0;
    }
    if (composite) return 0;
  }
  return 1;
}
