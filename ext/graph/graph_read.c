/*
** Reading one graph from the tables: the moves of cgt_edge whose side is
** NULL (partizan rows are ignored here) and the nodes of cgt_node when that
** table or view exists, each where SQLite's look-up of the unqualified name
** finds it (temp, main, then the attached databases; the hold of graph_conn.c
** says which), read through its qualified name.
**
** Speed: the rows are not stepped through one by one.  A single statement
** scans them and hands each row to the internal function cgt_collect(),
** which appends to the buffer that the graph state of the connection
** (graph_conn.h) points at while the read
** is under way; at any other time it does nothing.  While every id is an integer the
** buffer keeps the raw ids; at the end they are interned through a direct
** table when they span a compact range, else through the hash map.  A
** non-integer id switches the buffer to interning as it goes.
** Statements are prepared for one read and finalized at once.
**
** A row whose side is not NULL is not a move of the impartial game, but its
** side must still be 'L' or 'R': cgt_collect(src, dst, side) checks it.
** The loops that run after the scan are linear; the connection is polled
** for an interrupt between them, and the hash interning charges its work.
*/
#include "graph_read.h"
#include "graph_conn.h"

#include <stdlib.h>
#include <string.h>

typedef struct collector {
  cgt_keymap *km;
  int raw_mode;         /* 1: ids are kept in raw[]; 0: interned into idx[] */
  int64_t *raw, lo, hi;
  uint32_t *idx;
  size_t n, cap;        /* ids so far (two per move, then one per node) */
  size_t sided;         /* rows with side 'L' or 'R' */
  int rc;               /* first error, SQLITE_OK if none */
  int null_id;          /* the error is a NULL id */
  char *bad_side;       /* the error is this side, as a literal (sqlite3_malloc'd) */
} collector;

static int grow(collector *c) {
  size_t cap = c->cap ? 2 * c->cap : 4096;
  if (cap > UINT32_MAX) return SQLITE_TOOBIG;
  if (c->raw_mode) {
    int64_t *p = cgt_realloc(c->raw, cap * sizeof *p);
    if (!p) return SQLITE_NOMEM;
    c->raw = p;
  } else {
    uint32_t *p = cgt_realloc(c->idx, cap * sizeof *p);
    if (!p) return SQLITE_NOMEM;
    c->idx = p;
  }
  c->cap = cap;
  return SQLITE_OK;
}

/* Interns the raw ids kept so far and switches to interned mode.  At the
** end of a read (final) ids spanning a compact range get a direct table and
** ascending indexes; else each id goes through the hash map. */
static int intern_raw(collector *c, int final, cgt_stop *st) {
  uint64_t span = (uint64_t)c->hi - (uint64_t)c->lo;
  uint32_t *idx = cgt_malloc((c->cap ? c->cap : 1) * sizeof *idx);
  cgt_rc rc = idx ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK && final && c->n > 0 && span < 8 * (uint64_t)c->n + 65536) {
    rc = cgt_keymap_dense(c->km, c->raw, c->n, c->lo, c->hi, idx);
  } else {
    for (size_t i = 0; rc == CGT_OK && i < c->n; i++) {
      rc = cgt_keymap_intern_int(c->km, c->raw[i], &idx[i]);
      if (rc == CGT_OK && cgt_stop_charge(st, 1)) rc = CGT_INTERRUPTED;
    }
  }
  if (rc) {
    cgt_free(idx);
    return cgt_sqlite_rc(rc);
  }
  cgt_free(c->raw);
  c->raw = NULL;
  c->idx = idx;
  c->raw_mode = 0;
  return SQLITE_OK;
}

static int collect_one(collector *c, sqlite3_value *v) {
  if (c->n == c->cap && (c->rc = grow(c)) != SQLITE_OK) return c->rc;
  if (c->raw_mode && sqlite3_value_type(v) == SQLITE_INTEGER) {
    int64_t id = sqlite3_value_int64(v);
    if (c->n == 0 || id < c->lo) c->lo = id;
    if (c->n == 0 || id > c->hi) c->hi = id;
    c->raw[c->n++] = id;
    return SQLITE_OK;
  }
  cgt_key k;
  int got = cgt_key_from_value(v, &k);
  if (got < 0) return c->rc = SQLITE_NOMEM;
  if (!got) {
    c->null_id = 1;
    return c->rc = SQLITE_ERROR;
  }
  if (c->raw_mode && (c->rc = intern_raw(c, 0, NULL)) != SQLITE_OK) return c->rc;
  cgt_rc rc = cgt_keymap_intern(c->km, &k, &c->idx[c->n]);
  if (rc) return c->rc = cgt_sqlite_rc(rc);
  c->n++;
  return SQLITE_OK;
}

