/* Parsing CGSuite's notation; see pnotation.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pnotation.h"

typedef struct parser {
  cg_store *s;
  const char *t;
  size_t len;
  uint32_t *match;   /* match[i]: the bracket closing the one opened at i, or len */
  uint32_t depth;    /* atoms being parsed, one inside another */
  char *err;
  size_t errlen;
} parser;

size_t cg_text_position(const char *text, size_t len, size_t at) {
  size_t n = 1;
  for (size_t i = 0; i < at && i < len; i++) n += ((unsigned char)text[i] & 0xc0) != 0x80;
  return n;
}

cgt_rc cg_syntax_error(char *err, size_t errlen, const char *text, size_t len, size_t at, const char *what) {
  size_t pos = cg_text_position(text, len, at);
  if (len <= 60) snprintf(err, errlen, "%s at position %zu in '%s'", what, pos, text);
  else snprintf(err, errlen, "%s at position %zu in '%.40s...' (%zu characters)", what, pos, text,
                cg_text_position(text, len, len) - 1);
  return CGT_SYNTAX;
}

static size_t position(const parser *p, size_t at) { return cg_text_position(p->t, p->len, at); }
static cgt_rc fail(parser *p, size_t at, const char *what) { return cg_syntax_error(p->err, p->errlen, p->t, p->len, at, what); }

/* Pairs every '{' and '(' with its closing bracket in one pass, with an
** explicit stack (so any nesting costs no C stack): match[i] is the
** bracket closing the one opened at i, or len. */
cgt_rc cg_match_brackets(cg_store *s, const char *t, size_t len, uint32_t **match) {
  *match = cgt_malloc((len + 1) * sizeof **match);
  uint32_t *open = cgt_malloc((len + 1) * sizeof *open), top = 0;
  if (!*match || !open) {
    cgt_free(open);
    return CGT_NOMEM;
  }
  for (size_t i = 0; i < len; i++) {
    char c = t[i];
    (*match)[i] = (uint32_t)len;
    if (c == '{' || c == '(') open[top++] = (uint32_t)i;
    else if ((c == '}' || c == ')') && top > 0) (*match)[open[--top]] = (uint32_t)i;
  }
  cgt_free(open);
  return cg_work(s, len);
}

static cgt_rc match_brackets(parser *p) { return cg_match_brackets(p->s, p->t, p->len, &p->match); }

static size_t skip(const parser *p, size_t i, size_t end) {
  while (i < end && isspace((unsigned char)p->t[i])) i++;
  return i;
}

static int starts(const parser *p, size_t i, size_t end, const char *word) {
  size_t n = strlen(word);
  return i + n <= end && strncmp(p->t + i, word, n) == 0;
}

static cgt_rc expr(parser *p, size_t from, size_t to, cg_id *out);

/* One level deeper into nested atoms or bars, at most CG_PARSE_DEPTH. */
static cgt_rc enter(parser *p, size_t at) {
  cgt_rc rc = p->depth < CG_PARSE_DEPTH ? cg_descend(p->s) : CGT_TOODEEP;
  if (rc == CGT_OK) return p->depth++, CGT_OK;
  if (rc != CGT_TOODEEP) return rc;
  snprintf(p->err, p->errlen, "nesting deeper than %u at position %zu", p->depth, position(p, at));
  return CGT_SYNTAX;
}

static void leave(parser *p) {
  p->depth--;
  cg_ascend(p->s);
}


/* The index of the bracket closing the one at i ('{' or '('), or end. */
static size_t closing(const parser *p, size_t i, size_t end) {
  size_t m = p->match[i];
  return m < end ? m : end;
}

/* Reads an unsigned integer at *i (advancing it past all its digits); 0
** when there is none.  A value past UINT64_MAX reads as UINT64_MAX. */
static int read_uint(const parser *p, size_t *i, size_t end, uint64_t *v) {
  size_t start = *i;
  *v = 0;
  while (*i < end && isdigit((unsigned char)p->t[*i])) {
    uint64_t d = (uint64_t)(p->t[(*i)++] - '0');
    *v = *v > (UINT64_MAX - 9) / 10 ? UINT64_MAX : *v * 10 + d;
  }
  return *i > start;
}

