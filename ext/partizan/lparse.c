/*
** Reading CGSuite 2.x's notation for loopy games (loopy.h): everything the
** short notation has (pnotation.h), and
**   pass            an option: a move to the game whose braces hold it
**   a{...}          a label: a (a name, not a word below) inside the braces
**                   is an option back to this game
**   on off dud over under upon, and ^[on] ^<on> v[on] v<on>
**   S & T           the sided value with onside S and offside T (T <= S)
** Braces become vertices of one graph; a pass or a label is an edge back.
** A sum, a negative or a product needs whole games: a label or a pass from
** outside inside it is an error.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "loopy.h"
#include "pnotation.h"

typedef struct scope {
  uint32_t vertex;
  size_t name_at, name_len;   /* name_len 0: no label */
  uint32_t outer;             /* the outermost scope a pass or label inside refers to */
} scope;

typedef struct lparser {
  cg_store *s;
  const char *t;
  size_t len;
  uint32_t *match;
  lg_builder *b;
  scope *sc;
  uint32_t nsc;
  size_t capsc;
  uint32_t *outer;   /* per vertex made by braces: the outermost open scope it refers to, or NONE */
  size_t nouter, capouter;
  uint32_t depth;
  int mode;          /* 0: values; +1 / -1: the onside / offside of every sided option */
  int needs_sides;   /* a sided option was met with mode 0 */
  char *err;
  size_t errlen;
} lparser;

#define NONE UINT32_MAX

/* A parsed piece: a vertex of the graph being built, or a whole value. */
typedef struct piece {
  int is_vertex;
  uint32_t v;
  lg_value val;
} piece;

static size_t position(const lparser *p, size_t at) { return cg_text_position(p->t, p->len, at); }
static cgt_rc fail(lparser *p, size_t at, const char *what) { return cg_syntax_error(p->err, p->errlen, p->t, p->len, at, what); }

static size_t skip(const lparser *p, size_t i, size_t end) {
  while (i < end && isspace((unsigned char)p->t[i])) i++;
  return i;
}

static size_t closing(const lparser *p, size_t i, size_t end) {
  size_t m = p->match[i];
  return m < end ? m : end;
}

static int is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The word at i (letters, digits, _), not preceded by one: its length. */
static size_t word_at(const lparser *p, size_t i, size_t to) {
  if (i > 0 && is_ident(p->t[i - 1]) && !isdigit((unsigned char)p->t[i - 1])) return 0;
  if (i >= to || !isalpha((unsigned char)p->t[i])) return 0;
  size_t k = i;
  while (k < to && is_ident(p->t[k])) k++;
  return k - i;
}

static int word_is(const lparser *p, size_t i, size_t n, const char *w) {
  return strlen(w) == n && !strncmp(p->t + i, w, n);
}

/* The loopy constants and upon forms: their index in names[], or -1, and length. */
static const char *const names[] = {"on", "off", "dud", "over", "under", "upon", "^[on]", "^<on>", "v[on]", "v<on>", NULL};
static int loopy_name(const lparser *p, size_t i, size_t to, size_t *n) {
  size_t w = word_at(p, i, to);
  for (int k = 0; names[k]; k++) {
    size_t len = strlen(names[k]);
    if (k < 6 ? word_is(p, i, w, names[k]) : (i + len <= to && !strncmp(p->t + i, names[k], len)))
      return *n = len, k;
  }
  return -1;
}

static cgt_rc enter(lparser *p, size_t at) {
  cgt_rc rc = p->depth < CG_PARSE_DEPTH ? cg_descend(p->s) : CGT_TOODEEP;
  if (rc == CGT_OK) return p->depth++, CGT_OK;
  if (rc != CGT_TOODEEP) return rc;
  return fail(p, at, "nesting too deep");
}
static void leave(lparser *p) {
  p->depth--;
  cg_ascend(p->s);
}

static void piece_free(piece *x) {
  if (!x->is_vertex) lv_free(&x->val);
}

/* ---- values built here ---- */

/* {L | R} of whole values (pass_left/pass_right add a pass). */
static cgt_rc game_of(cg_store *s, lg_value *L, uint32_t nl, lg_value *R, uint32_t nr, lg_value *out);


