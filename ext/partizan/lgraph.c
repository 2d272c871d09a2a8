/* Loopy games as bigraphs: building, copying, sums and graph tests (loopy.h). */
#include <string.h>

#include "loopy.h"

void lg_free(lg_graph *g) {
  cgt_free(g->lo);
  cgt_free(g->le);
  cgt_free(g->ro);
  cgt_free(g->re);
  memset(g, 0, sizeof *g);
}

/* Arrays for n vertices and nl + nr edges; CGT_NOMEM after freeing them. */
static cgt_rc lg_alloc(lg_graph *g, uint32_t n, size_t nl, size_t nr) {
  *g = (lg_graph){.n = n};
  g->lo = cgt_calloc((size_t)n + 1, sizeof *g->lo);
  g->ro = cgt_calloc((size_t)n + 1, sizeof *g->ro);
  g->le = cgt_malloc((nl ? nl : 1) * sizeof *g->le);
  g->re = cgt_malloc((nr ? nr : 1) * sizeof *g->re);
  if (g->lo && g->ro && g->le && g->re) return CGT_OK;
  lg_free(g);
  return CGT_NOMEM;
}

/* ---- the builder: vertices, an edge list, and the vertices of short games ---- */
struct lg_builder {
  cg_store *s;
  uint64_t held;   /* bytes reserved from the store's stop for the arrays */
  uint32_t n;
  size_t m, mcap;
  uint32_t *from, *to;
  uint8_t *right;
  size_t hcap, hn;   /* short games: id + 1 -> vertex, open addressing */
  uint32_t *hkey, *hval;
};

lg_builder *lg_builder_new(cg_store *s) {
  lg_builder *b = cgt_calloc(1, sizeof *b);
  if (b) b->s = s;
  return b;
}

void lg_builder_free(lg_builder *b) {
  if (!b) return;
  cgt_stop_release(cg_store_get_stop(b->s), b->held);
  cgt_free(b->from);
  cgt_free(b->to);
  cgt_free(b->right);
  cgt_free(b->hkey);
  cgt_free(b->hval);
  cgt_free(b);
}

/* Reserves bytes more from the store's stop (memory), and charges work. */
static cgt_rc hold(lg_builder *b, uint64_t bytes) {
  if (cgt_stop_reserve(cg_store_get_stop(b->s), bytes)) return CGT_MEMORY;
  b->held += bytes;
  return CGT_OK;
}

cgt_rc lg_vertex(lg_builder *b, uint32_t *v) {
  if (b->n >= UINT32_MAX - 2) return CGT_TOOBIG;
  if ((b->n & 1023) == 0 && hold(b, 1024 * 16)) return CGT_MEMORY;   /* the graph's arrays to come */
  *v = b->n++;
  return cg_work(b->s, 1);
}

cgt_rc lg_edge(lg_builder *b, uint32_t from, uint32_t to, int right) {
  if (b->m == b->mcap) {
    size_t cap = b->mcap ? 2 * b->mcap : 16;
    if (hold(b, (uint64_t)(cap - b->mcap) * 13)) return CGT_MEMORY;   /* here and in the graph */
    uint32_t *f = cgt_realloc(b->from, cap * sizeof *f);
    if (f) b->from = f;
    uint32_t *t = f ? cgt_realloc(b->to, cap * sizeof *t) : NULL;
    if (t) b->to = t;
    uint8_t *r = t ? cgt_realloc(b->right, cap) : NULL;
    if (!r) return CGT_NOMEM;
    b->right = r;
    b->mcap = cap;
  }
  b->from[b->m] = from, b->to[b->m] = to, b->right[b->m] = (uint8_t)(right != 0);
  b->m++;
  return cg_work(b->s, 1);
}

static size_t slot_of(const lg_builder *b, cg_id id) {
  size_t i = (size_t)cgt_mix64(id) & (b->hcap - 1);
  while (b->hkey[i] && b->hkey[i] != id + 1) i = (i + 1) & (b->hcap - 1);
  return i;
}

