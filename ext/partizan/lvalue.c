/*
** Values of loopy games (loopy.h): short games, canonical stoppers and
** stopper-sided values; their sums, negatives, order, outcome and stops.
*/
#include <string.h>

#include "loopy.h"
#include "pplay.h"

void lv_free(lg_value *v) {
  if (v->kind != LV_SHORT) lg_free(&v->on);
  if (v->kind == LV_SIDED) lg_free(&v->off);
  memset(v, 0, sizeof *v);
}

cgt_rc lv_copy(const lg_value *v, lg_value *out) {
  *out = (lg_value){.kind = v->kind, .id = v->id, .loose = v->loose, .kon = v->kon, .koff = v->koff};
  cgt_rc rc = CGT_OK;
  if (v->kind != LV_SHORT) rc = lg_copy(&v->on, &out->on);
  if (rc == CGT_OK && v->kind == LV_SIDED && (rc = lg_copy(&v->off, &out->off))) lg_free(&out->on);
  if (rc) *out = (lg_value){0};
  return rc;
}

cgt_rc lv_stopper(cg_store *s, lg_graph *g, lg_value *out) {
  *out = (lg_value){0};
  cgt_rc rc = lg_canonical(s, g);
  int loopfree = rc ? 0 : lg_test(g, LG_LOOPFREE);
  if (rc == CGT_OK && loopfree < 0) rc = CGT_NOMEM;
  if (rc == CGT_OK && loopfree) {
    cg_id *ids = cgt_malloc(((size_t)g->n + 1) * sizeof *ids);
    rc = ids ? lg_short_values(s, g, ids) : CGT_NOMEM;
    if (rc == CGT_OK) out->kind = LV_SHORT, out->id = ids[g->root];
    cgt_free(ids);
    lg_free(g);
    return rc;
  }
  if (rc) {
    lg_free(g);
    return rc;
  }
  out->kind = LV_STOPPER, out->on = *g;
  memset(g, 0, sizeof *g);
  rc = lg_intern(s, &out->on, &out->kon);
  out->koff = out->kon;
  if (rc) lv_free(out);
  return rc;
}

/* The key of a side of v in the store (0: none, as for loose sides). */
static uint64_t side_key(const lg_value *v, int onside) {
  if (v->kind == LV_SHORT) return LG_KEY_SHORT | v->id;
  if (v->loose) return 0;
  return onside ? v->kon : v->koff;
}

/* The value of kind whose sides have keys kon and koff. */
static cgt_rc from_keys(cg_store *s, int kind, uint64_t kon, uint64_t koff, lg_value *out) {
  *out = (lg_value){.kind = kind, .kon = kon, .koff = koff};
  if (kind == LV_SHORT) return out->id = (cg_id)kon, CGT_OK;
  cgt_rc rc = CGT_OK;
  for (int k = 0; k < (kind == LV_SIDED ? 2 : 1) && rc == CGT_OK; k++) {
    uint64_t key = k ? koff : kon;
    lg_value side = {.kind = LV_SHORT, .id = (cg_id)key};
    const lg_graph *g = lg_stored(s, key);
    rc = key & LG_KEY_SHORT ? lv_graph(s, &side, 1, k ? &out->off : &out->on) : !g ? CGT_NOMEM : lg_copy(g, k ? &out->off : &out->on);
  }
  if (rc) {
    lg_free(&out->on);
    *out = (lg_value){0};
  }
  return rc;
}

/* The cached result of op on a (and b), when there is one: 1. */
static int cached(cg_store *s, int op, const lg_value *a, const lg_value *b, uint64_t k[4], lg_value *out) {
  k[0] = side_key(a, 1), k[1] = side_key(a, 0);
  k[2] = b ? side_key(b, 1) : LG_KEY_SHORT, k[3] = b ? side_key(b, 0) : LG_KEY_SHORT;
  uint64_t r[2];
  int kind;
  if (!k[0] || !k[1] || !k[2] || !k[3] || !lg_cache_get(s, op, k, r, &kind)) return 0;
  return from_keys(s, kind, r[0], r[1], out) == CGT_OK;
}

