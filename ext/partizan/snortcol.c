/*
** Snort and Col (Winning Ways, ch. 2); see graphgames.h.
**
** The standard reduction: a coloured vertex leaves the graph and tints its
** uncoloured neighbours.  In Col a neighbour of a blue vertex may no longer
** be coloured blue (of a red one, red); in Snort a neighbour of a blue vertex
** may no longer be coloured red (of a red one, blue).  A vertex tinted both
** ways can never be coloured and leaves the graph too.  A position is then
** a set of playable vertices with their tints, and its connected parts are
** independent games: each is valued once per call, keyed by its vertex set
** and tints (64-bit masks over the vertices of one connected part of the
** start); exchanging the tints exchanges the players, so a part whose
** exchanged twin is known is that twin's negative.
*/
#include "graphgames.h"

#include <string.h>

typedef struct search {
  cg_store *s;
  cg_part_table *t;
  int col;
  uint64_t part;         /* which connected part of the start (in keys) */
  const uint64_t *adj;   /* the neighbours of each vertex of the part, as a mask */
} search;

/* The options of one position (on the heap: C stack frames stay small). */
typedef struct frame {
  cg_id opt[2][CG_GRAPH_VERTICES];
} frame;

static cgt_rc position_value(search *x, uint64_t set, uint64_t noL, uint64_t noR, cg_id *out);

/* The vertices of set joined to the vertices of seed within set. */
static uint64_t flood(const search *x, uint64_t set, uint64_t seed) {
  uint64_t reach = seed, frontier = seed;
  while (frontier) {
    uint64_t next = 0;
    for (uint64_t f = frontier; f; f &= f - 1) next |= x->adj[__builtin_ctzll(f)];
    frontier = next & set & ~reach;
    reach |= frontier;
  }
  return reach;
}

/* The value of a connected position by its options: side 0 is Left (who
** colours blue, which noL forbids), side 1 Right. */
static cgt_rc part_value(search *x, uint64_t set, uint64_t noL, uint64_t noR, cg_id *out) {
  cgt_rc rc = cg_descend(x->s);
  if (rc) return rc;
  frame *f = cgt_malloc(sizeof *f);
  uint32_t n[2] = {0, 0};
  if (!f) rc = CGT_NOMEM;
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    uint64_t movable = set & ~(side ? noR : noL);
    rc = cg_work(x->s, (uint64_t)__builtin_popcountll(movable) + 1);
    for (uint64_t m = movable; m && rc == CGT_OK; m &= m - 1) {
      int v = __builtin_ctzll(m);
      uint64_t rest = set & ~((uint64_t)1 << v), nb = x->adj[v] & rest, ban[2] = {noL, noR};
      ban[x->col ? side : 1 - side] |= nb;   /* Col: not like v; Snort: not unlike v */
      rest &= ~(ban[0] & ban[1]);
      rc = position_value(x, rest, ban[0] & rest, ban[1] & rest, &f->opt[side][n[side]++]);
    }
  }
  if (rc == CGT_OK) rc = cg_game(x->s, f->opt[0], n[0], f->opt[1], n[1], out);
  cgt_free(f);
  cg_ascend(x->s);
  return rc;
}

/* The value of any position: the sum of its connected parts' values. */
static cgt_rc position_value(search *x, uint64_t set, uint64_t noL, uint64_t noR, cg_id *out) {
  cgt_rc rc = cg_integer(x->s, 0, out);
  int first = 1;   /* the first part's value is the sum so far */
  while (set && rc == CGT_OK) {
    uint64_t comp = flood(x, set, set & (~set + 1));
    set &= ~comp;
    rc = cg_work(x->s, (uint64_t)__builtin_popcountll(comp) + 1);
    uint64_t key[4] = {comp, noL & comp, noR & comp, x->part}, swapped[4] = {comp, noR & comp, noL & comp, x->part};
    cg_id v;
    if (rc == CGT_OK && !cg_part_find(x->t, key, &v)) {
      if (cg_part_find(x->t, swapped, &v)) {   /* the colours exchanged: the negative */
        rc = cg_neg(x->s, v, &v);
      } else {
        rc = part_value(x, comp, noL & comp, noR & comp, &v);
        if (rc == CGT_OK) rc = cg_part_put(x->t, key, v);
      }
    }
    if (rc == CGT_OK) rc = first ? (*out = v, first = 0, CGT_OK) : cg_add(x->s, *out, v, out);
  }
  return rc;
}

