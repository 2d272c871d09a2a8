/*
** libFuzzer harness: random statements of every registered function and
** table function of cgt, run through an in-process SQLite with the
** extension compiled in.  The list of functions comes from the
** registration itself (pragma_function_list and pragma_module_list of a
** connection with cgt, less those of a plain one; the arguments of a table
** function are its hidden columns).
**
** An input is a little program: each statement takes an opcode byte, then
** arguments, each a kind byte and its payload: NULL, small and 64-bit
** integers, extremes, reals, text and blobs from the input, words from a
** list (rules, games, boards, token lists), a column of a table of mixed
** values, or a nested call of another function.  Some opcodes change
** cgt_edge or open and end transactions, so the caches are exercised.  A
** watchdog interrupts the connection once the input has run ~0.8 s.
*/
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_db.h"

typedef struct fn {
  char name[64];
  int narg;      /* -1: any */
  char type;     /* 's', 'a', 'w'; 't' for a table function */
} fn;
static fn fns[256];
static int nfns;

static void add_names(sqlite3 *db, const char *sql, int table) {
  sqlite3 *plain;
  sqlite3_open(":memory:", &plain);
  sqlite3_stmt *a, *b;
  for (sqlite3_prepare_v2(db, sql, -1, &a, NULL); sqlite3_step(a) == SQLITE_ROW;) {
    const char *name = (const char *)sqlite3_column_text(a, 0);
    int known = 0;
    sqlite3_prepare_v2(plain, sql, -1, &b, NULL);
    while (sqlite3_step(b) == SQLITE_ROW)
      if (strcmp((const char *)sqlite3_column_text(b, 0), name) == 0 && sqlite3_column_int(b, 1) == sqlite3_column_int(a, 1))
        known = 1;
    sqlite3_finalize(b);
    if (known || nfns == (int)(sizeof fns / sizeof *fns)) continue;
    fn *f = &fns[nfns++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->narg = sqlite3_column_int(a, 1);
    f->type = table ? 't' : ((const char *)sqlite3_column_text(a, 2))[0];
  }
  sqlite3_finalize(a);
  sqlite3_close(plain);
}

static void init_list(void) {
  sqlite3 *db = fuzz_open();
  add_names(db, "SELECT name, narg, type FROM pragma_function_list ORDER BY 1, 2, 3", 0);
  int first_table = nfns;
  add_names(db, "SELECT name, 0, 't' FROM pragma_module_list WHERE name NOT LIKE 'pragma\\_%' ESCAPE '\\' ORDER BY 1", 1);
  for (int i = first_table; i < nfns; i++) {   /* arguments: the hidden columns */
    char q[200];
    snprintf(q, sizeof q, "SELECT count(*) FROM pragma_table_xinfo('%s') WHERE hidden", fns[i].name);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
      fns[i].narg = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
  }
  fuzz_close(db);
  if (getenv("CGT_FUZZ_LIST"))
    for (int i = 0; i < nfns; i++) fprintf(stderr, "%c %d %s\n", fns[i].type, fns[i].narg, fns[i].name);
}

typedef struct rd {
  const uint8_t *p;
  size_t n;
} rd;
static unsigned byte(rd *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}
static uint64_t u64(rd *r) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = v << 8 | byte(r);
  return v;
}

typedef struct val {
  int type;   /* SQLITE_INTEGER, FLOAT, TEXT, BLOB, NULL */
  int64_t i;
  double d;
  const void *p;
  int n;
} val;

typedef struct sb {
  char s[4096];
  size_t n;
  int over;
  val v[64];
  int nv;
} sb;
static void put(sb *b, const char *t) {
  size_t k = strlen(t);
  if (b->n + k + 1 > sizeof b->s) { b->over = 1; return; }
  memcpy(b->s + b->n, t, k + 1);
  b->n += k;
}
static void param(sb *b, val v) {
  if (b->nv == (int)(sizeof b->v / sizeof *b->v)) { put(b, "NULL"); return; }
  b->v[b->nv++] = v;
  put(b, "?");
}

