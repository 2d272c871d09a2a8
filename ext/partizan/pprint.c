/* Printing canonical games in CGSuite's notation; see pnotation.h. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnotation.h"
#include "pthermo.h"
#include "pmemo.h"
#include "puptimal.h"

/* Parsing nests a little deeper than printing (the innermost atoms, the
** parentheses of +-(1*)): printing stops this far from the parser's limit. */
#define PARSE_MARGIN 4

/* A general game's text as printed once, copied when the game comes again
** (a sum's subgames come again and again: its text is its tree of options,
** where the store keeps a graph). */
typedef struct kept {
  size_t at, len;    /* in the arena */
  uint32_t depth;    /* how many nestings below its own the text reaches */
} kept;

/* The most bytes of kept texts; past it, games are printed anew. */
#define KEPT_MAX ((size_t)32 << 20)

typedef struct text {
  char *p;
  size_t n, cap;
  cgt_rc err;      /* CGT_NOMEM or CGT_INTERRUPTED once a put failed */
  uint32_t nest;   /* games printed one inside another: at most CG_PARSE_DEPTH, so the text parses back */
  uint32_t deepest;   /* the deepest nest reached by the game being printed */
  cg_store *s;     /* charged for the bytes written (copying side texts into a game's text is work) */
  struct sorter *o;   /* the uptimals and sorted option lists met so far */
  memo seen;          /* game -> its entry in kept */
  memo bars;          /* game -> its bars (bars_of) */
  kept *kept;
  size_t nkept, capkept;
  char *arena;
  size_t narena, caparena;
  cg_thermo *th;      /* made when a mean is first needed */
} text;

/* Makes room for len more bytes (and a final NUL) at the end of t, charging
** the bytes that will be written or moved; 0 once t has failed. */
static int reserve(text *t, size_t len) {
  if (t->err) return 0;
  if (t->n + len > CG_TEXT_MAX) {   /* longer could not be read back */
    t->err = CGT_TOOLONG;
    return 0;
  }
  if (cg_work(t->s, 1 + (uint64_t)len / 16)) {
    t->err = CGT_INTERRUPTED;
    return 0;
  }
  char *p = cgt_grow(t->p, &t->cap, t->n + len + 1, 1, 64);
  if (!p) {
    t->err = CGT_NOMEM;
    return 0;
  }
  t->p = p;
  return 1;
}

/* Appends the len bytes at b. */
static void put_bytes(text *t, const char *b, size_t len) {
  if (!reserve(t, len)) return;
  memcpy(t->p + t->n, b, len);
  t->n += len;
  t->p[t->n] = 0;
}

static void put_str(text *t, const char *str) { put_bytes(t, str, strlen(str)); }

/* Appends n in decimal. */
static void put_uint(text *t, uint64_t n) {
  char buf[24], *p = buf + sizeof buf;
  do *--p = (char)('0' + n % 10); while (n /= 10);
  put_bytes(t, p, (size_t)(buf + sizeof buf - p));
}

/* Appends formatted text (short: the atoms of the notation). */
static void put(text *t, const char *fmt, ...) {
  char buf[64];
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (len < 0) return;
  if ((size_t)len < sizeof buf) {
    put_bytes(t, buf, (size_t)len);
    return;
  }
  if (!reserve(t, (size_t)len)) return;
  va_start(ap, fmt);
  vsnprintf(t->p + t->n, (size_t)len + 1, fmt, ap);
  va_end(ap);
  t->n += (size_t)len;
}

/* Inserts count copies of c at offset at, moving what follows. */
static void insert(text *t, size_t at, char c, size_t count) {
  size_t tail = t->n - at;
  if (!reserve(t, count + tail)) return;   /* the moved bytes are work too */
  memmove(t->p + at + count, t->p + at, tail);
  memset(t->p + at, c, count);
  t->n += count;
  t->p[t->n] = 0;
}

/* Puts open and close around what was printed since mark. */
static cgt_rc wrap(text *t, size_t mark, char open, char close) {
  insert(t, mark, open, 1);
  put_bytes(t, &close, 1);
  return t->err;
}

