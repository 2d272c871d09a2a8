/*
** Fault injection: allocations of a representative statement of each
** family of functions are made to fail, one per run, and the statement
** must end in an error or the right answer -- never a crash or a leak
** (ASan, LSan) -- and the connection must work afterwards, with the right
** answer (caches not corrupted).
**
** Built with -DCGT_FAULT_INJECTION (see ext/core/alloc.c) and SQLite
** linked in: one counter, cgt_fault_count, numbers the allocations of the
** core (cgt_malloc and co.) and of SQLite (through an SQLITE_CONFIG_MALLOC
** wrapper) alike, and allocation number cgt_fault_fail_at fails.  Each run
** of a statement S with allocation N failing: a fresh connection with cgt
** and sample graphs (no failures), then S with allocation N failing, then
** S again with none.
**
** Which N: failing every allocation in turn costs time quadratic in the
** statement's size, and mostly repeats one loop iteration's failure in the
** next.  So a clean run of S first records the call site of each
** allocation: its innermost SITE_DEPTH callers in cgt (or the driver) and,
** for an allocation SQLite makes on its own (not called by cgt, as it steps
** a table function, say), its innermost LIB_DEPTH frames in SQLite.  Every
** call site not met in an earlier statement then fails at its first and its
** second occurrence (the second finds a loop that forgets what its earlier
** iterations allocated), and so do S's first FIRST_FEW allocations and its
** last.  Option -a fails every allocation in turn instead (minutes).  With
** -s, every allocation from N on fails (sticky), not only the Nth.
**
** One child process runs the statements, with one leak check at the end.
** If it dies in a statement, that statement fails and the statements on
** either side run again in children of their own; if it leaks, each
** statement runs again alone, with a leak check after each run, to name
** the statement and N.
**
** Output is TAP: one test point per statement.
**   fault [-a] [-s] [-v] [-only K] [-n N]     K: run statement K only; N: that N only
*/
#include <execinfo.h>
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

static void observe(void);

/* Counts an allocation of SQLite's, shown to the observer; whether it is to
** fail.  Never inlined, as fault() in alloc.c: observe() skips the
** allocator's own three frames. */
static __attribute__((noinline)) int fail_now(void) {
  uint64_t k = ++cgt_fault_count;
  if (cgt_fault_observe) observe();
  return cgt_fault_fail_at != 0 && (k == cgt_fault_fail_at || (cgt_fault_sticky && k > cgt_fault_fail_at));
}
static void *x_malloc(int n) { return fail_now() ? NULL : base.xMalloc(n); }
static void *x_realloc(void *p, int n) { return fail_now() ? NULL : base.xRealloc(p, n); }
static void x_free(void *p) { base.xFree(p); }
static int x_size(void *p) { return base.xSize(p); }
static int x_roundup(int n) { return base.xRoundup(n); }
static int x_init(void *a) { return base.xInit(a); }
static void x_shutdown(void *a) { base.xShutdown(a); }

/* ---- call sites ---- */

#define SITE_DEPTH 4   /* callers in cgt or the driver that name a call site */
#define LIB_DEPTH 2    /* frames in SQLite that name a site of SQLite's own allocations */
#define FIRST_FEW 3    /* allocations of each statement that fail whatever their site */

/* The executable's code (the driver's and cgt's), and that of run(), the
** driver's one caller of SQLite while allocations are recorded. */
extern const char __executable_start[], etext[], __start_fault_run[], __stop_fault_run[];
#define IN(p, lo, hi) ((const char *)(p) >= (lo) && (const char *)(p) < (hi))

static uint64_t *site;              /* site[k - 1]: the call site of allocation k of a clean run */
static size_t capsite;
static uint64_t *seen;              /* the call sites met in earlier statements, ascending */
static size_t nseen;
static int every;                   /* -a: fail every allocation */

/* Records the call site of the allocation being counted: a hash of the
** return addresses described at the top, found past the allocator's own
** frames (observe, fault or fail_now, the wrapper) in a backtrace. */
static __attribute__((noinline)) void observe(void) {
  void *pc[64];
  int n = backtrace(pc, 64), i = 0, j, depth = 0;
  for (int own = 0; i < n && own < 3; i++) own += IN(pc[i], __executable_start, etext);
  for (j = i; j < n && !IN(pc[j], __executable_start, etext); j++) continue;
  uint64_t h = 14695981039346656037u;
  if (j < n && IN(pc[j], __start_fault_run, __stop_fault_run))   /* SQLite allocates on its own */
    for (int k = i; k < j && k < i + LIB_DEPTH; k++) h = (h ^ (uint64_t)(uintptr_t)pc[k]) * 1099511628211u;
  for (; j < n && depth < SITE_DEPTH; j++)
    if (IN(pc[j], __executable_start, etext)) h = (h ^ (uint64_t)(uintptr_t)pc[j]) * 1099511628211u, depth++;
  size_t k = (size_t)cgt_fault_count;
  if (k > capsite) {
    capsite = k > 2 * capsite ? k + 1024 : 2 * capsite;
    site = realloc(site, capsite * sizeof *site);
    if (!site) abort();
  }
  site[k - 1] = h;
}

