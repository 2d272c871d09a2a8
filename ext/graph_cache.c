/*
** The two caches of solved graphs, the graph family's state on the
** connection (conn.c).
**
** Statement cache: the first call of any cgt function in a statement stores
** the graphs it reads in auxiliary data that SQLite attaches to the running
** statement (a negative argument index makes it shared by every function
** call of the statement) and drops when the statement is reset.  So a graph
** is read at most once per statement, whatever the arguments are.
**
** Where the tables are: cgt_edge and cgt_node are each found where SQLite's
** look-up of an unqualified name finds them (temp, then main, then the
** attached databases in order), and read through the qualified name.  The
** hold (conn.c) says where: its statement reads the schema of every
** database, so that while it stays on its last row a read transaction is
** open on each, and the tables found, the stamp and the rows read belong
** to one snapshot.  A TEMP VIEW cgt_edge may read any attached database.
**
** Connection cache: a graph whose cgt_edge is main's (and cgt_node main's
** or absent), read while the connection has no uncommitted writes, is kept
** with a stamp: sqlite3_total_changes64() (this connection's own writes,
** which PRAGMA data_version misses), the file name and
** SQLITE_FCNTL_DATA_VERSION of the main database (bumped by every commit,
** ours or another connection's or process's) and where the two tables were
** found, so that a graph is keyed by the tables it was read from.  It
** serves a later statement only while no write transaction is open and the
** stamp is unchanged.  A graph read inside a write transaction serves only
** its own statement, so a ROLLBACK (or ROLLBACK TO) can never leave a stale
** graph behind.  A graph read through a view or a virtual table serves only
** its own statement too: its rows may change with no commit anywhere (a
** view may call unixepoch(), random() or a function of the application; a
** virtual table may read a file), so no stamp proves them unchanged.  Only
** stored tables of main are kept.
**
** A graph read from temp or an attached database serves only its own
** statement too.  No stamp that SQLite offers follows those databases: a
** database detached and attached again (or temp, emptied by a change of
** PRAGMA temp_store) gets a new pager whose data version starts again, so
** after another connection's commit in between, its name, file name and
** data version can all be what they were (tests/22_schemas.t catches a
** cache stamped that way).  Main is never detached.
**
** The data version of a database is brought up to date only when a read
** transaction starts on it, and a statement such as SELECT outcome(1, 1)
** reads no table, so it opens none: hence the hold around every look-up,
** finalized when the graph is read.  A lock on an attached database (another
** process in the middle of a commit) makes the look-up wait for it like any
** read, within the connection's busy timeout.
*/
#include "binding.h"
#include "graph_private.h"

#include <string.h>

#define CONN_SLOTS 8
#define CONN_BYTES ((size_t)1 << 30)
#define STMT_AUX (-0x43475431)  /* 'CGT1': auxdata key of the statement cache */
#define STMT_SLOTS 8

/* The connection cache: up to CONN_SLOTS graphs, least recently used out. */
typedef struct graph_cache {
  uint64_t tick;
  cgt_graph *slot[CONN_SLOTS];
} graph_cache;

void cgt_graph_unref(cgt_graph *graph) {
  if (!graph || --graph->refs > 0) return;
  cgt_game_clear(&graph->game);
  cgt_pgraph_free(graph->partizan);
  sqlite3_free(graph->id_bytes);
  sqlite3_free(graph);
}

static void graph_cache_free(void *p) {
  graph_cache *gc = p;
  for (int i = 0; i < CONN_SLOTS; i++) cgt_graph_unref(gc->slot[i]);
  sqlite3_free(gc);
}

/* The statement cache: the graphs a statement has read. */
typedef struct stmt_cache {
  int n;
  cgt_graph *graph[STMT_SLOTS];
} stmt_cache;

static const cgt_conn_hook graph_hook = {"graphs", sizeof(graph_cache), graph_cache_free};

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

static uint64_t text_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; s && *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

/* Reads the stamp (call while holding): the change counter, and the file
** name and data version of main mixed with where cgt_edge and cgt_node were
** found.  Returns 1 when the graph may serve later statements: no write
** transaction is open and both tables are main's stored tables (cgt_node
** may be absent). */
static int read_stamp(cgt_conn *conn, const int found[2], sqlite3_int64 *changes, uint64_t *files) {
  sqlite3 *db = cgt_conn_db(conn);
  int edge = found[0], node = found[1];
  unsigned int version = 0;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) version = 0;
  uint64_t tables = ((uint64_t)(uint32_t)(edge + 1) << 32) | (uint32_t)(node + 1);
  *files = mix(mix(text_hash(sqlite3_db_filename(db, "main")), version), tables);
  *changes = sqlite3_total_changes64(db);
  return sqlite3_txn_state(db, NULL) != SQLITE_TXN_WRITE && edge == 0 && node <= 0 && cgt_conn_held_stored(conn);
}

static size_t cache_bytes(const graph_cache *gc) {
  size_t total = 0;
  for (int i = 0; i < CONN_SLOTS; i++)
    if (gc->slot[i]) total += cgt_game_bytes(&gc->slot[i]->game);
  return total;
}

/* Keeps graph in the connection cache, evicting the least recently used. */
static void cache_keep(graph_cache *gc, cgt_graph *graph) {
  int victim = -1;
  for (int i = 0; i < CONN_SLOTS; i++) {
    if (!gc->slot[i]) { victim = i; break; }
    if (victim < 0 || gc->slot[i]->last_use < gc->slot[victim]->last_use) victim = i;
  }
  cgt_graph_unref(gc->slot[victim]);
  graph->refs++;
  gc->slot[victim] = graph;
  while (cache_bytes(gc) > CONN_BYTES) {
    int oldest = -1;
    for (int i = 0; i < CONN_SLOTS; i++)
      if (gc->slot[i] && gc->slot[i] != graph &&
          (oldest < 0 || gc->slot[i]->last_use < gc->slot[oldest]->last_use))
        oldest = i;
    if (oldest < 0) break;
    cgt_graph_unref(gc->slot[oldest]);
    gc->slot[oldest] = NULL;
  }
}

