/*
** Printing loopy values in CGSuite's notation (loopy.h).  A canonical
** stopper prints from its start vertex: short followers in CGSuite's short
** notation, on, off, x over and x under by name, the upon forms ^[on],
** ^<on>, v[on], v<on> with their number and nimber parts, and otherwise
** braces, where a move back to the same vertex is "pass" and a move back to
** a vertex being printed names it (a, b, ... z, N1, N2, ... in the order
** the names are first needed) and prints the name before its braces.
** Short options come first in CGSuite's order, then loopy ones in the
** graph's canonical order, so each value has one text.
*/
#include <stdio.h>
#include <string.h>

#include "loopy.h"
#include "pnotation.h"

/* Keeps a helper out of the printer's recursive frames. */
#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

typedef struct buf {
  char *p;
  size_t n, cap;
} buf;

static cgt_rc put_at(buf *b, size_t at, const char *s, size_t len) {
  if (b->n + len + 1 > CG_TEXT_MAX) return CGT_TOOLONG;
  char *p = cgt_grow(b->p, &b->cap, b->n + len + 1, 1, 64);
  if (!p) return CGT_NOMEM;
  b->p = p;
  memmove(p + at + len, p + at, b->n - at);
  memcpy(p + at, s, len);
  b->n += len;
  p[b->n] = 0;
  return CGT_OK;
}
static cgt_rc put(buf *b, const char *s) { return put_at(b, b->n, s, strlen(s)); }

typedef struct printer {
  cg_store *s;
  const lg_graph *g;
  const cg_id *ids;   /* short value of each loopfree vertex */
  int32_t *name;      /* 0 not being printed, -1 being printed, k > 0: named k-th */
  int32_t names;
  int canonical;      /* a canonical stopper (not a side simplified only so far) */
  uint8_t *switches;  /* (canonical) switches[v]: v = -v */
  uint32_t depth, deepest;   /* loopy positions being printed, one inside another */
  buf out;
} printer;

static cgt_rc put_short(printer *P, cg_id id) {
  char *text;
  cgt_rc rc = cg_print(P->s, id, &text);
  if (rc) return rc;
  rc = put(&P->out, text);
  cgt_free(text);
  return rc;
}

static cgt_rc put_number(printer *P, cg_dyadic x) {
  char *text;
  cgt_rc rc = cg_dyadic_text(cg_store_bigs(P->s), x, &text);
  if (rc) return rc;
  rc = put(&P->out, text);
  cgt_free(text);
  return rc;
}

/* The short value of option w seen from the side that negates when neg. */
static cgt_rc view_value(printer *P, uint32_t w, int neg, cg_id *out) {
  if (P->ids[w] == LG_NOID) return *out = LG_NOID, CGT_OK;
  if (!neg) return *out = P->ids[w], CGT_OK;
  return cg_neg(P->s, P->ids[w], out);
}

