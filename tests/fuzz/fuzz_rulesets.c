/*
** libFuzzer harness: the boards of surreal_value's built-in rulesets
** (prules.c) and of cg_board (ext/boards/).  The first byte chooses the ruleset:
** hackenbush strings, toetactics boards (with a memo kept between the
** boards of one input), cutcake W x H (two 64-bit numbers from the input),
** domineering, clobber and toadsfrogs boards, and subtraction games
** ("subtraction" + the first line, the heap on the second).  Every value
** must print and parse back to itself, the outcome search of a board must
** agree with its value (and cg_solver_outcome with it), and the periods a subtraction game's
** search reports must hold on the heaps searched.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/partizan/pnotation.h"
#include "../../ext/boards/prules.h"
#include "../../ext/boards/rulesets.h"
#include "../../ext/boards/search.h"
#include "../../ext/boards/solve.h"
#include "../../ext/boards/subtraction.h"
#include "fuzz_budget.h"

static void roundtrip(cg_store *s, cg_id g, const char *what) {
  char *printed = NULL, err[256];
  if (cg_print(s, g, &printed) != CGT_OK) return;
  cg_id h;
  cgt_rc rc = cg_parse(s, printed, &h, err, sizeof err);
  if (rc == CGT_SYNTAX || (rc == CGT_OK && h != g)) {
    fprintf(stderr, "%s printed as '%s', which does not parse back to it\n", what, printed);
    abort();
  }
  cgt_free(printed);
}

/* A subtraction game: its value, and its periods checked on the heaps searched. */
static void subtraction(cg_store *s, char *text) {
  char ruleset[128], err[256], *heap = strchr(text, '\n');
  if (!heap) return;
  *heap++ = 0;
  snprintf(ruleset, sizeof ruleset, "subtraction%s", text);
  cg_id g;
  if (cg_subtraction_board(s, NULL, ruleset, heap, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK) roundtrip(s, g, ruleset);
  cg_subtraction game;
  uint32_t n;
  if (cg_subtraction_parse(ruleset, &game, err, sizeof err) || cg_subtraction_heap(heap, &n, err, sizeof err)) return;
  n %= 2001;
  cg_sub_period p;
  cg_id *v = malloc((n + 1) * sizeof *v);
  uint8_t *o = malloc(n + 1);
  if (v && o && cg_subtraction_period(s, &game, n, CG_NO_BUDGET, &p) == CGT_OK &&
      cg_subtraction_outcomes(s, &game, n, o) == CGT_OK) {
    for (uint32_t k = p.opre; p.operiod && k + p.operiod <= n; k++)
      if (o[k] != o[k + p.operiod]) {
        fprintf(stderr, "%s: outcome period %u from %u fails at heap %u\n", ruleset, p.operiod, p.opre, k);
        abort();
      }
    if (p.period && p.proven && cg_subtraction_values(s, &game, p.searched, CG_NO_BUDGET, v, NULL) == CGT_OK)
      for (uint32_t k = p.pre; k + p.period <= p.searched; k++) {
        cg_id t;
        if (cg_add(s, v[k], p.saltus, &t) == CGT_OK && t != v[k + p.period]) {
          fprintf(stderr, "%s: value period %u from %u fails at heap %u\n", ruleset, p.period, p.pre, k);
          abort();
        }
      }
  }
  free(v);
  free(o);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (size < 1) return 0;
  unsigned which = data[0] % 8;
  data++, size--;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  cg_store *s = cg_store_new();
  cg_id *memo = malloc(CG_TOETACTICS_BOARDS * sizeof *memo);
  if (!s || !memo) goto out;
  long start;
  cgt_stop stop = fuzz_budget(&start);
  cg_store_set_stop(s, &stop);
  for (size_t i = 0; i < CG_TOETACTICS_BOARDS; i++) memo[i] = UINT32_MAX;
  char err[256];
  cg_id g;
  if (which == 0) {
    /* The values of strings with green edges grow quickly with the length
    ** (21 edges take seconds): the time budget ends those. */
    if (cg_hackenbush_string(s, text, CG_NO_BUDGET, &g, err, sizeof err) == CGT_OK) roundtrip(s, g, "hackenbush string");
  } else if (which == 1) {
    /* Several boards separated by newlines share the memo. */
    for (char *line = text, *next; line; line = next) {
      next = strchr(line, '\n');
      if (next) *next++ = 0;
      if (cg_toetactics(s, line, memo, &g, err, sizeof err) == CGT_OK) roundtrip(s, g, "toetactics board");
    }
  } else if (which >= 6) {
    subtraction(s, text);
  } else if (which >= 3) {
    /* The board rulesets of cg_board, with a transposition table per
    ** input; the outcome search (solve.h) must agree with the value. */
    static const char *const names[] = {"domineering", "clobber", "toadsfrogs"};
    cg_board_table *table = cg_board_table_new();
    if (table && cg_board(s, table, names[which - 3], text, &g, err, sizeof err) == CGT_OK) {
      roundtrip(s, g, names[which - 3]);
      const cg_rules *r = cg_rules_find(names[which - 3]);
      cg_grid board;
      cg_id zero;
      int le[2], win[2] = {-1, -1};
      cg_solver *x = cg_solver_new(s, table, r, 1 << 20);
      if (x && cg_board_parse(r, text, &board, err, sizeof err) == CGT_OK && cg_integer(s, 0, &zero) == CGT_OK &&
          cg_le(s, g, zero, &le[0]) == CGT_OK && cg_le(s, zero, g, &le[1]) == CGT_OK &&
          cg_solver_wins(x, &board, 1, 0, &win[0]) == CGT_OK && cg_solver_wins(x, &board, 1, 1, &win[1]) == CGT_OK &&
          (win[0] == le[0] || win[1] == le[1])) {
        fprintf(stderr, "%s '%s': the search says %d %d, the value otherwise\n", r->name, text, win[0], win[1]);
        abort();
      }
      cg_solver_free(x);
      /* Both players' searches at once (on two threads past 30 cells), or
      ** Left's alone when the board is its own negative: the same. */
      int both[2] = {-1, -1};
      if (win[0] >= 0 && win[1] >= 0 && cg_solver_outcome(s, table, r, 1 << 20, &board, 1, both) == CGT_OK &&
          (both[0] != win[0] || both[1] != win[1])) {
        fprintf(stderr, "%s '%s': cg_solver_outcome says %d %d, cg_solver_wins %d %d\n", r->name, text, both[0],
                both[1], win[0], win[1]);
        abort();
      }
    }
    cg_board_table_free(table);
  } else {
    uint64_t w = 0, h = 0;
    memcpy(&w, data, size < 8 ? size : 8);
    if (size > 8) memcpy(&h, data + 8, size - 8 < 8 ? size - 8 : 8);
    if (size > 16 && data[16] & 1) w %= 64, h %= 64;  /* small cakes, checked against search */
    if (w && h && cg_cutcake(s, w, h, &g) == CGT_OK) {
      roundtrip(s, g, "cutcake");
      cg_id g2;
      if (w <= 12 && h <= 12 && cg_cutcake_search(s, (uint32_t)w, (uint32_t)h, &g2) == CGT_OK && g2 != g) {
        fprintf(stderr, "cutcake %llux%llu: closed form differs from search\n", (unsigned long long)w,
                (unsigned long long)h);
        abort();
      }
    }
  }
out:
  free(memo);
  if (s) cg_store_free(s);
  free(text);
  return 0;
}
