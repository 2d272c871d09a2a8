/*
** Unit tests of partizan/palgebra.c and the walls of partizan/pthermo.c: known
** values (Winning Ways, CGSuite), the recursion bound, and interrupts that
** leave the store usable.
*/
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/palgebra.h"
#include "../../ext/partizan/pnotation.h"
#include "../../ext/partizan/puptimal.h"
#include "../tap.h"

static cg_store *s;
static cg_thermo *th;

static cg_id G(const char *text) {
  cg_id id;
  char err[200];
  if (cg_parse(s, text, &id, err, sizeof err) != CGT_OK) {
    printf("Bail out! cannot parse %s: %s\n", text, err);
    exit(1);
  }
  return id;
}

static cg_dyadic num(const char *text) {
  cg_dyadic x;
  if (!cg_is_number(s, G(text), &x)) {
    printf("Bail out! %s is not a number\n", text);
    exit(1);
  }
  return x;
}

/* Prints id into a static buffer. */
static const char *P(cg_id id) {
  static char buf[4][256];
  static int k;
  char *text;
  k = (k + 1) % 4;
  if (cg_print(s, id, &text) != CGT_OK) return "(print failed)";
  snprintf(buf[k], sizeof buf[k], "%s", text);
  cgt_free(text);
  return buf[k];
}

static int stop_always(void *arg) {
  (void)arg;
  return 1;
}