/* CGSuite's upon forms of v (seen negated when neg): ^[on] is {pass | *},
** x^[on]*k is {pass(, x) | x*(k^1)}, and x^<on>*k is {x*0, ..., x*k |
** -(-x^[on]*(k^1))}.  Sets *x, *nim, *th (1 for ^<on>) and returns 1. */
static NOINLINE int upon_form(printer *P, uint32_t v, int neg, int th_too, cg_dyadic *x, uint32_t *nim, int *th) {
  const lg_graph *g = P->g;
  uint32_t nl = neg ? g->ro[v + 1] - g->ro[v] : g->lo[v + 1] - g->lo[v];
  uint32_t nr = neg ? g->lo[v + 1] - g->lo[v] : g->ro[v + 1] - g->ro[v];
  const uint32_t *L = neg ? g->re + g->ro[v] : g->le + g->lo[v], *R = neg ? g->le + g->lo[v] : g->re + g->ro[v];
  if (nr != 1) return 0;
  cg_id r;
  int64_t ups;
  uint32_t m;
  if (view_value(P, R[0], neg, &r)) return 0;
  if (r != LG_NOID && cg_is_nus(P->s, r, x, &ups, &m) && ups == 0) {
    if (m != 0 && !(nl == 1 && L[0] == v)) return 0;
    if (m == 0) {
      if (nl != 2) return 0;
      uint32_t other = L[0] == v ? L[1] : L[1] == v ? L[0] : v;
      cg_id o;
      cg_dyadic y;
      if (other == v || view_value(P, other, neg, &o) || o == LG_NOID || !cg_is_number(P->s, o, &y) ||
          cg_dyadic_cmp(cg_store_bigs(P->s), y, *x))
        return 0;
    }
    *nim = m ^ 1, *th = 0;
    return 1;
  }
  if (!th_too || r != LG_NOID) return 0;
  cg_dyadic n;
  uint32_t k;
  int inner;
  if (!upon_form(P, R[0], !neg, 0, &n, &k, &inner)) return 0;
  /* Left's options must be exactly -n + *j for j = 0 .. k^1. */
  if (nl != (k ^ 1) + 1) return 0;
  cg_dyadic negn;
  if (cg_dyadic_neg(cg_store_bigs(P->s), n, &negn)) return 0;
  uint64_t seen = 0;
  for (uint32_t i = 0; i < nl; i++) {
    cg_id o;
    cg_dyadic y;
    int64_t u;
    uint32_t j;
    if (view_value(P, L[i], neg, &o) || o == LG_NOID || !cg_is_nus(P->s, o, &y, &u, &j) || u != 0 || j > (k ^ 1) ||
        cg_dyadic_cmp(cg_store_bigs(P->s), y, negn) || (seen >> j & 1))
      return 0;
    seen |= (uint64_t)1 << j;
  }
  *x = negn, *nim = k ^ 1, *th = 1;
  return 1;
}

static cgt_rc print_vertex(printer *P, uint32_t v, int force_brackets, int force_parens, int *slashes);

/* A short option: alone on its side without the braces its bars let go. */
static cgt_rc put_option(printer *P, cg_id id, int lone, int *slashes) {
  char *text;
  int bars = 0;
  cgt_rc rc = lone ? cg_print_lone(P->s, id, &text, &bars) : cg_print(P->s, id, &text);
  if (rc) return rc;
  rc = put(&P->out, text);
  cgt_free(text);
  if (bars > *slashes) *slashes = bars;
  return rc;
}

static cgt_rc print_side(printer *P, uint32_t v, int right, int *slashes) {
  const lg_graph *g = P->g;
  const uint32_t *o = right ? g->ro : g->lo, *d = right ? g->re : g->le;
  uint32_t n = o[v + 1] - o[v];
  cg_id *shorts = cgt_malloc(((size_t)n + 1) * sizeof *shorts);
  if (!shorts) return CGT_NOMEM;
  uint32_t ns = 0;
  for (uint32_t e = o[v]; e < o[v + 1]; e++)
    if (P->ids[d[e]] != LG_NOID) shorts[ns++] = P->ids[d[e]];
  cgt_rc rc = cg_sort_games(P->s, shorts, ns);
  int first = 1;
  for (uint32_t i = 0; i < ns && rc == CGT_OK; i++, first = 0) {   /* short options, in CGSuite's order */
    if (!first) rc = put(&P->out, ",");
    if (rc == CGT_OK) rc = put_option(P, shorts[i], n == 1, slashes);
  }
  for (uint32_t e = o[v]; e < o[v + 1] && rc == CGT_OK; e++) {   /* then loopy ones, in canonical order */
    if (P->ids[d[e]] != LG_NOID) continue;
    if (!first) rc = put(&P->out, ",");
    first = 0;
    int sl = 0;
    if (rc == CGT_OK) rc = d[e] == v ? put(&P->out, "pass") : print_vertex(P, d[e], n > 1, 0, &sl);
    if (sl > *slashes) *slashes = sl;
  }
  cgt_free(shorts);
  return rc;
}

