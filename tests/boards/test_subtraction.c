/*
** Unit tests of partizan subtraction games (boards/subtraction.c):
** parsing, known values, outcomes against a plain game search written here,
** the Number Translation Theorem the value proofs rest on (on random
** games), and every period the search calls proven checked on three times
** as many heaps.  Under the sanitizers, which find memory errors by the
** paths run rather than by their count, a fifth of the random rulesets and
** games (every path is reached by the first dozen), and the heap limit in a
** game of 16 amounts a side rather than 64 (the same code, a quarter of the
** work).  The work budget is reached with a small one (the SQL functions'
** CG_NO_BUDGET takes seconds): the board's error and its text, the heaps
** valued before it, the period search's partial report.
*/
#include <stdlib.h>

#include "../../ext/partizan/pnotation.h"
#include "../../ext/boards/subtraction.h"
#include "../tap.h"

#ifdef __SANITIZE_ADDRESS__
enum { RULESETS = 12, GAMES = 80, SET = 16 };
#else
enum { RULESETS = 60, GAMES = 400, SET = CG_SUB_SET_MAX };
#endif

static cg_store *s;

#include "prints.h"

/* Whether the player to move wins heap n (left: Left moves), by plain
** search over the moves, memoised in win[2][n] (0 unknown, 1 loses, 2 wins). */
static int wins(const cg_subtraction *g, uint32_t n, int left, uint8_t *win[2]) {
  if (win[left][n]) return win[left][n] == 2;
  int w = 0;
  const uint16_t *a = left ? g->left : g->right;
  uint32_t k = left ? g->nl : g->nr;
  for (uint32_t i = 0; i < k && !w; i++)
    if (a[i] <= n && !wins(g, n - a[i], !left, win)) w = 1;
  win[left][n] = w ? 2 : 1;
  return w;
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(uint32_t n) {
  rnd_state = rnd_state * 1103515245u + 12345u;
  return (rnd_state >> 8) % n;
}

/* A random game of birthday at most d, built from options. */
static cg_id random_game(int d) {
  cg_id L[3], R[3];
  uint32_t nl = d ? rnd(3) : 0, nr = d ? rnd(3) : 0;
  for (uint32_t i = 0; i < nl; i++) L[i] = random_game(d - 1);
  for (uint32_t i = 0; i < nr; i++) R[i] = random_game(d - 1);
  cg_id g;
  return cg_game(s, L, nl, R, nr, &g) == CGT_OK ? g : 0;
}

/* {G^L + x | G^R + x} of canonical G. */
static cg_id translated(cg_id g, cg_id x) {
  const cg_id *L, *R;
  uint32_t nl, nr;
  cg_id l[64], r[64], out = 0;
  if (cg_options(s, g, &L, &nl, &R, &nr) != CGT_OK || nl > 64 || nr > 64) return 0;
  cg_id lc[64], rc_[64];
  memcpy(lc, L, nl * sizeof *L);
  memcpy(rc_, R, nr * sizeof *R);
  for (uint32_t i = 0; i < nl; i++) cg_add(s, lc[i], x, &l[i]);
  for (uint32_t i = 0; i < nr; i++) cg_add(s, rc_[i], x, &r[i]);
  cg_game(s, l, nl, r, nr, &out);
  return out;
}

/* Checks a found period on values and outcomes up to heap n. */
static void check_period(const char *text, const cg_subtraction *g, const cg_sub_period *p, uint32_t n) {
  cg_id *v = malloc((n + 1) * sizeof *v);
  uint8_t *o = malloc(n + 1);
  if (!v || !o || cg_subtraction_values(s, g, n, CG_NO_BUDGET, v, NULL) || cg_subtraction_outcomes(s, g, n, o)) {
    ok(0, "%s: values and outcomes to %u", text, n);
    return;
  }
  if (p->period && p->proven) {
    int holds = 1;
    for (uint32_t k = p->pre; k + p->period <= n && holds; k++) {
      cg_id t;
      holds = cg_add(s, v[k], p->saltus, &t) == CGT_OK && t == v[k + p->period];
    }
    ok(holds, "%s: proven value period %u from %u holds to heap %u", text, p->period, p->pre, n);
  }
  if (p->operiod) {
    int holds = 1;
    for (uint32_t k = p->opre; k + p->operiod <= n; k++) holds &= o[k] == o[k + p->operiod];
    ok(holds, "%s: outcome period %u from %u holds to heap %u", text, p->operiod, p->opre, n);
    ok(p->opre == 0 || o[p->opre - 1] != o[p->opre - 1 + p->operiod], "%s: outcome preperiod %u is the least", text,
       p->opre);
  }
  free(v);
  free(o);
}

/* cg_import copies a game into another store: numbers too large for their
** parts (over 64 bits) included, and the copy prints the same. */
static void import_big_numbers(void) {
  const char *texts[] = {"{1/1267650600228229401496703205376^*|-18446744073709551617}", "-36893488147419103233/4*",
                         "{0,{1|*}|1/2}", "^5*3"};
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    cg_store *from = cg_store_new(), *to = cg_store_new();
    char err[200], *a = NULL, *b = NULL;
    cg_id g, h;
    int good = from && to && cg_parse(from, texts[i], &g, err, sizeof err) == CGT_OK &&
               cg_import(to, from, g, &h) == CGT_OK && cg_print(from, g, &a) == CGT_OK && cg_print(to, h, &b) == CGT_OK &&
               strcmp(a, b) == 0;
    ok(good, "cg_import: %s prints %s in the other store", texts[i], b ? b : "(nothing)");
    cgt_free(a);
    cgt_free(b);
    cg_store_free(from);
    cg_store_free(to);
  }
}

