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

/* The removals j < r->ndigits with a non-zero digit, in increasing order
** (a rule like sub{1,1000000} has two of a million digits). */
typedef struct digits {
  uint32_t *j;
  uint32_t n;
} digits;

static cgt_rc digits_make(const cgt_rule *r, digits *dg) {
  dg->n = 0;
  dg->j = cgt_malloc(((size_t)r->ndigits + 1) * sizeof *dg->j);
  if (!dg->j) return CGT_NOMEM;
  for (uint32_t j = 0; j < r->ndigits; j++)
    if (r->d[j]) dg->j[dg->n++] = j;
  return CGT_OK;
}

/* Marks G(a) ^ G(s - a) for a0 <= a <= a1 with stamp n. */
static void mark_pairs(const cgt_hvals *h, uint32_t s, uint32_t a0, uint32_t a1, uint32_t *at, uint32_t n) {
  CGT_HV_EACH_WIDTH(h, for (uint32_t a = a0; a <= a1; a++) at[g[a] ^ g[s - a]] = n)
}

/* Marks G(a) ^ G(s - a) for the listed a < s (but a = s/2 when skip_half)
** with stamp n; returns how many of the list it read. */
static uint32_t mark_listed(const cgt_hvals *h, uint32_t s, const uint32_t *list, uint32_t count, int skip_half,
                            uint32_t *at, uint32_t n) {
  uint32_t i = 0;
  CGT_HV_EACH_WIDTH(h, for (; i < count && list[i] < s; i++) if (!skip_half || 2 * list[i] != s) at[g[list[i]] ^ g[s - list[i]]] = n)
  return i;
}

/* The last a of the splits a + (s - a), a <= s - a, of a heap of s (0 for none). */
static uint32_t last_split(uint32_t s, int diff) {
  uint32_t half = s / 2;
  return diff && half && 2 * half == s ? half - 1 : half;   /* (s/2, s/2) is not a move */
}

/* Marks the options of heap n that take j counters; charges the options
** scanned.  Returns non-zero when the computation must stop. */
static int mark_take(const cgt_rule *r, const cgt_hvals *h, uint32_t n, uint32_t j, marks *mk, cgt_stop *st) {
  uint8_t d = cgt_rule_digit(r, j);
  uint32_t s = n - j;
  int diff = cgt_rule_distinct(r, j);
  if ((d & CGT_LEAVE_NONE) && s == 0) mk->at[0] = n;
  if ((d & CGT_LEAVE_ONE) && s > 0 && j > 0) mk->at[cgt_hv(h, s)] = n;
  uint64_t work = 1;
  if (d & CGT_LEAVE_TWO) {
    uint32_t last = last_split(s, diff);
    if (last) mark_pairs(h, s, 1, last, mk->at, n);
    work += s / 2;
  }
  if (d & CGT_LEAVE_THREE)
    for (uint32_t a = 1; 3 * a <= s; a++) {
      for (uint32_t b = a; a + 2 * b <= s; b++) {
        uint32_t c = s - a - b;
        if (!diff || (a != b && b != c)) mk->at[cgt_hv(h, a) ^ cgt_hv(h, b) ^ cgt_hv(h, c)] = n;
      }
      /* one heap of a three-way split game has ~s^2/12 options: charge as
      ** they are scanned, not once a heap */
      if (cgt_stop_charge(st, 1 + (s - 3 * a) / 2)) return 1;
    }
  return cgt_stop_charge(st, work);
}

/* Marks every option of heap n (plain: all moves); non-zero to stop. */
static int mark_all(const cgt_rule *r, const digits *dg, const cgt_hvals *h, uint32_t n, marks *mk, cgt_stop *st) {
  for (uint32_t i = 0; i < dg->n && dg->j[i] <= n; i++)
    if (mark_take(r, h, n, dg->j[i], mk, st)) return 1;
  if (r->tail)   /* every j from ndigits to n */
    for (uint32_t j = r->ndigits; j <= n; j++)
      if (mark_take(r, h, n, j, mk, st)) return 1;
  return 0;
}

/* G(n) = v: stored, and the marks made room for XORs with it. */
static cgt_rc set_value(marks *mk, cgt_hvals *h, uint32_t n, uint32_t v, cgt_stop *st) {
  cgt_rc rc = cgt_hvals_set(h, n, v, st);
  return rc ? rc : marks_fit(mk, 2 * v + 1);
}

