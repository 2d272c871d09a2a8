/*
** The heap family's state on the connection (cgt_conn_state): the Grundy sequences
** of the heap rules asked for, each grown geometrically as larger heaps are
** asked, with the proven form of each (heapseq.h) once found.  A sequence
** depends on its rule text only, so it is never stale.
**
** Memory: the sequences kept hold at most SEQ_BYTES (256 MiB; 1, 2 or 4
** bytes a value, heapvals.h) together, and at most SEQ_MAX of them; past
** either, the least recently used go first.  A sequence larger than
** SEQ_BYTES by itself is computed for the call and not kept: it is lent to
** the caller until the next call into this cache or
** cgt_conn_heap_release(), which the heap functions call when done.  A
** kept sequence asked for more heaps grows in place: the values it has are
** not computed again.
**
** Computing values runs until it is done or interrupted: no budget of work.
** The values and the computation's tables count against the connection's
** 'memory' setting; a sequence grown ahead of what was asked (twice the
** last, so that asking heap by heap costs little more) that would pass it
** is computed to the heap asked instead.
*/
#include "heap_binding.h"
#include "heapseq.h"

#include <stdio.h>
#include <string.h>

#define SEQ_BYTES ((uint64_t)256 << 20)
#define SEQ_MAX 4096

/* A cached Grundy sequence of a heap rule: G(0..g.have-1). */
typedef struct heap_seq {
  char *rule;
  uint64_t hash;         /* of rule */
  cgt_hvals g;
  uint64_t last_use;
  uint64_t form_n;       /* G(0..form_n-1) were searched for a form */
  int has_form;
  cgt_heap_form form;    /* proven by them */
} heap_seq;

typedef struct heap_cache {
  uint64_t tick;
  uint64_t bytes;        /* of the values kept */
  int count, cap;
  heap_seq **seq;        /* kept, in no order */
  heap_seq *loan;        /* lent, not kept (over SEQ_BYTES), or NULL */
} heap_cache;

static uint64_t seq_bytes(const heap_seq *q) { return cgt_hvals_bytes(&q->g); }

static void seq_free(heap_seq *q) {
  if (!q) return;
  sqlite3_free(q->rule);
  cgt_hvals_free(&q->g);
  sqlite3_free(q);
}

static void heap_cache_free(void *p) {
  heap_cache *hc = p;
  for (int i = 0; i < hc->count; i++) seq_free(hc->seq[i]);
  sqlite3_free(hc->seq);
  seq_free(hc->loan);
  sqlite3_free(hc);
}

static const cgt_conn_hook heap_hook = {"heap sequences", sizeof(heap_cache), heap_cache_free};

/* Takes kept sequence i out of the list (not freed). */
static heap_seq *seq_unlist(heap_cache *hc, int i) {
  heap_seq *q = hc->seq[i];
  hc->bytes -= seq_bytes(q);
  hc->seq[i] = hc->seq[--hc->count];
  return q;
}

/* Drops the least recently used sequences other than keep until the kept
** ones hold at most SEQ_BYTES and fewer than SEQ_MAX remain. */
static void seq_trim(heap_cache *hc, const heap_seq *keep) {
  while (hc->bytes > SEQ_BYTES || hc->count > SEQ_MAX) {
    int oldest = -1;
    for (int i = 0; i < hc->count; i++)
      if (hc->seq[i] != keep && (oldest < 0 || hc->seq[i]->last_use < hc->seq[oldest]->last_use)) oldest = i;
    if (oldest < 0) return;
    seq_free(seq_unlist(hc, oldest));
  }
}

void cgt_conn_heap_release(cgt_conn *conn) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc) return;
  seq_free(hc->loan);
  hc->loan = NULL;
}

