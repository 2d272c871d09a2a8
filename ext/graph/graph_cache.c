/*
** The two caches of solved graphs; the connection's lives in the graph
** family's state on the connection (graph_conn.h).
**
** Statement cache: the first call of any cgt function in a statement stores
** the graphs it reads in auxiliary data that SQLite attaches to the running
** statement (a negative argument index makes it shared by every function
** call of the statement) and drops when the statement is reset.  So a graph
** is read at most once per statement, whatever the arguments are, while the
** graphs the statement has read are charged at most STMT_BYTES (1 GiB)
** together; past that the least recently used are dropped (and read again
** if asked again), never the one just read.
**
** Memory: each graph is charged the bytes it holds once every analysis and
** its partizan view are made (graph_charge), whether made yet or not, so
** that a charge never grows.  Both caches find a graph by its id in
** constant time (graph_set.c), however many they hold.
**
** Where the tables are: cgt_edge and cgt_node are each found where SQLite's
** look-up of an unqualified name finds them (temp, then main, then the
** attached databases in order), and read through the qualified name.  The
** hold (graph_conn.c) says where: its statement reads the schema of every
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
** stamp is unchanged.  It holds graphs charged at most CONN_BYTES (1 GiB)
** together, the least recently used dropped first.  A graph read inside a write transaction serves only
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
** data version can all be what they were (tests/graph/22_schemas.t catches a
** cache stamped that way).  Main is never detached.
**
** The data version of a database is brought up to date only when a read
** transaction starts on it, and a statement such as SELECT outcome(1, 1)
** reads no table, so it opens none: hence the hold around every look-up,
** finalized when the graph is read.  A lock on an attached database (another
** process in the middle of a commit) makes the look-up wait for it like any
** read, within the connection's busy timeout.
*/
#include "graph_read.h"

#include <string.h>

#define CONN_BYTES ((size_t)1 << 30)
#define STMT_AUX (-0x43475431)  /* 'CGT1': auxdata key of the statement cache */
#define STMT_BYTES ((size_t)1 << 30)

/* The statement cache: the graphs a statement has read, up to STMT_BYTES. */
typedef struct stmt_cache {
  cgt_gset set;
} stmt_cache;

static size_t add_sat(size_t a, size_t b) { return a > SIZE_MAX - b ? SIZE_MAX : a + b; }
static size_t mul_sat(size_t a, size_t b) { return b && a > SIZE_MAX / b ? SIZE_MAX : a * b; }

/* The bytes charged for graph in a cache: those it holds with every
** analysis made (cgt_game_bytes counts 12 a node for them) and, when it
** has sided rows, an estimate of its partizan view (the node map again, 4
** bytes a node and 5 a row, 64 a node that only sided rows name). */
static size_t graph_charge(const cgt_graph *graph) {
  const cgt_game *game = &graph->game;
  size_t n = game->moves.n, rows = game->nrows, sided = graph->sided_rows;
  size_t c = add_sat(sizeof *graph + graph->id.len, cgt_keymap_bytes(&game->nodes));
  c = add_sat(c, add_sat(sizeof *game + cgt_digraph_bytes(&game->moves), mul_sat(rows, 8)));
  c = add_sat(c, mul_sat(n, 12));
  if (sided) {
    c = add_sat(c, add_sat(sizeof(cgt_pgraph) + cgt_keymap_bytes(&game->nodes), mul_sat(add_sat(n, 1), 4)));
    c = add_sat(c, add_sat(mul_sat(add_sat(rows, sided), 5), mul_sat(sided, 2 * 64)));
  }
  return c;
}

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