static void put_number(cg_store *s, text *t, cg_dyadic x) {
  char *digits;
  if (cg_dyadic_text(cg_store_bigs(s), x, &digits) != CGT_OK) {
    t->err = CGT_NOMEM;
    return;
  }
  put_str(t, digits);
  cgt_free(digits);
}

static void put_nus(cg_store *s, text *t, cg_dyadic x, int64_t ups, uint32_t star) {
  int any = 0;
  if (!cg_dyadic_is_zero(x)) put_number(s, t, x), any = 1;
  if (ups) {   /* ^, ^^, ^3, ...: CGSuite writes two ups as ^^ */
    const char *one = ups > 0 ? "^" : "v";
    uint64_t n = (uint64_t)(ups > 0 ? ups : -ups);
    put_str(t, one);
    if (n == 2) put_str(t, one);
    else if (n > 2) put_uint(t, n);
    any = 1;
  }
  if (star) {
    put_str(t, "*");
    if (star > 1) put_uint(t, star);
    any = 1;
  }
  if (!any) put_str(t, "0");
}

/* The uptimals with a compact form of more than one place: units
** x^<k>*m (one nonzero coefficient, +-1, the last) and unit sums x^[k]*m
** (all +1 or all -1): '<' or '[' for them, 0 for any other expansion and
** for k past what the parser reads (those print in braces and read back). */
static char compact_kind(const cg_expansion *e) {
  uint32_t k = e->len;
  if (k < 2 || k > CG_UPTIMAL_MAX || (e->a[k - 1] != 1 && e->a[k - 1] != -1)) return 0;
  int unit = 1, unit_sum = 1;
  for (uint32_t i = 0; i + 1 < k; i++) {
    if (e->a[i] != 0) unit = 0;
    if (e->a[i] != e->a[k - 1]) unit_sum = 0;
  }
  return unit ? '<' : unit_sum ? '[' : 0;
}

/* x^<k>*m, xv[k]*m, ...: number, arrow with the length, star. */
static void put_uptimal(cg_store *s, text *t, const cg_expansion *e, char kind) {
  if (!cg_dyadic_is_zero(e->x)) put_number(s, t, e->x);
  put(t, "%s%c%u%c", e->a[e->len - 1] > 0 ? "^" : "v", kind, e->len, kind == '<' ? '>' : ']');
  if (e->star) put_str(t, "*");
  if (e->star > 1) put_uint(t, e->star);
}

static cgt_rc print(cg_store *s, cg_id g, text *t);
static cgt_rc print_braced(cg_store *s, cg_id g, text *t);

/* The mean of g (numbers are their own), by thermographs kept for the
** whole print (a chain of Tiny-like games asks its every level). */
static cgt_rc mean_of(cg_store *s, text *t, cg_id g, cg_dyadic *m) {
  if (cg_is_number(s, g, m)) return CGT_OK;
  if (!t->th && !(t->th = cg_thermo_new())) return CGT_NOMEM;
  cg_dyadic temp;
  return cg_thermograph(s, t->th, g, m, &temp);
}

