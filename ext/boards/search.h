/*
** The value of a board of any ruleset of board.h, by one search written
** once: the sum of the values of its independent regions, each normalised
** and looked up in a transposition table before its options are searched.
*/
#ifndef CGT_CORE_BOARD_SEARCH_H
#define CGT_CORE_BOARD_SEARCH_H

#include "board.h"

/* The transposition table: normalised regions to values in one store (ids
** are only meaningful there, so clear it whenever the store is replaced). */
typedef struct cg_board_table cg_board_table;
cg_board_table *cg_board_table_new(void);
void cg_board_table_free(cg_board_table *t);
size_t cg_board_table_size(const cg_board_table *t);
/* The value of normalised region g of ruleset r in t (1), or 0 when absent. */
int cg_board_table_find(const cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *v);
/* Records v as the value of normalised region g of ruleset r, not yet in t. */
cgt_rc cg_board_table_put(cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id v);

/* The canonical value of g (t may be NULL: no table kept between calls). */
cgt_rc cg_board_value(cg_store *s, cg_board_table *t, const cg_rules *r, const cg_grid *g, cg_id *out);

/* Parses and values: CGT_SYNTAX with err for an unknown ruleset or a bad board. */
cgt_rc cg_board(cg_store *s, cg_board_table *t, const char *ruleset, const char *text, cg_id *out, char *err,
                size_t errlen);

#endif