/* The largest of G(0..from-1), at least floor. */
static uint32_t largest(const cgt_hvals *h, uint32_t from, uint32_t floor) {
  uint32_t top = floor;
  for (uint32_t x = 0; x < from; x++) top = cgt_hv(h, x) > top ? cgt_hv(h, x) : top;
  return top;
}

/* G(from..n_max) by the plain loop, G(0..from-1) known. */
static cgt_rc plain_from(const cgt_rule *r, uint32_t from, uint32_t n_max, cgt_hvals *h, cgt_stop *st) {
  marks mk = {NULL, 0};
  digits dg;
  cgt_rc rc = digits_make(r, &dg);
  if (rc == CGT_OK) rc = marks_fit(&mk, largest(h, from, 63));
  for (uint32_t n = from; rc == CGT_OK && n <= n_max; n++) {
    if ((n & 255) == 0 && st && n >= st->done) cgt_stop_progress(st, n, st->total ? st->total : n_max);
    if (mark_all(r, &dg, h, n, &mk, st)) rc = CGT_INTERRUPTED;
    else rc = set_value(&mk, h, n, mex(&mk, n), st);
  }
  cgt_free(dg.j);
  cgt_free(mk.at);
  return rc;
}

/* ---- sparse space ---- */

static int parity(uint32_t v) { return __builtin_parity(v); }

/* The most splitting removals sparse space takes. */
#define SPLITS_MAX 8

typedef struct sparse {
  uint32_t t[SPLITS_MAX];   /* the splitting removals, increasing */
  int diff[SPLITS_MAX];     /* their '!' */
  uint32_t nt;
  uint32_t mask;
  int dom;           /* domain type (one split only): the class also depends on the parity of n */
  int rare_cls;
} sparse;

static int cls(const sparse *sp, const cgt_hvals *h, uint32_t x) {
  return parity(cgt_hv(h, x) & sp->mask) ^ (sp->dom ? (int)(x & 1) : 0);
}

/* The splitting removals of a finite code whose splits leave two heaps
** (none three), into sp->t (sp->nt of them); 0 when the rule is not of
** that kind or has more than SPLITS_MAX. */
static uint32_t splits(const cgt_rule *r, sparse *sp) {
  sp->nt = 0;
  if (r->tail) return 0;
  for (uint32_t j = 0; j < r->ndigits; j++) {
    if (r->d[j] & CGT_LEAVE_THREE) return sp->nt = 0;
    if (r->d[j] & CGT_LEAVE_TWO) {
      if (sp->nt == SPLITS_MAX) return sp->nt = 0;
      sp->diff[sp->nt] = cgt_rule_distinct(r, j);
      sp->t[sp->nt++] = j;
    }
  }
  return sp->nt;
}

