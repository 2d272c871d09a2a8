/*
** Proven forms of Grundy sequences (heapform.h): periods, arithmetic
** periods and closed forms, each with its proof.
**
** 1. Finite subtraction games (moves only take, at most k counters): the
**    options of a heap n > k are the G(n-j), n-j >= 1, of the removals
**    j <= k whose digit has bit 2 (bit 1, taking the whole heap, needs
**    n = j).  So once G(n+p) = G(n) for n0 <= n < n1 + k, n1 = max(n0, 1),
**    it holds for every n >= n0, by induction on n >= n1 + k > k.  (With
**    n0 = 0 the window must reach heap k: heap k may take all k counters
**    and heap k + p may not, as in 0.2, whose G(0..1) = 0 0 and G(2) = 1.)
**
** 2. Finite octal codes (at most two heaps left, no '!', last non-zero
**    digit k): the octal periodicity theorem (Guy and Smith, "The
**    G-values of various games", Proc. Cambridge Philos. Soc. 52 (1956);
**    Berlekamp, Conway and Guy, Winning Ways, ch. 4; A. N. Siegel,
**    Combinatorial Game Theory, AMS GSM 146 (2013), ch. IV): if G(n+p) =
**    G(n) for n0 <= n < 2 n0 + p + k, then for every n >= n0.  Its proof
**    maps a split of n + p into a <= b to the split a, b - p of n, which
**    needs b - p >= 1; b - p >= n0 + (k - j)/2 for a removal j, so it
**    holds for n0 >= 1 only.  With n0 = 0, 0.04 fails: G(0..3) = 0 0 0 0
**    and G(4) = 1.  So the window used is n0 <= n < 2 n1 + p + k, n1 =
**    max(n0, 1) (the theorem for n1, and G(p) = G(0) when n0 = 0).
**
** 3. Lasker's Nim: G(4i+1) = 4i+1, G(4i+2) = 4i+2, G(4i+3) = 4i+4,
**    G(4i+4) = 4i+3 (Berlekamp, Conway and Guy, Winning Ways for your
**    Mathematical Plays, vol. 1, ch. 4, "Lasker's Nim"); G(0) = 0.  So
**    preperiod 1, period 4, saltus 4.
**
** 4. Rules that only take, with tail digit 3, and whose digits differ
**    from 3 only at removals j <= m (nim: m = 0; allbut{X}: m = max X).
**    Angela Siegel ("Finite excluded subtraction sets and infinite
**    modular Nim", M.Sc. thesis, Dalhousie University, 2005) proved every
**    allbut{X} sequence arithmetic-periodic (as cited by Sleator and
**    Slusky, arXiv:1201.3299); the check used here, which also covers
**    the digits 1 and 2 of a code such as 0.13..., is proven below.
**
**    Claim.  Let s >= 0, p >= 1, T >= 0, V(t) = {G(k) : k < t}, and
**      (a) G(k+p) = G(k) + s for T <= k <= T + m,
**      (b) V(T+p) = [0, s) u (V(T) + s).
**    Then G(k+p) = G(k) + s for every k >= T.
**
**    Proof, by induction on N >= T + m + 1, assuming G(k+p) = G(k) + s
**    for T <= k < N ((a) is the base).  Since N > m, the options of N are
**    L(N) u R(N), where L(N) = V(N - m) comes from the removals j > m
**    (digit 3: every 0 <= k < N - m is left, k = 0 included), and R(N) =
**    {G(N - j) : 1 <= j <= m, digit j has bit 2} from the others (N - j
**    >= 1, so bit 1 never applies).  The same holds for N + p.
**    - R(N+p) = R(N) + s: each N - j lies in [T, N), as N - m > T.
**    - With t = N - m > T: V(t+p) = V(T+p) u {G(k) : T+p <= k < t+p}, and
**      for those k, k - p lies in [T, N), so G(k) = G(k-p) + s.  By (b),
**      V(t+p) = [0, s) u (V(T) + s) u ({G(k) : T <= k < t} + s)
**             = [0, s) u (V(t) + s).
**    So the options of N+p are [0, s) u (options of N + s), whose mex is
**    s + mex(options of N): G(N+p) = G(N) + s.  QED.
**
**    The sequence found: for each p (least first) the longest run of
**    G(k+p) - G(k) = s that ends at the last value known gives n0; the
**    least T >= n0 satisfying (b) is found by adding G(T+p) and G(T) + s
**    to the two sides as T grows (they gain the same value, so once equal
**    they stay equal), and (a) needs values up to T + m + p.  The
**    relation holds from n0: on [n0, T) it is seen in the values, and
**    from T on by the claim.
*/
#include "heapform.h"

