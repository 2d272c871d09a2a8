/*
** The two caches of solved graphs, the graph family's state on the
** connection (conn.c).
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

#define CONN_BYTES ((size_t)1 << 30)
#define STMT_AUX (-0x43475431)  /* 'CGT1': auxdata key of the statement cache */
#define STMT_BYTES ((size_t)1 << 30)

/* The connection cache: graphs up to CONN_BYTES, least recently used out. */
typedef struct graph_cache {
  uint64_t tick;
  cgt_gset set;
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
  cgt_gset_clear(&gc->set);
  sqlite3_free(gc);
}

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

static const cgt_conn_hook graph_hook = {"graphs", sizeof(graph_cache), graph_cache_free};

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
static int read_stamp(cgt_conn *conn, const int found[2], sqlite3_int64 *changes, uint64_t *files) {
  sqlite3 *db = cgt_conn_db(conn);
  int edge = found[0], node = found[1];
  unsigned int version = 0;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) version = 0;
  uint64_t tables = ((uint64_t)(uint32_t)(edge + 1) << 32) | (uint32_t)(node + 1);
  *files = mix(mix(cgt_text_hash(sqlite3_db_filename(db, "main")), version), tables);
  *changes = sqlite3_total_changes64(db);
  return sqlite3_txn_state(db, NULL) != SQLITE_TXN_WRITE && edge == 0 && node <= 0 && cgt_conn_held_stored(conn);
}

/* Keeps graph in the connection cache, evicting the least recently used
** past CONN_BYTES.  Out of memory, the graph is just not kept. */
static void cache_keep(graph_cache *gc, cgt_graph *graph) {
  if (cgt_gset_add(&gc->set, graph, graph_charge(graph)) == SQLITE_OK) cgt_gset_trim(&gc->set, CONN_BYTES);
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
  uint32_t at = cgt_gset_find(&gc->set, id);
  if (at != UINT32_MAX) {
    cgt_graph *g = gc->set.e[at].graph;
    if (shareable && g->changes == changes && g->files == files) {
      g->refs++;
      g->last_use = ++gc->tick;
      cgt_gset_touch(&gc->set, at);
      return g;
    }
    if (shareable) cgt_gset_remove(&gc->set, at);  /* stale for good: the data it was read from is gone */
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
  uint32_t at = gc ? cgt_gset_find(&gc->set, &graph->id) : UINT32_MAX;
  if (at != UINT32_MAX && gc->set.e[at].graph == graph) cgt_gset_remove(&gc->set, at);
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
  cgt_graph *g = graph_get(sqlite3_user_data(ctx), gid, &id, &err, &rc);
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
  cgt_graph *g = graph_get(conn, gid, &id, &cause, rc);
  if (!g && cause) *err = sqlite3_mprintf("cgt: %s: %s", fname, cause);
  sqlite3_free(cause);
  return g;
}

