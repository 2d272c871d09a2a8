/* Partizan subtraction games; see subtraction.h. */
#include "subtraction.h"

#include <stdio.h>
#include <string.h>

/* ---- parsing ---- */

static const char *skip_space(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
  return p;
}

int cg_subtraction_is(const char *ruleset) { return cgt_name_prefix(ruleset, "subtraction"); }

/* Reads an amount at *p (digits); 0 when there are none. */
static uint32_t read_amount(const char **p, const char *end) {
  uint32_t x = 0;
  const char *q = *p;
  while (q < end && *q >= '0' && *q <= '9') {
    if (x <= CG_SUB_AMOUNT_MAX) x = x * 10 + (uint32_t)(*q - '0');
    q++;
  }
  if (q == *p) return UINT32_MAX;
  *p = q;
  return x;
}

/* Parses the set text [p, end) into out (increasing, no repeats). */
static cgt_rc parse_set(const char *p, const char *end, uint16_t *out, uint32_t *n, char *err, size_t errlen) {
  uint8_t seen[CG_SUB_AMOUNT_MAX + 1];
  memset(seen, 0, sizeof seen);
  const char *b = skip_space(p, end), *e = end;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) e--;
  int shown = e - b > 60 ? 60 : (int)(e - b);
  for (const char *q = b; q < e;) {
    uint32_t lo = read_amount(&q, e), hi = lo;
    q = skip_space(q, e);
    if (lo != UINT32_MAX && e - q >= 2 && q[0] == '.' && q[1] == '.') {
      q = skip_space(q + 2, e);
      hi = read_amount(&q, e);
      q = skip_space(q, e);
    }
    if (lo == UINT32_MAX || hi == UINT32_MAX || (q < e && *q != ',') || (q < e && skip_space(q + 1, e) == e)) {
      snprintf(err, errlen, "subtraction: bad set '%.*s' (amounts and ranges a..b separated by commas)", shown, b);
      return CGT_SYNTAX;
    }
    if (lo == 0 || hi > CG_SUB_AMOUNT_MAX) {
      snprintf(err, errlen, "subtraction: amounts are 1 to %u (in set '%.*s')", CG_SUB_AMOUNT_MAX, shown, b);
      return CGT_SYNTAX;
    }
    if (lo > hi) {
      snprintf(err, errlen, "subtraction: empty range %u..%u in set '%.*s'", lo, hi, shown, b);
      return CGT_SYNTAX;
    }
    for (uint32_t a = lo; a <= hi; a++) seen[a] = 1;
    if (q < e) q = skip_space(q + 1, e);
  }
  *n = 0;
  for (uint32_t a = 1; a <= CG_SUB_AMOUNT_MAX; a++) {
    if (!seen[a]) continue;
    if (*n == CG_SUB_SET_MAX) {
      snprintf(err, errlen, "subtraction: a set has at most %u amounts ('%.*s' has more)", CG_SUB_SET_MAX, shown, b);
      return CGT_SYNTAX;
    }
    out[(*n)++] = (uint16_t)a;
  }
  return CGT_OK;
}

cgt_rc cg_subtraction_parse(const char *text, cg_subtraction *g, char *err, size_t errlen) {
  const char *end = text + strlen(text), *open = skip_space(text + 11, end);
  memset(g, 0, sizeof *g);
  int shown = end - text > 80 ? 80 : (int)(end - text);
  const char *close = open < end && *open == '{' ? memchr(open, '}', (size_t)(end - open)) : NULL;
  const char *bar = close ? memchr(open, '|', (size_t)(close - open)) : NULL;
  if (!cg_subtraction_is(text) || !close || !bar || memchr(bar + 1, '|', (size_t)(close - bar - 1))) {
    snprintf(err, errlen, "subtraction: a ruleset is subtraction{L|R} with Left's and Right's amounts, not '%.*s'",
             shown, text);
    return CGT_SYNTAX;
  }
  if (skip_space(close + 1, end) != end) {
    snprintf(err, errlen, "subtraction: unexpected text after '}' in '%.*s'", shown, text);
    return CGT_SYNTAX;
  }
  cgt_rc rc = parse_set(open + 1, bar, g->left, &g->nl, err, errlen);
  if (rc == CGT_OK) rc = parse_set(bar + 1, close, g->right, &g->nr, err, errlen);
  if (rc == CGT_OK) {
    uint32_t ml = g->nl ? g->left[g->nl - 1] : 0, mr = g->nr ? g->right[g->nr - 1] : 0;
    g->m = ml > mr ? ml : mr;
  }
  return rc;
}