/* CGSuite's x Tiny(z) and x Miny(z): g = {x | {x | y}} with x a number and
** mean(y) < x is x + Tiny(x - y); g = {{y | x} | x} with mean(y) > x is
** x + Miny(y - x).  Sets *found, *miny, *x and *z when g is one. */
static cgt_rc tiny_miny(cg_store *s, text *t, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, int *found,
                        int *miny, cg_dyadic *x, cg_id *z) {
  *found = 0;
  if (nl != 1 || nr != 1) return CGT_OK;
  for (*miny = 0; *miny <= 1; ++*miny) {
    cg_id xid = *miny ? R[0] : L[0], h = *miny ? L[0] : R[0];
    cg_dyadic m;
    const cg_id *hl, *hr;
    uint32_t hnl, hnr;
    if (!cg_is_number(s, xid, x) || cg_is_number(s, h, NULL)) continue;
    cgt_rc rc = cg_options(s, h, &hl, &hnl, &hr, &hnr);
    if (rc) return rc;
    if (hnl != 1 || hnr != 1 || (*miny ? hr[0] : hl[0]) != xid) continue;
    cg_id y = *miny ? hl[0] : hr[0], negx;
    if ((rc = mean_of(s, t, y, &m))) return rc;
    if (*miny ? cg_dyadic_cmp(cg_store_bigs(s), m, *x) <= 0 : cg_dyadic_cmp(cg_store_bigs(s), m, *x) >= 0) continue;
    cg_dyadic nx;
    if ((rc = cg_dyadic_neg(cg_store_bigs(s), *x, &nx)) || (rc = cg_number(s, nx, &negx))) return rc;
    if (*miny) rc = cg_add(s, y, negx, z);   /* y - x */
    else if ((rc = cg_neg(s, y, z)) == CGT_OK) rc = cg_add(s, *z, xid, z);   /* x - y */
    if (rc) return rc;
    *found = 1;
    return CGT_OK;
  }
  return CGT_OK;
}

/* ---- the order of options (CGSuite's): numbers ascending, nimbers
** ascending, other uptimals (x + n.^ + *m among them) by their expansions,
** then the rest by their sorted Left options, then Right options ---- */

typedef struct rank {
  int cls;            /* 0 number, 1 nimber, 2 uptimal (x + n.^ + *m too), 3 other */
  int compact;        /* an uptimal printed without braces */
  cg_expansion e;     /* classes 0 to 2 */
  int64_t ups;        /* the coefficient of x + n.^ + *m (e.a points into the uptimal memo otherwise) */
} rank;

/* The i-th coefficient of r's expansion. */
static int64_t coefficient(const rank *r, uint32_t i) { return r->e.a ? r->e.a[i] : r->ups; }

static cgt_rc rank_of(cg_store *s, cg_uptimal *u, cg_id g, rank *r) {
  memset(r, 0, sizeof *r);
  r->compact = 1;
  if (cg_is_number(s, g, &r->e.x)) return r->cls = 0, CGT_OK;
  if (cg_is_nimber(s, g, &r->e.star)) return r->cls = 1, CGT_OK;
  if (cg_is_nus(s, g, &r->e.x, &r->ups, &r->e.star)) return r->cls = 2, r->e.len = r->ups != 0, CGT_OK;
  int found;
  cgt_rc rc = cg_uptimal_of(u, g, &found, &r->e);
  r->cls = found ? 2 : 3;
  r->compact = found && compact_kind(&r->e);
  return rc;
}

/* The sorted option lists met in one print (or sort), each sorted once:
** a game's entry in ids is [nl, nr, L..., R...].  Entries are reached by
** offset, since ids moves when it grows. */
typedef struct sorter {
  cg_uptimal *u;
  memo at;        /* game -> offset of its entry in ids */
  cg_id *ids;
  size_t n, cap;
} sorter;

/* The most ids kept (1 GB): a print that needs more fails with CGT_TOOBIG. */
#define SORTER_IDS_MAX ((size_t)1 << 28)

static void sorter_free(sorter *o) {
  cg_uptimal_free(o->u);
  memo_free(&o->at);
  cgt_free(o->ids);
}

static cgt_rc sort_options(cg_store *s, sorter *o, cg_id *v, uint32_t n);

