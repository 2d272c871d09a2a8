/*
** Declarations shared by the files of the SQLite binding of cgt.
** Every binding file includes this header instead of sqlite3ext.h.
*/
#ifndef CGT_BINDING_H
#define CGT_BINDING_H

#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3

#include "core/game.h"
#include "core/partizan/pthermo.h"

#define CGT_VERSION "0.1.0"

/* Per-connection state: the cache of solved graphs.  One is made by each
** sqlite3_cgt_init() call and shared by every function it registers; it
** is freed when the last of them is dropped (connection close). */
typedef struct cgt_conn cgt_conn;

/* The partizan view of a graph: every row of cgt_edge, with its side. */
typedef struct cgt_pgraph {
  cgt_keymap nodes;
  uint32_t *off;       /* moves of node u: dst[off[u]..off[u+1]) */
  uint32_t *dst;
  uint8_t *who;        /* 1: Left's move, 2: Right's, 3: either's (side NULL) */
  uint32_t maxdeg;     /* the most moves from one node */
} cgt_pgraph;

/* A graph read from cgt_edge/cgt_node, with its analyses (reference counted). */
typedef struct cgt_graph {
  int refs;
  cgt_key id;         /* graph_id; TEXT and BLOB bytes in id_bytes */
  char *id_bytes;
  int shareable;      /* read with no uncommitted writes: may serve later statements */
  sqlite3_int64 changes;
  uint64_t files;     /* stamp of main and of where the tables were found, see graph_cache.c */
  uint64_t last_use;
  cgt_game game;
  size_t sided_rows;     /* rows with side 'L' or 'R': not in game, named when a node is unknown */
  cgt_pgraph *partizan;  /* read on first use (cgt_graph_partizan) */
} cgt_graph;

/* ---- registration tables (one per family of functions) ---- */

enum {
  CGT_PURE = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
  CGT_READS = SQLITE_UTF8 | SQLITE_DIRECTONLY
};

typedef struct cgt_function {
  const char *name;
  int nargs;          /* -1 for any number */
  int flags;          /* CGT_PURE or CGT_READS */
  void (*xFunc)(sqlite3_context *, int, sqlite3_value **);
  void (*xStep)(sqlite3_context *, int, sqlite3_value **);
  void (*xFinal)(sqlite3_context *);
  void (*xValue)(sqlite3_context *);                         /* window functions only */
  void (*xInverse)(sqlite3_context *, int, sqlite3_value **); /* window functions only */
  /* What cgt_help() shows (vt_help.c): the arguments as a call names them,
  ** the result, one line on what it does, and an example query (tests/06_help.t
  ** runs each on the reference's sample graph 1: moves 2->3, 3->1, 2->2). */
  const char *args;
  const char *result;
  const char *description;
  const char *example;
} cgt_function;

/* A table-valued function: an eponymous virtual table whose hidden columns,
** after the visible ones, are its arguments. */
typedef struct cgt_cursor cgt_cursor;
typedef struct cgt_table_function {
  const char *name;
  const char *schema;  /* CREATE TABLE x(...) with the HIDDEN argument columns last */
  int ncols;           /* visible columns */
  int nargs;           /* hidden argument columns */
  int reads;           /* 1: reads tables (DIRECTONLY); 0: pure (INNOCUOUS) */
  /* Prepares the rows for these arguments (none NULL); returns an SQLite
  ** code and sets cur->err on error.  A filter whose rows are made one at a
  ** time (streamed) sets cur->next instead of cur->nrows. */
  int (*filter)(cgt_cursor *cur, sqlite3_value **args);
  /* Result of visible column col of row cur->row. */
  void (*column)(cgt_cursor *cur, sqlite3_context *ctx, int col);
  void (*reset)(cgt_cursor *cur); /* frees what filter made */
  /* As in cgt_function. */
  const char *args;
  const char *result;
  const char *description;
  const char *example;
} cgt_table_function;

