/*
** bench_board: Domineering rectangles 2xn (n <= 16), 3xn (n <= 8), 4x4, 4x5,
** 5x5 and 4x6 (R rows, C columns); Clobber rows 1xn and 2xn of alternating
** stones; Toads and Frogs T^a .^k F^a (k = 1, 2, 3).  For each: cg_board() in
** a fresh connection (so its transposition table starts empty), and beside
** it the baseline, a plain search written here on the core (every option
** searched, positions memoised by their exact board: no split into regions,
** no symmetry).  The baseline is skipped once the previous, smaller board of
** its family took over a second (the next would take much longer).  Both
** values are compared.  Milliseconds.
**
** Then the census of Domineering regions, board_census('domineering', n)
** for n = 8, 10, 12: every column through SQL (all rows read), the core's
** bottom-up census alone (values only), and beside it the other way, the
** core's cg_board search on each shape in turn with one transposition
** table (fixed polyominoes, one per class of the mirrors and the half
** turn); the values of the two are compared.
**
** Usage: bench_board [EXTENSION]
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ext/boards/census.h"
#include "../ext/boards/rulesets.h"
#include "../ext/boards/search.h"
#include "../ext/partizan/pnotation.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ---- the baseline: plain search with a memo of exact boards ---- */

typedef struct key {
  uint64_t w[2];   /* two bits per cell, +1 in w[0] (0 0: a free slot) */
} key;

typedef struct memo {
  key *key;
  cg_id *val;
  size_t cap, n;
} memo;

static size_t slot(key k, size_t cap) {
  uint64_t h = k.w[0] ^ (k.w[1] * 0x9e3779b97f4a7c15ull);
  h ^= h >> 33, h *= 0xff51afd7ed558ccdull, h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

static int key_used(key k) { return k.w[0] || k.w[1]; }
static int key_eq(key a, key b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }

static void memo_put(memo *m, key k, cg_id v) {
  if (2 * (m->n + 1) > m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 4096;
    memo b = {calloc(cap, sizeof(key)), calloc(cap, sizeof(cg_id)), cap, 0};
    for (size_t i = 0; i < m->cap; i++)
      if (key_used(m->key[i])) memo_put(&b, m->key[i], m->val[i]);
    free(m->key), free(m->val);
    *m = b;
  }
  size_t i = slot(k, m->cap);
  while (key_used(m->key[i])) i = (i + 1) & (m->cap - 1);
  m->key[i] = k, m->val[i] = v, m->n++;
}

static int memo_get(const memo *m, key k, cg_id *v) {
  if (!m->cap) return 0;
  for (size_t i = slot(k, m->cap); key_used(m->key[i]); i = (i + 1) & (m->cap - 1))
    if (key_eq(m->key[i], k)) return *v = m->val[i], 1;
  return 0;
}

static key key_of(const cg_grid *g) {
  key k = {{1, (uint64_t)g->cols << 56}};
  for (int i = 0; i < g->rows * g->cols; i++) k.w[i / 32] += (uint64_t)g->c[i] << (2 * (i % 32));
  return k;
}

static cgt_rc plain(cg_store *s, memo *m, const cg_rules *r, const cg_grid *g, cg_id *out) {
  key k = key_of(g);
  if (memo_get(m, k, out)) return CGT_OK;
  cg_grid *opts = malloc(2 * CG_BOARD_MAXOPT * sizeof *opts);
  cg_id L[CG_BOARD_MAXOPT], R[CG_BOARD_MAXOPT];
  uint32_t nl = r->options(r, g, 0, opts, NULL), nr = r->options(r, g, 1, opts + CG_BOARD_MAXOPT, NULL);
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = plain(s, m, r, &opts[i], &L[i]);
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = plain(s, m, r, &opts[CG_BOARD_MAXOPT + i], &R[i]);
  free(opts);
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, out);
  if (rc == CGT_OK) memo_put(m, k, *out);
  return rc;
}

