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

/* ---- dyadic helpers (CGT_TOOBIG on overflow) ---- */

static cgt_rc dadd(cg_dyadic a, cg_dyadic b, cg_dyadic *out) { return cg_dyadic_add(a, b, out); }

static cgt_rc dsub(cg_dyadic a, cg_dyadic b, cg_dyadic *out) {
  if (b.num == INT64_MIN) return CGT_TOOBIG;
  cg_dyadic nb = {-b.num, b.exp};
  return cg_dyadic_add(a, nb, out);
}

static cgt_rc dmul(cg_dyadic a, int k, cg_dyadic *out) {
  int64_t m;
  if (__builtin_mul_overflow(a.num, (int64_t)k, &m)) return CGT_TOOBIG;
  cg_dyadic r = {m, a.exp}, zero = {0, 0};
  return cg_dyadic_add(r, zero, out);   /* normalises */
}

/* a / k for k in {1, 2, -1, -2} (slope differences). */
static cgt_rc ddiv(cg_dyadic a, int k, cg_dyadic *out) {
  if (k < 0) {
    if (a.num == INT64_MIN) return CGT_TOOBIG;
    a.num = -a.num, k = -k;
  }
  if (k == 2) a.exp++;
  cg_dyadic zero = {0, 0};
  return cg_dyadic_add(a, zero, out);
}

static const cg_dyadic MINUS_ONE = {-1, 0};

/* ---- trajectories ---- */

