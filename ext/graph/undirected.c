/* Green Hackenbush and undirected vertex geography. */
#include "undirected.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

/* Adjacency without loops: for node u, adj[off[u]..off[u+1]) holds
** (neighbour, edge id) pairs. */
typedef struct ugraph {
  uint32_t n;
  uint32_t *off;
  uint32_t *adj;   /* 2 words an entry */
} ugraph;

static void ugraph_free(ugraph *g) {
  cgt_free(g->off);
  cgt_free(g->adj);
}

static cgt_rc ugraph_build(ugraph *g, uint32_t n, const uint32_t *rows, size_t m) {
  g->n = n;
  g->off = cgt_calloc((size_t)n + 2, sizeof *g->off);
  g->adj = cgt_malloc((2 * m + 1) * 2 * sizeof *g->adj);
  if (!g->off || !g->adj) return CGT_NOMEM;
  for (size_t i = 0; i < m; i++)
    if (rows[2 * i] != rows[2 * i + 1]) g->off[rows[2 * i] + 2]++, g->off[rows[2 * i + 1] + 2]++;
  for (uint32_t u = 0; u < n; u++) g->off[u + 2] += g->off[u + 1];
  for (size_t i = 0; i < m; i++) {
    uint32_t u = rows[2 * i], v = rows[2 * i + 1];
    if (u == v) continue;
    uint32_t *a = &g->adj[2 * g->off[u + 1]++], *b = &g->adj[2 * g->off[v + 1]++];
    a[0] = v, a[1] = (uint32_t)i;
    b[0] = u, b[1] = (uint32_t)i;
  }
  return CGT_OK;
}

/* ---- Green Hackenbush ---- */

cgt_rc cgt_green_hackenbush(uint32_t n, const uint32_t *rows, size_t m, uint32_t ground, uint64_t *value,
                            cgt_stop *st) {
  ugraph g = {0, NULL, NULL};
  uint32_t *tin = cgt_malloc((n ? n : 1) * sizeof *tin), *low = cgt_malloc((n ? n : 1) * sizeof *low);
  uint32_t *stack = cgt_malloc(((size_t)n + 1) * 3 * sizeof *stack), *comp = cgt_malloc((n ? n : 1) * sizeof *comp);
  uint8_t *bridge = cgt_calloc(m ? m : 1, 1);
  uint64_t *val = cgt_calloc((size_t)n + 1, sizeof *val);
  uint32_t *parent = cgt_malloc(((size_t)n + 1) * sizeof *parent), *order = cgt_malloc(((size_t)n + 1) * sizeof *order);
  cgt_rc rc = CGT_NOMEM;
  uint32_t timer = 0;
  if (!tin || !low || !stack || !comp || !bridge || !val || !parent || !order) goto done;
  if ((rc = ugraph_build(&g, n, rows, m)) != CGT_OK) goto done;
  /* Bridges, by an iterative depth-first search from the ground: a stack
  ** entry is (node, edge it was entered by, next adjacency index). */
  memset(tin, 0xff, (size_t)n * sizeof *tin);
  uint32_t top = 0;
  tin[ground] = low[ground] = timer++;
  stack[0] = ground, stack[1] = NONE, stack[2] = g.off[ground];
  top = 1;
  while (top) {
    uint32_t *f = &stack[3 * (top - 1)], u = f[0];
    if (f[2] < g.off[u + 1]) {
      uint32_t v = g.adj[2 * f[2]], e = g.adj[2 * f[2] + 1];
      f[2]++;
      if (e == f[1]) continue;   /* the edge back to the parent (parallel ones are other edges) */
      if (tin[v] == NONE) {
        tin[v] = low[v] = timer++;
        uint32_t *c = &stack[3 * top++];
        c[0] = v, c[1] = e, c[2] = g.off[v];
      } else if (tin[v] < low[u]) {
        low[u] = tin[v];
      }
    } else {
      top--;
      if (top) {
        uint32_t p = stack[3 * (top - 1)];
        if (low[u] < low[p]) low[p] = low[u];
        if (low[u] > tin[p]) bridge[f[1]] = 1;
      }
    }
    if (cgt_stop_charge(st, 1)) { rc = CGT_INTERRUPTED; goto done; }
  }
  /* Fuse: 2-edge-connected parts are the components without bridges; each
  ** keeps its own edges (loops included) as loops. */
  memset(comp, 0xff, (size_t)n * sizeof *comp);
  uint32_t ncomp = 0;
  for (uint32_t s = 0; s < n; s++) {
    if (tin[s] == NONE || comp[s] != NONE) continue;
    uint32_t sp = 0;
    comp[s] = ncomp;
    stack[sp++] = s;
    while (sp) {
      uint32_t u = stack[--sp];
      for (uint32_t k = g.off[u]; k < g.off[u + 1]; k++)
        if (!bridge[g.adj[2 * k + 1]] && comp[g.adj[2 * k]] == NONE) {
          comp[g.adj[2 * k]] = ncomp;
          stack[sp++] = g.adj[2 * k];
        }
    }
    ncomp++;
  }
  for (size_t i = 0; i < m; i++)   /* loops of each part, as parity */
    if (tin[rows[2 * i]] != NONE && !bridge[i]) val[comp[rows[2 * i]]] ^= 1;
  /* The bridge tree from the ground's part, in breadth-first order, over an
  ** adjacency of parts (bridges reached from the ground only). */
  uint32_t *boff = cgt_calloc((size_t)ncomp + 2, sizeof *boff), *badj = cgt_malloc((2 * m + 1) * sizeof *badj);
  if (!boff || !badj) {
    cgt_free(boff);
    cgt_free(badj);
    rc = CGT_NOMEM;
    goto done;
  }
  for (size_t i = 0; i < m; i++)
    if (bridge[i]) boff[comp[rows[2 * i]] + 2]++, boff[comp[rows[2 * i + 1]] + 2]++;
  for (uint32_t c = 0; c < ncomp; c++) boff[c + 2] += boff[c + 1];
  for (size_t i = 0; i < m; i++)
    if (bridge[i]) {
      uint32_t a = comp[rows[2 * i]], b = comp[rows[2 * i + 1]];
      badj[boff[a + 1]++] = b;
      badj[boff[b + 1]++] = a;
    }
  for (uint32_t c = 0; c < ncomp; c++) parent[c] = NONE;
  uint32_t head = 0, tail = 0, root = comp[ground];
  order[tail++] = root;
  parent[root] = root;
  while (head < tail) {
    uint32_t c = order[head++];
    for (uint32_t k = boff[c]; k < boff[c + 1]; k++)
      if (parent[badj[k]] == NONE) parent[badj[k]] = c, order[tail++] = badj[k];
  }
  cgt_free(boff);
  cgt_free(badj);
  /* Children before parents: a branch is worth its subtree's value + 1. */
  for (uint32_t k = tail; k-- > 1;) val[parent[order[k]]] ^= val[order[k]] + 1;
  *value = val[root];
  rc = CGT_OK;
done:
  ugraph_free(&g);
  cgt_free(tin);
  cgt_free(low);
  cgt_free(stack);
  cgt_free(comp);
  cgt_free(bridge);
  cgt_free(val);
  cgt_free(parent);
  cgt_free(order);
  return rc;
}

