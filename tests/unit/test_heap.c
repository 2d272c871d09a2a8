/*
** Unit tests of heap games: rule parsing, Grundy values (OEIS prefixes,
** and against a brute force written here over random rules), the sparse
** space and periodic shortcuts against the plain loop, and proven periods.
*/
#include <stdlib.h>

#include "../../ext/core/heapseq.h"
#include "../tap.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static int parse(const char *text, cgt_rule *r) {
  char err[200];
  return cgt_rule_parse(text, r, err, sizeof err) == CGT_OK;
}

static void prefix(const char *rule, const uint32_t *want, uint32_t n, const char *oeis) {
  cgt_rule r;
  uint32_t g[128];
  int same = parse(rule, &r) && cgt_heap_values(&r, n - 1, g, NULL) == CGT_OK;
  for (uint32_t i = 0; same && i < n; i++) same = g[i] == want[i];
  ok(same, "%s: the first %u values are %s's", rule, n, oeis);
  cgt_rule_free(&r);
}

static void known_values(void) {
  static const uint32_t kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2};
  static const uint32_t dawsons_kayles[] = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3};
  static const uint32_t dawsons_chess[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3};
  static const uint32_t grundy[] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3,
                                    0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2,
                                    1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3,
                                    2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
  prefix("kayles", kayles, 20, "A002186");
  prefix("0.07", dawsons_kayles, 20, "A002187");
  prefix("dawsons-chess", dawsons_chess, 19, "A002187 shifted");
  prefix("4!.0", grundy, sizeof grundy / sizeof *grundy, "A002188");
}

static void periods(void) {
  static const struct { const char *rule; uint32_t n, per, pre; } want[] = {
      {"kayles", 1000, 12, 71}, {"dawsons-kayles", 1000, 34, 53}, {"sub{1,3,4}", 100, 7, 0},
      {"0.6", 300, 0, 0},  /* not proven by then (Officers: not known to be periodic) */
  };
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    cgt_rule r;
    uint32_t *g = malloc((want[i].n + 1) * sizeof *g), pre = 0, per = 0;
    parse(want[i].rule, &r);
    cgt_heap_values(&r, want[i].n, g, NULL);
    int found = cgt_heap_period(&r, g, want[i].n + 1, &pre, &per);
    ok(want[i].per ? found && per == want[i].per && pre == want[i].pre : !found,
       "%s: period %u, preperiod %u (found %d: %u, %u)", want[i].rule, want[i].per, want[i].pre, found, per, pre);
    free(g);
    cgt_rule_free(&r);
  }
}