#include <stdlib.h>
#include <string.h>

/* The longest run len' >= len with a[n-1-i] == a[n-1-p-i] for i < len'. */
static uint32_t run_back(const cgt_hvals *a, uint32_t n, uint32_t p, uint32_t len) {
  CGT_HV_EACH_WIDTH(a, while (p + len < n && g[n - 1 - len] == g[n - 1 - p - len]) len++)
  return len;
}

/*
** z[p] for 1 <= p <= top: the longest run a[i] == a[i + p] for i < z[p] of
** the sequence a[0..n-1] read backwards from a[n-1] (the Z-function, linear
** time, where walking back from each p costs up to n^2 on 0101...).
*/
static cgt_rc z_backwards(const cgt_hvals *a, uint32_t n, uint32_t top, uint32_t *z, cgt_stop *st) {
  uint32_t l = 0, rr = 0;           /* the Z-box [l, rr) furthest right */
  z[0] = n;
  for (uint32_t p = 1; p <= top; p++) {
    uint32_t len = 0, from;
    if (p < rr) len = rr - p < z[p - l] ? rr - p : z[p - l];
    from = len;
    len = run_back(a, n, p, len);
    if (p + len > rr) l = p, rr = p + len;
    z[p] = len;
    if (cgt_stop_charge(st, 1 + (uint64_t)(len - from))) return CGT_INTERRUPTED;
  }
  return CGT_OK;
}

/* Cases 1 and 2: periods of finite subtraction games and octal codes. */
static cgt_rc find_period(const cgt_rule *r, const cgt_hvals *g, uint32_t n, int *found, cgt_heap_form *f,
                          cgt_stop *st) {
  int sub = cgt_rule_is_subtraction(r);
  uint64_t k = cgt_rule_last(r);
  uint32_t top = n / 2;
  uint32_t *z = cgt_malloc(((size_t)top + 1) * sizeof *z);
  if (!z) return CGT_NOMEM;
  cgt_rc rc = z_backwards(g, n, top, z, st);
  for (uint32_t p = 1; rc == CGT_OK && p <= top; p++) {
    if (z[p] == 0) continue;
    uint64_t n0 = (uint64_t)n - p - z[p];   /* G(m) == G(m + p) for n0 <= m < n - p */
    uint64_t n1 = n0 ? n0 : 1;
    /* Values up to n-1 must cover the window that the proof needs. */
    uint64_t needed = sub ? n1 + k + p : 2 * n1 + 2 * (uint64_t)p + k;
    if (needed <= n) {
      *f = (cgt_heap_form){(uint32_t)n0, p, 0};
      *found = 1;
      break;
    }
  }
  cgt_free(z);
  return rc;
}

/* The sides of (b) of case 4 as counts of each value: mismatch is the
** number of values on one side only. */
typedef struct sides {
  uint32_t *lhs, *rhs;
  uint64_t mismatch;
} sides;

static void side_add(sides *sd, uint32_t *mine, const uint32_t *other, uint32_t v, int delta) {
  int before = (mine[v] > 0) != (other[v] > 0);
  mine[v] = (uint32_t)((int64_t)mine[v] + delta);
  int after = (mine[v] > 0) != (other[v] > 0);
  sd->mismatch += (uint64_t)after - (uint64_t)before;
}