cgt_rc cg_subtraction_heap(const char *text, uint32_t *n, char *err, size_t errlen) {
  const char *end = text + strlen(text), *p = skip_space(text, end);
  uint64_t x = 0;
  const char *digits = p;
  while (p < end && *p >= '0' && *p <= '9') {
    if (x <= CG_SUB_HEAP_MAX) x = x * 10 + (uint64_t)(*p - '0');
    p++;
  }
  int shown = end - text > 40 ? 40 : (int)(end - text);
  if (p == digits || skip_space(p, end) != end) {
    snprintf(err, errlen, "subtraction: a board is a heap size (a count of counters), not '%.*s'", shown, text);
    return CGT_SYNTAX;
  }
  if (x > CG_SUB_HEAP_MAX) {
    snprintf(err, errlen, "subtraction: a heap of '%.*s' counters is over the limit of %u", shown, text,
             CG_SUB_HEAP_MAX);
    return CGT_SYNTAX;
  }
  *n = (uint32_t)x;
  return CGT_OK;
}

/* ---- values and outcomes ---- */

/* The options of heap i (values of the heaps it moves to). */
static void options_of(const cg_subtraction *g, const cg_id *v, uint32_t i, cg_id *L, uint32_t *nl, cg_id *R,
                       uint32_t *nr) {
  for (*nl = 0; *nl < g->nl && g->left[*nl] <= i; ++*nl) L[*nl] = v[i - g->left[*nl]];
  for (*nr = 0; *nr < g->nr && g->right[*nr] <= i; ++*nr) R[*nr] = v[i - g->right[*nr]];
}

/*
** Values heaps from..n into v (v[0..from-1] already made, by this same
** loop): heaps whose options have the same values have the same value, so
** a table from the hash of the option lists to the first heap with them
** spares the canonical form (the store's costly part) on every heap of a
** period.  The table is rebuilt over the heaps made before, uncharged, so
** the work from heap from on is what one run from heap 0 would do there.
** *made is the number of heaps made (n + 1 on success).
*/
static cgt_rc values_loop(cg_store *s, const cg_subtraction *g, uint32_t from, uint32_t n, cg_id *v,
                          uint32_t *made) {
  uint32_t size = 1;
  while (size < 2 * (n + 1)) size <<= 1;
  uint32_t *first = cgt_calloc(size, sizeof *first);   /* heap + 1, 0 empty */
  uint64_t *hash = cgt_malloc(((size_t)n + 1) * sizeof *hash);
  cgt_rc rc = first && hash ? CGT_OK : CGT_NOMEM;
  uint32_t i;
  for (i = 0; i <= n && rc == CGT_OK; i++) {
    cg_id L[CG_SUB_SET_MAX], R[CG_SUB_SET_MAX], L2[CG_SUB_SET_MAX], R2[CG_SUB_SET_MAX];
    uint32_t nl, nr, nl2, nr2, k;
    options_of(g, v, i, L, &nl, R, &nr);
    uint64_t h = 0x84222325CBF29CE4u ^ ((uint64_t)nl << 32 | nr);
    for (k = 0; k < nl; k++) h = (h ^ L[k]) * 0x100000001B3u;
    for (k = 0; k < nr; k++) h = (h ^ R[k]) * 0x100000001B3u;
    hash[i] = h;
    for (k = (uint32_t)(h >> 11) & (size - 1); first[k]; k = (k + 1) & (size - 1)) {
      uint32_t j = first[k] - 1;
      if (hash[j] != h) continue;
      options_of(g, v, j, L2, &nl2, R2, &nr2);
      if (nl == nl2 && nr == nr2 && !memcmp(L, L2, nl * sizeof *L) && !memcmp(R, R2, nr * sizeof *R)) break;
    }
    if (i < from) {
      if (!first[k]) first[k] = i + 1;
    } else if (first[k]) {
      v[i] = v[first[k] - 1], rc = cg_work(s, (uint64_t)nl + nr + 1);
    } else if ((rc = cg_game(s, L, nl, R, nr, &v[i])) == CGT_OK) {
      first[k] = i + 1;
    }
  }
  *made = rc == CGT_OK ? n + 1 : i ? i - 1 : from;
  cgt_free(first);
  cgt_free(hash);
  return rc;
}