/* The vertex of id, made (and queued in *todo) when new. */
static cgt_rc short_vertex(lg_builder *b, cg_id id, uint32_t *v, uint32_t **todo, size_t *ntodo, size_t *todocap) {
  if (2 * (b->hn + 1) > b->hcap) {
    size_t cap = b->hcap ? 2 * b->hcap : 64;
    uint32_t *k = cgt_calloc(cap, sizeof *k), *val = cgt_malloc(cap * sizeof *val);
    if (!k || !val) {
      cgt_free(k);
      cgt_free(val);
      return CGT_NOMEM;
    }
    uint32_t *ok = b->hkey, *ov = b->hval;
    size_t ocap = b->hcap;
    b->hkey = k, b->hval = val, b->hcap = cap;
    for (size_t i = 0; i < ocap; i++)
      if (ok[i]) {
        size_t j = slot_of(b, ok[i] - 1);
        b->hkey[j] = ok[i], b->hval[j] = ov[i];
      }
    cgt_free(ok);
    cgt_free(ov);
  }
  size_t i = slot_of(b, id);
  if (b->hkey[i]) {
    *v = b->hval[i];
    return CGT_OK;
  }
  cgt_rc rc = lg_vertex(b, v);
  if (rc) return rc;
  b->hkey[i] = id + 1, b->hval[i] = *v, b->hn++;
  uint32_t *t = cgt_grow(*todo, todocap, *ntodo + 2, sizeof *t, 16);
  if (!t) return CGT_NOMEM;
  *todo = t;
  t[(*ntodo)++] = id, t[(*ntodo)++] = *v;
  return CGT_OK;
}

cgt_rc lg_short(lg_builder *b, cg_id id, uint32_t *v) {
  /* A game born on day d has at least d + 1 positions: one that cannot
  ** fit the memory setting fails at once. */
  uint64_t day;
  cgt_rc brc = cg_birthday(b->s, id, &day);
  if (brc == CGT_RANGE || (brc == CGT_OK && day > UINT32_MAX - 2)) return CGT_TOOBIG;
  if (brc) return brc;
  if (cgt_stop_reserve(cg_store_get_stop(b->s), (day + 1) * 16)) return CGT_MEMORY;
  cgt_stop_release(cg_store_get_stop(b->s), (day + 1) * 16);
  uint32_t *todo = NULL;
  size_t ntodo = 0, todocap = 0;
  cg_id *opt = NULL;
  size_t optcap = 0;
  cgt_rc rc = short_vertex(b, id, v, &todo, &ntodo, &todocap);
  while (rc == CGT_OK && ntodo) {
    uint32_t at = todo[--ntodo];
    cg_id g = todo[--ntodo];
    const cg_id *L, *R;
    uint32_t nl, nr;
    if ((rc = cg_options(b->s, g, &L, &nl, &R, &nr))) break;
    cg_id *o = cgt_grow(opt, &optcap, (size_t)nl + nr, sizeof *o, 16);   /* (options may move) */
    if (!o) {
      rc = CGT_NOMEM;
      break;
    }
    opt = o;
    memcpy(opt, L, nl * sizeof *L);
    memcpy(opt + nl, R, nr * sizeof *R);
    for (uint32_t k = 0; k < nl + nr && rc == CGT_OK; k++) {
      uint32_t w;
      rc = short_vertex(b, opt[k], &w, &todo, &ntodo, &todocap);
      if (rc == CGT_OK) rc = lg_edge(b, at, w, k >= nl);
    }
  }
  cgt_free(todo);
  cgt_free(opt);
  return rc;
}

