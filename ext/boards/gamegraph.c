/* The game graph of a board by breadth-first search; see gamegraph.h. */
#include "gamegraph.h"

#include "../heap/heaprule.h"
#include "rulesets.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum kind { BOARD, TOETACTICS, HACKENBUSH, CUTCAKE, HEAPS } kind;

typedef struct search {
  cg_gamegraph *gg;
  cg_gamegraph_limits limits;
  cgt_stop *st;
  kind kind;
  const cg_rules *rules;   /* BOARD */
  cgt_rule heap;           /* HEAPS */
  const char *ruleset, *board;   /* the arguments, for messages */
  uint32_t src;            /* the position being expanded */
  char *here;              /* a copy of the text of src */
  char *text;              /* the option being written */
  size_t here_cap, text_cap;
  uint64_t *parts;         /* the heaps, or the cakes (W << 32 | H), of src, ascending */
  size_t parts_cap;
  cg_grid *opts;           /* BOARD: the options of one side */
  char *err;
  size_t errlen;
} search;

/* p grown to hold n items of size (*cap of them now; the new count in
** *cap), or NULL with p kept. */
static void *grown(void *p, size_t *cap, size_t n, size_t size) {
  size_t want = *cap ? *cap : 64;
  while (want < n) want *= 2;
  void *q = cgt_realloc(p, want * size);
  if (q) *cap = want;
  return q;
}

/* Makes *p hold at least n items: chars, 32-bit and 64-bit words. */
static cgt_rc reserve_chars(char **p, size_t *cap, size_t n) {
  char *q = n <= *cap ? *p : grown(*p, cap, n, 1);
  return q ? (*p = q, CGT_OK) : CGT_NOMEM;
}
static cgt_rc reserve_u32(uint32_t **p, size_t *cap, size_t n) {
  uint32_t *q = n <= *cap ? *p : grown(*p, cap, n, sizeof *q);
  return q ? (*p = q, CGT_OK) : CGT_NOMEM;
}
static cgt_rc reserve_u64(uint64_t **p, size_t *cap, size_t n) {
  uint64_t *q = n <= *cap ? *p : grown(*p, cap, n, sizeof *q);
  return q ? (*p = q, CGT_OK) : CGT_NOMEM;
}

/* How many bytes of text to quote in a message: at most 40, not cutting a
** UTF-8 character. */
static int quoted(const char *text) {
  size_t n = strlen(text);
  if (n <= 40) return (int)n;
  n = 40;
  while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80) n--;
  return (int)n;
}

/* The arguments of "'%.*s%s'" that quote text in a message. */
#define QUOTED(text) quoted(text), (text), (text)[quoted(text)] ? "..." : ""

/* A limit's error, naming the board. */
static cgt_rc over(search *x, const char *what, size_t limit) {
  snprintf(x->err, x->errlen, "%s: more than %zu %s (the limit) from board '%.*s%s'", x->ruleset, limit, what,
           QUOTED(x->board));
  return CGT_LIMIT;
}

/* The hash of a text, 32 bits (8 bytes a step). */
static uint32_t text_hash(const char *text, size_t len) {
  uint64_t h = len * 0x9e3779b97f4a7c15ull, w;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    memcpy(&w, text + i, 8);
    h = cgt_mix64(h ^ w);
  }
  w = 0;
  memcpy(&w, text + i, len - i);
  return (uint32_t)(cgt_mix64(h ^ w) >> 32);
}

/* Doubles the slots (64 at first) and puts every position back. */
static cgt_rc grow_slots(cg_gamegraph *gg) {
  size_t n = gg->slots ? 2 * ((size_t)gg->mask + 1) : 64;
  uint64_t *slots = cgt_calloc(n, sizeof *slots);
  if (!slots) return CGT_NOMEM;
  for (size_t i = 0; gg->slots && i <= gg->mask; i++) {
    if (!gg->slots[i]) continue;
    size_t j = (size_t)(gg->slots[i] >> 32) & (n - 1);
    while (slots[j]) j = (j + 1) & (n - 1);
    slots[j] = gg->slots[i];
  }
  cgt_free(gg->slots);
  gg->slots = slots;
  gg->mask = (uint32_t)(n - 1);
  return CGT_OK;
}