/* The baseline's value as text (malloc'd), and its time in *ms. */
static char *baseline(const char *ruleset, const char *board, double *ms) {
  const cg_rules *r = cg_rules_find(ruleset);
  cg_grid g;
  char err[200];
  if (!r || cg_board_parse(r, board, &g, err, sizeof err) != CGT_OK) return NULL;
  cg_store *s = cg_store_new();
  memo m = {0};
  cg_id v;
  char *text = NULL;
  double t = now_ms();
  if (plain(s, &m, r, &g, &v) == CGT_OK) cg_print(s, v, &text);
  *ms = now_ms() - t;
  free(m.key), free(m.val);
  cg_store_free(s);
  return text;
}

/* ---- cg_board through SQL, in a fresh connection ---- */

/* A fresh in-memory connection with the extension loaded (exits on error). */
static sqlite3 *open_with(const char *ext) {
  sqlite3 *db;
  char *err = NULL;
  sqlite3_open(":memory:", &db);
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_board: %s\n", err);
    exit(1);
  }
  return db;
}

static char *through_sql(const char *ext, const char *ruleset, const char *board, double *ms) {
  sqlite3 *db = open_with(ext);
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, "SELECT cg_board(?1, ?2)", -1, &st, NULL);
  sqlite3_bind_text(st, 1, ruleset, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st, 2, board, -1, SQLITE_TRANSIENT);
  double t = now_ms();
  if (sqlite3_step(st) != SQLITE_ROW) {
    fprintf(stderr, "bench_board: %s\n", sqlite3_errmsg(db));
    exit(1);
  }
  *ms = now_ms() - t;
  char *text = strdup((const char *)sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return text;
}

/* One row of the table: a board of a family (the baseline is skipped for
** the rest of a family once it took over a second). */
typedef struct row {
  const char *ruleset, *family;
  char label[24], board[CG_BOARD_CELLS * 2 + 1];
} row;

static int add_rect(row *rows, int n, const char *ruleset, const char *family, int r, int c, int alternate) {
  row *w = &rows[n];
  w->ruleset = ruleset, w->family = family;
  snprintf(w->label, sizeof w->label, "%dx%d", r, c);
  char *p = w->board;
  for (int i = 0; i < r; i++) {
    if (i) *p++ = '|';
    for (int j = 0; j < c; j++) *p++ = alternate ? "xo"[(i + j) % 2] : '.';
  }
  *p = 0;
  return n + 1;
}

static int add_toadsfrogs(row *rows, int n, const char *family, int a, int k) {
  row *w = &rows[n];
  w->ruleset = "toadsfrogs", w->family = family;
  snprintf(w->label, sizeof w->label, "T%d.%dF%d", a, k, a);
  char *p = w->board;
  for (int i = 0; i < a; i++) *p++ = 'T';
  for (int i = 0; i < k; i++) *p++ = '.';
  for (int i = 0; i < a; i++) *p++ = 'F';
  *p = 0;
  return n + 1;
}

/* ---- the census ---- */

/* Reads every row of board_census('domineering', n) in a fresh connection; the row count. */
static long census_sql(const char *ext, int n, double *ms) {
  sqlite3 *db = open_with(ext);
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, "SELECT * FROM board_census('domineering', ?1)", -1, &st, NULL);
  sqlite3_bind_int(st, 1, n);
  long rows = 0;
  double t = now_ms();
  while (sqlite3_step(st) == SQLITE_ROW) rows++;
  *ms = now_ms() - t;
  sqlite3_finalize(st);
  sqlite3_close(db);
  return rows;
}