/* Chooses the mask (and type) with the fewest rare positions in the upper
** half of G(1..n) (rare values die out: the start says little), and of
** those the fewest in all of G(1..n) (.1777 has none past heap 123 under
** one mask, 0.4% of its heaps under another, and neither among heaps 1024
** to 2048), into *sp, with that count in *upper.  Masks are bitstrings
** whose bits above the values seen are all 1, as in Winning Ways, so that
** they still apply to larger values.  The count of each class of heap
** (the value's low bits, the parity of its high ones and of the heap) is
** taken once; each mask adds up the classes. */
static cgt_rc choose_mask(sparse *sp, const cgt_hvals *h, uint32_t n, uint32_t *upper, cgt_stop *st) {
  uint32_t top = 0, bits = 0;
  for (uint32_t x = 0; x <= n; x++) top |= cgt_hv(h, x);
  while (bits < 10 && (top >> bits)) bits++;
  uint32_t classes = 4u << bits;   /* index: low bits, high parity, heap parity */
  uint64_t *count = cgt_calloc(2 * (size_t)classes, sizeof *count);   /* upper half, then all */
  uint32_t *seen = cgt_malloc((size_t)classes * sizeof *seen);
  if (!count || !seen) {
    cgt_free(count);
    cgt_free(seen);
    return CGT_NOMEM;
  }
  for (uint32_t x = 1; x <= n; x++) {
    uint32_t v = cgt_hv(h, x), c = (v & ((1u << bits) - 1)) | (uint32_t)parity(v >> bits) << bits | (x & 1) << (bits + 1);
    count[classes + c]++;
    if (x >= n / 2) count[c]++;
  }
  uint32_t nseen = 0;   /* the classes seen, packed at the front (nseen <= c: no count is lost) */
  for (uint32_t c = 0; c < classes; c++)
    if (count[classes + c]) count[nseen] = count[c], count[classes + nseen] = count[classes + c], seen[nseen++] = c;
  uint64_t best_upper = UINT64_MAX, best_all = UINT64_MAX;
  sparse s = *sp;
  for (s.dom = 0; s.dom <= (s.nt == 1); s.dom++) {
    /* Flammenkamp's two kinds: rare when the masked parity is even (range),
    ** or when it equals the parity of n - t (domain; one splitting removal
    ** only, as the parity of n - t must be one). */
    s.rare_cls = s.dom ? (int)(s.t[0] & 1) : 0;
    for (uint32_t low = 1; low < (1u << bits); low++) {
      uint64_t in_upper = 0, in_all = 0;
      uint32_t m = low | 1u << bits | (uint32_t)s.dom << (bits + 1);
      for (uint32_t i = 0; i < nseen; i++)
        if (parity(seen[i] & m) == s.rare_cls) in_upper += count[i], in_all += count[classes + i];
      if (in_upper < best_upper || (in_upper == best_upper && in_all < best_all)) {
        best_upper = in_upper;
        best_all = in_all;
        s.mask = low | (bits >= 32 ? 0 : ~((1u << bits) - 1));
        *sp = s;
      }
      if (cgt_stop_charge(st, 1 + nseen)) break;
    }
  }
  cgt_free(count);
  cgt_free(seen);
  *upper = best_upper > UINT32_MAX ? UINT32_MAX : (uint32_t)best_upper;
  return st && st->stopped ? CGT_INTERRUPTED : CGT_OK;
}

/* G(n) into *v by sparse space; rare lists the rare positions below n;
** miss is room for the missing values below c.  Adds the splits it looked
** at to *looked and all the splits of n to *splits.  Charges the options
** and values scanned; returns non-zero when the computation must stop. */
static int sparse_value(const cgt_rule *r, const sparse *sp, const cgt_hvals *h, uint32_t n, const uint32_t *rare,
                        uint32_t nrare, marks *mk, uint32_t *miss, uint64_t *looked, uint64_t *splits, uint32_t *v,
                        cgt_stop *st) {
  uint64_t work = 1 + (r->ndigits < n ? r->ndigits : n);
  /* Moves that do not split. */
  for (uint32_t j = 1; j < r->ndigits && j <= n; j++) {
    if ((r->d[j] & CGT_LEAVE_NONE) && n == j) mk->at[0] = n;
    if ((r->d[j] & CGT_LEAVE_ONE) && n > j) mk->at[cgt_hv(h, n - j)] = n;
  }
  if (n < sp->t[0] + 2) {
    *v = mex(mk, n);
    return cgt_stop_charge(st, work);
  }
  /* Splits with a rare part give every value of parity p1 there is (a
  ** value of that class is the XOR of a rare and a common one). */
  int p1 = 1 ^ (sp->dom ? (int)((n - sp->t[0]) & 1) : 0);
  for (uint32_t k = 0; k < sp->nt && n >= sp->t[k] + 2; k++) {
    uint32_t s = n - sp->t[k], i = mark_listed(h, s, rare, nrare, sp->diff[k], mk->at, n);
    work += i;
    *looked += i;
    *splits += s / 2;
  }
  uint32_t c = 0;
  while (c < mk->cap && (mk->at[c] == n || parity(c & sp->mask) != p1)) c++;
  if (cgt_stop_charge(st, work + 2 * (uint64_t)c)) return 1;
  /* Values of the other parity below c must be found among all splits (the
  ** common ones give them).  Every split's value is marked, in blocks, and
  ** the list of missing values is checked between blocks.  No split can
  ** give c: a value of parity p1 needs a rare part, and those were marked. */
  uint32_t nmiss = 0;
  for (uint32_t u = 0; u < c; u++)
    if (mk->at[u] != n) miss[nmiss++] = u;
  for (uint32_t k = 0; nmiss && k < sp->nt && n >= sp->t[k] + 2; k++) {
    uint32_t s = n - sp->t[k], half = last_split(s, sp->diff[k]);
    for (uint32_t a = 1; nmiss && a <= half;) {
      uint32_t end = half - a < 256 ? half : a + 255;
      *looked += end - a + 1;
      mark_pairs(h, s, a, end, mk->at, n);
      a = end + 1;
      uint32_t kept = 0;
      for (uint32_t m = 0; m < nmiss; m++)
        if (mk->at[miss[m]] != n) miss[kept++] = miss[m];
      if (cgt_stop_charge(st, 256 + (uint64_t)nmiss)) return 1;
      nmiss = kept;
    }
  }
  *v = mex(mk, n);
  return 0;
}