/* A one-vertex game: Left's options L (and a pass when lpass), Right's R. */
static cgt_rc game_with_pass(cg_store *s, lg_value *L, uint32_t nl, int lpass, lg_value *R, uint32_t nr, int rpass,
                             lg_value *out) {
  lg_builder *b = lg_builder_new(s);
  uint32_t v, w;
  cgt_rc rc = b ? lg_vertex(b, &v) : CGT_NOMEM;
  for (uint32_t k = 0; k < nl + nr && rc == CGT_OK; k++) {
    lg_value *x = k < nl ? &L[k] : &R[k - nl];
    if (x->kind == LV_SIDED) return lg_builder_free(b), CGT_NOTSTOPPER;
    rc = x->kind == LV_SHORT ? lg_short(b, x->id, &w) : lg_embed(b, &x->on, &w);
    if (rc == CGT_OK) rc = lg_edge(b, v, w, k >= nl);
  }
  if (rc == CGT_OK && lpass) rc = lg_edge(b, v, v, 0);
  if (rc == CGT_OK && rpass) rc = lg_edge(b, v, v, 1);
  lg_graph g;
  if (rc == CGT_OK) rc = lg_build(b, v, &g);
  lg_builder_free(b);
  return rc ? rc : lv_of_graph(s, &g, out);
}

static cgt_rc game_of(cg_store *s, lg_value *L, uint32_t nl, lg_value *R, uint32_t nr, lg_value *out) {
  return game_with_pass(s, L, nl, 0, R, nr, 0, out);
}

/* The constant names[k]. */
static cgt_rc constant(cg_store *s, int k, lg_value *out) {
  lg_value x = {.kind = LV_SHORT}, y = {0}, z = {0};
  cgt_rc rc = CGT_OK;
  switch (k) {
    case 0: return game_with_pass(s, NULL, 0, 1, NULL, 0, 0, out);   /* on = {pass |} */
    case 1: return game_with_pass(s, NULL, 0, 0, NULL, 0, 1, out);   /* off = {| pass} */
    case 2:                                                           /* dud = on & off */
      rc = constant(s, 0, &y);
      if (rc == CGT_OK) rc = constant(s, 1, &z);
      if (rc == CGT_OK) return lv_sided(s, &y, &z, out);
      lv_free(&y);
      return rc;
    case 3:   /* over = {0 | pass} */
    case 4:   /* under = {pass | 0} */
      rc = cg_integer(s, 0, &x.id);
      if (rc) return rc;
      return k == 3 ? game_with_pass(s, &x, 1, 0, NULL, 0, 1, out) : game_with_pass(s, NULL, 0, 1, &x, 1, 0, out);
    case 5:   /* upon = ^[on] = {pass | *} */
    case 6:   /* ^[on] */
      rc = cg_nimber(s, 1, &x.id);
      return rc ? rc : game_with_pass(s, NULL, 0, 1, &x, 1, 0, out);
    case 7:   /* ^<on> = {0 | v[on]*} */
      rc = constant(s, 8, &y);
      if (rc == CGT_OK) rc = cg_nimber(s, 1, &x.id);
      if (rc == CGT_OK) rc = lv_add(s, &y, &x, &z);
      lv_free(&y);
      if (rc == CGT_OK) rc = cg_integer(s, 0, &x.id);
      if (rc == CGT_OK) rc = game_of(s, &x, 1, &z, 1, out);
      lv_free(&z);
      return rc;
    default:   /* v[on], v<on>: negatives */
      rc = constant(s, k - 2, &y);
      if (rc == CGT_OK) rc = lv_neg(s, &y, out);
      lv_free(&y);
      return rc;
  }
}

cgt_rc lv_constant(cg_store *s, const char *name, lg_value *out) {
  for (int k = 0; names[k]; k++)
    if (!strcmp(names[k], name)) return constant(s, k, out);
  return CGT_SYNTAX;
}

/* ---- pieces ---- */

static cgt_rc sided(lparser *p, size_t from, size_t to, piece *out);
static cgt_rc expr(lparser *p, size_t from, size_t to, piece *out);
static cgt_rc braced(lparser *p, size_t from, size_t to);

/* The whole value of a piece: a vertex's game, when nothing in it refers
** to a game outside it (an error at `at` otherwise). */
static cgt_rc whole(lparser *p, piece *x, size_t at) {
  if (!x->is_vertex) return CGT_OK;
  if (x->v < p->nouter && p->outer[x->v] != NONE)
    return fail(p, at, "Unexpected pass or label: a game added, negated or multiplied cannot refer to a game outside it");
  lg_graph g;
  cgt_rc rc = lg_build(p->b, x->v, &g);
  /* A printed game repeats each position it reaches twice: one stands for
  ** all (text is short, so this costs little; sums never need it). */
  if (rc == CGT_OK && (rc = lg_fuse_bisimilar(p->s, &g))) lg_free(&g);
  if (rc == CGT_OK) rc = lv_of_graph(p->s, &g, &x->val);
  if (rc == CGT_OK) x->is_vertex = 0;
  return rc;
}