/* The index of the position with this text, a new one when it is new. */
static cgt_rc intern(search *x, const char *text, size_t len, uint32_t *idx) {
  cg_gamegraph *gg = x->gg;
  uint32_t h = text_hash(text, len);
  size_t j = h & gg->mask;
  for (; gg->slots[j]; j = (j + 1) & gg->mask) {
    uint64_t e = gg->slots[j];
    uint32_t i = (uint32_t)e - 1;
    if ((uint32_t)(e >> 32) == h && gg->off[i + 1] - gg->off[i] == len &&
        memcmp(gg->text + gg->off[i], text, len) == 0)
      return *idx = i, CGT_OK;
  }
  if (gg->npos >= x->limits.positions) return over(x, "positions", x->limits.positions);
  if (len > x->limits.bytes - gg->text_len) return over(x, "bytes of position texts", x->limits.bytes);
  cgt_rc rc = reserve_chars(&gg->text, &gg->text_cap, gg->text_len + len + 1);
  if (rc == CGT_OK) rc = reserve_u32(&gg->off, &gg->pos_cap, (size_t)gg->npos + 2);
  if (rc) return rc;
  memcpy(gg->text + gg->text_len, text, len);
  gg->text_len += len;
  gg->off[gg->npos + 1] = (uint32_t)gg->text_len;
  gg->slots[j] = (uint64_t)h << 32 | (gg->npos + 1);
  *idx = gg->npos++;
  /* At most half the slots are used. */
  return 2 * (size_t)gg->npos > (size_t)gg->mask ? grow_slots(gg) : CGT_OK;
}

/* Records the move of side from the position being expanded to text.  No
** two moves of one position lead to the same position in these rulesets
** (the parts an option leaves are smaller than the part moved in, and
** equal parts are expanded once), so every move is one row. */
static cgt_rc emit(search *x, int side, const char *text, size_t len) {
  cg_gamegraph *gg = x->gg;
  if (cgt_stop_charge(x->st, len + 1)) return CGT_INTERRUPTED;
  uint32_t idx;
  cgt_rc rc = intern(x, text, len, &idx);
  if (rc) return rc;
  if (gg->nrows >= x->limits.rows) return over(x, "moves", x->limits.rows);
  if (gg->nrows == gg->cap) {
    size_t cap = gg->cap ? 2 * gg->cap : 1024;
    uint32_t *s = cgt_realloc(gg->src, cap * sizeof *s);
    if (s) gg->src = s;
    uint32_t *d = s ? cgt_realloc(gg->dst, cap * sizeof *d) : NULL;
    if (d) gg->dst = d;
    uint8_t *w = d ? cgt_realloc(gg->side, cap) : NULL;
    if (!w) return CGT_NOMEM;
    gg->side = w;
    gg->cap = cap;
  }
  gg->src[gg->nrows] = x->src;
  gg->dst[gg->nrows] = idx;
  gg->side[gg->nrows++] = (uint8_t)side;
  /* the graph's bytes, against the stop's memory */
  uint64_t bytes = gg->text_cap + (uint64_t)gg->pos_cap * 4 + ((uint64_t)gg->mask + 1) * 8 + (uint64_t)gg->cap * 9;
  if (x->st && x->st->memory && bytes > x->st->memory) {
    x->st->wanted = bytes;
    return CGT_MEMORY;
  }
  return CGT_OK;
}

/* ---- Toe-Tac-Tics ---- */

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int three_in_row(const char *cell) {
  for (int i = 0; i < 8; i++) {
    char a = cell[LINES[i][0]];
    if (a != '.' && a == cell[LINES[i][1]] && a == cell[LINES[i][2]]) return 1;
  }
  return 0;
}