/* G(from..n_max) by the form f (proven with G(0..from-1)). */
static cgt_rc follow_form(const cgt_heap_form *f, cgt_hvals *h, uint32_t from, uint32_t n_max, cgt_stop *st) {
  for (uint32_t x = from; x <= n_max; x++) {
    uint32_t v;
    if (__builtin_add_overflow(cgt_hv(h, x - f->per), f->saltus, &v)) return CGT_TOOBIG;
    cgt_rc rc = cgt_hvals_set(h, x, v, st);
    if (rc) return rc;
    if ((x & 0xffff) == 0 && cgt_stop_charge(st, 0x10000)) return CGT_INTERRUPTED;
  }
  return CGT_OK;
}

/*
** Excluded moves, for a rule that only takes and may take any j > m: the
** options of n are every G(k), k < n, but for the heaps k = n - j left by
** the removals j <= m that the rule forbids (j in ex[0..nex-1], digit
** not 3).  So G(n) is the mex of all earlier values, or less: a value
** each of whose cnt[v] occurrences so far is at an excluded heap.  Each
** heap costs about nex steps.
*/
static cgt_rc values_excluded(const cgt_rule *r, uint32_t m, uint32_t n_max, cgt_hvals *h, cgt_stop *st) {
  const uint8_t take = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  /* G(n) <= n: counts of the values, and a tally of the excluded ones. */
  uint64_t bytes = 2 * ((uint64_t)n_max + 2) * sizeof(uint32_t);
  if (cgt_stop_reserve(st, bytes)) return CGT_MEMORY;
  uint32_t nex = 0, *ex = cgt_malloc(((size_t)m + 1) * sizeof *ex);
  uint32_t *cnt = cgt_calloc((size_t)n_max + 2, sizeof *cnt), *tally = cgt_calloc((size_t)n_max + 2, sizeof *tally);
  cgt_rc rc = ex && cnt && tally ? CGT_OK : CGT_NOMEM;
  for (uint32_t j = 1; rc == CGT_OK && j <= m; j++)
    if (cgt_rule_digit(r, j) != take) ex[nex++] = j;
  uint32_t all = 0;   /* the mex of g[0..n-1] */
  for (uint32_t n = 0; rc == CGT_OK && n <= n_max; n++) {
    if ((n & 1023) == 0) cgt_stop_progress(st, n, n_max);
    uint32_t v = all, i;
    for (i = 0; i < nex && ex[i] <= n; i++) {
      uint32_t k = n - ex[i];
      if (cgt_rule_digit(r, ex[i]) & (k ? CGT_LEAVE_ONE : CGT_LEAVE_NONE)) continue;
      uint32_t gk = cgt_hv(h, k);
      if (++tally[gk] == cnt[gk] && gk < v) v = gk;
    }
    while (i-- > 0) tally[cgt_hv(h, n - ex[i])] = 0;
    rc = cgt_hvals_set(h, n, v, st);
    cnt[v]++;
    while (cnt[all]) all++;
    if (rc == CGT_OK && cgt_stop_charge(st, 1 + (uint64_t)nex)) rc = CGT_INTERRUPTED;
  }
  cgt_free(ex);
  cgt_free(cnt);
  cgt_free(tally);
  cgt_stop_release(st, bytes);
  return rc;
}

/* The rare positions found so far, in increasing order. */
typedef struct rare_list {
  uint32_t *x;
  uint32_t n, cap;
  uint64_t bytes;   /* reserved */
} rare_list;