/* The side code of a cgt_edge row: 3 for NULL (either player), 1 for 'L',
** 2 for 'R', 0 for anything else (an error). */
static int side_code(sqlite3_value *side) {
  if (sqlite3_value_type(side) == SQLITE_NULL) return 3;
  if (sqlite3_value_type(side) != SQLITE_TEXT) return 0;   /* not x'4C', which reads as 'L' */
  const unsigned char *t = sqlite3_value_text(side);
  if (!t || sqlite3_value_bytes(side) != 1) return 0;      /* not 'L' || char(0) */
  return t[0] == 'L' ? 1 : t[0] == 'R' ? 2 : 0;
}

/* cgt_collect(a, b) appends the ids a and b (a move) and cgt_collect(a)
** the id a (a node) to the read under way; cgt_collect(a, b, side) only
** checks that side is 'L' or 'R' (a partizan row).  Returns NULL, so that
** a WHERE clause keeps no row. */
static void collect_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  cgt_graph_conn *gc = cgt_graph_conn_get(sqlite3_user_data(ctx));
  collector *c = gc ? gc->collector : NULL;
  if (!c || argc < 1 || argc > 3) return;
  if (argc == 3) {
    int code = side_code(argv[2]);
    c->sided += code == 1 || code == 2;
    if (code == 1 || code == 2 || c->rc != SQLITE_OK) return;
    c->bad_side = cgt_value_literal(argv[2]);   /* as SQL shows it: 'l', 76, a BLOB (NULL: no memory) */
    c->rc = c->bad_side ? SQLITE_ERROR : SQLITE_NOMEM;
    sqlite3_result_error_code(ctx, c->rc);
    return;
  }
  if (argc == 2 && c->raw_mode && c->n + 2 <= c->cap && c->n > 0 && sqlite3_value_type(argv[0]) == SQLITE_INTEGER &&
      sqlite3_value_type(argv[1]) == SQLITE_INTEGER) {
    /* The common case, kept short: a move between two integer ids. */
    int64_t a = sqlite3_value_int64(argv[0]), b = sqlite3_value_int64(argv[1]);
    int64_t lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo < c->lo) c->lo = lo;
    if (hi > c->hi) c->hi = hi;
    c->raw[c->n] = a;
    c->raw[c->n + 1] = b;
    c->n += 2;
    return;
  }
  if (collect_one(c, argv[0]) == SQLITE_OK && argc == 2) collect_one(c, argv[1]);
  if (c->rc != SQLITE_OK) sqlite3_result_error_code(ctx, c->rc);
}

const cgt_function cgt_graph_read_functions[] = {
    {.name = "cgt_collect", .nargs = -1, .flags = SQLITE_UTF8 | SQLITE_DIRECTONLY, .xFunc = collect_func,
     .args = "a [, b [, side]]", .result = "NULL",
     .description = "Internal: collects the rows of a graph being read (called by cgt's own query on cgt_edge).",
     .example = "SELECT cgt_collect(1, 2)"},
    {0}};

/* Runs sql (?1 the graph id) over the rows, with c collecting. */
static int scan(cgt_graph_conn *gc, const char *sql, const char *table, sqlite3_value *gid, collector *c,
                char **err) {
  sqlite3 *db = gc->db;
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_bind_value(st, 1, gid);
    gc->collector = c;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    }
    gc->collector = NULL;
  }
  if (c->null_id || c->bad_side) {
    cgt_key k;
    char *graph = cgt_key_from_value(gid, &k) < 0 ? NULL : cgt_key_text(&k);
    if (!graph) *err = NULL;
    else if (c->null_id) *err = sqlite3_mprintf("%s has a NULL node id in graph %s", table, graph);
    else *err = sqlite3_mprintf("%s has side %s in graph %s (NULL, 'L' or 'R')", table, c->bad_side, graph);
    sqlite3_free(graph);
    rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
  } else if (c->rc != SQLITE_OK) {
    rc = c->rc;
    if (rc == SQLITE_TOOBIG) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_TOOBIG));
  } else if (rc == SQLITE_INTERRUPT) {
    *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
  } else if (rc != SQLITE_DONE && rc != SQLITE_NOMEM) {
    const char *why = sqlite3_errmsg(db);
    *err = strncmp(why, "no such table", 13) == 0
               ? sqlite3_mprintf("cannot read %s: %s (sql/cgt_schema.sql creates it; a view of that name works too)",
                                 table, why)
               : sqlite3_mprintf("cannot read %s: %s", table, why);
  }
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The SQL text of query over table (cgt_edge or cgt_node), which the hold
** found in database db_index: "%s" in query becomes the qualified name, or
** the bare name when no database has it (the read then fails with SQLite's
** "no such table").  sqlite3_malloc'd; NULL when out of memory. */
static char *table_sql(sqlite3 *db, const char *query, const char *table, int db_index) {
  char *name = db_index < 0 ? sqlite3_mprintf("%s", table)
                            : sqlite3_mprintf("\"%w\".%s", sqlite3_db_name(db, db_index), table);
  char *sql = name ? sqlite3_mprintf(query, name) : NULL;
  sqlite3_free(name);
  return sql;
}

