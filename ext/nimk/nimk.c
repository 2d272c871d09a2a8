/*
** Moore's Nim_k.  A position is summarised by its digit vector: for each
** binary digit b of the Grundy values, how many values have b set, modulo
** M = k+1.  Moving a token from value g to g' adds, at digit b,
** bit_b(g') - bit_b(g) modulo M; a move leaves a P-position when the digits
** it adds cancel the position's digits.
**
** With m tokens at most the digit counts never reach m+1, so the modulus
** can be lowered to min(k, tokens) + 1 without changing any answer.
*/
#include "nimk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cgt_nimk_is_p(uint64_t k, const uint64_t *v, size_t n) {
  uint64_t m = k + 1;   /* 0 when k is 2^64-1: no reduction at all */
  for (int b = 0; b < 64; b++) {
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) c += (v[i] >> b) & 1;
    if (m ? c % m : c) return 0;
  }
  return 1;
}

static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

static int bit(uint32_t v, int b) { return (int)((v >> b) & 1u); }

/* ---- k <= 2: vectors packed two bits a digit, counted in a hash map ---- */

typedef struct u64map {
  uint64_t *key, *val;
  uint8_t *used;
  size_t mask;
} u64map;

static int map_init(u64map *h, size_t want) {
  size_t cap = 16;
  while (cap < 2 * want) cap *= 2;
  h->mask = cap - 1;
  h->key = cgt_malloc(cap * sizeof *h->key);
  h->val = cgt_calloc(cap, sizeof *h->val);
  h->used = cgt_calloc(cap, 1);
  return h->key && h->val && h->used;
}

static void map_free(u64map *h) {
  cgt_free(h->key);
  cgt_free(h->val);
  cgt_free(h->used);
}

static size_t map_slot(const u64map *h, uint64_t key) {
  uint64_t x = key * 0x9e3779b97f4a7c15ull;
  size_t s = (size_t)(x ^ (x >> 29)) & h->mask;
  while (h->used[s] && h->key[s] != key) s = (s + 1) & h->mask;
  return s;
}

static void map_add(u64map *h, uint64_t key) {
  size_t s = map_slot(h, key);
  h->used[s] = 1;
  h->key[s] = key;
  h->val[s]++;
}

static uint64_t map_get(const u64map *h, uint64_t key) {
  size_t s = map_slot(h, key);
  return h->used[s] ? h->val[s] : 0;
}

/* Digit-wise a + sign*b modulo M (M is 2 or 3), two bits a digit. */
static uint64_t packed_add(uint64_t a, uint64_t b, int sign, uint32_t M, int B) {
  uint64_t r = 0;
  for (int d = 0; d < B; d++) {
    uint32_t x = (uint32_t)(a >> (2 * d)) & 3u, y = (uint32_t)(b >> (2 * d)) & 3u;
    r |= (uint64_t)((x + (sign > 0 ? y : M - y)) % M) << (2 * d);
  }
  return r;
}

static uint64_t packed_delta(uint32_t from, uint32_t to, uint32_t M, int B) {
  uint64_t r = 0;
  for (int d = 0; d < B; d++) r |= (uint64_t)((uint32_t)(bit(to, d) - bit(from, d) + (int)M) % M) << (2 * d);
  return r;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* How many of the sorted v[0..n-1] equal key. */
static uint64_t sorted_count(const uint64_t *v, size_t n, uint64_t key) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (v[mid] < key) lo = mid + 1; else hi = mid;
  }
  uint64_t c = 0;
  while (lo + c < n && v[lo + c] == key) c++;
  return c;
}

