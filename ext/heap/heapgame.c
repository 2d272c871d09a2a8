/* The heaps of a rule as a game of heap types for the misère quotient
** (heapgame.h). */
#include "heapgame.h"

#include <string.h>

/* Appends option {a, b, c} to g, whose room of *cap was counted first. */
static cgt_rc push_option(cgt_heapgame *g, uint32_t *cap, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t n = g->off[g->ntypes + 1];
  if (n >= *cap) return CGT_LIMIT;
  g->opt[n][0] = a;
  g->opt[n][1] = b;
  g->opt[n][2] = c;
  g->off[g->ntypes + 1] = n + 1;
  return CGT_OK;
}

/* Splits of s into three positive parts (the nearest integer to s^2/12). */
static uint64_t three_parts(uint32_t s) { return ((uint64_t)s * s + 6) / 12; }

/* How many options a heap of n counters has that take j (take_options
** pushes exactly these). */
static uint64_t take_count(const cgt_rule *r, uint32_t n, uint32_t j) {
  uint8_t d = cgt_rule_digit(r, j);
  uint32_t s = n - j;
  int diff = cgt_rule_distinct(r, j);
  uint64_t k = 0;
  if ((d & CGT_LEAVE_NONE) && s == 0) k++;
  if ((d & CGT_LEAVE_ONE) && s > 0 && j > 0) k++;
  if (d & CGT_LEAVE_TWO) k += s / 2 - (diff && s % 2 == 0 && s > 0);
  /* all different: a < b < c, that is a, b - 1, c - 2 splitting s - 3 */
  if (d & CGT_LEAVE_THREE) k += diff ? (s >= 3 ? three_parts(s - 3) : 0) : three_parts(s);
  return k;
}

/* Adds the options of a heap of n counters that take j. */
static cgt_rc take_options(const cgt_rule *r, cgt_heapgame *g, uint32_t *cap, uint32_t n, uint32_t j, cgt_stop *st) {
  uint8_t d = cgt_rule_digit(r, j);
  uint32_t s = n - j;
  int diff = cgt_rule_distinct(r, j);
  cgt_rc rc = CGT_OK;
  if ((d & CGT_LEAVE_NONE) && s == 0) rc = push_option(g, cap, 0, 0, 0);
  if (!rc && (d & CGT_LEAVE_ONE) && s > 0 && j > 0) rc = push_option(g, cap, s, 0, 0);
  if (d & CGT_LEAVE_TWO)
    for (uint32_t a = 1; !rc && 2 * a <= s; a++)
      if (!diff || 2 * a != s) rc = push_option(g, cap, a, s - a, 0);
  if (d & CGT_LEAVE_THREE)
    for (uint32_t a = 1; !rc && 3 * a <= s; a++)
      for (uint32_t b = a; !rc && a + 2 * b <= s; b++)
        if (!diff || (a != b && b != s - a - b)) rc = push_option(g, cap, a, b, s - a - b);
  if (!rc && cgt_stop_charge(st, 1 + s)) rc = CGT_INTERRUPTED;
  return rc;
}

/*
** The options are counted first (refused past CGT_MQ_MAX_OPTIONS) and
** their array allocated once: growing it would copy up to 50 MB at a
** time, a pause of 100 ms or more that no interrupt can cut short.
*/
cgt_rc cgt_heapgame_from_rule(const cgt_rule *r, uint32_t n, cgt_heapgame *g, cgt_stop *st) {
  memset(g, 0, sizeof *g);
  if (n > UINT32_MAX - 2) return CGT_TOOBIG;
  uint64_t total = 0;
  for (uint32_t t = 1; t <= n; t++) {
    for (uint32_t j = 0; j <= t; j++)
      if (cgt_rule_digit(r, j)) total += take_count(r, t, j);
    if (total > CGT_MQ_MAX_OPTIONS) return CGT_LIMIT;
    if (cgt_stop_charge(st, 1 + t)) return CGT_INTERRUPTED;
  }
  uint32_t cap = (uint32_t)total;
  g->off = cgt_calloc((size_t)n + 2, sizeof *g->off);
  g->opt = cgt_malloc((size_t)(cap ? cap : 1) * sizeof *g->opt);
  cgt_rc rc = g->off && g->opt ? CGT_OK : CGT_NOMEM;
  for (uint32_t t = 1; !rc && t <= n; t++) {
    g->ntypes = t;   /* push_option appends to off[t + 1] */
    g->off[t + 1] = g->off[t];
    for (uint32_t j = 0; !rc && j <= t; j++)
      if (cgt_rule_digit(r, j)) rc = take_options(r, g, &cap, t, j, st);
  }
  g->ntypes = n;
  if (rc) cgt_heapgame_free(g);
  return rc;
}

void cgt_heapgame_free(cgt_heapgame *g) {
  cgt_free(g->off);
  cgt_free(g->opt);
  memset(g, 0, sizeof *g);
}
