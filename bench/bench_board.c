/*
** bench_board: Domineering rectangles 2xn (n <= 16), 3xn (n <= 8), 4x4, 4x5,
** 5x5 and 4x6 (R rows, C columns).  For each: cg_board() in a fresh
** connection (so its transposition table starts empty), and beside it the
** baseline, a plain search written here on the core (every option searched,
** positions memoised by their exact board: no split into regions, no
** symmetry).  The baseline is skipped once the previous, smaller board of
** its family took over a second (the next would take over ~10 s).  Both
** values are compared.  Milliseconds.
**
** Usage: bench_board [EXTENSION]
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ext/core/partizan/board/board.h"
#include "../ext/core/partizan/pnotation.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ---- the baseline: plain search with a memo of exact boards ---- */

typedef struct memo {
  uint64_t *key;   /* the free squares as a bit mask, +1 (0: a free slot) */
  cg_id *val;
  size_t cap, n;
} memo;

static size_t slot(uint64_t k, size_t cap) {
  k ^= k >> 33, k *= 0xff51afd7ed558ccdull, k ^= k >> 33;
  return (size_t)k & (cap - 1);
}

static void memo_put(memo *m, uint64_t k, cg_id v) {
  if (2 * (m->n + 1) > m->cap) {
    memo b = {calloc(m->cap ? 2 * m->cap : 4096, 8), calloc(m->cap ? 2 * m->cap : 4096, sizeof(cg_id)),
              m->cap ? 2 * m->cap : 4096, 0};
    for (size_t i = 0; i < m->cap; i++)
      if (m->key[i]) memo_put(&b, m->key[i], m->val[i]);
    free(m->key), free(m->val);
    *m = b;
  }
  size_t i = slot(k, m->cap);
  while (m->key[i]) i = (i + 1) & (m->cap - 1);
  m->key[i] = k, m->val[i] = v, m->n++;
}

static int memo_get(const memo *m, uint64_t k, cg_id *v) {
  if (!m->cap) return 0;
  for (size_t i = slot(k, m->cap); m->key[i]; i = (i + 1) & (m->cap - 1))
    if (m->key[i] == k) return *v = m->val[i], 1;
  return 0;
}

static uint64_t mask_of(const cg_grid *g) {
  uint64_t k = 0;
  for (int i = 0; i < g->rows * g->cols; i++) k |= (uint64_t)g->c[i] << i;
  return k + 1;
}

static cgt_rc plain(cg_store *s, memo *m, const cg_grid *g, cg_id *out) {
  uint64_t k = mask_of(g);
  if (memo_get(m, k, out)) return CGT_OK;
  cg_grid *opts = malloc(2 * CG_BOARD_MAXOPT * sizeof *opts);
  cg_id L[CG_BOARD_MAXOPT], R[CG_BOARD_MAXOPT];
  uint32_t nl = cg_domineering.options(g, 0, opts), nr = cg_domineering.options(g, 1, opts + CG_BOARD_MAXOPT);
  cgt_rc rc = CGT_OK;
  for (uint32_t i = 0; i < nl && rc == CGT_OK; i++) rc = plain(s, m, &opts[i], &L[i]);
  for (uint32_t i = 0; i < nr && rc == CGT_OK; i++) rc = plain(s, m, &opts[CG_BOARD_MAXOPT + i], &R[i]);
  free(opts);
  if (rc == CGT_OK) rc = cg_game(s, L, nl, R, nr, out);
  if (rc == CGT_OK) memo_put(m, k, *out);
  return rc;
}

/* The baseline's value as text (malloc'd), and its time in *ms. */
static char *baseline(int rows, int cols, double *ms) {
  cg_store *s = cg_store_new();
  memo m = {0};
  cg_grid g = {(uint8_t)rows, (uint8_t)cols, {0}};
  memset(g.c, 1, (size_t)rows * cols);
  cg_id v;
  char *text = NULL;
  double t = now_ms();
  if (plain(s, &m, &g, &v) == CGT_OK) cg_print(s, v, &text);
  *ms = now_ms() - t;
  free(m.key), free(m.val);
  cg_store_free(s);
  return text;
}

/* ---- cg_board through SQL, in a fresh connection ---- */

static char *through_sql(const char *ext, int rows, int cols, double *ms) {
  sqlite3 *db;
  char *err = NULL, board[CG_BOARD_CELLS * 2 + 1], *p = board;
  sqlite3_open(":memory:", &db);
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_board: %s\n", err);
    exit(1);
  }
  for (int i = 0; i < rows; i++) {
    if (i) *p++ = '|';
    for (int j = 0; j < cols; j++) *p++ = '.';
  }
  *p = 0;
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, "SELECT cg_board('domineering', ?1)", -1, &st, NULL);
  sqlite3_bind_text(st, 1, board, -1, SQLITE_TRANSIENT);
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

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  int boards[][2] = {{2, 1}, {2, 2},  {2, 3},  {2, 4}, {2, 5}, {2, 6}, {2, 7}, {2, 8}, {2, 9}, {2, 10},
                     {2, 11}, {2, 12}, {2, 13}, {2, 14}, {2, 15}, {2, 16}, {3, 1}, {3, 2}, {3, 3}, {3, 4},
                     {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 4}, {4, 5}, {5, 5}, {4, 6}};
  printf("Domineering rectangles (R rows x C columns), milliseconds; baseline: plain search with exact-board memo\n");
  printf("%-6s %12s %12s %9s  %s\n", "board", "cg_board", "baseline", "speed-up", "value");
  double last_base = 0;
  int last_rows = 0, bad = 0;
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    int r = boards[i][0], c = boards[i][1];
    if (r != last_rows) last_base = 0, last_rows = r;
    double ms, base_ms = 0;
    char *v = through_sql(ext, r, c, &ms), *b = NULL;
    if (last_base <= 1000) {
      b = baseline(r, c, &base_ms);
      last_base = base_ms;
      if (!b || strcmp(b, v) != 0) bad++, printf("# the baseline's value differs: %s\n", b ? b : "(error)");
    }
    char size[16], base[32], ratio[16];
    snprintf(size, sizeof size, "%dx%d", r, c);
    snprintf(base, sizeof base, b ? "%.2f" : "skipped", base_ms);
    snprintf(ratio, sizeof ratio, b ? "%.1fx" : "-", base_ms / (ms > 0.001 ? ms : 0.001));
    printf("%-6s %12.2f %12s %9s  %.60s%s\n", size, ms, base, ratio, v, strlen(v) > 60 ? "..." : "");
    fflush(stdout);
    free(v), free(b);
  }
  return bad != 0;
}