int cgt_graph_read(cgt_graph_conn *gc, const int found[2], sqlite3_value *gid, cgt_graph *graph, const char *fname,
                   char **err) {
  cgt_game *game = &graph->game;
  sqlite3 *db = gc->db;
  collector c;
  memset(&c, 0, sizeof c);
  c.km = &game->nodes;
  c.raw_mode = 1;
  cgt_keymap_init(&game->nodes);
  /* CASE makes sure that only rows with side NULL are collected as moves;
  ** the others have their side checked. */
  char *sql = table_sql(db,
                        "SELECT 1 FROM %s WHERE graph_id = ?1 AND "
                        "CASE WHEN side IS NULL THEN cgt_collect(src, dst) ELSE cgt_collect(src, dst, side) END",
                        "cgt_edge", found[0]);
  int rc = sql ? scan(gc, sql, "cgt_edge", gid, &c, err) : SQLITE_NOMEM;
  sqlite3_free(sql);
  size_t edge_ids = c.n;
  if (rc == SQLITE_OK && found[1] >= 0) {
    sql = table_sql(db, "SELECT 1 FROM %s WHERE graph_id = ?1 AND cgt_collect(node)", "cgt_node", found[1]);
    rc = sql ? scan(gc, sql, "cgt_node", gid, &c, err) : SQLITE_NOMEM;
    sqlite3_free(sql);
  }
  /* The passes after the scan are linear (the direct table of intern_raw
  ** spans at most 8 slots per id); the connection is polled between them. */
  cgt_interrupt it;
  cgt_interrupt_begin(&it, gc->conn, fname);
  if (rc == SQLITE_OK && c.raw_mode) rc = intern_raw(&c, 1, &it.stop);
  if (rc == SQLITE_OK && cgt_interrupted(db)) rc = SQLITE_INTERRUPT;
  if (rc == SQLITE_OK) {
    cgt_rc crc = cgt_digraph_build(&game->moves, game->nodes.count, c.idx, edge_ids / 2, &it.stop);
    if (crc) rc = cgt_sqlite_rc(crc);
    if (crc == CGT_TOOBIG) *err = sqlite3_mprintf("%s", cgt_rc_text(crc));
  }
  if (rc == SQLITE_OK) {   /* keep the rows, for the undirected functions */
    uint32_t *rows = cgt_realloc(c.idx, (edge_ids ? edge_ids : 1) * sizeof *rows);
    if (rows) c.idx = NULL, game->rows = rows, game->nrows = edge_ids / 2;
    else rc = SQLITE_NOMEM;
  }
  if (rc == SQLITE_OK && cgt_interrupted(db)) rc = SQLITE_INTERRUPT;
  cgt_interrupt_end(&it);
  graph->sided_rows = c.sided;
  cgt_free(c.raw);
  cgt_free(c.idx);
  sqlite3_free(c.bad_side);
  if (rc == SQLITE_INTERRUPT && !*err) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
  if (rc != SQLITE_OK) cgt_game_clear(game);
  return rc;
}

/* ---- the partizan view: every row with its side ---- */

