/*
** libFuzzer harness: token lists (JSON arrays of node ids) through SQL,
** given to winning_moves, nimk_winning_move_count and nimk_graph_win on the
** sample graphs (graph 4's move 2.5 -> 0 raises the value: the exact search),
** as TEXT and as BLOB.
*/
#include <string.h>

#include "fuzz_db.h"

static const char *const stmts[] = {
    "SELECT * FROM winning_moves(1, ?1)",
    "SELECT * FROM winning_moves('f', ?1)",
    "SELECT * FROM winning_moves(4, ?1)",
    "SELECT nimk_winning_move_count(1, 1, ?1), nimk_winning_move_count(4, 2, ?1)",
    "SELECT nimk_winning_move_count('f', 3, ?1)",
    "SELECT nimk_graph_win(4, 2, ?1), nimk_graph_win(4, 3, ?1), nimk_graph_win(1, 2, ?1)",
};

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  sqlite3 *db = fuzz_open();
  if (!db) return 0;
  fuzz_watch(db, 1000);
  for (size_t i = 0; i < sizeof stmts / sizeof *stmts; i++)
    for (int asblob = 0; asblob < 2; asblob++) {
      sqlite3_stmt *st;
      if (sqlite3_prepare_v2(db, stmts[i], -1, &st, NULL) != SQLITE_OK) abort();
      if (asblob) sqlite3_bind_blob(st, 1, data, (int)size, SQLITE_TRANSIENT);
      else sqlite3_bind_text(st, 1, (const char *)data, (int)size, SQLITE_TRANSIENT);
      fuzz_run(st);
      sqlite3_finalize(st);
    }
  fuzz_close(db);
  return 0;
}