/* Caches out as the result of op on the keys k. */
static void remember(cg_store *s, int op, const uint64_t k[4], const lg_value *out) {
  uint64_t r[2] = {side_key(out, 1), side_key(out, 0)};
  if (k[0] && k[1] && k[2] && k[3] && r[0] && r[1]) lg_cache_put(s, op, k, r, out->kind);
}

cgt_rc lv_graph(cg_store *s, const lg_value *v, int onside, lg_graph *out) {
  if (v->kind == LV_STOPPER || (v->kind == LV_SIDED && onside)) return lg_copy(&v->on, out);
  if (v->kind == LV_SIDED) return lg_copy(&v->off, out);
  lg_builder *b = lg_builder_new(s);
  uint32_t root;
  cgt_rc rc = b ? lg_short(b, v->id, &root) : CGT_NOMEM;
  if (rc == CGT_OK) rc = lg_build(b, root, out);
  lg_builder_free(b);
  return rc;
}

cgt_rc lv_side(cg_store *s, const lg_value *v, int onside, lg_value *out) {
  if (v->kind != LV_SIDED) return lv_copy(v, out);
  *out = (lg_value){0};
  if (v->loose & (onside ? LV_LOOSE_ON : LV_LOOSE_OFF)) return CGT_NOTSTOPPER;
  lg_graph g;
  cgt_rc rc = lg_copy(onside ? &v->on : &v->off, &g);
  return rc ? rc : lv_stopper(s, &g, out);   /* (a short side becomes its short game) */
}

int lv_equal(const lg_value *a, const lg_value *b) {
  if (a->kind != b->kind) return 0;
  if (a->kind == LV_SHORT) return a->id == b->id;
  return lg_same(&a->on, &b->on) && (a->kind == LV_STOPPER || lg_same(&a->off, &b->off));
}

/* Side onside of a <= that of b: by survival for stoppers, by the side's
** own comparison when either is sided. */
static cgt_rc side_le(cg_store *s, const lg_value *a, const lg_value *b, int onside, int *le) {
  lg_graph g = {0}, h = {0};
  int mode = a->kind != LV_SIDED && b->kind != LV_SIDED ? LG_SURVIVE : onside ? LG_ONSIDE : LG_OFFSIDE;
  cgt_rc rc = lv_graph(s, a, onside, &g);
  if (rc == CGT_OK) rc = lv_graph(s, b, onside, &h);
  if (rc == CGT_OK) rc = lg_le(s, &g, &h, mode, le);
  lg_free(&g);
  lg_free(&h);
  return rc;
}

cgt_rc lv_le(cg_store *s, const lg_value *a, const lg_value *b, int *le) {
  if (a->kind == LV_SHORT && b->kind == LV_SHORT) return cg_le(s, a->id, b->id, le);
  uint64_t k[4] = {side_key(a, 1), side_key(a, 0), side_key(b, 1), side_key(b, 0)}, r[2];
  int known = k[0] && k[1] && k[2] && k[3], kind;
  if (known && lg_cache_get(s, LG_OP_LE, k, r, &kind)) return *le = (int)r[0], CGT_OK;
  cgt_rc rc = side_le(s, a, b, 1, le);
  if (rc == CGT_OK && *le && (a->kind == LV_SIDED || b->kind == LV_SIDED)) rc = side_le(s, a, b, 0, le);
  r[0] = (uint64_t)*le, r[1] = 0;
  if (rc == CGT_OK && known) lg_cache_put(s, LG_OP_LE, k, r, 0);
  return rc;
}

