/*
** Per-connection state and the two caches of solved graphs.
**
** Statement cache: the first call of any cgt function in a statement stores
** the graphs it reads in auxiliary data that SQLite attaches to the running
** statement (a negative argument index makes it shared by every function
** call of the statement) and drops when the statement is reset.  So a graph
** is read at most once per statement, whatever the arguments are.
**
** Connection cache: a graph read while the connection has no uncommitted
** writes is kept with a stamp: sqlite3_total_changes64() (this connection's
** own writes, which PRAGMA data_version misses) and the file name and
** SQLITE_FCNTL_DATA_VERSION of the main database (bumped by every commit,
** ours or another connection's or process's).  It serves a later statement
** only while no write transaction is open and the stamp is unchanged.  A
** graph read inside a write transaction serves only its own statement, so a
** ROLLBACK (or ROLLBACK TO) can never leave a stale graph behind.
**
** The data version of a database is brought up to date only when a read
** transaction starts on it, and a statement such as SELECT outcome(1, 1)
** reads no table, so it opens none.  So every look-up first steps the hold
** statement, which reads the schema of the main database and stays on its
** one row (keeping a read transaction open) until the stamp is checked and
** the graph read; then it is finalized.  The stamp and the rows read belong
** to one snapshot.
**
** Only main matters: graphs are read from main.cgt_edge and main.cgt_node,
** and a view of the main schema cannot name a table of another database
** (SQLite resolves its names in main only).  So attached databases are not
** held, and a lock on one of them (another process in the middle of a
** commit) neither delays nor fails a cgt call, and their commits do not
** make the cache read graphs again.
*/
#include "binding.h"
#include "graph_private.h"
#include "core/heapseq.h"
#include "core/partizan/prules.h"
#include "core/partizan/board/board.h"
#include "core/partizan/pthermo.h"

#include <stdio.h>
#include <string.h>

#define CONN_SLOTS 8
#define CONN_BYTES ((size_t)1 << 30)
#define STMT_AUX (-0x43475431)  /* 'CGT1': auxdata key of the statement cache */
#define STMT_SLOTS 8

#define SEQ_SLOTS 8

/* A cached Grundy sequence of a heap rule. */
typedef struct heap_seq {
  char *rule;
  uint32_t n;          /* values g[0..n] */
  uint32_t *g;
  uint64_t last_use;
} heap_seq;

struct cgt_conn {
  sqlite3 *db;
  int refs;
  uint64_t tick;
  cgt_graph *slot[CONN_SLOTS];
  heap_seq seq[SEQ_SLOTS];
  cg_store *games;      /* partizan games, made on first use */
  cg_thermo *thermo;
  int games_busy;       /* aggregates holding game ids: no reset meanwhile */
  cg_id *toetactics;    /* values of Toe-Tac-Tics boards in games, made on first use */
  cg_board_table *boards;   /* board regions' values in games, made on first use */
  void *collector;   /* the buffer of the graph being read, see graph_read.c */
  sqlite3_stmt *hold;   /* reads every attached schema, see cgt_conn_hold */
  int hold_depth;       /* nested holds: the statement is on its row when > 0 */
};

typedef struct stmt_cache {
  int n;
  cgt_graph *graph[STMT_SLOTS];
} stmt_cache;

cgt_conn *cgt_conn_new(sqlite3 *db) {
  cgt_conn *conn = sqlite3_malloc(sizeof *conn);
  if (!conn) return NULL;
  memset(conn, 0, sizeof *conn);
  conn->db = db;
  return conn;
}

void cgt_conn_ref(cgt_conn *conn) { conn->refs++; }

void cgt_conn_unref(void *p) {
  cgt_conn *conn = p;
  if (--conn->refs > 0) return;
  for (int i = 0; i < CONN_SLOTS; i++) cgt_graph_unref(conn->slot[i]);
  for (int i = 0; i < SEQ_SLOTS; i++) {
    sqlite3_free(conn->seq[i].rule);
    sqlite3_free(conn->seq[i].g);
  }
  cg_store_free(conn->games);
  cg_thermo_free(conn->thermo);
  sqlite3_free(conn->toetactics);
  cg_board_table_free(conn->boards);
  sqlite3_free(conn);
}

sqlite3 *cgt_conn_db(cgt_conn *conn) { return conn->db; }

void **cgt_conn_collector(cgt_conn *conn) { return &conn->collector; }

void cgt_graph_unref(cgt_graph *graph) {
  if (!graph || --graph->refs > 0) return;
  cgt_game_clear(&graph->game);
  cgt_pgraph_free(graph->partizan);
  sqlite3_free(graph->id_bytes);
  sqlite3_free(graph);
}

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

