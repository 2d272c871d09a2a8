/* Built-in partizan rulesets; see prules.h. */
#include "prules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Hackenbush strings ---- */

/* Adds option x to the undominated options set[0..*n) of Left (left set)
** or Right: x is left out when a member is at least as good for that
** player, and members x is better than go. */
static cgt_rc add_undominated(cg_store *s, cg_id *set, uint32_t *n, cg_id x, int left) {
  uint32_t kept = 0;
  cg_dyadic xn, yn;
  int64_t xu, yu;
  int x_ns = cg_is_nus(s, x, &xn, &xu, NULL) && xu == 0;
  cgt_rc rc = cg_work(s, *n);   /* (closed-form comparisons charge nothing) */
  if (rc) return rc;
  for (uint32_t i = 0; i < *n; i++) {
    int x_no_better, y_no_better;   /* for the player: x <= y (Left) or x >= y (Right), and the converse */
    if (x_ns && cg_is_nus(s, set[i], &yn, &yu, NULL) && yu == 0 && cg_dyadic_eq(xn, yn) && x != set[i]) {
      set[kept++] = set[i];   /* x + *a and x + *b: incomparable */
      continue;
    }
    rc = left ? cg_le(s, x, set[i], &x_no_better) : cg_le(s, set[i], x, &x_no_better);
    if (rc) return rc;
    if (x_no_better) return CGT_OK;   /* (the members are an antichain: none was removed yet) */
    rc = left ? cg_le(s, set[i], x, &y_no_better) : cg_le(s, x, set[i], &y_no_better);
    if (rc) return rc;
    if (!y_no_better) set[kept++] = set[i];
  }
  set[kept++] = x;
  *n = kept;
  return CGT_OK;
}

cgt_rc cg_hackenbush_string(cg_store *s, const char *edges, uint64_t work_max, cg_id *out, char *err, size_t errlen) {
  size_t n = strlen(edges);
  if (n > CG_HACKENBUSH_MAX) {
    snprintf(err, errlen, "a string of %zu edges is over the limit of %u", n, CG_HACKENBUSH_MAX);
    return CGT_SYNTAX;
  }
  for (size_t i = 0; i < n; i++) {
    char c = (char)toupper((unsigned char)edges[i]);
    if (!strchr("LBRGE", c) || !c) {
      /* a byte outside ASCII is named in hex: alone it is not UTF-8 */
      char shown[8];
      snprintf(shown, sizeof shown, (unsigned char)edges[i] < 0x80 ? "'%c'" : "0x%02X", (unsigned char)edges[i]);
      snprintf(err, errlen, "bad edge %s at position %zu (L or B blue, R red, G or E green)", shown, i + 1);
      return CGT_SYNTAX;
    }
  }
  /* value[i]: the string cut down to its first i edges.  The options of
  ** value[k] are value[i] for i < k, by the colour of edge i + 1; L and R
  ** keep only the undominated ones as k grows (one each while the values
  ** are numbers), so the string costs linear work, not quadratic. */
  cg_id *value = cgt_malloc((n + 1) * sizeof *value), *L = cgt_malloc((n + 1) * sizeof *L), *R = cgt_malloc((n + 1) * sizeof *R);
  cg_budget b;
  cg_budget_begin(&b, s, work_max);
  cgt_rc rc = value && L && R ? cg_integer(s, 0, &value[0]) : CGT_NOMEM;
  uint32_t nl = 0, nr = 0;
  /* twin: L and R are both x + *0, ..., x + *(m-1) for one number x, and
  ** the value is x + *m; a green edge then makes x + *(m+1), its options
  ** pairwise incomparable (no canonical form to search).  So are a run of
  ** green edges from the ground (x = 0) and one on a Blue-Red string
  ** (whose value x dominates all its other options). */
  int twin = 1;
  for (size_t k = 1; k <= n && rc == CGT_OK; k++) {
    char c = (char)toupper((unsigned char)edges[k - 1]);
    cg_dyadic x;
    uint32_t m;
    if (twin && (c == 'G' || c == 'E')) {
      cg_is_nus(s, value[k - 1], &x, NULL, &m);
      L[nl++] = R[nr++] = value[k - 1];
      if ((rc = cg_work(s, 1)) == CGT_OK) rc = cg_nus(s, x, 0, m + 1, &value[k]);
      continue;
    }
    if (c != 'R') rc = add_undominated(s, L, &nl, value[k - 1], 1);
    if (rc == CGT_OK && (c == 'R' || c == 'G' || c == 'E')) rc = add_undominated(s, R, &nr, value[k - 1], 0);
    if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, &value[k]);
    int64_t ups;
    twin = rc == CGT_OK && cg_is_nus(s, value[k], &x, &ups, &m) && ups == 0 && m == nl && nl == nr &&
           memcmp(L, R, nl * sizeof *L) == 0;
  }
  if ((rc = cg_budget_end(&b, s, rc)) == CGT_LIMIT)
    snprintf(err, errlen, "a string of %zu edges takes over %.0e steps (green edges under another colour cost most)",
             n, (double)work_max);
  if (rc == CGT_OK) *out = value[n];
  cgt_free(value);
  cgt_free(L);
  cgt_free(R);
  return rc;
}

