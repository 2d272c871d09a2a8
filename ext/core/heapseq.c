/* Grundy values of heap games: plain mex, sparse space, proven periods. */
#include "heapseq.h"

#include <stdlib.h>
#include <string.h>

/* Stamps for a mex: at[v] == stamp when value v is an option.  cap is a
** power of two above every value so far, so every XOR of values fits. */
typedef struct marks {
  uint32_t *at;
  uint32_t cap;
} marks;

static cgt_rc marks_fit(marks *mk, uint32_t v) {
  if (v < mk->cap) return CGT_OK;
  uint32_t cap = mk->cap ? mk->cap : 64;
  while (cap <= v) {
    if (cap >= (1u << 31)) return CGT_TOOBIG;
    cap *= 2;
  }
  uint32_t *at = cgt_realloc(mk->at, (size_t)cap * sizeof *at);
  if (!at) return CGT_NOMEM;
  memset(at + mk->cap, 0xff, (size_t)(cap - mk->cap) * sizeof *at);
  mk->at = at;
  mk->cap = cap;
  return CGT_OK;
}

static uint32_t mex(const marks *mk, uint32_t stamp) {
  uint32_t v = 0;
  while (v < mk->cap && mk->at[v] == stamp) v++;
  return v;
}

/* Marks every option of heap n (plain: all moves). */
static void mark_all(const cgt_rule *r, const uint32_t *g, uint32_t n, marks *mk) {
  for (uint32_t j = 0; j <= n; j++) {
    uint8_t d = cgt_rule_digit(r, j);
    if (!d) {
      if (j >= r->ndigits) break;   /* the tail is 0 too */
      continue;
    }
    uint32_t s = n - j;
    int diff = cgt_rule_distinct(r, j);
    if ((d & CGT_LEAVE_NONE) && s == 0) mk->at[0] = n;
    if ((d & CGT_LEAVE_ONE) && s > 0 && j > 0) mk->at[g[s]] = n;
    if (d & CGT_LEAVE_TWO)
      for (uint32_t a = 1; 2 * a <= s; a++)
        if (!diff || 2 * a != s) mk->at[g[a] ^ g[s - a]] = n;
    if (d & CGT_LEAVE_THREE)
      for (uint32_t a = 1; 3 * a <= s; a++)
        for (uint32_t b = a; a + 2 * b <= s; b++) {
          uint32_t c = s - a - b;
          if (!diff || (a != b && b != c)) mk->at[g[a] ^ g[b] ^ g[c]] = n;
        }
  }
}

static cgt_rc finish_value(marks *mk, uint32_t *g, uint32_t n) {
  g[n] = mex(mk, n);
  return marks_fit(mk, 2 * g[n] + 1);
}

cgt_rc cgt_heap_values_plain(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st) {
  marks mk = {NULL, 0};
  cgt_rc rc = marks_fit(&mk, 63);
  for (uint32_t n = 0; rc == CGT_OK && n <= n_max; n++) {
    mark_all(r, g, n, &mk);
    rc = finish_value(&mk, g, n);
    if (rc == CGT_OK && cgt_stop_charge(st, 1)) rc = CGT_INTERRUPTED;
  }
  cgt_free(mk.at);
  return rc;
}

/* ---- sparse space ---- */

static int parity(uint32_t v) { return __builtin_parity(v); }

typedef struct sparse {
  uint32_t t;        /* the one splitting removal */
  int diff;          /* its '!' */
  uint32_t mask;
  int dom;           /* domain type: the class also depends on the parity of n */
  int rare_cls;
} sparse;

static int cls(const sparse *sp, const uint32_t *g, uint32_t x) {
  return parity(g[x] & sp->mask) ^ (sp->dom ? (int)(x & 1) : 0);
}

