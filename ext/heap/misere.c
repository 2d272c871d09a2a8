/* Misère quotients of heap games; see misere.h for the method. */
#include "misere.h"

#include <stdlib.h>
#include <string.h>

/* ---- bipartite monoids ---- */

void cgt_mq_free(cgt_mq *q) {
  cgt_free(q->mul);
  cgt_free(q->p);
  cgt_free(q->phi);
  memset(q, 0, sizeof *q);
}

/* An explicit monoid of size elements (table uninitialised, P empty);
** CGT_LIMIT past max elements. */
static cgt_rc mq_alloc(cgt_mq *q, uint64_t size, uint32_t ntypes, uint32_t max) {
  memset(q, 0, sizeof *q);
  if (size > max) return CGT_LIMIT;
  q->size = (uint32_t)size;
  q->ntypes = ntypes;
  q->mul = cgt_malloc((size_t)size * size * sizeof *q->mul);
  q->p = cgt_calloc(size, 1);
  q->phi = cgt_calloc((size_t)ntypes + 1, sizeof *q->phi);
  if (q->mul && q->p && q->phi) return CGT_OK;
  cgt_mq_free(q);
  return CGT_NOMEM;
}

/* xy: from the table, or for a direct sum (ncomp > 0) from its parts: the
** element is base + base_size * (e_1 + len_1 (e_2 + ...)), e_c the exponent
** of component c, whose x^(len - 2) = x^len. */
static inline uint32_t mq_mul(const cgt_mq *q, uint32_t x, uint32_t y) {
  if (!q->ncomp) return q->mul[(size_t)x * q->size + y];
  uint32_t b = q->base_size, xr = x / b, yr = y / b, z = 0, mult = 1;
  for (uint32_t c = 0; c < q->ncomp; c++) {
    uint32_t len = q->len[c], e = xr % len + yr % len;
    if (e >= len) e = len - 2 + (e - len) % 2;
    z += e * mult;
    mult *= len;
    xr /= len;
    yr /= len;
  }
  return z * b + q->mul[(size_t)(x % b) * b + y % b];
}

uint32_t cgt_mq_mul(const cgt_mq *q, uint32_t x, uint32_t y) { return mq_mul(q, x, y); }

uint32_t cgt_mq_element(const cgt_mq *q, const uint32_t *h, size_t n) {
  uint32_t x = 0;
  for (size_t i = 0; i < n; i++) x = mq_mul(q, x, q->phi[h[i]]);
  return x;
}

/* The element of option i of g under q. */
static uint32_t option_element(const cgt_mq *q, const cgt_heapgame *g, uint32_t i) {
  return cgt_mq_element(q, g->opt[i], 3);
}

/* The distinct elements of the options of type t, into out (*n of them). */
static void option_images(const cgt_mq *q, const cgt_heapgame *g, uint32_t t, uint32_t *out, uint32_t *n,
                          uint8_t *seen) {
  *n = 0;
  for (uint32_t i = g->off[t]; i < g->off[t + 1]; i++) {
    uint32_t x = option_element(q, g, i);
    if (!seen[x]) {
      seen[x] = 1;
      out[(*n)++] = x;
    }
  }
  for (uint32_t i = 0; i < *n; i++) seen[out[i]] = 0;
}

/* The option images of types 1..t under q, as lists: img[off[s]..off[s+1]);
** and, when it fits in MQ_RIGHT_MAX entries, right[s * size + x] = x phi[s]
** for the types with options (else NULL): the searches multiply by phi[s]
** over and over, where mq_mul reads a column of a size^2 table. */
typedef struct images {
  uint32_t *off, *img, *right;
} images;
#define MQ_RIGHT_MAX ((uint64_t)1 << 22)

/* Frees the lists. */
static void images_free(images *im) {
  cgt_free(im->off);
  cgt_free(im->img);
  cgt_free(im->right);
}

