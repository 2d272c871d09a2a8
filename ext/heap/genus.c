/* Genera of heaps by an exact search of their positions; see genus.h. */
#include "genus.h"

#include <stdio.h>
#include <string.h>

#include "heapseq.h"
#include "heapgame.h"

#define GK 32   /* γ kept per position: enough for CGT_GENUS_MAX_DIGITS */
#define MAX_VALUE 65535u

/* A position: a sum of heaps (sizes pool[at..at+n), largest first). */
typedef struct pos {
  uint32_t at, g;
  uint16_t n;
  uint8_t tau, per;   /* γk = γ(tau + (k - tau) % per) for k >= tau */
  uint8_t tame;
} pos;

typedef struct search {
  const cgt_heapgame *hg;
  const cgt_hvals *gv;
  pos *p;
  uint32_t np, cap, max;   /* positions, room, the most allowed */
  uint16_t *gam;       /* GK values a position */
  uint16_t *pool;
  size_t npool, poolcap;
  uint32_t *slot, nslots;
  uint32_t *mark, stamp;
  cgt_stop *st;
  uint64_t reserved;   /* bytes of the positions' arrays, reserved from st */
} search;

/* Frees the search's arrays. */
static void search_free(search *s) {
  cgt_free(s->p);
  cgt_free(s->gam);
  cgt_free(s->pool);
  cgt_free(s->slot);
  cgt_free(s->mark);
  cgt_stop_release(s->st, s->reserved);
}

/* A hash of the heap list h[0..n-1]. */
static uint64_t parts_hash(const uint16_t *h, uint32_t n) {
  uint64_t x = 0x9e3779b97f4a7c15u + n;
  for (uint32_t i = 0; i < n; i++) x = (x ^ h[i]) * 0x100000001b3u, x ^= x >> 31;
  return x;
}

/* The slot of position h[0..n-1]: its index + 1, or 0 where it would go. */
static uint32_t *lookup(search *s, const uint16_t *h, uint32_t n) {
  uint32_t k = (uint32_t)parts_hash(h, n) & (s->nslots - 1);
  for (; s->slot[k]; k = (k + 1) & (s->nslots - 1)) {
    const pos *q = &s->p[s->slot[k] - 1];
    if (q->n == n && (n == 0 || memcmp(s->pool + q->at, h, n * sizeof *h) == 0)) break;
  }
  return &s->slot[k];
}

/* The index of position h[0..n-1] (sorted, largest first), added when new
** (*added).  CGT_LIMIT past s->max positions; CGT_MEMORY past the stop's
** memory. */
static cgt_rc find(search *s, const uint16_t *h, uint32_t n, uint32_t *index, int *added) {
  *added = 0;
  if (s->np == s->cap) {   /* room for one more first (slots stay half empty) */
    if (s->np == s->max) {
      uint32_t *sl = s->nslots ? lookup(s, h, n) : NULL;
      if (sl && *sl) {
        *index = *sl - 1;
        return CGT_OK;
      }
      return CGT_LIMIT;
    }
    uint32_t cap = s->cap ? 2 * s->cap : 1024;
    if (cap > s->max) cap = s->max;
    pos *p = cgt_realloc(s->p, (size_t)cap * sizeof *p);
    if (p) s->p = p;
    uint16_t *gam = cgt_realloc(s->gam, (size_t)cap * GK * sizeof *gam);
    if (gam) s->gam = gam;
    uint32_t nslots = 2048;
    while (nslots < 2 * cap) nslots *= 2;
    uint64_t bytes = (uint64_t)cap * (sizeof *p + GK * sizeof *gam) + (uint64_t)nslots * sizeof(uint32_t);
    if (bytes > s->reserved && cgt_stop_reserve(s->st, bytes - s->reserved)) return CGT_MEMORY;
    if (bytes > s->reserved) s->reserved = bytes;
    uint32_t *slot = cgt_calloc(nslots, sizeof *slot);
    if (!p || !gam || !slot) {
      cgt_free(slot);
      return CGT_NOMEM;
    }
    cgt_free(s->slot);
    s->slot = slot;
    s->nslots = nslots;
    s->cap = cap;
    for (uint32_t i = 0; i < s->np; i++) *lookup(s, s->pool + s->p[i].at, s->p[i].n) = i + 1;
  }
  uint32_t *sl = lookup(s, h, n);
  if (*sl) {
    *index = *sl - 1;
    return CGT_OK;
  }
  uint16_t *pool = cgt_grow(s->pool, &s->poolcap, s->npool + n, sizeof *pool, 4096);
  if (!pool) return CGT_NOMEM;
  s->pool = pool;
  pos *q = &s->p[s->np];
  memset(q, 0, sizeof *q);
  q->at = (uint32_t)s->npool;
  q->n = (uint16_t)n;
  if (n) memcpy(s->pool + s->npool, h, n * sizeof *h);
  s->npool += n;
  *sl = ++s->np;
  *index = s->np - 1;
  *added = 1;
  return CGT_OK;
}

