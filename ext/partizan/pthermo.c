/* Thermographs: walls as piecewise linear functions of t >= -1. */
#include "pthermo.h"

#include <stdlib.h>
#include <string.h>

/* A piecewise linear function on [-1, oo): on [t[i], t[i+1]) it is
** v[i] + slope[i] (u - t[i]); the last piece runs on for ever.  Slopes are
** small integers. */
typedef struct traj {
  uint32_t n;
  cg_dyadic *t, *v;
  int *slope;
} traj;

typedef struct walls {
  traj left, right;
  cg_dyadic mean, temp;
} walls;

struct cg_thermo {
  walls *w;        /* by game id; w[id].left.n == 0 until computed */
  uint32_t cap;
};

cg_thermo *cg_thermo_new(void) { return cgt_calloc(1, sizeof(cg_thermo)); }

static void traj_free(traj *f) {
  cgt_free(f->t);
  cgt_free(f->v);
  cgt_free(f->slope);
  memset(f, 0, sizeof *f);
}

void cg_thermo_free(cg_thermo *th) {
  if (!th) return;
  for (uint32_t i = 0; i < th->cap; i++) traj_free(&th->w[i].left), traj_free(&th->w[i].right);
  cgt_free(th->w);
  cgt_free(th);
}

/* ---- dyadic helpers (CGT_RANGE past the limits of dyadic.h) ---- */

static cgt_rc dadd(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) { return cg_dyadic_add(B, a, b, out); }
static cgt_rc dsub(cg_bigs *B, cg_dyadic a, cg_dyadic b, cg_dyadic *out) { return cg_dyadic_sub(B, a, b, out); }
static cgt_rc dmul(cg_bigs *B, cg_dyadic a, int k, cg_dyadic *out) { return cg_dyadic_mul_small(B, a, k, out); }

/* a / k for k in {1, 2, 4} and their negatives (slope differences). */
static cgt_rc ddiv(cg_bigs *B, cg_dyadic a, int k, cg_dyadic *out) {
  int m = k < 0 ? -k : k, shift = m == 1 ? 0 : m == 2 ? 1 : m == 4 ? 2 : -1;
  if (shift < 0) return CGT_RANGE;   /* walls have slopes 0 and +-1: never */
  cgt_rc rc = k < 0 ? cg_dyadic_neg(B, a, &a) : CGT_OK;
  return rc ? rc : cg_dyadic_ldexp(B, a, -shift, out);
}

static const cg_dyadic MINUS_ONE = {-1, 0, 0};

/* ---- trajectories ---- */

static cgt_rc traj_push(cg_bigs *B, traj *f, cg_dyadic t, cg_dyadic v, int slope) {
  /* merge with the previous piece when it continues it */
  if (f->n > 0 && f->slope[f->n - 1] == slope) {
    cg_dyadic d, at;
    cgt_rc rc = dsub(B, t, f->t[f->n - 1], &d);
    if (rc == CGT_OK) rc = dmul(B, d, slope, &d);
    if (rc == CGT_OK) rc = dadd(B, f->v[f->n - 1], d, &at);
    if (rc) return rc;
    if (cg_dyadic_eq(at, v)) return CGT_OK;
  }
  cg_dyadic *nt = cgt_realloc(f->t, (f->n + 1) * sizeof *nt);
  if (nt) f->t = nt;
  cg_dyadic *nv = cgt_realloc(f->v, (f->n + 1) * sizeof *nv);
  if (nv) f->v = nv;
  int *ns = cgt_realloc(f->slope, (f->n + 1) * sizeof *ns);
  if (ns) f->slope = ns;
  if (!nt || !nv || !ns) return CGT_NOMEM;
  f->t[f->n] = t;
  f->v[f->n] = v;
  f->slope[f->n] = slope;
  f->n++;
  return CGT_OK;
}

static cgt_rc constant(cg_bigs *B, traj *f, cg_dyadic v) { return traj_push(B, f, MINUS_ONE, v, 0); }

/* The piece of f at t. */
static uint32_t piece(const cg_bigs *B, const traj *f, cg_dyadic t) {
  uint32_t i = 0;
  while (i + 1 < f->n && cg_dyadic_cmp(B, f->t[i + 1], t) <= 0) i++;
  return i;
}

static cgt_rc eval(cg_bigs *B, const traj *f, cg_dyadic t, cg_dyadic *v) {
  uint32_t i = piece(B, f, t);
  cg_dyadic d;
  cgt_rc rc = dsub(B, t, f->t[i], &d);
  if (rc == CGT_OK) rc = dmul(B, d, f->slope[i], &d);
  if (rc == CGT_OK) rc = dadd(B, f->v[i], d, v);
  return rc;
}

