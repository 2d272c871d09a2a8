/*
** Canonical stoppers (loopy.h): with the table of every vertex compared
** with every other (lsurvive.c), each vertex's reversible options are
** bypassed and its dominated and duplicate options dropped, equal vertices
** are fused into one, and what the start no longer reaches goes; this is
** repeated until nothing changes (the vertices keep their values, so the
** table stays valid within a round).  Siegel (Combinatorial Game Theory,
** ch. VI) shows that two equal stoppers in this form are isomorphic; colour
** refinement then numbers the vertices of the fused graph in an order that
** depends on its shape alone, so equal stoppers get identical graphs.
*/
#include <stdlib.h>
#include <string.h>

#include "loopy.h"

/* An option list being made: targets, and which vertices it holds. */
typedef struct optlist {
  uint32_t *v, n, cap;
} optlist;

static cgt_rc push(optlist *l, uint32_t x) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? 2 * l->cap : 8, *p = cgt_realloc(l->v, cap * sizeof *p);
    if (!p) return CGT_NOMEM;
    l->v = p, l->cap = cap;
  }
  l->v[l->n++] = x;
  return CGT_OK;
}

/* One side (right = 0 Left, 1 Right) of vertex v simplified: reversible
** options bypassed (a Left option x with a Right option y <= v gives way to
** y's Left options), then dominated and repeated options dropped.  Sets
** *changed when the list differs from the graph's. */
static cgt_rc simplify_side(cg_store *s, const lg_graph *g, const uint8_t *le, const uint32_t *rep, uint32_t v, int right,
                            uint8_t *seen, optlist *work, optlist *out, int *changed) {
  uint32_t n = g->n;
  const uint32_t *o = right ? g->ro : g->lo, *d = right ? g->re : g->le;
  const uint32_t *oo = right ? g->lo : g->ro, *od = right ? g->le : g->re;   /* the other side's options */
  cgt_rc rc = CGT_OK;
  work->n = out->n = 0;
  for (uint32_t e = o[v]; e < o[v + 1] && rc == CGT_OK; e++) rc = push(work, d[e]);
  /* Options are followed as the vertices they are (an equal vertex has
  ** other options to bypass to); equal ones become one at the end. */
  while (rc == CGT_OK && work->n) {
    uint32_t x = work->v[--work->n];
    if (seen[x]) {
      *changed = 1;   /* a repeated option */
      continue;
    }
    seen[x] = 1;
    uint32_t y = UINT32_MAX;
    for (uint32_t e = oo[x]; e < oo[x + 1] && y == UINT32_MAX; e++) {
      uint32_t z = od[e];
      if (right ? le[(size_t)v * n + z] : le[(size_t)z * n + v]) y = z;   /* Left: x^R <= v; Right: x^L >= v */
    }
    if (y == UINT32_MAX) {
      rc = push(out, x);
      continue;
    }
    *changed = 1;   /* x reverses through y: y's options on this side replace it */
    for (uint32_t e = o[y]; e < o[y + 1] && rc == CGT_OK; e++) rc = push(work, d[e]);
    rc = rc ? rc : cg_work(s, o[y + 1] - o[y]);
  }
  for (uint32_t i = 0; i < n; i++) seen[i] = 0;
  if (rc) return rc;
  uint32_t k = 0;   /* equal options as one, then drop dominated ones: Left keeps the greatest, Right the least */
  for (uint32_t i = 0; i < out->n; i++) {
    uint32_t x = rep[out->v[i]];
    if (x != out->v[i]) *changed = 1;
    if (seen[x]) {
      *changed = 1;
      continue;
    }
    seen[x] = 1;
    out->v[k++] = x;
  }
  for (uint32_t i = 0; i < k; i++) seen[out->v[i]] = 0;
  out->n = k;
  k = 0;
  for (uint32_t i = 0; i < out->n; i++) {
    uint32_t x = out->v[i], dominated = 0;
    for (uint32_t j = 0; j < out->n && !dominated; j++) {
      uint32_t z = out->v[j];
      if (z != x) dominated = right ? le[(size_t)z * n + x] : le[(size_t)x * n + z];
    }
    if (dominated) *changed = 1;
    else out->v[k++] = x;
  }
  out->n = k;
  return cg_work(s, (uint64_t)k * k + 1);
}