cgt_rc lg_embed(lg_builder *b, const lg_graph *g, uint32_t *v) {
  uint32_t base = b->n;
  if (g->n > UINT32_MAX - 2 - base) return CGT_TOOBIG;
  cgt_rc rc = hold(b, (uint64_t)g->n * 16);
  if (rc) return rc;
  b->n += g->n;
  for (uint32_t u = 0; u < g->n && rc == CGT_OK; u++) {
    for (uint32_t e = g->lo[u]; e < g->lo[u + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + u, base + g->le[e], 0);
    for (uint32_t e = g->ro[u]; e < g->ro[u + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + u, base + g->re[e], 1);
  }
  *v = base + g->root;
  return rc;
}

cgt_rc lg_build(lg_builder *b, uint32_t root, lg_graph *out) {
  size_t nl = 0;
  for (size_t e = 0; e < b->m; e++) nl += !b->right[e];
  cgt_rc rc = lg_alloc(out, b->n, nl, b->m - nl);
  if (rc) return rc;
  for (size_t e = 0; e < b->m; e++) (b->right[e] ? out->ro : out->lo)[b->from[e] + 1]++;
  for (uint32_t v = 0; v < b->n; v++) out->lo[v + 1] += out->lo[v], out->ro[v + 1] += out->ro[v];
  uint32_t *fl = cgt_malloc(((size_t)b->n + 1) * sizeof *fl), *fr = cgt_malloc(((size_t)b->n + 1) * sizeof *fr);
  if (!fl || !fr) {
    cgt_free(fl);
    cgt_free(fr);
    lg_free(out);
    return CGT_NOMEM;
  }
  memcpy(fl, out->lo, ((size_t)b->n + 1) * sizeof *fl);
  memcpy(fr, out->ro, ((size_t)b->n + 1) * sizeof *fr);
  for (size_t e = 0; e < b->m; e++) {
    if (b->right[e]) out->re[fr[b->from[e]]++] = b->to[e];
    else out->le[fl[b->from[e]]++] = b->to[e];
  }
  cgt_free(fl);
  cgt_free(fr);
  if ((rc = lg_restrict(b->s, out, root))) lg_free(out);
  return rc;
}

cgt_rc lg_build_into(lg_builder *b, uint32_t root, lg_graph *g) {
  lg_graph r;
  cgt_rc rc = lg_build(b, root, &r);
  if (rc == CGT_OK) {
    lg_free(g);
    *g = r;
  }
  return rc;
}

cgt_rc lg_restrict(cg_store *s, lg_graph *g, uint32_t root) {
  uint32_t *idx = cgt_malloc(((size_t)g->n + 1) * sizeof *idx), *order = cgt_malloc(((size_t)g->n + 1) * sizeof *order);
  cgt_rc rc = idx && order ? CGT_OK : CGT_NOMEM;
  uint32_t k = 0;
  size_t nl = 0, nr = 0;
  if (rc == CGT_OK) {
    for (uint32_t v = 0; v < g->n; v++) idx[v] = UINT32_MAX;
    idx[root] = 0, order[k++] = root;
    for (uint32_t q = 0; q < k && rc == CGT_OK; q++) {
      uint32_t v = order[q];
      nl += g->lo[v + 1] - g->lo[v], nr += g->ro[v + 1] - g->ro[v];
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++)
        if (idx[g->le[e]] == UINT32_MAX) idx[g->le[e]] = k, order[k++] = g->le[e];
      for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++)
        if (idx[g->re[e]] == UINT32_MAX) idx[g->re[e]] = k, order[k++] = g->re[e];
      rc = cg_work(s, 1 + g->lo[v + 1] - g->lo[v] + g->ro[v + 1] - g->ro[v]);
    }
  }
  lg_graph r;
  if (rc == CGT_OK) rc = lg_alloc(&r, k, nl, nr);
  if (rc == CGT_OK) {
    for (uint32_t q = 0; q < k; q++) {
      uint32_t v = order[q], a = r.lo[q], c = r.ro[q];
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) r.le[a++] = idx[g->le[e]];
      for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++) r.re[c++] = idx[g->re[e]];
      r.lo[q + 1] = a, r.ro[q + 1] = c;
    }
    lg_free(g);
    *g = r;
  }
  cgt_free(idx);
  cgt_free(order);
  return rc;
}