/* The graph of one side of a piece: a vertex's game as it stands (its
** sides are found later), a value's side. */
static cgt_rc side_graph(lparser *p, piece *x, int onside, size_t at, lg_graph *out) {
  if (!x->is_vertex) return lv_graph(p->s, &x->val, onside, out);
  if (x->v < p->nouter && p->outer[x->v] != NONE)
    return fail(p, at, "Unexpected pass or label: a side of S & T cannot refer to a game outside it");
  cgt_rc rc = lg_build(p->b, x->v, out);
  if (rc == CGT_OK && (rc = lg_fuse_bisimilar(p->s, out))) lg_free(out);
  return rc;
}

/* A vertex for braces; scopes record what passes and labels inside refer to. */
static cgt_rc open_scope(lparser *p, size_t name_at, size_t name_len, uint32_t *v) {
  cgt_rc rc = lg_vertex(p->b, v);
  if (rc) return rc;
  scope *sc = cgt_grow(p->sc, &p->capsc, (size_t)p->nsc + 1, sizeof *sc, 8);
  if (!sc) return CGT_NOMEM;
  p->sc = sc;
  p->sc[p->nsc++] = (scope){*v, name_at, name_len, NONE};
  return CGT_OK;
}

/* Closes the innermost scope: its vertex refers outside when something in
** it referred to a scope further out. */
static cgt_rc close_scope(lparser *p) {
  scope sc = p->sc[--p->nsc];
  uint32_t *o = cgt_grow(p->outer, &p->capouter, (size_t)sc.vertex + 1, sizeof *o, 16);
  if (!o) return CGT_NOMEM;
  p->outer = o;
  while (p->nouter <= sc.vertex) p->outer[p->nouter++] = NONE;
  uint32_t out = sc.outer != NONE && sc.outer < p->nsc ? sc.outer : NONE;
  p->outer[sc.vertex] = out;
  if (out != NONE && p->nsc && p->sc[p->nsc - 1].outer > out) p->sc[p->nsc - 1].outer = out;
  return CGT_OK;
}

/* A reference from the innermost scope to scope k. */
static void refer(lparser *p, uint32_t k) {
  if (p->nsc && k < p->sc[p->nsc - 1].outer) p->sc[p->nsc - 1].outer = k;
}

static cgt_rc short_text(lparser *p, size_t at, size_t end, piece *out);

/* Whether [from, to) is a short game alone: no loopy name, pass, '&',
** label or name of an enclosing label.  The short parser reads it then,
** and its nesting costs the loopy parser no depth. */
static int short_only(const lparser *p, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) {
    size_t n, w = word_at(p, i, to);
    if (p->t[i] == '&' || loopy_name(p, i, to, &n) >= 0) return 0;
    if (!w) continue;
    if (word_is(p, i, w, "pass") || (i + w < to && p->t[i + w] == '{')) return 0;
    for (uint32_t k = 0; k < p->nsc; k++)
      if (p->sc[k].name_len == w && !strncmp(p->t + p->sc[k].name_at, p->t + i, w)) return 0;
    size_t vs = 0;   /* the short notation's words: v, vv, v3, Tiny, Miny */
    while (vs < w && p->t[i + vs] == 'v') vs++;
    int digits = vs == 1;
    for (size_t k = vs; k < w && digits; k++) digits = isdigit((unsigned char)p->t[i + k]);
    if (!(vs == w || (vs && digits) || word_is(p, i, w, "Tiny") || word_is(p, i, w, "Miny"))) return 0;
    i += w - 1;
  }
  return 1;
}

/* The option at [from, to) of the innermost scope's vertex. */
static cgt_rc option(lparser *p, size_t from, size_t to, int right) {
  from = skip(p, from, to);
  while (to > from && isspace((unsigned char)p->t[to - 1])) to--;
  if (from == to) return fail(p, from, "empty option");
  uint32_t here = p->sc[p->nsc - 1].vertex, w;
  size_t n = word_at(p, from, to);
  if (n == to - from && word_is(p, from, n, "pass")) return lg_edge(p->b, here, here, right);
  if (n == to - from) {   /* a label of an enclosing game */
    for (uint32_t k = p->nsc; k-- > 0;) {
      const scope *sc = &p->sc[k];
      if (sc->name_len == n && !strncmp(p->t + sc->name_at, p->t + from, n)) {
        refer(p, k);
        return lg_edge(p->b, here, sc->vertex, right);
      }
    }
  }
  piece x;
  cgt_rc rc = short_only(p, from, to) ? short_text(p, from, to, &x) : sided(p, from, to, &x);
  if (rc) return rc;
  if (x.is_vertex) {
    w = x.v;
    if (w < p->nouter && p->outer[w] != NONE) refer(p, p->outer[w]);
  } else if (x.val.kind == LV_SIDED && p->mode == 0) {   /* read again for each side (lv_parse) */
    piece_free(&x);
    p->needs_sides = 1;
    return CGT_NOTSTOPPER;
  } else if (x.val.kind == LV_SIDED) {   /* its side in this reading */
    lg_graph side = {0};
    rc = lv_graph(p->s, &x.val, p->mode > 0, &side);
    if (rc == CGT_OK) rc = lg_embed(p->b, &side, &w);
    lg_free(&side);
  } else {
    rc = x.val.kind == LV_SHORT ? lg_short(p->b, x.val.id, &w) : lg_embed(p->b, &x.val.on, &w);
  }
  piece_free(&x);
  return rc ? rc : lg_edge(p->b, here, w, right);
}