static cgt_rc count_small(const cgt_nimk_tokens *t, uint32_t M, int B, const uint32_t *target_digits,
                          uint64_t *count, cgt_stop *st) {
  size_t E = t->off[t->n];
  uint64_t target = 0, singles = 0, twice_pairs = 0;
  for (int d = 0; d < B; d++) target |= (uint64_t)target_digits[d] << (2 * d);
  uint64_t *delta = cgt_malloc((E ? E : 1) * sizeof *delta);
  u64map all = {NULL, NULL, NULL, 0};
  if (!delta || !map_init(&all, E)) {
    cgt_free(delta);
    map_free(&all);
    return CGT_NOMEM;
  }
  for (size_t i = 0; i < t->n; i++)
    for (uint32_t e = t->off[i]; e < t->off[i + 1]; e++) {
      delta[e] = packed_delta(t->val[i], t->opt[e], M, B);
      singles += delta[e] == target;
      map_add(&all, delta[e]);
      if (cgt_stop_charge(st, 1 + (uint64_t)B)) {
        cgt_free(delta);
        map_free(&all);
        return CGT_INTERRUPTED;
      }
    }
  cgt_rc rc = CGT_OK;
  if (M == 3) {
    /* Pairs of distinct tokens: for each move, the complementary moves of
    ** all tokens but its own; every pair is found from both ends. */
    for (size_t i = 0; i < t->n && rc == CGT_OK; i++) {
      uint64_t *own = delta + t->off[i];
      size_t n_own = t->off[i + 1] - t->off[i];
      qsort(own, n_own, sizeof *own, cmp_u64);
      if (cgt_stop_charge(st, 1 + (uint64_t)n_own * 4)) { rc = CGT_INTERRUPTED; break; }
      for (size_t e = 0; e < n_own; e++) {
        uint64_t want = packed_add(target, own[e], -1, M, B);
        twice_pairs += map_get(&all, want) - sorted_count(own, n_own, want);
        if (cgt_stop_charge(st, 1 + (uint64_t)B)) { rc = CGT_INTERRUPTED; break; }
      }
    }
  }
  cgt_free(delta);
  map_free(&all);
  /* E < 2^32 moves: singles <= E and twice_pairs <= E^2 < 2^64 */
  *count = singles + twice_pairs / 2;
  return rc;
}

/* ---- k >= 3: dynamic program over (tokens picked, digit vector) ---- */

typedef struct state_map {
  int len;              /* uint32 words a key: picked count, then B digits */
  uint64_t bytes_max;   /* the budget of the map's memory */
  size_t n, cap, mask;
  uint32_t *keys;       /* n keys of len words */
  uint64_t *count;
  size_t *slot;         /* index+1, 0 when empty */
} state_map;

static uint64_t key_hash(const uint32_t *k, int len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (int i = 0; i < len; i++) h = (h ^ k[i]) * 0x100000001b3ull;
  return h ^ (h >> 31);
}

static size_t state_find(const state_map *s, const uint32_t *key) {
  size_t i = (size_t)key_hash(key, s->len) & s->mask;
  while (s->slot[i] && memcmp(s->keys + (s->slot[i] - 1) * s->len, key, s->len * sizeof *key) != 0)
    i = (i + 1) & s->mask;
  return i;
}

