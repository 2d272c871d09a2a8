/*
** The heap family's misère state on the connection (cgt_conn_state): the
** quotients (misere.h) and the genera (genus.h) of the last few heap rules
** asked for, least recently used out.  Both depend on the rule text only,
** so they are never stale.
**
** Asked heap after heap (a query over a column of heaps), recomputing for
** each row made the query cost the sum of all its rows' work: the genera of
** Kayles' heaps 1..54 one row each took 10 s against 1.7 s for heap 54
** alone.  So a rule asked for more heaps than it has grows by a quarter at
** least; the costs of these searches rise geometrically with the heap
** (splitting rules), where doubling would make one more heap cost as much as
** all before it.  A growth that runs into a limit the heaps asked for do not
** reach is not an error: the genera keep what was found before it, the
** quotient is computed again for exactly the heaps asked, and in both cases
** the heap where it failed caps later growth.
*/
#include "heap_binding.h"
#include "genus.h"
#include "misere.h"

#include <stdio.h>
#include <string.h>

#define MQ_SLOTS 4
#define GENUS_SLOTS 4

/* The heaps to compute when n are asked and 0..have were computed before
** (have = -1 for none): n, or a quarter more than have when that is more,
** below cap (the heap where a computation failed, 0 if none) and max. */
static uint32_t grown(uint32_t n, int64_t have, uint32_t cap, uint32_t max) {
  uint64_t want = have < 0 ? n : (uint64_t)have + (uint64_t)have / 4 + 1;
  if (cap && want >= cap) want = cap - 1;
  if (want > max) want = max;
  return want > n ? (uint32_t)want : n;
}

/* Each cache's slots begin with this: the rule text, the kind of what the
** slot holds (a cache may keep a rule's in one slot of each kind), and when
** it was last asked for. */
typedef struct rule_slot {
  char *rule;
  int kind;
  uint64_t last_use;
} rule_slot;

/* Among the n slots at base (size bytes apart), rule's of this kind, marked
** used now, with *found 1; else the one to fill (empty, or used least
** recently). */
static void *rule_slot_find(void *base, size_t size, int n, uint64_t *tick, const char *rule, int kind,
                            int *found) {
  rule_slot *fill = base;
  for (int i = 0; i < n; i++) {
    rule_slot *s = (rule_slot *)((char *)base + (size_t)i * size);
    if (s->rule && s->kind == kind && strcmp(s->rule, rule) == 0) {
      s->last_use = ++*tick;
      return *found = 1, s;
    }
    if (!s->rule || (fill->rule && s->last_use < fill->last_use)) fill = s;
  }
  return *found = 0, fill;
}

/* The cap after a growth from n to want met a limit that may be the options'
** (met before any work, at want or at any heap past n): the next growth
** goes half as far, so a few calls find how far it can go. */
static uint32_t halfway(uint32_t n, uint32_t want) { return n + (want - n) / 2 + 1; }

/* The message of a computation that ended with CGT_MEMORY under st, in err. */
static void memory_error(cgt_rc rc, const cgt_stop *st, char *err, size_t errlen) {
  if (rc != CGT_MEMORY) return;
  char *msg = cgt_memory_text(st);
  snprintf(err, errlen, "%s", msg ? msg : cgt_rc_text(rc));
  sqlite3_free(msg);
}

/* ---- quotients ---- */

typedef struct mq_slot {
  rule_slot k;
  uint32_t n;          /* the quotient of heaps 1..n */
  uint32_t cap;        /* a computation of this rule failed at this heap (0: none seen) */
  cgt_mq q;
} mq_slot;

typedef struct mq_cache {
  uint64_t tick;
  mq_slot slot[MQ_SLOTS];
} mq_cache;

static void mq_cache_free(void *p) {
  mq_cache *c = p;
  for (int i = 0; i < MQ_SLOTS; i++) {
    sqlite3_free(c->slot[i].k.rule);
    cgt_mq_free(&c->slot[i].q);
  }
  sqlite3_free(c);
}

