/*
** The heap family's state on the connection (conn.c): the Grundy sequences
** of the last SEQ_SLOTS heap rules asked for, each grown geometrically as
** larger heaps are asked, least recently used out, with the proven form
** of each (heapseq.h) once found.  A sequence depends on its rule text
** only, so it is never stale.  Computing values is budgeted: past
** HEAP_BUDGET steps (a few seconds) it stops with an error, and a search
** for a form refuses a prefix whose projected work is clearly over it.
*/
#include "binding.h"
#include "core/heapseq.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SEQ_SLOTS 8
#define HEAP_BUDGET 5e9

/* A cached Grundy sequence of a heap rule. */
typedef struct heap_seq {
  char *rule;
  uint32_t n;          /* values g[0..n] */
  uint32_t *g;
  uint64_t last_use;
  double work;           /* steps that computing g[0..n] took */
  uint32_t form_n;       /* g[0..form_n-1] were searched for a form */
  int has_form;
  cgt_heap_form form;    /* proven by them */
} heap_seq;

typedef struct heap_cache {
  uint64_t tick;
  heap_seq seq[SEQ_SLOTS];
} heap_cache;

static void heap_cache_free(void *p) {
  heap_cache *hc = p;
  for (int i = 0; i < SEQ_SLOTS; i++) {
    sqlite3_free(hc->seq[i].rule);
    sqlite3_free(hc->seq[i].g);
  }
  sqlite3_free(hc);
}

static const cgt_conn_hook heap_hook = {"heap sequences", sizeof(heap_cache), heap_cache_free};

/* The slot holding G(0..n) (at least) of the rule text, computed now if
** need be; NULL with *rc and err set. */
static heap_seq *seq_slot(cgt_conn *conn, const char *rule, uint32_t n, int *rc, char *err, size_t errlen) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc) { *rc = SQLITE_NOMEM; return NULL; }
  heap_seq *slot = &hc->seq[0];
  for (int i = 0; i < SEQ_SLOTS; i++) {
    heap_seq *q = &hc->seq[i];
    if (q->rule && strcmp(q->rule, rule) == 0) {
      q->last_use = ++hc->tick;
      if (q->n >= n) return q;
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
  /* Grow geometrically, so that asking heap by heap costs little more; at
  ** least 64 values (a rule with a tail costs s/2 a move of heap s: 1024
  ** values of '0.7...' took 0.1 s, where heap 5 needs six). */
  int same = slot->rule && strcmp(slot->rule, rule) == 0;
  uint32_t want = n;
  if (same && slot->n < UINT32_MAX / 2 && 2 * slot->n > want) want = 2 * slot->n;
  if (want < 64) want = 64;
  uint32_t work_limit = cgt_heap_limit(&r, NULL, 0);   /* growing must not pass the rule's work limit */
  if (want > work_limit && n <= work_limit) want = work_limit;
  if (want > CGT_HEAP_MAX || want < n) want = n;
  uint32_t *g = sqlite3_malloc64(((uint64_t)want + 1) * sizeof *g);
  char *copy = sqlite3_mprintf("%s", rule);
  cgt_interrupt it;
  cgt_interrupt_begin(&it, cgt_conn_db(conn));
  cgt_budget b;   /* (its polls count the work) */
  cgt_budget_init(&b, &it.stop, (uint64_t)HEAP_BUDGET);
  crc = g && copy ? cgt_budget_rc(&b, cgt_heap_values(&r, want, g, &b.stop)) : CGT_NOMEM;
  if (crc == CGT_LIMIT && b.over && want > n) {   /* the growth, not n, was out of budget */
    cgt_budget_init(&b, &it.stop, (uint64_t)HEAP_BUDGET);
    want = n;
    crc = cgt_budget_rc(&b, cgt_heap_values(&r, want, g, &b.stop));
  }
  cgt_interrupt_end(&it);
  cgt_rule_free(&r);
  if (crc) {
    sqlite3_free(g);
    sqlite3_free(copy);
    *rc = cgt_sqlite_rc(crc);
    if (crc == CGT_LIMIT && b.over) {
      *rc = SQLITE_TOOBIG;
      snprintf(err, errlen, "the values of rule '%s' up to heap %u need more than %.0e steps (a few seconds of work)",
               rule, want, HEAP_BUDGET);
    } else if (crc != CGT_NOMEM) {
      snprintf(err, errlen, "%s", cgt_rc_text(crc));
    }
    return NULL;
  }
  sqlite3_free(slot->rule);
  sqlite3_free(slot->g);
  if (!same) slot->form_n = 0, slot->has_form = 0;
  slot->work = (double)b.polls * (double)CGT_STOP_QUANTUM + (double)b.stop.spent;
  slot->rule = copy;
  slot->g = g;
  slot->n = want;
  slot->last_use = ++hc->tick;
  return slot;
}

const uint32_t *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, int *rc, char *err,
                                     size_t errlen) {
  heap_seq *q = seq_slot(conn, rule, n, rc, err, errlen);
  return q ? q->g : NULL;
}