static cgt_rc state_grow(state_map *s, cgt_stop *st) {
  size_t cap = s->cap ? 2 * s->cap : 64;
  /* keys, counts, slots, and the copy of the counts count_dp keeps */
  if ((uint64_t)cap * ((uint64_t)s->len * 4 + 2 * sizeof(uint64_t) + 2 * sizeof(size_t)) > s->bytes_max)
    return CGT_LIMIT;
  uint32_t *keys = cgt_realloc(s->keys, cap * s->len * sizeof *keys);
  if (!keys) return CGT_NOMEM;
  s->keys = keys;
  uint64_t *count = cgt_realloc(s->count, cap * sizeof *count);
  if (!count) return CGT_NOMEM;
  s->count = count;
  size_t *slot = cgt_calloc(2 * cap, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  cgt_free(s->slot);
  s->slot = slot;
  s->cap = cap;
  s->mask = 2 * cap - 1;
  for (size_t j = 0; j < s->n; j++) {
    s->slot[state_find(s, s->keys + j * s->len)] = j + 1;
    if (cgt_stop_charge(st, (uint64_t)s->len)) return CGT_INTERRUPTED;   /* (the map is then only freed) */
  }
  return CGT_OK;
}

/* Adds c to the count of key, creating it. */
static cgt_rc state_add(state_map *s, const uint32_t *key, uint64_t c, cgt_stop *st) {
  cgt_rc rc;
  if (s->n == s->cap && (rc = state_grow(s, st))) return rc;
  size_t i = state_find(s, key);
  if (!s->slot[i]) {
    memcpy(s->keys + s->n * s->len, key, s->len * sizeof *key);
    s->count[s->n] = 0;
    s->slot[i] = ++s->n;
  }
  s->count[s->slot[i] - 1] = sat_add(s->count[s->slot[i] - 1], c);
  return CGT_OK;
}

static cgt_rc count_dp(const cgt_nimk_tokens *t, uint32_t M, uint32_t maxm, int B, const uint32_t *target_digits,
                       uint64_t steps_max, uint64_t bytes_max, uint64_t *count, cgt_stop *st) {
  state_map s = {B + 1, bytes_max, 0, 0, 0, NULL, NULL, NULL};
  uint32_t key[33], next[33];
  uint64_t *prev = NULL, steps = 0;
  memset(key, 0, sizeof key);
  cgt_rc rc = state_add(&s, key, 1, st);
  for (size_t i = 0; i < t->n && rc == CGT_OK; i++) {
    size_t snapshot = s.n;
    uint64_t *p = cgt_realloc(prev, (snapshot ? snapshot : 1) * sizeof *p);
    if (!p) { rc = CGT_NOMEM; break; }
    prev = p;
    memcpy(prev, s.count, snapshot * sizeof *prev);
    for (size_t j = 0; j < snapshot && rc == CGT_OK; j++) {
      const uint32_t *from = s.keys + j * s.len;
      if (from[0] == maxm || prev[j] == 0) continue;
      for (uint32_t e = t->off[i]; e < t->off[i + 1]; e++) {
        next[0] = from[0] + 1;
        for (int d = 0; d < B; d++)
          next[d + 1] = (from[d + 1] + (uint32_t)(bit(t->opt[e], d) - bit(t->val[i], d) + (int)M)) % M;
        if ((rc = state_add(&s, next, prev[j], st))) break;
        from = s.keys + j * s.len;   /* keys may have moved */
      }
      /* one state costs its token's moves times the digits */
      uint64_t cost = 1 + (uint64_t)(t->off[i + 1] - t->off[i]) * (uint64_t)(B + 1);
      if (rc == CGT_OK && (steps += cost) > steps_max) rc = CGT_LIMIT;
      if (rc == CGT_OK && cgt_stop_charge(st, cost)) rc = CGT_INTERRUPTED;
    }
  }
  *count = 0;
  for (uint32_t m = 1; rc == CGT_OK && m <= maxm; m++) {
    key[0] = m;
    memcpy(key + 1, target_digits, B * sizeof *key);
    size_t i = state_find(&s, key);
    if (s.slot[i]) *count = sat_add(*count, s.count[s.slot[i] - 1]);
  }
  cgt_free(prev);
  cgt_free(s.keys);
  cgt_free(s.count);
  cgt_free(s.slot);
  return rc;
}

cgt_rc cgt_nimk_count(uint64_t k, const cgt_nimk_tokens *t, uint64_t steps_max, uint64_t bytes_max, uint64_t *count,
                      char *err, size_t errlen, cgt_stop *st) {
  *count = 0;
  if (t->n == 0 || k == 0) return CGT_OK;
  uint32_t maxm = (uint32_t)(k < t->n ? k : t->n);
  uint32_t M = maxm + 1, target[32], top = 0;
  for (size_t i = 0; i < t->n; i++) top |= t->val[i];
  for (size_t e = 0; e < t->off[t->n]; e++) top |= t->opt[e];
  int B = 1;
  while (B < 32 && (top >> B)) B++;
  for (int d = 0; d < B; d++) {
    uint64_t c = 0;
    for (size_t i = 0; i < t->n; i++) c += bit(t->val[i], d);
    target[d] = (uint32_t)((M - c % M) % M);
  }
  cgt_rc rc = maxm <= 2 ? count_small(t, M, B, target, count, st)
                        : count_dp(t, M, maxm, B, target, steps_max, bytes_max, count, st);
  if (rc == CGT_OK && *count > (uint64_t)INT64_MAX) rc = CGT_TOOBIG;
  if (rc == CGT_LIMIT)
    snprintf(err, errlen,
             "counting by Moore's theorem with k = %llu and %zu tokens goes past its budget of %llu steps or "
             "%llu bytes",
             (unsigned long long)k, t->n, (unsigned long long)steps_max, (unsigned long long)bytes_max);
  return rc;
}