struct cgt_cursor {
  sqlite3_vtab_cursor base;
  cgt_conn *conn;
  const cgt_table_function *tf;
  sqlite3_value *args[4];     /* copies of the arguments */
  sqlite3_int64 row, nrows;
  /* Streamed rows: makes row cur->row (the first right after filter), or
  ** sets cur->eof after the last; returns an SQLite code, with cur->err. */
  int (*next)(cgt_cursor *cur);
  int eof;
  uint32_t node;              /* a node index, for filters that need one */
  unsigned cols;              /* bit i: visible column i is used by the query */
  cgt_graph *graph;           /* kept between filters of one cursor */
  void *rows;                 /* what filter made */
  char *err;                  /* error message from filter */
};

extern const cgt_function cgt_internal_functions[];
extern const cgt_function cgt_nim_functions[];
extern const cgt_function cgt_graph_functions[];
extern const cgt_function cgt_nimk_functions[];
extern const cgt_function cgt_random_functions[];
extern const cgt_function cgt_heap_functions[];
extern const cgt_function cgt_closed_functions[];
extern const cgt_function cgt_undirected_functions[];
extern const cgt_function cgt_partizan_functions[];
extern const cgt_function cgt_board_functions[];
extern const cgt_function cgt_algebra_functions[];
extern const cgt_function cgt_graphgame_functions[];
extern const cgt_function cgt_dot_functions[];
extern const cgt_function cgt_misere_functions[];
extern const cgt_table_function cgt_partizan_tables[];
extern const cgt_table_function cgt_algebra_tables[];
extern const cgt_table_function cgt_heap_tables[];
extern const cgt_table_function cgt_misere_tables[];
extern const cgt_table_function cgt_graph_tables[];
extern const cgt_table_function cgt_game_graph_tables[];
extern const cgt_table_function cgt_census_tables[];
extern const cgt_table_function cgt_help_tables[];

/* The registration tables of every family, each ended by an entry with a
** NULL name (cgt.c); cgt_help() lists them. */
extern const cgt_function *const cgt_function_families[];
extern const size_t cgt_function_family_count;
extern const cgt_table_function *const cgt_table_families[];
extern const size_t cgt_table_family_count;

/* Registers tf on db (table_function.c). */
int cgt_register_table_function(sqlite3 *db, cgt_conn *conn, const cgt_table_function *tf);
/* For filters: points cur->graph at graph gid (kept while the id repeats). */
int cgt_cursor_graph(cgt_cursor *cur, sqlite3_value *gid);
/* For filters: computes an analysis of cur->graph; sets cur->err on error. */
int cgt_cursor_need(cgt_cursor *cur, cgt_rc (*need)(cgt_game *, cgt_stop *));

/* ---- the connection (conn.c) ---- */

cgt_conn *cgt_conn_new(sqlite3 *db);
void cgt_conn_ref(cgt_conn *conn);
void cgt_conn_unref(void *conn);
sqlite3 *cgt_conn_db(cgt_conn *conn);

/* How a family of functions hangs its per-connection state on the
** connection: the state is a zeroed block of `size` bytes made on first
** use, and `free` releases it (and what it holds) with the connection. */
typedef struct cgt_conn_hook {
  const char *name;
  size_t size;
  void (*free)(void *state);
} cgt_conn_hook;
/* The state of hook's family on conn, made now if need be; NULL when out of
** memory. */
void *cgt_conn_state(cgt_conn *conn, const cgt_conn_hook *hook);

/* Where graph_read.c keeps the buffer of the read under way (or NULL). */
void **cgt_conn_collector(cgt_conn *conn);

/* ---- the families' caches (graph_cache.c, heap_cache.c, misere_cache.c, partizan_cache.c) ---- */
/* The largest heap whose Grundy value the heap functions compute. */
#define CGT_HEAP_MAX 100000000u

/* Grundy values G(0..n) of the heap game rule, from the connection's cache
** of sequences or computed now (n <= CGT_HEAP_MAX).  NULL on error, with
** *rc and a message in err (a bad rule names the rule and character).  The
** values stay valid until the next call into the heap cache (or
** cgt_conn_heap_release): a sequence over the cache's byte budget is not
** kept, only lent (heap_cache.c). */
const uint32_t *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, int *rc, char *err,
                                     size_t errlen);
struct cgt_heap_form;
/* The proven form of the rule's sequence (core/heapseq.h), looked for in
** its values up to heap upto (computed as needed, from
** cgt_heap_form_start growing eightfold; each search is cached with the
** sequence).  Returns the
** values, with *found and *f; NULL on error as above. */
const uint32_t *cgt_conn_heap_form(cgt_conn *conn, const char *rule, uint32_t upto, struct cgt_heap_form *f, int *found,
                                   int *rc, char *err, size_t errlen);