/* Keeps q (not listed) unless it is over SEQ_BYTES by itself or cannot be
** indexed: then it is lent.  Returns q. */
static heap_seq *seq_keep(heap_cache *hc, heap_seq *q) {
  q->last_use = ++hc->tick;
  if (seq_bytes(q) > SEQ_BYTES) {
    hc->loan = q;
    return q;
  }
  if (hc->count == hc->cap) {
    int cap = hc->cap ? 2 * hc->cap : 16;
    heap_seq **seq = sqlite3_realloc64(hc->seq, (uint64_t)cap * sizeof *seq);
    if (!seq) {
      hc->loan = q;
      return q;
    }
    hc->seq = seq;
    hc->cap = cap;
  }
  hc->seq[hc->count++] = q;
  hc->bytes += seq_bytes(q);
  seq_trim(hc, q);
  return q;
}

/* Grows g to G(0..n) of rule r (its text) for fname: the values' bytes are
** counted against the 'memory' setting with the computation's own tables.
** On failure, a message in err (g keeps the values it has). */
static cgt_rc compute(cgt_conn *conn, const char *rule, const cgt_rule *r, uint32_t n, cgt_hvals *g, const char *fname,
                      char *err, size_t errlen) {
  cgt_interrupt it;
  cgt_interrupt_begin(&it, conn, fname);
  cgt_rc crc = cgt_heap_values(r, n, g, &it.stop);
  if (crc == CGT_MEMORY) {
    char *msg = cgt_memory_text(&it.stop);
    snprintf(err, errlen, "the values of rule '%.80s' to heap %u: %s", rule, n, msg ? msg : "out of memory");
    sqlite3_free(msg);
  } else if (crc && crc != CGT_NOMEM) {
    snprintf(err, errlen, "%s", cgt_rc_text(crc));
  }
  cgt_interrupt_end(&it);
  return crc;
}

/* The sequence holding G(0..n) (at least) of the rule text, computed now
** if need be for fname: kept, or lent (see the top); NULL with *rc and err
** set. */
static heap_seq *seq_slot(cgt_conn *conn, const char *rule, uint32_t n, const char *fname, int *rc, char *err,
                          size_t errlen) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc) { *rc = SQLITE_NOMEM; return NULL; }
  uint64_t hash = cgt_text_hash(rule);
  heap_seq *q = NULL;   /* the rule's kept sequence, taken out of the list to grow */
  for (int i = 0; i < hc->count; i++) {
    heap_seq *k = hc->seq[i];
    if (k->hash != hash || strcmp(k->rule, rule) != 0) continue;
    k->last_use = ++hc->tick;
    if (k->g.have > n) return k;
    q = seq_unlist(hc, i);
    break;
  }
  if (hc->loan && hc->loan->hash == hash && hc->loan->g.have > n && strcmp(hc->loan->rule, rule) == 0) {
    seq_free(q);
    return hc->loan;
  }
  cgt_conn_heap_release(conn);   /* (the caller is done with it) */
  cgt_rule r;
  cgt_rc crc = CGT_TOOBIG;
  if (n > CGT_HEAP_MAX) snprintf(err, errlen, "heap %u is larger than %u", n, CGT_HEAP_MAX);   /* (callers check it first) */
  else crc = cgt_rule_parse(rule, &r, err, errlen);
  if (crc) {
    seq_free(q);
    *rc = cgt_sqlite_rc(crc);
    return NULL;
  }
  if (!q && (q = sqlite3_malloc(sizeof *q)) != NULL) {
    memset(q, 0, sizeof *q);
    q->hash = hash;
    q->rule = sqlite3_mprintf("%s", rule);
  }
  /* Grow geometrically, so that asking heap by heap costs little more; at
  ** least 64 values (a rule with a tail costs s/2 a move of heap s: 1024
  ** values of '0.7...' took 0.1 s, where heap 5 needs six); not past what
  ** the cache keeps (at 4 bytes a value) when n fits in it. */
  uint32_t want = n;
  uint64_t had = q ? q->g.have : 0;
  if (had < UINT32_MAX / 4 && 2 * had > want) want = (uint32_t)(2 * had);
  if (want < 64) want = 64;
  uint32_t keep_max = (uint32_t)(SEQ_BYTES / sizeof(uint32_t) - 1);
  if (want > keep_max && n <= keep_max) want = keep_max;
  if (want > CGT_HEAP_MAX || want < n) want = n;
  crc = q && q->rule ? compute(conn, rule, &r, want, &q->g, fname, err, errlen) : CGT_NOMEM;
  if (crc == CGT_MEMORY && want > n && q->g.have <= n)   /* the growth did not fit: the heaps asked for alone */
    crc = compute(conn, rule, &r, n, &q->g, fname, err, errlen);
  if (crc == CGT_MEMORY && q->g.have > n) crc = CGT_OK;
  cgt_rule_free(&r);
  if (q && q->g.have) (void)cgt_hvals_room(&q->g, q->g.have, NULL);   /* no room past the values */
  if (crc == CGT_OK) return seq_keep(hc, q);
  if (q && q->g.have && seq_bytes(q) <= SEQ_BYTES) seq_keep(hc, q);   /* the values made before the failure stay */
  else seq_free(q);
  *rc = cgt_sqlite_rc(crc);
  return NULL;
}