/* One round: returns in *changed whether the graph changed. */
static cgt_rc round_once(cg_store *s, lg_graph *g, int *changed) {
  uint32_t n = g->n;
  cgt_stop *st = cg_store_get_stop(s);
  uint64_t bytes = (uint64_t)n * n;
  if (cgt_stop_reserve(st, bytes)) return CGT_MEMORY;
  uint8_t *le = cgt_malloc((size_t)bytes + 1), *seen = cgt_calloc((size_t)n + 1, 1);
  uint32_t *rep = cgt_malloc(((size_t)n + 1) * sizeof *rep);
  lg_builder *b = lg_builder_new(s);
  optlist work = {0}, out = {0};
  cgt_rc rc = le && seen && rep && b ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) rc = lg_le_table(s, g, g, LG_SURVIVE, le);
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {   /* each vertex goes to the first vertex equal to it */
    rep[v] = v;
    for (uint32_t u = 0; u < v; u++)
      if (le[(size_t)u * n + v] && le[(size_t)v * n + u]) {
        rep[v] = u, *changed = 1;
        break;
      }
    rc = cg_work(s, v + 1);
  }
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {
    uint32_t w;
    rc = lg_vertex(b, &w);   /* (w == v) */
  }
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {
    if (rep[v] != v) continue;
    for (int right = 0; right < 2 && rc == CGT_OK; right++) {
      rc = simplify_side(s, g, le, rep, v, right, seen, &work, &out, changed);
      for (uint32_t i = 0; i < out.n && rc == CGT_OK; i++) rc = lg_edge(b, v, out.v[i], right);
    }
  }
  if (rc == CGT_OK) rc = lg_build_into(b, rep[g->root], g);
  lg_builder_free(b);
  cgt_free(le);
  cgt_free(seen);
  cgt_free(rep);
  cgt_free(work.v);
  cgt_free(out.v);
  cgt_stop_release(st, bytes);
  return rc;
}

/* ---- canonical numbering by colour refinement ---- */

/* A vertex's signature: its colour, then the sorted distinct colours of its
** Left options, then of its Right options, each list led by its length. */
typedef struct sigs {
  uint32_t *at, *word;
} sigs;

static int sig_cmp(const sigs *S, uint32_t a, uint32_t b) {
  const uint32_t *x = S->word + S->at[a], *y = S->word + S->at[b];
  uint32_t nx = S->at[a + 1] - S->at[a], ny = S->at[b + 1] - S->at[b];
  for (uint32_t i = 0; i < nx && i < ny; i++)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return nx < ny ? -1 : nx > ny;
}

/* Sorts idx[0..n) by signature (a merge sort, stable). */
static void sort_by_sig(const sigs *S, uint32_t *idx, uint32_t *tmp, uint32_t n) {
  for (uint32_t width = 1; width < n; width *= 2) {
    for (uint32_t lo = 0; lo < n; lo += 2 * width) {
      uint32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      uint32_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) tmp[k++] = sig_cmp(S, idx[j], idx[i]) < 0 ? idx[j++] : idx[i++];
      while (i < mid) tmp[k++] = idx[i++];
      while (j < hi) tmp[k++] = idx[j++];
    }
    memcpy(idx, tmp, (size_t)n * sizeof *idx);
  }
}

static void sort_u32(uint32_t *v, uint32_t n) {   /* insertion sort: option lists are short */
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
      uint32_t t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
}

/* Appends the sorted distinct colours of the options o/d of v, led by their count. */
static uint32_t put_colours(uint32_t *w, const uint32_t *col, const uint32_t *o, const uint32_t *d, uint32_t v) {
  uint32_t k = 0;
  for (uint32_t e = o[v]; e < o[v + 1]; e++) w[1 + k++] = col[d[e]];
  sort_u32(w + 1, k);
  uint32_t u = 0;
  for (uint32_t i = 0; i < k; i++)
    if (!u || w[1 + u - 1] != w[1 + i]) w[1 + u++] = w[1 + i];
  w[0] = u;
  return 1 + u;
}