/* The offset in o->ids of g's entry, sorting its options when first met. */
static cgt_rc sorted_options(cg_store *s, sorter *o, cg_id g, size_t *at) {
  cg_id v;
  if (memo_get(&o->at, g, &v)) return *at = v, CGT_OK;
  const cg_id *L, *R;
  uint32_t nl, nr;
  cgt_rc rc = cg_options(s, g, &L, &nl, &R, &nr);
  if (rc) return rc;
  size_t len = 2 + (size_t)nl + nr;
  if (o->n + len > SORTER_IDS_MAX) return CGT_TOOBIG;
  cg_id *e = cgt_malloc(len * sizeof *e);
  if (!e) return CGT_NOMEM;
  e[0] = nl;
  e[1] = nr;
  memcpy(e + 2, L, nl * sizeof *e);
  memcpy(e + 2 + nl, R, nr * sizeof *e);
  rc = sort_options(s, o, e + 2, nl);   /* may add entries of other games */
  if (rc == CGT_OK) rc = sort_options(s, o, e + 2 + nl, nr);
  if (rc == CGT_OK) {
    cg_id *ids = cgt_grow(o->ids, &o->cap, o->n + len, sizeof *ids, 1024);
    if (!ids) rc = CGT_NOMEM;
    else o->ids = ids;
  }
  if (rc == CGT_OK) rc = memo_put(&o->at, g, (cg_id)o->n);
  if (rc == CGT_OK) {
    memcpy(o->ids + o->n, e, len * sizeof *e);
    *at = o->n;
    o->n += len;
  }
  cgt_free(e);
  return rc;
}

/* -1, 0 or 1 as a (ranked ra) comes before, with or after b (ranked rb). */
static cgt_rc order_general(cg_store *s, sorter *o, cg_id a, cg_id b, int *cmp);

static cgt_rc order(cg_store *s, sorter *o, cg_id a, const rank *ra, cg_id b, const rank *rb, int *cmp) {
  *cmp = 0;
  if (a == b) return CGT_OK;
  if (ra->cls != rb->cls) return *cmp = ra->cls < rb->cls ? -1 : 1, CGT_OK;
  if (ra->cls < 3) {   /* by number, coefficients, length, nimber (CGSuite's UptimalExpansion.compareTo) */
    int c = cg_dyadic_cmp(cg_store_bigs(s), ra->e.x, rb->e.x);
    for (uint32_t i = 0; !c && i < ra->e.len && i < rb->e.len; i++) {
      int64_t x = coefficient(ra, i), y = coefficient(rb, i);
      c = (x > y) - (x < y);
    }
    if (!c) c = (ra->e.len > rb->e.len) - (ra->e.len < rb->e.len);
    if (!c) c = (ra->e.star > rb->e.star) - (ra->e.star < rb->e.star);
    return *cmp = c, CGT_OK;
  }
  cgt_rc rc = cg_descend(s);
  if (rc) return rc;
  rc = order_general(s, o, a, b, cmp);
  cg_ascend(s);
  return rc;
}

/* Two general games: by their sorted Left options, then Right options. */
static cgt_rc order_general(cg_store *s, sorter *o, cg_id a, cg_id b, int *cmp) {
  size_t ea, eb;
  cgt_rc rc = sorted_options(s, o, a, &ea);
  if (rc == CGT_OK) rc = sorted_options(s, o, b, &eb);
  for (int side = 0; side < 2 && *cmp == 0 && rc == CGT_OK; side++) {   /* Left lists, then Right lists */
    uint32_t ma = o->ids[ea + side], mb = o->ids[eb + side];
    size_t fa = ea + 2 + (side ? o->ids[ea] : 0), fb = eb + 2 + (side ? o->ids[eb] : 0);
    uint32_t common = ma < mb ? ma : mb;
    for (uint32_t i = 0; rc == CGT_OK && *cmp == 0 && i < common; i++) {
      cg_id x = o->ids[fa + i], y = o->ids[fb + i];   /* (read before o->ids may move) */
      rank rx, ry;
      if ((rc = rank_of(s, o->u, x, &rx)) == CGT_OK && (rc = rank_of(s, o->u, y, &ry)) == CGT_OK)
        rc = order(s, o, x, &rx, y, &ry, cmp);
    }
    if (rc == CGT_OK && *cmp == 0) *cmp = (ma > mb) - (ma < mb);   /* a proper prefix first */
  }
  return rc;
}