static cgt_rc traj_push(traj *f, cg_dyadic t, cg_dyadic v, int slope) {
  /* merge with the previous piece when it continues it */
  if (f->n > 0 && f->slope[f->n - 1] == slope) {
    cg_dyadic d, at;
    cgt_rc rc = dsub(t, f->t[f->n - 1], &d);
    if (rc == CGT_OK) rc = dmul(d, slope, &d);
    if (rc == CGT_OK) rc = dadd(f->v[f->n - 1], d, &at);
    if (rc) return rc;
    if (cg_dyadic_cmp(at, v) == 0) return CGT_OK;
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

static cgt_rc constant(traj *f, cg_dyadic v) { return traj_push(f, MINUS_ONE, v, 0); }

/* The piece of f at t. */
static uint32_t piece(const traj *f, cg_dyadic t) {
  uint32_t i = 0;
  while (i + 1 < f->n && cg_dyadic_cmp(f->t[i + 1], t) <= 0) i++;
  return i;
}

static cgt_rc eval(const traj *f, cg_dyadic t, cg_dyadic *v) {
  uint32_t i = piece(f, t);
  cg_dyadic d;
  cgt_rc rc = dsub(t, f->t[i], &d);
  if (rc == CGT_OK) rc = dmul(d, f->slope[i], &d);
  if (rc == CGT_OK) rc = dadd(f->v[i], d, v);
  return rc;
}

/* out = f + k t */
static cgt_rc tilt(const traj *f, int k, traj *out) {
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < f->n && rc == CGT_OK; i++) {
    cg_dyadic kt, v;
    rc = dmul(f->t[i], k, &kt);
    if (rc == CGT_OK) rc = dadd(f->v[i], kt, &v);
    if (rc == CGT_OK) rc = traj_push(out, f->t[i], v, f->slope[i] + k);
  }
  return rc;
}

/* out = max (sign 1) or min (sign -1) of f and g. */
static cgt_rc extreme(const traj *f, const traj *g, int sign, traj *out) {
  /* breakpoints of both, and crossings inside the pieces between them */
  uint32_t nb = 0, cap = 2 * (f->n + g->n) + 2;
  cg_dyadic *b = cgt_malloc(cap * sizeof *b);
  if (!b) return CGT_NOMEM;
  for (uint32_t i = 0; i < f->n; i++) b[nb++] = f->t[i];
  for (uint32_t i = 0; i < g->n; i++) b[nb++] = g->t[i];
  for (uint32_t i = 1; i < nb; i++)   /* insertion sort, unique */
    for (uint32_t j = i; j > 0 && cg_dyadic_cmp(b[j - 1], b[j]) > 0; j--) {
      cg_dyadic x = b[j];
      b[j] = b[j - 1];
      b[j - 1] = x;
    }
  uint32_t k = 0;
  for (uint32_t i = 0; i < nb; i++)
    if (k == 0 || cg_dyadic_cmp(b[k - 1], b[i]) != 0) b[k++] = b[i];
  nb = k;
  cgt_rc rc = CGT_OK;
  uint32_t base = nb;
  for (uint32_t i = 0; i < base && rc == CGT_OK; i++) {   /* crossings within piece i */
    cg_dyadic fa, ga, d, x;
    int sf = f->slope[piece(f, b[i])], sg = g->slope[piece(g, b[i])];
    rc = eval(f, b[i], &fa);
    if (rc == CGT_OK) rc = eval(g, b[i], &ga);
    if (rc || sf == sg) continue;
    rc = dsub(ga, fa, &d);   /* f(u) = g(u) at u = b[i] + d / (sf - sg) */
    if (rc == CGT_OK) rc = ddiv(d, sf - sg, &d);
    if (rc == CGT_OK) rc = dadd(b[i], d, &x);
    if (rc == CGT_OK && d.num > 0 && (i + 1 >= base || cg_dyadic_cmp(x, b[i + 1]) < 0)) b[nb++] = x;
  }
  for (uint32_t i = base; i < nb; i++)   /* re-sort */
    for (uint32_t j = i; j > 0 && cg_dyadic_cmp(b[j - 1], b[j]) > 0; j--) {
      cg_dyadic x = b[j];
      b[j] = b[j - 1];
      b[j - 1] = x;
    }
  for (uint32_t i = 0; i < nb && rc == CGT_OK; i++) {
    cg_dyadic fv, gv;
    int sf = f->slope[piece(f, b[i])], sg = g->slope[piece(g, b[i])];
    rc = eval(f, b[i], &fv);
    if (rc == CGT_OK) rc = eval(g, b[i], &gv);
    if (rc) break;
    int c = cg_dyadic_cmp(fv, gv) * sign;
    /* after a tie the one going the right way wins */
    int take_f = c > 0 || (c == 0 && (sf - sg) * sign >= 0);
    rc = traj_push(out, b[i], take_f ? fv : gv, take_f ? sf : sg);
  }
  cgt_free(b);
  return rc;
}

/* ---- walls ---- */

static cgt_rc walls_of(cg_store *s, cg_thermo *th, cg_id g, walls **out);

/* max over options (left) or min (right) of the other wall tilted by -/+ t. */
static cgt_rc scaffold(cg_store *s, cg_thermo *th, const cg_id *opt, uint32_t n, int left, traj *out) {
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) {
    walls *w;
    traj tilted = {0, NULL, NULL, NULL}, merged = {0, NULL, NULL, NULL};
    if ((rc = walls_of(s, th, opt[i], &w))) break;
    rc = tilt(left ? &w->right : &w->left, left ? -1 : 1, &tilted);
    if (rc == CGT_OK && i == 0) {
      *out = tilted;
      continue;
    }
    if (rc == CGT_OK) rc = extreme(out, &tilted, left ? 1 : -1, &merged);
    traj_free(&tilted);
    traj_free(out);
    *out = merged;
  }
  return rc;
}