/* A new reference to graph gid: from the connection cache or read anew
** (call while holding). */
static cgt_graph *graph_get_held(cgt_conn *conn, const int found[2], sqlite3_value *gid, const cgt_key *id, char **err,
                                 int *rc) {
  sqlite3_int64 changes;
  uint64_t files;
  graph_cache *gc = cgt_conn_state(conn, &graph_hook);
  if (!gc) { *rc = SQLITE_NOMEM; return NULL; }
  int shareable = read_stamp(conn, found, &changes, &files);
  for (int i = 0; i < CONN_SLOTS; i++) {
    cgt_graph *g = gc->slot[i];
    if (!g || !cgt_key_equal(&g->id, id)) continue;
    if (shareable && g->changes == changes && g->files == files) {
      g->refs++;
      g->last_use = ++gc->tick;
      return g;
    }
    if (shareable) {  /* stale for good: the data it was read from is gone */
      cgt_graph_unref(g);
      gc->slot[i] = NULL;
    }
  }
  cgt_graph *g = sqlite3_malloc(sizeof *g);
  if (!g) { *rc = SQLITE_NOMEM; return NULL; }
  memset(g, 0, sizeof *g);
  g->refs = 1;
  g->id = *id;
  if (id->type == CGT_KEY_TEXT || id->type == CGT_KEY_BLOB) {
    g->id_bytes = sqlite3_malloc(id->len ? (int)id->len : 1);
    if (!g->id_bytes) { sqlite3_free(g); *rc = SQLITE_NOMEM; return NULL; }
    if (id->len) memcpy(g->id_bytes, id->p, id->len);
    g->id.p = g->id_bytes;
  }
  g->shareable = shareable;
  g->changes = changes;
  g->files = files;
  g->last_use = ++gc->tick;
  *rc = cgt_graph_read(conn, found, gid, g, err);
  if (*rc != SQLITE_OK) {
    cgt_graph_unref(g);
    return NULL;
  }
  if (shareable) cache_keep(gc, g);
  return g;
}

static cgt_graph *graph_get(cgt_conn *conn, sqlite3_value *gid, const cgt_key *id, char **err, int *rc) {
  int found[2];
  *rc = cgt_conn_hold(conn, found, err);
  if (*rc != SQLITE_OK) return NULL;
  cgt_graph *g = graph_get_held(conn, found, gid, id, err, rc);
  cgt_conn_release(conn);
  return g;
}

int cgt_conn_graph_current(cgt_conn *conn, const int found[2], const cgt_graph *graph) {
  sqlite3_int64 changes;
  uint64_t files;
  return read_stamp(conn, found, &changes, &files) && graph->shareable && graph->changes == changes &&
         graph->files == files;
}

void cgt_conn_forget(cgt_conn *conn, cgt_graph *graph) {
  graph_cache *gc = cgt_conn_state(conn, &graph_hook);
  for (int i = 0; gc && i < CONN_SLOTS; i++)
    if (gc->slot[i] == graph) {
      gc->slot[i] = NULL;
      cgt_graph_unref(graph);
    }
}

static void stmt_cache_free(void *p) {
  stmt_cache *sc = p;
  for (int i = 0; i < sc->n; i++) cgt_graph_unref(sc->graph[i]);
  sqlite3_free(sc);
}

cgt_graph *cgt_graph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname) {
  cgt_key id;
  if (cgt_key_from_value(gid, &id) < 0) {
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  stmt_cache *sc = sqlite3_get_auxdata(ctx, STMT_AUX);
  for (int i = 0; sc && i < sc->n; i++)
    if (cgt_key_equal(&sc->graph[i]->id, &id)) return sc->graph[i];
  if (!sc) {
    sc = sqlite3_malloc(sizeof *sc);
    if (!sc) { sqlite3_result_error_nomem(ctx); return NULL; }
    sc->n = 0;
    sqlite3_set_auxdata(ctx, STMT_AUX, sc, stmt_cache_free);
    sc = sqlite3_get_auxdata(ctx, STMT_AUX);
    if (!sc) { sqlite3_result_error_nomem(ctx); return NULL; }
  }
  char *err = NULL;
  int rc = SQLITE_OK;
  cgt_graph *g = graph_get(sqlite3_user_data(ctx), gid, &id, &err, &rc);
  if (!g) {
    if (err) cgt_error(ctx, rc, fname, "%s", err);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(err);
    return NULL;
  }
  if (sc->n == STMT_SLOTS) {
    cgt_graph_unref(sc->graph[0]);
    memmove(sc->graph, sc->graph + 1, (STMT_SLOTS - 1) * sizeof sc->graph[0]);
    sc->n--;
  }
  sc->graph[sc->n++] = g;
  return g;
}

cgt_graph *cgt_graph_for_cursor(cgt_conn *conn, sqlite3_value *gid, const char *fname, char **err, int *rc) {
  cgt_key id;
  if (cgt_key_from_value(gid, &id) < 0) return *rc = SQLITE_NOMEM, NULL;
  char *cause = NULL;
  cgt_graph *g = graph_get(conn, gid, &id, &cause, rc);
  if (!g && cause) *err = sqlite3_mprintf("cgt: %s: %s", fname, cause);
  sqlite3_free(cause);
  return g;
}

