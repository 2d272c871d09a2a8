/* Searches of a sum of boards on one thread or two: one with its helper,
** or both players' at once (solve.h). */
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

/* One search on a solver made for it, sharing sh in role (sh NULL: none). */
static cgt_rc search(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                     uint32_t n, int right, cg_shared *sh, int role, int *win) {
  cg_solver *x = cg_solver_new(s, t, r, tt_bytes);
  if (x && sh) cg_solver_share(x, sh, role);
  cgt_rc rc = x ? cg_solver_wins(x, boards, n, right, win) : CGT_NOMEM;
  cg_solver_free(x);
  return rc;
}

#if HAVE_THREADS

static size_t cells_of(const cg_grid *boards, uint32_t n) {
  size_t cells = 0;
  for (uint32_t i = 0; i < n; i++) cells += (size_t)boards[i].rows * boards[i].cols;
  return cells;
}

/* A search on a second thread: its own store, table of regions and stop,
** which stops when the calling thread sets cancel. */
typedef struct second {
  const cg_rules *r;
  const cg_grid *boards;
  uint32_t n;
  int right, role;
  cg_shared *sh;
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
    j->rc = search(s, t, j->r, j->tt_bytes, j->boards, j->n, j->right, j->sh, j->role, &j->win);
  }
  cg_board_table_free(t);
  cg_store_free(s);
  atomic_store(&j->done, 1);
  return NULL;
}

/* Starts j's search on a second thread (0: none could be started). */
static int start_second(second *j, pthread_t *th) {
  atomic_init(&j->cancel, 0);
  atomic_init(&j->done, 0);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr)) return 0;
  int started = !pthread_attr_setstacksize(&attr, (size_t)8 << 20) && !pthread_create(th, &attr, run_second, j);
  pthread_attr_destroy(&attr);
  return started;
}

/* Waits for the second thread, polling st meanwhile (after 20 us, then
** twice as long each time up to every 2 ms: a helper stops within
** microseconds of the end of the main search); an interrupt there cancels
** it. */
static void await_second(cgt_stop *st, second *j, pthread_t th) {
  struct timespec pause = {0, 20000};
  while (!atomic_load(&j->done)) {
    if (cgt_stop_charge(st, CGT_STOP_QUANTUM)) atomic_store(&j->cancel, 1);
    nanosleep(&pause, NULL);
    if (pause.tv_nsec < 2000000) pause.tv_nsec *= 2;
  }
  pthread_join(th, NULL);
}

/* The table the two searches share, for a sum of cells squares: about
** 2^(cells/2 - 13) entries of 16 bytes, 8 MB for 64 squares, 2 GB for 81
** (the results of positions with SHARED_WORK or more positions searched
** under them, in solve.c, fill it about as fast as the searches' own tables
** fill theirs; empty 8x8 Domineering takes as long with 32 MB), at least
** 1 MB, at most a quarter of the bytes for tables and 4 GB; NULL when the
** memory is not there (reserved on s's stop, *held). */
static cg_shared *shared_for(cg_store *s, size_t cells, uint64_t tt_bytes, uint64_t *held) {
  int bits = cells / 2 > 13 + 16 ? (int)(cells / 2) - 13 : 16;
  uint64_t bytes = (uint64_t)16 << (bits < 28 ? bits : 28);
  while (bytes > tt_bytes / 4 && bytes > (1u << 20)) bytes /= 2;
  cgt_stop *st = cg_store_get_stop(s);
  *held = 0;
  if (bytes > tt_bytes / 4 || cgt_stop_reserve(st, bytes) != CGT_OK) return NULL;
  cg_shared *sh = cg_shared_new(bytes);
  if (!sh) cgt_stop_release(st, bytes);
  else *held = bytes;
  return sh;
}

/* Two searches at once, the second (j) on a second thread, sharing a
** table: the calling thread's, with player right first, is the main search
** of a helper (j's role CG_PAIR_HELPER) or shares only; the three tables
** take at most tt_bytes.  0 when the table or the thread could not be had
** (nothing done). */
static int two_at_once(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                       uint32_t n, int right, second *j, int *win, cgt_rc *rc) {
  cgt_stop *st = cg_store_get_stop(s);
  uint64_t held;
  cg_shared *sh = shared_for(s, cells_of(boards, n), tt_bytes, &held);
  pthread_t th;
  j->r = r, j->boards = boards, j->n = n, j->sh = sh, j->tt_bytes = (tt_bytes - held) / 2;
  j->memory = st ? st->memory / 2 : 0;
  if (!sh || !start_second(j, &th)) {
    cg_shared_free(sh);
    cgt_stop_release(st, held);
    return 0;
  }
  *rc = search(s, t, r, j->tt_bytes, boards, n, right, sh, j->role == CG_PAIR_HELPER ? CG_PAIR_MAIN : CG_SHARES, win);
  if (*rc) atomic_store(&j->cancel, 1);   /* (a helper stops by itself when the main search ends) */
  await_second(st, j, th);
  if (*rc == CGT_OK && st && st->stopped) *rc = CGT_INTERRUPTED;
  cg_shared_free(sh);
  cgt_stop_release(st, held);
  return 1;
}

#endif

cgt_rc cg_solve_once(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                     uint32_t n, int right, int *win) {
#if HAVE_THREADS
  if (cells_of(boards, n) >= CELLS_FOR_TWO) {
    second j = {.right = right, .role = CG_PAIR_HELPER};
    cgt_rc rc;
    if (two_at_once(s, t, r, tt_bytes, boards, n, right, &j, win, &rc)) return rc;
  }
#endif
  return search(s, t, r, tt_bytes, boards, n, right, NULL, 0, win);
}

cgt_rc cg_solver_outcome(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                         uint32_t n, int win[2]) {
  win[0] = win[1] = 0;
  if (same_for_both(r, boards, n)) {
    cgt_rc rc = cg_solve_once(s, t, r, tt_bytes, boards, n, 0, &win[0]);
    win[1] = win[0];
    return rc;
  }
#if HAVE_THREADS
  if (cells_of(boards, n) >= CELLS_FOR_TWO) {   /* Right's search on the second thread */
    second j = {.right = 1, .role = CG_SHARES};
    cgt_rc rc;
    if (two_at_once(s, t, r, tt_bytes, boards, n, 0, &j, &win[0], &rc)) {
      win[1] = j.win;
      return rc ? rc : j.rc;
    }
  }
#endif
  cg_solver *x = cg_solver_new(s, t, r, tt_bytes);   /* (one table for both: they meet the same positions) */
  cgt_rc rc1 = x ? cg_solver_wins(x, boards, n, 0, &win[0]) : CGT_NOMEM;
  if (rc1 == CGT_OK) rc1 = cg_solver_wins(x, boards, n, 1, &win[1]);
  cg_solver_free(x);
  return rc1;
}