/* The 9 cells of a board as surreal_value takes it (rows may be split by '/'). */
static cgt_rc toe_parse(search *x, const char *board, char *cell) {
  int n = 0;
  for (size_t i = 0; board[i]; i++) {
    char c = (char)tolower((unsigned char)board[i]);
    if (c == '/' && n % 3 == 0 && n > 0 && n < 9) continue;
    if (n == 9 || (c != 'x' && c != 'o' && c != '.')) {
      snprintf(x->err, x->errlen, "toetactics: bad cell at position %zu of board '%.*s%s' (9 cells x, o or ., rows "
               "may be split by /)", i + 1, QUOTED(board));
      return CGT_SYNTAX;
    }
    cell[n++] = c;
  }
  cell[n] = 0;
  if (n != 9) {
    snprintf(x->err, x->errlen, "toetactics: board '%.*s%s' has %d cells, not 9", QUOTED(board), n);
    return CGT_SYNTAX;
  }
  if (three_in_row(cell)) {
    snprintf(x->err, x->errlen, "toetactics: board '%s' already has three in a row", board);
    return CGT_SYNTAX;
  }
  return CGT_OK;
}

static cgt_rc toe_expand(search *x) {
  char cell[10];
  memcpy(cell, x->here, 10);
  cgt_rc rc = CGT_OK;
  for (int side = CG_LEFT; side <= CG_RIGHT && rc == CGT_OK; side++)
    for (int i = 0; i < 9 && rc == CGT_OK; i++) {
      if (cell[i] != '.') continue;
      cell[i] = side == CG_LEFT ? 'x' : 'o';
      if (!three_in_row(cell)) rc = emit(x, side, cell, 9);
      cell[i] = '.';
    }
  return rc;
}

/* ---- Hackenbush strings ---- */

static cgt_rc hack_parse(search *x, const char *board, char **out, size_t *cap) {
  size_t n = strlen(board);
  if (n > x->limits.bytes) return over(x, "bytes of position texts", x->limits.bytes);
  cgt_rc rc = reserve_chars(out, cap, n + 1);
  for (size_t i = 0; i < n && rc == CGT_OK; i++) {
    char c = (char)toupper((unsigned char)board[i]);
    if (!strchr("LBRGE", c)) {
      snprintf(x->err, x->errlen, "hackenbush: bad edge at position %zu of '%.*s%s' (L or B blue, R red, G or E green)",
               i + 1, QUOTED(board));
      return CGT_SYNTAX;
    }
    (*out)[i] = c == 'B' ? 'L' : c == 'E' ? 'G' : c;
  }
  if (rc == CGT_OK) (*out)[n] = 0;
  return rc;
}

/* Cutting edge i leaves the edges below it. */
static cgt_rc hack_expand(search *x, size_t len) {
  cgt_rc rc = CGT_OK;
  for (int side = CG_LEFT; side <= CG_RIGHT && rc == CGT_OK; side++)
    for (size_t i = 0; i < len && rc == CGT_OK; i++)
      if (x->here[i] == 'G' || x->here[i] == (side == CG_LEFT ? 'L' : 'R')) rc = emit(x, side, x->here, i);
  return rc;
}

/* ---- lists of heaps or cakes ---- */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Reads a decimal number from 1 to CG_GAMEGRAPH_SIZE_MAX at *p (0 too when
** zero_ok); returns 0 when there is none. */
static int read_size(const char **p, int zero_ok, uint32_t *out) {
  const char *s = *p;
  uint64_t v = 0;
  if (!isdigit((unsigned char)*s)) return 0;
  for (; isdigit((unsigned char)*s); s++) {
    v = v * 10 + (uint64_t)(*s - '0');
    if (v > CG_GAMEGRAPH_SIZE_MAX) return 0;
  }
  if (v == 0 && !zero_ok) return 0;
  *p = s;
  *out = (uint32_t)v;
  return 1;
}

