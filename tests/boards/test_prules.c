/*
** Unit tests of the built-in partizan rulesets: known values, the cutcake
** closed form against search over all cuts, Blue-Red Hackenbush strings
** against Berlekamp's rule written here, and Toe-Tac-Tics boards.
*/
#include <stdlib.h>

#include "../../ext/partizan/pnotation.h"
#include "../../ext/boards/prules.h"
#include "../tap.h"

static cg_store *s;

/* A stop hook that says stop from the 100th poll on. */
static int count_poll(void *arg) { return ++*(int *)arg >= 100; }

#include "prints.h"

int main(void) {
  s = cg_store_new();
  char err[300];
  cg_id g;
  const struct { const char *edges, *want; } hb[] = {
      {"LLRL", "7/4"}, {"lrlrrllr", "77/128"}, {"GGGGGGG", "*7"}, {"", "0"}, {"RRR", "-3"}, {"LRG", "1/2*"}};
  for (size_t i = 0; i < sizeof hb / sizeof *hb; i++)
    ok(cg_hackenbush_string(s, hb[i].edges, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK && prints(g, hb[i].want),
       "hackenbush '%s' = %s", hb[i].edges, hb[i].want);
  ok(cg_hackenbush_string(s, "LXR", CG_NO_BUDGET, &g, err, sizeof err) == CGT_SYNTAX && strstr(err, "bad edge 'X' at position 2"),
     "a bad edge is named: %s", err);
  ok(cg_hackenbush_string(s, "L\xc3\xa9", CG_NO_BUDGET, &g, err, sizeof err) == CGT_SYNTAX &&
         strstr(err, "bad edge 0xC3 at position 2") && !strchr(err, '\xc3'),
     "a byte outside ASCII is named in hex, the message stays UTF-8: %s", err);

  /* A green string of the limit's length is *20000 at once: every step
  ** used to search the canonical form of k nimber options (500 edges took
  ** 90 s); a stop that fires after 100 polls catches a relapse. */
  {
    char *green = malloc(CG_HACKENBUSH_MAX + 1);
    int polls = 0;
    cgt_stop budget = {.should_stop = count_poll, .arg = &polls, .spent = 0, .stopped = 0};
    memset(green, 'G', CG_HACKENBUSH_MAX);
    green[CG_HACKENBUSH_MAX] = 0;
    cg_store_set_stop(s, &budget);
    ok(cg_hackenbush_string(s, green, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK && prints(g, "*20000"),
       "a green string of %u edges is *%u within the budget", CG_HACKENBUSH_MAX, CG_HACKENBUSH_MAX);
    ok(cg_hackenbush_string(s, "GGGGE", CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK && prints(g, "*5"), "GGGGE = *5");
    ok(cg_hackenbush_string(s, "GGL", CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK && prints(g, "{0,*,*2|0,*}"),
       "GGL: Left's cut of the blue top joins the options of *2");
    /* the same on a Blue-Red string, whose value x dominates its other options: x + *k */
    green[0] = 'L';
    ok(cg_hackenbush_string(s, green, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK &&
           prints(g, "1*19999"), "L and %u green edges: 1*%u within the budget", CG_HACKENBUSH_MAX - 1,
       CG_HACKENBUSH_MAX - 1);
    memcpy(green, "LRRL", 4);
    green[9] = 0;
    ok(cg_hackenbush_string(s, green, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK && prints(g, "3/8*5"),
       "LRRL and five green edges: 3/8*5");
    cg_store_set_stop(s, NULL);
    /* green edges under a blue one make a game of 2k + 1 options, whose
    ** canonical form is searched: past its work limit, an error saying so */
    memset(green, 'G', 300);
    strcpy(green + 300, "L");
    ok(cg_hackenbush_string(s, green, (uint64_t)1 << 20, &g, err, sizeof err) == CGT_LIMIT &&
           strstr(err, "a string of 301 edges takes over 1e+06 steps"),
       "300 green edges and a blue one past a budget of 2^20 steps: %s", err);
    ok(cg_hackenbush_string(s, green, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK,
       "the same within the default budget");
    free(green);
  }

  /* Blue-Red strings against Berlekamp's rule: the first run counts +-1 an
  ** edge; after it each edge adds +-1/2^k, k = 1, 2, ...  Every string up to
  ** 10 edges, and random ones of 200 and 1000 edges (400 under the
  ** sanitizers, where 1000 take seconds), whose values need numerators far
  ** beyond 64 bits. */
#ifdef __SANITIZE_ADDRESS__
  const int longest = 400;
#else
  const int longest = 1000;
#endif
  cg_bigs *B = cg_store_bigs(s);
  int bad = 0, count = 0;
  uint64_t rng = 12345;
  for (int len = 1; len <= longest; len = len < 10 ? len + 1 : len == 10 ? 200 : len == 200 ? longest : longest + 1) {
    int tries = len <= 10 ? 1 << len : len == 200 ? 20 : 2;
    for (int bits = 0; bits < tries; bits++) {
      char e[1001];
      for (int i = 0; i < len; i++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        e[i] = (len <= 10 ? bits >> i & 1 : rng >> 63) ? 'L' : 'R';
      }
      e[len] = 0;
      int64_t sign = e[0] == 'L' ? 1 : -1;
      int i = 1;
      cg_dyadic want = {sign, 0, 0}, step;
      while (i < len && e[i] == e[0]) want.num += sign, i++;
      for (uint32_t k = 1; i < len; i++, k++) {   /* the value halves its step each edge */
        cg_dyadic_make(B, e[i] == 'L' ? 1 : -1, 0, &step);
        cg_dyadic_ldexp(B, step, -(int32_t)k, &step);
        cg_dyadic_add(B, want, step, &want);
      }
      cg_dyadic got;
      cg_hackenbush_string(s, e, CG_NO_BUDGET, &g, err, sizeof err);
      bad += !cg_is_number(s, g, &got) || !cg_dyadic_eq(got, want);
      count++;
    }
  }
  is_int(bad, 0, "%d Blue-Red strings equal Berlekamp's rule", count);

  bad = 0;
  for (uint32_t w = 1; w <= 14; w++)
    for (uint32_t h = 1; h <= 14; h++) {
      cg_id a, b;
      cg_cutcake(s, w, h, &a);
      cg_cutcake_search(s, w, h, &b);
      bad += a != b;
    }
  is_int(bad, 0, "the cutcake closed form equals search over every cut up to 14x14");
  const struct { uint64_t w, h; const char *want; } cc[] = {{1, 8, "-7"}, {2, 8, "-3"}, {5, 8, "-1"}, {8, 8, "0"},
                                                           {1000000000, 3, "499999999"}};
  for (size_t i = 0; i < sizeof cc / sizeof *cc; i++)
    ok(cg_cutcake(s, cc[i].w, cc[i].h, &g) == CGT_OK && prints(g, cc[i].want), "cutcake %llux%llu = %s",
       (unsigned long long)cc[i].w, (unsigned long long)cc[i].h, cc[i].want);

  cg_id *memo = malloc(CG_TOETACTICS_BOARDS * sizeof *memo);
  for (int i = 0; i < CG_TOETACTICS_BOARDS; i++) memo[i] = UINT32_MAX;
  ok(cg_toetactics(s, ".........", memo, &g, err, sizeof err) == CGT_OK && prints(g, "*"), "the empty board is *");
  int legal = 0;
  for (int i = 0; i < CG_TOETACTICS_BOARDS; i++) legal += memo[i] != UINT32_MAX;
  is_int(legal, 11125, "valuing the empty board values every legal board");
  ok(cg_toetactics(s, ".x./xox/oxx", memo, &g, err, sizeof err) == CGT_OK && prints(g, "*"), ".x./xox/oxx is *");
  ok(cg_toetactics(s, "xxx......", memo, &g, err, sizeof err) == CGT_SYNTAX && strstr(err, "three in a row"),
     "a board with three in a row is refused");
  ok(cg_toetactics(s, "xo.", memo, &g, err, sizeof err) == CGT_SYNTAX && strstr(err, "has 3 cells"), "a short board");
  free(memo);
  cg_store_free(s);
  return tap_done();
}