/* The core's census of n squares (every row valued), timed; then, in the
** same store (so values compare by id), cg_board_value on each of its
** shapes in turn with one transposition table, timed.  Returns the number
** of shapes whose two values differ. */
static long census_core(int n, double *census_ms, double *search_ms) {
  cg_store *s = cg_store_new();
  cg_census *c = cg_census_new(s, &cg_domineering, (uint32_t)n, 1);
  size_t cap = 1024, rows = 0;
  cg_census_row *all = malloc(cap * sizeof *all);
  int more;
  double t = now_ms();
  while (cg_census_next(c, &all[rows], &more) == CGT_OK && more)
    if (++rows == cap) all = realloc(all, (cap *= 2) * sizeof *all);
  *census_ms = now_ms() - t;
  cg_census_free(c);
  cg_board_table *table = cg_board_table_new();
  long bad = 0;
  t = now_ms();
  for (size_t i = 0; i < rows; i++) {
    cg_id v;
    bad += cg_board_value(s, table, &cg_domineering, &all[i].board, &v) != CGT_OK || v != all[i].value;
  }
  *search_ms = now_ms() - t;
  cg_board_table_free(table);
  cg_store_free(s);
  free(all);
  return bad;
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  static row rows[128];
  int n = 0;
  for (int c = 1; c <= 16; c++) n = add_rect(rows, n, "domineering", "domineering 2xn", 2, c, 0);
  for (int c = 1; c <= 8; c++) n = add_rect(rows, n, "domineering", "domineering 3xn", 3, c, 0);
  n = add_rect(rows, n, "domineering", "domineering 4x4..", 4, 4, 0);
  n = add_rect(rows, n, "domineering", "domineering 4x4..", 4, 5, 0);
  n = add_rect(rows, n, "domineering", "domineering 4x4..", 5, 5, 0);
  n = add_rect(rows, n, "domineering", "domineering 4x4..", 4, 6, 0);
  for (int c = 8; c <= 24; c += 2) n = add_rect(rows, n, "clobber", "clobber 1xn", 1, c, 1);
  for (int c = 3; c <= 9; c++) n = add_rect(rows, n, "clobber", "clobber 2xn", 2, c, 1);
  for (int k = 1; k <= 3; k++)
    for (int a = 2; a <= (k == 3 ? 8 : 10); a++) n = add_toadsfrogs(rows, n, k == 1 ? "T.F" : k == 2 ? "T..F" : "T...F", a, k);
  printf("Board rulesets, milliseconds; baseline: plain search with exact-board memo\n");
  printf("%-12s %-9s %12s %12s %9s  %s\n", "ruleset", "board", "cg_board", "baseline", "speed-up", "value");
  double last_base = 0;
  const char *family = NULL;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    row *w = &rows[i];
    if (!family || strcmp(family, w->family) != 0) last_base = 0, family = w->family;
    double ms, base_ms = 0;
    char *v = through_sql(ext, w->ruleset, w->board, &ms), *b = NULL;
    if (last_base <= 1000) {
      b = baseline(w->ruleset, w->board, &base_ms);
      last_base = base_ms;
      if (!b || strcmp(b, v) != 0) bad++, printf("# the baseline's value differs: %.60s\n", b ? b : "(error)");
    }
    char base[32], ratio[16];
    snprintf(base, sizeof base, b ? "%.2f" : "skipped", base_ms);
    snprintf(ratio, sizeof ratio, b ? "%.1fx" : "-", base_ms / (ms > 0.001 ? ms : 0.001));
    printf("%-12s %-9s %12.2f %12s %9s  %.50s%s\n", w->ruleset, w->label, ms, base, ratio, v, strlen(v) > 50 ? "..." : "");
    fflush(stdout);
    free(v), free(b);
  }
  printf("\nDomineering census, board_census('domineering', n), milliseconds: every column through SQL;\n"
         "the core's bottom-up census; cg_board's search on each shape in turn with one table\n");
  printf("%-3s %8s %12s %12s %14s %9s\n", "n", "rows", "SQL", "core census", "cg_board each", "speed-up");
  for (int cells = 8; cells <= 12; cells += 2) {
    double sql_ms, core_ms, each_ms;
    long count = census_sql(ext, cells, &sql_ms), differ = census_core(cells, &core_ms, &each_ms);
    if (differ) bad++, printf("# %ld values differ\n", differ);
    printf("%-3d %8ld %12.1f %12.1f %14.1f %8.1fx\n", cells, count, sql_ms, core_ms, each_ms, each_ms / core_ms);
    fflush(stdout);
  }
  return bad != 0;
}