/* The value of the game at vertex v (its follower), canonical. */
static cgt_rc follower_value(printer *P, uint32_t v, lg_value *out) {
  lg_graph f;
  cgt_rc rc = lg_follower(P->s, P->g, v, &f);
  return rc ? rc : lv_stopper(P->s, &f, out);
}

/* Prints value x (a follower's) as an option would be printed alone. */
static cgt_rc put_value(printer *P, const lg_value *x) {
  char *text;
  cgt_rc rc = lv_print(P->s, x, &text);
  if (rc) return rc;
  rc = put(&P->out, text);
  cgt_free(text);
  return rc;
}

/* Whether v may be a switch, v = -v (±G): in canonical form -v's options
** are the negatives of v's, so v needs as many options on each side, and
** each short Left option's negative among the Right ones. */
static cgt_rc might_switch(printer *P, uint32_t v, int *maybe) {
  const lg_graph *g = P->g;
  *maybe = 0;
  if (g->lo[v + 1] - g->lo[v] != g->ro[v + 1] - g->ro[v]) return CGT_OK;
  for (uint32_t e = g->lo[v]; e < g->lo[v + 1]; e++) {
    cg_id l = P->ids[g->le[e]], negl = LG_NOID;
    int found = l == LG_NOID;
    cgt_rc rc = found ? CGT_OK : cg_neg(P->s, l, &negl);
    if (rc) return rc;
    for (uint32_t f = g->ro[v]; f < g->ro[v + 1] && !found; f++) found = P->ids[g->re[f]] == negl;
    if (!found) return CGT_OK;
  }
  *maybe = 1;
  return CGT_OK;
}

/* CGSuite's x Tiny(y) = {x || x | x - y} and x Miny(y) = {x + y | x || x},
** for a plumtree whose y - ... is at least under: found 1 and printed. */
static NOINLINE cgt_rc tiny_miny(printer *P, uint32_t v, int force_parens, int *found) {
  const lg_graph *g = P->g;
  *found = 0;
  if (g->lo[v + 1] - g->lo[v] != 1 || g->ro[v + 1] - g->ro[v] != 1) return CGT_OK;
  uint32_t l = g->le[g->lo[v]], r = g->re[g->ro[v]];
  cg_dyadic x;
  int tiny = P->ids[l] != LG_NOID && cg_is_number(P->s, P->ids[l], &x);
  int miny = !tiny && P->ids[r] != LG_NOID && cg_is_number(P->s, P->ids[r], &x);
  uint32_t inner = tiny ? r : l;   /* {x | inner}: inner = {x | z}; {inner | x}: inner = {z | x} */
  if ((!tiny && !miny) || inner == v || g->lo[inner + 1] - g->lo[inner] != 1 || g->ro[inner + 1] - g->ro[inner] != 1)
    return CGT_OK;
  uint32_t same = tiny ? g->le[g->lo[inner]] : g->re[g->ro[inner]], z = tiny ? g->re[g->ro[inner]] : g->le[g->lo[inner]];
  if (same != (tiny ? l : r)) return CGT_OK;
  lg_graph f;
  cgt_rc rc = lg_follower(P->s, g, v, &f);
  int plumtree = rc ? 0 : lg_test(&f, LG_PLUMTREE);
  lg_free(&f);
  if (rc) return rc;
  if (plumtree <= 0) return plumtree < 0 ? CGT_NOMEM : CGT_OK;
  /* Tiny: z - x <= under, that is z <= x under = {pass | x}; Miny: x - z <=
  ** under, that is x over = {x | pass} <= z.  One comparison of g with the
  ** two-position pseudonumber; the subscript's value only when it is one. */
  lg_builder *b = lg_builder_new(P->s);
  uint32_t u, xs;
  cg_id xid;
  lg_graph pseudo = {0};
  int le = 0;
  rc = b ? cg_number(P->s, x, &xid) : CGT_NOMEM;
  if (rc == CGT_OK) rc = lg_vertex(b, &u);
  if (rc == CGT_OK) rc = lg_short(b, xid, &xs);
  if (rc == CGT_OK) rc = lg_edge(b, u, u, tiny ? 0 : 1);   /* the pass */
  if (rc == CGT_OK) rc = lg_edge(b, u, xs, tiny ? 1 : 0);
  if (rc == CGT_OK) rc = lg_build(b, u, &pseudo);
  lg_builder_free(b);
  if (rc == CGT_OK) {
    size_t pairs = (size_t)g->n * pseudo.n;
    uint8_t *table = cgt_malloc(pairs + 1);
    rc = !table ? CGT_NOMEM : tiny ? lg_le_table(P->s, g, &pseudo, LG_SURVIVE, table) : lg_le_table(P->s, &pseudo, g, LG_SURVIVE, table);
    if (rc == CGT_OK) le = tiny ? table[(size_t)z * pseudo.n + pseudo.root] : table[(size_t)pseudo.root * g->n + z];
    cgt_free(table);
  }
  lg_free(&pseudo);
  if (rc || !le) return rc;
  lg_value zv = {0}, xv = {.kind = LV_SHORT, .id = xid}, nz = {0}, sub = {0};
  rc = follower_value(P, z, &zv);   /* the subscript: x - z (Tiny) or z - x (Miny) */
  if (rc == CGT_OK) rc = tiny ? lv_neg(P->s, &zv, &nz) : lv_neg(P->s, &xv, &nz);
  if (rc == CGT_OK) rc = lv_add(P->s, tiny ? &xv : &zv, &nz, &sub);
  *found = rc == CGT_OK;
  if (rc == CGT_OK && force_parens) rc = put(&P->out, "(");
  if (rc == CGT_OK && !cg_dyadic_is_zero(x)) rc = put_number(P, x);
  if (rc == CGT_OK) rc = put(&P->out, tiny ? "Tiny(" : "Miny(");
  if (rc == CGT_OK) rc = put_value(P, &sub);
  if (rc == CGT_OK) rc = put(&P->out, force_parens ? "))" : ")");
  lv_free(&zv);
  lv_free(&nz);
  lv_free(&sub);
  return rc;
}