cgt_rc cg_subtraction_values(cg_store *s, const cg_subtraction *g, uint32_t n, uint64_t work_max, cg_id *v,
                             uint32_t *done) {
  cg_budget b;
  uint32_t made;
  cg_budget_begin(&b, s, work_max);
  cgt_rc rc = cg_budget_end(&b, s, values_loop(s, g, 0, n, v, &made));
  if (done) *done = made;
  return rc;
}

/* ---- the values a connection keeps ---- */

struct cg_sub_memo {
  cg_store *s;          /* its own store: only these values are made in it */
  cg_subtraction g;
  uint64_t work_max;
  cg_id *v;             /* v[0..made-1] */
  uint32_t made, cap;
  uint64_t polls, spent;   /* the budget's count after heap made - 1 */
  cgt_rc fail;          /* why heap made could not be made (CGT_OK: not tried) */
};

/* An empty memo (its store is made on first use). */
cg_sub_memo *cg_sub_memo_new(void) { return cgt_calloc(1, sizeof(cg_sub_memo)); }

/* Empties m (its store and values). */
static void memo_clear(cg_sub_memo *m) {
  cg_store_free(m->s);
  cgt_free(m->v);
  memset(m, 0, sizeof *m);
}

/* Frees m and what it holds (NULL: nothing). */
void cg_sub_memo_free(cg_sub_memo *m) {
  if (!m) return;
  memo_clear(m);
  cgt_free(m);
}

/* 1 when a and b are the same ruleset. */
static int same_game(const cg_subtraction *a, const cg_subtraction *b) {
  return a->nl == b->nl && a->nr == b->nr && a->m == b->m && !memcmp(a->left, b->left, a->nl * sizeof *a->left) &&
         !memcmp(a->right, b->right, a->nr * sizeof *a->right);
}

/*
** The store holds nothing but the values of heaps 0..made-1 (and the
** partial work of heap made once over), made in order by values_loop; the
** budget resumes with the count (polls and remainder) it had after heap
** made - 1, so every heap costs, and the budget ends, exactly as in one
** run from heap 0.  A failure that such a run meets too (the budget, a
** game too deep, a number too large) is kept for the larger heaps; any
** other (an interrupt, memory) leaves partial work in the store, which is
** then dropped.
*/
cgt_rc cg_sub_memo_values(cg_sub_memo *m, const cg_subtraction *g, uint32_t n, uint64_t work_max, cgt_stop *stop,
                          cg_store **store, const cg_id **v, uint32_t *done) {
  if (n > CG_SUB_HEAP_MAX) return CGT_LIMIT;
  if (m->s && (!same_game(&m->g, g) || m->work_max != work_max)) memo_clear(m);
  if (!m->s) {
    if (!(m->s = cg_store_new())) return CGT_NOMEM;
    m->g = *g;
    m->work_max = work_max;
  }
  cgt_rc rc = CGT_OK;
  if (n >= m->made && m->fail) rc = m->fail;
  else if (n >= m->made) {
    if (n >= m->cap) {
      uint32_t cap = m->cap ? m->cap : 64;
      while (cap <= n) cap *= 2;   /* n <= CG_SUB_HEAP_MAX: no overflow */
      cg_id *nv = cgt_realloc(m->v, (size_t)cap * sizeof *nv);
      if (!nv) return CGT_NOMEM;
      m->v = nv, m->cap = cap;
    }
    cg_budget b;
    uint32_t made;
    cg_store_set_stop(m->s, stop);
    cg_budget_begin(&b, m->s, work_max);
    b.polls = m->polls, b.stop.spent = m->spent;
    rc = cg_budget_end(&b, m->s, values_loop(m->s, g, m->made, n, m->v, &made));
    cg_store_set_stop(m->s, NULL);
    if (rc == CGT_OK || rc == CGT_LIMIT || rc == CGT_RANGE || rc == CGT_TOODEEP) {
      m->made = made, m->polls = b.polls, m->spent = b.stop.spent, m->fail = rc;
    } else {
      memo_clear(m);
      return rc;
    }
  }
  *store = m->s;
  *v = m->v;
  if (done) *done = rc == CGT_OK ? n + 1 : m->made;
  return rc;
}