/* Parses heaps '3,5,7' (spaces allowed; '' and 0s are no heaps) or cakes
** '2x3+1x3' into x->parts, ascending; *n is the count. */
static cgt_rc list_parse(search *x, const char *text, size_t *n) {
  int cakes = x->kind == CUTCAKE;
  const char *p = text;
  *n = 0;
  while (*p == ' ') p++;
  if (!*p && !cakes) return CGT_OK;
  for (;;) {
    uint32_t a = 0, b = 0;
    while (*p == ' ') p++;
    int ok = read_size(&p, !cakes, &a);
    if (ok && cakes) ok = (*p == 'x' || *p == 'X') && (p++, read_size(&p, 0, &b));
    while (*p == ' ') p++;
    if (!ok || (*p && *p != (cakes ? '+' : ','))) {
      if (cakes)
        snprintf(x->err, x->errlen, "cutcake: bad board '%.*s%s' at character %zu (a board is cakes WxH joined by "
                 "'+', such as '2x3+1x3', sides from 1 to %u)", QUOTED(text), (size_t)(p - text) + 1,
                 CG_GAMEGRAPH_SIZE_MAX);
      else
        snprintf(x->err, x->errlen, "%s: bad board '%.*s%s' at character %zu (a board is heaps joined by ',', such "
                 "as '3,5,7', each from 0 to %u)", x->ruleset, QUOTED(text), (size_t)(p - text) + 1,
                 CG_GAMEGRAPH_SIZE_MAX);
      return CGT_SYNTAX;
    }
    if (cakes || a) {
      cgt_rc rc = reserve_u64(&x->parts, &x->parts_cap, *n + 1);
      if (rc) return rc;
      x->parts[(*n)++] = (uint64_t)a << 32 | b;
    }
    if (!*p) break;
    p++;
  }
  if (cgt_stop_charge(x->st, *n + 1)) return CGT_INTERRUPTED;
  if (*n > 1) qsort(x->parts, *n, sizeof *x->parts, cmp_u64);
  return CGT_OK;
}

/* Writes v in decimal at p; returns the end. */
static char *put_u32(char *p, uint32_t v) {
  char digits[10];
  int k = 0;
  do digits[k++] = (char)('0' + v % 10), v /= 10;
  while (v);
  while (k) *p++ = digits[--k];
  return p;
}

static char *put_part(const search *x, char *p, uint64_t part) {
  if (x->kind == HEAPS) return put_u32(p, (uint32_t)(part >> 32));
  p = put_u32(p, (uint32_t)(part >> 32));
  *p++ = 'x';
  return put_u32(p, (uint32_t)part);
}

/* Writes the list of parts[0..n) without parts[skip] and with add[0..nadd)
** (ascending) into x->text; returns its length. */
static size_t list_text(search *x, size_t n, size_t skip, const uint64_t *add, int nadd) {
  char *p = x->text, sep = x->kind == CUTCAKE ? '+' : ',';
  size_t i = 0;
  int j = 0;
  while (i < n || j < nadd) {
    if (i == skip) {
      i++;
      continue;
    }
    uint64_t v = j < nadd && (i >= n || add[j] < x->parts[i]) ? add[j++] : x->parts[i++];
    if (p != x->text) *p++ = sep;
    p = put_part(x, p, v);
  }
  if (p == x->text) *p++ = '0';   /* no heaps left */
  *p = 0;
  return (size_t)(p - x->text);
}

/* The moves from part i of the position (n parts). */
static cgt_rc emit_parts(search *x, size_t n, size_t i, int side, const uint64_t *add, int nadd) {
  size_t len = list_text(x, n, i, add, nadd);
  return emit(x, side, x->text, len);
}

static cgt_rc cake_expand(search *x, size_t n) {
  cgt_rc rc = CGT_OK;
  for (size_t i = 0; i < n && rc == CGT_OK; i++) {
    if (i && x->parts[i] == x->parts[i - 1]) continue;
    uint64_t w = x->parts[i] >> 32, h = x->parts[i] & 0xffffffffu;
    for (uint64_t a = 1; 2 * a <= w && rc == CGT_OK; a++) {
      uint64_t add[2] = {a << 32 | h, (w - a) << 32 | h};
      rc = emit_parts(x, n, i, CG_LEFT, add, 2);
    }
    for (uint64_t b = 1; 2 * b <= h && rc == CGT_OK; b++) {
      uint64_t add[2] = {w << 32 | b, w << 32 | (h - b)};
      rc = emit_parts(x, n, i, CG_RIGHT, add, 2);
    }
  }
  return rc;
}