/* The most bars CGSuite's nesting uses before braces. */
#define MAX_SLASHES 4

static cgt_rc put_label(printer *P, size_t at, int k) {
  char label[24];
  if (k < 26) snprintf(label, sizeof label, "%c", 'a' + k);
  else snprintf(label, sizeof label, "N%d", k - 25);
  return put_at(&P->out, at, label, strlen(label));
}

/* The named forms of vertex v, printed when it has one (*done 1): short
** games, pseudonumbers, switches, Tiny and Miny, the upon forms.  Kept
** out of print_vertex so that the recursion's frames stay small. */
static NOINLINE cgt_rc print_named(printer *P, uint32_t v, int force_parens, int *done) {
  const lg_graph *g = P->g;
  *done = 1;
  if (P->ids[v] != LG_NOID) return put_short(P, P->ids[v]);
  uint32_t nl = g->lo[v + 1] - g->lo[v];
  lg_pseudo ps;
  if (lg_vertex_pseudo(P->s, g, P->ids, v, &ps)) {   /* on, off, x over, x under */
    int parens = force_parens && ps.tilt && !cg_dyadic_is_zero(ps.x);
    char *text;
    cgt_rc rc = lv_pseudo_text(P->s, &ps, &text);
    if (rc) return rc;
    rc = parens ? put(&P->out, "(") : CGT_OK;
    if (rc == CGT_OK) rc = put(&P->out, text);
    cgt_free(text);
    return rc || !parens ? rc : put(&P->out, ")");
  }
  cg_dyadic x = {0, 0, 0};
  if (!P->name[v] && P->canonical) {   /* (a vertex being printed is named, by print_vertex) */
    int found = 0;
    cgt_rc rc = CGT_OK;
    if (P->switches && P->switches[v]) {   /* +-G, +-{G, H} */
      rc = put(&P->out, nl > 1 ? "+-{" : "+-");
      P->name[v] = -1;
      for (uint32_t e = g->lo[v]; e < g->lo[v + 1] && rc == CGT_OK; e++) {
        uint32_t w = g->le[e];
        int sl;
        if (e > g->lo[v]) rc = put(&P->out, ",");
        if (rc == CGT_OK) rc = P->ids[w] != LG_NOID ? put_short(P, P->ids[w]) : print_vertex(P, w, 1, nl == 1, &sl);
      }
      P->name[v] = 0;
      return rc || nl <= 1 ? rc : put(&P->out, "}");
    }
    if ((rc = tiny_miny(P, v, force_parens, &found)) || found) return rc;
  }
  uint32_t nim;
  int th, neg = 0;
  if (upon_form(P, v, 0, 1, &x, &nim, &th) || (neg = upon_form(P, v, 1, 1, &x, &nim, &th)) != 0) {
    int parens = force_parens && (!cg_dyadic_is_zero(x) || nim >= 1);   /* +-(5v<on>), not (+-5)+v<on> */
    cgt_rc rc = parens ? put(&P->out, "(") : CGT_OK;
    if (rc == CGT_OK && neg) rc = cg_dyadic_neg(cg_store_bigs(P->s), x, &x);
    if (rc == CGT_OK && !cg_dyadic_is_zero(x)) rc = put_number(P, x);
    if (rc == CGT_OK) rc = put(&P->out, neg ? (th ? "v<on>" : "v[on]") : (th ? "^<on>" : "^[on]"));
    if (rc == CGT_OK && nim >= 1) {
      char star[16];
      snprintf(star, sizeof star, nim >= 2 ? "*%u" : "*", nim);
      rc = put(&P->out, star);
    }
    return rc || !parens ? rc : put(&P->out, ")");
  }
  *done = 0;
  return CGT_OK;
}