/* Frees the sequence lent by the last call, if any: a heap function calls
** it when done with the values. */
void cgt_conn_heap_release(cgt_conn *conn);
/* The values g returned by the last call when they were lent: the caller
** owns them now (sqlite3_free); NULL when they are kept by the cache. */
uint32_t *cgt_conn_heap_take(cgt_conn *conn, const uint32_t *g);

/* The misère quotient (core/misere.h) of rule's heaps 1..n, from the
** connection's cache or computed now; when exact is 0, that of 1..n' for
** some n' from n to max, which decides the same sums.  NULL on error, with
** *rc, and *fail on CGT_LIMIT, or a bad rule's message in err (empty
** otherwise; errlen > 0); CGT_NOMEM when rule is NULL (the text of a value
** that could not be had) (misere_cache.c). */
struct cgt_mq;
const struct cgt_mq *cgt_conn_misere_quotient(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, int exact,
                                              cgt_rc *rc, uint32_t *fail, char *err, size_t errlen);
/* The genera (core/genus.h) of rule's heaps 0..n (and maybe more, up to
** max) from the connection's cache or computed now; NULL on error as above. */
struct cgt_genus;
const struct cgt_genus *cgt_conn_heap_genera(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, cgt_rc *rc,
                                             uint32_t *fail, char *err, size_t errlen);

/* The connection's store of partizan games (and thermograph cache), made
** on first use; NULL when out of memory.  An aggregate that keeps game ids
** across calls holds the store (+1 at its first row, -1 at its end). */
cg_store *cgt_conn_games(cgt_conn *conn, cg_thermo **thermo);
void cgt_conn_games_hold(cgt_conn *conn, int delta);
/* The memo of Toe-Tac-Tics values for the store of cgt_conn_games (call
** that first); NULL when out of memory. */
cg_id *cgt_conn_toetactics(cgt_conn *conn);
/* The same for the transposition table of board rulesets (core/partizan/board/board.h). */
struct cg_board_table *cgt_conn_boards(cgt_conn *conn);
/* The values of the heaps of subtraction game ruleset kept for the
** connection (core/partizan/subtraction.h), one memo for each of the last
** few games asked for; NULL when out of memory. */
struct cg_sub_memo *cgt_conn_subtraction(cgt_conn *conn, const char *ruleset);


/* The graph of id gid for a function call: from the statement's own cache,
** else the connection's cache while it cannot be stale, else read from the
** tables.  The statement keeps a reference until it ends, so the result
** needs no release.  On error sets the SQL error (naming fname), returns NULL. */
cgt_graph *cgt_graph_for_call(sqlite3_context *ctx, sqlite3_value *gid, const char *fname);

/* The same for a virtual table cursor: returns a new reference (release it
** with cgt_graph_unref), or NULL with *err (sqlite3_malloc'd) and *rc set. */
cgt_graph *cgt_graph_for_cursor(cgt_conn *conn, sqlite3_value *gid, const char *fname,
                                char **err, int *rc);
void cgt_graph_unref(cgt_graph *graph);

/* The partizan view of graph gid (read now, from the same data, when first
** asked).  Returns an SQLite code, with *err set. */
int cgt_graph_partizan(cgt_conn *conn, cgt_graph *graph, sqlite3_value *gid, char **err);
void cgt_pgraph_free(cgt_pgraph *pg);

/* Reads graph gid from cgt_edge (rows with side NULL) and cgt_node into
** graph->game, and counts graph->sided_rows, each from the database where
** the hold found it (call while holding, see graph_private.h).  Returns an
** SQLite code, with *err set. */
int cgt_graph_read(cgt_conn *conn, const int found[2], sqlite3_value *gid, cgt_graph *graph, char **err);

/* Parses tokens, a JSON array of node ids, into node indexes of graph
** (*idx, sqlite3_malloc'd; UINT32_MAX for a node graph does not know).
** Returns an SQLite code, with *err set on error (tokens.c). */
int cgt_tokens_parse(sqlite3 *db, sqlite3_value *tokens, const cgt_graph *graph, uint32_t **idx, int *n,
                     char **err);

