/*
** The game of a player's packing (board.h's cg_bounds): what he keeps of
** his areas, lone and other vulnerable moves, held or not, while the
** other breaks them, as counts the outcome search (solve.c) compares.
*/
#ifndef CGT_CORE_BOARD_PACKING_H
#define CGT_CORE_BOARD_PACKING_H

#include <stdint.h>

/* The moves he makes from them, moving second or first. */
uint64_t cg_kept_second(uint64_t areas, uint64_t lone, uint64_t vuln);
uint64_t cg_kept_first(uint64_t areas, uint64_t lone, uint64_t vuln);

/* The squares they take from the other, at the least, moving second or
** first: four a move made, one a held move broken (lone_held of the lone
** moves and vuln_held of the vulnerable ones are held). */
uint64_t cg_held_second(uint64_t areas, uint64_t lone, uint64_t lone_held, uint64_t vuln, uint64_t vuln_held);
uint64_t cg_held_first(uint64_t areas, uint64_t lone, uint64_t lone_held, uint64_t vuln, uint64_t vuln_held);

#endif
