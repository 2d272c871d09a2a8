/*
** A set of graphs keyed by graph id with a least-recently-used order and
** the bytes charged for them, for the two graph caches (graph_cache.c); a
** zeroed one is empty.  Each entry holds a reference to its graph.
*/
#ifndef CGT_GRAPH_SET_H
#define CGT_GRAPH_SET_H

#include "graph_binding.h"

typedef struct cgt_gset_entry {
  cgt_graph *graph;
  uint64_t hash;        /* of graph->id */
  size_t charge;        /* bytes counted for it */
  uint32_t prev, next;  /* the list of uses, most recent first */
} cgt_gset_entry;
typedef struct cgt_gset {
  cgt_gset_entry *e;
  uint32_t n, cap;
  uint32_t *slot;       /* hash index: entry + 1, 0 when empty */
  uint32_t mask;        /* slots - 1 */
  uint32_t head, tail;  /* most and least recently used entry */
  size_t bytes;         /* the charges of the entries */
} cgt_gset;
/* Releases every entry and the set's memory (the set is empty after). */
void cgt_gset_clear(cgt_gset *s);
/* The entry of graph id, or UINT32_MAX. */
uint32_t cgt_gset_find(const cgt_gset *s, const cgt_key *id);
/* Makes entry pos the most recently used. */
void cgt_gset_touch(cgt_gset *s, uint32_t pos);
/* Drops entry pos (the last entry takes its place). */
void cgt_gset_remove(cgt_gset *s, uint32_t pos);
/* Adds graph (a new reference) as the most recently used, charged charge
** bytes, replacing an entry of the same id (dropped even when this fails);
** returns SQLITE_OK or SQLITE_NOMEM (graph not added). */
int cgt_gset_add(cgt_gset *s, cgt_graph *graph, size_t charge);
/* Drops the least recently used entries while the charges pass budget,
** never the most recently used one. */
void cgt_gset_trim(cgt_gset *s, size_t budget);

#endif