/* Makes the lists of types 1..t. */
static cgt_rc images_make(const cgt_mq *q, const cgt_heapgame *g, uint32_t t, images *im) {
  uint64_t total = 0;
  for (uint32_t s = 1; s <= t; s++) {
    uint32_t k = g->off[s + 1] - g->off[s];
    total += k < q->size ? k : q->size;
  }
  im->off = cgt_malloc(((size_t)t + 2) * sizeof *im->off);
  im->img = cgt_malloc((size_t)total * sizeof *im->img + 1);
  im->right = NULL;
  uint8_t *seen = cgt_calloc(q->size, 1);
  if (!im->off || !im->img || !seen) {
    cgt_free(seen);
    images_free(im);
    return CGT_NOMEM;
  }
  im->off[0] = im->off[1] = 0;
  for (uint32_t s = 1; s <= t; s++) {
    uint32_t n;
    option_images(q, g, s, im->img + im->off[s], &n, seen);
    im->off[s + 1] = im->off[s] + n;
  }
  cgt_free(seen);
  /* right[] only speeds the searches up: without the memory, mq_mul serves */
  if (((uint64_t)t + 1) * q->size <= MQ_RIGHT_MAX &&
      (im->right = cgt_malloc(((size_t)t + 1) * q->size * sizeof *im->right)) != NULL)
    for (uint32_t s = 1; s <= t; s++)
      if (im->off[s + 1] > im->off[s])
        for (uint32_t x = 0; x < q->size; x++) im->right[(size_t)s * q->size + x] = mq_mul(q, x, q->phi[s]);
  return CGT_OK;
}

/* ---- bitsets of elements ---- */

/* Adds x to bitset b. */
static inline void bit_set(uint64_t *b, uint32_t x) { b[x >> 6] |= (uint64_t)1 << (x & 63); }

/* out = {t h : t in in} u {x s : s in the images of type h}. */
static void transit(const cgt_mq *q, const images *im, uint32_t words, const uint64_t *in, uint32_t x, uint32_t h,
                    uint64_t *out) {
  memset(out, 0, (size_t)words * 8);
  uint32_t ph = q->phi[h];
  const uint32_t *r = im->right ? im->right + (size_t)h * q->size : NULL;
  for (uint32_t w = 0; w < words; w++)
    for (uint64_t b = in[w]; b; b &= b - 1) {
      uint32_t y = w * 64 + (uint32_t)__builtin_ctzll(b);
      bit_set(out, r ? r[y] : mq_mul(q, y, ph));
    }
  for (uint32_t i = im->off[h]; i < im->off[h + 1]; i++) bit_set(out, mq_mul(q, x, im->img[i]));
}

/* 1 when some element of b is in the P-portion. */
static int meets_p(const cgt_mq *q, uint32_t words, const uint64_t *b) {
  for (uint32_t w = 0; w < words; w++)
    for (uint64_t v = b[w]; v; v &= v - 1)
      if (q->p[w * 64 + (uint32_t)__builtin_ctzll(v)]) return 1;
  return 0;
}

/*
** Marks the P-portion of candidate q (types 1..t with options) from the
** lexicographically least word of each element, the largest type most
** significant: words are enumerated in that order, each count grown until
** its element was met before (every extension of such a word then has an
** element met by a smaller word), so each element is first met at its least
** word, after the elements of that word's options (smaller words).
*/
static cgt_rc mark_p(cgt_mq *q, const cgt_heapgame *g, uint32_t t, cgt_stop *st) {
  images im;
  cgt_rc rc = images_make(q, g, t, &im);
  if (rc) return rc;
  uint32_t words = (q->size + 63) / 64, ngen = 0;
  uint32_t *gen = cgt_malloc(((size_t)t + 1) * sizeof *gen);
  uint32_t *e = cgt_malloc(((size_t)t + 2) * sizeof *e);
  uint64_t *tr = cgt_calloc(((size_t)t + 2) * words, 8);
  uint8_t *marked = cgt_calloc(q->size, 1);
  if (!gen || !e || !tr || !marked) {
    rc = CGT_NOMEM;
    goto done;
  }
  for (uint32_t s = 1; s <= t; s++)
    if (im.off[s + 1] > im.off[s]) gen[ngen++] = s;   /* level d adds type gen[d - 1] */
  memset(q->p, 0, q->size);
  uint32_t d = ngen;
  e[d] = 0;
  for (;;) {
    while (d > 0) {   /* down to the word with no more of the lower types */
      e[d - 1] = e[d];
      memcpy(tr + (size_t)(d - 1) * words, tr + (size_t)d * words, (size_t)words * 8);
      d--;
    }
    /* Only the empty word has the identity first: it is not in P. */
    q->p[e[0]] = e[0] != 0 && !meets_p(q, words, tr);
    marked[e[0]] = 1;
    if (cgt_stop_charge(st, words + 1)) {
      rc = CGT_INTERRUPTED;
      goto done;
    }
    for (d = 1; d <= ngen; d++) {   /* one more of type gen[d - 1] */
      uint64_t *cur = tr + (size_t)d * words, *tmp = tr + (size_t)(d - 1) * words;
      uint32_t h = gen[d - 1];
      transit(q, &im, words, cur, e[d], h, tmp);
      memcpy(cur, tmp, (size_t)words * 8);
      e[d] = mq_mul(q, e[d], q->phi[h]);
      if (!marked[e[d]]) break;
    }
    if (d > ngen) break;
  }
done:
  images_free(&im);
  cgt_free(gen);
  cgt_free(e);
  cgt_free(tr);
  cgt_free(marked);
  return rc;
}