/* Reads every move with its side, then the nodes of cgt_node, from the
** databases where the hold found them. */
int cgt_pgraph_read(sqlite3 *db, const int found[2], sqlite3_value *gid, cgt_pgraph *pg, char **err) {
  sqlite3_stmt *st = NULL;
  uint32_t *rows = NULL;   /* src, dst, who */
  size_t n = 0, cap = 0;
  char *sql = table_sql(db, "SELECT src, dst, side FROM %s WHERE graph_id = ?1", "cgt_edge", found[0]);
  if (!sql) return SQLITE_NOMEM;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  sqlite3_free(sql);
  if (rc != SQLITE_OK) {
    *err = sqlite3_mprintf("cannot read cgt_edge: %s", sqlite3_errmsg(db));
    return rc;
  }
  sqlite3_bind_value(st, 1, gid);
  cgt_key graph_key;
  int graph_known = cgt_key_from_value(gid, &graph_key) >= 0;   /* (else its text is out of memory) */
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    cgt_key a, b;
    uint8_t who = (uint8_t)side_code(sqlite3_column_value(st, 2));
    if (!who) {
      const char *side = (const char *)sqlite3_column_text(st, 2);
      char *graph = side && graph_known ? cgt_key_text(&graph_key) : NULL;
      *err = graph ? sqlite3_mprintf("cgt_edge has side %Q in graph %s (NULL, 'L' or 'R')", side, graph) : NULL;
      sqlite3_free(graph);
      rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
      break;
    }
    int ga = cgt_key_from_value(sqlite3_column_value(st, 0), &a);
    int gb = ga > 0 ? cgt_key_from_value(sqlite3_column_value(st, 1), &b) : 0;
    if (ga < 0 || gb < 0) {
      rc = SQLITE_NOMEM;
      break;
    }
    if (!ga || !gb) {
      char *graph = graph_known ? cgt_key_text(&graph_key) : NULL;
      *err = graph ? sqlite3_mprintf("cgt_edge has a NULL node id in graph %s", graph) : NULL;
      sqlite3_free(graph);
      rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
      break;
    }
    if (n + 3 > cap) {
      if (n / 3 >= UINT32_MAX - 1) {   /* offsets into the moves are 32-bit */
        *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_TOOBIG));
        rc = SQLITE_TOOBIG;
        break;
      }
      cap = cap ? 2 * cap : 3 * 1024;
      uint32_t *r = cgt_realloc(rows, cap * sizeof *r);
      if (!r) { rc = SQLITE_NOMEM; break; }
      rows = r;
    }
    cgt_rc crc = cgt_keymap_intern(&pg->nodes, &a, &rows[n]);
    if (crc == CGT_OK) crc = cgt_keymap_intern(&pg->nodes, &b, &rows[n + 1]);
    if (crc) { rc = cgt_sqlite_rc(crc); break; }
    rows[n + 2] = who;
    n += 3;
  }
  if (rc == SQLITE_INTERRUPT && !*err) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
  if (rc != SQLITE_DONE && rc != SQLITE_ERROR && rc != SQLITE_NOMEM && !*err)
    *err = sqlite3_mprintf("cannot read cgt_edge: %s", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  st = NULL;
  if (rc == SQLITE_DONE && found[1] >= 0) {
    sql = table_sql(db, "SELECT node FROM %s WHERE graph_id = ?1", "cgt_node", found[1]);
    rc = sql ? sqlite3_prepare_v2(db, sql, -1, &st, NULL) : SQLITE_NOMEM;
    sqlite3_free(sql);
    if (rc != SQLITE_OK && rc != SQLITE_NOMEM) *err = sqlite3_mprintf("cannot read cgt_node: %s", sqlite3_errmsg(db));
    if (rc == SQLITE_OK) {
      sqlite3_bind_value(st, 1, gid);
      while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cgt_key k;
        uint32_t idx;
        int got = cgt_key_from_value(sqlite3_column_value(st, 0), &k);
        if (got <= 0) {
          char *graph = got == 0 && graph_known ? cgt_key_text(&graph_key) : NULL;
          *err = graph ? sqlite3_mprintf("cgt_node has a NULL node id in graph %s", graph) : NULL;
          sqlite3_free(graph);
          rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
          break;
        }
        if (cgt_keymap_intern(&pg->nodes, &k, &idx)) {
          rc = SQLITE_NOMEM;
          break;
        }
      }
      if (rc == SQLITE_INTERRUPT && !*err) *err = sqlite3_mprintf("%s", cgt_rc_text(CGT_INTERRUPTED));
      if (rc != SQLITE_DONE && rc != SQLITE_NOMEM && !*err)
        *err = sqlite3_mprintf("cannot read cgt_node: %s", sqlite3_errmsg(db));
    }
    sqlite3_finalize(st);
  }
  if (rc == SQLITE_DONE) {   /* moves grouped by source */
    uint32_t nodes = pg->nodes.count;
    size_t m = n / 3;
    pg->off = cgt_calloc((size_t)nodes + 1, sizeof *pg->off);
    pg->dst = cgt_malloc((m ? m : 1) * sizeof *pg->dst);
    pg->who = cgt_malloc(m ? m : 1);
    uint32_t *fill = cgt_malloc(((size_t)nodes + 1) * sizeof *fill);
    if (pg->off && pg->dst && pg->who && fill) {
      for (size_t i = 0; i < m; i++) pg->off[rows[3 * i] + 1]++;
      for (uint32_t u = 0; u < nodes; u++) {
        if (pg->off[u + 1] > pg->maxdeg) pg->maxdeg = pg->off[u + 1];
        pg->off[u + 1] += pg->off[u];
      }
      memcpy(fill, pg->off, ((size_t)nodes + 1) * sizeof *fill);
      for (size_t i = 0; i < m; i++) {
        uint32_t k = fill[rows[3 * i]]++;
        pg->dst[k] = rows[3 * i + 1];
        pg->who[k] = (uint8_t)rows[3 * i + 2];
      }
      rc = SQLITE_OK;
    } else {
      rc = SQLITE_NOMEM;
    }
    cgt_free(fill);
  }
  cgt_free(rows);
  return rc;
}
