/*
** Partizan subtraction games (Fraenkel and Kotzig, "Partizan octal games:
** partizan subtraction games", IJGT 16, 1987): one heap of n counters; Left
** may take any amount of her set L, Right any amount of his set R.  The
** value of heap n is the canonical form of
**     { G(n-a) : a in L, a <= n  |  G(n-b) : b in R, b <= n },
** computed bottom-up in the store.
**
** Ruleset text: subtraction{L|R}, each set a comma-separated list of
** amounts and ranges a..b (either may be empty; whitespace anywhere between
** tokens), e.g. subtraction{1,2,3|1,2}, subtraction{1..4|2,5}.  A board is a
** heap size in decimal.
**
** Periodicity (cg_subtraction_period) is proven, never guessed:
**  - outcomes: whether Left (Right) wins moving first at heap n depends only
**    on the outcomes of the m = max(L u R) heaps below it once n >= m, so the
**    first repetition of a window of m outcomes proves the outcome sequence
**    periodic from there (the argument of Fraenkel and Kotzig);
**  - values, saltus 0: likewise, G(n) is a function of G(n-m..n-1) for
**    n >= m, so G(n+p) = G(n) on m consecutive heaps proves it for all
**    larger heaps;
**  - values, saltus a number s != 0: by the Number Translation Theorem
**    (Conway, On Numbers and Games, ch. 9; Siegel, Combinatorial Game
**    Theory, 2013, ch. II: G + s = {G^L + s | G^R + s} for a number s and a
**    game G not equal to a number), G(n+p) = G(n) + s on max(m, p)
**    consecutive heaps i.. proves it for all n >= i provided no G(n) with
**    i <= n < i + p is a number (by induction G(n) = G(n-p) + s is then
**    never a number, so the theorem applies at every later heap);
**  - one side without moves: G(n) = floor(n / min L) (or its negative with
**    min R), a count of moves, arithmetic-periodic with saltus 1 (or -1).
** A repetition seen on as many heaps but not covered by these (a saltus
** that is not a number, such as the ^^ of subtraction{1,2|1}, or numbers in
** the window) is reported as observed, not proven.
*/
#ifndef CGT_CORE_SUBTRACTION_H
#define CGT_CORE_SUBTRACTION_H

#include "../partizan/pgame.h"

/* The largest amount, the most amounts of one side and the largest heap.
** The functions below that take work_max stop past that many units
** charged to the store, counted from heap 0 in a store that holds nothing
** else (also when a cg_sub_memo kept some of them from earlier calls), so
** that the result does not depend on what was kept: values whose forms
** grow with the heap (subtraction{1,2,3|1,2}) cost more with every heap.
** The SQL functions pass CG_NO_BUDGET (no limit). */
#define CG_SUB_AMOUNT_MAX 1000u
#define CG_SUB_SET_MAX 64u
#define CG_SUB_HEAP_MAX 100000u

typedef struct cg_subtraction {
  uint32_t nl, nr;                  /* amounts of Left and of Right */
  uint16_t left[CG_SUB_SET_MAX];    /* increasing */
  uint16_t right[CG_SUB_SET_MAX];
  uint32_t m;                       /* the largest amount of either (0: no moves) */
} cg_subtraction;

/* 1 when a ruleset text names this family (it starts with "subtraction"). */
int cg_subtraction_is(const char *ruleset);

/* Parses subtraction{L|R}; CGT_SYNTAX with a message in err, such as
** "subtraction: bad set '1,,2'". */
cgt_rc cg_subtraction_parse(const char *text, cg_subtraction *g, char *err, size_t errlen);

/* Parses a heap size (decimal, surrounding whitespace allowed) of at most
** CG_SUB_HEAP_MAX; CGT_SYNTAX with a message in err. */
cgt_rc cg_subtraction_heap(const char *text, uint32_t *n, char *err, size_t errlen);

/* v[0..n] gets G(0..n); on failure *done (if not NULL) is how many were
** made.  The work is charged to the store's stop, and ends with CGT_LIMIT
** past work_max units (the SQL functions' is CG_SUB_WORK_MAX). */
cgt_rc cg_subtraction_values(cg_store *s, const cg_subtraction *g, uint32_t n, uint64_t work_max, cg_id *v,
                             uint32_t *done);

/*
** The values a connection keeps (one ruleset at a time, in a store of
** their own): heaps 0..n of g valued as one run from heap 0 under a budget
** of work_max units would value them, however the heaps were asked for
** before, so the result (values, or the failure and the heaps made before
** it) is a function of g, n and work_max alone.  Heaps made before cost
** nothing.  stop decides interrupts (an interrupt or a failed allocation
** drops the values kept).  On success *store and *v give the values
** v[0..n] (valid until the next call on m); *done (if not NULL) is how
** many heaps are made.
*/
typedef struct cg_sub_memo cg_sub_memo;
cg_sub_memo *cg_sub_memo_new(void);
void cg_sub_memo_free(cg_sub_memo *m);
cgt_rc cg_sub_memo_values(cg_sub_memo *m, const cg_subtraction *g, uint32_t n, uint64_t work_max, cgt_stop *stop,
                          cg_store **store, const cg_id **v, uint32_t *done);

/* The value of a board in store s: parses ruleset and heap, then values
** it through memo (NULL: a memo for this call only) and imports the value
** into s, so the result does not depend on what s or memo held before.
** CGT_SYNTAX and CGT_LIMIT (past work_max units) come with the cause in
** err. */
cgt_rc cg_subtraction_board(cg_store *s, cg_sub_memo *memo, const char *ruleset, const char *heap,
                            uint64_t work_max, cg_id *out, char *err, size_t errlen);

/* Outcome codes of heaps 0..n into o: bit 0 set when Left wins moving
** first, bit 1 when Right does (0 P, 1 L, 2 R, 3 N). */
#define CG_SUB_LEFT_FIRST 1u
#define CG_SUB_RIGHT_FIRST 2u
cgt_rc cg_subtraction_outcomes(cg_store *s, const cg_subtraction *g, uint32_t n, uint8_t *o);

/* What the period search found (period 0: nothing).  A value period is
** proven, or merely observed on a window of the length a proof would need. */
typedef struct cg_sub_period {
  uint32_t pre, period;      /* values: G(n + period) = G(n) + saltus for n >= pre */
  cg_id saltus;
  int proven;
  uint32_t searched;         /* the values known: heaps 0..searched */
  cgt_rc stopped;            /* why the values end before n_max (CGT_OK: they do not) */
  uint32_t opre, operiod;    /* the outcome sequence, proven when operiod > 0 */
} cg_sub_period;

/* Searches heaps 0..n_max.  Values that cannot be made (a game nested too
** deep, a number past the limits, a budget of work_max units) end the
** value search there (stopped); the search for their period has a budget
** of work_max units too, and reports what it found by then; an interrupt
** or a failed allocation ends the call. */
cgt_rc cg_subtraction_period(cg_store *s, const cg_subtraction *g, uint32_t n_max, uint64_t work_max,
                             cg_sub_period *out);

#endif