cgt_rc lg_copy(const lg_graph *g, lg_graph *out) {
  cgt_rc rc = lg_alloc(out, g->n, g->lo[g->n], g->ro[g->n]);
  if (rc) return rc;
  out->root = g->root;
  memcpy(out->lo, g->lo, ((size_t)g->n + 1) * sizeof *g->lo);
  memcpy(out->ro, g->ro, ((size_t)g->n + 1) * sizeof *g->ro);
  memcpy(out->le, g->le, (size_t)g->lo[g->n] * sizeof *g->le);
  memcpy(out->re, g->re, (size_t)g->ro[g->n] * sizeof *g->re);
  return CGT_OK;
}

cgt_rc lg_negate(const lg_graph *g, lg_graph *out) {
  lg_graph swapped = {g->n, g->root, g->ro, g->re, g->lo, g->le};
  return lg_copy(&swapped, out);
}

cgt_rc lg_follower(cg_store *s, const lg_graph *g, uint32_t v, lg_graph *out) {
  cgt_rc rc = lg_copy(g, out);
  if (rc == CGT_OK && (rc = lg_restrict(s, out, v))) lg_free(out);
  return rc;
}

cgt_rc lg_add(cg_store *s, const lg_graph *g, const lg_graph *h, lg_graph *out) {
  uint64_t pairs = (uint64_t)g->n * h->n;
  if (pairs >= UINT32_MAX - 2) return CGT_TOOBIG;
  cgt_stop *st = cg_store_get_stop(s);
  uint64_t bytes = pairs * 8;
  if (cgt_stop_reserve(st, bytes)) return CGT_MEMORY;
  uint32_t *idx = cgt_malloc((size_t)pairs * sizeof *idx), *order = cgt_malloc((size_t)pairs * sizeof *order);
  lg_builder *b = lg_builder_new(s);
  cgt_rc rc = idx && order && b ? CGT_OK : CGT_NOMEM;
  uint32_t k = 0;
  if (rc == CGT_OK) {
    for (uint64_t p = 0; p < pairs; p++) idx[p] = UINT32_MAX;
    uint32_t start = g->root * h->n + h->root;
    idx[start] = k, order[k++] = start;
  }
  for (uint32_t q = 0; q < k && rc == CGT_OK; q++) {
    uint32_t a = order[q] / h->n, c = order[q] % h->n, v = q;   /* (vertex q: the q-th pair reached) */
    for (int right = 0; right < 2 && rc == CGT_OK; right++) {
      const uint32_t *go = right ? g->ro : g->lo, *ge = right ? g->re : g->le;
      const uint32_t *ho = right ? h->ro : h->lo, *he = right ? h->re : h->le;
      for (uint32_t e = go[a]; e < go[a + 1] && rc == CGT_OK; e++) {
        uint32_t p = ge[e] * h->n + c;
        if (idx[p] == UINT32_MAX) idx[p] = k, order[k++] = p;
        rc = lg_edge(b, v, idx[p], right);
      }
      for (uint32_t e = ho[c]; e < ho[c + 1] && rc == CGT_OK; e++) {
        uint32_t p = a * h->n + he[e];
        if (idx[p] == UINT32_MAX) idx[p] = k, order[k++] = p;
        rc = lg_edge(b, v, idx[p], right);
      }
    }
  }
  if (rc == CGT_OK) b->n = k, rc = lg_build(b, 0, out);
  lg_builder_free(b);
  cgt_free(idx);
  cgt_free(order);
  cgt_stop_release(st, bytes);
  return rc;
}