int main(void) {
  s = cg_store_new();
  th = cg_thermo_new();
  cg_id out;
  int yes;

  /* thermograph walls of {2|-1/2}: Left 3 - (t + 1) to 3/4 at 5/4 */
  cg_wall l, r;
  cg_dyadic mean, temp;
  ok(cg_thermograph_walls(s, th, G("{2|-1/2}"), &l, &r, &mean, &temp) == CGT_OK, "walls of {2|-1/2}");
  ok(l.n == 2 && r.n == 3 && cg_dyadic_eq(mean, num("3/4")) && cg_dyadic_eq(temp, num("5/4")),
     "two pieces on the left, three on the right, mean 3/4, temperature 5/4");
  ok(cg_dyadic_eq(l.v[0], num("3")) && l.slope[0] == -1 && cg_dyadic_eq(r.t[1], num("-1/2")) && r.slope[1] == 1,
     "Left's wall falls from 3; Right's rises from -1/2");

  /* cooling and heating */
  ok(cg_cool(s, th, G("{2|-2}"), num("1"), &out) == CGT_OK && out == G("+-1"), "+-2 cooled by 1 is +-1");
  ok(cg_cool(s, th, G("{2|-2}"), num("2"), &out) == CGT_OK && out == G("*"), "+-2 cooled by 2 is *");
  ok(cg_cool(s, th, G("{2|-1/2}"), num("5/4"), &out) == CGT_OK, "{2|-1/2} freezes");
  is_str(P(out), "3/4*", "{2|-1/2} frozen is 3/4*");
  ok(cg_cool(s, th, G("1"), num("-9/8"), &out) == CGT_RANGE, "cooling by less than -1 is refused");
  /* CGSuite's cooling by t >= -1 (its Cool; Siegel, CGT II.5): 1/4 = {0|1/2} */
  ok(cg_cool(s, th, G("1/4"), num("-1/8"), &out) == CGT_OK && out == G("1/4"), "1/4 cooled by -1/8 is 1/4");
  ok(cg_cool(s, th, G("1/4"), num("-1/4"), &out) == CGT_OK && out == G("1/4*"), "1/4 cooled by -1/4 is 1/4*");
  ok(cg_cool(s, th, G("1/4"), num("-3/8"), &out) == CGT_OK && out == G("{3/8|1/8}"), "by -3/8 it is {3/8|1/8}");
  ok(cg_cool(s, th, G("1"), num("-1"), &out) == CGT_OK && out == G("1"), "an integer stays itself, even cooled by -1");
  ok(cg_cool(s, th, G("1/2"), num("-1"), &out) == CGT_OK && out == G("{1|0}"), "1/2 = {0|1} cooled by -1 is {1|0}");
  ok(cg_heat(s, G("*"), G("1"), &out) == CGT_OK && out == G("+-1"), "* heated by 1 is +-1");
  ok(cg_overheat(s, G("3"), G("^"), G("1"), &out) == CGT_OK && out == G("^3"), "3 overheated from ^ is ^^^");
  ok(cg_ordinal_sum(s, G("1"), G("-1"), &out) == CGT_OK && out == G("1/2"), "1:-1 = 1/2");

  /* predicates */
  ok(cg_is_infinitesimal(s, G("^*"), &yes) == CGT_OK && yes, "^* is infinitesimal");
  ok(cg_is_infinitesimal(s, G("0"), &yes) == CGT_OK && yes, "0 is infinitesimal (between every negative and every "
     "positive number)");
  ok(cg_is_infinitesimal(s, G("1/64"), &yes) == CGT_OK && !yes, "1/64 is not");
  ok(cg_is_all_small(s, G("{0|^}"), &yes) == CGT_OK && yes, "{0|^} is all-small");
  ok(cg_is_all_small(s, G("{0||0|-1}"), &yes) == CGT_OK && !yes, "Tiny(1) is not all-small");
  ok(cg_temper(s, G("{2||1|0}"), &yes) == CGT_OK && yes == -1, "{2||1|0} has no temper");
  ok(cg_temper(s, G("{1|-1}"), &yes) == CGT_OK && yes == 1, "+-1 is odd-tempered");

  /* atomic weight, reduced canonical form, incentives (CGSuite's test cases) */
  int atomic_game;
  ok(cg_atomic_weight(s, G("^"), &out, &atomic_game) == CGT_OK && atomic_game && out == G("1"), "aw(^) = 1");
  ok(cg_atomic_weight(s, G("{^^^|vv}"), &out, &atomic_game) == CGT_OK && atomic_game && out == G("{1|0}"),
     "aw({^3|vv}) = {1|0}");
  ok(cg_atomic_weight(s, G("{1|^^^||^}"), &out, &atomic_game) == CGT_OK && !atomic_game,
     "{1|^3||^} is infinitesimal but not atomic");
  ok(cg_atomic_weight(s, G("1*"), &out, &atomic_game) == CGT_OK && !atomic_game, "1* is not atomic");
  ok(cg_rcf(s, G("{3||2*|1*}"), &out) == CGT_OK && out == G("{3||2|1}"), "rcf({3||2*|1*}) = {3||2|1}");
  cg_id *inc;
  uint32_t ninc;
  ok(cg_incentives(s, G("v*"), 0, &inc, &ninc) == CGT_OK && ninc == 2, "v* has two Right incentives");
  ok(cg_sort_games(s, inc, ninc) == CGT_OK && inc[0] == G("v") && inc[1] == G("v*"), "v and v*, in CGSuite's order");
  cgt_free(inc);
  ok(cg_incentives(s, G("0"), 1, &inc, &ninc) == CGT_OK && ninc == 0, "0 has no incentives");
  cgt_free(inc);

  /* uptimal expansions: ^[3] = *.111, v<2>* = *.0-1 */
  cg_uptimal *u = cg_uptimal_new(s);
  cg_expansion e;
  int found;
  ok(u && cg_uptimal_of(u, G("^[3]"), &found, &e) == CGT_OK && found && e.len == 3 && e.a[0] == 1 && e.a[1] == 1 &&
     e.a[2] == 1 && e.star == 0, "^[3] is .111");
  ok(cg_uptimal_of(u, G("v<2>*"), &found, &e) == CGT_OK && found && e.len == 2 && e.a[0] == 0 && e.a[1] == -1 &&
     e.star == 1, "v<2>* is *.0(-1)");
  ok(cg_uptimal_of(u, G("{2|-1/2}"), &found, &e) == CGT_OK && !found, "{2|-1/2} is no uptimal");
  cg_uptimal_free(u);

  /* recursion bound: 5000 = {4999|}, and so on down, is too deep to sum ordinally */
  ok(cg_ordinal_sum(s, G("1"), G("5000"), &out) == CGT_TOODEEP, "G:5000 is too deep (CG_DEPTH_MAX)");
  ok(cg_ordinal_sum(s, G("1"), G("50"), &out) == CGT_OK && out == G("51"), "1:50 = 51, and the store goes on");

  /* interrupts: a hot sum, stopped at the first poll, then the same call runs to its end */
  cg_id hot = G("{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}+{9|-9}+{10|-10}+{11|-11}");
  cg_id one = G("1"), far = G("{*300|0}");   /* ({*3000|0} took 0.6 s to build under the sanitizers) */
  cgt_stop st = {.should_stop = stop_always, .arg = NULL, .spent = CGT_STOP_QUANTUM, .stopped = 0};
  cg_store_set_stop(s, &st);
  ok(cg_heat(s, hot, one, &out) == CGT_INTERRUPTED, "heating stops on interrupt");
  ok(cg_rcf(s, hot, &out) == CGT_INTERRUPTED, "rcf stops on interrupt");
  ok(cg_incentives(s, hot, 1, &inc, &ninc) == CGT_INTERRUPTED, "incentives stop on interrupt");
  ok(cg_atomic_weight(s, far, &out, &atomic_game) == CGT_INTERRUPTED, "the atomic weight stops on interrupt");
  cg_store_set_stop(s, NULL);
  cg_id a, b;
  ok(cg_heat(s, hot, G("1"), &a) == CGT_OK && cg_cool(s, th, a, num("1"), &b) == CGT_OK, "then runs to its end");
  ok(cg_cool(s, th, hot, num("0"), &out) == CGT_OK && out == hot, "cooling by 0 is the identity");
  ok(cg_atomic_weight(s, far, &out, &atomic_game) == CGT_OK && atomic_game && out == G("-1"),
     "aw({*300|0}) = -1 once uninterrupted");

  cg_thermo_free(th);
  cg_store_free(s);
  return tap_done();
}
