/*
** The heap family's state on the connection (conn.c): the Grundy sequences
** of the last SEQ_SLOTS heap rules asked for, each grown geometrically as
** larger heaps are asked, least recently used out.  A sequence depends on
** its rule text only, so it is never stale.
*/
#include "binding.h"
#include "core/heapseq.h"

#include <stdio.h>
#include <string.h>

#define SEQ_SLOTS 8

/* A cached Grundy sequence of a heap rule. */
typedef struct heap_seq {
  char *rule;
  uint32_t n;          /* values g[0..n] */
  uint32_t *g;
  uint64_t last_use;
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

const uint32_t *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, int *rc, char *err,
                                     size_t errlen) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc) { *rc = SQLITE_NOMEM; return NULL; }
  heap_seq *slot = &hc->seq[0];
  for (int i = 0; i < SEQ_SLOTS; i++) {
    heap_seq *q = &hc->seq[i];
    if (q->rule && strcmp(q->rule, rule) == 0) {
      q->last_use = ++hc->tick;
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
  cgt_interrupt_begin(&it, cgt_conn_db(conn));
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
  slot->last_use = ++hc->tick;
  return g;
}