cgt_rc cg_subtraction_board(cg_store *s, cg_sub_memo *memo, const char *ruleset, const char *heap,
                            uint64_t work_max, cg_id *out, char *err, size_t errlen) {
  cg_subtraction g;
  uint32_t n;
  cgt_rc rc = cg_subtraction_parse(ruleset, &g, err, errlen);
  if (rc == CGT_OK) rc = cg_subtraction_heap(heap, &n, err, errlen);
  if (rc) return rc;
  cg_sub_memo *m = memo ? memo : cg_sub_memo_new();
  cg_store *from;
  const cg_id *v;
  rc = m ? cg_sub_memo_values(m, &g, n, work_max, cg_store_get_stop(s), &from, &v, NULL) : CGT_NOMEM;
  if (rc == CGT_LIMIT)
    snprintf(err, errlen, "subtraction: the values up to heap %u take over %llu steps (their forms grow with the heap)",
             n, (unsigned long long)work_max);
  if (rc == CGT_OK) rc = cg_import(s, from, v[n], out);
  if (m != memo) cg_sub_memo_free(m);
  return rc;
}

cgt_rc cg_subtraction_outcomes(cg_store *s, const cg_subtraction *g, uint32_t n, uint8_t *o) {
  for (uint32_t i = 0; i <= n; i++) {
    uint8_t x = 0;
    for (uint32_t k = 0; k < g->nl && g->left[k] <= i; k++)   /* to a heap Right loses moving first */
      if (!(o[i - g->left[k]] & CG_SUB_RIGHT_FIRST)) {
        x |= CG_SUB_LEFT_FIRST;
        break;
      }
    for (uint32_t k = 0; k < g->nr && g->right[k] <= i; k++)
      if (!(o[i - g->right[k]] & CG_SUB_LEFT_FIRST)) {
        x |= CG_SUB_RIGHT_FIRST;
        break;
      }
    o[i] = x;
    cgt_rc rc = cg_work(s, (uint64_t)g->nl + g->nr + 1);
    if (rc) return rc;
  }
  return CGT_OK;
}

/* ---- periods ---- */

/*
** The outcome period: windows of w = max(m, 1) outcomes determine the next
** outcome, so the first window seen twice (found through a hash of each
** window) ends the search; the preperiod is then walked down to the first
** heap from which o(n + p) = o(n).
*/
static cgt_rc outcome_period(cg_store *s, const uint8_t *o, uint32_t n, uint32_t w, uint32_t *pre, uint32_t *per) {
  *per = 0;
  if (n + 1 < w) return CGT_OK;
  uint32_t size = 1;
  while (size < 2 * (n + 1)) size <<= 1;
  uint32_t *slot = cgt_calloc(size, sizeof *slot);    /* window end k + 1, 0 empty */
  uint64_t *hash = cgt_malloc(((size_t)n + 1) * sizeof *hash);
  if (!slot || !hash) {
    cgt_free(slot);
    cgt_free(hash);
    return CGT_NOMEM;
  }
  const uint64_t B = 0x9E3779B97F4A7C15u;
  uint64_t top = 1, h = 0;   /* top = B^w */
  for (uint32_t k = 0; k < w; k++) top *= B;
  cgt_rc rc = CGT_OK;
  for (uint32_t k = 0; k <= n && !*per && rc == CGT_OK; k++) {
    h = h * B + (uint64_t)o[k] + 1;
    if (k >= w) h -= top * ((uint64_t)o[k - w] + 1);
    if (k + 1 < w) continue;
    hash[k] = h;
    uint32_t i = (uint32_t)(h >> 7) & (size - 1);
    for (; slot[i]; i = (i + 1) & (size - 1)) {
      uint32_t j = slot[i] - 1;
      if (hash[j] == h && memcmp(o + j + 1 - w, o + k + 1 - w, w) == 0) {
        *per = k - j;
        *pre = j + 1 - w;
        break;
      }
    }
    if (!*per) slot[i] = k + 1;
    rc = cg_work(s, 4);
  }
  while (*per && *pre > 0 && o[*pre - 1] == o[*pre - 1 + *per]) --*pre;
  cgt_free(slot);
  cgt_free(hash);
  return rc;
}