/* Sorts v[0..n) by that order, ranking each option once (ranking looks for
** a number + ups + star form, which is not cheap).  Insertion sort: option
** lists are short. */
static cgt_rc sort_options(cg_store *s, sorter *o, cg_id *v, uint32_t n) {
  if (n < 2) return CGT_OK;
  rank *rk = cgt_malloc(n * sizeof *rk);
  if (!rk) return CGT_NOMEM;
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) rc = rank_of(s, o->u, v[i], &rk[i]);
  for (uint32_t i = 1; i < n && rc == CGT_OK; i++)
    for (uint32_t j = i; j > 0; j--) {
      int c;
      if ((rc = order(s, o, v[j - 1], &rk[j - 1], v[j], &rk[j], &c)) || c <= 0) break;
      cg_id x = v[j];
      v[j] = v[j - 1];
      v[j - 1] = x;
      rank r = rk[j];
      rk[j] = rk[j - 1];
      rk[j - 1] = r;
    }
  cgt_free(rk);
  return rc;
}

static int is_negation(cg_store *s, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, cgt_rc *rc) {
  if (nl != nr || nl == 0) return 0;
  for (uint32_t i = 0; i < nl; i++) {
    cg_id neg;
    if ((*rc = cg_neg(s, L[i], &neg)) != CGT_OK) return 0;
    int hit = 0;
    for (uint32_t j = 0; j < nr && !hit; j++) hit = R[j] == neg;
    if (!hit) return 0;
  }
  return 1;
}

/* 1 when g prints as an atom: a number + ups + star, or a compact uptimal. */
static cgt_rc atomic(cg_store *s, text *t, cg_id g, int *yes) {
  cg_dyadic x;
  uint32_t k;
  int64_t ups;
  *yes = 1;
  if (cg_is_nus(s, g, &x, &ups, &k)) return CGT_OK;
  int found;
  cg_expansion e;
  cgt_rc rc = cg_uptimal_of(t->o->u, g, &found, &e);
  *yes = found && compact_kind(&e);
  return rc;
}

/* The bars of g's outermost level as print writes it (0 for atoms, +-,
** Tiny and Miny, and for four bars, which CGSuite puts in braces): one more
** than a lone option's on either side.  Known before g is printed, so that
** its bars and braces are written in order, never inserted (moving all
** printed after them, once for every level of a deep game). */
static cgt_rc bars_of(cg_store *s, text *t, cg_id g, int *bars) {
  cg_id v;
  int yes;
  *bars = 0;
  if (memo_get(&t->bars, g, &v)) return *bars = (int)v, CGT_OK;
  cgt_rc rc = atomic(s, t, g, &yes);
  if (rc || yes) return rc;
  size_t at;
  if ((rc = cg_descend(s))) return rc;
  if ((rc = sorted_options(s, t->o, g, &at))) goto done;
  uint32_t nl = t->o->ids[at], nr = t->o->ids[at + 1];
  const cg_id *L = t->o->ids + at + 2, *R = L + nl;
  int found = is_negation(s, L, nl, R, nr, &rc), miny;
  cg_dyadic x;
  cg_id z, lone[2] = {nl == 1 ? L[0] : UINT32_MAX, nr == 1 ? R[0] : UINT32_MAX};
  if (rc || found || (rc = tiny_miny(s, t, L, nl, R, nr, &found, &miny, &x, &z)) || found) goto done;
  int side[2] = {0, 0};   /* (L and R may move: sorted_options below grows the ids) */
  for (int i = 0; i < 2 && !rc; i++)
    if (lone[i] != UINT32_MAX) rc = bars_of(s, t, lone[i], &side[i]);
  if (!rc) *bars = ((side[0] > side[1] ? side[0] : side[1]) + 1) % 4;
done:
  cg_ascend(s);
  return rc ? rc : memo_put(&t->bars, g, (cg_id)*bars);
}

/* Prints g so that it can stand as one option in a list: atomic forms as
** they are, general games in braces. */
static cgt_rc print_braced(cg_store *s, cg_id g, text *t) {
  int braced;
  cgt_rc rc = bars_of(s, t, g, &braced);
  if (rc) return rc;
  if (braced) put_str(t, "{");
  if ((rc = print(s, g, t)) == CGT_OK && braced) put_str(t, "}");
  return rc ? rc : t->err;
}

