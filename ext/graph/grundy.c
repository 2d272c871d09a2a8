/*
** Generalised Sprague-Grundy values.
**
** Phase 1 peels the acyclic part: a node whose options all have values gets
** the mex of them, as in a topological sort (linear time).  What is left can
** reach a cycle.  Phase 2 labels it in rounds i = 0, 1, 2, ... following
** Fraenkel and Yesha: an unlabelled node u gets the value i when no option of
** u has the value i and every unlabelled or infinite option of u has an
** option of value i; then every unlabelled node with no option of value i is
** infinite.  Counters make each round one pass over the remaining moves.
*/
#include "grundy.h"

#include <stdlib.h>
#include <string.h>

enum { DONE = 0, UNL = 1, INFN = 2 };

typedef struct round_state {
  const cgt_digraph *g;
  uint32_t *value;
  uint8_t *state;      /* DONE, UNL or INFN for every node */
  uint8_t *blocked;    /* an option has the value of this round */
  uint8_t *has_i;      /* an option has the value of this round (for UNL/INFN) */
  uint32_t *cnt;       /* options UNL/INFN not yet having an option valued i */
  uint32_t *queue;
} round_state;

/* Phase 1: values of the nodes that cannot reach a cycle.  The others keep
** CGT_GRUNDY_INF and state UNL.  Returns the number of the others. */
static cgt_rc peel_acyclic(const cgt_digraph *g, uint32_t *value, uint8_t *state,
                           uint32_t *left, uint32_t *queue, uint32_t *mark,
                           uint32_t *remaining, cgt_stop *st) {
  uint32_t n = g->n, head = 0, tail = 0;
  for (uint32_t u = 0; u < n; u++) {
    left[u] = cgt_outdeg(g, u);
    value[u] = CGT_GRUNDY_INF;
    state[u] = UNL;
    mark[u] = UINT32_MAX;
    if (left[u] == 0) queue[tail++] = u;
  }
  while (head < tail) {
    uint32_t v = queue[head++];
    for (uint32_t k = g->out_off[v]; k < g->out_off[v + 1]; k++) {
      uint32_t x = value[g->out[k]];
      if (x < n) mark[x] = v;
    }
    uint32_t mex = 0;
    while (mex < n && mark[mex] == v) mex++;
    value[v] = mex;
    state[v] = DONE;
    for (uint32_t k = g->in_off[v]; k < g->in_off[v + 1]; k++)
      if (--left[g->in[k]] == 0) queue[tail++] = g->in[k];
    /* its moves, the moves into it and the mex */
    uint64_t work = 1 + (uint64_t)cgt_outdeg(g, v) + (g->in_off[v + 1] - g->in_off[v]) + mex;
    if (cgt_stop_charge(st, work)) return CGT_INTERRUPTED;
  }
  *remaining = n - tail;
  return CGT_OK;
}

/* Gives node q the value i and queues it. */
static void label(round_state *rs, uint32_t q, uint32_t i, uint32_t *tail) {
  rs->value[q] = i;
  rs->state[q] = DONE;
  rs->queue[(*tail)++] = q;
}

/* Spreads the news that w has the value i of this round; returns the moves
** scanned. */
static uint64_t spread(round_state *rs, uint32_t w, uint32_t i, uint32_t *tail) {
  const cgt_digraph *g = rs->g;
  uint64_t work = 1 + (uint64_t)(g->in_off[w + 1] - g->in_off[w]);
  for (uint32_t k = g->in_off[w]; k < g->in_off[w + 1]; k++) {
    uint32_t p = g->in[k];
    if (rs->state[p] == DONE) continue;
    if (rs->state[p] == UNL) rs->blocked[p] = 1;
    if (rs->has_i[p]) continue;
    rs->has_i[p] = 1;
    work += g->in_off[p + 1] - g->in_off[p];
    for (uint32_t j = g->in_off[p]; j < g->in_off[p + 1]; j++) {
      uint32_t q = g->in[j];
      if (rs->state[q] == UNL && --rs->cnt[q] == 0 && !rs->blocked[q]) label(rs, q, i, tail);
    }
  }
  return work;
}