cgt_rc lv_sided(cg_store *s, lg_value *on, lg_value *off, lg_value *out) {
  *out = (lg_value){0};
  int le;
  if (on->kind == LV_SIDED || off->kind == LV_SIDED) {   /* the onside of on, the offside of off */
    lg_graph g = {0}, h = {0};
    cgt_rc rc = lv_graph(s, on, 1, &g);
    if (rc == CGT_OK) rc = lv_graph(s, off, 0, &h);
    lv_free(on);
    lv_free(off);
    if (rc == CGT_OK) return lv_of_sides(s, &g, &h, out);
    lg_free(&g);
    return rc;
  }
  cgt_rc rc = lv_le(s, off, on, &le);
  if (rc == CGT_OK && !le) rc = CGT_SYNTAX;
  if (rc == CGT_OK && lv_equal(on, off)) {
    *out = *on;
    *on = (lg_value){0};
  } else if (rc == CGT_OK) {
    out->kind = LV_SIDED;
    out->kon = side_key(on, 1), out->koff = side_key(off, 0);
    rc = lv_graph(s, on, 1, &out->on);
    if (rc == CGT_OK && (rc = lv_graph(s, off, 0, &out->off))) lg_free(&out->on);
    if (rc) *out = (lg_value){0};
  }
  lv_free(on);
  lv_free(off);
  return rc;
}

static cgt_rc negate(cg_store *s, const lg_value *a, lg_value *out) {
  *out = (lg_value){0};
  if (a->kind == LV_SHORT) {
    out->kind = LV_SHORT;
    return cg_neg(s, a->id, &out->id);
  }
  cgt_rc rc = CGT_OK;
  if (a->loose) {   /* sides that are no stoppers: negated as they are */
    *out = (lg_value){.kind = LV_SIDED, .loose = (a->loose & LV_LOOSE_ON ? LV_LOOSE_OFF : 0) |
                                                (a->loose & LV_LOOSE_OFF ? LV_LOOSE_ON : 0)};
    rc = lg_negate(&a->off, &out->on);
    if (rc == CGT_OK && (rc = lg_negate(&a->on, &out->off))) lg_free(&out->on);
    if (rc) *out = (lg_value){0};
    return rc;
  }
  lg_value side[2] = {{0}, {0}};   /* -(S & T) = -T & -S */
  for (int k = 0; k < 2 && rc == CGT_OK; k++) {
    lg_graph g;
    rc = lg_negate(k == 0 ? &a->on : a->kind == LV_SIDED ? &a->off : &a->on, &g);
    if (rc == CGT_OK) rc = lv_stopper(s, &g, &side[k]);
    if (a->kind == LV_STOPPER) break;
  }
  if (rc == CGT_OK && a->kind == LV_STOPPER) {
    *out = side[0];
    return CGT_OK;
  }
  if (rc == CGT_OK) rc = lv_sided(s, &side[1], &side[0], out);
  lv_free(&side[0]);
  lv_free(&side[1]);
  return rc;
}

/* The value with sides on and off (both consumed; *_stopper: whether each
** is a canonical stopper). */
static cgt_rc from_sides(cg_store *s, lg_graph *on, int on_stopper, lg_graph *off, int off_stopper, lg_value *out) {
  *out = (lg_value){0};
  if (on_stopper && off_stopper) {
    lg_value a = {0}, b = {0};
    cgt_rc rc = lv_stopper(s, on, &a);
    if (rc == CGT_OK) rc = lv_stopper(s, off, &b);
    else lg_free(off);
    if (rc == CGT_OK) return lv_sided(s, &a, &b, out);
    lv_free(&a);
    return rc;
  }
  *out = (lg_value){.kind = LV_SIDED, .on = *on, .off = *off,
                     .loose = (on_stopper ? 0 : LV_LOOSE_ON) | (off_stopper ? 0 : LV_LOOSE_OFF)};
  return CGT_OK;
}