/* The starting position: tints from the coloured vertices, then each
** connected part of the playable vertices renumbered and searched. */
cgt_rc cg_snort_col(cg_store *s, int col, uint32_t n, const uint32_t *edges, size_t m, const uint8_t *colour,
                    cg_id *out, uint32_t *big) {
  uint32_t *off = cgt_calloc((size_t)n + 2, sizeof *off), *adj = cgt_malloc((2 * m + 1) * sizeof *adj);
  uint32_t *local = cgt_malloc(((size_t)n + 1) * sizeof *local), *queue = cgt_malloc(((size_t)n + 1) * sizeof *queue);
  uint8_t *tint = cgt_calloc((size_t)n + 1, 1);   /* bit 0: may not be blue; bit 1: may not be red */
  uint64_t *masks = cgt_malloc(CG_GRAPH_VERTICES * sizeof *masks);
  cg_part_table *t = cg_part_table_new();
  search x = {s, t, col, 0, masks};
  cgt_rc rc = off && adj && local && queue && tint && masks && t ? cg_integer(s, 0, out) : CGT_NOMEM;
  if (rc) goto done;
  for (size_t i = 0; i < m; i++)   /* adjacency lists without loops */
    if (edges[2 * i] != edges[2 * i + 1]) off[edges[2 * i] + 2]++, off[edges[2 * i + 1] + 2]++;
  for (uint32_t u = 0; u < n; u++) off[u + 2] += off[u + 1];
  for (size_t i = 0; i < m; i++) {
    uint32_t u = edges[2 * i], v = edges[2 * i + 1];
    if (u != v) adj[off[u + 1]++] = v, adj[off[v + 1]++] = u;
  }
  if ((rc = cg_work(s, (uint64_t)n + 2 * m)) != CGT_OK) goto done;
  for (uint32_t u = 0; colour && u < n; u++) {
    if (colour[u] != CG_BLUE && colour[u] != CG_RED) continue;
    uint8_t ban = (uint8_t)(col ? colour[u] : 3 - colour[u]);
    for (uint32_t k = off[u]; k < off[u + 1]; k++) tint[adj[k]] |= ban;
  }
  /* local[u]: UINT32_MAX while u is playable and in no part yet. */
  for (uint32_t u = 0; u < n; u++) local[u] = (colour && colour[u]) || tint[u] == 3 ? 0 : UINT32_MAX;
  for (uint32_t start = 0; start < n && rc == CGT_OK; start++) {
    if (local[start] != UINT32_MAX) continue;
    uint32_t head = 0, tail = 0;
    local[start] = 0;
    queue[tail++] = start;
    while (head < tail) {   /* the part of start, breadth first, numbered as met */
      uint32_t u = queue[head++];
      for (uint32_t k = off[u]; k < off[u + 1]; k++)
        if (local[adj[k]] == UINT32_MAX) local[adj[k]] = tail, queue[tail++] = adj[k];
    }
    if ((rc = cg_work(s, tail)) != CGT_OK) break;
    if (tail > CG_GRAPH_VERTICES) {
      *big = tail;
      rc = CGT_LIMIT;
      break;
    }
    uint64_t noL = 0, noR = 0, all = tail == 64 ? ~(uint64_t)0 : ((uint64_t)1 << tail) - 1;
    for (uint32_t i = 0; i < tail; i++) {
      uint32_t u = queue[i];
      masks[i] = 0;
      for (uint32_t k = off[u]; k < off[u + 1]; k++) {
        uint32_t w = adj[k];
        if (!(colour && colour[w]) && tint[w] != 3) masks[i] |= (uint64_t)1 << local[w];
      }
      if (tint[u] & 1) noL |= (uint64_t)1 << i;
      if (tint[u] & 2) noR |= (uint64_t)1 << i;
    }
    cg_id v;
    x.part = start;
    rc = position_value(&x, all, noL, noR, &v);
    if (rc == CGT_OK) rc = cg_add(s, *out, v, out);
  }
done:
  cgt_free(off);
  cgt_free(adj);
  cgt_free(local);
  cgt_free(queue);
  cgt_free(tint);
  cgt_free(masks);
  cg_part_table_free(t);
  return rc;
}