/* ---- verification ---- */

/* The states (phi(G), tr(G)) met so far: a hash set. */
typedef struct states {
  uint32_t words, n, cap;
  uint32_t *x;
  uint64_t *bits;
  uint32_t *slot;    /* open addressing: state index + 1, 0 empty */
  uint32_t nslots;
  cgt_stop *st;      /* the memory of the arrays is reserved from it */
  uint64_t reserved;
} states;

/* Frees the set's arrays. */
static void states_free(states *s) {
  cgt_free(s->x);
  cgt_free(s->bits);
  cgt_free(s->slot);
  cgt_stop_release(s->st, s->reserved);
}

/* A hash of state (x, b). */
static uint64_t state_hash(uint32_t x, const uint64_t *b, uint32_t words) {
  uint64_t h = 0x9e3779b97f4a7c15u ^ x;
  for (uint32_t w = 0; w < words; w++) h = (h ^ b[w]) * 0x100000001b3u, h ^= h >> 29;
  return h;
}

/* Doubles the room for states (CGT_MEMORY past the stop's memory,
** CGT_LIMIT past 2^30 states). */
static cgt_rc states_grow(states *s) {
  uint64_t ncap = s->cap ? 2 * (uint64_t)s->cap : 1024;
  uint64_t bytes = ncap * (sizeof(uint32_t) + (uint64_t)s->words * 8 + 2 * sizeof(uint32_t));
  if (ncap > UINT32_MAX / 4) return CGT_LIMIT;
  if (cgt_stop_reserve(s->st, bytes - s->reserved)) return CGT_MEMORY;
  s->reserved = bytes;
  uint32_t *x = cgt_realloc(s->x, ncap * sizeof *x);
  if (x) s->x = x;
  uint64_t *b = cgt_realloc(s->bits, ncap * s->words * 8);
  if (b) s->bits = b;
  uint32_t *slot = cgt_calloc(2 * ncap, sizeof *slot);
  if (!x || !b || !slot) {
    cgt_free(slot);
    return CGT_NOMEM;
  }
  cgt_free(s->slot);
  s->slot = slot;
  s->nslots = (uint32_t)(2 * ncap);
  s->cap = (uint32_t)ncap;
  for (uint32_t i = 0; i < s->n; i++) {
    uint64_t h = state_hash(s->x[i], s->bits + (size_t)i * s->words, s->words);
    uint32_t k = (uint32_t)h & (s->nslots - 1);
    while (s->slot[k]) k = (k + 1) & (s->nslots - 1);
    s->slot[k] = i + 1;
  }
  return CGT_OK;
}

/* Adds state (x, b) unless known; *added tells. */
static cgt_rc states_add(states *s, uint32_t x, const uint64_t *b, int *added) {
  *added = 0;
  if (s->n == s->cap) {   /* (slots stay at most half full) */
    cgt_rc rc = states_grow(s);
    if (rc) return rc;
  }
  uint64_t h = state_hash(x, b, s->words);
  uint32_t k = (uint32_t)h & (s->nslots - 1);
  for (; s->slot[k]; k = (k + 1) & (s->nslots - 1)) {
    uint32_t i = s->slot[k] - 1;
    if (s->x[i] == x && memcmp(s->bits + (size_t)i * s->words, b, (size_t)s->words * 8) == 0) return CGT_OK;
  }
  uint32_t i = s->n++;
  s->slot[k] = i + 1;
  s->x[i] = x;
  memcpy(s->bits + (size_t)i * s->words, b, (size_t)s->words * 8);
  *added = 1;
  return CGT_OK;
}

