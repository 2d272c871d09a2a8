/*
** The boards: board rulesets (Domineering, Clobber, Toads and Frogs, and
** the built-in Toe-Tac-Tics, Hackenbush strings and Cutcake), partizan
** subtraction games, the census of a ruleset's boards, and the game graphs
** of boards and heap rules.  cgt.c lists it.
*/
#include "board_binding.h"

const cgt_family cgt_board_family = {
    "boards", (const cgt_function *const[]){cgt_board_functions, cgt_solve_functions, NULL},
    (const cgt_table_function *const[]){cgt_census_tables, cgt_game_graph_tables, cgt_winning_moves_tables, NULL}};