/*
** Stops of each value (exact, and value-invariant): a number's own, else
** the best opposite stop over the options; known[n] is 0 where a non-number
** has a side without options.
*/
static cgt_rc value_stops(cg_store *s, const cg_subtraction *g, const cg_id *v, uint32_t n, cg_dyadic *ls,
                          cg_dyadic *rs, uint8_t *known) {
  cg_bigs *B = cg_store_bigs(s);
  for (uint32_t i = 0; i <= n; i++) {
    cg_dyadic x;
    if (cg_is_nus(s, v[i], &x, NULL, NULL)) {
      ls[i] = rs[i] = x, known[i] = 1;
      continue;
    }
    known[i] = g->nl && g->left[0] <= i && g->nr && g->right[0] <= i;
    for (uint32_t k = 0; known[i] && k < g->nl && g->left[k] <= i; k++) {
      uint32_t j = i - g->left[k];
      if (!known[j]) known[i] = 0;
      else if (k == 0 || cg_dyadic_cmp(B, rs[j], ls[i]) > 0) ls[i] = rs[j];
    }
    for (uint32_t k = 0; known[i] && k < g->nr && g->right[k] <= i; k++) {
      uint32_t j = i - g->right[k];
      if (!known[j]) known[i] = 0;
      else if (k == 0 || cg_dyadic_cmp(B, ls[j], rs[i]) < 0) rs[i] = ls[j];
    }
    cgt_rc rc = cg_work(s, (uint64_t)g->nl + g->nr + 1);
    if (rc) return rc;
  }
  return CGT_OK;
}

/* The saltus to try with period p at the top heap n (0 when none). */
static cgt_rc candidate(cg_store *s, const cg_id *v, uint32_t n, uint32_t p, const cg_dyadic *ls,
                        const cg_dyadic *rs, const uint8_t *known, cg_id zero, cg_id *sal, int *found) {
  *found = 0;
  cg_id a = v[n - p], b = v[n];
  if (a == b) return *sal = zero, *found = 1, CGT_OK;
  cgt_rc rc;
  if (cg_is_nus(s, a, NULL, NULL, NULL) && cg_is_nus(s, b, NULL, NULL, NULL)) {   /* closed form */
    cg_id na;
    rc = cg_neg(s, a, &na);
    if (rc == CGT_OK) rc = cg_add(s, b, na, sal);
    *found = rc == CGT_OK;
    return rc == CGT_RANGE ? CGT_OK : rc;
  }
  if (!known[n] || !known[n - p]) return CGT_OK;
  cg_bigs *B = cg_store_bigs(s);
  cg_dyadic dl, dr;
  if ((rc = cg_dyadic_sub(B, ls[n], ls[n - p], &dl)) || (rc = cg_dyadic_sub(B, rs[n], rs[n - p], &dr)))
    return rc == CGT_RANGE ? CGT_OK : rc;
  if (!cg_dyadic_eq(dl, dr) || cg_dyadic_is_zero(dl)) return CGT_OK;   /* no number saltus */
  rc = cg_number(s, dl, sal);
  *found = rc == CGT_OK;
  return rc == CGT_RANGE ? CGT_OK : rc;
}

/*
** Whether the stops of heaps lo..hi, shifted by p, move by the number x
** (as they must when G(k + p) = G(k) + x), and numbers stay numbers: a
** cheap test before the sums of the run.
*/
static cgt_rc stops_shift(cg_store *s, const cg_id *v, uint32_t lo, uint32_t hi, uint32_t p, const cg_dyadic *ls,
                          const cg_dyadic *rs, const uint8_t *known, cg_id x, int *found) {
  cg_bigs *B = cg_store_bigs(s);
  cg_dyadic d, dl, dr;
  cg_is_number(s, x, &d);
  *found = 1;
  for (uint32_t k = hi + 1; k-- > lo && *found;) {
    cgt_rc rc = cg_work(s, 4);
    if (rc == CGT_OK && known[k] && known[k + p]) rc = cg_dyadic_sub(B, ls[k + p], ls[k], &dl);
    if (rc == CGT_OK && known[k] && known[k + p]) rc = cg_dyadic_sub(B, rs[k + p], rs[k], &dr);
    if (rc == CGT_RANGE) return *found = 0, CGT_OK;
    if (rc) return rc;
    *found = known[k] && known[k + p] && cg_dyadic_eq(dl, d) && cg_dyadic_eq(dr, d) &&
             cg_is_number(s, v[k], NULL) == cg_is_number(s, v[k + p], NULL);
  }
  return CGT_OK;
}