static cgt_rc print_vertex(printer *P, uint32_t v, int force_brackets, int force_parens, int *slashes) {
  const lg_graph *g = P->g;
  int done;
  *slashes = 0;
  cgt_rc rc = print_named(P, v, force_parens, &done);
  if (rc || done) return rc;
  if (P->name[v]) {   /* a vertex being printed: its name */
    if (P->name[v] < 0) P->name[v] = ++P->names;
    return put_label(P, P->out.n, P->name[v] - 1);
  }
  if (P->depth >= LG_PRINT_DEPTH) return CGT_TOODEEP;   /* (more than lv_parse reads back) */
  if ((rc = cg_descend(P->s))) return rc;
  if (++P->depth > P->deepest) P->deepest = P->depth;
  P->name[v] = -1;
  size_t start = P->out.n;
  int sl = 0;
  rc = print_side(P, v, 0, &sl);
  size_t mid = P->out.n;
  if (rc == CGT_OK) rc = print_side(P, v, 1, &sl);
  int named = P->name[v] > 0, k = P->name[v] - 1;
  P->name[v] = 0;
  P->depth--;
  cg_ascend(P->s);
  int n = sl + 1 < 63 ? sl + 1 : 63;
  int brackets = force_brackets || named || g->lo[v + 1] == g->lo[v] || g->ro[v + 1] == g->ro[v] || n >= MAX_SLASHES;
  for (int i = 0; i < n && rc == CGT_OK; i++) rc = put_at(&P->out, mid, "|", 1);
  if (rc == CGT_OK && brackets) rc = put(&P->out, "}");
  if (rc == CGT_OK && brackets) rc = put_at(&P->out, start, "{", 1);
  if (rc == CGT_OK && named) rc = put_label(P, start, k);
  *slashes = brackets ? 0 : n;
  return rc;
}