/*
** Verifies candidate q for the sums of types 1..t (see misere.h).  *ok is 1
** when correct; else count[s] is the number of heaps of type s in the
** lexicographically least sum whose outcome q gets wrong (the largest type
** most significant).  Sums are enumerated in that order, each count grown
** until the state was met before: every extension of such a sum has the
** state of a smaller sum, since states follow sums as a congruence.  Every
** option of a sum is a smaller sum, so the least failure's options are all
** right, and its true outcome is the opposite of q's.
*/
static cgt_rc verify(const cgt_mq *q, const cgt_heapgame *g, uint32_t t, int *ok, uint32_t *count, cgt_stop *st) {
  *ok = 0;
  memset(count, 0, ((size_t)t + 1) * sizeof *count);
  if (q->p[0]) return CGT_OK;   /* the empty sum: count all 0 */
  images im;
  cgt_rc rc = images_make(q, g, t, &im);
  if (rc) return rc;
  states s = {0};
  s.st = st;
  s.words = (q->size + 63) / 64;
  uint32_t ngen = 0, d;
  uint32_t *gen = cgt_malloc(((size_t)t + 1) * sizeof *gen);
  uint32_t *e = cgt_calloc((size_t)t + 2, sizeof *e), *cnt = cgt_calloc((size_t)t + 2, sizeof *cnt);
  uint64_t *tr = cgt_calloc(((size_t)t + 2) * s.words, 8), *tmp = cgt_malloc((size_t)s.words * 8);
  int added, failed = 0;
  if (!gen || !e || !cnt || !tr || !tmp) rc = CGT_NOMEM;
  for (uint32_t h = 1; !rc && h <= t; h++)
    if (im.off[h + 1] > im.off[h]) gen[ngen++] = h;   /* level d grows type gen[d - 1] */
  if (!rc) rc = states_add(&s, 0, tr, &added);
  while (!rc && !failed) {
    for (d = 1; d <= ngen; d++) {
      uint64_t *cur = tr + (size_t)d * s.words;
      uint32_t h = gen[d - 1];
      transit(q, &im, s.words, cur, e[d], h, tmp);
      memcpy(cur, tmp, (size_t)s.words * 8);
      e[d] = mq_mul(q, e[d], q->phi[h]);
      cnt[d]++;
      if ((rc = states_add(&s, e[d], cur, &added))) break;
      if (cgt_stop_charge(st, 2 * s.words + im.off[h + 1] - im.off[h])) {
        rc = CGT_INTERRUPTED;
        break;
      }
      if (added) break;
    }
    if (rc || d > ngen) break;
    if (q->p[e[d]] == meets_p(q, s.words, tr + (size_t)d * s.words)) {
      failed = 1;
      for (uint32_t k = d; k <= ngen; k++) count[gen[k - 1]] = cnt[k];
    }
    for (uint32_t k = d - 1; k >= 1; k--) {   /* the smaller types start again from this sum */
      e[k] = e[d];
      cnt[k] = 0;
      memcpy(tr + (size_t)k * s.words, tr + (size_t)d * s.words, (size_t)s.words * 8);
    }
  }
  if (!rc && !failed) *ok = 1;
  cgt_free(gen);
  cgt_free(e);
  cgt_free(cnt);
  cgt_free(tr);
  cgt_free(tmp);
  states_free(&s);
  images_free(&im);
  return rc;
}

/* ---- reduction and candidates ---- */

/* The product of order[i] with generator k: from succ when made. */
static inline uint32_t product(const cgt_mq *q, const uint32_t *succ, const uint32_t *order, const uint32_t *gen,
                               uint32_t ngen, uint32_t i, uint32_t k) {
  return succ ? succ[(size_t)i * ngen + k] : mq_mul(q, order[i], q->phi[gen[k]]);
}

