/*
** A set of graphs keyed by graph id, for the two graph caches
** (graph_cache.c): a hash index over the entries, a least-recently-used
** list through them, and the bytes they are charged, so that a cache can
** hold many graphs, find one in constant time and drop the least recently
** used ones past its byte budget.  Each entry holds a reference.
*/
#include "graph_set.h"

#include <string.h>

#define NONE UINT32_MAX

void cgt_gset_clear(cgt_gset *s) {
  for (uint32_t i = 0; i < s->n; i++) cgt_graph_unref(s->e[i].graph);
  sqlite3_free(s->e);
  sqlite3_free(s->slot);
  memset(s, 0, sizeof *s);
}

/* The index slot that holds entry pos, or an empty one for hash h. */
static uint32_t slot_of(const cgt_gset *s, uint64_t h, uint32_t pos) {
  uint32_t i = (uint32_t)h & s->mask;
  while (s->slot[i] && s->slot[i] - 1 != pos) i = (i + 1) & s->mask;
  return i;
}

uint32_t cgt_gset_find(const cgt_gset *s, const cgt_key *id) {
  if (!s->n) return NONE;
  for (uint32_t i = (uint32_t)cgt_key_hash(id) & s->mask; s->slot[i]; i = (i + 1) & s->mask) {
    const cgt_gset_entry *e = &s->e[s->slot[i] - 1];
    if (cgt_key_equal(&e->graph->id, id)) return s->slot[i] - 1;
  }
  return NONE;
}

/* Takes entry pos out of the list of uses. */
static void unlink_use(cgt_gset *s, uint32_t pos) {
  cgt_gset_entry *e = &s->e[pos];
  if (e->prev != NONE) s->e[e->prev].next = e->next;
  else s->head = e->next;
  if (e->next != NONE) s->e[e->next].prev = e->prev;
  else s->tail = e->prev;
}

/* Puts entry pos first in the list of uses (most recent). */
static void link_first(cgt_gset *s, uint32_t pos) {
  cgt_gset_entry *e = &s->e[pos];
  e->prev = NONE;
  e->next = s->head;
  if (s->head != NONE) s->e[s->head].prev = pos;
  s->head = pos;
  if (s->tail == NONE) s->tail = pos;
}

void cgt_gset_touch(cgt_gset *s, uint32_t pos) {
  if (s->head == pos) return;
  unlink_use(s, pos);
  link_first(s, pos);
}

void cgt_gset_remove(cgt_gset *s, uint32_t pos) {
  cgt_gset_entry *e = &s->e[pos];
  cgt_graph *graph = e->graph;
  unlink_use(s, pos);
  s->bytes -= e->charge;
  /* Empty its index slot, moving later entries of the run back. */
  uint32_t i = slot_of(s, e->hash, pos);
  for (uint32_t j = (i + 1) & s->mask; s->slot[j]; j = (j + 1) & s->mask) {
    uint32_t k = (uint32_t)s->e[s->slot[j] - 1].hash & s->mask;
    int stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
    if (stays) continue;
    s->slot[i] = s->slot[j];
    i = j;
  }
  s->slot[i] = 0;
  /* Move the last entry into pos. */
  uint32_t last = --s->n;
  if (pos != last) {
    s->slot[slot_of(s, s->e[last].hash, last)] = pos + 1;
    s->e[pos] = s->e[last];
    if (s->e[pos].prev != NONE) s->e[s->e[pos].prev].next = pos;
    else s->head = pos;
    if (s->e[pos].next != NONE) s->e[s->e[pos].next].prev = pos;
    else s->tail = pos;
  }
  cgt_graph_unref(graph);
}

/* Makes room for one more entry: the array and an index at most half full. */
static int reserve(cgt_gset *s) {
  if (s->n == 0 && !s->e) s->head = s->tail = NONE;
  if (s->n == UINT32_MAX / 4) return SQLITE_NOMEM;
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? 2 * s->cap : 16;
    cgt_gset_entry *e = sqlite3_realloc64(s->e, (uint64_t)cap * sizeof *e);
    if (!e) return SQLITE_NOMEM;
    s->e = e;
    s->cap = cap;
  }
  uint64_t slots = s->slot ? (uint64_t)s->mask + 1 : 0;
  if (2 * ((uint64_t)s->n + 1) <= slots) return SQLITE_OK;
  slots = slots ? 2 * slots : 32;
  uint32_t *slot = sqlite3_malloc64(slots * sizeof *slot);
  if (!slot) return SQLITE_NOMEM;
  memset(slot, 0, slots * sizeof *slot);
  sqlite3_free(s->slot);
  s->slot = slot;
  s->mask = (uint32_t)(slots - 1);
  for (uint32_t pos = 0; pos < s->n; pos++) s->slot[slot_of(s, s->e[pos].hash, pos)] = pos + 1;
  return SQLITE_OK;
}

int cgt_gset_add(cgt_gset *s, cgt_graph *graph, size_t charge) {
  uint32_t old = cgt_gset_find(s, &graph->id);
  if (old != NONE) cgt_gset_remove(s, old);
  int rc = reserve(s);
  if (rc != SQLITE_OK) return rc;
  uint32_t pos = s->n++;
  cgt_gset_entry *e = &s->e[pos];
  e->graph = graph;
  e->hash = cgt_key_hash(&graph->id);
  e->charge = charge;
  s->slot[slot_of(s, e->hash, pos)] = pos + 1;
  link_first(s, pos);
  s->bytes += charge;   /* (charges are bytes held in memory: their sum fits) */
  graph->refs++;
  return SQLITE_OK;
}

void cgt_gset_trim(cgt_gset *s, size_t budget) {
  while (s->bytes > budget && s->n > 1) cgt_gset_remove(s, s->tail);
}