static cgt_rc option_list(lparser *p, size_t from, size_t to, int right) {
  if (skip(p, from, to) == to) return CGT_OK;
  for (size_t i = from, start = from;; i++) {
    if (i < to && (p->t[i] == '{' || p->t[i] == '(')) i = closing(p, i, to);
    if (i >= to || p->t[i] == ',') {
      cgt_rc rc = option(p, start, i, right);
      if (rc || i >= to) return rc;
      start = i + 1;
    }
  }
}

/* The inside of the innermost braces: split at the one bar of the most '|'s. */
static cgt_rc braced(lparser *p, size_t from, size_t to) {
  size_t best, at, count;
  if (!cg_top_bars(p->t, p->match, from, to, &at, &best, &count)) return fail(p, to, "missing closing bracket");
  if (best == 0) return fail(p, from, "missing '|'");
  if (count > 1) return fail(p, at, "ambiguous bars (use || to nest)");
  size_t side[2][2] = {{from, at}, {at + best, to}};
  cgt_rc rc = CGT_OK;
  for (int k = 0; k < 2 && rc == CGT_OK; k++) {
    int has_bar = 0;
    for (size_t i = side[k][0]; i < side[k][1]; i++) {
      if (p->t[i] == '{' || p->t[i] == '(') i = closing(p, i, side[k][1]);
      else if (p->t[i] == '|') has_bar = 1;
    }
    if (has_bar && best > 1) {   /* {a||b|c}: the side is one game, braces implied */
      uint32_t w, here = p->sc[p->nsc - 1].vertex;
      if ((rc = enter(p, side[k][0]))) break;
      rc = open_scope(p, 0, 0, &w);
      if (rc == CGT_OK) rc = braced(p, side[k][0], side[k][1]);
      if (rc == CGT_OK) rc = close_scope(p);
      leave(p);
      if (rc == CGT_OK) {
        if (p->outer[w] != NONE) refer(p, p->outer[w]);
        rc = lg_edge(p->b, here, w, k);
      }
    } else {
      rc = option_list(p, side[k][0], side[k][1], k);
    }
  }
  return rc;
}

/* A short game at [at, to): the text handed to the short parser. */
static cgt_rc short_text(lparser *p, size_t at, size_t end, piece *out) {
  size_t n = end - at;
  char *text = cgt_malloc(n + 1);
  if (!text) return CGT_NOMEM;
  memcpy(text, p->t + at, n);
  text[n] = 0;
  char err[300];
  cg_id id;
  cgt_rc rc = cg_parse(p->s, text, &id, err, sizeof err);
  cgt_free(text);
  if (rc == CGT_SYNTAX) {
    snprintf(p->err, p->errlen, "%s (at position %zu in the whole text)", err, position(p, at));
    return rc;
  }
  if (rc) return rc;
  *out = (piece){0};
  out->val = (lg_value){.kind = LV_SHORT, .id = id};
  return CGT_OK;
}

/* Whether a loopy name or a label's braces (a word and '{') start at i:
** then a '*' before it multiplies (10*upon, 3*a{...}). */
static int word_follows(const lparser *p, size_t i, size_t to) {
  size_t n, w = i < to && isalpha((unsigned char)p->t[i]) ? 1 : 0;
  while (w && i + w < to && is_ident(p->t[i + w])) w++;
  return loopy_name(p, i, to, &n) >= 0 || (w && i + w < to && p->t[i + w] == '{' && !word_is(p, i, w, "v"));
}

/* Where a run of short notation from at ends: digits, fractions, *, ^, v
** and arrows, up to a loopy name. */
static size_t short_run(const lparser *p, size_t at, size_t to) {
  size_t j = at;
  if (j < to && p->t[j] == '-' && j + 1 < to && isdigit((unsigned char)p->t[j + 1])) j++;
  size_t n;
  while (j < to) {
    unsigned char c = (unsigned char)p->t[j];
    if (loopy_name(p, j, to, &n) >= 0) break;
    if (c == '*' && j + 1 < to && (p->t[j + 1] == '(' || word_follows(p, j + 1, to))) break;
    if (c == 0xc2 && j + 1 < to && (unsigned char)p->t[j + 1] == 0xb1) break;   /* ± */
    if (!(isdigit(c) || c == '/' || c == '.' || c == '*' || c == '^' || c == 'v' || c == '<' || c == '>' ||
          c == '[' || c == ']' || c >= 0x80))
      break;
    j++;
  }
  return j;
}