static void errors(void) {
  static const struct { const char *rule, *msg; } bad[] = {
      {"0.7z", "bad digit 'z' in rule '0.7z'"},
      {"", "empty rule"},
      {"3.7", "digit d0 may only split (0, 4, 8 or c), not 3, in rule '3.7'"},
      {"sub{1,x}", "bad character 'x' in rule 'sub{1,x}'"},
      {"sub{0}", "0 cannot be taken in rule 'sub{0}'"},
      {"0.7", NULL},
      {"kaylez", "unknown rule 'kaylez'"},
      {"4", "rule '4' ends too soon"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    cgt_rule r;
    char err[300];
    cgt_rc rc = cgt_rule_parse(bad[i].rule, &r, err, sizeof err);
    if (!bad[i].msg) {
      ok(rc == CGT_OK, "'%s' parses", bad[i].rule);
      cgt_rule_free(&r);
    } else {
      ok(rc == CGT_SYNTAX && strncmp(err, bad[i].msg, strlen(bad[i].msg)) == 0, "'%s': %s", bad[i].rule, err);
    }
  }
}

/* ---- brute force: every move listed, by sizes of the heaps left ---- */

enum { N = 40 };

static uint32_t brute[N + 1];

static uint32_t brute_value(const cgt_rule *r, uint32_t n) {
  uint8_t seen[4 * N] = {0};
  for (uint32_t j = 0; j <= n; j++) {
    uint8_t d = cgt_rule_digit(r, j);
    int diff = cgt_rule_distinct(r, j);
    uint32_t s = n - j;
    for (uint32_t a = 1; a <= s; a++)
      for (uint32_t b = 0; b <= s - a; b++) {   /* heaps a >= b >= c >= 0, a+b+c = s */
        uint32_t c = s - a - b;
        if (b > a || c > b) continue;
        int parts = 1 + (b > 0) + (c > 0);
        if (b == 0 && c > 0) continue;
        if (!(d & (parts == 1 ? CGT_LEAVE_ONE : parts == 2 ? CGT_LEAVE_TWO : CGT_LEAVE_THREE))) continue;
        if (parts == 1 && j == 0) continue;   /* taking nothing, leaving the heap: no move */
        if (diff && ((parts >= 2 && a == b) || (parts == 3 && b == c))) continue;
        seen[brute[a] ^ (b ? brute[b] : 0) ^ (c ? brute[c] : 0)] = 1;
      }
    if ((d & CGT_LEAVE_NONE) && s == 0) seen[0] = 1;
  }
  uint32_t m = 0;
  while (seen[m]) m++;
  return m;
}

static void random_rule(char *text) {
  int kind = (int)rnd(4);
  if (kind == 0) {
    int at = sprintf(text, "sub{");
    for (int k = 0, n = 1 + (int)rnd(4); k < n; k++) at += sprintf(text + at, k ? ",%u" : "%u", 1 + rnd(8));
    strcpy(text + at, "}");
  } else if (kind == 1) {
    sprintf(text, "allbut{%u,%u}", 1 + rnd(5), 1 + rnd(9));
  } else {
    static const char d0[] = {'0', '4', '8', 'c'};
    int at = sprintf(text, "%c%s.", d0[rnd(4)], rnd(4) == 0 ? "!" : "");
    for (int k = 0, n = 1 + (int)rnd(4); k < n; k++)
      at += sprintf(text + at, "%x%s", kind == 2 ? rnd(8) : rnd(16), rnd(5) == 0 ? "!" : "");
  }
}

static void differential(void) {
  int bad = 0, trials = 300;
  char first[128] = "";
  for (int t = 0; t < trials; t++) {
    char text[64];
    cgt_rule r;
    random_rule(text);
    if (!parse(text, &r)) { bad++; snprintf(first, sizeof first, "%s does not parse", text); continue; }
    uint32_t g[N + 1];
    cgt_heap_values(&r, N, g, NULL);
    for (uint32_t n = 0; n <= N; n++) {
      brute[n] = brute_value(&r, n);
      if (brute[n] != g[n] && !bad++) snprintf(first, sizeof first, "%s at %u", text, n);
    }
    cgt_rule_free(&r);
  }
  ok(bad == 0, "%d random rules (codes with !, 3-heap splits, sub, allbut): values equal brute force %s", trials,
     first);
}

/* The sparse space loop and the periodic shortcut give the plain values. */
static void fast_paths(void) {
  static const char *rules[] = {"grundy", "officers", "0.6!", "4.07", "kayles", "0.137", "0.51"};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
    cgt_rule r;
    uint32_t n = 6000;
    uint32_t *plain = malloc((n + 1) * sizeof *plain), *fast = malloc((n + 1) * sizeof *fast),
             *sparse = malloc((n + 1) * sizeof *sparse);
    parse(rules[i], &r);
    cgt_heap_values_plain(&r, n, plain, NULL);
    cgt_heap_values(&r, n, fast, NULL);
    cgt_heap_values_sparse(&r, n, sparse, NULL);
    ok(memcmp(plain, fast, (n + 1) * sizeof *plain) == 0 && memcmp(plain, sparse, (n + 1) * sizeof *plain) == 0,
       "%s: sparse space and periodic shortcut equal the plain loop to %u", rules[i], n);
    free(plain);
    free(fast);
    free(sparse);
    cgt_rule_free(&r);
  }
}

int main(void) {
  known_values();
  periods();
  errors();
  differential();
  fast_paths();
  return tap_done();
}