static const char *const words[] = {
    "", "nim", "kayles", "dawsons-kayles", "grundy", "officers", "lasker", "treblecross", "dawsons-chess",
    "0.137", "4.07", "0.77", "sub{1,3,4}", "allbut{1,2}", "0.4!", "0.f", "8.", "c.1", "0.3f",
    "{0|*}", "{|}", "{0|}", "{|0}", "^", "v3", "*2", "1/2", "-7/8", "+-1", "{2||1|0}", "Tiny(2)", "Miny(1/2)",
    "2Tiny(2)", "^^*", "1/2*", "{1|-1}", "+-{0,*}", "3/4+*", "((1))", "{0,*|0,*}", "-(1*)",
    "hackenbush", "toetactics", "cutcake", "hackenbush:LRG", "toetactics:.........", "cutcake:5x8",
    "LLRL", "GGG", ".x./xox/oxx", "xo.......", "2x8", "1000000000x3", "toetactics:xxx......",
    "[]", "[1,2]", "[2,2,3]", "[\"c\",\"a\"]", "[1,\"c\"]", "[2.0]", "[[1]]", "{\"a\":1}", "[1,", "[null]",
    "[true]", "[1e400]", "[9223372036854775807]", "inf{1}", "{|", "zz", "c", "a", "up", "star", "loop",
    "domineering", "clobber", "toadsfrogs", "cram", "impartial clobber", "L", "R", "..|..", "xoxo|oxox", "TT..FF",
    "...|...|...", "x.o|.ox",
};

static void gen_call(sb *b, rd *r, int depth, int from);

static void gen_arg(sb *b, rd *r, int depth, int from) {
  static const int64_t extremes[] = {INT64_MAX, INT64_MIN, 0, -1, 1, 4294967296, 4294967295, 100000000,
                                     100000001, 2147483648, 64, 65, 1 << 20, -2, INT64_MAX - 1};
  unsigned k = byte(r) % 12;
  val v = {SQLITE_NULL, 0, 0, NULL, 0};
  switch (k) {
    case 0: break;
    case 1: v.type = SQLITE_INTEGER, v.i = (int8_t)byte(r); break;
    case 2: v.type = SQLITE_INTEGER, v.i = (int64_t)u64(r); break;
    case 3: v.type = SQLITE_INTEGER, v.i = extremes[byte(r) % (sizeof extremes / sizeof *extremes)]; break;
    case 4: {
      unsigned c = byte(r) % 6;
      double ds[] = {1e308, -1e308, 0.5, 3.0, -0.0, 1e19};
      v.type = SQLITE_FLOAT, v.d = ds[c];
      if (c == 5) { uint64_t u = u64(r); memcpy(&v.d, &u, sizeof v.d); }
      if (isnan(v.d)) v.d = 0.25;
      break;
    }
    case 5:
    case 6: {
      size_t len = byte(r) % 48;
      if (len > r->n) len = r->n;
      v.type = k == 5 ? SQLITE_TEXT : SQLITE_BLOB, v.p = r->p, v.n = (int)len;
      r->p += len, r->n -= len;
      break;
    }
    case 7:
      if (from) { put(b, "x"); return; }
      break;
    case 8:
      if (depth < 2) { gen_call(b, r, depth + 1, from); return; }
      v.type = SQLITE_INTEGER, v.i = byte(r) % 8;
      break;
    case 9:
    case 10: {
      const char *w = words[byte(r) % (sizeof words / sizeof *words)];
      v.type = SQLITE_TEXT, v.p = w, v.n = (int)strlen(w);
      break;
    }
    case 11: {
      static const char *const gids[] = {"1", "'f'", "2", "3", "4", "5", "1.0", "'1'"};
      put(b, gids[byte(r) % 8]);
      return;
    }
  }
  param(b, v);
}

static const fn *pick(rd *r, int table) {
  int count = 0;
  for (int i = 0; i < nfns; i++) count += (fns[i].type == 't') == table;
  if (!count) return NULL;
  int k = (int)(byte(r) % (unsigned)count);
  for (int i = 0; i < nfns; i++)
    if ((fns[i].type == 't') == table && k-- == 0) return &fns[i];
  return NULL;
}

static int arity(rd *r, const fn *f) {
  if (f->narg >= 0) return byte(r) % 8 == 0 ? (int)(byte(r) % 5) : f->narg;
  static const int any[] = {0, 1, 2, 3, 5, 4};
  return any[byte(r) % 6];
}

static void gen_call(sb *b, rd *r, int depth, int from) {
  const fn *f = pick(r, 0);
  if (!f) { put(b, "NULL"); return; }
  put(b, f->name);
  put(b, "(");
  int n = arity(r, f);
  for (int i = 0; i < n; i++) {
    if (i) put(b, ", ");
    gen_arg(b, r, depth, from);
  }
  put(b, ")");
}

