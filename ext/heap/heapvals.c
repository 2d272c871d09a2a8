/* Grundy values in the fewest bytes: see heapvals.h. */
#include "heapvals.h"

#include <string.h>

uint64_t cgt_hvals_bytes(const cgt_hvals *h) { return h->cap * (h->width ? h->width : 1); }

cgt_rc cgt_hvals_room(cgt_hvals *h, uint64_t count, cgt_stop *st) {
  unsigned w = h->width ? h->width : 1;
  if (count < h->have) count = h->have;
  if (count == h->cap) return CGT_OK;
  if (count > SIZE_MAX / 4) return CGT_TOOBIG;
  if (count > h->cap && cgt_stop_reserve(st, (count - h->cap) * w)) return CGT_MEMORY;
  void *v = cgt_realloc(h->v, (size_t)(count ? count : 1) * w);
  if (!v) {
    if (count > h->cap) cgt_stop_release(st, (count - h->cap) * w);
    return CGT_NOMEM;
  }
  if (count < h->cap) cgt_stop_release(st, (h->cap - count) * w);
  h->v = v;
  h->width = w;
  h->cap = count;
  return CGT_OK;
}

/* Copies the values into an array of width w. */
static cgt_rc widen(cgt_hvals *h, unsigned w, cgt_stop *st) {
  if (cgt_stop_reserve(st, h->cap * w)) return CGT_MEMORY;
  void *v = cgt_malloc((size_t)(h->cap ? h->cap : 1) * w);
  if (!v) {
    cgt_stop_release(st, h->cap * w);
    return CGT_NOMEM;
  }
  for (uint64_t x = 0; x < h->have; x++) {
    uint32_t g = cgt_hv(h, x);
    if (w == 2) ((uint16_t *)v)[x] = (uint16_t)g;
    else ((uint32_t *)v)[x] = g;
  }
  cgt_free(h->v);
  cgt_stop_release(st, h->cap * h->width);
  h->v = v;
  h->width = w;
  return CGT_OK;
}

cgt_rc cgt_hvals_set(cgt_hvals *h, uint64_t x, uint32_t g, cgt_stop *st) {
  unsigned need = g < 256 ? 1 : g < 65536 ? 2 : 4;
  if (need > h->width) {
    cgt_rc rc = widen(h, need, st);
    if (rc) return rc;
  }
  switch (h->width) {
    case 1: ((uint8_t *)h->v)[x] = (uint8_t)g; break;
    case 2: ((uint16_t *)h->v)[x] = (uint16_t)g; break;
    default: ((uint32_t *)h->v)[x] = g; break;
  }
  if (x >= h->have) h->have = x + 1;
  return CGT_OK;
}

cgt_rc cgt_hvals_copy(cgt_hvals *dst, const cgt_hvals *src, uint64_t count, cgt_stop *st) {
  unsigned w = src->width ? src->width : 1;
  if (cgt_stop_reserve(st, (count ? count : 1) * w)) return CGT_MEMORY;
  dst->v = cgt_malloc((size_t)(count ? count : 1) * w);
  if (!dst->v) {
    cgt_stop_release(st, (count ? count : 1) * w);
    return CGT_NOMEM;
  }
  if (count) memcpy(dst->v, src->v, (size_t)count * w);
  dst->width = w;
  dst->cap = count ? count : 1;
  dst->have = count;
  return CGT_OK;
}

void cgt_hvals_free(cgt_hvals *h) {
  cgt_free(h->v);
  memset(h, 0, sizeof *h);
}