static cgt_rc atom(lparser *p, size_t *i, size_t to, piece *out);

/* The error for a sided value where a stopper is needed (x is freed). */
static cgt_rc not_sided(lparser *p, piece *x, size_t at) {
  piece_free(x);
  return fail(p, at, "Tiny(G), Miny(G) and +-G take a stopper G, not a sided value (take its onside or offside)");
}

/* Whether [from, to) has a '|' outside brackets. */
static int has_bar(const lparser *p, size_t from, size_t to) {
  for (size_t k = from; k < to; k++) {
    if (p->t[k] == '{' || p->t[k] == '(') k = closing(p, k, to);
    else if (p->t[k] == '|') return 1;
  }
  return 0;
}

/* +-{a, b, ...} = {a, b, ... | -a, -b, ...}, the braces at *i. */
static cgt_rc plus_minus_list(lparser *p, size_t *i, size_t to, piece *out) {
  size_t open = *i, end = closing(p, open, to);
  *i = end + 1;
  lg_value *v = NULL;
  size_t n = 0, cap = 0;
  cgt_rc rc = CGT_OK;
  for (size_t k = open + 1, start = k; rc == CGT_OK; k++) {
    if (k < end && (p->t[k] == '{' || p->t[k] == '(')) k = closing(p, k, end);
    if (k < end && p->t[k] != ',') continue;
    lg_value *nv = cgt_grow(v, &cap, 2 * (n + 1), sizeof *v, 8);
    if (!nv) {
      rc = CGT_NOMEM;
      break;
    }
    v = nv;
    piece x;
    if ((rc = sided(p, start, k, &x)) == CGT_OK && (rc = whole(p, &x, start)) == CGT_OK &&
        (x.val.kind != LV_SIDED || (rc = not_sided(p, &x, open)) == CGT_OK))
      v[n++] = x.val;
    else piece_free(&x);
    if (k >= end) break;
    start = k + 1;
  }
  size_t negs = 0;
  for (; negs < n && rc == CGT_OK; negs++) rc = lv_neg(p->s, &v[negs], &v[n + negs]);
  if (rc == CGT_OK) rc = game_of(p->s, v, (uint32_t)n, v + n, (uint32_t)n, &out->val);
  for (size_t k = 0; k < n + negs && v; k++) lv_free(&v[k]);
  cgt_free(v);
  return rc;
}

