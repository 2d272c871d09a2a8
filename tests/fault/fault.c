/*
** Fault injection: every allocation of a representative statement of each
** family of functions is made to fail in turn, and the statement must end
** in an error or the right answer -- never a crash or a leak (ASan, LSan) --
** and the connection must work afterwards, with the right answer (caches
** not corrupted).
**
** Built with -DCGT_FAULT_INJECTION (see ext/core/alloc.c) and SQLite
** linked in: one counter, cgt_fault_count, numbers the allocations of the
** core (cgt_malloc and co.) and of SQLite (through an SQLITE_CONFIG_MALLOC
** wrapper) alike, and allocation number cgt_fault_fail_at fails.  For each
** statement S and N = 1, 2, ...: a fresh connection with cgt and sample
** graphs (no failures), then S with allocation N failing, then S again with
** none; until S makes fewer than N allocations.  With -s, every allocation
** from N on fails (sticky), not only the Nth.
**
** Output is TAP: one test point per statement.
**   fault [-s] [-v] [-only K] [-n N]     K: run statement K only; N: that N only
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../ext/core/common.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define leaked() __lsan_do_recoverable_leak_check()
#else
#define leaked() 0
#endif

int sqlite3_cgt_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

/* ---- SQLite's allocator, counted with the core's ---- */

static sqlite3_mem_methods base;

/* A small ASan quarantine: the driver frees and reallocates a great deal,
** and a large quarantine makes every connection slow to set up. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "quarantine_size_mb=1:max_malloc_fill_size=0"; }

static int fail_now(void) {
  uint64_t k = ++cgt_fault_count;
  return cgt_fault_fail_at != 0 && (k == cgt_fault_fail_at || (cgt_fault_sticky && k > cgt_fault_fail_at));
}
static void *x_malloc(int n) { return fail_now() ? NULL : base.xMalloc(n); }
static void *x_realloc(void *p, int n) { return fail_now() ? NULL : base.xRealloc(p, n); }
static void x_free(void *p) { base.xFree(p); }
static int x_size(void *p) { return base.xSize(p); }
static int x_roundup(int n) { return base.xRoundup(n); }
static int x_init(void *a) { return base.xInit(a); }
static void x_shutdown(void *a) { base.xShutdown(a); }

/* ---- the statements ---- */


static const char setup[] =
    "CREATE TABLE cgt_edge(graph_id NOT NULL, src NOT NULL, dst NOT NULL,"
    "  side TEXT CHECK (side IS NULL OR side IN ('L', 'R')));"
    "CREATE INDEX cgt_edge_by_graph ON cgt_edge(graph_id, src, dst, side);"
    "CREATE TABLE cgt_node(graph_id NOT NULL, node NOT NULL);"
    "CREATE INDEX cgt_node_by_graph ON cgt_node(graph_id, node);"
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES (1, 2, 3), (1, 3, 1), (1, 2, 2);"
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('f', 'c', 'd'), ('f', 'c', 'a'), ('f', 'a', 'b'),"
    "  ('f', 'b', 'c'), ('f', 'd', 'e');"
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('pic','g','a'), ('pic','a','b'), ('pic','g','x'),"
    "  ('pic','x','y'), ('pic','y','g');"
    "INSERT INTO cgt_edge VALUES ('dom','a','b','L'), ('dom','a','c','R'), ('dom','b','d','R'), ('dom','c','d','L'),"
    "  ('loop','p','q','L'), ('loop','q','p','R'), ('loop','p','z',NULL);"
    "INSERT INTO cgt_node VALUES ('dom', 'd'), (1, 9);"
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('path', 3, 2), ('path', 2, 1);";

