/*
** Shared by the SQL-level harnesses: an in-process SQLite connection with
** cgt compiled in (-DSQLITE_CORE, sqlite3_cgt_init called directly), a small
** set of graphs in cgt_edge/cgt_node, and a watchdog thread that calls
** sqlite3_interrupt() once an input has run past its time budget (the
** core's stop mechanism turns that into SQLITE_INTERRUPT).
*/
#ifndef CGT_FUZZ_DB_H
#define CGT_FUZZ_DB_H

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int sqlite3_cgt_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

static const char fuzz_schema[] =
    "CREATE TABLE cgt_edge(graph_id NOT NULL, src NOT NULL, dst NOT NULL,"
    "  side TEXT CHECK (side IS NULL OR side IN ('L', 'R')));"
    "CREATE INDEX cgt_edge_by_graph ON cgt_edge(graph_id, src, dst, side);"
    "CREATE TABLE cgt_node(graph_id NOT NULL, node NOT NULL);"
    "CREATE INDEX cgt_node_by_graph ON cgt_node(graph_id, node);"
    /* Codeforces 1442F's sample (a self-loop), Ferguson's loopy graph (text ids) */
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2);"
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('f', 'c', 'd'), ('f', 'c', 'a'), ('f', 'a', 'b'),"
    "  ('f', 'b', 'c'), ('f', 'd', 'e');"
    /* a partizan graph: {0|*} style moves, a cycle, mixed sides */
    "INSERT INTO cgt_edge VALUES (2, 'up', 0, 'L'), (2, 'up', 'star', 'R'), (2, 'star', 0, NULL),"
    "  (2, 'loop', 'loop2', 'L'), (2, 'loop2', 'loop', 'R'), (2, 'x', 'up', 'L'), (2, 'x', 'star', 'R');"
    "INSERT INTO cgt_node VALUES (2, 0), (1, 9), (3, 'lonely');"
    /* a path and a small DAG with integer, real and blob ids */
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES (4, 0, 1), (4, 1, 2), (4, 2, 3), (4, 0, 2), (4, 3, 4),"
    "  (4, 1, 4), (4, 2.5, 0), (4, x'00ff', 1);"
    "CREATE TABLE v(x);"
    "INSERT INTO v VALUES (NULL), (0), (1), (2), (3), (-1), ('a'), (7), (1.5), ('[1,2]'), (x'00'), ('{0|*}'), "
    "  ('nim'), ('c'), (9223372036854775807);";

static pthread_mutex_t fuzz_mu = PTHREAD_MUTEX_INITIALIZER;
static sqlite3 *fuzz_watched;
static struct timespec fuzz_deadline;

static void *fuzz_watchdog(void *arg) {
  (void)arg;
  for (;;) {
    struct timespec nap = {0, 5 * 1000 * 1000};
    nanosleep(&nap, NULL);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&fuzz_mu);
    if (fuzz_watched && (now.tv_sec > fuzz_deadline.tv_sec ||
                         (now.tv_sec == fuzz_deadline.tv_sec && now.tv_nsec >= fuzz_deadline.tv_nsec)))
      sqlite3_interrupt(fuzz_watched);
    pthread_mutex_unlock(&fuzz_mu);
  }
  return NULL;
}

/* Interrupts db once ms milliseconds have passed (db NULL: stop watching). */
static void fuzz_watch(sqlite3 *db, long ms) {
  static int started;
  if (!started) {
    pthread_t t;
    started = pthread_create(&t, NULL, fuzz_watchdog, NULL) == 0;
    if (started) pthread_detach(t);
  }
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  now.tv_sec += ms / 1000;
  now.tv_nsec += (ms % 1000) * 1000000L;
  if (now.tv_nsec >= 1000000000L) now.tv_sec++, now.tv_nsec -= 1000000000L;
  pthread_mutex_lock(&fuzz_mu);
  fuzz_watched = db;
  fuzz_deadline = now;
  pthread_mutex_unlock(&fuzz_mu);
}

/* A fresh :memory: connection with cgt and the sample graphs; NULL on failure. */
static sqlite3 *fuzz_open(void) {
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) { sqlite3_close(db); return NULL; }
  char *err = NULL;
  if (sqlite3_cgt_init(db, &err, NULL) != SQLITE_OK || sqlite3_exec(db, fuzz_schema, NULL, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "fuzz_open: %s\n", err ? err : "?");
    abort();
  }
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100000);
  return db;
}

static void fuzz_close(sqlite3 *db) {
  fuzz_watch(NULL, 0);
  if (sqlite3_close(db) != SQLITE_OK) {
    fprintf(stderr, "sqlite3_close: a statement was left open (%s)\n", sqlite3_errmsg(db));
    abort();
  }
}

/* Steps stmt to its end (or an error); returns the last code. */
static int fuzz_run(sqlite3_stmt *stmt) {
  int rc, rows = 0;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW && rows++ < 100000) {
    for (int i = 0; i < sqlite3_column_count(stmt); i++) {
      const unsigned char *t = sqlite3_column_text(stmt, i);
      (void)t;
    }
  }
  return rc;
}

#endif
