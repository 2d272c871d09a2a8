/* Retrograde analysis: labels spread backwards from the terminal nodes. */
#include "retro.h"

#include <stdlib.h>

/*
** The queue holds labelled nodes in order of remoteness, so the first P
** option found for a node is its nearest and the last N option to be counted
** is its farthest: that makes the remoteness exact.
*/
cgt_rc cgt_retro_solve(const cgt_digraph *g, int misere, char *outcome,
                       uint32_t *remote, cgt_stop *st) {
  uint32_t n = g->n, head = 0, tail = 0;
  uint32_t *left = cgt_malloc((n ? n : 1) * sizeof *left);   /* options not yet N */
  uint32_t *queue = cgt_malloc((n ? n : 1) * sizeof *queue);
  uint32_t *dist = remote ? remote : cgt_malloc((n ? n : 1) * sizeof *dist);
  if (!left || !queue || !dist) {
    cgt_free(left);
    cgt_free(queue);
    if (dist != remote) cgt_free(dist);
    return CGT_NOMEM;
  }
  for (uint32_t u = 0; u < n; u++) {
    left[u] = cgt_outdeg(g, u);
    outcome[u] = 'D';
    dist[u] = CGT_REMOTE_DRAW;
    if (left[u] == 0) {
      outcome[u] = misere ? 'N' : 'P';
      dist[u] = 0;
      queue[tail++] = u;
    }
  }
  cgt_rc rc = CGT_OK;
  while (head < tail) {
    uint32_t v = queue[head++];
    uint32_t r = dist[v] + 1;
    for (uint32_t k = g->in_off[v]; k < g->in_off[v + 1]; k++) {
      uint32_t p = g->in[k];
      if (outcome[p] != 'D') continue;
      if (outcome[v] == 'P') {
        outcome[p] = 'N';
      } else if (--left[p] == 0) {
        outcome[p] = 'P';
      } else {
        continue;
      }
      dist[p] = r;
      queue[tail++] = p;
    }
    if (cgt_stop_charge(st, 1 + (uint64_t)(g->in_off[v + 1] - g->in_off[v]))) { rc = CGT_INTERRUPTED; break; }
  }
  cgt_free(left);
  cgt_free(queue);
  if (dist != remote) cgt_free(dist);
  return rc;
}