/* Options separated by commas at the top level of [from, to). */
static cgt_rc option_list(parser *p, size_t from, size_t to, cg_id **ids, uint32_t *n) {
  *ids = NULL;
  *n = 0;
  from = skip(p, from, to);
  if (from == to) return CGT_OK;
  uint32_t cap = 0;
  for (size_t i = from, start = from;; i++) {
    if (i < to && (p->t[i] == '{' || p->t[i] == '(')) i = closing(p, i, to);
    if (i >= to || p->t[i] == ',') {
      if (skip(p, start, i) == i) return fail(p, i, "empty option");
      if (*n == cap) {
        cap = cap ? 2 * cap : 4;
        cg_id *v = cgt_realloc(*ids, cap * sizeof *v);
        if (!v) return CGT_NOMEM;
        *ids = v;
      }
      cgt_rc rc = expr(p, start, i, &(*ids)[*n]);
      if (rc) return rc;
      (*n)++;
      if (i >= to) return CGT_OK;
      start = i + 1;
    }
  }
}

/* The inside of braces, [from, to): split at the one bar of the most '|'s;
** a side with bars of its own is one game, else a list of options. */
int cg_top_bars(const char *t, const uint32_t *match, size_t from, size_t to, size_t *at, size_t *bars, size_t *count) {
  *bars = 0, *at = to, *count = 0;
  for (size_t i = from; i < to; i++) {
    char c = t[i];
    if (c == '{' || c == '(') {
      i = match[i] < to ? match[i] : to;
      if (i >= to) return 0;
      continue;
    }
    if (c != '|') continue;
    size_t run = 0;
    while (i + run < to && t[i + run] == '|') run++;
    if (run > *bars) *bars = run, *at = i, *count = 1;
    else if (run == *bars) (*count)++;
    i += run - 1;
  }
  return 1;
}

/* The bar that splits braces [from, to) into two sides: CGT_SYNTAX when
** there is none, or two of the most '|'s. */
static cgt_rc split(parser *p, size_t from, size_t to, size_t *at, size_t *best) {
  size_t count;
  if (!cg_top_bars(p->t, p->match, from, to, at, best, &count)) return fail(p, to, "missing closing bracket");
  if (*best == 0) return fail(p, from, "missing '|'");
  if (count > 1) return fail(p, *at, "ambiguous bars (use || to nest)");
  return CGT_OK;
}

static cgt_rc braced(parser *p, size_t from, size_t to, cg_id *out) {
  size_t best, at;
  cgt_rc src = split(p, from, to, &at, &best);
  if (src) return src;
  cg_id *L = NULL, *R = NULL, one;
  uint32_t nl = 0, nr = 0;
  cgt_rc rc = CGT_OK;
  size_t side[2][2] = {{from, at}, {at + best, to}};
  for (int k = 0; k < 2 && rc == CGT_OK; k++) {
    cg_id **ids = k ? &R : &L;
    uint32_t *n = k ? &nr : &nl;
    int has_bar = 0;
    for (size_t i = side[k][0]; i < side[k][1]; i++) {
      if (p->t[i] == '{' || p->t[i] == '(') i = closing(p, i, side[k][1]);
      else if (p->t[i] == '|') has_bar = 1;
    }
    if (has_bar && best > 1) {
      rc = enter(p, side[k][0]);
      if (rc == CGT_OK) rc = braced(p, side[k][0], side[k][1], &one), leave(p);
      if (rc == CGT_OK) {
        *ids = cgt_malloc(sizeof one);
        if (*ids) **ids = one, *n = 1;
        else rc = CGT_NOMEM;
      }
    } else {
      rc = option_list(p, side[k][0], side[k][1], ids, n);
    }
  }
  if (rc == CGT_OK) rc = cg_game(p->s, L, nl, R, nr, out);
  cgt_free(L);
  cgt_free(R);
  return rc;
}

/* {x | -x}, or for a list {a, b | -a, -b}. */
static cgt_rc plus_minus(parser *p, const cg_id *xs, uint32_t n, cg_id *out) {
  cg_id *neg = cgt_malloc((n ? n : 1) * sizeof *neg);
  if (!neg) return CGT_NOMEM;
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) rc = cg_neg(p->s, xs[i], &neg[i]);
  if (rc == CGT_OK) rc = cg_game(p->s, xs, n, neg, n, out);
  cgt_free(neg);
  return rc;
}