cgt_rc lv_of_graph(cg_store *s, lg_graph *g, lg_value *out) {
  *out = (lg_value){0};
  int stopper = lg_test(g, LG_STOPPER), on_stopper = 0, off_stopper = 0;
  if (stopper) {
    if (stopper > 0) return lv_stopper(s, g, out);
    lg_free(g);
    return CGT_NOMEM;
  }
  lg_graph h;
  cgt_rc rc = lg_copy(g, &h);
  if (rc == CGT_OK) rc = lg_side(s, g, 1, &on_stopper);
  if (rc == CGT_OK) rc = lg_side(s, &h, 0, &off_stopper);
  if (rc == CGT_OK) return from_sides(s, g, on_stopper, &h, off_stopper, out);
  lg_free(g);
  lg_free(&h);
  return rc;
}

cgt_rc lv_of_sides(cg_store *s, lg_graph *on, lg_graph *off, lg_value *out) {
  int on_stopper = 0, off_stopper = 0;
  cgt_rc rc = lg_side(s, on, 1, &on_stopper);
  if (rc == CGT_OK) rc = lg_side(s, off, 0, &off_stopper);
  if (rc == CGT_OK) rc = from_sides(s, on, on_stopper, off, off_stopper, out);
  else lg_free(on), lg_free(off);
  if (rc || out->loose || out->kind != LV_SIDED) return rc;
  lg_value a = {0}, b = {0};   /* stopper sides: the offside must be <= the onside */
  int le = 1;
  if ((rc = lv_side(s, out, 1, &a)) == CGT_OK && (rc = lv_side(s, out, 0, &b)) == CGT_OK) rc = lv_le(s, &b, &a, &le);
  if (rc == CGT_OK && !le) rc = CGT_SYNTAX;
  lv_free(&a);
  lv_free(&b);
  if (rc) lv_free(out);
  return rc;
}

/* Side onside of a + b, of the product of those sides (the upsum of the
** onsides, the downsum of the offsides). */
static cgt_rc side_sum(cg_store *s, const lg_value *a, const lg_value *b, int onside, lg_graph *out, int *stopper) {
  lg_graph g = {0}, h = {0};
  cgt_rc rc = lv_graph(s, a, onside, &g);
  if (rc == CGT_OK) rc = lv_graph(s, b, onside, &h);
  if (rc == CGT_OK) rc = lg_add(s, &g, &h, out);
  lg_free(&g);
  lg_free(&h);
  if (rc == CGT_OK && (rc = lg_side(s, out, onside, stopper))) lg_free(out);
  return rc;
}

cgt_rc lv_sum_side(cg_store *s, const lg_value *a, const lg_value *b, int onside, lg_value *out) {
  *out = (lg_value){0};
  if (a->kind == LV_SHORT && b->kind == LV_SHORT) {
    out->kind = LV_SHORT;
    return cg_add(s, a->id, b->id, &out->id);
  }
  lg_graph g;
  int stopper = 0;
  cgt_rc rc = side_sum(s, a, b, onside, &g, &stopper);
  if (rc == CGT_OK && !stopper) lg_free(&g), rc = CGT_NOTSTOPPER;
  return rc ? rc : lv_stopper(s, &g, out);
}

static cgt_rc add(cg_store *s, const lg_value *a, const lg_value *b, lg_value *out) {
  *out = (lg_value){0};
  if (a->kind == LV_SHORT && b->kind == LV_SHORT) {
    out->kind = LV_SHORT;
    return cg_add(s, a->id, b->id, &out->id);
  }
  if (a->kind != LV_SIDED && b->kind != LV_SIDED) {   /* stoppers: one product, both its sides */
    lg_graph g = {0}, h = {0}, p = {0};
    cgt_rc rc = lv_graph(s, a, 1, &g);
    if (rc == CGT_OK) rc = lv_graph(s, b, 1, &h);
    if (rc == CGT_OK) rc = lg_add(s, &g, &h, &p);
    lg_free(&g);
    lg_free(&h);
    return rc ? rc : lv_of_graph(s, &p, out);
  }
  lg_graph on = {0}, off = {0};
  int on_stopper = 0, off_stopper = 0;
  cgt_rc rc = side_sum(s, a, b, 1, &on, &on_stopper);
  if (rc == CGT_OK && (rc = side_sum(s, a, b, 0, &off, &off_stopper))) lg_free(&on);
  return rc ? rc : from_sides(s, &on, on_stopper, &off, off_stopper, out);
}