/* Orders call sites (and allocation numbers). */
static int by_value(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return (*x > *y) - (*x < *y);
}
/* Orders (call site, allocation number) pairs. */
static int by_site(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return x[0] != y[0] ? by_value(x, y) : by_value(x + 1, y + 1);
}

/* The allocations to fail, from the sites of a clean run's total
** allocations (see the top): their number, in plan[] (room for total)
** ascending.  The new sites join seen[]. */
static size_t plan_of(size_t total, uint64_t *plan) {
  size_t m = 0, nfresh = 0;
  if (every) {
    for (size_t k = 0; k < total; k++) plan[m++] = k + 1;
    return m;
  }
  uint64_t (*pair)[2] = malloc((total + 1) * sizeof *pair);
  uint64_t *fresh = malloc((total + 1) * sizeof *fresh);
  if (!pair || !fresh) abort();
  for (size_t k = 0; k < total; k++) pair[k][0] = site[k], pair[k][1] = k + 1;
  qsort(pair, total, sizeof *pair, by_site);
  for (size_t k = 0; k < total; k++) {
    int first = k == 0 || pair[k][0] != pair[k - 1][0];
    int second = !first && (k == 1 || pair[k - 1][0] != pair[k - 2][0]);
    int met = nseen && bsearch(&pair[k][0], seen, nseen, sizeof *seen, by_value) != NULL;
    if (first && !met) fresh[nfresh++] = pair[k][0];
    if (((first || second) && !met) || pair[k][1] <= FIRST_FEW || pair[k][1] == total) plan[m++] = pair[k][1];
  }
  free(pair);
  qsort(plan, m, sizeof *plan, by_value);
  seen = realloc(seen, (nseen + nfresh + 1) * sizeof *seen);
  if (!seen) abort();
  memcpy(seen + nseen, fresh, nfresh * sizeof *fresh);
  nseen += nfresh;
  qsort(seen, nseen, sizeof *seen, by_value);
  free(fresh);
  return m;
}

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
    "INSERT INTO cgt_edge(graph_id, src, dst) VALUES ('path', 3, 2), ('path', 2, 1);"
    "INSERT INTO cgt_edge VALUES ('a graph whose id has 40 bytes (8 * 5)...',"
    "  'a node whose id has 40 bytes (8 * 5)....', x'0000', NULL),"
    "  ('a graph whose id has 40 bytes (8 * 5)...', x'0000', 'b', NULL);";

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
    "SELECT heap_genus('4.7', value), misere_heap_win('0.07', value, 1) FROM json_each('[8,9]')",
    /* a growth of the genera past the heaps asked meets the limit at heap 29: the heaps before it are kept */
    "SELECT heap_genus('4.7', value) FROM json_each('[24,25,26]')",
    /* rules from json_each: their text needs an allocation (sqlite3_value_text NULL when it fails); six
    ** rules for four slots, so the caches evict */
    "SELECT heap_genus(value, 6), misere_heap_win(value, 3, 5), misere_quotient(value, 4) ->> 'size',"
    "  (SELECT group_concat(genus) FROM heap_genus_sequence(value, 2)), heap_genus('0.77', length(value) * 3)"
    "  FROM json_each('[\"kayles\",\"0.77\",\"0.75\",\"0.07\",\"0.137\",\"kayles\"]')",
    "SELECT heap_grundy(value, 9), heap_period(value, 50) FROM json_each('[\"kayles\",\"0.77\"]')",
    /* the rows of a cursor while the same rule's genera grow */
    "SELECT s.genus, heap_genus('0.137', s.n + 9), misere_heap_win('0.3', s.n * 7, 2) FROM heap_genus_sequence('0.137', 8) s",
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
    /* arguments whose text (or BLOB) SQLite may have to allocate when asked for it (sqlite3_value_text NULL
    ** when that fails): numbers, zeroblobs, texts of 40 bytes made by substr (no room for a terminator) */
    "SELECT grundy(substr(g, 1), substr(n, 1)), outcome(substr(g, 1), zeroblob(2)),"
    "  cgt_dot(substr(g, 1), zeroblob(2)),"
    "  cg_value(substr(g, 1), substr(n, 1)), cg_hackenbush(substr(g, 1), zeroblob(2))"
    "  FROM (SELECT 'a graph whose id has 40 bytes (8 * 5)...' g, 'a node whose id has 40 bytes (8 * 5)....' n)",
    "SELECT s.grundy, o.dst FROM (SELECT 'a graph whose id has 40 bytes (8 * 5)...' g,"
    "  'a node whose id has 40 bytes (8 * 5)....' n),"
    "  cgt_solve(substr(g, 1)) s, cgt_options(substr(g, 1), substr(n, 1)) o",
    "SELECT surreal_value('subtraction{1,2|1}', 5), surreal_value('hackenbush', substr('LRG', 1)),"
    "  cg_board('subtraction{1|2}', 4)",
    "SELECT o.side, i.side FROM cg_options(2) o, cg_incentives(2) i",
    /* the same from json_each through a JOIN (values copied without a terminator) */
    "SELECT surreal_value(g.value, k.value), surreal_value(g.value || ':' || k.value), cg_board(c.value, j.key + 3)"
    "  FROM json_each('[0,1]') j JOIN json_each('[\"hackenbush\",\"subtraction{1,2|1}\"]') g ON g.key = j.key"
    "  JOIN json_each('[\"LRG\",\"5\"]') k ON k.key = j.key"
    "  JOIN json_each('[\"subtraction{1|2}\",\"subtraction{2|1}\"]') c ON c.key = j.key",
    "SELECT o.side, i.side FROM json_each('[0]') j JOIN json_each('[\"{2||1|0}\"]') k ON k.key = j.key,"
    "  cg_options(k.value) o, cg_incentives(k.value) i",
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
** parser is SQLite's to test; only table functions run cgt's code then).
** In a section of its own: see observe(). */
static __attribute__((noinline, section("fault_run"))) int run(sqlite3 *db, const char *sql, uint64_t fail_at,
                                                                 char *out, size_t cap) {
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
    _exit(2);
  }
  return db;
}