/* out = f + k t */
static cgt_rc tilt(cg_bigs *B, const traj *f, int k, traj *out) {
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < f->n && rc == CGT_OK; i++) {
    cg_dyadic kt, v;
    rc = dmul(B, f->t[i], k, &kt);
    if (rc == CGT_OK) rc = dadd(B, f->v[i], kt, &v);
    if (rc == CGT_OK) rc = traj_push(B, out, f->t[i], v, f->slope[i] + k);
  }
  return rc;
}

/* out = max (sign 1) or min (sign -1) of f and g. */
static cgt_rc extreme(cg_bigs *B, const traj *f, const traj *g, int sign, traj *out) {
  /* breakpoints of both, and crossings inside the pieces between them */
  uint32_t nb = 0, cap = 2 * (f->n + g->n) + 2;
  cg_dyadic *b = cgt_malloc(cap * sizeof *b);
  if (!b) return CGT_NOMEM;
  for (uint32_t i = 0; i < f->n; i++) b[nb++] = f->t[i];
  for (uint32_t i = 0; i < g->n; i++) b[nb++] = g->t[i];
  for (uint32_t i = 1; i < nb; i++)   /* insertion sort, unique */
    for (uint32_t j = i; j > 0 && cg_dyadic_cmp(B, b[j - 1], b[j]) > 0; j--) {
      cg_dyadic x = b[j];
      b[j] = b[j - 1];
      b[j - 1] = x;
    }
  uint32_t k = 0;
  for (uint32_t i = 0; i < nb; i++)
    if (k == 0 || !cg_dyadic_eq(b[k - 1], b[i])) b[k++] = b[i];
  nb = k;
  cgt_rc rc = CGT_OK;
  uint32_t base = nb;
  for (uint32_t i = 0; i < base && rc == CGT_OK; i++) {   /* crossings within piece i */
    cg_dyadic fa, ga, d, x;
    int sf = f->slope[piece(B, f, b[i])], sg = g->slope[piece(B, g, b[i])];
    rc = eval(B, f, b[i], &fa);
    if (rc == CGT_OK) rc = eval(B, g, b[i], &ga);
    if (rc || sf == sg) continue;
    rc = dsub(B, ga, fa, &d);   /* f(u) = g(u) at u = b[i] + d / (sf - sg) */
    if (rc == CGT_OK) rc = ddiv(B, d, sf - sg, &d);
    if (rc == CGT_OK) rc = dadd(B, b[i], d, &x);
    if (rc == CGT_OK && cg_dyadic_sign(B, d) > 0 && (i + 1 >= base || cg_dyadic_cmp(B, x, b[i + 1]) < 0)) b[nb++] = x;
  }
  for (uint32_t i = base; i < nb; i++)   /* re-sort */
    for (uint32_t j = i; j > 0 && cg_dyadic_cmp(B, b[j - 1], b[j]) > 0; j--) {
      cg_dyadic x = b[j];
      b[j] = b[j - 1];
      b[j - 1] = x;
    }
  for (uint32_t i = 0; i < nb && rc == CGT_OK; i++) {
    cg_dyadic fv, gv;
    int sf = f->slope[piece(B, f, b[i])], sg = g->slope[piece(B, g, b[i])];
    rc = eval(B, f, b[i], &fv);
    if (rc == CGT_OK) rc = eval(B, g, b[i], &gv);
    if (rc) break;
    int c = cg_dyadic_cmp(B, fv, gv) * sign;
    /* after a tie the one going the right way wins */
    int take_f = c > 0 || (c == 0 && (sf - sg) * sign >= 0);
    rc = traj_push(B, out, b[i], take_f ? fv : gv, take_f ? sf : sg);
  }
  cgt_free(b);
  return rc;
}

/* ---- walls ---- */

static int known(const cg_thermo *th, cg_id g) { return g < th->cap && th->w[g].left.n > 0; }

static cgt_rc make_room(cg_thermo *th, cg_id g) {
  if (g < th->cap) return CGT_OK;
  uint32_t cap = th->cap ? th->cap : 256;
  while (cap <= g) cap = cap > UINT32_MAX / 2 ? UINT32_MAX : 2 * cap;
  walls *w = cgt_realloc(th->w, (size_t)cap * sizeof *w);
  if (!w) return CGT_NOMEM;
  memset(w + th->cap, 0, (size_t)(cap - th->cap) * sizeof *w);
  th->w = w;
  th->cap = cap;
  return CGT_OK;
}