static void bind_all(sqlite3_stmt *st, const sb *b) {
  for (int i = 0; i < b->nv; i++) {
    const val *v = &b->v[i];
    switch (v->type) {
      case SQLITE_INTEGER: sqlite3_bind_int64(st, i + 1, v->i); break;
      case SQLITE_FLOAT: sqlite3_bind_double(st, i + 1, v->d); break;
      case SQLITE_TEXT: sqlite3_bind_text(st, i + 1, v->p, v->n, SQLITE_TRANSIENT); break;
      case SQLITE_BLOB: sqlite3_bind_blob(st, i + 1, v->p ? v->p : "", v->n, SQLITE_TRANSIENT); break;
      default: sqlite3_bind_null(st, i + 1);
    }
  }
}

static void gen_statement(sb *b, rd *r) {
  unsigned op = byte(r);
  unsigned kind = op % 16;
  if (kind == 12) {   /* a move added to a graph */
    put(b, "INSERT INTO cgt_edge VALUES (");
    gen_arg(b, r, 2, 0), put(b, ", "), gen_arg(b, r, 2, 0), put(b, ", "), gen_arg(b, r, 2, 0);
    put(b, (const char *[]){", NULL)", ", 'L')", ", 'R')", ", NULL)"}[byte(r) % 4]);
  } else if (kind == 13) {
    char q[100];
    snprintf(q, sizeof q, "DELETE FROM cgt_edge WHERE rowid %% %u = %u", byte(r) % 7 + 1, byte(r) % 7);
    put(b, q);
  } else if (kind == 14) {
    put(b, (const char *[]){"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT s", "RELEASE s", "INSERT INTO cgt_node VALUES (5, 5)",
                            "DELETE FROM cgt_node", "DROP INDEX cgt_edge_by_graph"}[byte(r) % 8]);
  } else {
    unsigned rows = (op >> 4) % 4;   /* 0: no FROM; else FROM v with up to 5*rows rows */
    int table = kind >= 10;
    put(b, "SELECT ");
    if (!table) {
      gen_call(b, r, 0, rows != 0);
      if (rows && kind == 9) put(b, " OVER (ORDER BY rowid ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)");
      if (rows) put(b, " FROM v");
    } else {
      const fn *f = pick(r, 1);
      if (!f) { put(b, "1"); return; }
      put(b, "* FROM ");
      if (rows) put(b, "v, ");
      put(b, f->name);
      put(b, "(");
      int n = f->narg;
      if (byte(r) % 8 == 0) n = (int)(byte(r) % 5);
      for (int i = 0; i < n; i++) {
        if (i) put(b, ", ");
        gen_arg(b, r, 1, rows != 0);
      }
      put(b, ")");
    }
    if (rows) {
      char q[60];
      snprintf(q, sizeof q, " WHERE v.rowid <= %u", rows * 5);
      put(b, q);
    }
  }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (!nfns) init_list();
  if (!nfns) abort();
  rd r = {data, size};
  sqlite3 *db = fuzz_open();
  if (!db) return 0;
  fuzz_watch(db, 800);
  int verbose = getenv("CGT_FUZZ_VERBOSE") != NULL;
  for (int i = 0; i < 8 && r.n; i++) {
    static sb b;
    b.n = 0, b.over = 0, b.nv = 0, b.s[0] = 0;
    gen_statement(&b, &r);
    if (b.over) continue;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, b.s, -1, &st, NULL) != SQLITE_OK) {
      if (verbose) fprintf(stderr, "prepare failed: %s: %s\n", b.s, sqlite3_errmsg(db));
      continue;
    }
    bind_all(st, &b);
    if (verbose) {
      char *x = sqlite3_expanded_sql(st);
      fprintf(stderr, "running: %s\n", x ? x : b.s);
      sqlite3_free(x);
    }
    int rc = fuzz_run(st);
    if (verbose) {
      fprintf(stderr, "%s  -- ", b.s);
      for (int k = 0; k < b.nv; k++) {
        const val *v = &b.v[k];
        if (v->type == SQLITE_INTEGER) fprintf(stderr, "%lld ", (long long)v->i);
        else if (v->type == SQLITE_FLOAT) fprintf(stderr, "%.17g ", v->d);
        else if (v->type == SQLITE_TEXT) fprintf(stderr, "'%.*s' ", v->n, (const char *)v->p);
        else if (v->type == SQLITE_BLOB) fprintf(stderr, "blob[%d] ", v->n);
        else fprintf(stderr, "NULL ");
      }
      fprintf(stderr, "=> %s\n", rc == SQLITE_DONE ? "ok" : sqlite3_errmsg(db));
    }
    sqlite3_finalize(st);
  }
  sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  fuzz_close(db);
  return 0;
}
