/*
** The core's allocation wrappers (see common.h).  In a fault-injection
** build they count allocations and fail the chosen one.
*/
#include "common.h"

#include <stdlib.h>

#ifdef CGT_FAULT_INJECTION
uint64_t cgt_fault_count, cgt_fault_fail_at;
int cgt_fault_sticky;
void (*cgt_fault_observe)(void);

/* Counts an allocation (shown to the observer); whether it is to fail. */
static __attribute__((noinline)) int fault(void) {
  uint64_t k = ++cgt_fault_count;
  if (cgt_fault_observe) cgt_fault_observe();
  return cgt_fault_fail_at != 0 && (k == cgt_fault_fail_at || (cgt_fault_sticky && k > cgt_fault_fail_at));
}
#else
#define fault() 0
#endif

void *cgt_malloc(size_t n) { return fault() ? NULL : malloc(n ? n : 1); }

void *cgt_calloc(size_t count, size_t size) {
  if (count == 0 || size == 0) count = size = 1;
  return fault() ? NULL : calloc(count, size);
}

void *cgt_realloc(void *p, size_t n) { return fault() ? NULL : realloc(p, n ? n : 1); }

void cgt_free(void *p) { free(p); }

void *cgt_grow(void *p, size_t *cap, size_t need, size_t size, size_t first) {
  if (need <= *cap && p) return p;
  size_t c = *cap ? *cap : first;
  while (c < need) {
    if (c > SIZE_MAX / 2) return NULL;
    c *= 2;
  }
  if (c > SIZE_MAX / size) return NULL;
  void *q = cgt_realloc(p, c * size);
  if (q) *cap = c;
  return q;
}