static cgt_rc atom_inner(lparser *p, size_t *i, size_t to, piece *out) {
  size_t at = *i, n;
  char c = p->t[at];
  *out = (piece){0};
  if (cg_work(p->s, 1)) return CGT_INTERRUPTED;
  int k = loopy_name(p, at, to, &n);
  if (k >= 0) {
    *i = at + n;
    return constant(p->s, k, &out->val);
  }
  size_t w = word_at(p, at, to);
  if (w && word_is(p, at, w, "pass")) return fail(p, at, "Unexpected pass (a pass is an option of its own)");
  if (w && at + w < to && p->t[at + w] == '{' && !word_is(p, at, w, "v")) {   /* a label: a{...} */
    size_t open = at + w, end = closing(p, open, to);
    if (end >= to) return fail(p, open, "missing '}'");
    *i = end + 1;
    uint32_t v;
    cgt_rc rc = open_scope(p, at, w, &v);
    if (rc == CGT_OK) rc = braced(p, open + 1, end);
    if (rc == CGT_OK) rc = close_scope(p);
    *out = (piece){.is_vertex = 1, .v = v};
    return rc;
  }
  if (c == '{') {
    size_t end = closing(p, at, to);
    if (end >= to) return fail(p, at, "missing '}'");
    *i = end + 1;
    uint32_t v;
    cgt_rc rc = open_scope(p, 0, 0, &v);
    if (rc == CGT_OK) rc = braced(p, at + 1, end);
    if (rc == CGT_OK) rc = close_scope(p);
    *out = (piece){.is_vertex = 1, .v = v};
    return rc;
  }
  if (c == '(') {
    size_t end = closing(p, at, to);
    if (end >= to) return fail(p, at, "missing ')'");
    *i = end + 1;
    return sided(p, at + 1, end, out);
  }
  if (c == '*' && at + 1 < to && p->t[at + 1] == '(') {
    size_t end = closing(p, at + 1, to);
    if (end >= to) return fail(p, at + 1, "missing ')'");
    *i = end + 1;
    return short_text(p, at, end + 1, out);
  }
  int tiny = w == 4 && (word_is(p, at, 4, "Tiny") || word_is(p, at, 4, "Miny")) && at + 4 < to && p->t[at + 4] == '(';
  if (tiny) {   /* Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0} */
    size_t open = at + 4, end = closing(p, open, to);
    if (end >= to) return fail(p, open, "missing ')'");
    *i = end + 1;
    piece x;
    cgt_rc rc = sided(p, open + 1, end, &x);
    if (rc == CGT_OK) rc = whole(p, &x, open + 1);
    if (rc == CGT_OK && x.val.kind == LV_SIDED) rc = not_sided(p, &x, at);
    lg_value zero = {.kind = LV_SHORT}, g = {0}, inner = {0};
    if (rc == CGT_OK) rc = cg_integer(p->s, 0, &zero.id);
    if (rc == CGT_OK && c == 'T') {
      if ((rc = lv_neg(p->s, &x.val, &g)) == CGT_OK) rc = game_of(p->s, &zero, 1, &g, 1, &inner);
      if (rc == CGT_OK) rc = game_of(p->s, &zero, 1, &inner, 1, &out->val);
    } else if (rc == CGT_OK) {
      if ((rc = game_of(p->s, &x.val, 1, &zero, 1, &inner)) == CGT_OK) rc = game_of(p->s, &inner, 1, &zero, 1, &out->val);
    }
    piece_free(&x);
    lv_free(&g);
    lv_free(&inner);
    return rc;
  }
  if (!strncmp(p->t + at, "+-", 2) || !strncmp(p->t + at, "\xc2\xb1", 2)) {   /* +-G = {G | -G} */
    *i = skip(p, at + 2, to);
    if (*i >= to) return fail(p, *i, "missing game after +-");
    if (p->t[*i] == '{' && closing(p, *i, to) < to && !has_bar(p, *i + 1, closing(p, *i, to)))
      return plus_minus_list(p, i, to, out);
    piece x;
    cgt_rc rc = atom(p, i, to, &x);
    if (rc == CGT_OK) rc = whole(p, &x, at + 2);
    if (rc == CGT_OK && x.val.kind == LV_SIDED) rc = not_sided(p, &x, at);
    lg_value neg = {0};
    if (rc == CGT_OK) rc = lv_neg(p->s, &x.val, &neg);
    if (rc == CGT_OK) rc = game_of(p->s, &x.val, 1, &neg, 1, &out->val);
    piece_free(&x);
    lv_free(&neg);
    return rc;
  }
  if (w) {
    for (uint32_t k2 = p->nsc; k2-- > 0;)
      if (p->sc[k2].name_len == w && !strncmp(p->t + p->sc[k2].name_at, p->t + at, w))
        return fail(p, at, "Unexpected label: a label is an option of its own");
  }
  size_t end = short_run(p, at, to);
  if (end == at && w) {
    char what[120];
    snprintf(what, sizeof what, "unknown name '%.*s' (a label names the braces around its use)", (int)(w < 40 ? w : 40),
             p->t + at);
    return fail(p, at, what);
  }
  if (end == at) return fail(p, at, c ? "unexpected character" : "unexpected end");
  *i = end;
  return short_text(p, at, end, out);
}

static cgt_rc atom(lparser *p, size_t *i, size_t to, piece *out) {
  cgt_rc rc = enter(p, *i);
  if (rc) return rc;
  rc = atom_inner(p, i, to, out);
  leave(p);
  return rc;
}

/* Whether an atom that adds to the one before starts at i: 5over, ^[on]*. */
static int atom_start(const lparser *p, size_t i, size_t to) {
  size_t n;
  if (i >= to) return 0;
  char c = p->t[i];
  if (loopy_name(p, i, to, &n) >= 0) return 1;
  int tiny = i + 5 <= to && (!strncmp(p->t + i, "Tiny(", 5) || !strncmp(p->t + i, "Miny(", 5));
  return c == '*' || c == '^' || c == 'v' || c == '{' || c == '(' || (unsigned char)c >= 0x80 || tiny;
}

static cgt_rc add_into(lparser *p, piece *acc, piece *x, size_t at, int negate) {
  cgt_rc rc = whole(p, acc, at);
  if (rc == CGT_OK) rc = whole(p, x, at);
  lg_value sum = {0}, neg = {0};
  if (rc == CGT_OK && negate) {
    rc = lv_neg(p->s, &x->val, &neg);
    if (rc == CGT_OK) lv_free(&x->val), x->val = neg;
  }
  if (rc == CGT_OK) rc = lv_add(p->s, &acc->val, &x->val, &sum);
  if (rc == CGT_OK) lv_free(&acc->val), acc->val = sum;
  piece_free(x);
  return rc;
}