void cgt_conn_heap_offer(cgt_conn *conn, const char *rule, const cgt_hvals *g) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc || !rule || !g->have || cgt_hvals_bytes(g) > SEQ_BYTES) return;
  uint64_t hash = cgt_text_hash(rule);
  for (int i = 0; i < hc->count; i++)
    if (hc->seq[i]->hash == hash && strcmp(hc->seq[i]->rule, rule) == 0) {
      if (hc->seq[i]->g.have >= g->have) return;   /* as many kept already */
      seq_free(seq_unlist(hc, i));
      break;
    }
  heap_seq *q = sqlite3_malloc(sizeof *q);
  if (!q) return;
  memset(q, 0, sizeof *q);
  q->hash = hash;
  q->rule = sqlite3_mprintf("%s", rule);
  if (!q->rule || cgt_hvals_copy(&q->g, g, g->have, NULL)) {
    seq_free(q);
    return;
  }
  seq_keep(hc, q);
}

const cgt_hvals *cgt_conn_heap_kept(cgt_conn *conn, const char *rule, uint32_t n) {
  heap_cache *hc = cgt_conn_state(conn, &heap_hook);
  if (!hc || !rule) return NULL;
  uint64_t hash = cgt_text_hash(rule);
  for (int i = 0; i < hc->count; i++) {
    heap_seq *q = hc->seq[i];
    if (q->hash == hash && q->g.have > n && strcmp(q->rule, rule) == 0) {
      q->last_use = ++hc->tick;
      return &q->g;
    }
  }
  heap_seq *q = hc->loan;
  return q && q->hash == hash && q->g.have > n && strcmp(q->rule, rule) == 0 ? &q->g : NULL;
}

const cgt_hvals *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, const char *fname, int *rc,
                                     char *err, size_t errlen) {
  heap_seq *q = seq_slot(conn, rule, n, fname, rc, err, errlen);
  return q ? &q->g : NULL;
}

const cgt_hvals *cgt_conn_heap_form(cgt_conn *conn, const char *rule, uint32_t upto, const char *fname,
                                   cgt_heap_form *f, int *found, int *rc, char *err, size_t errlen) {
  *found = 0;
  cgt_rule r;
  cgt_rc crc = cgt_rule_parse(rule, &r, err, errlen);
  if (crc) {
    *rc = cgt_sqlite_rc(crc);
    return NULL;
  }
  uint32_t start = cgt_heap_form_start(&r);
  cgt_rule_free(&r);
  for (uint32_t probe = upto < start ? upto : start;; probe = upto / 8 < probe ? upto : 8 * probe) {
    heap_seq *q = seq_slot(conn, rule, probe, fname, rc, err, errlen);
    if (!q) return NULL;
    if (!q->has_form && q->form_n < q->g.have) {   /* values not searched yet */
      crc = cgt_rule_parse(rule, &r, err, errlen);
      if (crc == CGT_OK) {
        cgt_interrupt it;
        cgt_interrupt_begin(&it, conn, fname);
        crc = cgt_heap_period_find(&r, &q->g, (uint32_t)q->g.have, &q->has_form, &q->form, &it.stop);
        cgt_interrupt_end(&it);
        cgt_rule_free(&r);
        if (crc == CGT_OK) q->form_n = q->g.have;
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
      return &q->g;
    }
    if (probe == upto) return &q->g;
  }
}