cgt_rc lv_outcome(cg_store *s, const lg_value *a, int *cls) {
  lg_value zero = {.kind = LV_SHORT};
  int le[2] = {0, 0}, ge[2] = {0, 0};   /* [onside, offside] <= 0 and >= 0 */
  cgt_rc rc = cg_integer(s, 0, &zero.id);
  for (int k = 0; k < 2 && rc == CGT_OK; k++) {
    if (k == 1 && a->kind != LV_SIDED) {
      le[1] = le[0], ge[1] = ge[0];
      break;
    }
    if (a->kind == LV_SHORT) rc = cg_le(s, a->id, zero.id, &le[k]);
    else rc = side_le(s, a, &zero, !k, &le[k]);
    if (rc) break;
    if (a->kind == LV_SHORT) rc = cg_le(s, zero.id, a->id, &ge[k]);
    else rc = side_le(s, &zero, a, !k, &ge[k]);
  }
  if (rc) return rc;
  /* Left first: a Left win when even the offside (draws to Right) is not
  ** <= 0, a Right win when even the onside (draws to Left) is <= 0, else a
  ** draw; Right first alike. */
  int L = !le[1] ? 1 : le[0] ? -1 : 0, R = !ge[0] ? -1 : ge[1] ? 1 : 0;   /* +1: Left wins */
  static const int cls_of[3][3] = {
      /* Right first: Right wins, draw, Left wins */
      {CG_PLAY_R, CG_PLAY_PCHECK, CG_PLAY_P},        /* Left first: Right wins */
      {CG_PLAY_NCHECK, CG_PLAY_D, CG_PLAY_PHAT},     /* Left first: draw */
      {CG_PLAY_N, CG_PLAY_NHAT, CG_PLAY_L}};         /* Left first: Left wins */
  *cls = cls_of[L + 1][R + 1];
  return CGT_OK;
}

/* ---- stops and pseudonumbers ---- */

static int pseudo_cmp(cg_store *s, const lg_pseudo *a, const lg_pseudo *b) {
  if (a->inf || b->inf) return a->inf - b->inf;
  int c = cg_dyadic_cmp(cg_store_bigs(s), a->x, b->x);
  return c ? c : a->tilt - b->tilt;
}

int lg_vertex_pseudo(cg_store *s, const lg_graph *g, const cg_id *ids, uint32_t v, lg_pseudo *p) {
  *p = (lg_pseudo){0};
  if (ids && ids[v] != LG_NOID) return cg_is_number(s, ids[v], &p->x);
  uint32_t nl = g->lo[v + 1] - g->lo[v], nr = g->ro[v + 1] - g->ro[v];
  const uint32_t *L = g->le + g->lo[v], *R = g->re + g->ro[v];
  if (nl == 1 && L[0] == v && nr == 0) return p->inf = 1;
  if (nr == 1 && R[0] == v && nl == 0) return p->inf = -1, 1;
  if (!ids || nl != 1 || nr != 1) return 0;
  if (R[0] == v && ids[L[0]] != LG_NOID && cg_is_number(s, ids[L[0]], &p->x)) return p->tilt = 1;
  if (L[0] == v && ids[R[0]] != LG_NOID && cg_is_number(s, ids[R[0]], &p->x)) return p->tilt = -1, 1;
  return 0;
}

int lv_pseudonumber(cg_store *s, const lg_value *a, lg_pseudo *p) {
  *p = (lg_pseudo){0};
  if (a->kind == LV_SHORT) return cg_is_number(s, a->id, &p->x);
  if (a->kind != LV_STOPPER) return 0;
  cg_id *ids = cgt_malloc(((size_t)a->on.n + 1) * sizeof *ids);
  int yes = ids && lg_short_values(s, &a->on, ids) == CGT_OK && lg_vertex_pseudo(s, &a->on, ids, a->on.root, p);
  cgt_free(ids);
  return yes;
}

