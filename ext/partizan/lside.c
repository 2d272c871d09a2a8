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

/* g without the edges marked in gone (Left edges first, then Right ones). */
static cgt_rc without_edges(const lg_graph *g, const uint8_t *gone, lg_graph *out) {
  cgt_rc rc = lg_copy(g, out);
  if (rc) return rc;
  uint32_t nl = g->lo[g->n];
  for (int right = 0; right < 2; right++) {
    const uint32_t *o = right ? g->ro : g->lo, *d = right ? g->re : g->le;
    uint32_t *no = right ? out->ro : out->lo, *nd = right ? out->re : out->le, k = 0;
    for (uint32_t v = 0; v < g->n; v++) {
      no[v] = k;
      for (uint32_t e = o[v]; e < o[v + 1]; e++)
        if (!gone[right * nl + e]) nd[k++] = d[e];
    }
    no[g->n] = k;
  }
  return CGT_OK;
}

typedef struct trial {
  cg_store *s;
  const lg_graph *g;   /* the graph of the round */
  uint8_t *gone;       /* edges deleted in the round, and the ones tried */
  int mode;
} trial;

/* Tries to delete the edges list[0..n) (all of one side: right) besides
** those gone: kept when the side stays the same.  Deleting Right's moves
** can only help Left, deleting Left's only hurt, so one comparison says it. */
static cgt_rc try_delete(trial *T, const uint32_t *list, uint32_t n, int right, int *kept) {
  for (uint32_t i = 0; i < n; i++) T->gone[list[i]] = 1;
  lg_graph h;
  int le = 0;
  cgt_rc rc = without_edges(T->g, T->gone, &h);
  if (rc == CGT_OK) rc = right ? lg_le(T->s, &h, T->g, T->mode, &le) : lg_le(T->s, T->g, &h, T->mode, &le);
  lg_free(&h);
  *kept = rc == CGT_OK && le;
  if (!*kept)
    for (uint32_t i = 0; i < n; i++) T->gone[list[i]] = 0;
  return rc;
}

/* Deletes what it can of the edges list[0..n) of one side: all at once,
** then in halves, quarters, ... down to one at a time. */
static cgt_rc delete_some(trial *T, uint32_t *list, uint32_t n, int right, int *deleted) {
  cgt_rc rc = CGT_OK;
  for (uint32_t chunk = n; chunk >= 1 && rc == CGT_OK && n; chunk /= 2) {
    uint32_t k = 0;   /* the edges still there stay in list[0..k) */
    for (uint32_t at = 0; at < n && rc == CGT_OK; at += chunk) {
      uint32_t len = at + chunk <= n ? chunk : n - at;
      int kept = 0;
      rc = try_delete(T, list + at, len, right, &kept);
      if (kept) *deleted = 1;
      else memmove(list + k, list + at, len * sizeof *list), k += len;
    }
    n = k;
    if (chunk == 1) break;
  }
  return rc;
}

cgt_rc lg_side(cg_store *s, lg_graph *g, int onside, int *stopper_out) {
  cgt_rc rc = lg_fuse_short(s, g);   /* (fewer vertices to compare) */
  while (rc == CGT_OK) {
    int stopper = lg_test(g, LG_STOPPER);
    if (stopper < 0) return CGT_NOMEM;
    *stopper_out = stopper;
    if (stopper) return lg_canonical(s, g);
    uint32_t nl = g->lo[g->n], m = nl + g->ro[g->n];
    uint8_t *on_cycle = cgt_malloc((size_t)m + 1), *gone = cgt_calloc((size_t)m + 1, 1);
    uint32_t *list = cgt_malloc(((size_t)m + 1) * sizeof *list);
    trial T = {s, g, gone, onside ? LG_ONSIDE : LG_OFFSIDE};
    rc = on_cycle && gone && list ? alternating_edges(g, on_cycle) : CGT_NOMEM;
    int deleted = 0;
    /* The moves on alternating cycles first, Right's first for the onside
    ** (Left's for the offside); when none goes, any other move whose loss
    ** leaves the side as it is (a dominated option). */
    for (int pass = 0, done = 0; pass < 4 && rc == CGT_OK && !done && !(pass == 2 && deleted); pass++) {
      int cycle = pass < 2, right = (pass % 2 == 0) == (onside != 0), before = deleted;
      uint32_t n = 0;
      for (uint32_t e = right ? nl : 0; e < (right ? m : nl); e++)
        if (on_cycle[e] == cycle && !gone[e]) list[n++] = e;
      rc = delete_some(&T, list, n, right, &deleted);
      lg_graph h;   /* no alternating cycle left: the other side's moves need no trial */
      if (rc == CGT_OK && deleted && !before && (rc = without_edges(g, gone, &h)) == CGT_OK) {
        done = lg_test(&h, LG_STOPPER) != 0;
        lg_free(&h);
      }
    }
    lg_graph h;
    if (rc == CGT_OK && deleted && (rc = without_edges(g, gone, &h)) == CGT_OK) {
      lg_free(g);
      *g = h;
      rc = lg_restrict(s, g, g->root);
    }
    cgt_free(on_cycle);
    cgt_free(gone);
    cgt_free(list);
    if (rc) return rc;
    if (!deleted) return lg_renumber(s, g);
  }
  return rc;
}