static const char *const stmts[] = {
    /* graph functions */
    "SELECT outcome(1, 1), outcome(1, 2), outcome(1, 3)",
    "SELECT grundy('f', 'c'), grundy('f', 'd'), grundy('f', 'e')",
    "SELECT remoteness(1, 3), misere_outcome(1, 3), remoteness(1, 9)",
    "SELECT game_sum(1, value), game_sum_value(1, value) FROM json_each('[1,3,3,2]')",
    "SELECT * FROM winning_moves('f', '[\"d\",\"c\"]')",
    "SELECT * FROM cgt_solve('f')",
    "SELECT * FROM cgt_options(1, 2)",
    /* heap games */
    "SELECT heap_grundy('0.137', 60), heap_grundy('kayles', 100), heap_grundy('sub{1,3,4}', 30)",
    "SELECT heap_period('4.07', 1000), heap_period('dawsons-kayles', 1000), heap_period('kayles', 100)",
    "SELECT * FROM heap_sequence('grundy', 40)",
    "SELECT misere_heap_win('0.75', 5, 5, 1), misere_quotient('kayles', 12), heap_genus('kayles', 9)",
    "SELECT misere_heap_win('0.07', value) FROM json_each('[14,3,2]')",
    "SELECT * FROM heap_genus_sequence('0.137', 10)",
    /* Nim and its relatives */
    "SELECT nimk_win(2, 3, 5, 6), nimk_win(1, 1, 2, 3)",
    "SELECT nimk_win(2, value) FROM json_each('[1,2,3,4]')",
    "SELECT nimk_winning_move_count(1, 1, '[3,1]'), nimk_winning_move_count(1, 2, '[3,3]')",
    /* k >= 3 counts by the dynamic program over digit vectors, with its budget */
    "SELECT nimk_winning_move_count('path', 3, '[2,2,2,2,2,1]'), nimk_winning_move_count('path', 4, '[2,2,2,2,2]')",
    /* the exact search where a move raises the value (3 -> 2) */
    "SELECT nimk_graph_win('path', 2, '[3,2,2,2]'), nimk_winning_move_count('path', 2, '[3,2,2,3]')",
    "SELECT wythoff_grundy(5, 7), wythoff_grundy(100, 37), wythoff_outcome(3, 5)",
    "SELECT nim_sum(3, 5, 6), mex(0, 1, 3), misere_nim_win(1, 1, 1), fibonacci_nim_move(12, 1)",
    "SELECT nim_sum(value) OVER (ORDER BY key), nim_sum(value) OVER () FROM json_each('[1,2,3]')",
    "SELECT mex(value), misere_nim_win(value) FROM json_each('[0,1,3]')",
    "SELECT random_sum_win_probability(1), random_sum_win_probability(1, 1, 998244353)",
    "SELECT random_sum_win_probability('f', 2)",
    /* undirected games */
    "SELECT green_hackenbush('pic', 'g'), geography_win('pic', 'a'), geography_win('pic', 'g')",
    /* partizan values */
    "SELECT cg('{2||1|0}'), cg('^^*'), cg('+-1')",
    "SELECT cg_add('^', '*', '1/2'), cg_sub('1', '1/2'), cg_neg('3/4'), cg_cmp('^', '*'), cg_le('^', '^*+*')",
    "SELECT cg_sum(value) FROM json_each('[\"^\",\"^\",\"v\",\"1/2\",\"{2|-1}\"]')",
    "SELECT cg_temperature('{2|-1/2}'), cg_mean('{2|-1/2}'), cg_leftstop('{3|{1|0}}'), cg_rightstop('1*')",
    "SELECT cg_outcome('{1|-1}'), cg_is_number('3/4'), cg_birthday('{2||1|0}')",
    "SELECT * FROM cg_options('{2||1|0}')",
    "SELECT surreal_value('toetactics', 'xo./.ox/o..'), surreal_value('toetactics:.x./xox/oxx')",
    "SELECT surreal_value('hackenbush', 'LRG'), surreal_value('cutcake:5x8')",
    "SELECT cg_board('domineering', '...|...|...'), cg_board('clobber', 'xoxo|ox..'), cg_board('toadsfrogs', 'TT..FF')",
    "SELECT cg_board('subtraction{1,2|1}', '12'), surreal_value('subtraction{1..3|2}:9'), "
    "cg_heap_period('subtraction{1,3|2,3}', 40)",
    "SELECT * FROM game_graph('clobber', 'xo.|ox.')",
    "SELECT * FROM game_graph('kayles', '2,3')",
    "SELECT * FROM game_graph('cutcake', '2x3+1x2')",
    "SELECT group_concat(board || value || outcome || temperature || mean) FROM board_census('domineering', 5)",
    /* partizan algebra */
    "SELECT cg_thermograph('{2|-1/2}'), cg_thermograph_svg('{3|{2|1}}'), cg_is_infinitesimal('^'), "
    "cg_is_all_small('{0|^}'), cg_temper('{1|-1}')",
    "SELECT cg_ordinal_sum('{1|*}', '{1|-1/2}'), cg_cool('{3|{2|1}}', '1/2'), cg_heat('{1|-1}', '*'), "
    "cg_overheat('{1|*}', '*', '1')",
    "SELECT cg_atomic_weight('{^^^|vv}'), cg_atomic_weight('{0|^[2]*||vv}'), cg_rcf('{3||2*|1*}'), cg('{0,*|v}'), "
    "cg('{^|*,^[2]||*,^[2]}')",
    "SELECT * FROM cg_incentives('{1|^^||^}')",
    "SELECT cg_value('dom', 'a'), cg_value('dom', 'b'), cg_value('dom', 'c')",
    /* partizan games on stored graphs */
    "SELECT cg_snort('pic'), cg_col('pic', '{\"a\": \"L\", \"y\": \"R\"}'), cg_hackenbush('dom', 'a'), "
    "cg_hackenbush('pic', 'g')",
    "SELECT cgt_version()",
    /* pictures and the list of functions */
    "SELECT cgt_dot('f'), cgt_dot(1, 2), cgt_dot('dom'), cgt_dot('loop', 'p', 5)",
    "SELECT * FROM cgt_help()",
};
#define NSTMTS ((int)(sizeof stmts / sizeof *stmts))

