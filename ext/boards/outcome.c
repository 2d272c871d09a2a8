/* The outcome of a sum of boards: both players' searches (solve.h). */
#include "solve.h"

#include <string.h>

#if defined(CGT_NO_THREADS) || defined(_WIN32) || (defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__))
#define HAVE_THREADS 0
#else
#define HAVE_THREADS 1
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#endif

/* Sums of fewer cells are searched on one thread: a second one would cost
** more than it saves. */
#define CELLS_FOR_TWO 30

/* Whether Left and Right moving first have the same outcome: an impartial
** ruleset, or one board that a symmetry negating its value maps onto
** itself (its value is its own negative, as empty square Domineering). */
static int same_for_both(const cg_rules *r, const cg_grid *boards, uint32_t n) {
  if (r->impartial) return 1;
  if (n != 1) return 0;
  const cg_grid *g = &boards[0];
  for (int bit = 1; bit < 16; bit++) {
    if (!(r->symmetries >> bit & 1) || r->negates(bit & 7, bit >> 3) > 0) continue;
    cg_grid t;
    cg_grid_transform(g, bit & 7, bit >> 3, &t);
    if (t.rows == g->rows && t.cols == g->cols && !memcmp(t.c, g->c, (size_t)g->rows * g->cols)) return 1;
  }
  return 0;
}

cgt_rc cg_solve_once(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                     uint32_t n, int right, int *win) {
  cg_solver *x = cg_solver_new(s, t, r, tt_bytes);
  cgt_rc rc = x ? cg_solver_wins(x, boards, n, right, win) : CGT_NOMEM;
  cg_solver_free(x);
  return rc;
}

#if HAVE_THREADS

/* Right's search on a second thread: its own store, table of regions and
** stop, which stops when the calling thread sets cancel. */
typedef struct second {
  const cg_rules *r;
  const cg_grid *boards;
  uint32_t n;
  uint64_t tt_bytes, memory;
  atomic_int cancel, done;
  int win;
  cgt_rc rc;
} second;

static int cancelled(void *arg) { return atomic_load(&((second *)arg)->cancel); }

static void *run_second(void *arg) {
  second *j = arg;
  cgt_stop st = {.should_stop = cancelled, .arg = j, .memory = j->memory};
  cg_store *s = cg_store_new();
  cg_board_table *t = cg_board_table_new();
  j->rc = s && t ? CGT_OK : CGT_NOMEM;
  if (j->rc == CGT_OK) {
    cg_store_set_stop(s, &st);
    j->rc = cg_solve_once(s, t, j->r, j->tt_bytes, j->boards, j->n, 1, &j->win);
  }
  cg_board_table_free(t);
  cg_store_free(s);
  atomic_store(&j->done, 1);
  return NULL;
}

/* Waits for the second thread, polling st (every 2 ms) meanwhile; an
** interrupt there cancels it. */
static void await_second(cgt_stop *st, second *j, pthread_t th) {
  struct timespec pause = {0, 2000000};
  while (!atomic_load(&j->done)) {
    if (cgt_stop_charge(st, CGT_STOP_QUANTUM)) atomic_store(&j->cancel, 1);
    nanosleep(&pause, NULL);
  }
  pthread_join(th, NULL);
}

/* Both searches at once, Right's on a second thread; 0 when no thread
** could be started (nothing done). */
static int both_at_once(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                        uint32_t n, int win[2], cgt_rc *rc) {
  cgt_stop *st = cg_store_get_stop(s);
  second j = {.r = r, .boards = boards, .n = n, .tt_bytes = tt_bytes / 2, .memory = st ? st->memory / 2 : 0};
  atomic_init(&j.cancel, 0);
  atomic_init(&j.done, 0);
  pthread_attr_t attr;
  pthread_t th;
  if (pthread_attr_init(&attr)) return 0;
  int started = !pthread_attr_setstacksize(&attr, (size_t)8 << 20) && !pthread_create(&th, &attr, run_second, &j);
  pthread_attr_destroy(&attr);
  if (!started) return 0;
  *rc = cg_solve_once(s, t, r, tt_bytes / 2, boards, n, 0, &win[0]);
  if (*rc) atomic_store(&j.cancel, 1);
  await_second(st, &j, th);
  if (*rc == CGT_OK && st && st->stopped) *rc = CGT_INTERRUPTED;
  if (*rc == CGT_OK) *rc = j.rc;
  win[1] = j.win;
  return 1;
}

#endif

cgt_rc cg_solver_outcome(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                         uint32_t n, int win[2]) {
  win[0] = win[1] = 0;
  if (same_for_both(r, boards, n)) {
    cgt_rc rc = cg_solve_once(s, t, r, tt_bytes, boards, n, 0, &win[0]);
    win[1] = win[0];
    return rc;
  }
#if HAVE_THREADS
  size_t cells = 0;
  for (uint32_t i = 0; i < n; i++) cells += (size_t)boards[i].rows * boards[i].cols;
  cgt_rc rc;
  if (cells >= CELLS_FOR_TWO && both_at_once(s, t, r, tt_bytes, boards, n, win, &rc)) return rc;
#endif
  cg_solver *x = cg_solver_new(s, t, r, tt_bytes);   /* (one table for both: they meet the same positions) */
  cgt_rc rc1 = x ? cg_solver_wins(x, boards, n, 0, &win[0]) : CGT_NOMEM;
  if (rc1 == CGT_OK) rc1 = cg_solver_wins(x, boards, n, 1, &win[1]);
  cg_solver_free(x);
  return rc1;
}