/* Atoms side by side, negated by leading '-'s. */
static cgt_rc term(lparser *p, size_t *i, size_t to, piece *out) {
  int negate = 0;
  size_t at = *i;
  while (p->t[*i] == '-' && !(*i + 1 < to && isdigit((unsigned char)p->t[*i + 1]))) {
    negate = !negate;
    *i = skip(p, *i + 1, to);
    if (*i >= to) return fail(p, *i, "missing game after '-'");
  }
  if (negate) p->mode = -p->mode;   /* the sides of -G are G's, negated and swapped */
  cgt_rc rc = atom(p, i, to, out);
  while (rc == CGT_OK && atom_start(p, *i, to) &&
         !(p->t[*i] == '*' && *i + 1 < to && (p->t[*i + 1] == '(' || word_follows(p, *i + 1, to)))) {
    piece next;
    rc = atom(p, i, to, &next);
    if (rc == CGT_OK) rc = add_into(p, out, &next, at, 0);
  }
  if (negate) p->mode = -p->mode;
  if (rc == CGT_OK && negate) {
    lg_value neg;
    rc = whole(p, out, at);
    if (rc == CGT_OK) rc = lv_neg(p->s, &out->val, &neg);
    if (rc == CGT_OK) lv_free(&out->val), out->val = neg;
  }
  if (rc) piece_free(out);   /* (what the atoms before the failure made) */
  return rc;
}

/* n * G: the '*' after a space or before '(' multiplies (as in pparse.c). */
static cgt_rc times(lparser *p, size_t *i, size_t to, piece *out) {
  cgt_rc rc = CGT_OK;
  for (;;) {
    size_t j = skip(p, *i, to);
    if (j + 1 >= to || p->t[j] != '*' || !(j > *i || p->t[j + 1] == '(' || word_follows(p, j + 1, to))) return rc;
    size_t at = j;
    *i = skip(p, j + 1, to);
    if (*i >= to) return fail(p, *i, "missing game after '*'");
    piece right;
    if ((rc = term(p, i, to, &right))) return rc;
    if ((rc = whole(p, out, at)) || (rc = whole(p, &right, at))) {
      piece_free(&right);
      return rc;
    }
    cg_dyadic a, b;
    int lint = out->val.kind == LV_SHORT && cg_is_number(p->s, out->val.id, &a) && cg_dyadic_is_integer(a) && !a.big;
    int rint = right.val.kind == LV_SHORT && cg_is_number(p->s, right.val.id, &b) && cg_dyadic_is_integer(b) && !b.big;
    if (!lint && !rint) {
      piece_free(&right);
      return fail(p, at, "'*' multiplies a game by an integer (n * G); neither side is one");
    }
    int by_right = rint && !lint;
    int64_t count = by_right ? b.num : a.num;
    lg_value x = {0}, acc = {.kind = LV_SHORT}, t = {0};
    if (by_right) x = out->val, out->val = (lg_value){0};
    else x = right.val, right.val = (lg_value){0};
    piece_free(&right);
    if (count > 1000000000 || count < -1000000000) {
      lv_free(&x);
      return fail(p, at, "'*' multiplies by an integer of at most 10^9 in size");
    }
    if (count < 0 && p->mode) {
      lv_free(&x);
      return fail(p, at, "a negative multiple of a game with sided options: write -(n * G)");
    }
    if (count < 0 && (rc = lv_neg(p->s, &x, &t)) == CGT_OK) lv_free(&x), x = t, count = -count;
    if (rc == CGT_OK) rc = cg_integer(p->s, 0, &acc.id);
    for (; rc == CGT_OK && count; count >>= 1) {   /* by doubling */
      if (count & 1) {
        if ((rc = lv_add(p->s, &acc, &x, &t)) == CGT_OK) lv_free(&acc), acc = t;
      }
      if (rc == CGT_OK && count > 1 && (rc = lv_add(p->s, &x, &x, &t)) == CGT_OK) lv_free(&x), x = t;
    }
    lv_free(&x);
    lv_free(&out->val);
    out->val = acc;
    if (rc) return rc;
  }
}