/* Reads the stamp (call while holding): the change counter, and the file
** name and data version of main mixed with where cgt_edge and cgt_node were
** found.  Returns 1 when the graph may serve later statements: no write
** transaction is open and both tables are main's stored tables (cgt_node
** may be absent). */
static int read_stamp(cgt_graph_conn *gc, const int found[2], sqlite3_int64 *changes, uint64_t *files) {
  sqlite3 *db = gc->db;
  int edge = found[0], node = found[1];
  unsigned int version = 0;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) version = 0;
  uint64_t tables = ((uint64_t)(uint32_t)(edge + 1) << 32) | (uint32_t)(node + 1);
  *files = mix(mix(cgt_text_hash(sqlite3_db_filename(db, "main")), version), tables);
  *changes = sqlite3_total_changes64(db);
  return sqlite3_txn_state(db, NULL) != SQLITE_TXN_WRITE && edge == 0 && node <= 0 && cgt_graph_held_stored(gc);
}

/* Keeps graph in the connection cache, evicting the least recently used
** past CONN_BYTES.  Out of memory, the graph is just not kept. */
static void cache_keep(cgt_graph_conn *gc, cgt_graph *graph) {
  if (cgt_gset_add(&gc->cache, graph, graph_charge(graph)) == SQLITE_OK) cgt_gset_trim(&gc->cache, CONN_BYTES);
}

/* A new reference to graph gid: from the connection cache or read anew
** (call while holding). */
static cgt_graph *graph_get_held(cgt_graph_conn *gc, const int found[2], sqlite3_value *gid, const cgt_key *id,
                                 const char *fname, char **err, int *rc) {
  sqlite3_int64 changes;
  uint64_t files;
  int shareable = read_stamp(gc, found, &changes, &files);
  uint32_t at = cgt_gset_find(&gc->cache, id);
  if (at != UINT32_MAX) {
    cgt_graph *g = gc->cache.e[at].graph;
    if (shareable && g->changes == changes && g->files == files) {
      g->refs++;
      g->last_use = ++gc->tick;
      cgt_gset_touch(&gc->cache, at);
      return g;
    }
    if (shareable) cgt_gset_remove(&gc->cache, at);  /* stale for good: the data it was read from is gone */
  }
  cgt_graph *g = cgt_graph_new(id);
  if (!g) { *rc = SQLITE_NOMEM; return NULL; }
  g->shareable = shareable;
  g->changes = changes;
  g->files = files;
  g->last_use = ++gc->tick;
  *rc = cgt_graph_read(gc, found, gid, g, fname, err);
  if (*rc != SQLITE_OK) {
    cgt_graph_unref(g);
    return NULL;
  }
  if (shareable) cache_keep(gc, g);
  return g;
}

static cgt_graph *graph_get(cgt_conn *conn, sqlite3_value *gid, const cgt_key *id, const char *fname, char **err,
                            int *rc) {
  int found[2];
  cgt_graph_conn *gc = cgt_graph_conn_get(conn);
  if (!gc) { *rc = SQLITE_NOMEM; return NULL; }
  *rc = cgt_graph_hold(gc, found, err);
  if (*rc != SQLITE_OK) return NULL;
  cgt_graph *g = graph_get_held(gc, found, gid, id, fname, err, rc);
  cgt_graph_release(gc);
  return g;
}

/* 1 when graph still matches the data now visible (call while holding,
** with what the hold found): its stamp is the current one and no write
** transaction is open. */
static int graph_current(cgt_graph_conn *gc, const int found[2], const cgt_graph *graph) {
  sqlite3_int64 changes;
  uint64_t files;
  return read_stamp(gc, found, &changes, &files) && graph->shareable && graph->changes == changes &&
         graph->files == files;
}

/* Drops graph from the connection cache (it is stale). */
static void graph_forget(cgt_graph_conn *gc, cgt_graph *graph) {
  uint32_t at = cgt_gset_find(&gc->cache, &graph->id);
  if (at != UINT32_MAX && gc->cache.e[at].graph == graph) cgt_gset_remove(&gc->cache, at);
}

static void stmt_cache_free(void *p) {
  stmt_cache *sc = p;
  cgt_gset_clear(&sc->set);
  sqlite3_free(sc);
}