static cgt_rc tiny(parser *p, cg_id x, int miny, cg_id *out) {
  cg_id zero, inner, negx;
  cgt_rc rc = cg_integer(p->s, 0, &zero);
  if (rc == CGT_OK && !miny) {   /* {0 || 0 | -x} */
    rc = cg_neg(p->s, x, &negx);
    if (rc == CGT_OK) rc = cg_game(p->s, &zero, 1, &negx, 1, &inner);
    if (rc == CGT_OK) rc = cg_game(p->s, &zero, 1, &inner, 1, out);
  } else if (rc == CGT_OK) {     /* {x | 0 || 0} */
    rc = cg_game(p->s, &x, 1, &zero, 1, &inner);
    if (rc == CGT_OK) rc = cg_game(p->s, &inner, 1, &zero, 1, out);
  }
  return rc;
}

/* The length of the run of digits at i. */
static size_t digits(const parser *p, size_t i, size_t end) {
  size_t k = i;
  while (k < end && isdigit((unsigned char)p->t[k])) k++;
  return k - i;
}

/* A number at *i: digits, optionally '/' and a power of two. */
/* A decimal such as 0.75 or -1.5 (SQL's text of a REAL): exact when it is
** a dyadic rational, else an error; at most 18 digits. */
static cgt_rc decimal(parser *p, size_t at, size_t *i, size_t to, cg_id *out) {
  static const char *const inexact =
      "a decimal that is no dyadic rational (a REAL's text keeps 15 digits: pass the REAL itself, or a fraction)";
  uint64_t d = 0, five = 1;
  size_t ndig = 0, frac = 0;
  for (size_t k = p->t[at] == '-' ? at + 1 : at; k < to && (isdigit((unsigned char)p->t[k]) || p->t[k] == '.'); k++) {
    if (p->t[k] == '.') {
      if (frac) break;
      frac = 1;
      continue;
    }
    if (++ndig > 18) return fail(p, at, "a decimal of more than 18 digits");
    d = 10 * d + (uint64_t)(p->t[k] - '0');
    if (frac) frac++, five *= 5;
    *i = k + 1;
  }
  if (*i < to && (p->t[*i] == 'e' || p->t[*i] == 'E')) return fail(p, at, inexact);
  if (d % five) return fail(p, at, inexact);
  char text[24];
  snprintf(text, sizeof text, "%llu", (unsigned long long)(d / five));
  cg_dyadic x;
  cgt_rc rc = cg_dyadic_from_decimal(cg_store_bigs(p->s), text, strlen(text), p->t[at] == '-', (uint32_t)(frac - 1), &x);
  return rc ? rc : cg_number(p->s, x, out);
}

static cgt_rc number(parser *p, size_t *i, size_t to, cg_id *out) {
  size_t at = *i;
  int negative = p->t[at] == '-';
  if (negative) (*i)++;
  size_t n = digits(p, *i, to), start = *i;
  *i += n;
  uint32_t exp = 0;
  cg_bigs *B = cg_store_bigs(p->s);
  cgt_rc rc = CGT_OK;
  if (*i + 1 < to && p->t[*i] == '.' && isdigit((unsigned char)p->t[*i + 1])) return decimal(p, at, i, to, out);
  size_t slash = skip(p, *i, to);   /* "3/4", or "3 / 4" as CGSuite's expressions allow */
  if (slash < to && p->t[slash] == '/') {
    size_t den_at = skip(p, slash + 1, to), dn = digits(p, den_at, to);
    *i = den_at + dn;
    if (!dn) return fail(p, den_at, "missing denominator after '/'");
    if (strspn(p->t + den_at, "0") >= dn) return fail(p, den_at, "division by zero");
    rc = cg_dyadic_log2_decimal(B, p->t + den_at, dn, &exp);
    if (rc == CGT_SYNTAX) return fail(p, den_at, "denominator must be a power of 2");
    if (rc == CGT_RANGE) return fail(p, den_at, "denominator too large");
  }
  cg_dyadic x;
  if (rc == CGT_OK) rc = cg_dyadic_from_decimal(B, p->t + start, n, negative, exp, &x);
  if (rc == CGT_RANGE) return fail(p, at, "number too large");
  return rc ? rc : cg_number(p->s, x, out);
}

/* ^<n> (unit = 1) or ^[n] (unit = 0), negated for v: ^[k] = {^[k-1] | *}
** from ^[0] = 0, and ^<n> = {0 | v[n-1]*}. */
static cgt_rc uptimal(cg_store *s, uint64_t n, int unit, int down, cg_id *out) {
  cg_id zero, star, g;
  cgt_rc rc = cg_integer(s, 0, &zero);
  if (rc == CGT_OK) rc = cg_nimber(s, 1, &star);
  g = zero;
  for (uint64_t k = 1; rc == CGT_OK && k <= n - (uint64_t)unit; k++) rc = cg_game(s, &g, 1, &star, 1, &g);
  if (rc == CGT_OK && unit) {
    if ((rc = cg_neg(s, g, &g)) == CGT_OK) rc = cg_add(s, g, star, &g);
    if (rc == CGT_OK) rc = cg_game(s, &zero, 1, &g, 1, &g);
  }
  if (rc == CGT_OK && down) rc = cg_neg(s, g, &g);
  if (rc == CGT_OK) *out = g;
  return rc;
}

