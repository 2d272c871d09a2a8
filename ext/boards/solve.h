/*
** Who wins a sum of boards, by search: one solver for every ruleset of
** board.h (MCGS's idea: minimax search on a sum that uses combinatorial
** game theory).
**
** A position is a sum of independent regions plus one canonical short
** game: the sum of the values of the regions small enough to be valued
** (the ruleset's size hook; each put in its canonical orientation by
** board.h's symmetries, its value from the connection's table of regions,
** search.h).  A move changes one region, or plays in that value.  The
** search is negamax on win or loss with:
**   - a transposition table keyed by a 128-bit hash of the sum (the
**     multiset of regions, the value and the player to move; a sum and
**     its negative with the other player to move share an entry), grown
**     as it fills up to the bytes allowed, two entries a bucket, the one
**     with less work under it replaced;
**   - the ruleset's bounds (safe moves against the most moves left, as in
**     Obsequi) deciding positions without search;
**   - the ruleset's order of moves (the best chosen as the search comes
**     to it);
**   - optionally a table of results shared with searches on other threads
**     (cg_solver_share), keyed by a hash of the value's canonical form
**     rather than by its id in a store.
** Recursion is bounded by cg_descend; every node charges the store's stop.
*/
#ifndef CGT_CORE_BOARD_SOLVE_H
#define CGT_CORE_BOARD_SOLVE_H

#include "search.h"

typedef struct cg_solver cg_solver;

/* A solver for sums of boards of ruleset r, valuing regions in s with the
** table t (kept by the caller), its transposition table at most tt_bytes;
** NULL when out of memory. */
cg_solver *cg_solver_new(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes);
void cg_solver_free(cg_solver *x);

/* Whether the player to move (right: Right, else Left) wins the sum of
** the n boards (*win 1) or loses (0).  The transposition table is kept
** between calls on the same solver. */
cgt_rc cg_solver_wins(cg_solver *x, const cg_grid *boards, uint32_t n, int right, int *win);

/* cg_solver_wins on a solver made for the call, its tables at most
** tt_bytes in all.  Where there are threads and the sum has 30 cells or
** more, a helper (CG_PAIR_HELPER) searches it meanwhile on a second thread
** with a store, table of regions and stop of its own (t is the calling
** thread's alone; half the memory of s's stop), sharing a table with the
** calling thread's search; the calling thread stops it when its own stop
** says so (polled every 2 ms once its search is over).  Without threads or
** the memory for the shared table, one search. */
cgt_rc cg_solve_once(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                     uint32_t n, int right, int *win);

/* Whether Left (win[0]) and Right (win[1]) moving first win the sum of the
** n boards, with tables of at most tt_bytes in all.  When both have the
** same outcome (an impartial ruleset, or one board that a symmetry
** negating its value maps onto itself, as empty square Domineering),
** Left's search alone answers (cg_solve_once).  Else, where there are
** threads and the sum has 30 cells or more, Right's search runs on a
** second thread meanwhile, as a helper would, the two sharing a table
** (CG_SHARES).  Elsewhere one solver searches both. */
cgt_rc cg_solver_outcome(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes, const cg_grid *boards,
                         uint32_t n, int win[2]);

/* A table of results that searches on several threads share (bytes: its
** size, rounded down to a power of two, at least 64); NULL when out of
** memory. */
typedef struct cg_shared cg_shared;
cg_shared *cg_shared_new(uint64_t bytes);
void cg_shared_free(cg_shared *sh);
/* Makes x read and write sh, in the role given: CG_SHARES only reads and
** writes it; CG_PAIR_MAIN and CG_PAIR_HELPER search the same sum at once,
** the helper taking a position's later moves from the last, and each
** stops when the other has its answer (cg_solver_wins then gives it). */
enum { CG_SHARES, CG_PAIR_MAIN, CG_PAIR_HELPER };
void cg_solver_share(cg_solver *x, cg_shared *sh, int role);

/* Positions searched so far (nodes), and positions decided by bounds. */
uint64_t cg_solver_nodes(const cg_solver *x);

#endif