int cgt_conn_hold(cgt_conn *conn, char **err) {
  if (conn->hold_depth > 0) {   /* an outer look-up holds the transaction */
    conn->hold_depth++;
    return SQLITE_OK;
  }
  /* A transaction already open on main (the calling statement reads a table,
  ** or BEGIN ... is under way) stays open until this call returns. */
  if (sqlite3_txn_state(conn->db, "main") != SQLITE_TXN_NONE) {
    conn->hold_depth = 1;
    return SQLITE_OK;
  }
  /* One row whatever the schema holds; finalized after every look-up, since
  ** a statement kept between calls would make sqlite3_close() fail. */
  int rc = sqlite3_prepare_v2(conn->db, "SELECT (SELECT 1 FROM main.sqlite_schema LIMIT 1)", -1, &conn->hold, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(conn->hold)) != SQLITE_ROW) {
    rc = sqlite3_reset(conn->hold);
    if (rc == SQLITE_OK) rc = SQLITE_ERROR;
  }
  if (rc != SQLITE_OK && rc != SQLITE_ROW) {
    if (rc == SQLITE_INTERRUPT) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
    else if (rc != SQLITE_NOMEM) *err = sqlite3_mprintf("cannot read the database: %s", sqlite3_errmsg(conn->db));
  }
  if (rc != SQLITE_ROW) {
    sqlite3_finalize(conn->hold);
    conn->hold = NULL;
    return rc;
  }
  conn->hold_depth = 1;
  return SQLITE_OK;
}

void cgt_conn_release(cgt_conn *conn) {
  if (conn->hold_depth > 0 && --conn->hold_depth == 0) {
    sqlite3_finalize(conn->hold);
    conn->hold = NULL;
  }
}

/* Reads the stamp (call while holding); returns 1 when no write transaction
** is open. */
static int read_stamp(sqlite3 *db, sqlite3_int64 *changes, uint64_t *files) {
  unsigned int version = 0;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK) version = 0;
  *files = mix(text_hash(sqlite3_db_filename(db, "main")), version);
  *changes = sqlite3_total_changes64(db);
  return sqlite3_txn_state(db, NULL) != SQLITE_TXN_WRITE;
}

static size_t conn_bytes(const cgt_conn *conn) {
  size_t total = 0;
  for (int i = 0; i < CONN_SLOTS; i++)
    if (conn->slot[i]) total += cgt_game_bytes(&conn->slot[i]->game);
  return total;
}

/* Keeps graph in the connection cache, evicting the least recently used. */
static void conn_keep(cgt_conn *conn, cgt_graph *graph) {
  int victim = -1;
  for (int i = 0; i < CONN_SLOTS; i++) {
    if (!conn->slot[i]) { victim = i; break; }
    if (victim < 0 || conn->slot[i]->last_use < conn->slot[victim]->last_use) victim = i;
  }
  cgt_graph_unref(conn->slot[victim]);
  graph->refs++;
  conn->slot[victim] = graph;
  while (conn_bytes(conn) > CONN_BYTES) {
    int oldest = -1;
    for (int i = 0; i < CONN_SLOTS; i++)
      if (conn->slot[i] && conn->slot[i] != graph &&
          (oldest < 0 || conn->slot[i]->last_use < conn->slot[oldest]->last_use))
        oldest = i;
    if (oldest < 0) break;
    cgt_graph_unref(conn->slot[oldest]);
    conn->slot[oldest] = NULL;
  }
}