static const cgt_conn_hook mq_hook = {"misere quotients", sizeof(mq_cache), mq_cache_free};

/* Computes the quotient of rule r's heaps 1..n into *q, those past need
** ahead of what was asked (cgt_mq_compute); *fail on CGT_LIMIT. */
static cgt_rc compute_quotient(cgt_conn *conn, const char *fname, const cgt_rule *r, uint32_t n, uint32_t need,
                               cgt_mq *q, uint32_t *fail, char *err, size_t errlen) {
  cgt_heapgame hg;
  cgt_interrupt it;
  cgt_interrupt_begin(&it, conn, fname);
  cgt_rc rc = cgt_heapgame_from_rule(r, n, &hg, &it.stop);
  *fail = n;   /* (too many options in all) */
  if (!rc) {
    rc = cgt_mq_compute(&hg, need, CGT_MQ_MAX_ELEMENTS, q, fail, &it.stop);
    cgt_heapgame_free(&hg);
  }
  memory_error(rc, &it.stop, err, errlen);
  cgt_interrupt_end(&it);
  return rc;
}

const cgt_mq *cgt_conn_misere_quotient(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, int exact,
                                       const char *fname, cgt_rc *rc, uint32_t *fail, char *err, size_t errlen) {
  *fail = 0;
  err[0] = 0;
  mq_cache *c = rule ? cgt_conn_state(conn, &mq_hook) : NULL;
  if (!c) return *rc = CGT_NOMEM, NULL;
  /* A rule's exact quotient (misere_quotient) and its grown one
  ** (misere_heap_win) take slots of their own, so that a query asking both
  ** of each row does not throw each away in turn. */
  int same;
  mq_slot *slot = rule_slot_find(c->slot, sizeof *slot, MQ_SLOTS, &c->tick, rule, exact, &same);
  if (same && (exact ? slot->n == n : slot->n >= n)) return *rc = CGT_OK, &slot->q;
  cgt_rule r;
  if ((*rc = cgt_rule_parse(rule, &r, err, errlen))) return NULL;
  uint32_t cap = same ? slot->cap : 0;
  uint32_t want = exact ? n : grown(n, same ? (int64_t)slot->n : -1, cap, max);
  char *copy = same ? NULL : sqlite3_mprintf("%s", rule);
  cgt_mq q;
  *rc = same || copy ? compute_quotient(conn, fname, &r, want, n, &q, fail, err, errlen) : CGT_NOMEM;
  if (want > n && (*rc == CGT_LIMIT || (*rc == CGT_OK && *fail))) {
    /* the growth met a limit (its options', or at heap *fail, the heaps
    ** before it done): short of n, n alone, as a call of its own would */
    cap = *rc == CGT_OK ? *fail : halfway(n, want);
    if (*rc == CGT_OK && q.ntypes >= n) {
      want = q.ntypes;
    } else {
      if (*rc == CGT_OK) cgt_mq_free(&q);
      want = n;
      *rc = compute_quotient(conn, fname, &r, want, want, &q, fail, err, errlen);
    }
  }
  cgt_rule_free(&r);
  if (*rc) {
    sqlite3_free(copy);
    return NULL;
  }
  if (!same) {
    sqlite3_free(slot->k.rule);
    slot->k.rule = copy;
    slot->k.kind = exact;
  }
  slot->cap = cap;
  cgt_mq_free(&slot->q);
  slot->n = want;
  slot->q = q;
  slot->k.last_use = ++c->tick;
  return &slot->q;
}

/* ---- genera ---- */

typedef struct genus_slot {
  rule_slot k;
  cgt_genus *gs;       /* the genera of heaps 0..n - 1 */
  uint32_t n;
  uint32_t fail;       /* the genus of this heap is past the limits (0: not known) */
  uint32_t cap;        /* growing to this heap met a limit, its options' maybe: growth stays below (0: none) */
} genus_slot;

typedef struct genus_cache {
  uint64_t tick;
  genus_slot slot[GENUS_SLOTS];
} genus_cache;