/*
** Searches periods p = 1, 2, ... of the values v[0..n]: for each, a saltus
** candidate from the top two values, then the run of heaps k with
** v[k] + saltus = v[k + p] down from the top.  The first proven period
** wins; else the first one observed on a window a proof would need.
*/
static cgt_rc value_period(cg_store *s, const cg_subtraction *g, const cg_id *v, uint32_t n, cg_sub_period *out) {
  uint32_t w0 = g->m ? g->m : 1;
  cg_dyadic *ls = cgt_malloc(((size_t)n + 1) * sizeof *ls), *rs = cgt_malloc(((size_t)n + 1) * sizeof *rs);
  uint8_t *known = cgt_malloc((size_t)n + 1);
  cg_id zero;
  cgt_rc rc = ls && rs && known ? cg_integer(s, 0, &zero) : CGT_NOMEM;
  if (rc == CGT_OK) rc = value_stops(s, g, v, n, ls, rs, known);
  for (uint32_t p = 1; rc == CGT_OK && p <= n && n - p + 1 >= w0; p++) {
    cg_id sal;
    int found;
    if ((rc = candidate(s, v, n, p, ls, rs, known, zero, &sal, &found)) || !found) continue;
    int number = cg_is_number(s, sal, NULL);
    uint32_t w = sal == zero || p < w0 ? w0 : p;
    if (n - p + 1 < w) continue;
    if (number && sal != zero && (rc = stops_shift(s, v, n - p + 1 - w, n - p, p, ls, rs, known, sal, &found)))
      break;
    if (!found) continue;
    uint32_t i = n - p + 1;   /* the run is [i, n - p] */
    for (cg_id t; i > 0; i--) {
      if ((rc = cg_add(s, v[i - 1], sal, &t)) || t != v[i - 1 + p]) break;
    }
    if (rc == CGT_RANGE || rc == CGT_TOODEEP || rc == CGT_LIMIT) rc = CGT_OK;   /* past the limits: the run ends */
    if (rc || n - p + 1 - i < w) continue;
    int proven = sal == zero;
    if (!proven && number) {
      proven = 1;
      for (uint32_t k = i; k < i + p; k++)
        if (cg_is_number(s, v[k], NULL)) proven = 0;
    }
    if (proven || !out->period) out->pre = i, out->period = p, out->saltus = sal, out->proven = proven;
    if (proven) break;
    /* Observed with a saltus that is not a number: only x + *k can still
    ** give a proof, at twice the period (saltus 2x); past that, stop. */
    int64_t ups;
    uint32_t star;
    if (p != out->period || !cg_is_nus(s, sal, NULL, &ups, &star) || ups != 0 || star == 0 || p > n / 2) break;
    p = 2 * p - 1;
  }
  cgt_free(ls);
  cgt_free(rs);
  cgt_free(known);
  return rc;
}

cgt_rc cg_subtraction_period(cg_store *s, const cg_subtraction *g, uint32_t n_max, uint64_t work_max,
                             cg_sub_period *out) {
  memset(out, 0, sizeof *out);
  if (n_max > CG_SUB_HEAP_MAX) return CGT_LIMIT;
  uint8_t *o = cgt_malloc((size_t)n_max + 1);
  cg_id *v = cgt_malloc(((size_t)n_max + 1) * sizeof *v);
  cgt_rc rc = o && v ? cg_subtraction_outcomes(s, g, n_max, o) : CGT_NOMEM;
  if (rc == CGT_OK) rc = outcome_period(s, o, n_max, g->m ? g->m : 1, &out->opre, &out->operiod);
  uint32_t made = 0;
  if (rc == CGT_OK) {
    rc = cg_subtraction_values(s, g, n_max, work_max, v, &made);
    if (rc == CGT_TOODEEP || rc == CGT_RANGE || rc == CGT_LIMIT) out->stopped = rc, rc = CGT_OK;
  }
  if (rc == CGT_OK && made > 0) {
    out->searched = made - 1;
    if (g->nl == 0 || g->nr == 0) {   /* one side counts its moves: G(n) = +-floor(n / min) */
      out->pre = 0, out->period = g->nl ? g->left[0] : g->nr ? g->right[0] : 1, out->proven = 1;
      rc = cg_integer(s, g->nl ? 1 : g->nr ? -1 : 0, &out->saltus);
    } else {
      cg_budget b;   /* a search past the budget reports what it found by then */
      cg_budget_begin(&b, s, work_max);
      if ((rc = cg_budget_end(&b, s, value_period(s, g, v, made - 1, out))) == CGT_LIMIT) rc = CGT_OK;
    }
  }
  cgt_free(o);
  cgt_free(v);
  return rc;
}