static cgt_rc atom_inner(parser *p, size_t *i, size_t to, cg_id *out);

/* The arrows CGSuite shows: ↑ and ↓ are ^ and v, ⇑ and ⇓ are ^^ and vv.
** The ups of the arrow at i (1, 2, -1 or -2), or 0 for none. */
static int arrow(const parser *p, size_t i, size_t to) {
  if (starts(p, i, to, "\xe2\x86\x91")) return 1;    /* ↑ */
  if (starts(p, i, to, "\xe2\x86\x93")) return -1;   /* ↓ */
  if (starts(p, i, to, "\xe2\x87\x91")) return 2;    /* ⇑ */
  if (starts(p, i, to, "\xe2\x87\x93")) return -2;   /* ⇓ */
  return 0;
}

/* One part of a juxtaposed sum, at *i. */
static cgt_rc atom(parser *p, size_t *i, size_t to, cg_id *out) {
  cgt_rc rc = enter(p, *i);
  if (rc) return rc;
  rc = atom_inner(p, i, to, out);
  leave(p);
  return rc;
}

/* CGSuite's names of loopy games, which have no short value. */
static const char *const loopy_words[] = {"on", "off", "over", "under", "dud", "upon", "pass", NULL};

static cgt_rc atom_inner(parser *p, size_t *i, size_t to, cg_id *out) {
  cg_store *s = p->s;
  size_t at = *i;
  char c = p->t[at];
  uint64_t v;
  if (cg_work(s, 1)) return CGT_INTERRUPTED;
  if (isdigit((unsigned char)c) || (c == '-' && at + 1 < to && isdigit((unsigned char)p->t[at + 1])))
    return number(p, i, to, out);
  if (c == '*' && at + 1 < to && p->t[at + 1] == '(') {   /* CGSuite's *(expr): the nimber of an integer */
    size_t end = closing(p, at + 1, to);
    if (end >= to) return fail(p, at + 1, "missing ')'");
    cg_id x;
    cg_dyadic n;
    cgt_rc rc = expr(p, at + 2, end, &x);
    if (rc) return rc;
    *i = end + 1;
    if (!cg_is_number(s, x, &n) || !cg_dyadic_is_integer(n) || cg_dyadic_sign(cg_store_bigs(s), n) < 0)
      return fail(p, at, "*(...) must hold a non-negative integer");
    if (n.big || n.num > (int64_t)CG_NIMBER_MAX) return fail(p, at, "nimber too large");
    return cg_nimber(s, (uint32_t)n.num, out);
  }
  if (c == '[' || (c == '*' && at + 1 < to && p->t[at + 1] == '['))
    return fail(p, at, "unexpected '[' (CGSuite's misere canonical forms *[...] are not cgt's notation: for "
                       "impartial misere play see misere_outcome, heap_genus and misere_quotient)");
  for (const char *const *w = loopy_words; *w; w++)
    if (starts(p, at, to, *w) && !isalnum((unsigned char)p->t[at + strlen(*w)]))
      return fail(p, at, "a loopy game (CGSuite's on, off, over, under, dud, upon, pass) has no short value");
  if (c == '*') {
    (*i)++;
    if (!read_uint(p, i, to, &v)) v = 1;
    if (v > CG_NIMBER_MAX) return fail(p, at, "nimber too large");
    return cg_nimber(s, (uint32_t)v, out);
  }
  if ((c == '^' || c == 'v') && at + 1 < to && (p->t[at + 1] == '<' || p->t[at + 1] == '[')) {
    char close = p->t[at + 1] == '<' ? '>' : ']';
    *i += 2;
    if (!read_uint(p, i, to, &v) || *i >= to || p->t[*i] != close)
      return fail(p, at, close == '>' ? "expected ^<n> or v<n>" : "expected ^[n] or v[n]");
    (*i)++;
    if (v < 1 || v > CG_UPTIMAL_MAX) {
      char what[80];
      snprintf(what, sizeof what, "uptimal order must be 1 to %u", CG_UPTIMAL_MAX);
      return fail(p, at, what);
    }
    return uptimal(s, v, close == '>', c == 'v', out);
  }
  if (c == '^' || c == 'v') {
    int64_t n = 0;
    while (*i < to && p->t[*i] == c) (*i)++, n++;
    if (n == 1 && read_uint(p, i, to, &v)) {
      if (v > (uint64_t)CG_UPS_MAX) return fail(p, at, "too many ups");
      n = (int64_t)v;
    }
    if (n > CG_UPS_MAX) return fail(p, at, "too many ups");
    return cg_nus(s, (cg_dyadic){0, 0, 0}, c == 'v' ? -n : n, 0, out);
  }
  if (arrow(p, at, to)) {   /* a run of arrows of one direction, or one arrow and a count: ↑3 */
    int sign = arrow(p, at, to) > 0 ? 1 : -1, single = 1;
    int64_t n = 0;
    for (int a; (a = arrow(p, *i, to)) != 0 && (a > 0) == (sign > 0); *i += 3) {
      n += a * sign;
      single = *i == at && (a == 1 || a == -1);
      if (n > CG_UPS_MAX) return fail(p, at, "too many ups");
    }
    if (single && read_uint(p, i, to, &v)) {
      if (v > (uint64_t)CG_UPS_MAX) return fail(p, at, "too many ups");
      n = (int64_t)v;
    }
    return cg_nus(s, (cg_dyadic){0, 0, 0}, sign * n, 0, out);
  }
  if (c == '{') {
    size_t end = closing(p, at, to);
    if (end >= to) return fail(p, at, "missing '}'");
    *i = end + 1;
    return braced(p, at + 1, end, out);
  }
  if (c == '(') {
    size_t end = closing(p, at, to);
    if (end >= to) return fail(p, at, "missing ')'");
    *i = end + 1;
    return expr(p, at + 1, end, out);
  }
  if (starts(p, at, to, "Tiny(") || starts(p, at, to, "Miny(")) {
    size_t open = at + 4, end = closing(p, open, to);
    if (end >= to) return fail(p, open, "missing ')'");
    cg_id x;
    cgt_rc rc = expr(p, open + 1, end, &x);
    *i = end + 1;
    return rc ? rc : tiny(p, x, c == 'M', out);
  }
  if (starts(p, at, to, "+-") || starts(p, at, to, "\xc2\xb1")) {   /* +- or the sign ± */
    *i += 2;
    *i = skip(p, *i, to);
    if (*i < to && p->t[*i] == '{') {   /* +-{a,b} (a list) or +-{G} (a game) */
      size_t end = closing(p, *i, to);
      if (end >= to) return fail(p, *i, "missing '}'");
      int has_bar = 0;
      for (size_t k = *i + 1; k < end; k++) {
        if (p->t[k] == '{' || p->t[k] == '(') k = closing(p, k, end);
        else if (p->t[k] == '|') has_bar = 1;
      }
      cg_id *xs = NULL, g;
      uint32_t n = 0;
      cgt_rc rc = has_bar ? braced(p, *i + 1, end, &g) : option_list(p, *i + 1, end, &xs, &n);
      if (rc == CGT_OK) rc = has_bar ? plus_minus(p, &g, 1, out) : plus_minus(p, xs, n, out);
      cgt_free(xs);
      *i = end + 1;
      return rc;
    }
    if (*i >= to) return fail(p, *i, "missing game after +-");
    cg_id x;
    cgt_rc rc = atom(p, i, to, &x);
    return rc ? rc : plus_minus(p, &x, 1, out);
  }
  return fail(p, at, c ? "unexpected character" : "unexpected end");
}

