/*
** Shared definitions of the cgt core: result codes and the interrupt hook.
** The core is plain C11 with no SQLite dependency; the SQLite binding
** translates these codes into SQL errors.
*/
#ifndef CGT_CORE_COMMON_H
#define CGT_CORE_COMMON_H

#include <stddef.h>
#include <stdint.h>

typedef enum cgt_rc {
  CGT_OK = 0,
  CGT_NOMEM,        /* an allocation failed */
  CGT_TOOBIG,       /* a count does not fit the core's 32-bit indexes */
  CGT_INTERRUPTED,  /* the stop hook asked the computation to end */
  CGT_NOINVERSE,    /* a division by zero modulo the given prime */
  CGT_SYNTAX,       /* bad input text; the caller got a message */
  CGT_RANGE,        /* a number beyond the documented limit of exact arithmetic */
  CGT_TOODEEP,      /* a game nested deeper than the recursion limit */
  CGT_LIMIT,        /* a size beyond a documented limit (the caller names it) */
  CGT_TOOLONG,      /* a printed text beyond the longest that can be read back */
  CGT_MEMORY,       /* the computation would hold more than its stop's memory allows */
  CGT_NOTSTOPPER    /* a loopy value whose sides are not stoppers, where stoppers are needed */
} cgt_rc;

/*
** The one stop mechanism of every long computation.  Loops charge the work
** they do, in units of roughly one elementary step (an edge visited, an
** option compared, a heap split tried); once CGT_STOP_QUANTUM units have
** been charged since the last poll, the hook is asked whether to stop.  A
** non-zero answer is remembered, and the computation ends with
** CGT_INTERRUPTED.  A NULL stop or hook never stops.  Charging by work, not
** by loop iterations, keeps the time between polls short (well under a
** millisecond) whatever one iteration costs.
*/
typedef struct cgt_stop {
  int (*should_stop)(void *arg);
  void *arg;
  uint64_t spent;   /* units charged since the last poll */
  int stopped;      /* the hook said stop */
  /* Memory: the bytes the computation's tables may hold (0: no limit), the
  ** bytes reserved now (cgt_stop_reserve), and the most asked for when a
  ** reservation failed (for the message). */
  uint64_t memory, held, wanted;
  /* Progress, for the hook's reports: done of total (total 0: unknown). */
  uint64_t done, total;
} cgt_stop;

#define CGT_STOP_QUANTUM ((uint64_t)1 << 16)

/* A work budget: its stop (b->stop) ends a computation past max units of
** work as an interrupt would, and passes the work on to inner (NULL: none),
** whose answer still decides interrupts, and whose memory limit it keeps.
** cgt_budget_rc turns the end of the budget into CGT_LIMIT. */
typedef struct cgt_budget {
  cgt_stop stop;
  cgt_stop *inner;
  uint64_t polls, max_polls;
  int over;
} cgt_budget;
void cgt_budget_init(cgt_budget *b, cgt_stop *inner, uint64_t max);

/* A 64-bit mixer (the finalizer of splitmix64): every bit of x moves every
** bit of the result.  The hash tables of the core all hash through it. */
static inline uint64_t cgt_mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* Charges units of work to st; returns non-zero when the computation must
** stop. */
static inline int cgt_stop_charge(cgt_stop *st, uint64_t units) {
  if (st == NULL) return 0;
  if (st->stopped) return 1;
  st->spent += units;
  if (st->spent < CGT_STOP_QUANTUM) return 0;
  st->spent = 0;
  return st->stopped = st->should_stop != NULL && st->should_stop(st->arg) != 0;
}

/* Reserves bytes of the memory st allows for a table about to be made:
** CGT_MEMORY (with st->wanted) when that would pass st->memory.  A NULL
** stop or a zero limit allows any size (allocation failures still say
** CGT_NOMEM).  Release what a table held with cgt_stop_release. */
static inline cgt_rc cgt_stop_reserve(cgt_stop *st, uint64_t bytes) {
  if (st == NULL) return CGT_OK;
  uint64_t total = st->held + bytes < st->held ? UINT64_MAX : st->held + bytes;
  if (st->memory && total > st->memory) {
    st->wanted = total;
    return CGT_MEMORY;
  }
  st->held = total;
  return CGT_OK;
}
static inline void cgt_stop_release(cgt_stop *st, uint64_t bytes) {
  if (st) st->held = bytes > st->held ? 0 : st->held - bytes;
}
/* Tells st's reports how far the computation is: done of total (a larger
** total set before stays: that of a task done in parts). */
static inline void cgt_stop_progress(cgt_stop *st, uint64_t done, uint64_t total) {
  if (st) st->done = done, st->total = total > st->total ? total : st->total;
}

/* rc of a computation under budget b: CGT_LIMIT when b ended it. */
static inline cgt_rc cgt_budget_rc(const cgt_budget *b, cgt_rc rc) {
  return rc == CGT_INTERRUPTED && b->over ? CGT_LIMIT : rc;
}

/*
** Allocation in the core goes through these wrappers (alloc.c), so that a
** test build (-DCGT_FAULT_INJECTION) can make any chosen allocation fail.
** They behave as malloc, calloc, realloc and free; cgt_malloc(0) and
** cgt_calloc(0, _) return a valid pointer (a one-byte block), never NULL.
*/
void *cgt_malloc(size_t n);
void *cgt_calloc(size_t count, size_t size);
void *cgt_realloc(void *p, size_t n);
void cgt_free(void *p);
/* Room in p for at least need elements of size bytes: the capacity *cap
** (first when 0, first >= 1) doubled until it holds them, the block
** reallocated and *cap set (a block is made when p is NULL, even for
** need 0); NULL (p and *cap left as they were) when the memory cannot be
** had or the bytes pass SIZE_MAX. */
void *cgt_grow(void *p, size_t *cap, size_t need, size_t size, size_t first);

#ifdef CGT_FAULT_INJECTION
/* Fault injection (test builds only): the allocation numbered
** cgt_fault_fail_at (counting from 1, since the counter was last set to 0)
** fails, and so does every later one while cgt_fault_sticky is set.
** cgt_fault_count counts the allocations made; cgt_fault_observe, when
** set, is called at each of them (the driver records the call sites). */
extern uint64_t cgt_fault_count, cgt_fault_fail_at;
extern int cgt_fault_sticky;
extern void (*cgt_fault_observe)(void);
#endif

/* A short English description of a result code, for error messages. */
const char *cgt_rc_text(cgt_rc rc);

/* Names of rulesets and rules are matched as SQL matches keywords, without
** regard to ASCII case ('Domineering', 'KAYLES'), whatever the locale:
** cgt_name_is says whether text is name, cgt_name_prefix whether text
** begins with prefix. */
int cgt_name_is(const char *text, const char *name);
int cgt_name_prefix(const char *text, const char *prefix);

/* A hash of the text s (FNV-1a; NULL hashes as the empty text). */
uint64_t cgt_text_hash(const char *s);

#endif
