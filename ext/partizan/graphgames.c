/* The table of values of parts shared by Snort, Col and Hackenbush; see graphgames.h. */
#include "graphgames.h"

#include <string.h>

typedef struct part_entry {
  uint64_t key[4];
  cg_id value;
  uint32_t used;
} part_entry;

struct cg_part_table {
  part_entry *e;
  size_t cap, count;   /* cap a power of two, at least twice count */
};

cg_part_table *cg_part_table_new(void) { return cgt_calloc(1, sizeof(cg_part_table)); }

void cg_part_table_free(cg_part_table *t) {
  if (!t) return;
  cgt_free(t->e);
  cgt_free(t);
}

/* The first slot to probe for key. */
static size_t slot_of(const uint64_t key[4], size_t cap) {
  uint64_t h = key[0] * 0x9e3779b97f4a7c15ull;
  h ^= (key[1] + 0x632be59bd9b4e019ull) * 0xff51afd7ed558ccdull;
  h ^= (key[2] + 0x2545f4914f6cdd1dull) * 0xc4ceb9fe1a85ec53ull;
  h ^= key[3] * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 29;
  return (size_t)h & (cap - 1);
}

int cg_part_find(const cg_part_table *t, const uint64_t key[4], cg_id *v) {
  if (!t->cap) return 0;
  for (size_t i = slot_of(key, t->cap);; i = (i + 1) & (t->cap - 1)) {
    const part_entry *e = &t->e[i];
    if (!e->used) return 0;
    if (memcmp(e->key, key, sizeof e->key) == 0) return *v = e->value, 1;
  }
}

/* Places an entry known to be absent into e (cap slots, one free at least). */
static void place(part_entry *e, size_t cap, const part_entry *x) {
  size_t j = slot_of(x->key, cap);
  while (e[j].used) j = (j + 1) & (cap - 1);
  e[j] = *x;
}

cgt_rc cg_part_put(cg_part_table *t, const uint64_t key[4], cg_id v) {
  if (t->count >= CG_PART_TABLE_MAX) {   /* a cache: start afresh */
    memset(t->e, 0, t->cap * sizeof *t->e);
    t->count = 0;
  }
  if (2 * (t->count + 1) > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 256;
    part_entry *e = cgt_calloc(cap, sizeof *e);
    if (!e) return CGT_NOMEM;
    for (size_t i = 0; i < t->cap; i++)
      if (t->e[i].used) place(e, cap, &t->e[i]);
    cgt_free(t->e);
    t->e = e, t->cap = cap;
  }
  part_entry x;
  memcpy(x.key, key, sizeof x.key);
  x.value = v;
  x.used = 1;
  place(t->e, t->cap, &x);
  t->count++;
  return CGT_OK;
}
