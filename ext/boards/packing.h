/*
** The game of a player's packing (board.h's cg_bounds): what he keeps of
** his areas, lone and other vulnerable moves, held or not, while the
** other breaks them, as counts the outcome search (solve.c) compares at
** every position (so defined here, to be inlined).
*/
#ifndef CGT_CORE_BOARD_PACKING_H
#define CGT_CORE_BOARD_PACKING_H

#include <stdint.h>

/* The moves a player makes from his areas, lone and other vulnerable
** moves, moving second, while the other spends each move taking an area,
** a lone move or two vulnerable ones: half the areas, both moves of each
** (an odd one left is as good as two vulnerable moves); a third of the
** vulnerable moves, half the lone ones, and one more when both leave some
** over (one move cannot take both).  Moving first, he takes first where
** that leaves most.  (tests/boards/test_packing.c checks both against
** the exact count of that game, by play.) */
static inline uint64_t cg_kept_second(uint64_t areas, uint64_t lone, uint64_t vuln) {
  if (areas % 2) areas--, vuln += 2;
  return areas + vuln / 3 + lone / 2 + (vuln % 3 && lone % 2);
}

static inline uint64_t cg_kept_first(uint64_t areas, uint64_t lone, uint64_t vuln) {
  uint64_t a = areas ? 2 + cg_kept_second(areas - 1, lone, vuln) : 0;
  uint64_t b = lone ? 1 + cg_kept_second(areas, lone - 1, vuln) : 0;
  uint64_t c = vuln ? 1 + cg_kept_second(areas, lone, vuln - 1) : 0;
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* The squares a player's packing takes from the other, at the least,
** moving second (held_second) or first, once he can move no more: four
** for each move he makes (his and one of the other's), and one for each
** held move the other breaks (its held square stays free).  Of the game of
** the packing alone (the other breaks an area, a lone move or two
** vulnerable ones, or plays elsewhere; the player makes one of his), played
** so that the player keeps his held moves for last: the moves kept, and
** of the held ones broken all but the share he keeps once the others are
** gone (a third of the vulnerable ones, an odd area left counting as two
** more; half the lone ones), one fewer when one move more is kept (both
** kinds leave some over).  Moving first, he makes the move that leaves most.
** (tests/boards/test_packing.c checks both against the exact value of that
** game, by play.) */
static inline uint64_t cg_held_second(uint64_t areas, uint64_t lone, uint64_t lone_held, uint64_t vuln, uint64_t vuln_held) {
  uint64_t v = vuln + (areas % 2 ? 2 : 0), kept = cg_kept_second(areas, lone, vuln);
  uint64_t keep_v = v / 3 - (v - vuln_held) / 3, keep_l = lone / 2 - (lone - lone_held) / 2;
  int64_t broken = (int64_t)(vuln_held - keep_v) + (int64_t)(lone_held - keep_l) - (v % 3 && lone % 2);
  return 4 * kept + (uint64_t)(broken > 0 ? broken : 0);
}

static inline uint64_t cg_held_first(uint64_t areas, uint64_t lone, uint64_t lone_held, uint64_t vuln, uint64_t vuln_held) {
  uint64_t best = 0, h;
  if (areas && (h = 8 + cg_held_second(areas - 1, lone, lone_held, vuln, vuln_held)) > best) best = h;
  if (lone > lone_held && (h = 4 + cg_held_second(areas, lone - 1, lone_held, vuln, vuln_held)) > best) best = h;
  if (lone_held && (h = 4 + cg_held_second(areas, lone - 1, lone_held - 1, vuln, vuln_held)) > best) best = h;
  if (vuln > vuln_held && (h = 4 + cg_held_second(areas, lone, lone_held, vuln - 1, vuln_held)) > best) best = h;
  if (vuln_held && (h = 4 + cg_held_second(areas, lone, lone_held, vuln - 1, vuln_held - 1)) > best) best = h;
  return best;
}

#endif