static char want[1 << 16], got[1 << 16], again[1 << 16];

/* What the children report, per statement, and where the last one was. */
enum { PASSED, PROBLEMS, SETUP, LEAKS, DIED };
static struct {
  int at;                                          /* the statement a child is running */
  struct {
    int status;                                    /* PASSED ... DIED */
    unsigned long tried, total, errors, right;     /* runs; allocations of a clean run; runs ending so */
  } st[NSTMTS];
} *sum;

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
  if (rc == SQLITE_OK) sum->st[s].right += (unsigned long)*injected;
  else sum->st[s].errors++;
  if (verbose) printf("# %d, N=%llu: %s\n", s + 1, (unsigned long long)n, got);
  if (rc == SQLITE_OK && strcmp(got, want) != 0) {
    printf("#   %d, N=%llu: wrong answer under injection: %s (want %s)\n", s + 1, (unsigned long long)n, got, want);
    bad++;
  }
  if (rc2 != SQLITE_OK || strcmp(again, want) != 0) {
    printf("#   %d, N=%llu: afterwards, without injection: %s (want %s)\n", s + 1, (unsigned long long)n, again, want);
    bad++;
  }
  if (closed != SQLITE_OK) {
    printf("#   %d, N=%llu: the connection does not close (a statement left open)\n", s + 1, (unsigned long long)n);
    bad++;
  }
  return bad;
}

/* Statement s, in a child: a clean run recording the call sites, then a
** run with each allocation of the plan failing (only only_n if not 0).
** With each_leak, a leak check after every run, naming the first leaking
** N.  Returns PASSED, PROBLEMS (reported as TAP comments) or LEAKS. */
static int test_statement(int s, uint64_t only_n, int verbose, int each_leak) {
  sqlite3 *db = open_db();
  cgt_fault_observe = observe;
  int rc = run(db, stmts[s], 0, want, sizeof want);
  size_t total = (size_t)cgt_fault_count;
  cgt_fault_observe = NULL;
  sqlite3_close(db);
  sum->st[s].total = total;
  if (rc != SQLITE_OK) {
    printf("#   %d fails without injection: %s\n", s + 1, want);
    return PROBLEMS;
  }
  if (each_leak && leaked()) {
    printf("#   %d leaks without injection (LeakSanitizer's report is on stderr)\n", s + 1);
    return LEAKS;
  }
  uint64_t *plan = malloc((total + 1) * sizeof *plan);
  if (!plan) abort();
  size_t m = only_n ? (plan[0] = only_n, 1) : plan_of(total, plan);
  int bad = 0, injected;
  for (size_t i = 0; i < m && bad <= 5; i++) {
    bad += run_n(s, plan[i], verbose, &injected);
    sum->st[s].tried += (unsigned long)injected;
    if (!injected && !only_n) {
      printf("#   %d, N=%llu: not reached (the clean run made %zu allocations)\n", s + 1, (unsigned long long)plan[i], total);
      bad++;
    }
    if (each_leak && leaked()) {
      printf("#   %d, N=%llu leaks (LeakSanitizer's report is on stderr); reproduce: cgt_fault -only %d -n %llu\n",
             s + 1, (unsigned long long)plan[i], s, (unsigned long long)plan[i]);
      free(plan);
      return LEAKS;
    }
  }
  free(plan);
  return bad ? PROBLEMS : PASSED;
}