/* ---- maximum matching (Edmonds' blossom algorithm) ---- */

typedef struct matcher {
  const ugraph *g;
  uint32_t skip;     /* a node left out of the graph, or NONE */
  uint32_t *match, *p, *base, *queue, *mark;
  uint8_t *used, *blossom;
  uint32_t stamp;
} matcher;

/* The base of the lowest common ancestor of a and b in the search forest. */
static uint32_t lca(matcher *mt, uint32_t a, uint32_t b) {
  mt->stamp++;
  for (;;) {
    a = mt->base[a];
    mt->mark[a] = mt->stamp;
    if (mt->match[a] == NONE) break;
    a = mt->p[mt->match[a]];
  }
  for (;;) {
    b = mt->base[b];
    if (mt->mark[b] == mt->stamp) return b;
    b = mt->p[mt->match[b]];
  }
}

static void mark_path(matcher *mt, uint32_t v, uint32_t b, uint32_t child) {
  while (mt->base[v] != b) {
    mt->blossom[mt->base[v]] = mt->blossom[mt->base[mt->match[v]]] = 1;
    mt->p[v] = child;
    child = mt->match[v];
    v = mt->p[mt->match[v]];
  }
}

/* Searches an augmenting path from the free node root; returns its other
** end, or NONE (also when st says stop: the caller looks at st->stopped). */
static uint32_t find_path(matcher *mt, uint32_t root, cgt_stop *st) {
  const ugraph *g = mt->g;
  uint32_t n = g->n, head = 0, tail = 0;
  memset(mt->used, 0, n);
  for (uint32_t i = 0; i < n; i++) mt->p[i] = NONE, mt->base[i] = i;
  mt->used[root] = 1;
  mt->queue[tail++] = root;
  if (cgt_stop_charge(st, 1 + (uint64_t)n)) return NONE;
  while (head < tail) {
    uint32_t v = mt->queue[head++];
    if (cgt_stop_charge(st, 1 + (uint64_t)(g->off[v + 1] - g->off[v]))) return NONE;
    for (uint32_t k = g->off[v]; k < g->off[v + 1]; k++) {
      uint32_t to = g->adj[2 * k];
      if (to == mt->skip || mt->base[v] == mt->base[to] || mt->match[v] == to) continue;
      if (to == root || (mt->match[to] != NONE && mt->p[mt->match[to]] != NONE)) {
        uint32_t b = lca(mt, v, to);
        memset(mt->blossom, 0, n);
        mark_path(mt, v, b, to);
        mark_path(mt, to, b, v);
        if (cgt_stop_charge(st, 2 * (uint64_t)n)) return NONE;   /* a blossom: a pass over the nodes */
        for (uint32_t i = 0; i < n; i++)
          if (mt->blossom[mt->base[i]]) {
            mt->base[i] = b;
            if (!mt->used[i]) mt->used[i] = 1, mt->queue[tail++] = i;
          }
      } else if (mt->p[to] == NONE) {
        mt->p[to] = v;
        if (mt->match[to] == NONE) return to;
        mt->used[mt->match[to]] = 1;
        mt->queue[tail++] = mt->match[to];
      }
    }
  }
  return NONE;
}