/*
** The submonoid of q generated by phi[s] for the types s <= t with options
** and keep[s], reduced when refine is set: x and y merge when P(xz) = P(yz)
** for every z of the submonoid (Moore's refinement under the generators).
** Elements are numbered in order of discovery from the identity (0).
** phi of the types not kept is left 0.  CGT_LIMIT past max elements.
*/
static cgt_rc restrict_reduce(const cgt_mq *q, const cgt_heapgame *g, uint32_t t, const uint8_t *keep, int refine,
                              uint32_t max, cgt_mq *out, cgt_stop *st) {
  uint32_t n = q->size, ngen = 0, nreach = 0, ncls = 0;
  uint32_t *gen = cgt_malloc(((size_t)t + 1) * sizeof *gen);
  uint32_t *order = cgt_malloc((size_t)n * sizeof *order);
  uint32_t *cls = cgt_malloc((size_t)n * sizeof *cls);
  uint32_t *next = cgt_malloc((size_t)n * sizeof *next);
  uint32_t *slot = cgt_malloc((size_t)4 * n * sizeof *slot);
  uint32_t *succ = NULL;
  cgt_rc rc = gen && order && cls && next && slot ? CGT_OK : CGT_NOMEM;
  if (rc) goto done;
  for (uint32_t s = 1; s <= t; s++)
    if (keep[s] && g->off[s + 1] > g->off[s]) gen[ngen++] = s;
  /* The elements reached from the identity; for the refinement, when it
  ** fits in MQ_RIGHT_MAX entries, succ[i * ngen + k], the product of the
  ** i-th with generator k: its rounds read it in order, where mq_mul reads
  ** a table of size^2 at random (two thirds of Dawson's Kayles' time). */
  if (refine && (uint64_t)n * ngen <= MQ_RIGHT_MAX) succ = cgt_malloc(((size_t)n * ngen + 1) * sizeof *succ);
  for (uint32_t x = 0; x < n; x++) cls[x] = UINT32_MAX;
  order[nreach++] = 0;
  cls[0] = 0;
  for (uint32_t i = 0; i < nreach; i++)
    for (uint32_t k = 0; k < ngen; k++) {
      uint32_t y = mq_mul(q, order[i], q->phi[gen[k]]);
      if (succ) succ[(size_t)i * ngen + k] = y;
      if (cls[y] == UINT32_MAX) cls[y] = 0, order[nreach++] = y;
    }
  /* classes: by P, then refined until stable */
  for (uint32_t i = 0; i < nreach; i++) cls[order[i]] = refine ? q->p[order[i]] != q->p[0] : i;
  ncls = refine ? 0 : nreach;
  uint32_t nslots = 4 * n;
  while (refine) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < nslots; i++) slot[i] = 0;
    for (uint32_t i = 0; i < nreach; i++) {
      uint32_t x = order[i];
      uint64_t h = cls[x] * 0x9e3779b97f4a7c15u;
      for (uint32_t k = 0; k < ngen; k++)
        h = (h ^ cls[product(q, succ, order, gen, ngen, i, k)]) * 0x100000001b3u, h ^= h >> 31;
      uint32_t j = (uint32_t)(h % nslots);
      for (;; j = (j + 1) % nslots) {
        if (!slot[j]) {
          slot[j] = i + 1;
          next[x] = m++;
          break;
        }
        uint32_t y = order[slot[j] - 1], k = 0;
        if (cls[y] == cls[x])
          for (; k < ngen; k++)
            if (cls[product(q, succ, order, gen, ngen, i, k)] != cls[product(q, succ, order, gen, ngen, slot[j] - 1, k)])
              break;
        if (cls[y] == cls[x] && k == ngen) {
          next[x] = next[y];
          break;
        }
      }
      if (cgt_stop_charge(st, ngen + 1)) {
        rc = CGT_INTERRUPTED;
        goto done;
      }
    }
    for (uint32_t i = 0; i < nreach; i++) cls[order[i]] = next[order[i]];
    if (m == ncls) break;
    ncls = m;
  }
  /* the classes' monoid; order[] gives each class a representative */
  rc = mq_alloc(out, ncls, q->ntypes, max);
  if (rc) goto done;
  for (uint32_t i = 0; i < n; i++) next[i] = UINT32_MAX;
  for (uint32_t i = 0; i < nreach; i++)
    if (next[cls[order[i]]] == UINT32_MAX) next[cls[order[i]]] = order[i];
  for (uint32_t a = 0; a < ncls; a++) {
    out->p[a] = q->p[next[a]];
    for (uint32_t b = 0; b < ncls; b++) out->mul[(size_t)a * ncls + b] = cls[mq_mul(q, next[a], next[b])];
    if (cgt_stop_charge(st, ncls)) {
      rc = CGT_INTERRUPTED;
      cgt_mq_free(out);
      goto done;
    }
  }
  for (uint32_t k = 0; k < ngen; k++) out->phi[gen[k]] = cls[q->phi[gen[k]]];