/* Runs statements from to to - 1 (those chosen: all, or only) in a child,
** with a leak check at the end unless each_leak; its exit code: PASSED,
** LEAKS, SETUP, or DIED (killed, or a sanitizer's error) in sum->at. */
static int in_child(int from, int to, int only, uint64_t only_n, int verbose, int each_leak) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    for (int s = from; s < to; s++) {
      if (only >= 0 && s != only) continue;
      sum->at = s;
      memset(&sum->st[s], 0, sizeof sum->st[s]);
      sum->st[s].status = test_statement(s, only_n, verbose, each_leak);
      fflush(stdout);
    }
    free(site);
    free(seen);
    _exit(!each_leak && leaked() ? LEAKS : PASSED);
  }
  int status;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return SETUP;
  if (WIFSIGNALED(status)) printf("#   %d: killed by signal %d\n", sum->at + 1, WTERMSIG(status));
  return WIFEXITED(status) && (WEXITSTATUS(status) == PASSED || WEXITSTATUS(status) == LEAKS ||
                               WEXITSTATUS(status) == SETUP) ? WEXITSTATUS(status) : DIED;
}

/* Statements from to to - 1 (see in_child), their results in sum: after
** a death, the statement it happened in fails and those on either side run
** again; after leaks, each statement runs again alone to find them. */
static void run_range(int from, int to, int only, uint64_t only_n, int verbose) {
  if (from >= to) return;
  sum->at = from;
  int rc = in_child(from, to, only, only_n, verbose, 0);
  if (rc == SETUP) exit(2);
  if (rc == DIED) {
    int at = sum->at;
    run_range(from, at, only, only_n, verbose);
    sum->st[at].status = DIED;
    run_range(at + 1, to, only, only_n, verbose);
  } else if (rc == LEAKS) {
    int found = 0;
    for (int s = from; s < to; s++)
      if ((only < 0 || s == only) && sum->st[s].status == PASSED) {
        if (in_child(s, s + 1, only, only_n, 0, 1) != PASSED) sum->st[s].status = DIED;
        found += sum->st[s].status != PASSED;
      }
    if (!found) {
      printf("#   leaks in statements %d to %d, not found in each alone\n", from + 1, to);
      sum->st[only >= 0 ? only : from].status = LEAKS;
    }
  }
}

int main(int argc, char **argv) {
  int verbose = 0, only = -1;
  long only_n = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-s") == 0) cgt_fault_sticky = 1;
    else if (strcmp(argv[i], "-a") == 0) every = 1;
    else if (strcmp(argv[i], "-v") == 0) verbose = 1;
    else if (strcmp(argv[i], "-only") == 0 && i + 1 < argc) only = atoi(argv[++i]);
    else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) only_n = atol(argv[++i]);
  }
  sum = mmap(NULL, sizeof *sum, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sum == MAP_FAILED) return 2;
  void *pc[4];
  backtrace(pc, 4);   /* loads the unwinder before SQLite's allocator is replaced */
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
  run_range(0, NSTMTS, only, (uint64_t)only_n, verbose);
  int failed = 0, tests = 0;
  unsigned long points = 0, errors = 0, right = 0;
  static const char *const why_not[] = {"", "", "", " (leaks: LeakSanitizer's report is on stderr)", " (died)"};
  for (int s = 0; s < NSTMTS; s++) {
    if (only >= 0 && s != only) continue;
    tests++;
    int st = sum->st[s].status;
    points += sum->st[s].tried, errors += sum->st[s].errors, right += sum->st[s].right;
    const char *why = todo_of(stmts[s]);
    printf("%s %d - %s (%lu of %lu allocations failed)%s%s%s\n", st ? "not ok" : "ok", tests, stmts[s],
           sum->st[s].tried, sum->st[s].total, why_not[st], why ? " # TODO " : "", why ? why : "");
    if (st && !why) failed++;
  }
  printf("# %lu allocation points tried; %lu runs ended in an error, %lu in the right answer despite the failure\n",
         points, errors, right);
  printf("1..%d\n", tests);
  return failed ? 1 : 0;
}