/* Juxtaposed parts add up: 1/2*, ^*, 2v3*. */
static int atom_start(const parser *p, size_t i, size_t to) {
  char c = p->t[i];
  return i < to && (c == '*' || c == '^' || c == 'v' || c == '{' || c == '(' || starts(p, i, to, "Tiny(") ||
                    starts(p, i, to, "Miny(") || starts(p, i, to, "\xc2\xb1") || arrow(p, i, to));
}

/* Atoms side by side, negated by leading '-'s; a '*' that multiplies
** (see times) ends them. */
static cgt_rc term(parser *p, size_t *i, size_t to, cg_id *out) {
  int negate = 0;   /* -G, --G, ...: counted, not nested */
  while (p->t[*i] == '-' && !(*i + 1 < to && isdigit((unsigned char)p->t[*i + 1]))) {
    negate = !negate;
    *i = skip(p, *i + 1, to);
    if (*i >= to) return fail(p, *i, "missing game after '-'");
  }
  cgt_rc rc = atom(p, i, to, out);
  while (rc == CGT_OK && atom_start(p, *i, to) && !(p->t[*i] == '*' && *i + 1 < to && p->t[*i + 1] == '(')) {
    cg_id next;
    rc = atom(p, i, to, &next);
    if (rc == CGT_OK) rc = cg_add(p->s, *out, next, out);
  }
  if (rc == CGT_OK && negate) rc = cg_neg(p->s, *out, out);
  return rc;
}