/* Known bugs, owned elsewhere: the test point of a statement containing
** the text is marked TODO until they are fixed. */
static const char *const todo[][2] = {
    {"", NULL},   /* none now; cg_options' leak on failure was fixed in a1bd73a */
};

static const char *todo_of(const char *sql) {
  for (size_t i = 0; i < sizeof todo / sizeof *todo; i++)
    if (todo[i][1] && strstr(sql, todo[i][0])) return todo[i][1];
  return NULL;
}

/* Runs sql on db; the rows, or the error, as text in out.  Failures are
** injected from allocation fail_at on (0: none) of the run, not counting
** the preparation of statements that call no table function (SQLite's
** parser is SQLite's to test; only table functions run cgt's code then). */
static int run(sqlite3 *db, const char *sql, uint64_t fail_at, char *out, size_t cap) {
  size_t n = 0;
  out[0] = 0;
  sqlite3_stmt *st = NULL;
  int vtab = strstr(sql, "SELECT * FROM") != NULL;
  cgt_fault_count = 0;
  cgt_fault_fail_at = vtab ? fail_at : 0;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  if (!vtab) cgt_fault_count = 0, cgt_fault_fail_at = fail_at;
  if (rc == SQLITE_OK) {
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      for (int i = 0; i < sqlite3_column_count(st); i++) {
        const char *t = (const char *)sqlite3_column_text(st, i);
        if (!t && sqlite3_column_type(st, i) != SQLITE_NULL) {   /* the text could not be made */
          rc = SQLITE_NOMEM;
          break;
        }
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", i ? "|" : "", t ? t : "NULL");
      }
      if (rc != SQLITE_ROW) break;
      n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, " / ");
    }
    if (rc == SQLITE_DONE) rc = SQLITE_OK;
  }
  if (rc != SQLITE_OK) snprintf(out, cap, "error %d: %s", rc, sqlite3_errmsg(db));
  sqlite3_finalize(st);
  cgt_fault_fail_at = 0;
  return rc;
}

static sqlite3 *open_db(void) {
  sqlite3 *db = NULL;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK || sqlite3_exec(db, setup, NULL, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "setup failed: %s\n", err ? err : sqlite3_errmsg(db));
    exit(2);
  }
  return db;
}

static char want[1 << 16], got[1 << 16], again[1 << 16];
/* Counters shared with the child processes. */
static struct { unsigned long points, errors, right; } *sum;



/* One run of statement s with allocation n failing (and, sticky, every one
** after it).  Returns the number of problems (reported as TAP comments);
** *injected says whether allocation n was reached. */
static int run_n(int s, uint64_t n, int verbose, int *injected) {
  int bad = 0;
  sqlite3 *db = open_db();
  int rc = run(db, stmts[s], n, got, sizeof got);
  *injected = cgt_fault_count >= n;
  int rc2 = run(db, stmts[s], 0, again, sizeof again);
  int closed = sqlite3_close(db);
  if (rc == SQLITE_OK) sum->right += (unsigned long)*injected;
  else sum->errors++;
  if (verbose) printf("# N=%llu: %s\n", (unsigned long long)n, got);
  if (rc == SQLITE_OK && strcmp(got, want) != 0) {
    printf("#   N=%llu: wrong answer under injection: %s (want %s)\n", (unsigned long long)n, got, want);
    bad++;
  }
  if (rc2 != SQLITE_OK || strcmp(again, want) != 0) {
    printf("#   N=%llu: afterwards, without injection: %s (want %s)\n", (unsigned long long)n, again, want);
    bad++;
  }
  if (closed != SQLITE_OK) {
    printf("#   N=%llu: the connection does not close (a statement left open)\n", (unsigned long long)n);
    bad++;
  }
  return bad;
}

