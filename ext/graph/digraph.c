/* Building the two-way CSR move graph, dropping duplicate moves. */
#include "digraph.h"

#include <stdlib.h>
#include <string.h>

void cgt_digraph_free(cgt_digraph *g) {
  cgt_free(g->out_off);
  cgt_free(g->out);
  cgt_free(g->in_off);
  cgt_free(g->in);
  memset(g, 0, sizeof *g);
}

size_t cgt_digraph_bytes(const cgt_digraph *g) {
  return sizeof(uint32_t) * (2 * ((size_t)g->n + 1) + 2 * (size_t)g->m);
}

/* 1 when every list tmp[off[u]..off[u+1]) is strictly increasing, so has no
** duplicates (moves read in index order are). */
static int increasing_lists(const uint32_t *off, const uint32_t *tmp, uint32_t n) {
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t k = off[u] + 1; k < off[u + 1]; k++)
      if (tmp[k] <= tmp[k - 1]) return 0;
  return 1;
}

/* Drops repeated targets from each list in place, keeping first occurrences
** in input order; updates off and returns the number of moves kept. */
static uint32_t drop_duplicates(uint32_t *off, uint32_t *tmp, uint32_t *seen, uint32_t n) {
  memset(seen, 0xff, (size_t)n * sizeof *seen);
  uint32_t m = 0;
  for (uint32_t u = 0; u < n; u++) {
    uint32_t lo = off[u], hi = off[u + 1];
    off[u] = m;
    for (uint32_t k = lo; k < hi; k++) {
      if (seen[tmp[k]] == u) continue;
      seen[tmp[k]] = u;
      tmp[m++] = tmp[k];
    }
  }
  off[n] = m;
  return m;
}

cgt_rc cgt_digraph_build(cgt_digraph *g, uint32_t n, const uint32_t *pair, size_t m_raw, cgt_stop *st) {
  memset(g, 0, sizeof *g);
  if (n == UINT32_MAX || m_raw >= UINT32_MAX) return CGT_TOOBIG;
  uint32_t *off = cgt_calloc((size_t)n + 1, sizeof *off);
  uint32_t *tmp = cgt_malloc((m_raw ? m_raw : 1) * sizeof *tmp);
  uint32_t *seen = cgt_malloc(((size_t)n ? n : 1) * sizeof *seen);
  if (!off || !tmp || !seen) goto nomem;

  /* Counting sort of the moves by source. */
  for (size_t i = 0; i < m_raw; i++) off[pair[2 * i] + 1]++;
  for (uint32_t u = 0; u < n; u++) off[u + 1] += off[u];
  uint32_t *fill = g->in_off = cgt_malloc(((size_t)n + 1) * sizeof *fill);
  if (!fill) goto nomem;
  memcpy(fill, off, ((size_t)n + 1) * sizeof *fill);
  for (size_t i = 0; i < m_raw; i++) tmp[fill[pair[2 * i]]++] = pair[2 * i + 1];
  if (cgt_stop_charge(st, 3 * (uint64_t)m_raw + n)) goto stopped;   /* between linear passes */

  uint32_t m = increasing_lists(off, tmp, n) ? off[n] : drop_duplicates(off, tmp, seen, n);
  g->n = n;
  g->m = m;
  g->out_off = off;
  g->out = cgt_realloc(tmp, (m ? m : 1) * sizeof *tmp);
  if (!g->out) { g->out = tmp; goto nomem_built; }
  tmp = NULL;

  if (cgt_stop_charge(st, (uint64_t)m_raw + n)) goto stopped_built;
  /* Reverse graph by a second counting sort. */
  memset(g->in_off, 0, ((size_t)n + 1) * sizeof *g->in_off);
  g->in = cgt_malloc((m ? m : 1) * sizeof *g->in);
  if (!g->in) goto nomem_built;
  for (uint32_t k = 0; k < m; k++) g->in_off[g->out[k] + 1]++;
  for (uint32_t u = 0; u < n; u++) g->in_off[u + 1] += g->in_off[u];
  memcpy(seen, g->in_off, (size_t)n * sizeof *seen);
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t k = off[u]; k < off[u + 1]; k++) g->in[seen[g->out[k]]++] = u;
  cgt_free(seen);
  return CGT_OK;

nomem_built:
  cgt_free(seen);
  cgt_digraph_free(g);
  return CGT_NOMEM;
stopped_built:
  cgt_free(seen);
  cgt_digraph_free(g);
  return CGT_INTERRUPTED;
stopped:
  cgt_free(off);
  cgt_free(tmp);
  cgt_free(seen);
  cgt_free(g->in_off);
  memset(g, 0, sizeof *g);
  return CGT_INTERRUPTED;
nomem:
  cgt_free(off);
  cgt_free(tmp);
  cgt_free(seen);
  cgt_free(g->in_off);
  memset(g, 0, sizeof *g);
  return CGT_NOMEM;
}