static cgt_rc rare_push(rare_list *rl, uint32_t x, cgt_stop *st) {
  if (rl->n == rl->cap) {
    uint32_t cap = rl->cap ? 2 * rl->cap : 1024;
    if (cgt_stop_reserve(st, (uint64_t)(cap - rl->cap) * sizeof *rl->x)) return CGT_MEMORY;
    rl->bytes += (uint64_t)(cap - rl->cap) * sizeof *rl->x;
    uint32_t *p = cgt_realloc(rl->x, (size_t)cap * sizeof *p);
    if (!p) return CGT_NOMEM;
    rl->x = p;
    rl->cap = cap;
  }
  rl->x[rl->n++] = x;
  return CGT_OK;
}

/* G(from..n_max) after the first 2048 values, by sparse space while it pays
** (when sparse_ok), else by the plain loop; looks for a period as it goes
** when use_period. */
static cgt_rc values_after_prefix(const cgt_rule *r, sparse *sp, int sparse_ok, uint32_t from, uint32_t n_max,
                                  cgt_hvals *h, int use_period, cgt_stop *st) {
  marks mk = {NULL, 0};
  digits dg = {NULL, 0};
  rare_list rare = {NULL, 0, 0, 0};
  uint32_t *miss = NULL, miss_cap = 0;
  cgt_rc rc = digits_make(r, &dg);
  if (rc == CGT_OK) rc = marks_fit(&mk, 2 * largest(h, from, 0) + 1);
  for (uint32_t x = 1; rc == CGT_OK && sparse_ok && x < from; x++)
    if (cls(sp, h, x) == sp->rare_cls) rc = rare_push(&rare, x, st);
  /* Each time n grows by a quarter, the mask is chosen again from the
  ** values so far (a better one rebuilds the rare list), and periods are
  ** looked for, so that a period is used soon after it can be proven (a
  ** look costs O(n)). */
  uint32_t checkpoint = from < 4096 ? 4096 : from;
  /* Sparse space pays when it looks at few of the splits; where the
  ** values are large (.04, .06), finding the missing ones looks at most of
  ** them and more (the rare ones first), and the plain loop is faster.
  ** Over the 4096 heaps from heap 8192 (or from `from`, when later), a
  ** sparse space that looked at more splits than there are gives way to it
  ** (the values are the same either way).  There .04 and .06 look at 1.4
  ** times the splits, Officers at 0.73, Grundy's game at 0.51 (less and
  ** less later: 0.14 at heap 65,536), .56 at 0.04. */
  uint64_t looked = 0, all_splits = 0;
  uint32_t window = from > 8192 ? from : 8192;
  for (uint32_t n = from; rc == CGT_OK && n <= n_max; n++) {
    if (n == window) looked = all_splits = 0;
    if (sparse_ok && n == window + 4096 && looked > all_splits) sparse_ok = 0;
    if ((n & 1023) == 0) cgt_stop_progress(st, n, n_max);
    if (sparse_ok && miss_cap < mk.cap) {
      uint32_t *m = cgt_realloc(miss, (size_t)mk.cap * sizeof *m);
      if (!m) { rc = CGT_NOMEM; break; }
      miss = m;
      miss_cap = mk.cap;
    }
    uint32_t v;
    if (sparse_ok) {
      if (sparse_value(r, sp, h, n, rare.x, rare.n, &mk, miss, &looked, &all_splits, &v, st)) {
        rc = CGT_INTERRUPTED;
        break;
      }
      rc = set_value(&mk, h, n, v, st);
      if (rc == CGT_OK && cls(sp, h, n) == sp->rare_cls) rc = rare_push(&rare, n, st);
    } else {
      if (mark_all(r, &dg, h, n, &mk, st)) { rc = CGT_INTERRUPTED; break; }
      rc = set_value(&mk, h, n, mex(&mk, n), st);
    }
    int look = rc == CGT_OK && n == checkpoint;
    if (look) checkpoint = n + n / 4;
    if (look && sparse_ok) {   /* the mask the values now show */
      sparse again = *sp;
      uint32_t upper;
      rc = choose_mask(&again, h, n, &upper, st);
      if (rc == CGT_OK && (again.mask != sp->mask || again.dom != sp->dom)) {
        *sp = again;
        rare.n = 0;
        for (uint32_t x = 1; rc == CGT_OK && x <= n; x++)
          if (cls(sp, h, x) == sp->rare_cls) rc = rare_push(&rare, x, st);
      }
    }
    if (look && rc == CGT_OK && use_period) {
      int found = 0;
      cgt_heap_form f;
      rc = cgt_heap_period_find(r, h, n + 1, &found, &f, st);
      if (rc == CGT_OK && found) {
        rc = follow_form(&f, h, n + 1, n_max, st);
        break;
      }
    }
  }
  cgt_free(rare.x);
  cgt_stop_release(st, rare.bytes);
  cgt_free(miss);
  cgt_free(mk.at);
  cgt_free(dg.j);
  return rc;
}

