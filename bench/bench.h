/*
** bench.h: what the benchmarks share.
*/
#ifndef CGT_BENCH_H
#define CGT_BENCH_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

/* A fresh in-memory connection with the extension ext loaded; exits with
** a message naming the program who when it cannot be loaded. */
static inline sqlite3 *bench_open(const char *ext, const char *who) {
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    fprintf(stderr, "%s: %s\n", who, sqlite3_errmsg(db));
    exit(1);
  }
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, ext, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "%s: %s\n", who, err);
    exit(1);
  }
  return db;
}

#endif