cgt_rc lg_ordinal(cg_store *s, const lg_graph *g, const lg_graph *h, lg_graph *out) {
  lg_builder *b = lg_builder_new(s);
  if (!b) return CGT_NOMEM;
  uint32_t groot;
  cgt_rc rc = lg_embed(b, g, &groot);   /* g's vertices are 0 .. g->n - 1 */
  uint32_t base = b->n;
  if (rc == CGT_OK && h->n > UINT32_MAX - 2 - base) rc = CGT_TOOBIG;
  if (rc == CGT_OK) b->n += h->n;
  for (uint32_t v = 0; v < h->n && rc == CGT_OK; v++) {
    for (uint32_t e = g->lo[g->root]; e < g->lo[g->root + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + v, g->le[e], 0);
    for (uint32_t e = g->ro[g->root]; e < g->ro[g->root + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + v, g->re[e], 1);
    for (uint32_t e = h->lo[v]; e < h->lo[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + v, base + h->le[e], 0);
    for (uint32_t e = h->ro[v]; e < h->ro[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, base + v, base + h->re[e], 1);
  }
  if (rc == CGT_OK) rc = lg_build(b, base + h->root, out);
  lg_builder_free(b);
  return rc;
}

int lg_test(const lg_graph *g, int what) {
  /* Kahn's algorithm on the graph (LG_LOOPFREE, LG_PLUMTREE: passes left out)
  ** or on the doubled graph (v, mover) -> (w, other) (LG_STOPPER). */
  uint32_t copies = what == LG_STOPPER ? 2 : 1;
  size_t nn = (size_t)g->n * copies;
  uint32_t *indeg = cgt_calloc(nn + 1, sizeof *indeg), *queue = cgt_malloc((nn + 1) * sizeof *queue);
  if (!indeg || !queue) {
    cgt_free(indeg);
    cgt_free(queue);
    return -1;
  }
#define LG_EACH_EDGE(v, m, BODY)                                               \
  for (int side_ = 0; side_ < 2; side_++) {                                    \
    if (what == LG_STOPPER && side_ != (int)(m)) continue;                     \
    const uint32_t *o_ = side_ ? g->ro : g->lo, *d_ = side_ ? g->re : g->le;   \
    for (uint32_t e_ = o_[v]; e_ < o_[(v) + 1]; e_++) {                        \
      uint32_t w_ = d_[e_];                                                    \
      if (what == LG_PLUMTREE && w_ == (v)) continue;                          \
      size_t to_ = what == LG_STOPPER ? (size_t)w_ * 2 + (uint32_t)(1 - side_) : w_; \
      BODY                                                                     \
    }                                                                          \
  }
  for (size_t x = 0; x < nn; x++) {
    uint32_t v = (uint32_t)(x / copies), m = (uint32_t)(x % copies);
    LG_EACH_EDGE(v, m, indeg[to_]++;)
  }
  size_t head = 0, tail = 0;
  for (size_t x = 0; x < nn; x++)
    if (!indeg[x]) queue[tail++] = (uint32_t)x;
  while (head < tail) {
    size_t x = queue[head++];
    uint32_t v = (uint32_t)(x / copies), m = (uint32_t)(x % copies);
    LG_EACH_EDGE(v, m, if (--indeg[to_] == 0) queue[tail++] = (uint32_t)to_;)
  }
#undef LG_EACH_EDGE
  cgt_free(indeg);
  cgt_free(queue);
  return tail == nn;
}

int lg_same(const lg_graph *g, const lg_graph *h) {
  return g->n == h->n && g->root == h->root && !memcmp(g->lo, h->lo, ((size_t)g->n + 1) * sizeof *g->lo) &&
         !memcmp(g->ro, h->ro, ((size_t)g->n + 1) * sizeof *g->ro) &&
         !memcmp(g->le, h->le, (size_t)g->lo[g->n] * sizeof *g->le) &&
         !memcmp(g->re, h->re, (size_t)g->ro[g->n] * sizeof *g->re);
}

cgt_rc lg_short_values(cg_store *s, const lg_graph *g, cg_id *short_of) {
  /* From the vertices without options up: a vertex whose options all have
  ** short values has one. */
  uint32_t n = g->n;
  size_t m = (size_t)g->lo[n] + g->ro[n];
  uint32_t *left = cgt_malloc(((size_t)n + 1) * sizeof *left), *roff = cgt_calloc((size_t)n + 2, sizeof *roff);
  uint32_t *rsrc = cgt_malloc((m + 1) * sizeof *rsrc), *queue = cgt_malloc(((size_t)n + 1) * sizeof *queue);
  cg_id *L = NULL, *R = NULL;
  size_t lcap = 0, rcap = 0;
  cgt_rc rc = left && roff && rsrc && queue ? CGT_OK : CGT_NOMEM;
  size_t head = 0, tail = 0;
  if (rc == CGT_OK) {
    for (uint32_t v = 0; v < n; v++) {
      short_of[v] = LG_NOID;
      left[v] = g->lo[v + 1] - g->lo[v] + g->ro[v + 1] - g->ro[v];
      if (!left[v]) queue[tail++] = v;
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) roff[g->le[e] + 2]++;
      for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++) roff[g->re[e] + 2]++;
    }
    for (uint32_t v = 0; v < n; v++) roff[v + 2] += roff[v + 1];
    for (uint32_t v = 0; v < n; v++) {
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) rsrc[roff[g->le[e] + 1]++] = v;
      for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++) rsrc[roff[g->re[e] + 1]++] = v;
    }
  }
  while (rc == CGT_OK && head < tail) {
    uint32_t v = queue[head++], nl = g->lo[v + 1] - g->lo[v], nr = g->ro[v + 1] - g->ro[v];
    cg_id *l = cgt_grow(L, &lcap, nl, sizeof *l, 8), *r = l ? cgt_grow(R, &rcap, nr, sizeof *r, 8) : NULL;
    if (l) L = l;
    if (!r) {
      rc = CGT_NOMEM;
      break;
    }
    R = r;
    for (uint32_t i = 0; i < nl; i++) L[i] = short_of[g->le[g->lo[v] + i]];
    for (uint32_t i = 0; i < nr; i++) R[i] = short_of[g->re[g->ro[v] + i]];
    if ((rc = cg_game(s, L, nl, R, nr, &short_of[v]))) break;
    for (uint32_t e = roff[v]; e < roff[v + 1]; e++)
      if (--left[rsrc[e]] == 0) queue[tail++] = rsrc[e];
  }
  cgt_free(left);
  cgt_free(roff);
  cgt_free(rsrc);
  cgt_free(queue);
  cgt_free(L);
  cgt_free(R);
  return rc;
}