static cgt_rc heap_expand(search *x, size_t n) {
  const cgt_rule *r = &x->heap;
  cgt_rc rc = CGT_OK;
  for (size_t i = 0; i < n && rc == CGT_OK; i++) {
    if (i && x->parts[i] == x->parts[i - 1]) continue;
    uint64_t m = x->parts[i] >> 32;
    uint64_t top = r->tail ? m : r->ndigits - 1 < m ? r->ndigits - 1 : m;
    for (uint64_t j = 0; j <= top && rc == CGT_OK; j++) {
      if (cgt_stop_charge(x->st, 1)) return CGT_INTERRUPTED;
      uint8_t d = cgt_rule_digit(r, (uint32_t)j);
      uint64_t s = m - j;
      int diff = cgt_rule_distinct(r, (uint32_t)j);
      if ((d & CGT_LEAVE_NONE) && s == 0 && j > 0) rc = emit_parts(x, n, i, CG_EITHER, NULL, 0);
      if ((d & CGT_LEAVE_ONE) && s > 0 && j > 0 && rc == CGT_OK) {
        uint64_t add[1] = {s << 32};
        rc = emit_parts(x, n, i, CG_EITHER, add, 1);
      }
      for (uint64_t a = 1; (d & CGT_LEAVE_TWO) && 2 * a <= s && rc == CGT_OK; a++) {
        uint64_t add[2] = {a << 32, (s - a) << 32};
        if (!diff || 2 * a != s) rc = emit_parts(x, n, i, CG_EITHER, add, 2);
      }
      for (uint64_t a = 1; (d & CGT_LEAVE_THREE) && 3 * a <= s && rc == CGT_OK; a++)
        for (uint64_t b = a; a + 2 * b <= s && rc == CGT_OK; b++) {
          uint64_t c = s - a - b, add[3] = {a << 32, b << 32, c << 32};
          if (!diff || (a != b && b != c)) rc = emit_parts(x, n, i, CG_EITHER, add, 3);
        }
    }
  }
  return rc;
}

/* ---- board rulesets ---- */

static cgt_rc board_expand(search *x) {
  cg_grid g;
  char err[200];
  if (cg_board_parse(x->rules, x->here, &g, err, sizeof err)) return CGT_SYNTAX;   /* (texts are its own) */
  cgt_rc rc = CGT_OK;
  for (int side = 0; side < 2 && rc == CGT_OK; side++) {
    uint32_t n = x->rules->options(x->rules, &g, side, x->opts, NULL);
    for (uint32_t k = 0; k < n && rc == CGT_OK; k++) {
      cg_board_text(x->rules, &x->opts[k], x->text);
      rc = emit(x, side ? CG_RIGHT : CG_LEFT, x->text, strlen(x->text));
    }
  }
  return rc;
}

/* ---- the search ---- */

