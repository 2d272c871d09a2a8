/*
** Built-in partizan rulesets: the canonical value of a board.
**
**   hackenbush   a Blue-Red-Green Hackenbush string from the ground up:
**                L/B Left's (blue), R Right's (red), G/E green (either's);
**                cutting an edge drops every edge above it
**   cutcake      W x H: Left cuts vertically (splits W), Right horizontally
**                (splits H); closed form (Winning Ways): with a = floor(log2 W)
**                and b = floor(log2 H), floor(W/2^b) - 1 when a > b,
**                -(floor(H/2^a) - 1) when b > a, else 0
**   toetactics   3x3 board, cells x (Left's), o (Right's), . (empty): Left
**                puts x, Right o on an empty cell, but no move may make
**                three of the same mark in a row, column or diagonal
*/
#ifndef CGT_CORE_PRULES_H
#define CGT_CORE_PRULES_H

#include "../partizan/pgame.h"

/* The longest string.  A string that changes colour often is a number of
** as many bits as edges, and every prefix's value is kept: the worst case,
** LRLR..., takes time and memory quadratic in the length (20,000 edges:
** about 1.5 s and 80 MB). */
#define CG_HACKENBUSH_MAX 20000u
/* Green edges under another colour make values with many options, whose
** canonical forms are searched: past work_max units CGT_LIMIT, with the
** cause in err (the SQL functions pass CG_NO_BUDGET: no limit). */
cgt_rc cg_hackenbush_string(cg_store *s, const char *edges, uint64_t work_max, cg_id *out, char *err, size_t errlen);

cgt_rc cg_cutcake(cg_store *s, uint64_t w, uint64_t h, cg_id *out);
/* By search over all cuts (for tests): w, h small. */
cgt_rc cg_cutcake_search(cg_store *s, uint32_t w, uint32_t h, cg_id *out);

/* Boards are 9 cells row by row, rows optionally separated by '/'.  memo has
** CG_TOETACTICS_BOARDS entries, UINT32_MAX when unknown (kept between calls
** with the same store). */
#define CG_TOETACTICS_BOARDS 19683
cgt_rc cg_toetactics(cg_store *s, const char *board, cg_id *memo, cg_id *out, char *err, size_t errlen);

#endif