done:
  cgt_free(gen);
  cgt_free(order);
  cgt_free(cls);
  cgt_free(next);
  cgt_free(slot);
  cgt_free(succ);
  return rc;
}

/*
** The direct sum of base with one cyclic monoid {1, x, ..., x^(i+1)},
** x^(i+2) = x^i, for each type s with freed[s] (its index in idx[s]): the
** type maps to its x, the others keep their base element.
*/
static cgt_rc direct_sum(const cgt_mq *base, uint32_t t, const uint8_t *freed, const uint32_t *idx, cgt_mq *out) {
  memset(out, 0, sizeof *out);
  uint64_t size = base->size;
  uint32_t k = 0, comp[CGT_MQ_MAX_COMPONENTS];
  for (uint32_t s = 1; s <= t; s++)
    if (freed[s]) {
      if (k == CGT_MQ_MAX_COMPONENTS) return CGT_LIMIT;
      comp[k] = s;
      out->len[k] = idx[s] + 2;
      size *= out->len[k++];
      if (size > CGT_MQ_MAX_CANDIDATE) return CGT_LIMIT;
    }
  out->size = (uint32_t)size;
  out->ncomp = k;
  out->base_size = base->size;
  out->ntypes = base->ntypes;
  out->mul = cgt_malloc((size_t)base->size * base->size * sizeof *out->mul);
  out->p = cgt_calloc(size, 1);
  out->phi = cgt_calloc((size_t)base->ntypes + 1, sizeof *out->phi);
  if (!out->mul || !out->p || !out->phi) {
    cgt_mq_free(out);
    return CGT_NOMEM;
  }
  memcpy(out->mul, base->mul, (size_t)base->size * base->size * sizeof *out->mul);
  for (uint32_t s = 1; s <= t; s++) out->phi[s] = base->phi[s];
  for (uint32_t c = 0, mult = base->size; c < k; mult *= out->len[c], c++) out->phi[comp[c]] = mult;
  return CGT_OK;
}

/*
** A candidate for types 1..t: cur without the freed types, plus a cyclic
** generator for each (indexes idx), P marked from least words, reduced
** (CGT_LIMIT past max elements).
*/
static cgt_rc build_candidate(const cgt_mq *cur, const cgt_heapgame *g, uint32_t t, const uint8_t *freed,
                              const uint32_t *idx, uint32_t max, cgt_mq *out, cgt_stop *st) {
  uint8_t *keep = cgt_malloc((size_t)t + 1);
  if (!keep) return CGT_NOMEM;
  for (uint32_t s = 0; s <= t; s++) keep[s] = !freed[s];
  cgt_mq base, sum;
  cgt_rc rc = restrict_reduce(cur, g, t, keep, 0, max, &base, st);
  if (!rc) {
    rc = direct_sum(&base, t, freed, idx, &sum);
    cgt_mq_free(&base);
  }
  if (!rc) {
    rc = mark_p(&sum, g, t, st);
    memset(keep, 1, (size_t)t + 1);
    if (!rc) rc = restrict_reduce(&sum, g, t, keep, 1, max, out, st);
    cgt_mq_free(&sum);
  }
  cgt_free(keep);
  return rc;
}

/* The index of x: the least i with x^i = x^j for some j > i (the powers
** of x repeat within size + 1 steps). */
static uint32_t element_index(const cgt_mq *q, uint32_t x) {
  for (uint32_t k = 1, y = x; k <= q->size; k++, y = mq_mul(q, y, x)) {
    uint32_t z = 0;
    for (uint32_t i = 0; i < k; i++, z = mq_mul(q, z, x))
      if (z == y) return i;
  }
  return q->size;
}