/* The least T in [n0, t_max] at which (b) holds for period p and saltus s,
** or UINT32_MAX.  sd's arrays are zero on entry and on return. */
static uint32_t least_t(const cgt_hvals *g, uint32_t n0, uint32_t p, uint32_t s, uint32_t t_max, sides *sd,
                        cgt_stop *st) {
  uint32_t t = n0, answer = UINT32_MAX;
  sd->mismatch = 0;
  for (uint32_t k = 0; k < n0 + p; k++) side_add(sd, sd->lhs, sd->rhs, cgt_hv(g, k), 1);
  for (uint32_t v = 0; v < s; v++) side_add(sd, sd->rhs, sd->lhs, v, 1);
  for (uint32_t k = 0; k < n0; k++) side_add(sd, sd->rhs, sd->lhs, cgt_hv(g, k) + s, 1);
  for (;; t++) {
    if (sd->mismatch == 0) { answer = t; break; }
    if (t == t_max) break;
    side_add(sd, sd->lhs, sd->rhs, cgt_hv(g, t + p), 1);
    side_add(sd, sd->rhs, sd->lhs, cgt_hv(g, t) + s, 1);
  }
  /* back to zero */
  for (uint32_t k = 0; k < t + p; k++) sd->lhs[cgt_hv(g, k)] = 0;
  for (uint32_t v = 0; v < s; v++) sd->rhs[v] = 0;
  for (uint32_t k = 0; k < t; k++) sd->rhs[cgt_hv(g, k) + s] = 0;
  (void)cgt_stop_charge(st, 4 * ((uint64_t)t + p + s));
  return answer;
}

/* Case 4: arithmetic periods of rules that only take, past m, among the
** first ARITH_VALUES values (its arrays take about 30 bytes a value; the
** largest m, 10^6, has a period of 2·10^6 and needs 3·10^6 + 1). */
#define CHECKS 32
#define ARITH_VALUES (1u << 22)
static cgt_rc find_arithmetic(const cgt_hvals *g, uint32_t n, uint32_t m, int *found, cgt_heap_form *f,
                              cgt_stop *st) {
  if (n < 2) return CGT_OK;
  if (n > ARITH_VALUES) n = ARITH_VALUES;
  /* G(k+p) - G(k) is constant on a run where the differences repeat. */
  uint32_t nd = n - 1, vmax = 0;   /* every p < n: (a) may fit where p > n/2 */
  for (uint32_t k = 0; k < n; k++) vmax = cgt_hv(g, k) > vmax ? cgt_hv(g, k) : vmax;
  uint32_t *d = cgt_malloc((size_t)nd * sizeof *d), *z = cgt_malloc(((size_t)nd + 1) * sizeof *z);
  uint32_t *distinct = cgt_malloc(((size_t)n + 1) * sizeof *distinct);   /* |V(t)| */
  sides sd = {cgt_calloc(2 * (size_t)vmax + 2, sizeof *sd.lhs), cgt_calloc(2 * (size_t)vmax + 2, sizeof *sd.rhs), 0};
  cgt_rc rc = d && z && distinct && sd.lhs && sd.rhs ? CGT_OK : CGT_NOMEM;
  for (uint32_t k = 0; rc == CGT_OK && k < nd; k++) d[k] = cgt_hv(g, k + 1) - cgt_hv(g, k);   /* modulo 2^32: equality is kept */
  if (rc == CGT_OK) {
    distinct[0] = 0;
    for (uint32_t k = 0; k < n; k++) {
      distinct[k + 1] = distinct[k] + (sd.lhs[cgt_hv(g, k)] == 0);
      sd.lhs[cgt_hv(g, k)] = 1;
    }
    for (uint32_t k = 0; k < n; k++) sd.lhs[cgt_hv(g, k)] = 0;
  }
  if (rc == CGT_OK) {
    z[nd] = 0;   /* p = n - 1: one difference, nothing to compare */
    cgt_hvals dv = {d, 4, nd, nd};
    rc = z_backwards(&dv, nd, nd - 1, z, st);
  }
  /* (b) at T_max, if at all: then |V(T_max + p)| = s + |V(T_max)|, a quick
  ** test; few candidates pass it, and at most CHECKS are checked fully. */
  uint32_t checks = 0;
  for (uint32_t p = 1; rc == CGT_OK && p <= nd && checks < CHECKS; p++) {
    /* d[k] == d[k+p] for nd-p-z[p] <= k < nd-p: G(k+p) - G(k) is the same
    ** for n0 <= k <= n-1-p. */
    uint64_t n0 = (uint64_t)nd - p - z[p];
    if (cgt_hv(g, n - 1) < cgt_hv(g, n - 1 - p)) continue;
    uint32_t s = cgt_hv(g, n - 1) - cgt_hv(g, n - 1 - p);
    if ((uint64_t)n0 + m + p + 1 > n) continue;   /* (a) needs values up to T + m + p */
    uint32_t t_max = n - 1 - m - p;
    if ((uint64_t)distinct[t_max + p] != (uint64_t)s + distinct[t_max]) continue;
    checks++;
    uint32_t t = least_t(g, (uint32_t)n0, p, s, t_max, &sd, st);
    if (st && st->stopped) rc = CGT_INTERRUPTED;
    else if (t != UINT32_MAX) {
      *f = (cgt_heap_form){(uint32_t)n0, p, s};
      *found = 1;
      break;
    }
  }
  cgt_free(d);
  cgt_free(z);
  cgt_free(distinct);
  cgt_free(sd.lhs);
  cgt_free(sd.rhs);
  return rc;
}