/* The '*' at i or after spaces from i, when it multiplies (CGSuite's n * G):
** after a space, or right before '(' (cgt never prints either, so 13*5
** stays 13 + *5, as cgt and CGSuite print it, and 2* - 1 is 2* + -1).
** Returns its position, or 0. */
static size_t times_at(const parser *p, size_t i, size_t to) {
  size_t j = skip(p, i, to);
  if (j >= to || j + 1 >= to || p->t[j] != '*') return 0;
  return j > i || p->t[j + 1] == '(' ? j : 0;
}

/* *out times the terms that follow it with a '*' that multiplies: one
** side of each product must be an integer.  (Called by expr after each
** term, not around it: the nesting of braces costs no more C stack.) */
static cgt_rc times(parser *p, size_t *i, size_t to, cg_id *out) {
  cgt_rc rc = CGT_OK;
  for (size_t at; rc == CGT_OK && (at = times_at(p, *i, to)) != 0;) {
    *i = skip(p, at + 1, to);
    if (*i >= to) return fail(p, *i, "missing game after '*'");
    cg_id right;
    if ((rc = term(p, i, to, &right))) return rc;
    cg_dyadic a, b;   /* the count: an integer side, the smaller when both are */
    int left_int = cg_is_number(p->s, *out, &a) && cg_dyadic_is_integer(a) && !a.big;
    int right_int = cg_is_number(p->s, right, &b) && cg_dyadic_is_integer(b) && !b.big;
    if (!left_int && !right_int) return fail(p, at, "'*' multiplies a game by an integer (n * G); neither side is one");
    int by_right = right_int && (!left_int || (b.num < 0 ? -b.num : b.num) <= (a.num < 0 ? -a.num : a.num));
    int64_t count = by_right ? b.num : a.num;
    if (count > 1000000000 || count < -1000000000)
      return fail(p, at, "'*' multiplies by an integer of at most 10^9 in size");
    rc = cg_times(p->s, by_right ? *out : right, count, out);
  }
  return rc;
}

/* Terms joined by + and - ("+-" after a term adds a +- part). */
static cgt_rc expr(parser *p, size_t from, size_t to, cg_id *out) {
  size_t i = skip(p, from, to);
  if (i >= to) return fail(p, i, "missing game");
  cgt_rc rc = term(p, &i, to, out);
  if (rc == CGT_OK) rc = times(p, &i, to, out);
  while (rc == CGT_OK && (i = skip(p, i, to)) < to) {
    char op = p->t[i];
    if (op == '+' && (starts(p, i, to, "+-"))) {
      cg_id next;
      rc = term(p, &i, to, &next);
      if (rc == CGT_OK) rc = times(p, &i, to, &next);
      if (rc == CGT_OK) rc = cg_add(p->s, *out, next, out);
      continue;
    }
    if (op != '+' && op != '-') return fail(p, i, "unexpected character");
    i = skip(p, i + 1, to);
    if (i >= to) return fail(p, i, "missing game after the operator");
    cg_id next;
    rc = term(p, &i, to, &next);
    if (rc == CGT_OK) rc = times(p, &i, to, &next);
    if (rc == CGT_OK && op == '-') rc = cg_neg(p->s, next, &next);
    if (rc == CGT_OK) rc = cg_add(p->s, *out, next, out);
  }
  return rc;
}

cgt_rc cg_parse(cg_store *s, const char *text, cg_id *out, char *err, size_t errlen) {
  parser p = {s, text, strlen(text), NULL, 0, err, errlen};
  err[0] = 0;
  if (p.len > CG_TEXT_MAX) {
    snprintf(err, errlen, "text of %zu bytes is over the limit of %u", p.len, CG_TEXT_MAX);
    return CGT_SYNTAX;
  }
  cgt_rc rc = match_brackets(&p);
  if (rc == CGT_OK) rc = expr(&p, 0, p.len, out);
  cgt_free(p.match);
  return rc;
}