/* The one argument of +-: in parentheses when it is a compact form of more
** than one part (1*, ^*, 1Tiny(1)), in braces when it is a general game. */
static cgt_rc print_pm_argument(cg_store *s, cg_id g, text *t) {
  rank r;
  cgt_rc rc = rank_of(s, t->o->u, g, &r);
  if (rc) return rc;
  int parts = !cg_dyadic_is_zero(r.e.x) + (r.e.len != 0) + (r.e.star != 0);
  size_t mark = t->n;
  rc = print_braced(s, g, t);
  /* a general game printed without braces can only be x Tiny(y) or x Miny(y) */
  int compound = (r.cls == 2 && r.compact && parts > 1) ||
                 (r.cls == 3 && t->n > mark && (isdigit((unsigned char)t->p[mark]) || t->p[mark] == '-'));
  if (rc == CGT_OK && compound) rc = wrap(t, mark, '(', ')');
  return rc;
}

/* One side: a lone option bare (its bars count, bars_of), several in braces. */
static cgt_rc print_side(cg_store *s, const cg_id *opt, uint32_t n, text *t) {
  if (n == 1) return print(s, opt[0], t);
  for (uint32_t i = 0; i < n; i++) {
    if (i) put_str(t, ",");
    cgt_rc rc = print_braced(s, opt[i], t);
    if (rc) return rc;
  }
  return CGT_OK;
}


/* Prints g, a game that is not an atom (its bars: bars_of). */
static cgt_rc print_general(cg_store *s, cg_id g, text *t);

/* Keeps the text of general game g, printed from mark on, for its next
** time (depth: see kept); not when past KEPT_MAX or out of memory. */
static cgt_rc keep(text *t, cg_id g, size_t mark, uint32_t depth) {
  size_t len = t->n - mark;
  if (t->narena + len > KEPT_MAX || t->nkept >= UINT32_MAX - 1) return CGT_OK;
  if (cg_work(t->s, 1 + (uint64_t)len / 16)) return CGT_INTERRUPTED;
  char *arena = cgt_grow(t->arena, &t->caparena, t->narena + len, 1, 4096);
  if (!arena) return CGT_OK;
  t->arena = arena;
  kept *k = cgt_grow(t->kept, &t->capkept, t->nkept + 1, sizeof *k, 64);
  if (!k) return CGT_OK;
  t->kept = k;
  if (memo_put(&t->seen, g, (cg_id)t->nkept) != CGT_OK) return CGT_OK;
  memcpy(t->arena + t->narena, t->p + mark, len);
  t->kept[t->nkept++] = (kept){t->narena, len, depth};
  t->narena += len;
  return CGT_OK;
}

static cgt_rc print(cg_store *s, cg_id g, text *t) {
  cg_dyadic x;
  uint32_t k = 0;
  int64_t ups = 0;
  if (cg_is_nus(s, g, &x, &ups, &k)) return put_nus(s, t, x, ups, k), t->err;
  int found;
  cg_expansion e;
  cgt_rc rc = cg_uptimal_of(t->o->u, g, &found, &e);
  if (rc) return rc;
  char kind = found ? compact_kind(&e) : 0;
  if (kind) return put_uptimal(s, t, &e, kind), t->err;
  cg_id i;
  /* printed before: its text again, unless it would now nest too deep
  ** (printed anew, that fails where it does) */
  if (memo_get(&t->seen, g, &i) && t->nest + t->kept[i].depth + PARSE_MARGIN < CG_PARSE_DEPTH) {
    const kept *was = &t->kept[i];
    if (t->nest + was->depth > t->deepest) t->deepest = t->nest + was->depth;
    put_bytes(t, t->arena + was->at, was->len);
    return t->err;
  }
  if (t->nest + PARSE_MARGIN >= CG_PARSE_DEPTH) return CGT_TOODEEP;
  rc = cg_descend(s);
  if (rc) return rc;
  size_t mark = t->n;
  uint32_t own = t->nest, outer = t->deepest;
  t->deepest = own;
  t->nest++;
  rc = print_general(s, g, t);
  t->nest--;
  cg_ascend(s);
  if (rc == CGT_OK) rc = t->err ? t->err : keep(t, g, mark, t->deepest - own);
  if (outer > t->deepest) t->deepest = outer;
  return rc;
}