static cgt_rc walls_of(cg_store *s, cg_thermo *th, cg_id g, walls **out) {
  if (g >= th->cap) {
    uint32_t cap = th->cap ? th->cap : 256;
    while (cap <= g) cap *= 2;
    walls *w = cgt_realloc(th->w, cap * sizeof *w);
    if (!w) return CGT_NOMEM;
    memset(w + th->cap, 0, (cap - th->cap) * sizeof *w);
    th->w = w;
    th->cap = cap;
  }
  if (th->w[g].left.n) return *out = &th->w[g], CGT_OK;
  walls w;
  memset(&w, 0, sizeof w);
  cg_dyadic x;
  cgt_rc rc = CGT_OK;
  if (cg_is_number(s, g, &x) && x.exp == 0) {   /* an integer: a mast from -1 */
    w.mean = x;
    w.temp = MINUS_ONE;
    rc = constant(&w.left, x);
    if (rc == CGT_OK) rc = constant(&w.right, x);
  } else {
    const cg_id *L0, *R0;
    uint32_t nl, nr;
    cg_id *opts = NULL;
    traj ls = {0, NULL, NULL, NULL}, rs = {0, NULL, NULL, NULL};
    rc = cg_options(s, g, &L0, &nl, &R0, &nr);
    if (rc == CGT_OK && !(opts = cgt_malloc((nl + nr + 1) * sizeof *opts))) rc = CGT_NOMEM;
    if (rc == CGT_OK) {
      memcpy(opts, L0, nl * sizeof *opts);
      memcpy(opts + nl, R0, nr * sizeof *opts);
      rc = scaffold(s, th, opts, nl, 1, &ls);
    }
    if (rc == CGT_OK) rc = scaffold(s, th, opts + nl, nr, 0, &rs);
    cgt_free(opts);
    /* The temperature: the first t where the left scaffold is <= the right.
    ** Their difference never rises, so it is the least of the candidates:
    ** a breakpoint where it already holds, or the crossing on the piece
    ** that starts at a breakpoint (kept only when it holds there). */
    cg_dyadic t = MINUS_ONE;
    int found = 0;
    for (uint32_t i = 0; rc == CGT_OK && i < ls.n + rs.n + 1; i++) {
      cg_dyadic at = i == 0 ? MINUS_ONE : i <= ls.n ? ls.t[i - 1] : rs.t[i - 1 - ls.n], lv, rv, d, cand;
      if ((rc = eval(&ls, at, &lv)) || (rc = eval(&rs, at, &rv))) break;
      if (cg_dyadic_cmp(lv, rv) <= 0) {
        cand = at;
      } else {
        int sl = ls.slope[piece(&ls, at)], sr = rs.slope[piece(&rs, at)];
        if (sl >= sr) continue;
        if ((rc = dsub(lv, rv, &d)) || (rc = ddiv(d, sr - sl, &d)) || (rc = dadd(at, d, &cand))) break;
        cg_dyadic cl, cr;
        if ((rc = eval(&ls, cand, &cl)) || (rc = eval(&rs, cand, &cr))) break;
        if (cg_dyadic_cmp(cl, cr) > 0) continue;
      }
      if (!found || cg_dyadic_cmp(cand, t) < 0) t = cand, found = 1;
    }
    if (rc == CGT_OK && !found) rc = CGT_TOOBIG;   /* walls that never meet: not a short game */
    /* the smallest such t over all candidates */
    if (rc == CGT_OK) {
      cg_dyadic m;
      rc = eval(&ls, t, &m);
      w.temp = t;
      w.mean = m;
      for (uint32_t i = 0; rc == CGT_OK && i < ls.n && cg_dyadic_cmp(ls.t[i], t) < 0; i++)
        rc = traj_push(&w.left, ls.t[i], ls.v[i], ls.slope[i]);
      for (uint32_t i = 0; rc == CGT_OK && i < rs.n && cg_dyadic_cmp(rs.t[i], t) < 0; i++)
        rc = traj_push(&w.right, rs.t[i], rs.v[i], rs.slope[i]);
      if (rc == CGT_OK) rc = traj_push(&w.left, t, m, 0);
      if (rc == CGT_OK) rc = traj_push(&w.right, t, m, 0);
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
  *out = &th->w[g];
  return CGT_OK;
}

cgt_rc cg_thermograph(cg_store *s, cg_thermo *th, cg_id g, cg_dyadic *mean, cg_dyadic *temperature) {
  walls *w;
  cgt_rc rc = walls_of(s, th, g, &w);
  if (rc == CGT_OK) *mean = w->mean, *temperature = w->temp;
  return rc;
}