/* G(h->have..n_max) (the same values whatever h->have). */
static cgt_rc values(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, int use_period, cgt_stop *st) {
  uint32_t past, from = (uint32_t)h->have;
  if (h->have > n_max) return CGT_OK;
  cgt_stop_progress(st, from, n_max);
  /* The values this call holds: those known, and room for the rest. */
  cgt_rc rc = cgt_stop_reserve(st, cgt_hvals_bytes(h));
  if (rc == CGT_OK) rc = cgt_hvals_room(h, (uint64_t)n_max + 1, st);
  if (rc) return rc;
  if (use_period && cgt_rule_is_lasker(r) && n_max > 4) {   /* its closed form from G(0..4) */
    cgt_heap_form f = {0, 1, 0};
    rc = from <= 4 ? plain_from(r, from, 4, h, st) : CGT_OK;
    if (rc == CGT_OK) (void)cgt_heap_period(r, h, 5, &f);   /* always found: case 3 of heapform.c */
    return rc ? rc : follow_form(&f, h, from > 5 ? from : 5, n_max, st);
  }
  if (cgt_rule_takes_past(r, &past))   /* a form is looked for as the values grow fourfold (from 0: linear) */
    for (uint32_t bound = n_max < 4096 ? n_max : 4096;; bound = n_max / 4 < bound ? n_max : 4 * bound) {
      int found = 0;
      cgt_heap_form f;
      rc = values_excluded(r, past, bound, h, st);
      if (rc == CGT_OK && use_period && bound < n_max) rc = cgt_heap_period_find(r, h, bound + 1, &found, &f, st);
      if (rc || bound == n_max) return rc;
      if (found) return follow_form(&f, h, bound + 1, n_max, st);
    }
  sparse sp;
  uint32_t prefix = n_max < 2048 ? n_max : 2048;
  rc = from <= prefix ? plain_from(r, from, prefix, h, st) : CGT_OK;
  if (rc || prefix == n_max) return rc;
  int sparse_ok = 0;
  if (splits(r, &sp)) {   /* the mask from the values known */
    uint32_t nrare, known = from > prefix + 1 ? from - 1 : prefix;
    rc = choose_mask(&sp, h, known, &nrare, st);
    if (rc) return rc;
    sparse_ok = nrare <= known / 8;
  }
  return values_after_prefix(r, &sp, sparse_ok, from > prefix + 1 ? from : prefix + 1, n_max, h, use_period, st);
}

cgt_rc cgt_heap_values(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st) {
  return values(r, n_max, h, 1, st);
}

cgt_rc cgt_heap_values_plain(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st) {
  cgt_rc rc = cgt_hvals_room(h, (uint64_t)n_max + 1, st);
  return rc ? rc : plain_from(r, (uint32_t)h->have, n_max, h, st);
}

cgt_rc cgt_heap_values_sparse(const cgt_rule *r, uint32_t n_max, cgt_hvals *h, cgt_stop *st) {
  return values(r, n_max, h, 0, st);
}

int cgt_rule_is_sparse_candidate(const cgt_rule *r) {
  sparse sp;
  return splits(r, &sp) != 0;
}

int cgt_heap_sparse_mask(const cgt_rule *r, const cgt_hvals *h, uint32_t n, cgt_heap_sparse *out, cgt_stop *st) {
  sparse sp;
  if (!splits(r, &sp) || n < 16) return 0;
  uint32_t nrare;
  if (choose_mask(&sp, h, n, &nrare, st) || nrare > n / 8) return 0;
  *out = (cgt_heap_sparse){sp.mask, sp.dom, sp.rare_cls};
  return 1;
}

int cgt_heap_is_rare(const cgt_heap_sparse *s, const cgt_hvals *h, uint32_t x) {
  return (parity(cgt_hv(h, x) & s->mask) ^ (s->domain ? (int)(x & 1) : 0)) == s->rare_class;
}