/* In a child process: statement s for N = first, first + 1, ... (only
** first when only_n); exit code 0, 1 (problems, reported), 2 (setup), 3
** (leaks: LeakSanitizer reported them on stderr). */
static void child(int s, uint64_t first, int only_n, int verbose) {
  sqlite3 *db = open_db();
  int rc = run(db, stmts[s], 0, want, sizeof want);
  sqlite3_close(db);
  if (rc != SQLITE_OK) {
    printf("#   fails without injection: %s\n", want);
    fflush(stdout);
    _exit(1);
  }
  int bad = 0, injected;
  for (uint64_t n = first;; n++) {
    bad += run_n(s, n, verbose, &injected);
    sum->points += (unsigned long)injected;
    if (!injected || only_n || bad > 5) break;
  }
  fflush(stdout);
  _exit(bad ? 1 : leaked() ? 3 : 0);
}

static int in_child(int s, uint64_t first, int only_n, int verbose) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) child(s, first, only_n, verbose);
  int status;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return 2;
  if (WIFSIGNALED(status)) {
    printf("#   killed by signal %d\n", WTERMSIG(status));
    return 4;
  }
  return WEXITSTATUS(status);
}

int main(int argc, char **argv) {
  int verbose = 0, only = -1;
  long only_n = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-s") == 0) cgt_fault_sticky = 1;
    else if (strcmp(argv[i], "-v") == 0) verbose = 1;
    else if (strcmp(argv[i], "-only") == 0 && i + 1 < argc) only = atoi(argv[++i]);
    else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) only_n = atol(argv[++i]);
  }
  sum = mmap(NULL, sizeof *sum, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sum == MAP_FAILED) return 2;
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &base);
  sqlite3_mem_methods m = {x_malloc, x_free, x_realloc, x_size, x_roundup, x_init, x_shutdown, NULL};
  if (sqlite3_config(SQLITE_CONFIG_MALLOC, &m) != SQLITE_OK) {
    fprintf(stderr, "cannot install the allocator\n");
    return 2;
  }
  /* Every connection opened from now on gets cgt, with SQLite's API. */
  if (sqlite3_auto_extension((void (*)(void))sqlite3_cgt_init) != SQLITE_OK) {
    fprintf(stderr, "cannot register the extension\n");
    return 2;
  }
  int failed = 0, tests = 0;
  for (int s = 0; s < NSTMTS; s++) {
    if (only >= 0 && s != only) continue;
    tests++;
    unsigned long before = sum->points, errors = sum->errors, right = sum->right;
    int st = in_child(s, only_n ? (uint64_t)only_n : 1, only_n != 0, verbose);
    unsigned long tried = sum->points - before;
    errors = sum->errors, right = sum->right;
    if (st == 3) {   /* find the first N that leaks, each in a fresh child */
      for (uint64_t k = only_n ? (uint64_t)only_n : 1; k <= (uint64_t)(only_n ? only_n : (long)tried + 1); k++)
        if (in_child(s, k, 1, 0) == 3) {
          printf("#   N=%llu leaks (LeakSanitizer's report is on stderr); reproduce: cgt_fault -only %d -n %llu\n",
                 (unsigned long long)k, s, (unsigned long long)k);
          break;
        }
    }
    sum->points = before + tried;   /* the search for the leak does not count */
    sum->errors = errors, sum->right = right;
    const char *why = todo_of(stmts[s]);
    printf("%s %d - %s (%lu allocations failed in turn)%s%s\n", st ? "not ok" : "ok", tests, stmts[s], tried,
           why ? " # TODO " : "", why ? why : "");
    if (st && !why) failed++;
    fflush(stdout);
  }
  printf("# %lu allocation points tried; %lu runs ended in an error, %lu in the right answer despite the failure\n",
         sum->points, sum->errors, sum->right);
  printf("1..%d\n", tests);
  return failed ? 1 : 0;
}
