/*
** Unit tests of the loopy games (loopy.h): graph tests, the survival
** table, canonical stoppers (two different graphs of one stopper give one
** graph), sides by edge deletion, the printed forms and a low memory limit.
*/
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/loopy.h"
#include "../../ext/partizan/pplay.h"
#include "../tap.h"

static cg_store *S;

/* A graph from a list of edges "from to side" (side 0 Left, 1 Right), root 0. */
static lg_graph graph(uint32_t n, const uint32_t (*e)[3], uint32_t m) {
  lg_builder *b = lg_builder_new(S);
  uint32_t v;
  for (uint32_t i = 0; i < n; i++) lg_vertex(b, &v);
  for (uint32_t i = 0; i < m; i++) lg_edge(b, e[i][0], e[i][1], (int)e[i][2]);
  lg_graph g = {0};
  if (lg_build(b, 0, &g)) abort();
  lg_builder_free(b);
  return g;
}

/* The printed value of text ("error" when it fails). */
static char printed[512];
static const char *show(const char *text) {
  lg_value x;
  char err[200], *out = NULL;
  if (lv_parse(S, text, &x, err, sizeof err) || lv_print(S, &x, &out)) return "error";
  strncpy(printed, out, sizeof printed - 1);
  cgt_free(out);
  lv_free(&x);
  return printed;
}

static const char *outcome(const char *text) {
  lg_value x;
  char err[200];
  int cls;
  if (lv_parse(S, text, &x, err, sizeof err) || lv_outcome(S, &x, &cls)) return "error";
  lv_free(&x);
  return cg_play_class_name(cls);
}

int main(void) {
  S = cg_store_new();
  /* on = {pass |}, over = {0 | pass}, dud = {pass | pass}, and a 2-cycle a{{|a}|} */
  lg_graph on = graph(1, (const uint32_t[][3]){{0, 0, 0}}, 1);
  lg_graph over = graph(2, (const uint32_t[][3]){{0, 1, 0}, {0, 0, 1}}, 2);
  lg_graph dud = graph(1, (const uint32_t[][3]){{0, 0, 0}, {0, 0, 1}}, 2);
  lg_graph two = graph(2, (const uint32_t[][3]){{0, 1, 0}, {1, 0, 1}}, 2);
  ok(lg_test(&on, LG_STOPPER) == 1 && lg_test(&on, LG_PLUMTREE) == 1 && lg_test(&on, LG_LOOPFREE) == 0,
     "on: a stopper and a plumtree, not loopfree");
  ok(lg_test(&dud, LG_STOPPER) == 0, "dud: no stopper (Left and Right pass for ever)");
  ok(lg_test(&two, LG_STOPPER) == 0 && lg_test(&two, LG_PLUMTREE) == 0, "a{{|a}|}: an alternating 2-cycle");
  uint8_t t[4];
  ok(lg_le_table(S, &over, &over, LG_SURVIVE, t) == CGT_OK && t[0] && !t[1] && t[2] && t[3],
     "survival table of over: 0 <= over, not over <= 0");
  int le = -1;
  ok(lg_le(S, &on, &over, LG_SURVIVE, &le) == CGT_OK && le == 0, "on is not <= over");
  ok(lg_le(S, &over, &on, LG_SURVIVE, &le) == CGT_OK && le == 1, "over <= on");
  ok(lg_le(S, &dud, &on, LG_ONSIDE, &le) == CGT_OK && le == 1, "onside of dud <= on");
  ok(lg_le(S, &on, &dud, LG_ONSIDE, &le) == CGT_OK && le == 1, "on <= onside of dud");
  ok(lg_le(S, &over, &dud, LG_OFFSIDE, &le) == CGT_OK && le == 0, "over is not <= the offside of dud (off)");
  int stopper = -1;
  lg_graph d2;
  lg_copy(&dud, &d2);
  ok(lg_side(S, &d2, 1, &stopper) == CGT_OK && stopper == 1 && lg_same(&d2, &on), "the onside of dud is on");
  lg_free(&d2);

  /* Two graphs of one stopper: {pass, 0 |} and {pass |}, and 1over made as
  ** {1 | pass} and as 1 + over, canonicalise to identical graphs. */
  lg_graph a = graph(2, (const uint32_t[][3]){{0, 0, 0}, {0, 1, 0}}, 2);
  ok(lg_canonical(S, &a) == CGT_OK && lg_same(&a, &on), "{pass, 0 |} is on, the same graph");
  ok(!strcmp(show("{1|pass}"), "1over") && !strcmp(show("1 + over"), "1over"), "{1|pass} and 1 + over print 1over");
  lg_value x, y;
  char err[200];
  ok(lv_parse(S, "{1|pass}", &x, err, sizeof err) == CGT_OK && lv_parse(S, "over+1", &y, err, sizeof err) == CGT_OK &&
         lv_equal(&x, &y),
     "... and are equal as values (identical canonical graphs)");
  lv_free(&x);
  lv_free(&y);

  /* printing and the nine classes (Winning Ways, ch. 11) */
  is_str(show("{pass|pass}"), "dud", "{pass|pass} is dud");
  is_str(show("on + off"), "dud", "on + off is dud");
  is_str(show("over - over"), "over & under", "over - over is over & under");
  is_str(show("{pass|*}"), "^[on]", "{pass|*} is upon, printed ^[on]");
  is_str(show("{0|v[on]*}"), "^<on>", "{0|v[on]*} is ^<on>");
  is_str(show("x{0||||0|||x|*||*}"), "a{0||||0|||a|*||*}", "a 4-cycle keeps its label");
  is_str(show("{0|{0|pass}}"), "over", "{0|over} is over");
  is_str(outcome("dud"), "D", "dud draws");
  is_str(outcome("on & 0"), "PHat", "on & 0: Left first draws, Right first loses");
  is_str(outcome("{1|-1} & off"), "NCheck", "{1|-1} & off: NCheck");
  is_str(show("over & 1"), "error", "over & 1: the offside must be <= the onside");
  is_str(show("pass"), "error", "a bare pass is an error");
  is_str(show("{0|pass+1}"), "error", "pass in a sum is an error");

  /* stops are pseudonumbers */
  lg_pseudo p;
  ok(lv_parse(S, "3/2over", &x, err, sizeof err) == CGT_OK && lv_stop(S, &x, 1, &p) == CGT_OK && p.tilt == 1 &&
         !p.inf,
     "the left stop of 3/2over is 3/2over");
  lv_free(&x);

  /* memory: a table past the stop's limit is CGT_MEMORY, with nothing left held */
  cgt_stop st = {0};
  st.memory = 1000;
  cg_store_set_stop(S, &st);
  ok(lv_parse(S, "60over", &x, err, sizeof err) == CGT_MEMORY && st.held == 0,
     "a canonical form past the memory limit: CGT_MEMORY, nothing held");
  cg_store_set_stop(S, NULL);

  lg_free(&on);
  lg_free(&over);
  lg_free(&dud);
  lg_free(&two);
  lg_free(&a);
  cg_store_free(S);
  return tap_done();
}