cgt_rc lv_stop(cg_store *s, const lg_value *a, int left, lg_pseudo *out) {
  *out = (lg_pseudo){0};
  if (a->kind == LV_SHORT) return cg_stop(s, a->id, left, &out->x);
  const lg_graph *g = &a->on;
  uint32_t n = g->n;
  /* Over the doubled graph (v, side) in reverse topological order (a
  ** stopper's doubled graph has no cycle): L(v) = max R(v^L), R(v) = min
  ** L(v^R); pseudonumbers and short games are their own stops. */
  cg_id *ids = cgt_malloc(((size_t)n + 1) * sizeof *ids);
  lg_pseudo *st = cgt_malloc((2 * (size_t)n + 1) * sizeof *st);
  uint8_t *done = cgt_calloc(2 * (size_t)n + 1, 1);
  uint32_t *stack = cgt_malloc((2 * (size_t)n + 1) * sizeof *stack), *next = cgt_malloc((2 * (size_t)n + 1) * sizeof *next);
  cgt_rc rc = ids && st && done && stack && next ? lg_short_values(s, g, ids) : CGT_NOMEM;
  uint32_t top = 0;
  if (rc == CGT_OK) stack[top] = 2 * g->root + (left ? 0 : 1), next[top++] = 0;
  while (rc == CGT_OK && top) {   /* depth first, with an explicit stack */
    uint32_t x = stack[top - 1], v = x / 2, side = x % 2;   /* side 0: the Left stop */
    lg_pseudo p;
    if (ids[v] != LG_NOID || lg_vertex_pseudo(s, g, ids, v, &p)) {
      if (ids[v] != LG_NOID) {
        p = (lg_pseudo){0};
        rc = cg_stop(s, ids[v], side == 0, &p.x);
      }
      st[x] = p, done[x] = 1, top--;
      continue;
    }
    const uint32_t *o = side ? g->ro : g->lo, *d = side ? g->re : g->le;
    uint32_t k = next[top - 1];
    if (o[v] + k < o[v + 1]) {
      uint32_t y = 2 * d[o[v] + k] + (1 - side);
      next[top - 1]++;
      if (!done[y]) stack[top] = y, next[top++] = 0;
      continue;
    }
    lg_pseudo best = {.inf = side ? 1 : -1};   /* no option: off for Left, on for Right */
    for (uint32_t e = o[v]; e < o[v + 1]; e++) {
      const lg_pseudo *q = &st[2 * d[e] + (1 - side)];
      int c = pseudo_cmp(s, q, &best);
      if (e == o[v] || (side ? c < 0 : c > 0)) best = *q;
    }
    st[x] = best, done[x] = 1, top--;
    rc = cg_work(s, 1 + o[v + 1] - o[v]);
  }
  if (rc == CGT_OK) *out = st[2 * g->root + (left ? 0 : 1)];
  cgt_free(ids);
  cgt_free(st);
  cgt_free(done);
  cgt_free(stack);
  cgt_free(next);
  return rc;
}

cgt_rc lv_neg(cg_store *s, const lg_value *a, lg_value *out) {
  uint64_t k[4];
  if (a->kind == LV_SHORT) return negate(s, a, out);
  if (cached(s, LG_OP_NEG, a, NULL, k, out)) return CGT_OK;
  cgt_rc rc = negate(s, a, out);
  if (rc == CGT_OK) remember(s, LG_OP_NEG, k, out);
  return rc;
}

cgt_rc lv_add(cg_store *s, const lg_value *a, const lg_value *b, lg_value *out) {
  uint64_t k[4];
  if (a->kind == LV_SHORT && b->kind == LV_SHORT) return add(s, a, b, out);
  if (cached(s, LG_OP_ADD, a, b, k, out)) return CGT_OK;
  cgt_rc rc = add(s, a, b, out);
  if (rc == CGT_OK) remember(s, LG_OP_ADD, k, out);
  return rc;
}
