/*
** The sides of a loopy game that is no stopper (loopy.h): its onside is
** the stopper S with the same onside, found by deleting the edges that lie
** on alternating cycles one at a time, each deletion kept only when two
** side comparisons (lsurvive.c, LG_ONSIDE or LG_OFFSIDE) show the side
** unchanged; once no alternating cycle is left the graph is a stopper, and
** its canonical form is the side.  When no edge on an alternating cycle
** can go, any other edge is tried the same way.  A side that no single deletion keeps
** (Bach's carousel; CGSuite also unravels such cycles into finite copies,
** which cgt does not) stays as far as it was simplified: the same value,
** in a form that is not canonical.
*/
#include <string.h>

#include "loopy.h"

/* on_cycle[e] for the Left edges (e < nl) and Right edges (nl + e): whether
** the edge lies on an alternating cycle, by the strongly connected
** components of the doubled graph (v, mover) -> (w, other), found with an
** iterative Tarjan's algorithm. */
static cgt_rc alternating_edges(const lg_graph *g, uint8_t *on_cycle) {
  uint32_t n2 = 2 * g->n, nl = g->lo[g->n];
  uint32_t *index = cgt_malloc(((size_t)n2 + 1) * sizeof *index), *low = cgt_malloc(((size_t)n2 + 1) * sizeof *low);
  uint32_t *comp = cgt_malloc(((size_t)n2 + 1) * sizeof *comp), *stack = cgt_malloc(((size_t)n2 + 1) * sizeof *stack);
  uint32_t *call = cgt_malloc(((size_t)n2 + 1) * sizeof *call), *next = cgt_malloc(((size_t)n2 + 1) * sizeof *next);
  uint8_t *onstack = cgt_calloc((size_t)n2 + 1, 1);
  cgt_rc rc = index && low && comp && stack && call && next && onstack ? CGT_OK : CGT_NOMEM;
  uint32_t counter = 0, top = 0, ncomp = 0;
#define DEG(x) ((x) & 1 ? g->ro[(x) / 2 + 1] - g->ro[(x) / 2] : g->lo[(x) / 2 + 1] - g->lo[(x) / 2])
#define SUCC(x, k) ((x) & 1 ? 2 * g->re[g->ro[(x) / 2] + (k)] : 2 * g->le[g->lo[(x) / 2] + (k)] + 1)
  for (uint32_t x = 0; rc == CGT_OK && x < n2; x++) index[x] = UINT32_MAX;
  for (uint32_t r = 0; rc == CGT_OK && r < n2; r++) {
    if (index[r] != UINT32_MAX) continue;
    uint32_t depth = 0;
    call[depth] = r, next[depth++] = 0;
    index[r] = low[r] = counter++, stack[top++] = r, onstack[r] = 1;
    while (depth) {
      uint32_t x = call[depth - 1];
      if (next[depth - 1] < DEG(x)) {
        uint32_t y = SUCC(x, next[depth - 1]);
        next[depth - 1]++;
        if (index[y] == UINT32_MAX) {
          index[y] = low[y] = counter++, stack[top++] = y, onstack[y] = 1;
          call[depth] = y, next[depth++] = 0;
        } else if (onstack[y] && index[y] < low[x]) {
          low[x] = index[y];
        }
        continue;
      }
      if (low[x] == index[x]) {
        uint32_t y;
        do {
          y = stack[--top];
          onstack[y] = 0;
          comp[y] = ncomp;
        } while (y != x);
        ncomp++;
      }
      depth--;
      if (depth && low[x] < low[call[depth - 1]]) low[call[depth - 1]] = low[x];
    }
  }
  for (uint32_t v = 0; rc == CGT_OK && v < g->n; v++) {
    for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) on_cycle[e] = comp[2 * v] == comp[2 * g->le[e] + 1];
    for (uint32_t e = g->ro[v]; e < g->ro[v + 1]; e++) on_cycle[nl + e] = comp[2 * v + 1] == comp[2 * g->re[e]];
  }
#undef DEG
#undef SUCC
  cgt_free(index);
  cgt_free(low);
  cgt_free(comp);
  cgt_free(stack);
  cgt_free(call);
  cgt_free(next);
  cgt_free(onstack);
  return rc;
}

/* g without its edge number e (Left edges first, then Right ones). */
static cgt_rc without_edge(const lg_graph *g, uint32_t e, lg_graph *out) {
  cgt_rc rc = lg_copy(g, out);
  if (rc) return rc;
  uint32_t nl = g->lo[g->n], right = e >= nl, k = right ? e - nl : e;
  uint32_t *o = right ? out->ro : out->lo, *d = right ? out->re : out->le, total = o[g->n];
  memmove(d + k, d + k + 1, (size_t)(total - k - 1) * sizeof *d);
  for (uint32_t v = 0; v < g->n; v++)
    if (o[v + 1] > k) o[v + 1]--;
  return CGT_OK;
}

cgt_rc lg_side(cg_store *s, lg_graph *g, int onside, int *stopper_out) {
  int mode = onside ? LG_ONSIDE : LG_OFFSIDE;
  cgt_rc rc = CGT_OK;
  for (;;) {
    int stopper = lg_test(g, LG_STOPPER);
    if (stopper < 0) return CGT_NOMEM;
    *stopper_out = stopper;
    if (stopper) return lg_canonical(s, g);
    uint32_t m = g->lo[g->n] + g->ro[g->n];
    uint8_t *on_cycle = cgt_malloc((size_t)m + 1);
    if (!on_cycle) return CGT_NOMEM;
    rc = alternating_edges(g, on_cycle);
    int deleted = 0;
    /* Edges on alternating cycles first; when none of them goes, any other
    ** edge whose loss leaves the side as it is (a dominated option). */
    for (uint32_t k = 0; k < 2 * m && rc == CGT_OK && !deleted; k++) {
      uint32_t e = k % m;
      if (on_cycle[e] != (k < m)) continue;
      lg_graph h;
      int le = 0, ge = 0;
      rc = without_edge(g, e, &h);
      if (rc == CGT_OK) rc = lg_le(s, &h, g, mode, &le);
      if (rc == CGT_OK && le) rc = lg_le(s, g, &h, mode, &ge);
      if (rc == CGT_OK && le && ge) {
        lg_free(g);
        *g = h;
        deleted = 1;
        rc = lg_restrict(s, g, g->root);
      } else {
        lg_free(&h);
      }
    }
    cgt_free(on_cycle);
    if (rc) return rc;
    if (!deleted) return lg_renumber(s, g);
  }
}