/* A game that is not a number + ups + star. */
static cgt_rc print_general(cg_store *s, cg_id g, text *t) {
  int found;
  cgt_rc rc;
  size_t at;
  if ((rc = sorted_options(s, t->o, g, &at))) return rc;
  /* a copy: printing the options may move t->o->ids */
  uint32_t nl = t->o->ids[at], nr = t->o->ids[at + 1];
  cg_id *L = cgt_malloc((nl + nr + 1) * sizeof *L), *R = L + nl;
  if (!L) return CGT_NOMEM;
  memcpy(L, t->o->ids + at + 2, (nl + nr) * sizeof *L);
  int pm = is_negation(s, L, nl, R, nr, &rc);
  if (rc) {   /* a failed negation must not print another form */
    cgt_free(L);
    return rc;
  }
  if (pm) {   /* +-x, +-(1*), +-{a,b} */
    put_str(t, "+-");
    if (nl == 1) rc = print_pm_argument(s, L[0], t);
    else {
      put_str(t, "{");
      for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) {
        if (i) put_str(t, ",");
        rc = print_braced(s, L[i], t);
      }
      put_str(t, "}");
    }
    cgt_free(L);
    return rc;
  }
  int miny;
  cg_dyadic x;
  cg_id z;
  if ((rc = tiny_miny(s, t, L, nl, R, nr, &found, &miny, &x, &z)) == CGT_OK && found) {
    if (!cg_dyadic_is_zero(x)) put_number(s, t, x);
    put_str(t, miny ? "Miny(" : "Tiny(");
    rc = print_braced(s, z, t);
    put_str(t, ")");
  }
  if (rc || found) {
    cgt_free(L);
    return rc ? rc : t->err;
  }
  /* {L|R}, one bar more than the bare options inside; CGSuite braces a
  ** game once it reaches four */
  int bars;
  if ((rc = bars_of(s, t, g, &bars)) == CGT_OK) {
    if (bars == 0) put_str(t, "{");
    rc = print_side(s, L, nl, t);
  }
  if (rc == CGT_OK) {
    put_bytes(t, "||||", bars ? (size_t)bars : 4);
    rc = print_side(s, R, nr, t);
  }
  if (rc == CGT_OK && bars == 0) put_str(t, "}");
  cgt_free(L);
  return rc ? rc : t->err;
}

/* Prints g alone (lone 0: braced as an option in a list; lone 1: as the
** lone option of a side, *bars its bars). */
static cgt_rc print_top(cg_store *s, cg_id g, int lone, char **out, int *bars) {
  sorter o = {cg_uptimal_new(s), {0}, NULL, 0, 0};
  text t = {.s = s, .o = &o};
  put_bytes(&t, "", 0);
  cgt_rc rc = o.u ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK && lone && (rc = bars_of(s, &t, g, bars)) == CGT_OK) rc = print(s, g, &t);
  else if (rc == CGT_OK && !lone) rc = print_braced(s, g, &t);
  if (rc == CGT_OK) rc = t.err;
  sorter_free(&o);
  memo_free(&t.seen);
  memo_free(&t.bars);
  cgt_free(t.kept);
  cgt_free(t.arena);
  cg_thermo_free(t.th);
  if (rc) {
    cgt_free(t.p);
    return rc;
  }
  *out = t.p;
  return CGT_OK;
}

cgt_rc cg_print(cg_store *s, cg_id g, char **out) { return print_top(s, g, 0, out, NULL); }

cgt_rc cg_sort_games(cg_store *s, cg_id *v, uint32_t n) {
  sorter o = {cg_uptimal_new(s), {0}, NULL, 0, 0};
  cgt_rc rc = o.u ? sort_options(s, &o, v, n) : CGT_NOMEM;
  sorter_free(&o);
  return rc;
}

cgt_rc cg_print_lone(cg_store *s, cg_id g, char **out, int *bars) { return print_top(s, g, 1, out, bars); }