void cgt_mq_cycle(const cgt_mq *q, uint32_t x, uint32_t *index, uint32_t *period) {
  *index = element_index(q, x);
  uint32_t base = 0;
  for (uint32_t i = 0; i < *index; i++) base = mq_mul(q, base, x);
  *period = 1;
  for (uint32_t y = mq_mul(q, base, x); y != base; y = mq_mul(q, y, x)) ++*period;
}

/* The element of the sum with count[s] heaps of type s (s <= t). */
static uint32_t word_element(const cgt_mq *q, uint32_t t, const uint32_t *count) {
  uint32_t x = 0;
  for (uint32_t s = 1; s <= t; s++)
    for (uint32_t k = 0; k < count[s]; k++) x = mq_mul(q, x, q->phi[s]);
  return x;
}

/*
** Recalibration (after Siegel's MisereSolver): the least sum that trial gets
** wrong (count) should have the other outcome.  Frees one, then two, then
** three of its heap types (each a cyclic generator with room for its count
** and its index in trial) until the rebuilt candidate gets that sum right.
** *found is 0 when none does.
*/
static cgt_rc recalibrate(const cgt_mq *trial, const cgt_heapgame *g, uint32_t t, const uint32_t *count, uint32_t max,
                          cgt_mq *out, int *found, cgt_stop *st) {
  *found = 0;
  int should_p = !trial->p[word_element(trial, t, count)];
  uint32_t h[CGT_MQ_MAX_COMPONENTS], m = 0;
  for (uint32_t s = 1; s <= t && m < CGT_MQ_MAX_COMPONENTS; s++)
    if (count[s]) h[m++] = s;
  uint8_t *freed = cgt_calloc((size_t)t + 1, 1);
  uint32_t *idx = cgt_calloc((size_t)t + 1, sizeof *idx);
  cgt_rc rc = freed && idx ? CGT_OK : CGT_NOMEM;
  for (uint32_t k = 1; !rc && !*found && k <= m && k <= 3; k++)
    for (uint32_t mask = 1; !rc && !*found && mask < (1u << m); mask++) {
      if ((uint32_t)__builtin_popcount(mask) != k) continue;
      memset(freed, 0, (size_t)t + 1);
      for (uint32_t i = 0; i < m; i++)
        if (mask >> i & 1) {
          uint32_t s = h[i], ix = element_index(trial, trial->phi[s]);
          freed[s] = 1;
          idx[s] = ix > 2 ? ix : 2;
          if (count[s] > idx[s] + 1) idx[s] = count[s] - 1;
        }
      cgt_mq cand;
      rc = build_candidate(trial, g, t, freed, idx, max, &cand, st);
      if (rc == CGT_LIMIT) {
        rc = CGT_OK;
        continue;
      }
      if (rc) break;
      if (cand.p[word_element(&cand, t, count)] == should_p) {
        *out = cand;
        *found = 1;
      } else {
        cgt_mq_free(&cand);
      }
    }
  cgt_free(freed);
  cgt_free(idx);
  return rc;
}

/* The quotient of types 1..t when type t needs a new generator: cur plus
** a cyclic one, recalibrated until verified. */
static cgt_rc extend(const cgt_mq *cur, const cgt_heapgame *g, uint32_t t, uint32_t max, cgt_mq *out, cgt_stop *st) {
  uint8_t *freed = cgt_calloc((size_t)t + 1, 1);
  uint32_t *idx = cgt_calloc((size_t)t + 1, sizeof *idx), *count = cgt_calloc((size_t)t + 1, sizeof *count);
  cgt_rc rc = freed && idx && count ? CGT_OK : CGT_NOMEM;
  cgt_mq trial;
  int have = 0, ok = 0;
  if (!rc) {
    freed[t] = 1;
    idx[t] = 2;
    rc = build_candidate(cur, g, t, freed, idx, max, &trial, st);
    have = rc == CGT_OK;
  }
  for (uint32_t round = 0; !rc && round < CGT_MQ_MAX_RECALIBRATIONS; round++) {
    rc = verify(&trial, g, t, &ok, count, st);
    if (rc || ok) break;
    cgt_mq next;
    int found;
    rc = recalibrate(&trial, g, t, count, max, &next, &found, st);
    if (!rc && !found) rc = CGT_LIMIT;
    if (rc) break;
    cgt_mq_free(&trial);
    trial = next;
  }
  if (!rc && !ok) rc = CGT_LIMIT;
  if (!rc) *out = trial;
  else if (have) cgt_mq_free(&trial);
  cgt_free(freed);
  cgt_free(idx);
  cgt_free(count);
  return rc;
}