/*
** 1 (with the error in err) when the values up to heap next would take
** clearly more than the budget (half as much again), as projected from
** the work of the values up to n and of the previous probe (*last_n,
** *last_work, then updated): the work grows as heap^a, a measured between
** the two (from 1 to 3; 1 when only one is known).  The steps counted are
** deterministic, so is the answer.
*/
static int over_budget(uint32_t n, double work, uint32_t *last_n, double *last_work, uint32_t next, const char *rule,
                       char *err, size_t errlen) {
  double a = 1;
  if (*last_n && *last_n < n && *last_work > 0 && work > *last_work)
    a = log(work / *last_work) / log((double)n / *last_n);
  a = a < 1 ? 1 : a > 3 ? 3 : a;
  *last_n = n;
  *last_work = work;
  double projected = work * pow((double)next / (n ? n : 1), a);
  if (projected <= 1.5 * HEAP_BUDGET) return 0;   /* near the budget, the computation itself tells */
  snprintf(err, errlen,
           "the values of rule '%s' up to heap %u would need about %.0e steps (the first %u took %.0e), more than "
           "the budget of %.0e (a few seconds of work)",
           rule, next, projected, n + 1, work, HEAP_BUDGET);
  return 1;
}

const uint32_t *cgt_conn_heap_form(cgt_conn *conn, const char *rule, uint32_t upto, cgt_heap_form *f, int *found,
                                   int *rc, char *err, size_t errlen) {
  *found = 0;
  cgt_rule r;
  cgt_rc crc = cgt_rule_parse(rule, &r, err, errlen);
  if (crc) {
    *rc = cgt_sqlite_rc(crc);
    return NULL;
  }
  uint32_t start = cgt_heap_form_start(&r), last_n = 0;
  double last_work = 0;
  cgt_rule_free(&r);
  for (uint32_t probe = upto < start ? upto : start;; probe = upto / 8 < probe ? upto : 8 * probe) {
    heap_seq *q = seq_slot(conn, rule, probe, rc, err, errlen);
    if (!q) return NULL;
    if (!q->has_form && q->form_n <= q->n) {   /* values not searched yet */
      crc = cgt_rule_parse(rule, &r, err, errlen);
      if (crc == CGT_OK) {
        cgt_interrupt it;
        cgt_interrupt_begin(&it, cgt_conn_db(conn));
        crc = cgt_heap_period_find(&r, q->g, q->n + 1, &q->has_form, &q->form, &it.stop);
        cgt_interrupt_end(&it);
        cgt_rule_free(&r);
        if (crc == CGT_OK) q->form_n = q->n + 1;
        else snprintf(err, errlen, "%s", cgt_rc_text(crc));
      }
      if (crc) {
        *rc = cgt_sqlite_rc(crc);
        return NULL;
      }
    }
    if (q->has_form) {
      *f = q->form;
      *found = 1;
      return q->g;
    }
    if (probe == upto) return q->g;
    if (over_budget(q->n, q->work, &last_n, &last_work, upto / 8 < probe ? upto : 8 * probe, rule, err, errlen)) {
      *rc = SQLITE_TOOBIG;
      return NULL;
    }
  }
}