static cgt_rc copy_traj(cg_bigs *B, const traj *f, traj *out) {
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < f->n && rc == CGT_OK; i++) rc = traj_push(B, out, f->t[i], f->v[i], f->slope[i]);
  return rc;
}

/* The games whose walls g's walls are made from: its options, except that
** x + *m (m >= 2) has the walls of x + * (every *k with k >= 1 has the
** thermograph of *, so *m's scaffolds are *'s), which spares expanding a
** large nimber.  *n is 0 for integers (a mast from -1). */
static cgt_rc sources(cg_store *s, cg_id g, cg_id *proxy, const cg_id **L, uint32_t *nl, const cg_id **R,
                      uint32_t *nr) {
  cg_dyadic x;
  int64_t ups;
  uint32_t star;
  *nl = *nr = 0;
  if (cg_is_number(s, g, &x) && cg_dyadic_is_integer(x)) return CGT_OK;
  if (cg_is_nus(s, g, &x, &ups, &star) && ups == 0 && star >= 2) {
    cgt_rc rc = cg_nus(s, x, 0, 1, proxy);
    if (rc == CGT_OK) *L = proxy, *nl = 1;
    return rc;
  }
  return cg_options(s, g, L, nl, R, nr);
}

/* max over options (left) or min (right) of the other wall tilted by -/+ t. */
static cgt_rc scaffold(cg_bigs *B, cg_thermo *th, const cg_id *opt, uint32_t n, int left, traj *out) {
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    const walls *w = &th->w[opt[i]];
    traj tilted = {0, NULL, NULL, NULL}, merged = {0, NULL, NULL, NULL};
    rc = tilt(B, left ? &w->right : &w->left, left ? -1 : 1, &tilted);
    if (rc == CGT_OK && i == 0) {
      *out = tilted;
      continue;
    }
    if (rc == CGT_OK) rc = extreme(B, out, &tilted, left ? 1 : -1, &merged);
    traj_free(&tilted);
    traj_free(out);
    *out = merged;
  }
  return rc;
}

/* The walls of g from the walls of its sources (all known). */
static cgt_rc compute(cg_store *s, cg_thermo *th, cg_id g) {
  cg_bigs *B = cg_store_bigs(s);
  walls w;
  memset(&w, 0, sizeof w);
  cg_dyadic x;
  cg_id proxy;
  const cg_id *L0 = NULL, *R0 = NULL;
  uint32_t nl, nr;
  cgt_rc rc = make_room(th, g);
  if (rc == CGT_OK) rc = sources(s, g, &proxy, &L0, &nl, &R0, &nr);
  if (rc) return rc;
  if (cg_is_number(s, g, &x) && cg_dyadic_is_integer(x)) {   /* an integer: a mast from -1 */
    w.mean = x;
    w.temp = MINUS_ONE;
    rc = constant(B, &w.left, x);
    if (rc == CGT_OK) rc = constant(B, &w.right, x);
  } else if (L0 == &proxy) {   /* x + *m: the walls of x + * */
    const walls *p = &th->w[proxy];
    w.mean = p->mean;
    w.temp = p->temp;
    rc = copy_traj(B, &p->left, &w.left);
    if (rc == CGT_OK) rc = copy_traj(B, &p->right, &w.right);
  } else {
    cg_id *opts = cgt_malloc(((size_t)nl + nr + 1) * sizeof *opts);
    traj ls = {0, NULL, NULL, NULL}, rs = {0, NULL, NULL, NULL};
    if (!opts) rc = CGT_NOMEM;
    if (rc == CGT_OK) {
      memcpy(opts, L0, nl * sizeof *opts);
      memcpy(opts + nl, R0, nr * sizeof *opts);
      rc = cg_work(s, (uint64_t)nl + nr);
    }
    if (rc == CGT_OK) rc = scaffold(B, th, opts, nl, 1, &ls);
    if (rc == CGT_OK) rc = scaffold(B, th, opts + nl, nr, 0, &rs);
    cgt_free(opts);
    /* The temperature: the first t where the left scaffold is <= the right.
    ** Their difference never rises, so it is the least of the candidates:
    ** a breakpoint where it already holds, or the crossing on the piece
    ** that starts at a breakpoint (kept only when it holds there). */
    cg_dyadic t = MINUS_ONE;
    int found = 0;
    for (uint32_t i = 0; rc == CGT_OK && i < ls.n + rs.n + 1; i++) {
      cg_dyadic at = i == 0 ? MINUS_ONE : i <= ls.n ? ls.t[i - 1] : rs.t[i - 1 - ls.n], lv, rv, d, cand;
      if ((rc = eval(B, &ls, at, &lv)) || (rc = eval(B, &rs, at, &rv))) break;
      if (cg_dyadic_cmp(B, lv, rv) <= 0) {
        cand = at;
      } else {
        int sl = ls.slope[piece(B, &ls, at)], sr = rs.slope[piece(B, &rs, at)];
        if (sl >= sr) continue;
        if ((rc = dsub(B, lv, rv, &d)) || (rc = ddiv(B, d, sr - sl, &d)) || (rc = dadd(B, at, d, &cand))) break;
        cg_dyadic cl, cr;
        if ((rc = eval(B, &ls, cand, &cl)) || (rc = eval(B, &rs, cand, &cr))) break;
        if (cg_dyadic_cmp(B, cl, cr) > 0) continue;
      }
      if (!found || cg_dyadic_cmp(B, cand, t) < 0) t = cand, found = 1;
    }
    if (rc == CGT_OK && !found) rc = CGT_RANGE;   /* walls that never meet: not a short game */
    if (rc == CGT_OK) {
      cg_dyadic m;
      rc = eval(B, &ls, t, &m);
      w.temp = t;
      w.mean = m;
      for (uint32_t i = 0; rc == CGT_OK && i < ls.n && cg_dyadic_cmp(B, ls.t[i], t) < 0; i++)
        rc = traj_push(B, &w.left, ls.t[i], ls.v[i], ls.slope[i]);
      for (uint32_t i = 0; rc == CGT_OK && i < rs.n && cg_dyadic_cmp(B, rs.t[i], t) < 0; i++)
        rc = traj_push(B, &w.right, rs.t[i], rs.v[i], rs.slope[i]);
      if (rc == CGT_OK) rc = traj_push(B, &w.left, t, m, 0);
      if (rc == CGT_OK) rc = traj_push(B, &w.right, t, m, 0);
    }
    traj_free(&ls);
    traj_free(&rs);
  }
  if (rc) {
    traj_free(&w.left);
    traj_free(&w.right);
    return rc;
  }
  th->w[g] = w;
  return CGT_OK;
}