/* A new reference to graph gid: from the connection cache or read anew
** (call while holding). */
static cgt_graph *graph_get_held(cgt_conn *conn, sqlite3_value *gid, const cgt_key *id, char **err, int *rc) {
  sqlite3_int64 changes;
  uint64_t files;
  int shareable = read_stamp(conn->db, &changes, &files);
  for (int i = 0; i < CONN_SLOTS; i++) {
    cgt_graph *g = conn->slot[i];
    if (!g || !cgt_key_equal(&g->id, id)) continue;
    if (shareable && g->changes == changes && g->files == files) {
      g->refs++;
      g->last_use = ++conn->tick;
      return g;
    }
    if (shareable) {  /* stale for good: the data it was read from is gone */
      cgt_graph_unref(g);
      conn->slot[i] = NULL;
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
  g->last_use = ++conn->tick;
  *rc = cgt_graph_read(conn, gid, &g->game, err);
  if (*rc != SQLITE_OK) {
    cgt_graph_unref(g);
    return NULL;
  }
  if (shareable) conn_keep(conn, g);
  return g;
}

static cgt_graph *graph_get(cgt_conn *conn, sqlite3_value *gid, const cgt_key *id, char **err, int *rc) {
  *rc = cgt_conn_hold(conn, err);
  if (*rc != SQLITE_OK) return NULL;
  cgt_graph *g = graph_get_held(conn, gid, id, err, rc);
  cgt_conn_release(conn);
  return g;
}

int cgt_conn_graph_current(cgt_conn *conn, const cgt_graph *graph) {
  sqlite3_int64 changes;
  uint64_t files;
  return read_stamp(conn->db, &changes, &files) && graph->shareable && graph->changes == changes &&
         graph->files == files;
}

void cgt_conn_forget(cgt_conn *conn, cgt_graph *graph) {
  for (int i = 0; i < CONN_SLOTS; i++)
    if (conn->slot[i] == graph) {
      conn->slot[i] = NULL;
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
  cgt_key_from_value(gid, &id);
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
  cgt_key_from_value(gid, &id);
  char *cause = NULL;
  cgt_graph *g = graph_get(conn, gid, &id, &cause, rc);
  if (!g && cause) *err = sqlite3_mprintf("cgt: %s: %s", fname, cause);
  sqlite3_free(cause);
  return g;
}

/* ---- Grundy sequences of heap rules ---- */

const uint32_t *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, int *rc, char *err,
                                     size_t errlen) {
  heap_seq *slot = &conn->seq[0];
  for (int i = 0; i < SEQ_SLOTS; i++) {
    heap_seq *q = &conn->seq[i];
    if (q->rule && strcmp(q->rule, rule) == 0) {
      q->last_use = ++conn->tick;
      if (q->n >= n) return q->g;
      slot = q;
      break;
    }
    if (!q->rule || q->last_use < slot->last_use) slot = q;
  }
  if (n > CGT_HEAP_MAX) {   /* (callers check it first; the allocation depends on it) */
    *rc = SQLITE_TOOBIG;
    snprintf(err, errlen, "heap %u is larger than %u", n, CGT_HEAP_MAX);
    return NULL;
  }
  cgt_rule r;
  cgt_rc crc = cgt_rule_parse(rule, &r, err, errlen);
  if (crc) {
    *rc = cgt_sqlite_rc(crc);
    return NULL;
  }
  /* Grow geometrically, so that asking heap by heap costs little more. */
  uint32_t want = n;
  if (slot->rule && strcmp(slot->rule, rule) == 0 && slot->n < UINT32_MAX / 2 && 2 * slot->n > want)
    want = 2 * slot->n;
  if (want < 1024) want = 1024;
  uint32_t work_limit = cgt_heap_limit(&r, NULL, 0);   /* growing must not pass the rule's work limit */
  if (want > work_limit && n <= work_limit) want = work_limit;
  if (want > CGT_HEAP_MAX || want < n) want = n;
  uint32_t *g = sqlite3_malloc64(((uint64_t)want + 1) * sizeof *g);
  char *copy = sqlite3_mprintf("%s", rule);
  cgt_interrupt it;
  cgt_interrupt_begin(&it, conn->db);
  crc = g && copy ? cgt_heap_values(&r, want, g, &it.stop) : CGT_NOMEM;
  cgt_interrupt_end(&it);
  cgt_rule_free(&r);
  if (crc) {
    sqlite3_free(g);
    sqlite3_free(copy);
    *rc = cgt_sqlite_rc(crc);
    if (crc != CGT_NOMEM) snprintf(err, errlen, "%s", cgt_rc_text(crc));
    return NULL;
  }
  sqlite3_free(slot->rule);
  sqlite3_free(slot->g);
  slot->rule = copy;
  slot->g = g;
  slot->n = want;
  slot->last_use = ++conn->tick;
  return g;
}

/* ---- partizan games ---- */

/* Games passed between SQL calls are text, so the store can start afresh
** when it has grown large, unless an aggregate still holds ids. */
#define GAMES_MAX 1000000u
#define GAMES_BYTES ((size_t)1 << 30)

cg_store *cgt_conn_games(cgt_conn *conn, cg_thermo **thermo) {
  if (conn->games && conn->games_busy == 0 &&
      (cg_store_size(conn->games) > GAMES_MAX || cg_store_bytes(conn->games) > GAMES_BYTES)) {
    cg_store_free(conn->games);
    cg_thermo_free(conn->thermo);
    sqlite3_free(conn->toetactics);
    cg_board_table_free(conn->boards);
    conn->boards = NULL;
    conn->games = NULL;
    conn->thermo = NULL;
    conn->toetactics = NULL;
  }
  if (!conn->games) conn->games = cg_store_new();
  if (!conn->thermo) conn->thermo = cg_thermo_new();
  if (thermo) *thermo = conn->thermo;
  return conn->games && conn->thermo ? conn->games : NULL;
}

void cgt_conn_games_hold(cgt_conn *conn, int delta) { conn->games_busy += delta; }

cg_id *cgt_conn_toetactics(cgt_conn *conn) {
  if (!conn->toetactics) {
    conn->toetactics = sqlite3_malloc64(CG_TOETACTICS_BOARDS * sizeof *conn->toetactics);
    if (conn->toetactics) memset(conn->toetactics, 0xff, CG_TOETACTICS_BOARDS * sizeof *conn->toetactics);
  }
  return conn->toetactics;
}

cg_board_table *cgt_conn_boards(cgt_conn *conn) {
  if (!conn->boards) conn->boards = cg_board_table_new();
  return conn->boards;
}