cgt_rc lg_fuse_short(cg_store *s, lg_graph *g) {
  /* Each loopfree vertex is replaced by the canonical form of its short
  ** value, made once per value (so sums of numbers and loopy games, which
  ** repeat each short value many times, shrink); loopy vertices stay. */
  uint32_t n = g->n;
  cg_id *ids = cgt_malloc(((size_t)n + 1) * sizeof *ids);
  uint32_t *to = cgt_malloc(((size_t)n + 1) * sizeof *to);
  lg_builder *b = lg_builder_new(s);
  cgt_rc rc = ids && to && b ? lg_short_values(s, g, ids) : CGT_NOMEM;
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++)
    if (ids[v] == LG_NOID) rc = lg_vertex(b, &to[v]);
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++)
    if (ids[v] != LG_NOID) rc = lg_short(b, ids[v], &to[v]);
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {
    if (ids[v] != LG_NOID) continue;
    for (uint32_t e = g->lo[v]; e < g->lo[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, to[v], to[g->le[e]], 0);
    for (uint32_t e = g->ro[v]; e < g->ro[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, to[v], to[g->re[e]], 1);
  }
  if (rc == CGT_OK) rc = lg_build_into(b, to[g->root], g);
  lg_builder_free(b);
  cgt_free(ids);
  cgt_free(to);
  return rc;
}