int cgt_rule_is_provable(const cgt_rule *r) {
  uint32_t m;
  return cgt_rule_is_subtraction(r) || cgt_rule_is_finite_octal(r) || cgt_rule_takes_past(r, &m) ||
         cgt_rule_is_lasker(r);
}

uint32_t cgt_heap_form_start(const cgt_rule *r) {
  uint32_t m;
  if (cgt_rule_is_lasker(r)) return 5;
  if (cgt_rule_takes_past(r, &m)) return m < 16 ? 64 : (uint32_t)(4 * ((uint64_t)m + 1));
  uint64_t k = cgt_rule_last(r);
  return k < 1024 ? 4096 : (uint32_t)(4 * (k + 1));
}

cgt_rc cgt_heap_period_find(const cgt_rule *r, const cgt_hvals *g, uint32_t n, int *found, cgt_heap_form *f,
                            cgt_stop *st) {
  uint32_t m;
  *found = 0;
  if (cgt_rule_is_lasker(r)) {   /* case 3 */
    if (n >= 5) *f = (cgt_heap_form){1, 4, 4}, *found = 1;
    return CGT_OK;
  }
  if (cgt_rule_takes_past(r, &m)) return find_arithmetic(g, n, m, found, f, st);
  if (n < 2 || (!cgt_rule_is_subtraction(r) && !cgt_rule_is_finite_octal(r))) return CGT_OK;
  return find_period(r, g, n, found, f, st);
}

int cgt_heap_period(const cgt_rule *r, const cgt_hvals *g, uint32_t n, cgt_heap_form *f) {
  int found = 0;
  if (cgt_heap_period_find(r, g, n, &found, f, NULL) != CGT_OK) return 0;
  return found;
}

cgt_rc cgt_heap_form_value(const cgt_heap_form *f, const cgt_hvals *g, uint64_t x, int64_t *v) {
  if (x < f->pre) {
    *v = cgt_hv(g, x);
    return CGT_OK;
  }
  uint64_t q = (x - f->pre) / f->per, at = f->pre + (x - f->pre) % f->per;
  int64_t rise;
  if (q > INT64_MAX || __builtin_mul_overflow((int64_t)q, (int64_t)f->saltus, &rise) ||
      __builtin_add_overflow(rise, (int64_t)cgt_hv(g, at), v))
    return CGT_TOOBIG;
  return CGT_OK;
}

cgt_rc cgt_heap_period_observed(const cgt_hvals *g, uint32_t n, int *found, cgt_heap_form *f, cgt_stop *st) {
  *found = 0;
  for (uint32_t p = 1; p <= n / 3; p++) {
    int64_t s = (int64_t)cgt_hv(g, n - 1) - cgt_hv(g, n - 1 - p);
    if (s < 0) continue;
    uint32_t k = n - 1 - p;   /* the relation holds for k .. n-1-p */
    while (k > 0 && (int64_t)cgt_hv(g, k - 1 + p) - cgt_hv(g, k - 1) == s) k--;
    if (cgt_stop_charge(st, 1 + (uint64_t)(n - 1 - p - k))) return CGT_INTERRUPTED;
    if (n - k >= 3 * (uint64_t)p && 2 * (uint64_t)(n - k) >= n) {
      *f = (cgt_heap_form){k, p, (uint32_t)s};
      *found = 1;
      return CGT_OK;
    }
  }
  return CGT_OK;
}
