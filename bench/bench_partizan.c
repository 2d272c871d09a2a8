/*
** bench_partizan: the values of all 11,125 legal Toe-Tac-Tics boards
** (issue target: under a second in total), through surreal_value() over a
** table of the boards in a fresh connection, next to a plain scan of the
** same table (the baseline).  Then a sum of 1,000 small boards of the board
** rulesets (Domineering, Clobber, Toads and Frogs) kept in a table, through
** cg_sum(cg_board(...)) (issue target: well under a second), next to the
** scan.  Best of 3, milliseconds.
**
** Usage: bench_partizan [EXTENSION]
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

/* A fresh connection with the table of legal boards (not timed). */
static sqlite3 *open_db(const char *ext, int *boards) {
  sqlite3 *db;
  char *err = NULL;
  sqlite3_open(":memory:", &db);
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "bench_partizan: %s\n", err);
    exit(1);
  }
  sqlite3_exec(db, "CREATE TABLE board(cells TEXT); BEGIN", NULL, NULL, NULL);
  sqlite3_stmt *ins;
  sqlite3_prepare_v2(db, "INSERT INTO board VALUES (?1)", -1, &ins, NULL);
  *boards = 0;
  for (int code = 0; code < 19683; code++) {
    int cell[9], c = code, bad = 0;
    char text[10];
    for (int i = 0; i < 9; i++) cell[i] = c % 3, c /= 3, text[i] = ".xo"[cell[i]];
    text[9] = 0;
    for (int l = 0; l < 8; l++)
      bad |= cell[LINES[l][0]] && cell[LINES[l][0]] == cell[LINES[l][1]] && cell[LINES[l][1]] == cell[LINES[l][2]];
    if (bad) continue;
    sqlite3_bind_text(ins, 1, text, 9, SQLITE_TRANSIENT);
    sqlite3_step(ins);
    sqlite3_reset(ins);
    (*boards)++;
  }
  sqlite3_finalize(ins);
  sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
  return db;
}

/* Small boards whose values are numbers, nimbers and ups (a sum of 1,000 hot
** boards has no canonical form of any affordable size: the sum of 30 random
** 2x3 Domineering and Clobber boards already prints in 250 KB). */
static const char *const SMALL[][2] = {
    {"domineering", ".|."},   {"domineering", ".|.|."}, {"domineering", ".."},      {"domineering", "...."},
    {"domineering", ".#|.."}, {"domineering", "..|.#"}, {"domineering", "...|.##"}, {"clobber", "xo"},
    {"clobber", "xoo"},       {"clobber", "xxo"},       {"clobber", "xoxx"},        {"clobber", "x|o"},
    {"clobber", "xo|.x"},     {"clobber", "xoo|..x"},   {"toadsfrogs", "T.F"},      {"toadsfrogs", ".TF"},
    {"toadsfrogs", "TF.F"},   {"toadsfrogs", "T.TF"},   {"toadsfrogs", "T.F.F"},    {"toadsfrogs", "T..FF"}};

/* Adds a table small(ruleset, board) of 1,000 boards drawn from SMALL, the
** same in every run (a fixed generator). */
static void add_small_boards(sqlite3 *db) {
  uint64_t x = 12345;
  sqlite3_exec(db, "CREATE TABLE small(ruleset TEXT, board TEXT); BEGIN", NULL, NULL, NULL);
  sqlite3_stmt *ins;
  sqlite3_prepare_v2(db, "INSERT INTO small VALUES (?1, ?2)", -1, &ins, NULL);
  for (int i = 0; i < 1000; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const char *const *b = SMALL[(x >> 33) % (sizeof SMALL / sizeof *SMALL)];
    sqlite3_bind_text(ins, 1, b[0], -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 2, b[1], -1, SQLITE_STATIC);
    sqlite3_step(ins);
    sqlite3_reset(ins);
  }
  sqlite3_finalize(ins);
  sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
}

static double timed(sqlite3 *db, const char *sql, long long *out) {
  sqlite3_stmt *st;
  sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  double t = now_ms();
  if (sqlite3_step(st) != SQLITE_ROW) {
    fprintf(stderr, "bench_partizan: %s\n", sqlite3_errmsg(db));
    exit(1);
  }
  t = now_ms() - t;
  *out = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return t;
}

int main(int argc, char **argv) {
  const char *ext = argc > 1 ? argv[1] : getenv("CGT_EXT") ? getenv("CGT_EXT") : "../dist/cgt";
  double best_scan = 1e18, best_values = 1e18;
  long long rows = 0, distinct = 0;
  int boards = 0;
  for (int t = 0; t < 3; t++) {
    sqlite3 *db = open_db(ext, &boards);
    double a = timed(db, "SELECT count(length(cells)) FROM board", &rows);
    double b = timed(db, "SELECT count(DISTINCT surreal_value('toetactics', cells)) FROM board", &distinct);
    if (a < best_scan) best_scan = a;
    if (b < best_values) best_values = b;
    sqlite3_close(db);
  }
  double best_small_scan = 1e18, best_sum = 1e18;
  long long small_rows = 0, sum_len = 0;
  char sum_text[64] = "";
  for (int t = 0; t < 3; t++) {
    sqlite3 *db = open_db(ext, &boards);
    add_small_boards(db);
    double a = timed(db, "SELECT count(length(board)) FROM small", &small_rows);
    double b = timed(db, "SELECT length(cg_sum(cg_board(ruleset, board))) FROM small", &sum_len);
    if (t == 0) {
      sqlite3_stmt *st;
      sqlite3_prepare_v2(db, "SELECT cg_sum(cg_board(ruleset, board)) FROM small", -1, &st, NULL);
      if (sqlite3_step(st) == SQLITE_ROW) snprintf(sum_text, sizeof sum_text, "%s", sqlite3_column_text(st, 0));
      sqlite3_finalize(st);
    }
    if (a < best_small_scan) best_small_scan = a;
    if (b < best_sum) best_sum = b;
    sqlite3_close(db);
  }
  printf("Toe-Tac-Tics: %d legal boards, %lld distinct values\n\n", boards, distinct);
  printf("%-40s %10.1f ms\n", "scan of the board table (baseline)", best_scan);
  printf("%-40s %10.1f ms  (%.1fx the scan)\n", "surreal_value of every board", best_values, best_values / best_scan);
  printf("\ntarget (issue): all 11,125 boards in under a second in total.\n\n");
  printf("A sum of %lld small boards (Domineering, Clobber, Toads and Frogs) from a table\n\n", small_rows);

  printf("%-40s %10.1f ms\n", "scan of the table (baseline)", best_small_scan);
  printf("%-40s %10.1f ms  (%.1fx the scan; the sum: %s, %lld bytes)\n", "cg_sum(cg_board(ruleset, board))",
         best_sum, best_sum / best_small_scan, sum_text, sum_len);
  printf("\ntarget (issue): well under a second.\n");
  return 0;
}