/* Chooses the ruleset and writes the board's canonical text in x->text
** (*len bytes). */
static cgt_rc start(search *x, const char *ruleset, const char *board, size_t *len) {
  cgt_rc rc;
  size_t n = 0;
  if ((x->rules = cg_rules_find(ruleset)) != NULL) {
    x->kind = BOARD;
    cg_grid g;
    x->opts = cgt_malloc(CG_BOARD_MAXOPT * sizeof *x->opts);
    rc = x->opts ? reserve_chars(&x->text, &x->text_cap, CG_BOARD_CELLS * 2 + 1) : CGT_NOMEM;
    if (rc == CGT_OK) rc = cg_board_parse(x->rules, board, &g, x->err, x->errlen);
    if (rc == CGT_OK) cg_board_text(x->rules, &g, x->text);
  } else if (cgt_name_is(ruleset, "toetactics")) {
    x->kind = TOETACTICS;
    rc = reserve_chars(&x->text, &x->text_cap, 10);
    if (rc == CGT_OK) rc = toe_parse(x, board, x->text);
  } else if (cgt_name_is(ruleset, "hackenbush")) {
    x->kind = HACKENBUSH;
    rc = hack_parse(x, board, &x->text, &x->text_cap);
  } else {
    if (cgt_name_is(ruleset, "cutcake")) {
      x->kind = CUTCAKE;
    } else {
      x->kind = HEAPS;
      char why[300];
      if ((rc = cgt_rule_parse(ruleset, &x->heap, why, sizeof why)) != CGT_OK) {
        if (rc == CGT_SYNTAX)
          snprintf(x->err, x->errlen, "%s; the rulesets are %s, toetactics, hackenbush, cutcake and the heap "
                   "rules of heap_grundy", why, CG_RULESET_NAMES);
        return rc;
      }
    }
    rc = list_parse(x, board, &n);
    if (rc == CGT_OK) rc = reserve_chars(&x->text, &x->text_cap, strlen(board) + 2 * n + 2);
    if (rc == CGT_OK) list_text(x, n, SIZE_MAX, NULL, 0);
  }
  if (rc == CGT_OK) *len = strlen(x->text);
  return rc;
}

cgt_rc cg_gamegraph_build(cg_gamegraph *gg, const char *ruleset, const char *board, const cg_gamegraph_limits *limits,
                          cgt_stop *st, char *err, size_t errlen) {
  memset(gg, 0, sizeof *gg);
  search x;
  memset(&x, 0, sizeof x);
  x.gg = gg, x.limits = *limits, x.st = st, x.ruleset = ruleset, x.board = board, x.err = err, x.errlen = errlen;
  err[0] = 0;
  size_t len = 0;
  uint32_t idx;
  cgt_rc rc = grow_slots(gg);
  if (rc == CGT_OK) rc = reserve_u32(&gg->off, &gg->pos_cap, 1);
  if (rc == CGT_OK) gg->off[0] = 0, rc = start(&x, ruleset, board, &len);
  if (rc == CGT_OK) rc = intern(&x, x.text, len, &idx);
  for (x.src = 0; rc == CGT_OK && x.src < gg->npos; x.src++) {
    uint32_t n;
    const char *text = cg_gamegraph_text(gg, x.src, &n);
    /* The copy keeps the text while interning moves the texts; an option
    ** is at most 2 * 10 + 2 bytes longer (a heap split in three). */
    rc = reserve_chars(&x.here, &x.here_cap, (size_t)n + 1);
    if (rc == CGT_OK && x.kind != BOARD && x.kind != TOETACTICS) rc = reserve_chars(&x.text, &x.text_cap, (size_t)n + 32);
    if (rc) break;
    memcpy(x.here, text, n);
    x.here[n] = 0;
    if (cgt_stop_charge(st, (uint64_t)n + 1)) rc = CGT_INTERRUPTED;
    else if (x.kind == BOARD) rc = board_expand(&x);
    else if (x.kind == TOETACTICS) rc = toe_expand(&x);
    else if (x.kind == HACKENBUSH) rc = hack_expand(&x, n);
    else {
      size_t parts;
      rc = list_parse(&x, x.here, &parts);
      if (rc == CGT_OK) rc = x.kind == CUTCAKE ? cake_expand(&x, parts) : heap_expand(&x, parts);
    }
  }
  cgt_rule_free(&x.heap);
  cgt_free(x.here);
  cgt_free(x.text);
  cgt_free(x.parts);
  cgt_free(x.opts);
  return rc;
}

void cg_gamegraph_free(cg_gamegraph *gg) {
  cgt_free(gg->text);
  cgt_free(gg->off);
  cgt_free(gg->slots);
  cgt_free(gg->src);
  cgt_free(gg->dst);
  cgt_free(gg->side);
  memset(gg, 0, sizeof *gg);
}

const char *cg_gamegraph_text(const cg_gamegraph *gg, uint32_t idx, uint32_t *len) {
  *len = gg->off[idx + 1] - gg->off[idx];
  return gg->text + gg->off[idx];
}
