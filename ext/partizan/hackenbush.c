/*
** Red-Blue-Green Hackenbush (Winning Ways, ch. 2 and 7); see graphgames.h.
**
** The picture splits at the ground into parts: the edges joined to each
** other other than through the ground.  Parts are independent games.  The
** parts with green edges only are valued together, as one nimber, by
** cgt_green_hackenbush (fusion and colon principles, linear time); every
** other part is searched: a position is the set of its edges still standing
** (a 128-bit mask), a cut removes an edge and every edge no longer joined to
** the ground, and what stands splits again into parts, each valued once per
** call (green-only ones again by cgt_green_hackenbush).  A part of one
** colour, blue or red, is worth its edge count, positive or negative: its
** owner can always cut an edge that takes no other with it (an edge on a
** cycle, or one to a node that no other edge touches), and the other
** player has no move.
*/
#include "graphgames.h"
#include "../graph/undirected.h"

#include <string.h>

/* A set of edges of one part (bit e of w[e / 64]). */
typedef struct eset {
  uint64_t w[2];
} eset;

static eset eset_and(eset a, eset b) { return (eset){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static eset eset_or(eset a, eset b) { return (eset){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static eset eset_minus(eset a, eset b) { return (eset){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }
static int eset_empty(eset a) { return !(a.w[0] | a.w[1]); }
static void eset_add(eset *a, uint32_t e) { a->w[e >> 6] |= (uint64_t)1 << (e & 63); }
static int eset_has(eset a, uint32_t e) { return (int)(a.w[e >> 6] >> (e & 63) & 1); }
static uint32_t eset_count(eset a) { return (uint32_t)(__builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1])); }

/* The least edge of a non-empty set. */
static uint32_t eset_first(eset a) {
  return a.w[0] ? (uint32_t)__builtin_ctzll(a.w[0]) : 64 + (uint32_t)__builtin_ctzll(a.w[1]);
}

/* One part being searched: edges 0..k-1, nodes 0..nv-1, the ground 0. */
typedef struct search {
  cg_store *s;
  cgt_stop *st;
  cg_part_table *t;
  uint64_t part;      /* which part of the picture (in keys) */
  uint32_t k, nv;
  uint32_t ends[2 * CG_HACKENBUSH_EDGES];
  uint8_t who[CG_HACKENBUSH_EDGES];
  eset touch[CG_HACKENBUSH_EDGES];   /* edges sharing an end other than the ground with e (e too) */
  eset at_ground, green, blue, red;
  uint32_t rows[2 * CG_HACKENBUSH_EDGES];   /* scratch for cgt_green_hackenbush */
} search;

/* The options of one position (on the heap: C stack frames stay small). */
typedef struct frame {
  cg_id opt[2][CG_HACKENBUSH_EDGES];
} frame;

static cgt_rc position_value(search *x, eset set, cg_id *out);

/* The edges of set joined to seed through ends other than the ground. */
static eset flood(const search *x, eset set, eset seed) {
  eset reach = seed, frontier = seed;
  while (!eset_empty(frontier)) {
    eset next = {{0, 0}};
    for (int w = 0; w < 2; w++)
      for (uint64_t f = frontier.w[w]; f; f &= f - 1) next = eset_or(next, x->touch[64 * w + __builtin_ctzll(f)]);
    frontier = eset_minus(eset_and(next, set), reach);
    reach = eset_or(reach, frontier);
  }
  return reach;
}

/* The nimber of a part with green edges only. */
static cgt_rc green_value(search *x, eset set, cg_id *out) {
  uint32_t m = 0;
  for (uint32_t e = 0; e < x->k; e++)
    if (eset_has(set, e)) x->rows[2 * m] = x->ends[2 * e], x->rows[2 * m + 1] = x->ends[2 * e + 1], m++;
  uint64_t nim = 0;
  cgt_rc rc = cgt_green_hackenbush(x->nv, x->rows, m, 0, &nim, x->st);
  if (rc == CGT_OK) rc = nim > CG_NIMBER_MAX ? CGT_RANGE : cg_nimber(x->s, (uint32_t)nim, out);
  return rc;
}

/* The value of a part by its options: Left cuts blue and green edges,
** Right red and green ones. */
static cgt_rc part_value(search *x, eset set, cg_id *out) {
  cgt_rc rc = cg_descend(x->s);
  if (rc) return rc;
  frame *f = cgt_malloc(sizeof *f);
  uint32_t n[2] = {0, 0};
  if (!f) rc = CGT_NOMEM;
  for (uint32_t e = 0; e < x->k && rc == CGT_OK; e++) {
    if (!eset_has(set, e)) continue;
    eset rest = set, one = {{0, 0}};
    eset_add(&one, e);
    rest = eset_minus(rest, one);
    for (int side = 0; side < 2 && rc == CGT_OK; side++)
      if (x->who[e] & (side ? CG_RED : CG_BLUE)) {
        cg_id *v = &f->opt[side][n[side]++];
        rc = side && (x->who[e] & CG_BLUE) ? (*v = f->opt[0][n[0] - 1], CGT_OK) : position_value(x, rest, v);
      }
  }
  if (rc == CGT_OK) rc = cg_game(x->s, f->opt[0], n[0], f->opt[1], n[1], out);
  cgt_free(f);
  cg_ascend(x->s);
  return rc;
}

/* The value of the edges of set still joined to the ground: the sum of
** their parts' values. */
static cgt_rc position_value(search *x, eset set, cg_id *out) {
  eset rest = flood(x, set, eset_and(set, x->at_ground));
  cgt_rc rc = cg_work(x->s, (uint64_t)eset_count(set) * 2 + 1);
  if (rc == CGT_OK) rc = cg_integer(x->s, 0, out);
  int first = 1;   /* the first part's value is the sum so far */
  while (!eset_empty(rest) && rc == CGT_OK) {
    eset one = {{0, 0}};
    eset_add(&one, eset_first(rest));
    eset comp = flood(x, rest, one);
    rest = eset_minus(rest, comp);
    uint64_t key[4] = {comp.w[0], comp.w[1], x->part, 0};
    cg_id v;
    if (!cg_part_find(x->t, key, &v)) {
      if (eset_empty(eset_minus(comp, x->green))) rc = green_value(x, comp, &v);
      else if (eset_empty(eset_minus(comp, x->blue))) rc = cg_integer(x->s, eset_count(comp), &v);
      else if (eset_empty(eset_minus(comp, x->red))) rc = cg_integer(x->s, -(int64_t)eset_count(comp), &v);
      else rc = part_value(x, comp, &v);
      if (rc == CGT_OK) rc = cg_part_put(x->t, key, v);
    }
    if (rc == CGT_OK) rc = first ? (*out = v, first = 0, CGT_OK) : cg_add(x->s, *out, v, out);
  }
  return rc;
}

/* Renumbers part b (its edges list[0..k-1]) into x and values it. */
static cgt_rc search_part(search *x, const uint32_t *edges, const uint8_t *who, const uint32_t *list, uint32_t k,
                          uint32_t ground, uint32_t *local, cg_id *out) {
  uint32_t nv = 1;
  memset(x->touch, 0, sizeof x->touch);
  memset(&x->at_ground, 0, sizeof x->at_ground);
  memset(&x->green, 0, sizeof x->green);
  memset(&x->blue, 0, sizeof x->blue);
  memset(&x->red, 0, sizeof x->red);
  for (uint32_t e = 0; e < k; e++)   /* local node numbers, the ground 0 */
    for (int j = 0; j < 2; j++) {
      uint32_t u = edges[2 * list[e] + j];
      if (u == ground) x->ends[2 * e + j] = 0;
      else {
        if (local[u] == UINT32_MAX) local[u] = nv++;
        x->ends[2 * e + j] = local[u];
      }
    }
  x->k = k, x->nv = nv;
  for (uint32_t e = 0; e < k; e++) {
    x->who[e] = who[list[e]];
    eset_add(x->who[e] == CG_GREEN ? &x->green : x->who[e] == CG_BLUE ? &x->blue : &x->red, e);
    if (x->ends[2 * e] == 0 || x->ends[2 * e + 1] == 0) eset_add(&x->at_ground, e);
    eset_add(&x->touch[e], e);
    for (uint32_t d = 0; d < k; d++)
      for (int j = 0; j < 2; j++) {
        uint32_t u = x->ends[2 * e + j];
        if (u && (x->ends[2 * d] == u || x->ends[2 * d + 1] == u)) eset_add(&x->touch[e], d);
      }
  }
  for (uint32_t e = 0; e < k; e++)   /* local[] back to unset for the next part */
    for (int j = 0; j < 2; j++) local[edges[2 * list[e] + j]] = UINT32_MAX;
  cgt_rc rc = cg_work(x->s, (uint64_t)k * k);
  eset all = {{0, 0}};
  for (uint32_t e = 0; e < k; e++) eset_add(&all, e);
  return rc ? rc : position_value(x, all, out);
}

cgt_rc cg_hackenbush(cg_store *s, uint32_t n, const uint32_t *edges, const uint8_t *who, size_t m, uint32_t ground,
                     cg_id *out, uint32_t *big, cgt_stop *st) {
  uint32_t *off = cgt_calloc((size_t)n + 2, sizeof *off), *inc = cgt_malloc((2 * m + 1) * sizeof *inc);
  uint32_t *label = cgt_malloc(((size_t)n + 1) * sizeof *label), *queue = cgt_malloc(((size_t)n + 1) * sizeof *queue);
  uint32_t *part = cgt_malloc((m + 1) * sizeof *part), *start = NULL, *list = cgt_malloc((m + 1) * sizeof *list);
  uint32_t *green = cgt_malloc((2 * m + 1) * sizeof *green);
  search *x = cgt_malloc(sizeof *x);
  cg_part_table *t = cg_part_table_new();
  cgt_rc rc = off && inc && label && queue && part && list && green && x && t ? cg_integer(s, 0, out) : CGT_NOMEM;
  if (rc) goto done;
  if ((rc = cg_work(s, (uint64_t)n + 2 * m)) != CGT_OK) goto done;
  for (size_t i = 0; i < m; i++) off[edges[2 * i] + 2]++, off[edges[2 * i + 1] + 2]++;
  for (uint32_t u = 0; u < n; u++) off[u + 2] += off[u + 1];
  for (size_t i = 0; i < m; i++) inc[off[edges[2 * i] + 1]++] = (uint32_t)i, inc[off[edges[2 * i + 1] + 1]++] = (uint32_t)i;
  /* Parts: the nodes met from each neighbour of the ground without passing
  ** through it share a label; a loop at the ground is a part of its own. */
  uint32_t parts = 0;
  for (uint32_t u = 0; u < n; u++) label[u] = UINT32_MAX;
  for (uint32_t k = off[ground]; k < off[ground + 1]; k++) {
    uint32_t e = inc[k], w = edges[2 * e] == ground ? edges[2 * e + 1] : edges[2 * e];
    if (w == ground || label[w] != UINT32_MAX) continue;
    uint32_t head = 0, tail = 0;
    label[w] = parts;
    queue[tail++] = w;
    while (head < tail) {
      uint32_t u = queue[head++];
      for (uint32_t j = off[u]; j < off[u + 1]; j++) {
        uint32_t d = inc[j], v = edges[2 * d] == u ? edges[2 * d + 1] : edges[2 * d];
        if (v != ground && label[v] == UINT32_MAX) label[v] = parts, queue[tail++] = v;
      }
    }
    parts++;
  }
  for (size_t i = 0; i < m; i++) {
    uint32_t a = edges[2 * i], b = edges[2 * i + 1];
    part[i] = a == ground && b == ground ? parts++ : label[a == ground ? b : a];   /* UINT32_MAX: fallen */
  }
  /* The edges of each part together (counting sort), and which parts have
  ** an edge that is not green. */
  start = cgt_calloc((size_t)parts + 2, sizeof *start);
  uint8_t *mixed = cgt_calloc((size_t)parts + 1, 1);
  if (!start || !mixed) {
    cgt_free(mixed);
    rc = CGT_NOMEM;
    goto done;
  }
  for (size_t i = 0; i < m; i++)
    if (part[i] != UINT32_MAX) {
      start[part[i] + 2]++;
      if (who[i] != CG_GREEN) mixed[part[i]] = 1;
    }
  for (uint32_t p = 0; p < parts; p++) start[p + 2] += start[p + 1];
  for (size_t i = 0; i < m; i++)
    if (part[i] != UINT32_MAX) list[start[part[i] + 1]++] = (uint32_t)i;
  /* The green-only parts, all at once; then each other part. */
  size_t ng = 0;
  for (uint32_t p = 0; p < parts; p++)
    if (!mixed[p])
      for (uint32_t j = start[p]; j < start[p + 1]; j++)
        green[2 * ng] = edges[2 * list[j]], green[2 * ng + 1] = edges[2 * list[j] + 1], ng++;
  uint64_t nim = 0;
  cg_id v;
  rc = cgt_green_hackenbush(n, green, ng, ground, &nim, st);
  if (rc == CGT_OK) rc = nim > CG_NIMBER_MAX ? CGT_RANGE : cg_nimber(s, (uint32_t)nim, &v);
  if (rc == CGT_OK) rc = cg_add(s, *out, v, out);
  for (uint32_t u = 0; u < n; u++) label[u] = UINT32_MAX;   /* now: local node numbers */
  x->s = s, x->st = st, x->t = t;
  for (uint32_t p = 0; p < parts && rc == CGT_OK; p++) {
    if (!mixed[p]) continue;
    uint32_t k = start[p + 1] - start[p];
    if (k > CG_HACKENBUSH_EDGES) {
      *big = k;
      rc = CGT_LIMIT;
      break;
    }
    x->part = p;
    rc = search_part(x, edges, who, list + start[p], k, ground, label, &v);
    if (rc == CGT_OK) rc = cg_add(s, *out, v, out);
  }
  cgt_free(mixed);
done:
  cgt_free(off);
  cgt_free(inc);
  cgt_free(label);
  cgt_free(queue);
  cgt_free(part);
  cgt_free(start);
  cgt_free(list);
  cgt_free(green);
  cgt_free(x);
  cg_part_table_free(t);
  return rc;
}