static void genus_cache_free(void *p) {
  genus_cache *c = p;
  for (int i = 0; i < GENUS_SLOTS; i++) {
    sqlite3_free(c->slot[i].k.rule);
    sqlite3_free(c->slot[i].gs);
  }
  sqlite3_free(c);
}

static const cgt_conn_hook genus_hook = {"heap genera", sizeof(genus_cache), genus_cache_free};

/* Computes the genera of heaps 0..n of r into gs; *fail on CGT_LIMIT, when
** gs[0..*fail - 1] are made unless *fail is n (the options of heaps up to n
** may be over their limit: nothing is made then). */
static cgt_rc compute_genera(cgt_conn *conn, const char *fname, const cgt_rule *r, uint32_t n, cgt_genus *gs,
                             uint32_t *fail, char *err, size_t errlen) {
  cgt_interrupt it;
  cgt_interrupt_begin(&it, conn, fname);
  cgt_rc rc = cgt_heap_genera(r, n, CGT_GENUS_MAX_POSITIONS, gs, fail, &it.stop);
  memory_error(rc, &it.stop, err, errlen);
  cgt_interrupt_end(&it);
  return rc;
}

const cgt_genus *cgt_conn_heap_genera(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, const char *fname,
                                      cgt_rc *rc, uint32_t *fail, char *err, size_t errlen) {
  *fail = 0;
  err[0] = 0;
  genus_cache *c = rule ? cgt_conn_state(conn, &genus_hook) : NULL;
  if (!c) return *rc = CGT_NOMEM, NULL;
  int same;
  genus_slot *slot = rule_slot_find(c->slot, sizeof *slot, GENUS_SLOTS, &c->tick, rule, 0, &same);
  if (same && n < slot->n) return *rc = CGT_OK, slot->gs;
  if (same && slot->fail && n >= slot->fail) return *fail = slot->fail, *rc = CGT_LIMIT, NULL;
  cgt_rule r;
  if ((*rc = cgt_rule_parse(rule, &r, err, errlen))) return NULL;
  uint32_t cap = same ? slot->cap : 0;
  if (same && slot->fail && (!cap || slot->fail < cap)) cap = slot->fail;
  uint32_t want = grown(n, same ? (int64_t)slot->n - 1 : -1, cap, max);
  cgt_genus *gs = sqlite3_malloc64(((uint64_t)want + 1) * sizeof *gs);
  char *copy = same ? NULL : sqlite3_mprintf("%s", rule);
  *rc = gs && (same || copy) ? compute_genera(conn, fname, &r, want, gs, fail, err, errlen) : CGT_NOMEM;
  cap = 0;
  if (*rc == CGT_LIMIT && want > n && *fail == want) {   /* the growth's options, or its last heap: n alone */
    cap = halfway(n, want);
    want = n;
    *rc = compute_genera(conn, fname, &r, want, gs, fail, err, errlen);
  }
  cgt_rule_free(&r);
  /* heaps 0..made-1 are valued: all of them, those before a failed search,
  ** or none when the failure may be the options' */
  uint32_t made = *rc == CGT_OK ? want + 1 : *rc == CGT_LIMIT && *fail < want ? *fail : 0;
  if (made > (same ? slot->n : 0)) {
    if (!same) {
      sqlite3_free(slot->k.rule);
      slot->k.rule = copy;
      slot->fail = slot->cap = 0;
      same = 1;
      copy = NULL;
    }
    sqlite3_free(slot->gs);
    slot->gs = gs;
    slot->n = made;
    slot->k.last_use = ++c->tick;
    gs = NULL;
  }
  /* every larger heap fails where this one did */
  if (same && *rc == CGT_LIMIT && (!slot->fail || *fail < slot->fail)) slot->fail = *fail;
  if (same && cap && (!slot->cap || cap < slot->cap)) slot->cap = cap;
  sqlite3_free(gs);
  sqlite3_free(copy);
  if (same && n < slot->n) return *rc = CGT_OK, slot->gs;
  return NULL;
}