/* Terms joined by + and -. */
static cgt_rc expr(lparser *p, size_t from, size_t to, piece *out) {
  size_t i = skip(p, from, to);
  *out = (piece){0};
  if (i >= to) return fail(p, i, "missing game");
  cgt_rc rc = term(p, &i, to, out);
  if (rc == CGT_OK) rc = times(p, &i, to, out);
  while (rc == CGT_OK && (i = skip(p, i, to)) < to) {
    char op = p->t[i];
    size_t at = i;
    piece next;
    if (op == '+' && i + 1 < to && p->t[i + 1] == '-') {
      rc = term(p, &i, to, &next);
    } else {
      if (op != '+' && op != '-') return piece_free(out), fail(p, i, "unexpected character");
      i = skip(p, i + 1, to);
      if (i >= to) return piece_free(out), fail(p, i, "missing game after the operator");
      if (op == '-') p->mode = -p->mode;
      rc = term(p, &i, to, &next);
    }
    if (rc == CGT_OK && (rc = times(p, &i, to, &next))) piece_free(&next);
    if (op == '-') p->mode = -p->mode;
    if (rc == CGT_OK) rc = add_into(p, out, &next, at, op == '-');
  }
  if (rc) piece_free(out);
  return rc;
}

/* An expression, or two joined by '&' (onside & offside). */
static cgt_rc sided(lparser *p, size_t from, size_t to, piece *out) {
  size_t amp = to;
  *out = (piece){0};
  for (size_t i = from; i < to; i++) {
    if (p->t[i] == '{' || p->t[i] == '(') i = closing(p, i, to);
    else if (p->t[i] == '&') {
      if (amp != to) return fail(p, i, "more than one '&'");
      amp = i;
    }
  }
  if (amp == to) return expr(p, from, to, out);
  /* Only the onside of S and the offside of T are needed: each is found from
  ** its game's graph (no need of S's offside, T's onside). */
  piece on, off;
  lg_graph g = {0}, h = {0};
  cgt_rc rc = expr(p, from, amp, &on);
  if (rc) return rc;
  if ((rc = expr(p, amp + 1, to, &off))) {
    piece_free(&on);
    return rc;
  }
  rc = side_graph(p, &on, 1, from, &g);
  if (rc == CGT_OK) rc = side_graph(p, &off, 0, amp + 1, &h);
  piece_free(&on);
  piece_free(&off);
  if (rc) {
    lg_free(&g);
    return rc;
  }
  rc = lv_of_sides(p->s, &g, &h, &out->val);
  return rc == CGT_SYNTAX ? fail(p, amp, "offside is not <= onside") : rc;
}

cgt_rc lv_parse(cg_store *s, const char *text, lg_value *out, char *err, size_t errlen) {
  lparser p = {.s = s, .t = text, .len = strlen(text), .err = err, .errlen = errlen};
  err[0] = 0;
  *out = (lg_value){0};
  if (p.len > CG_TEXT_MAX) {
    snprintf(err, errlen, "text of %zu bytes is over the limit of %u", p.len, CG_TEXT_MAX);
    return CGT_SYNTAX;
  }
  p.b = lg_builder_new(s);
  cgt_rc rc = p.b ? cg_match_brackets(s, text, p.len, &p.match) : CGT_NOMEM;
  piece x = {0};
  if (rc == CGT_OK) rc = sided(&p, 0, p.len, &x);
  if (rc == CGT_OK) rc = whole(&p, &x, 0);
  if (rc == CGT_OK) *out = x.val;
  if (rc == CGT_NOTSTOPPER && p.needs_sides) {
    /* Sided options: the onside is that of the game read with every sided
    ** option's onside, the offside likewise (a negation swaps them). */
    lg_graph side[2] = {{0}, {0}};
    for (int k = 0; k < 2 && (rc == CGT_NOTSTOPPER || rc == CGT_OK); k++) {
      lg_builder_free(p.b);
      p.b = lg_builder_new(s);
      p.mode = k ? -1 : 1, p.nsc = 0, p.nouter = 0, p.depth = 0;
      rc = p.b ? sided(&p, 0, p.len, &x) : CGT_NOMEM;
      if (rc == CGT_OK) rc = whole(&p, &x, 0);
      if (rc == CGT_OK) rc = lv_graph(s, &x.val, !k, &side[k]);
      if (rc == CGT_OK) lv_free(&x.val);
    }
    if (rc == CGT_OK) rc = lv_of_sides(s, &side[0], &side[1], out);
    else lg_free(&side[0]);
  }
  lg_builder_free(p.b);
  cgt_free(p.match);
  cgt_free(p.sc);
  cgt_free(p.outer);
  return rc;
}

int lv_text_is_loopy(const char *text) {
  lparser p = {.t = text, .len = strlen(text)};
  for (size_t i = 0; i < p.len; i++) {
    size_t n, w = word_at(&p, i, p.len);
    if (text[i] == '&' || loopy_name(&p, i, p.len, &n) >= 0 || (w && word_is(&p, i, w, "pass"))) return 1;
    if (w && i + w < p.len && text[i + w] == '{' && !word_is(&p, i, w, "v")) return 1;
    if (w) i += w - 1;
  }
  return 0;
}