/* The walls of g, computing those of every game below it first: a
** depth-first walk with an explicit stack, so a game of any depth (^10000)
** costs no C stack. */
static cgt_rc walls_of(cg_store *s, cg_thermo *th, cg_id g, const walls **out) {
  typedef struct frame {
    cg_id id;
    uint32_t next;   /* the next source to look at */
  } frame;
  frame *stack = NULL;
  size_t top = 0, cap = 0;
  cgt_rc rc = CGT_OK;
  if (!known(th, g)) {
    if (!(stack = cgt_grow(NULL, &cap, 1, sizeof *stack, 64))) return CGT_NOMEM;
    stack[top++] = (frame){g, 0};
  }
  while (top > 0 && rc == CGT_OK) {
    frame *f = &stack[top - 1];
    if (known(th, f->id)) {
      top--;
      continue;
    }
    cg_id proxy;
    const cg_id *L = NULL, *R = NULL;
    uint32_t nl, nr;
    if ((rc = sources(s, f->id, &proxy, &L, &nl, &R, &nr)) || (rc = cg_work(s, 1))) break;
    while (f->next < nl + nr && known(th, f->next < nl ? L[f->next] : R[f->next - nl])) f->next++;
    if (f->next == nl + nr) {
      rc = compute(s, th, f->id);
      top--;
      continue;
    }
    cg_id child = f->next < nl ? L[f->next] : R[f->next - nl];
    frame *more = cgt_grow(stack, &cap, top + 1, sizeof *stack, 64);
    if (!more) {
      rc = CGT_NOMEM;
      break;
    }
    stack = more;
    stack[top++] = (frame){child, 0};
  }
  cgt_free(stack);
  if (rc == CGT_OK) *out = &th->w[g];
  return rc;
}

cgt_rc cg_thermograph(cg_store *s, cg_thermo *th, cg_id g, cg_dyadic *mean, cg_dyadic *temperature) {
  const walls *w;
  cgt_rc rc = walls_of(s, th, g, &w);
  if (rc == CGT_OK) *mean = w->mean, *temperature = w->temp;
  return rc;
}

cgt_rc cg_thermograph_walls(cg_store *s, cg_thermo *th, cg_id g, cg_wall *left, cg_wall *right, cg_dyadic *mean,
                            cg_dyadic *temperature) {
  const walls *w;
  cgt_rc rc = walls_of(s, th, g, &w);
  if (rc) return rc;
  *left = (cg_wall){w->left.n, w->left.t, w->left.v, w->left.slope};
  *right = (cg_wall){w->right.n, w->right.t, w->right.v, w->right.slope};
  *mean = w->mean, *temperature = w->temp;
  return CGT_OK;
}