/* switches[v]: whether vertex v of canonical stopper g is a switch, v = -v:
** by comparing g with -g, every pair at once (only when some vertex may be
** one: as many options on each side, short ones in negated pairs). */
static cgt_rc find_switches(printer *P, uint8_t **switches) {
  const lg_graph *g = P->g;
  uint32_t n = g->n, candidates = 0;
  *switches = NULL;
  for (uint32_t v = 0; v < n; v++) {
    int maybe = 0;
    cgt_rc rc = P->ids[v] == LG_NOID ? might_switch(P, v, &maybe) : CGT_OK;
    if (rc) return rc;
    candidates += maybe;
  }
  if (!candidates) return CGT_OK;
  lg_graph neg;
  uint8_t *a = cgt_malloc((size_t)n * n + 1), *b = cgt_malloc((size_t)n * n + 1);
  *switches = cgt_calloc((size_t)n + 1, 1);
  cgt_rc rc = a && b && *switches ? lg_negate(g, &neg) : CGT_NOMEM;
  if (rc == CGT_OK) {
    rc = lg_le_table(P->s, g, &neg, LG_SURVIVE, a);   /* v <= -w */
    if (rc == CGT_OK) rc = lg_le_table(P->s, &neg, g, LG_SURVIVE, b);   /* -v <= w */
    lg_free(&neg);
  }
  for (uint32_t v = 0; v < n && rc == CGT_OK; v++)
    (*switches)[v] = P->ids[v] == LG_NOID && a[(size_t)v * n + v] && b[(size_t)v * n + v];
  cgt_free(a);
  cgt_free(b);
  if (rc) {
    cgt_free(*switches);
    *switches = NULL;
  }
  return rc;
}

static cgt_rc print_stopper(cg_store *s, const lg_graph *g, int canonical, buf *out) {
  printer P = {s, g, cgt_malloc(((size_t)g->n + 1) * sizeof(cg_id)), cgt_calloc((size_t)g->n + 1, sizeof(int32_t)), 0,
               canonical, NULL, 0, 0, *out};
  cgt_rc rc = P.ids && P.name ? lg_short_values(s, g, (cg_id *)P.ids) : CGT_NOMEM;
  if (rc == CGT_OK && canonical) rc = find_switches(&P, &P.switches);
  int sl;
  if (rc == CGT_OK) rc = print_vertex(&P, g->root, 1, 0, &sl);
  *out = P.out;
  cgt_free((void *)P.ids);
  cgt_free(P.name);
  cgt_free(P.switches);
  return rc;
}

/* Whether g's start is on (inf 1) or off (-1). */
static int is_pseudo_inf(cg_store *s, const lg_graph *g, int inf) {
  lg_pseudo p;
  return lg_vertex_pseudo(s, g, NULL, g->root, &p) && p.inf == inf;
}

cgt_rc lv_print(cg_store *s, const lg_value *v, char **text) {
  if (v->kind == LV_SHORT) return cg_print(s, v->id, text);
  buf out = {0};
  cgt_rc rc;
  if (v->kind == LV_SIDED && is_pseudo_inf(s, &v->on, 1) && is_pseudo_inf(s, &v->off, -1)) {
    rc = put(&out, "dud");
  } else {
    rc = print_stopper(s, &v->on, !(v->loose & LV_LOOSE_ON), &out);
    if (rc == CGT_OK && v->kind == LV_SIDED) rc = put(&out, " & ");
    if (rc == CGT_OK && v->kind == LV_SIDED) rc = print_stopper(s, &v->off, !(v->loose & LV_LOOSE_OFF), &out);
  }
  if (rc == CGT_OK && !out.p) rc = put(&out, "");
  if (rc) {
    cgt_free(out.p);
    return rc;
  }
  *text = out.p;
  return CGT_OK;
}

cgt_rc lv_pseudo_text(cg_store *s, const lg_pseudo *p, char **text) {
  buf out = {0};
  cgt_rc rc = CGT_OK;
  if (p->inf) rc = put(&out, p->inf > 0 ? "on" : "off");
  else {
    char *x;
    if (!cg_dyadic_is_zero(p->x) || !p->tilt) {
      if ((rc = cg_dyadic_text(cg_store_bigs(s), p->x, &x))) return rc;
      rc = put(&out, x);
      cgt_free(x);
    }
    if (rc == CGT_OK && p->tilt) rc = put(&out, p->tilt > 0 ? "over" : "under");
  }
  if (rc) cgt_free(out.p);
  else *text = out.p;
  return rc;
}