/* ---- helpers (util.c) ---- */

/* Turns an SQL value into a node id key: 1, or 0 for NULL, or -1 when the
** text or BLOB of the value could not be had (sqlite3_value_text returns
** NULL for a non-NULL value only when out of memory). */
int cgt_key_from_value(sqlite3_value *v, cgt_key *k);
/* Returns an outcome letter ('N', 'P', 'D', ...) as a one-letter TEXT. */
void cgt_result_letter(sqlite3_context *ctx, char c);
/* Returns a node id as an SQL result. */
void cgt_result_key(sqlite3_context *ctx, const cgt_key *k);
/* The id of node u of graph as SQL literal text (sqlite3_malloc'd; NULL
** when out of memory), for error messages. */
char *cgt_node_text(const cgt_graph *graph, uint32_t u);
/* Index of node v in graph, or UINT32_MAX when unknown or NULL (or its text
** could not be had: then cgt_unknown_node_text is NULL). */
uint32_t cgt_node_index(const cgt_graph *graph, sqlite3_value *v);

/* A stop hook that honours sqlite3_interrupt() during long computations:
** it asks sqlite3_is_interrupted() where SQLite has it (3.41 and later) and
** else steps a trivial statement, which fails with SQLITE_INTERRUPT once the
** connection is interrupted.  That statement is prepared only when a
** computation runs long enough to check; cgt_interrupt_end finalizes it.
**   cgt_interrupt it;  cgt_interrupt_begin(&it, db);
**   rc = long_computation(..., &it.stop);  cgt_interrupt_end(&it); */
typedef struct cgt_interrupt {
  cgt_stop stop;
  sqlite3 *db;
  sqlite3_stmt *probe;
} cgt_interrupt;
void cgt_interrupt_begin(cgt_interrupt *it, sqlite3 *db);
void cgt_interrupt_end(cgt_interrupt *it);

/* Maps a core result code to an SQLite code. */
int cgt_sqlite_rc(cgt_rc rc);

/* A non-negative whole number: an INTEGER, or a REAL (or text read as a
** number) with no fraction, below 2^63.  1 with *out set, else 0. */
int cgt_value_uint(sqlite3_value *v, uint64_t *out);

/* Reads argument v (number argno, from 1) as a non-negative integer, as
** cgt_value_uint.  Returns 1 with *out set, 0 for NULL, -1 after setting an
** error that names fname. */
int cgt_arg_nonneg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint64_t *out);

/* 1 when some argument argv[0..argc-1] is NULL: the call's result is then
** NULL, whatever the other arguments (an argument that would be an error
** included), so that the order of the arguments does not matter. */
int cgt_any_null(int argc, sqlite3_value **argv);

/* Makes msg valid UTF-8 in place, as SQLite's callers decode it: a
** character cut short (a message quoting the start of a long text) is
** dropped, any other byte that begins no valid character becomes '?'. */
void cgt_utf8_repair(char *msg);
/* Sets the error "cgt: fname: message" with the given SQLite code. */
void cgt_error(sqlite3_context *ctx, int rc, const char *fname, const char *fmt, ...);
/* Reports a failed core computation of fname. */
void cgt_error_rc(sqlite3_context *ctx, cgt_rc rc, const char *fname);

/* Parses the heap rule text into r (core/heaprule.h); returns 1, or 0
** after setting the error "cgt: fname: <what is wrong with the rule>" (out
** of memory when text is NULL: sqlite3_value_text of a non-NULL value
** returns NULL only then). */
struct cgt_rule;
int cgt_rule_arg(sqlite3_context *ctx, const char *text, const char *fname, struct cgt_rule *r);
/* Reads argument v (number argno) as a heap of at most limit counters:
** 1 with *n set, 0 for NULL, -1 after setting an error that names fname. */
int cgt_heap_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint32_t limit, uint32_t *n);

/* The generalised Grundy value of node u as an SQL result: INTEGER or
** TEXT 'inf{a,b,...}'.  xor is applied to K (for sums). */
void cgt_result_grundy(sqlite3_context *ctx, const cgt_graph *graph, uint32_t u, uint32_t xor);

#endif