/* Exact colour refinement: each round sorts the vertices by signature. */
static cgt_rc exact_colours(cg_store *s, const lg_graph *g, uint32_t *col) {
  uint32_t n = g->n;
  size_t words = (size_t)n * 3 + g->lo[n] + g->ro[n];
  uint32_t *idx = cgt_malloc(((size_t)n + 1) * sizeof *idx), *tmp = cgt_malloc(((size_t)n + 1) * sizeof *tmp);
  sigs S = {cgt_malloc(((size_t)n + 2) * sizeof *S.at), cgt_malloc((words + 1) * sizeof *S.word)};
  cgt_rc rc = idx && tmp && S.at && S.word ? CGT_OK : CGT_NOMEM;
  for (uint32_t v = 0; v < n; v++) col[v] = 0;
  for (uint32_t colours = 1; rc == CGT_OK;) {
    size_t at = 0;
    for (uint32_t v = 0; v < n; v++) {
      S.at[v] = (uint32_t)at;
      S.word[at++] = col[v];
      at += put_colours(S.word + at, col, g->lo, g->le, v);
      at += put_colours(S.word + at, col, g->ro, g->re, v);
      idx[v] = v;
    }
    S.at[n] = (uint32_t)at;
    sort_by_sig(&S, idx, tmp, n);
    uint32_t c = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (i && sig_cmp(&S, idx[i - 1], idx[i])) c++;
      tmp[idx[i]] = c;
    }
    memcpy(col, tmp, (size_t)n * sizeof *col);
    rc = cg_work(s, words);
    if (c + 1 == colours) break;
    colours = c + 1;
  }
  cgt_free(idx);
  cgt_free(tmp);
  cgt_free(S.at);
  cgt_free(S.word);
  return rc;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The number of distinct values among h[0..n) (sorted into tmp). */
static uint32_t distinct(const uint64_t *h, uint64_t *tmp, uint32_t n) {
  memcpy(tmp, h, (size_t)n * sizeof *h);
  qsort(tmp, n, sizeof *tmp, cmp_u64);
  uint32_t c = n ? 1 : 0;
  for (uint32_t i = 1; i < n; i++) c += tmp[i] != tmp[i - 1];
  return c;
}

/* Colour refinement by hashing: a vertex's new colour mixes its colour with
** order-free sums over its Left and its Right options' colours (a round
** costs one pass over the edges, not a sort).  When the final colours are
** all distinct, their ranks are the colours (*discrete 1): a labelling
** that depends on the graph's shape alone, whatever the hash; else the
** caller refines exactly. */
static cgt_rc hashed_colours(cg_store *s, const lg_graph *g, uint32_t *col, int *discrete) {
  uint32_t n = g->n;
  uint64_t *h = cgt_calloc((size_t)n + 1, sizeof *h), *next = cgt_malloc(((size_t)n + 1) * sizeof *next);
  uint64_t *tmp = cgt_malloc(((size_t)n + 1) * sizeof *tmp);
  cgt_rc rc = h && next && tmp ? CGT_OK : CGT_NOMEM;
  *discrete = 0;
  for (uint32_t colours = 1; rc == CGT_OK;) {
    for (uint32_t v = 0; v < n; v++) {
      uint64_t l = 0, r = 0;
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) l += cgt_mix64(h[g->le[e]] ^ 0x9e3779b97f4a7c15ull);
      for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++) r += cgt_mix64(h[g->re[e]] ^ 0xc2b2ae3d27d4eb4full);
      next[v] = cgt_mix64(h[v] ^ cgt_mix64(l ^ cgt_mix64(r + (uint64_t)(g->lo[v + 1] - g->lo[v]))));
    }
    memcpy(h, next, (size_t)n * sizeof *h);
    uint32_t c = distinct(h, tmp, n);
    rc = cg_work(s, (uint64_t)n * 8 + g->lo[n] + g->ro[n]);
    if (c == colours || c == n) {
      *discrete = c == n;
      break;
    }
    colours = c;
  }
  if (rc == CGT_OK && *discrete)   /* tmp holds the colours sorted: a vertex's colour is its rank */
    for (uint32_t v = 0; v < n; v++) {
      uint64_t *at = bsearch(&h[v], tmp, n, sizeof *tmp, cmp_u64);
      col[v] = (uint32_t)(at - tmp);
    }
  cgt_free(h);
  cgt_free(next);
  cgt_free(tmp);
  return rc;
}