cgt_graph *cgt_graph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname) {
  cgt_key id;
  if (cgt_key_from_value(gid, &id) < 0) {
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  stmt_cache *sc = sqlite3_get_auxdata(ctx, STMT_AUX);
  uint32_t at = sc ? cgt_gset_find(&sc->set, &id) : UINT32_MAX;
  if (at != UINT32_MAX) {
    cgt_gset_touch(&sc->set, at);
    return sc->set.e[at].graph;
  }
  if (!sc) {
    sc = sqlite3_malloc(sizeof *sc);
    if (!sc) { sqlite3_result_error_nomem(ctx); return NULL; }
    memset(sc, 0, sizeof *sc);
    sqlite3_set_auxdata(ctx, STMT_AUX, sc, stmt_cache_free);
    sc = sqlite3_get_auxdata(ctx, STMT_AUX);
    if (!sc) { sqlite3_result_error_nomem(ctx); return NULL; }
  }
  char *err = NULL;
  int rc = SQLITE_OK;
  cgt_graph *g = graph_get(sqlite3_user_data(ctx), gid, &id, fname, &err, &rc);
  if (!g) {
    if (err) cgt_error(ctx, rc, fname, "%s", err);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(err);
    return NULL;
  }
  rc = cgt_gset_add(&sc->set, g, graph_charge(g));
  cgt_graph_unref(g);   /* (the statement's reference, when added, is the only one it needs) */
  if (rc != SQLITE_OK) {
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  cgt_gset_trim(&sc->set, STMT_BYTES);
  return g;
}

cgt_graph *cgt_graph_for_cursor(cgt_conn *conn, sqlite3_value *gid, const char *fname, char **err, int *rc) {
  cgt_key id;
  if (cgt_key_from_value(gid, &id) < 0) return *rc = SQLITE_NOMEM, NULL;
  char *cause = NULL;
  cgt_graph *g = graph_get(conn, gid, &id, fname, &cause, rc);
  if (!g && cause) *err = sqlite3_mprintf("cgt: %s: %s", fname, cause);
  sqlite3_free(cause);
  return g;
}

/* The partizan view is read later than the graph it belongs to, so it is
** read under a hold: when the graph came from the connection cache and the
** data has changed since, the graph leaves the cache (it serves only the
** statement that has it), so no later statement sees a view of other data. */
int cgt_graph_partizan(cgt_conn *conn, cgt_graph *graph, sqlite3_value *gid, char **err) {
  if (graph->partizan) return SQLITE_OK;
  cgt_pgraph *pg = sqlite3_malloc(sizeof *pg);
  if (!pg) return SQLITE_NOMEM;
  memset(pg, 0, sizeof *pg);
  cgt_keymap_init(&pg->nodes);
  int found[2];
  cgt_graph_conn *gc = cgt_graph_conn_get(conn);
  int rc = gc ? cgt_graph_hold(gc, found, err) : SQLITE_NOMEM;
  if (rc == SQLITE_OK) {
    if (graph->shareable && !graph_current(gc, found, graph)) graph_forget(gc, graph);
    rc = cgt_pgraph_read(gc->db, found, gid, pg, err);
    cgt_graph_release(gc);
  }
  if (rc != SQLITE_OK) {
    cgt_pgraph_free(pg);
    return rc;
  }
  graph->partizan = pg;
  return SQLITE_OK;
}

const cgt_pgraph *cgt_pgraph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname, cgt_graph **out) {
  cgt_graph *graph = cgt_graph_for_call(ctx, gid, fname);
  if (!graph) return NULL;
  char *err = NULL;
  int rc = cgt_graph_partizan(sqlite3_user_data(ctx), graph, gid, &err);
  if (rc != SQLITE_OK) {
    if (err) cgt_error(ctx, rc, fname, "%s", err);
    else sqlite3_result_error_code(ctx, rc);
    sqlite3_free(err);
    return NULL;
  }
  if (out) *out = graph;
  return graph->partizan;
}