int main(void) {
  import_big_numbers();
  s = cg_store_new();
  char err[400];
  cg_subtraction g;

  /* Parsing. */
  ok(cg_subtraction_parse("subtraction{1,2,3|1,2}", &g, err, sizeof err) == CGT_OK && g.nl == 3 && g.nr == 2 &&
         g.m == 3,
     "subtraction{1,2,3|1,2}");
  ok(cg_subtraction_parse("subtraction { 1 .. 4 , 2 | 5 , 2 }  ", &g, err, sizeof err) == CGT_OK && g.nl == 4 &&
         g.nr == 2 && g.right[0] == 2 && g.right[1] == 5 && g.m == 5,
     "ranges, repeats and whitespace");
  ok(cg_subtraction_parse("subtraction{|}", &g, err, sizeof err) == CGT_OK && g.nl == 0 && g.nr == 0 && g.m == 0,
     "two empty sets");
  const struct { const char *text, *msg; } bad[] = {
      {"subtraction{1,,2|1}", "bad set '1,,2'"},
      {"subtraction{1,|1}", "bad set '1,'"},
      {"subtraction{1..|1}", "bad set '1..'"},
      {"subtraction{a|1}", "bad set 'a'"},
      {"subtraction{-1|1}", "bad set '-1'"},
      {"subtraction{0|1}", "amounts are 1 to 1000 (in set '0')"},
      {"subtraction{1|1001}", "amounts are 1 to 1000 (in set '1001')"},
      {"subtraction{1|99999999999999999999}", "amounts are 1 to 1000"},
      {"subtraction{3..1|1}", "empty range 3..1"},
      {"subtraction{1..65|1}", "at most 64 amounts"},
      {"subtraction{1|2}x", "unexpected text after '}'"},
      {"subtraction{1|2|3}", "subtraction{L|R}"},
      {"subtraction{1,2}", "subtraction{L|R}"},
      {"subtraction", "subtraction{L|R}"},
      {"subtraction[1|2]", "subtraction{L|R}"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    cgt_rc rc = cg_subtraction_parse(bad[i].text, &g, err, sizeof err);
    ok(rc == CGT_SYNTAX && strstr(err, bad[i].msg) && strncmp(err, "subtraction: ", 13) == 0, "%s: %s", bad[i].text,
       rc == CGT_SYNTAX ? err : "accepted");
  }
  uint32_t n;
  ok(cg_subtraction_heap(" 42\n", &n, err, sizeof err) == CGT_OK && n == 42, "heap 42");
  ok(cg_subtraction_heap("100001", &n, err, sizeof err) == CGT_SYNTAX && strstr(err, "limit of 100000"),
     "heap over the limit: %s", err);
  ok(cg_subtraction_heap("99999999999999999999999", &n, err, sizeof err) == CGT_SYNTAX, "huge heap");
  ok(cg_subtraction_heap("-1", &n, err, sizeof err) == CGT_SYNTAX && cg_subtraction_heap("", &n, err, sizeof err) &&
         cg_subtraction_heap("1 2", &n, err, sizeof err),
     "bad heaps");

  /* Known values. */
  const struct { const char *rules, *heap, *want; } known[] = {
      {"subtraction{1|2}", "0", "0"},       {"subtraction{1|2}", "1", "1"},   {"subtraction{1|2}", "2", "{1|0}"},
      {"subtraction{1|2}", "3", "0"},       {"subtraction{1,2|1,2}", "4", "*"}, {"subtraction{1,2|1,2}", "5", "*2"},
      {"subtraction{1,2|1}", "10", "^9"},   {"subtraction{1,2|1}", "11", "^10*"},
      {"subtraction{1..3|1..3}", "7", "*3"}, {"subtraction{2|1}", "2", "{0|-1}"},
      {"subtraction{1|}", "17", "17"},      {"subtraction{|3}", "17", "-5"}, {"subtraction{|}", "9", "0"},
  };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
    cg_id v;
    ok(cg_subtraction_board(s, NULL, known[i].rules, known[i].heap, CG_NO_BUDGET, &v, err, sizeof err) == CGT_OK &&
           prints(v, known[i].want),
       "%s heap %s = %s", known[i].rules, known[i].heap, known[i].want);
  }
  /* The impartial case: nimbers of Grundy values n mod (k + 1). */
  {
    cg_subtraction_parse("subtraction{1..5|1..5}", &g, err, sizeof err);
    cg_id v[200];
    int all = cg_subtraction_values(s, &g, 199, CG_NO_BUDGET, v, NULL) == CGT_OK;
    for (uint32_t k = 0; k < 200 && all; k++) {
      uint32_t x;
      all = cg_is_nimber(s, v[k], &x) && x == k % 6;
    }
    ok(all, "subtraction{1..5|1..5}: G(n) = *(n mod 6)");
  }

  /* Outcomes and the sign of values against plain search. */
  for (int t = 0; t < RULESETS; t++) {
    char text[200], *p = text;
    p += sprintf(p, "subtraction{");
    for (int side = 0; side < 2; side++) {
      int k = (int)rnd(4), first = 1;
      for (uint32_t a = 1; a <= 7; a++)
        if (rnd(7) < (uint32_t)k) p += sprintf(p, first ? "%u" : ",%u", a), first = 0;
      p += sprintf(p, side ? "}" : "|");
    }
    cg_subtraction_parse(text, &g, err, sizeof err);
    enum { N = 120 };
    uint8_t o[N + 1], w0[N + 1] = {0}, w1[N + 1] = {0}, *win[2] = {w1, w0};
    cg_id v[N + 1], zero;
    cg_integer(s, 0, &zero);
    int same = cg_subtraction_outcomes(s, &g, N, o) == CGT_OK &&
               cg_subtraction_values(s, &g, N, CG_NO_BUDGET, v, NULL) == CGT_OK;
    for (uint32_t k = 0; k <= N && same; k++) {
      int lf = wins(&g, k, 1, win), rf = wins(&g, k, 0, win), ge, le;
      same = o[k] == (lf ? CG_SUB_LEFT_FIRST : 0) + (rf ? CG_SUB_RIGHT_FIRST : 0);
      /* Left wins moving second iff G >= 0; Right iff G <= 0 */
      same = same && cg_le(s, zero, v[k], &ge) == CGT_OK && cg_le(s, v[k], zero, &le) == CGT_OK && ge == !rf &&
             le == !lf;
    }
    ok(same, "%s: outcomes and values agree with search to heap %d", text, N);
    cg_sub_period per;
    if (cg_subtraction_period(s, &g, 300, CG_NO_BUDGET, &per) == CGT_OK) check_period(text, &g, &per, 900);
    else ok(0, "%s: period search", text);
  }

  /* The Number Translation Theorem on random games. */
  {
    int holds = 1, tried = 0;
    for (int t = 0; t < GAMES && holds; t++) {
      cg_id G = random_game(3), x, sum;
      cg_dyadic d;
      if (cg_is_number(s, G, NULL) || cg_dyadic_make(cg_store_bigs(s), (int64_t)rnd(9) - 4, rnd(3), &d) ||
          cg_number(s, d, &x))
        continue;
      tried++;
      holds = cg_add(s, G, x, &sum) == CGT_OK && translated(G, x) == sum;
    }
    ok(holds && tried > GAMES / 4, "G + x = {G^L + x | G^R + x} for numbers x and %d games G not numbers", tried);
  }

  /* Known periods. */
  const struct { const char *rules; uint32_t pre, per; const char *saltus; int proven; uint32_t opre, oper; } periods[] = {
      {"subtraction{1|2}", 0, 3, "0", 1, 0, 3},
      {"subtraction{1,2|1,2}", 0, 3, "0", 1, 0, 3},
      {"subtraction{3|5}", 0, 8, "0", 1, 0, 8},
      {"subtraction{1|1}", 0, 2, "0", 1, 0, 2},
      {"subtraction{1,2|1}", 1, 1, "^*", 0, 2, 1},
      {"subtraction{1|}", 0, 1, "1", 1, 1, 1},
      {"subtraction{|2,3}", 0, 2, "-1", 1, 2, 1},
      {"subtraction{1..4|1..4}", 0, 5, "0", 1, 0, 5},
  };
  for (size_t i = 0; i < sizeof periods / sizeof *periods; i++) {
    cg_sub_period p;
    cg_subtraction_parse(periods[i].rules, &g, err, sizeof err);
    cgt_rc rc = cg_subtraction_period(s, &g, 200, CG_NO_BUDGET, &p);
    ok(rc == CGT_OK && p.pre == periods[i].pre && p.period == periods[i].per &&
           p.proven == periods[i].proven && prints(p.saltus, periods[i].saltus) && p.opre == periods[i].opre &&
           p.operiod == periods[i].oper && p.searched == 200 && p.stopped == CGT_OK,
       "%s: values period %u from %u, saltus %s, outcomes period %u from %u", periods[i].rules, p.period, p.pre,
       periods[i].saltus, p.operiod, p.opre);
  }
  /* Values whose forms grow: nothing periodic, outcomes periodic. */
  {
    cg_sub_period p;
    cg_subtraction_parse("subtraction{1,2,3|1,2}", &g, err, sizeof err);
    ok(cg_subtraction_period(s, &g, 300, CG_NO_BUDGET, &p) == CGT_OK && p.period == 0 && p.operiod == 1 && p.opre == 3,
       "subtraction{1,2,3|1,2}: no value period; outcomes L from heap 3");
  }
  /* Values growing past the work budget (the SQL functions' CG_NO_BUDGET
  ** is seconds of work, after heap 1,660; a budget of 2^LOG_WORK units ends
  ** them as early as it must): the board is an error that says so, the
  ** values made before it are right, and the period search reports the
  ** heaps valued and still proves outcomes.  Each on a store of its own,
  ** so that the same work reaches the same heap. */
  {
    enum { LOG_WORK = 20, HEAP = 30000 };
    const uint64_t work = (uint64_t)1 << LOG_WORK;
    cg_store *fresh = cg_store_new();
    cg_id v;
    char want[200];
    snprintf(want, sizeof want,
             "subtraction: the values up to heap %d take over %llu steps (their forms grow with the heap)", HEAP,
             (unsigned long long)work);
    ok(cg_subtraction_board(fresh, NULL, "subtraction{1,2,3|1,2}", "30000", work, &v, err, sizeof err) == CGT_LIMIT &&
           strcmp(err, want) == 0,
       "subtraction{1,2,3|1,2} heap %d past a budget of 2^%d: %s", HEAP, LOG_WORK, err);
    cg_store_free(fresh);
    /* the heap named by its number, not by its text (which may be long) */
    char heap[600];
    int at = snprintf(heap, sizeof heap, " \t\n");
    memset(heap + at, '0', 500);
    snprintf(heap + at + 500, sizeof heap - (size_t)at - 500, "%d \r\n", HEAP);
    fresh = cg_store_new();
    ok(cg_subtraction_board(fresh, NULL, "subtraction{1,2,3|1,2}", heap, work, &v, err, sizeof err) == CGT_LIMIT &&
           strcmp(err, want) == 0,
       "the heap text ' \\t\\n' 500 zeros '%d \\r\\n' is named heap %d: %s", HEAP, HEAP, err);
    cg_store_free(fresh);

    cg_subtraction_parse("subtraction{1,2,3|1,2}", &g, err, sizeof err);
    cg_id *part = malloc((HEAP + 1) * sizeof *part), *all = malloc((HEAP + 1) * sizeof *all);
    uint32_t done = 0;
    fresh = cg_store_new();
    cgt_rc rc = part && all && fresh ? cg_subtraction_values(fresh, &g, HEAP, work, part, &done) : CGT_NOMEM;
    /* (one store: equal values are the same id) */
    int same = rc == CGT_LIMIT && done > 100 && done < HEAP &&
               cg_subtraction_values(fresh, &g, done - 1, CG_NO_BUDGET, all, NULL) == CGT_OK;
    for (uint32_t k = 0; same && k < done; k++) same = part[k] == all[k];
    cg_store_free(fresh);
    ok(same, "past the budget the values of heaps 0..%u are made, and right", done ? done - 1 : 0);

    cg_sub_period p;
    fresh = cg_store_new();
    rc = fresh ? cg_subtraction_period(fresh, &g, HEAP, work, &p) : CGT_NOMEM;
    cg_store_free(fresh);
    ok(rc == CGT_OK && p.stopped == CGT_LIMIT && p.searched + 1 == done && p.period == 0 && p.operiod == 1 &&
           p.opre == 3,
       "past the budget the period search reports the heaps valued (%u) and still proves outcomes", p.searched);
    free(part);
    free(all);
  }
  /* The values a connection keeps (cg_sub_memo) are a function of the
  ** ruleset, the heap and the budget alone: under a small budget, heaps
  ** asked for in any order, on a memo that held another game or values
  ** of the same game before, or after an interrupt, give the result, the
  ** heaps made and the values (imported into one store, so equal values
  ** are the same id) of one run from heap 0 on a store of its own. */
  {
    enum { LOG_WORK = 20 };
    const uint64_t work = (uint64_t)1 << LOG_WORK;
    cg_subtraction other;
    cg_subtraction_parse("subtraction{1,2,3|1,2}", &g, err, sizeof err);
    cg_subtraction_parse("subtraction{1,2,3|1,2,1000}", &other, err, sizeof err);   /* the same values below 1000 */
    cg_store *fresh = cg_store_new();
    cg_id *run = malloc(1001 * sizeof *run);
    uint32_t limit = 0;   /* heaps one run from 0 makes */
    cgt_rc rc = fresh && run ? cg_subtraction_values(fresh, &g, 1000, work, run, &limit) : CGT_NOMEM;
    ok(rc == CGT_LIMIT && limit > 10 && limit < 1000, "one run from heap 0 makes heaps 0..%u under 2^%d",
       limit - 1, LOG_WORK);
    cg_store *common = cg_store_new();
    cg_id *want = malloc(1001 * sizeof *want);
    int imported = common && want != NULL;
    for (uint32_t k = 0; imported && k < limit; k++) imported = cg_import(common, fresh, run[k], &want[k]) == CGT_OK;
    ok(imported, "the values of that run import into another store");
    static const uint32_t orders[][6] = {
        {0, 0, 0, 0, 0, 0},         /* the heap alone: filled in below */
        {3, 10, 50, 0, 0, 0},       /* smaller heaps first */
        {2000, 1, 0, 0, 0, 0},      /* past the budget first, then small */
        {1, 2, 3, 4, 5, 6},         /* one heap at a time */
    };
    for (int other_first = 0; other_first < 2; other_first++)
      for (size_t o = 0; o < sizeof orders / sizeof *orders; o++)
        for (int ask = -1; ask <= 1; ask++) {   /* the last heap made, the first not, and one before */
          uint32_t top = limit - 1 + (uint32_t)(ask == 1) - (uint32_t)(ask == -1) * 5;
          cg_sub_memo *m = cg_sub_memo_new();
          cg_store *at;
          const cg_id *v;
          uint32_t done = 0;
          if (m && other_first) cg_sub_memo_values(m, &other, limit + 20, work, NULL, &at, &v, NULL);
          for (int k = 0; m && k < 6 && orders[o][k]; k++) {
            uint32_t h = orders[o][k] * (o == 3 ? limit / 7 : 1);
            cg_sub_memo_values(m, &g, h < 2000 ? h : limit + 1, work, NULL, &at, &v, NULL);
          }
          rc = m ? cg_sub_memo_values(m, &g, top, work, NULL, &at, &v, &done) : CGT_NOMEM;
          int same = rc == (top < limit ? CGT_OK : CGT_LIMIT) && done == (top < limit ? top + 1 : limit);
          for (uint32_t k = 0; same && rc == CGT_OK && k <= top; k++) {
            cg_id x;
            same = cg_import(common, at, v[k], &x) == CGT_OK && x == want[k];
          }
          ok(same, "heap %u after %s, order %zu: %s, heaps made %u", top, other_first ? "another game" : "nothing",
             o, rc == CGT_OK ? "valued" : "over the budget", done);
          cg_sub_memo_free(m);
        }
    /* an interrupt drops what the memo kept: asked again, the same heaps */
    {
      cgt_stop stop_now = {.should_stop = NULL, .arg = NULL, .spent = 0, .stopped = 1};   /* stopped already */
      cg_sub_memo *m = cg_sub_memo_new();
      cg_store *at;
      const cg_id *v;
      uint32_t done = 0;
      if (m) cg_sub_memo_values(m, &g, limit / 3, work, NULL, &at, &v, NULL);
      rc = m ? cg_sub_memo_values(m, &g, limit - 1, work, &stop_now, &at, &v, NULL) : CGT_NOMEM;
      ok(rc == CGT_INTERRUPTED, "an interrupt ends the memo's work");
      rc = m ? cg_sub_memo_values(m, &g, limit, work, NULL, &at, &v, &done) : CGT_NOMEM;
      ok(rc == CGT_LIMIT && done == limit, "after it, heap %u is over the budget as on its own (made %u)", limit,
         done);
      cg_sub_memo_free(m);
    }
    /* cg_subtraction_board through a memo gives the id a memo of its own gives */
    {
      cg_sub_memo *m = cg_sub_memo_new();
      cg_id a, b;
      char heap[16];
      int same = m != NULL;
      for (uint32_t h = limit; same && h-- > limit - 3;) {
        snprintf(heap, sizeof heap, "%u", h);
        same = cg_subtraction_board(common, m, "subtraction{1,2,3|1,2}", heap, work, &a, err, sizeof err) == CGT_OK &&
               cg_subtraction_board(common, NULL, "subtraction{1,2,3|1,2}", heap, work, &b, err, sizeof err) ==
                   CGT_OK &&
               a == b && a == want[h];
      }
      ok(same, "cg_subtraction_board through a memo and alone agree on heaps %u..%u", limit - 3, limit - 1);
      cg_sub_memo_free(m);
    }
    cg_store_free(fresh);
    cg_store_free(common);
    free(run);
    free(want);
  }
  /* A large impartial game reaches the heap limit quickly (values repeat). */
  {
    cg_sub_period p;
    char text[64];
    snprintf(text, sizeof text, "subtraction{1..%d|1..%d}", SET, SET);
    cg_subtraction_parse(text, &g, err, sizeof err);
    ok(cg_subtraction_period(s, &g, CG_SUB_HEAP_MAX, CG_NO_BUDGET, &p) == CGT_OK && p.period == SET + 1 && p.proven &&
           p.searched == CG_SUB_HEAP_MAX,
       "%s to the heap limit: period %d", text, SET + 1);
  }
  cg_store_free(s);
  return tap_done();
}