cgt_rc lg_fuse_bisimilar(cg_store *s, lg_graph *g) {
  /* Bisimilar positions (equal colours after exact refinement: the same
  ** options' colours on each side) are the same game: one stands for all. */
  uint32_t n = g->n;
  uint32_t *col = cgt_malloc(((size_t)n + 1) * sizeof *col), *first = cgt_malloc(((size_t)n + 1) * sizeof *first);
  lg_builder *b = lg_builder_new(s);
  cgt_rc rc = col && first && b ? exact_colours(s, g, col) : CGT_NOMEM;
  uint32_t w;
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) first[v] = UINT32_MAX, rc = lg_vertex(b, &w);
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++)
    if (first[col[v]] == UINT32_MAX) first[col[v]] = v;
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {
    if (first[col[v]] != v) continue;
    for (uint32_t e = g->lo[v]; e < g->lo[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, v, first[col[g->le[e]]], 0);
    for (uint32_t e = g->ro[v]; e < g->ro[v + 1] && rc == CGT_OK; e++) rc = lg_edge(b, v, first[col[g->re[e]]], 1);
  }
  if (rc == CGT_OK) rc = lg_build_into(b, first[col[g->root]], g);
  lg_builder_free(b);
  cgt_free(col);
  cgt_free(first);
  return rc;
}

cgt_rc lg_renumber(cg_store *s, lg_graph *g) {
  uint32_t n = g->n;
  uint32_t *col = cgt_calloc((size_t)n + 1, sizeof *col);
  int discrete = 0;
  cgt_rc rc = col ? hashed_colours(s, g, col, &discrete) : CGT_NOMEM;
  if (rc == CGT_OK && !discrete) rc = exact_colours(s, g, col);
  /* In a fused graph every vertex has a colour of its own (equal colours
  ** would be equal games).  Options sorted by colour, then numbered in the
  ** order a breadth-first walk from the start meets them: an order that
  ** depends on the graph's shape alone. */
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++) {
    for (int right = 0; right < 2; right++) {
      const uint32_t *o = right ? g->ro : g->lo;
      uint32_t *d = right ? g->re : g->le;
      for (uint32_t i = o[v] + 1; i < o[v + 1]; i++)   /* insertion sort by colour */
        for (uint32_t j = i; j > o[v] && col[d[j - 1]] > col[d[j]]; j--) {
          uint32_t x = d[j];
          d[j] = d[j - 1], d[j - 1] = x;
        }
    }
  }
  if (rc == CGT_OK) rc = lg_restrict(s, g, g->root);
  cgt_free(col);
  return rc;
}

cgt_rc lg_canonical(cg_store *s, lg_graph *g) {
  cgt_rc rc = lg_fuse_short(s, g);   /* (fewer vertices to compare) */
  /* A round holds the table of pairs and the survival analysis behind it
  ** (19 bytes a pair): past the memory setting, say so at once, naming it
  ** all rather than its first part. */
  uint64_t bytes = (uint64_t)g->n * g->n * 19;
  cgt_stop *st = cg_store_get_stop(s);
  if (rc == CGT_OK && cgt_stop_reserve(st, bytes)) rc = CGT_MEMORY;
  else if (rc == CGT_OK) cgt_stop_release(st, bytes);
  for (int changed = 1; changed && rc == CGT_OK;) {
    changed = 0;
    rc = round_once(s, g, &changed);
  }
  return rc ? rc : lg_renumber(s, g);
}