/* The splitting removal of a finite code with exactly one, no three-heap
** splits; UINT32_MAX when the rule is not of that kind. */
static uint32_t one_split(const cgt_rule *r) {
  uint32_t t = UINT32_MAX;
  if (r->tail) return UINT32_MAX;
  for (uint32_t j = 0; j < r->ndigits; j++) {
    if (r->d[j] & CGT_LEAVE_THREE) return UINT32_MAX;
    if (r->d[j] & CGT_LEAVE_TWO) {
      if (t != UINT32_MAX) return UINT32_MAX;
      t = j;
    }
  }
  return t;
}

/* Chooses the mask (and type) with the fewest rare positions in the upper
** half of g[1..n] (rare values die out: the start says little) and returns
** that count.  Masks are bitstrings whose bits above the values seen are all
** 1, as in Winning Ways, so that they still apply to larger values. */
static uint32_t choose_mask(sparse *sp, const uint32_t *g, uint32_t n) {
  uint32_t top = 0, best = UINT32_MAX, bits = 0;
  for (uint32_t x = 0; x <= n; x++) top |= g[x];
  while (bits < 10 && (top >> bits)) bits++;
  uint32_t high = bits >= 32 ? 0 : ~((1u << bits) - 1);
  sparse s = *sp;
  for (s.dom = 0; s.dom <= 1; s.dom++) {
    /* Flammenkamp's two kinds: rare when the masked parity is even (range),
    ** or when it equals the parity of n - t (domain). */
    s.rare_cls = s.dom ? (int)(s.t & 1) : 0;
    for (uint32_t low = 1; low < (1u << bits); low++) {
        s.mask = low | high;
        uint32_t rare = 0;
        for (uint32_t x = n / 2; x <= n && rare < best; x++) rare += cls(&s, g, x) == s.rare_cls;
      if (rare < best) {
        best = rare;
        *sp = s;
      }
    }
  }
  return best;
}

/* G(n) by sparse space; rare lists the rare positions below n; miss is
** room for the missing values below c. */
static void sparse_value(const cgt_rule *r, const sparse *sp, uint32_t *g, uint32_t n, const uint32_t *rare,
                         uint32_t nrare, marks *mk, uint32_t *miss) {
  /* Moves that do not split. */
  for (uint32_t j = 1; j < r->ndigits && j <= n; j++) {
    if ((r->d[j] & CGT_LEAVE_NONE) && n == j) mk->at[0] = n;
    if ((r->d[j] & CGT_LEAVE_ONE) && n > j) mk->at[g[n - j]] = n;
  }
  if (n < sp->t + 2) {
    g[n] = mex(mk, n);
    return;
  }
  uint32_t s = n - sp->t;
  /* Splits with a rare part give every value of parity p1 there is. */
  int p1 = 1 ^ (sp->dom ? (int)(s & 1) : 0);
  for (uint32_t i = 0; i < nrare && rare[i] < s; i++) {
    uint32_t a = rare[i];
    if (!sp->diff || 2 * a != s) mk->at[g[a] ^ g[s - a]] = n;
  }
  uint32_t c = 0;
  while (c < mk->cap && (mk->at[c] == n || parity(c & sp->mask) != p1)) c++;
  /* Values of the other parity below c must be found among all splits (the
  ** common ones give them).  Every split's value is marked, in blocks, and
  ** the list of missing values is checked between blocks.  No split can
  ** give c: a value of parity p1 needs a rare part, and those were marked. */
  uint32_t nmiss = 0;
  for (uint32_t v = 0; v < c; v++)
    if (mk->at[v] != n) miss[nmiss++] = v;
  uint32_t half = s / 2;
  if (sp->diff && 2 * half == s) half--;   /* (s/2, s/2) is not a move */
  for (uint32_t a = 1; nmiss && a <= half;) {
    uint32_t end = half - a < 256 ? half : a + 255;
    for (; a <= end; a++) mk->at[g[a] ^ g[s - a]] = n;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < nmiss; i++)
      if (mk->at[miss[i]] != n) miss[kept++] = miss[i];
    nmiss = kept;
  }
  g[n] = mex(mk, n);
}