/* 1 when x may be the element of a new heap whose option images are im[0..n-1]
** in q: P(x) as the heap's, and no z with xz and some option's image times z
** both in P.  -1 when the computation must stop. */
static int may_be(const cgt_mq *q, uint32_t x, const uint32_t *im, uint32_t n, int heap_p, cgt_stop *st) {
  if (q->p[x] != heap_p) return 0;
  for (uint32_t z = 0; z < q->size; z++) {
    if (cgt_stop_charge(st, n + 1)) return -1;
    if (q->p[mq_mul(q, x, z)])
      for (uint32_t i = 0; i < n; i++)
        if (q->p[mq_mul(q, im[i], z)]) return 0;
  }
  return 1;
}

static cgt_rc compute(const cgt_heapgame *g, uint32_t need, uint32_t max_elements, cgt_mq *q, uint32_t *fail_type,
                      cgt_stop *st, cgt_stop *ahead);

cgt_rc cgt_mq_compute(const cgt_heapgame *g, uint32_t need, uint32_t max_elements, cgt_mq *q, uint32_t *fail_type,
                      cgt_stop *st) {
  cgt_budget b;   /* for the types past need: they are computed ahead, as far as this goes */
  cgt_budget_init(&b, st, (uint64_t)CGT_MQ_AHEAD_WORK);
  cgt_rc rc = cgt_budget_rc(&b, compute(g, need, max_elements, q, fail_type, st, &b.stop));
  if (rc && rc != CGT_INTERRUPTED && *fail_type > need && *fail_type > 1) {
    /* q is the quotient of the types before: a type changes it only once verified */
    for (uint32_t t = *fail_type; t <= q->ntypes; t++) q->phi[t] = 0;
    q->ntypes = *fail_type - 1;
    return CGT_OK;
  }
  if (rc) cgt_mq_free(q);
  return rc;
}

/* cgt_mq_compute: types up to need under st, the others under ahead; q is
** left for the caller to free after an error. */
static cgt_rc compute(const cgt_heapgame *g, uint32_t need, uint32_t max_elements, cgt_mq *q, uint32_t *fail_type,
                      cgt_stop *st, cgt_stop *ahead) {
  uint32_t T = g->ntypes;
  *fail_type = 0;
  cgt_rc rc = mq_alloc(q, 1, T, max_elements);
  if (rc) return rc;
  q->mul[0] = 0;
  uint32_t *count = cgt_calloc((size_t)T + 1, sizeof *count);
  uint32_t *im = cgt_malloc((size_t)max_elements * sizeof *im);
  uint8_t *seen = cgt_calloc(max_elements, 1);
  if (!count || !im || !seen) rc = CGT_NOMEM;
  for (uint32_t t = 1; !rc && t <= T; t++) {
    uint32_t n;
    if (t == need + 1) st = ahead;
    cgt_stop_progress(st, t, T);
    option_images(q, g, t, im, &n, seen);
    if (n == 0) continue;   /* a heap with no move is the empty game */
    int heap_p = 1, ok = 0;
    for (uint32_t i = 0; i < n; i++)
      if (q->p[im[i]]) heap_p = 0;
    /* an element of the quotient so far */
    for (uint32_t x = 0; !rc && !ok && x < q->size; x++) {
      int may = may_be(q, x, im, n, heap_p, st);
      if (may < 0) rc = CGT_INTERRUPTED;
      if (may <= 0) continue;
      q->phi[t] = x;
      rc = verify(q, g, t, &ok, count, st);
    }
    if (rc) *fail_type = t;
    if (rc || ok) continue;
    q->phi[t] = 0;
    cgt_mq next;
    rc = extend(q, g, t, max_elements, &next, st);
    if (rc) {
      *fail_type = t;
      break;
    }
    cgt_mq_free(q);
    *q = next;
  }
  cgt_free(count);
  cgt_free(im);
  cgt_free(seen);
  return rc;
}