/* Phase 2 over the nodes still UNL.  seeds lists the finished nodes with a
** predecessor among them, sorted by value (seed_off[v]..seed_off[v+1]). */
static cgt_rc label_rounds(round_state *rs, uint32_t *unl, uint32_t nunl, uint32_t *inf,
                           const uint32_t *seeds, const uint32_t *seed_off, uint32_t maxseed,
                           cgt_stop *st) {
  const cgt_digraph *g = rs->g;
  uint32_t ninf = 0;
  for (uint32_t i = 0; nunl > 0; i++) {
    uint32_t head = 0, tail = 0;
    for (uint32_t a = 0; a < nunl; a++) {
      uint32_t u = unl[a], c = 0;
      for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++) c += rs->state[g->out[k]] != DONE;
      rs->cnt[u] = c;
      rs->blocked[u] = rs->has_i[u] = 0;
      if (cgt_stop_charge(st, 1 + (uint64_t)cgt_outdeg(g, u))) return CGT_INTERRUPTED;
    }
    for (uint32_t a = 0; a < ninf; a++) rs->has_i[inf[a]] = 0;
    if (cgt_stop_charge(st, 1 + (uint64_t)ninf)) return CGT_INTERRUPTED;
    if (i <= maxseed) {
      for (uint32_t s = seed_off[i]; s < seed_off[i + 1]; s++) {
        uint32_t w = seeds[s];
        for (uint32_t k = g->in_off[w]; k < g->in_off[w + 1]; k++)
          if (rs->state[g->in[k]] == UNL) rs->blocked[g->in[k]] = 1;
        rs->queue[tail++] = w;
      }
    }
    for (uint32_t a = 0; a < nunl; a++) {
      uint32_t u = unl[a];
      if (rs->state[u] == UNL && rs->cnt[u] == 0 && !rs->blocked[u]) label(rs, u, i, &tail);
    }
    if (cgt_stop_charge(st, 1 + (uint64_t)nunl)) return CGT_INTERRUPTED;
    while (head < tail)
      if (cgt_stop_charge(st, spread(rs, rs->queue[head++], i, &tail))) return CGT_INTERRUPTED;
    uint32_t kept = 0;
    for (uint32_t a = 0; a < nunl; a++) {
      uint32_t u = unl[a];
      if (rs->state[u] != UNL) continue;
      if (rs->has_i[u]) {
        unl[kept++] = u;
      } else {
        rs->state[u] = INFN;
        inf[ninf++] = u;
      }
    }
    nunl = kept;
  }
  return CGT_OK;
}

cgt_rc cgt_grundy_solve(const cgt_digraph *g, uint32_t *value, uint8_t *loopy, cgt_stop *st) {
  uint32_t n = g->n, remaining = 0;
  size_t sz = n ? n : 1;
  round_state rs = {g, value, NULL, NULL, NULL, NULL, NULL};
  uint32_t *unl = NULL, *inf = NULL, *seeds = NULL, *seed_off = NULL;
  cgt_rc rc = CGT_NOMEM;
  rs.state = cgt_malloc(sz);
  rs.blocked = cgt_malloc(sz);
  rs.has_i = cgt_malloc(sz);
  rs.cnt = cgt_malloc(sz * sizeof(uint32_t));
  rs.queue = cgt_malloc(sz * sizeof(uint32_t));
  unl = cgt_malloc(sz * sizeof(uint32_t));
  inf = cgt_malloc(sz * sizeof(uint32_t));
  if (!rs.state || !rs.blocked || !rs.has_i || !rs.cnt || !rs.queue || !unl || !inf) goto done;

  /* cnt, queue and unl serve as scratch for the first phase. */
  rc = peel_acyclic(g, value, rs.state, rs.cnt, rs.queue, unl, &remaining, st);
  if (rc == CGT_OK && loopy)
    for (uint32_t u = 0; u < n; u++) loopy[u] = rs.state[u] == UNL;
  if (rc || remaining == 0) goto done;

  /* Seeds: finished nodes with a predecessor that can reach a cycle. */
  uint32_t nunl = 0, nseed = 0, maxseed = 0;
  for (uint32_t u = 0; u < n; u++) {
    if (rs.state[u] == UNL) { unl[nunl++] = u; continue; }
    for (uint32_t k = g->in_off[u]; k < g->in_off[u + 1]; k++) {
      if (rs.state[g->in[k]] != UNL) continue;
      inf[nseed++] = u;
      if (value[u] > maxseed) maxseed = value[u];
      break;
    }
  }
  rc = CGT_NOMEM;
  seeds = cgt_malloc((nseed ? nseed : 1) * sizeof *seeds);
  seed_off = cgt_calloc((size_t)maxseed + 2, sizeof *seed_off);
  if (!seeds || !seed_off) goto done;
  for (uint32_t s = 0; s < nseed; s++) seed_off[value[inf[s]] + 1]++;
  for (uint32_t v = 0; v <= maxseed; v++) seed_off[v + 1] += seed_off[v];
  for (uint32_t s = 0; s < nseed; s++) seeds[seed_off[value[inf[s]]]++] = inf[s];
  for (uint32_t v = maxseed + 1; v > 0; v--) seed_off[v] = seed_off[v - 1];
  seed_off[0] = 0;
  rc = label_rounds(&rs, unl, nunl, inf, seeds, seed_off, nseed ? maxseed : 0, st);

done:
  cgt_free(rs.state);
  cgt_free(rs.blocked);
  cgt_free(rs.has_i);
  cgt_free(rs.cnt);
  cgt_free(rs.queue);
  cgt_free(unl);
  cgt_free(inf);
  cgt_free(seeds);
  cgt_free(seed_off);
  return rc;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

uint32_t cgt_grundy_kset(const cgt_digraph *g, const uint32_t *value, uint32_t u, uint32_t *out) {
  uint32_t c = 0;
  for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++)
    if (value[g->out[k]] != CGT_GRUNDY_INF) out[c++] = value[g->out[k]];
  qsort(out, c, sizeof *out, cmp_u32);
  uint32_t d = 0;
  for (uint32_t k = 0; k < c; k++)
    if (d == 0 || out[d - 1] != out[k]) out[d++] = out[k];
  return d;
}

int cgt_grundy_has_option_value(const cgt_digraph *g, const uint32_t *value, uint32_t u, uint32_t x) {
  for (uint32_t k = g->out_off[u]; k < g->out_off[u + 1]; k++)
    if (value[g->out[k]] == x) return 1;
  return 0;
}