/* The size of a maximum matching of g without node skip (NONE: none). */
static cgt_rc matching_size(matcher *mt, uint32_t skip, uint32_t *size, cgt_stop *st) {
  const ugraph *g = mt->g;
  uint32_t count = 0;
  mt->skip = skip;
  for (uint32_t v = 0; v < g->n; v++) mt->match[v] = NONE;
  for (uint32_t v = 0; v < g->n; v++) {   /* greedy start */
    if (v == skip || mt->match[v] != NONE) continue;
    for (uint32_t k = g->off[v]; k < g->off[v + 1]; k++) {
      uint32_t to = g->adj[2 * k];
      if (to != skip && to != v && mt->match[to] == NONE) {
        mt->match[v] = to, mt->match[to] = v, count++;
        break;
      }
    }
  }
  for (uint32_t v = 0; v < g->n; v++) {
    if (v == skip || mt->match[v] != NONE) continue;
    uint32_t t = find_path(mt, v, st);
    if (st && st->stopped) return CGT_INTERRUPTED;
    if (t != NONE) count++;
    while (t != NONE) {   /* flip the path */
      uint32_t pv = mt->p[t], next = mt->match[pv];
      mt->match[t] = pv;
      mt->match[pv] = t;
      t = next;
    }
  }
  *size = count;
  return CGT_OK;
}

cgt_rc cgt_geography_wins(uint32_t n, const uint32_t *rows, size_t m, uint32_t start, int *wins,
                          cgt_stop *st) {
  /* Only the component of start matters: renumber it 0..k-1. */
  uint32_t *id = cgt_malloc((n ? n : 1) * sizeof *id), *list = cgt_malloc((n ? n : 1) * sizeof *list);
  uint32_t *sub = cgt_malloc((2 * m + 1) * sizeof *sub);
  ugraph g = {0, NULL, NULL}, h = {0, NULL, NULL};
  matcher mt;
  memset(&mt, 0, sizeof mt);
  cgt_rc rc = CGT_NOMEM;
  if (!id || !list || !sub || ugraph_build(&g, n, rows, m) != CGT_OK) goto done;
  memset(id, 0xff, (size_t)n * sizeof *id);
  uint32_t k = 0, head = 0;
  id[start] = k;
  list[k++] = start;
  while (head < k) {
    uint32_t u = list[head++];
    for (uint32_t j = g.off[u]; j < g.off[u + 1]; j++)
      if (id[g.adj[2 * j]] == NONE) id[g.adj[2 * j]] = k, list[k++] = g.adj[2 * j];
  }
  size_t ms = 0;
  for (size_t i = 0; i < m; i++)
    if (id[rows[2 * i]] != NONE && rows[2 * i] != rows[2 * i + 1])
      sub[2 * ms] = id[rows[2 * i]], sub[2 * ms + 1] = id[rows[2 * i + 1]], ms++;
  if (ugraph_build(&h, k, sub, ms) != CGT_OK) goto done;
  mt.g = &h;
  mt.match = cgt_malloc(k * sizeof *mt.match);
  mt.p = cgt_malloc(k * sizeof *mt.p);
  mt.base = cgt_malloc(k * sizeof *mt.base);
  mt.queue = cgt_malloc(k * sizeof *mt.queue);
  mt.mark = cgt_calloc(k, sizeof *mt.mark);
  mt.used = cgt_malloc(k);
  mt.blossom = cgt_malloc(k);
  if (!mt.match || !mt.p || !mt.base || !mt.queue || !mt.mark || !mt.used || !mt.blossom) goto done;
  uint32_t with, without;
  rc = matching_size(&mt, NONE, &with, st);
  if (rc == CGT_OK) rc = matching_size(&mt, 0, &without, st);   /* start is node 0 */
  if (rc == CGT_OK) *wins = with > without;
done:
  ugraph_free(&g);
  ugraph_free(&h);
  cgt_free(id);
  cgt_free(list);
  cgt_free(sub);
  cgt_free(mt.match);
  cgt_free(mt.p);
  cgt_free(mt.base);
  cgt_free(mt.queue);
  cgt_free(mt.mark);
  cgt_free(mt.used);
  cgt_free(mt.blossom);
  return rc;
}
