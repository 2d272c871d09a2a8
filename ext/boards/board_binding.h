/*
** The boards' binding as its files use it: the memos kept on the
** connection (board_cache.c), the partizan family's store and calls
** (partizan_binding.h), and the registration tables (board_family.c
** lists them).
*/
#ifndef CGT_BOARD_BINDING_H
#define CGT_BOARD_BINDING_H

#include "../partizan/partizan_binding.h"
#include "prules.h"
#include "search.h"
#include "subtraction.h"

/* The memo of Toe-Tac-Tics values for the store of cgt_conn_games (call
** that first); NULL when out of memory. */
cg_id *cgt_conn_toetactics(cgt_conn *conn);
/* The same for the transposition table of board rulesets (search.h). */
cg_board_table *cgt_conn_boards(cgt_conn *conn);
/* The values of the heaps of subtraction game ruleset kept for the
** connection (subtraction.h), one memo for each of the last few games
** asked for; NULL when out of memory. */
cg_sub_memo *cgt_conn_subtraction(cgt_conn *conn, const char *ruleset);

extern const cgt_function cgt_board_functions[], cgt_solve_functions[];
extern const cgt_table_function cgt_census_tables[];
extern const cgt_table_function cgt_game_graph_tables[];
extern const cgt_table_function cgt_winning_moves_tables[];

#endif