/* γk of position i, for any k. */
static uint32_t gamma_at(const search *s, uint32_t i, uint32_t k) {
  const pos *q = &s->p[i];
  if (k >= (uint32_t)q->tau + q->per) k = q->tau + (k - q->tau) % q->per;
  return s->gam[(size_t)i * GK + k];
}

/* 1 when the genus of position i is that of a Nim position of value g. */
static int nim_like(const search *s, uint32_t i, uint32_t g) {
  const pos *q = &s->p[i];
  uint32_t g0 = gamma_at(s, i, 0);
  if (g0 != g && !(g < 2 && g0 == 1 - g)) return 0;
  for (uint32_t k = 1; k <= (uint32_t)q->tau + q->per; k++)
    if (gamma_at(s, i, k) != (g ^ ((k & 1) << 1))) return 0;
  return 1;
}

/* Fills position x's γ, tail, Grundy value and tameness from its options
** opt[0..nopt-1] (all done). */
static cgt_rc finish(search *s, uint32_t x, const uint32_t *opt, uint32_t nopt) {
  pos *q = &s->p[x];
  uint32_t K = 0, period = 2, tame = 1;
  for (uint32_t i = 0; i < nopt; i++) {
    const pos *o = &s->p[opt[i]];
    if (o->tau > K) K = o->tau;
    uint32_t a = period, b = o->per;   /* period = lcm(period, o->per) */
    while (b) {
      uint32_t r = a % b;
      a = b;
      b = r;
    }
    period = period / a * o->per;
    if (period > GK) return CGT_LIMIT;
    tame &= o->tame;
  }
  uint16_t *gm = s->gam + (size_t)x * GK;
  uint32_t k, from = 0;
  for (k = 0; k < GK; k++) {
    if (++s->stamp == 0) {   /* (stamps wrapped: clear) */
      memset(s->mark, 0, (MAX_VALUE + 2) * sizeof *s->mark);
      s->stamp = 1;
    }
    for (uint32_t i = 0; i < nopt; i++) s->mark[gamma_at(s, opt[i], k)] = s->stamp;
    if (k > 0) s->mark[gm[k - 1]] = s->mark[gm[k - 1] ^ 1u] = s->stamp;
    uint32_t v = 0;
    while (s->mark[v] == s->stamp) v++;
    if (nopt == 0 && k == 0) v = 1;   /* no move: the player to move wins */
    if (v > MAX_VALUE) return CGT_LIMIT;
    gm[k] = (uint16_t)v;
    if (cgt_stop_charge(s->st, nopt + 1)) return CGT_INTERRUPTED;
    /* from K on, γk follows from γ(k-1) and k mod period: a repeat is a cycle */
    for (from = K; from < k; from++)
      if (gm[from] == v && (k - from) % period == 0) break;
    if (k > K && from < k) break;
  }
  if (k == GK) return CGT_LIMIT;
  uint32_t per = k - from, tau = from;
  while (tau > 0 && gm[tau - 1] == gm[tau - 1 + per]) tau--;
  q->tau = (uint8_t)tau;
  q->per = (uint8_t)per;
  uint32_t g = 0;
  for (uint32_t i = 0; i < q->n; i++) g ^= cgt_hv(s->gv, s->pool[q->at + i]);
  q->g = g;
  q->tame = (uint8_t)(tame && nim_like(s, x, g));
  return CGT_OK;
}

/* One frame of the search: position x, at option j of its part i; its
** options so far are on the option stack from base. */
typedef struct frame {
  uint32_t x, i, j, base;
} frame;

/* Builds in out the option of position x that replaces its part i by
** option j of that heap (heaps without moves dropped); returns its size. */
static uint32_t option_parts(const search *s, uint32_t x, uint32_t i, uint32_t j, uint16_t *out) {
  const pos *q = &s->p[x];
  const uint16_t *h = s->pool + q->at;
  uint32_t n = 0;
  for (uint32_t k = 0; k < q->n; k++)
    if (k != i) out[n++] = h[k];
  for (int c = 0; c < 3; c++) {
    uint32_t t = s->hg->opt[j][c];
    if (!t || s->hg->off[t + 1] == s->hg->off[t]) continue;
    uint32_t m = n++;   /* insert, keeping the largest first */
    while (m > 0 && out[m - 1] < t) out[m] = out[m - 1], m--;
    out[m] = (uint16_t)t;
  }
  return n;
}