/* ---- Cutcake ---- */

static int floor_log2(uint64_t x) { return 63 - __builtin_clzll(x); }

cgt_rc cg_cutcake(cg_store *s, uint64_t w, uint64_t h, cg_id *out) {
  int a = floor_log2(w), b = floor_log2(h);
  int64_t v = a > b ? (int64_t)(w >> b) - 1 : b > a ? -((int64_t)(h >> a) - 1) : 0;
  return cg_integer(s, v, out);
}

cgt_rc cg_cutcake_search(cg_store *s, uint32_t w, uint32_t h, cg_id *out) {
  cg_id *v = cgt_malloc((size_t)(w + 1) * (h + 1) * sizeof *v), *L = cgt_malloc((w + h + 1) * sizeof *L), *R = L + w;
  cgt_rc rc = v && L ? CGT_OK : CGT_NOMEM;
  for (uint32_t x = 1; x <= w && rc == CGT_OK; x++)
    for (uint32_t y = 1; y <= h && rc == CGT_OK; y++) {
      uint32_t nl = 0, nr = 0;
      for (uint32_t a = 1; a < x && rc == CGT_OK; a++) rc = cg_add(s, v[a * (h + 1) + y], v[(x - a) * (h + 1) + y], &L[nl++]);
      for (uint32_t b = 1; b < y && rc == CGT_OK; b++) rc = cg_add(s, v[x * (h + 1) + b], v[x * (h + 1) + y - b], &R[nr++]);
      if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, &v[x * (h + 1) + y]);
    }
  if (rc == CGT_OK) *out = v[w * (h + 1) + h];
  cgt_free(v);
  cgt_free(L);
  return rc;
}

/* ---- Toe-Tac-Tics ---- */

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int three(const int *cell) {
  for (int i = 0; i < 8; i++)
    if (cell[LINES[i][0]] && cell[LINES[i][0]] == cell[LINES[i][1]] && cell[LINES[i][1]] == cell[LINES[i][2]]) return 1;
  return 0;
}

static int code(const int *cell) {
  int c = 0;
  for (int i = 8; i >= 0; i--) c = c * 3 + cell[i];
  return c;
}

/* The value of a board with no three in a row (cells: 0 empty, 1 x, 2 o). */
static cgt_rc ttt(cg_store *s, int *cell, cg_id *memo, cg_id *out) {
  int c = code(cell);
  if (memo[c] != UINT32_MAX) return *out = memo[c], CGT_OK;
  cg_id L[9], R[9];
  uint32_t nl = 0, nr = 0;
  cgt_rc rc = CGT_OK;
  for (int i = 0; i < 9 && rc == CGT_OK; i++) {
    if (cell[i]) continue;
    for (int mark = 1; mark <= 2 && rc == CGT_OK; mark++) {
      cell[i] = mark;
      if (!three(cell)) rc = ttt(s, cell, memo, mark == 1 ? &L[nl++] : &R[nr++]);
      cell[i] = 0;
    }
  }
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, &memo[c]);
  if (rc == CGT_OK) *out = memo[c];
  return rc;
}

cgt_rc cg_toetactics(cg_store *s, const char *board, cg_id *memo, cg_id *out, char *err, size_t errlen) {
  int cell[9], n = 0;
  for (size_t i = 0; board[i]; i++) {
    char c = (char)tolower((unsigned char)board[i]);
    if (c == '/' && n % 3 == 0 && n > 0 && n < 9) continue;
    if (n == 9 || (c != 'x' && c != 'o' && c != '.')) {
      snprintf(err, errlen, "bad cell '%c' at position %zu in board '%s' (9 cells x, o or ., rows may be split by /)",
               board[i], i + 1, board);
      return CGT_SYNTAX;
    }
    cell[n++] = c == 'x' ? 1 : c == 'o' ? 2 : 0;
  }
  if (n != 9) {
    snprintf(err, errlen, "board '%s' has %d cells, not 9", board, n);
    return CGT_SYNTAX;
  }
  if (three(cell)) {
    snprintf(err, errlen, "board '%s' already has three in a row", board);
    return CGT_SYNTAX;
  }
  return ttt(s, cell, memo, out);
}
