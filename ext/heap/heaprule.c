/* Parsing heap-game rules; see heaprule.h for the language. */
#include "heaprule.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAKE 1000000u   /* largest number in sub{} and allbut{} */

static const struct {
  const char *name, *code;
} NAMED[] = {{"kayles", "0.77"},         {"dawsons-kayles", "0.07"}, {"dawsons-chess", "0.137"},
             {"treblecross", "0.007"},   {"officers", "0.6"},        {"grundy", "4!.0"}};

/* The code of a named rule, or NULL. */
static const char *named_code(const char *text) {
  for (size_t i = 0; i < sizeof NAMED / sizeof *NAMED; i++)
    if (cgt_name_is(text, NAMED[i].name)) return NAMED[i].code;
  return NULL;
}

void cgt_rule_free(cgt_rule *r) {
  cgt_free(r->d);
  cgt_free(r->distinct);
  memset(r, 0, sizeof *r);
}

static cgt_rc alloc_digits(cgt_rule *r, uint32_t n) {
  r->ndigits = n;
  r->d = cgt_calloc(n ? n : 1, 1);
  r->distinct = cgt_calloc(n ? n : 1, 1);
  return r->d && r->distinct ? CGT_OK : CGT_NOMEM;
}

static cgt_rc syntax(char *err, size_t errlen, const char *fmt, const char *text, size_t at) {
  char c = text[at];
  if (c) snprintf(err, errlen, fmt, c, text);
  else snprintf(err, errlen, "rule '%s' ends too soon", text);
  return CGT_SYNTAX;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = (char)tolower((unsigned char)c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* d0.d1d2... */
static cgt_rc parse_code(const char *text, cgt_rule *r, char *err, size_t errlen) {
  size_t at = 0, len = strlen(text);
  if (text[0] != '.' && hexval(text[0]) < 0) return syntax(err, errlen, "bad digit '%c' in rule '%s'", text, 0);
  cgt_rc rc = alloc_digits(r, (uint32_t)len + 1);
  if (rc) return rc;
  uint32_t j = 0;
  if (text[at] != '.') {
    r->d[0] = (uint8_t)hexval(text[at++]);
    if (text[at] == '!') r->distinct[0] = 1, at++;
    if (r->d[0] & (CGT_LEAVE_NONE | CGT_LEAVE_ONE)) {
      snprintf(err, errlen, "digit d0 may only split (0, 4, 8 or c), not %c, in rule '%s'", text[0], text);
      return CGT_SYNTAX;
    }
  }
  if (text[at] != '.') return syntax(err, errlen, "bad character '%c' in rule '%s' (expected '.')", text, at);
  for (at++, j = 1; text[at]; j++) {
    if (strcmp(text + at, "...") == 0) {   /* the last digit repeats forever */
      if (j == 1 || r->distinct[j - 1]) {
        snprintf(err, errlen, "'...' must follow a digit without '!' after the '.' in rule '%s'", text);
        return CGT_SYNTAX;
      }
      r->tail = r->d[j - 1];
      break;
    }
    if (text[at] == '[') {   /* CGSuite's [d]: d for this removal and every larger one */
      int v = hexval(text[at + 1]);
      if (v < 0 || text[at + 2] != ']' || text[at + 3]) {
        snprintf(err, errlen, "'[' must hold one digit and end the rule '%s'", text);
        return CGT_SYNTAX;
      }
      r->tail = (uint8_t)v;
      break;
    }
    int v = hexval(text[at]);
    if (v < 0) return syntax(err, errlen, "bad digit '%c' in rule '%s'", text, at);
    r->d[j] = (uint8_t)v;
    if (text[++at] == '!') r->distinct[j] = 1, at++;
  }
  r->ndigits = j;
  return CGT_OK;
}

/* sub{...} and allbut{...}: a set of positive integers. */
static cgt_rc parse_set(const char *text, size_t at, int allbut, cgt_rule *r, char *err, size_t errlen) {
  uint32_t vals[4096], n = 0, top = 0;
  if (text[at] != '{') return syntax(err, errlen, "bad character '%c' in rule '%s' (expected '{')", text, at);
  for (at++; text[at] != '}';) {
    while (text[at] == ' ') at++;
    if (!isdigit((unsigned char)text[at])) return syntax(err, errlen, "bad character '%c' in rule '%s'", text, at);
    uint64_t v = 0;
    while (isdigit((unsigned char)text[at])) {
      v = v * 10 + (uint64_t)(text[at++] - '0');
      if (v > MAX_TAKE) {
        snprintf(err, errlen, "number too large (over %u) in rule '%s'", MAX_TAKE, text);
        return CGT_SYNTAX;
      }
    }
    if (v == 0) {
      snprintf(err, errlen, "0 cannot be taken in rule '%s'", text);
      return CGT_SYNTAX;
    }
    if (n == sizeof vals / sizeof *vals) {
      snprintf(err, errlen, "too many numbers in rule '%s'", text);
      return CGT_SYNTAX;
    }
    vals[n++] = (uint32_t)v;
    if (v > top) top = (uint32_t)v;
    while (text[at] == ' ') at++;
    if (text[at] == ',') at++;
    else if (text[at] != '}') return syntax(err, errlen, "bad character '%c' in rule '%s'", text, at);
  }
  if (text[at + 1]) return syntax(err, errlen, "bad character '%c' after '}' in rule '%s'", text, at + 1);
  cgt_rc rc = alloc_digits(r, top + 1);
  if (rc) return rc;
  uint8_t take = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  for (uint32_t j = 1; j <= top; j++) r->d[j] = allbut ? take : 0;
  for (uint32_t i = 0; i < n; i++) r->d[vals[i]] = allbut ? 0 : take;
  r->tail = allbut ? take : 0;
  return CGT_OK;
}

cgt_rc cgt_rule_parse(const char *text, cgt_rule *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  err[0] = 0;
  cgt_rc rc;
  if (!text[0]) {
    snprintf(err, errlen, "empty rule");
    rc = CGT_SYNTAX;
  } else if (cgt_name_is(text, "nim")) {
    rc = alloc_digits(r, 1);
    r->tail = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  } else if (cgt_name_is(text, "lasker")) {
    rc = alloc_digits(r, 1);
    if (rc == CGT_OK) r->d[0] = CGT_LEAVE_TWO;
    r->tail = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  } else if (cgt_name_prefix(text, "sub{")) {
    rc = parse_set(text, 3, 0, r, err, errlen);
  } else if (cgt_name_prefix(text, "allbut{")) {
    rc = parse_set(text, 6, 1, r, err, errlen);
  } else if (named_code(text)) {
    rc = parse_code(named_code(text), r, err, errlen);
  } else if (isalpha((unsigned char)text[0]) && (hexval(text[0]) < 0 || isalpha((unsigned char)text[1]))) {
    rc = CGT_SYNTAX;
    snprintf(err, errlen, "unknown rule '%s' (codes like 0.77, sub{...}, allbut{...}, or a name: nim, kayles, "
             "dawsons-kayles, dawsons-chess, treblecross, officers, grundy, lasker)", text);
  } else {
    rc = parse_code(text, r, err, errlen);
  }
  if (rc) cgt_rule_free(r);
  return rc;
}

uint32_t cgt_rule_last(const cgt_rule *r) {
  uint32_t last = 0;
  for (uint32_t j = 0; j < r->ndigits; j++)
    if (r->d[j]) last = j;
  return last;
}

int cgt_rule_is_finite_octal(const cgt_rule *r) {
  if (r->tail) return 0;
  for (uint32_t j = 0; j < r->ndigits; j++)
    if ((r->d[j] & CGT_LEAVE_THREE) || r->distinct[j]) return 0;
  return 1;
}

int cgt_rule_is_subtraction(const cgt_rule *r) {
  if (r->tail) return 0;
  for (uint32_t j = 0; j < r->ndigits; j++)
    if (r->d[j] & (CGT_LEAVE_TWO | CGT_LEAVE_THREE)) return 0;
  return 1;
}

int cgt_rule_takes_past(const cgt_rule *r, uint32_t *m) {
  const uint8_t take = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  if (r->tail != take) return 0;
  *m = 0;
  for (uint32_t j = 0; j < r->ndigits; j++) {
    if (r->d[j] & (CGT_LEAVE_TWO | CGT_LEAVE_THREE)) return 0;
    if (j > 0 && r->d[j] != take) *m = j;
  }
  return 1;
}

int cgt_rule_is_lasker(const cgt_rule *r) {
  const uint8_t take = CGT_LEAVE_NONE | CGT_LEAVE_ONE;
  if (r->tail != take || r->ndigits == 0 || r->d[0] != CGT_LEAVE_TWO || r->distinct[0]) return 0;
  for (uint32_t j = 1; j < r->ndigits; j++)
    if (r->d[j] != take) return 0;
  return 1;
}