/* Searches every position of heap t (explicit stacks). */
static cgt_rc search_heap(search *s, uint32_t t, uint32_t *result) {
  uint16_t one = (uint16_t)t, *buf = NULL;
  uint32_t x, nf = 0, no = 0;
  size_t capf = 64, capo = 256;
  int added;
  int dead = s->hg->off[t + 1] == s->hg->off[t];
  cgt_rc rc = find(s, &one, dead ? 0 : 1, &x, &added);
  *result = x;
  if (rc || !added) return rc;
  frame *f = cgt_malloc(capf * sizeof *f);
  uint32_t *opt = cgt_malloc(capo * sizeof *opt);
  buf = cgt_malloc(((size_t)t * 3 + 8) * sizeof *buf);
  if (!f || !opt || !buf) rc = CGT_NOMEM;
  if (!rc) f[nf++] = (frame){x, 0, UINT32_MAX, 0};
  while (!rc && nf) {
    frame *fr = &f[nf - 1];
    const pos *q = &s->p[fr->x];
    /* the next option: part i (distinct sizes only), option j of its heap */
    if (fr->j == UINT32_MAX) {
      while (fr->i < q->n && fr->i > 0 && s->pool[q->at + fr->i] == s->pool[q->at + fr->i - 1]) fr->i++;
      if (fr->i < q->n) fr->j = s->hg->off[s->pool[q->at + fr->i]];
    }
    if (fr->i >= q->n) {   /* every option done */
      rc = finish(s, fr->x, opt + fr->base, no - fr->base);
      no = fr->base;
      nf--;
      continue;
    }
    uint32_t h = s->pool[q->at + fr->i];
    if (fr->j >= s->hg->off[h + 1]) {
      fr->i++;
      fr->j = UINT32_MAX;
      continue;
    }
    uint32_t n = option_parts(s, fr->x, fr->i, fr->j++, buf);
    uint32_t y;
    if ((rc = find(s, buf, n, &y, &added))) break;
    uint32_t *o2 = cgt_grow(opt, &capo, (size_t)no + 1, sizeof *opt, 256);
    if (!o2) {
      rc = CGT_NOMEM;
      break;
    }
    opt = o2;
    opt[no++] = y;
    if (added) {
      frame *f2 = cgt_grow(f, &capf, (size_t)nf + 1, sizeof *f, 64);
      if (!f2) {
        rc = CGT_NOMEM;
        break;
      }
      f = f2;
      f[nf++] = (frame){y, 0, UINT32_MAX, no};
    }
  }
  cgt_free(f);
  cgt_free(opt);
  cgt_free(buf);
  return rc;
}

cgt_rc cgt_heap_genera(const cgt_rule *r, uint32_t n_max, uint32_t max_positions, cgt_genus *out,
                       uint32_t *fail_heap, cgt_stop *st) {
  *fail_heap = 0;
  if (n_max > 65535) return CGT_LIMIT;
  search s = {0};
  s.st = st;
  s.max = max_positions;
  cgt_heapgame hg;
  cgt_hvals gv = {0};
  s.mark = cgt_calloc(MAX_VALUE + 2, sizeof *s.mark);
  /* the options first: their limit refuses large heaps before any work */
  cgt_rc rc = s.mark ? cgt_heapgame_from_rule(r, n_max, &hg, st) : CGT_NOMEM;
  if (!rc && (rc = cgt_heap_values(r, n_max, &gv, st))) cgt_heapgame_free(&hg);
  if (rc) {
    *fail_heap = n_max;
    cgt_hvals_free(&gv);
    search_free(&s);
    return rc;
  }
  s.hg = &hg;
  s.gv = &gv;
  for (uint32_t t = 0; !rc && t <= n_max; t++) {
    uint32_t x;
    rc = search_heap(&s, t, &x);
    if (rc) {
      *fail_heap = t;
      break;
    }
    const pos *q = &s.p[x];
    out[t].g = cgt_hv(&gv, t);
    out[t].len = (uint32_t)q->tau + q->per;
    out[t].tame = q->tame;
    if (out[t].len > CGT_GENUS_MAX_DIGITS) {
      rc = CGT_LIMIT;
      *fail_heap = t;
      break;
    }
    for (uint32_t k = 0; k < out[t].len; k++) out[t].gamma[k] = s.gam[(size_t)x * GK + k];
  }
  cgt_heapgame_free(&hg);
  cgt_hvals_free(&gv);
  search_free(&s);
  return rc;
}

void cgt_genus_text(const cgt_genus *gs, char *buf, size_t len) {
  int big = 0;
  for (uint32_t k = 0; k < gs->len; k++) big |= gs->gamma[k] >= 10;
  size_t at = (size_t)snprintf(buf, len, "%u^%s", gs->g, big ? "(" : "");
  for (uint32_t k = 0; k < gs->len && at < len; k++)
    at += (size_t)snprintf(buf + at, len - at, big && k ? ",%u" : "%u", gs->gamma[k]);
  if (big && at < len) snprintf(buf + at, len - at, ")");
}
