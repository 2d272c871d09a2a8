/*
** bench_partizan: the values of all 11,125 legal Toe-Tac-Tics boards
** (issue target: under a second in total), through surreal_value() over a
** table of the boards in a fresh connection, next to a plain scan of the
** same table (the baseline).  Best of 3, milliseconds.
**
** Usage: bench_partizan [EXTENSION]
*/
#include <sqlite3.h>
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
  printf("Toe-Tac-Tics: %d legal boards, %lld distinct values\n\n", boards, distinct);
  printf("%-40s %10.1f ms\n", "scan of the board table (baseline)", best_scan);
  printf("%-40s %10.1f ms  (%.1fx the scan)\n", "surreal_value of every board", best_values, best_values / best_scan);
  printf("\ntarget (issue): all 11,125 boards in under a second in total.\n");
  return 0;
}