static cgt_rc values(const cgt_rule *r, uint32_t n_max, uint32_t *g, int use_period, cgt_stop *st) {
  sparse sp = {one_split(r), 0, 0, 0, 0};
  uint32_t prefix = n_max < 2048 ? n_max : 2048;
  cgt_rc rc = cgt_heap_values_plain(r, prefix, g, st);
  if (rc || prefix == n_max) return rc;
  int sparse_ok = 0;
  if (sp.t != UINT32_MAX) {
    sp.diff = cgt_rule_distinct(r, sp.t);
    sparse_ok = choose_mask(&sp, g, prefix) <= prefix / 8;
  }
  marks mk = {NULL, 0};
  uint32_t *rare = cgt_malloc(((size_t)n_max + 1) * sizeof *rare), nrare = 0;
  uint32_t *miss = NULL, miss_cap = 0;
  uint32_t top = 0;
  for (uint32_t x = 0; x <= prefix; x++) top = g[x] > top ? g[x] : top;
  rc = rare ? marks_fit(&mk, 2 * top + 1) : CGT_NOMEM;
  for (uint32_t x = 1; rc == CGT_OK && x <= prefix; x++)
    if (cls(&sp, g, x) == sp.rare_cls) rare[nrare++] = x;
  uint32_t checkpoint = 2 * prefix;
  for (uint32_t n = prefix + 1; rc == CGT_OK && n <= n_max; n++) {
    if (sparse_ok && miss_cap < mk.cap) {
      uint32_t *m = cgt_realloc(miss, (size_t)mk.cap * sizeof *m);
      if (!m) { rc = CGT_NOMEM; break; }
      miss = m;
      miss_cap = mk.cap;
    }
    if (sparse_ok) {
      sparse_value(r, &sp, g, n, rare, nrare, &mk, miss);
      if (cls(&sp, g, n) == sp.rare_cls) rare[nrare++] = n;
      rc = marks_fit(&mk, 2 * g[n] + 1);
    } else {
      mark_all(r, g, n, &mk);
      rc = finish_value(&mk, g, n);
    }
    if (rc == CGT_OK && cgt_stop_charge(st, 1)) rc = CGT_INTERRUPTED;
    uint32_t pre, per;
    if (use_period && n == checkpoint) {
      checkpoint *= 2;
      if (cgt_heap_period(r, g, n + 1, &pre, &per)) {
        for (uint32_t x = n + 1; x <= n_max; x++) g[x] = g[x - per];
        break;
      }
    }
  }
  cgt_free(rare);
  cgt_free(miss);
  cgt_free(mk.at);
  return rc;
}

cgt_rc cgt_heap_values(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st) {
  return values(r, n_max, g, 1, st);
}

cgt_rc cgt_heap_values_sparse(const cgt_rule *r, uint32_t n_max, uint32_t *g, cgt_stop *st) {
  return values(r, n_max, g, 0, st);
}

int cgt_heap_period(const cgt_rule *r, const uint32_t *g, uint32_t n, uint32_t *pre, uint32_t *per) {
  int sub = cgt_rule_is_subtraction(r);
  if (!sub && !cgt_rule_is_finite_octal(r)) return 0;
  uint64_t k = cgt_rule_last(r);
  for (uint32_t p = 1; 2 * (uint64_t)p <= n; p++) {
    uint32_t i = n - 1 - p;
    if (g[i] != g[i + p]) continue;
    while (i > 0 && g[i - 1] == g[i - 1 + p]) i--;
    uint64_t n0 = i;   /* g[m] == g[m + p] for n0 <= m < n - p */
    /* Values up to n-1 must cover the window that the proof needs. */
    uint64_t needed = sub ? n0 + k + p : 2 * n0 + 2 * (uint64_t)p + k;
    if (needed <= n) {
      *pre = (uint32_t)n0;
      *per = p;
      return 1;
    }
  }
  return 0;
}
