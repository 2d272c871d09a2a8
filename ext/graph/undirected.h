/*
** Games on undirected multigraphs given as rows u - v (parallel edges and
** loops allowed; every row is its own edge).
*/
#ifndef CGT_CORE_UNDIRECTED_H
#define CGT_CORE_UNDIRECTED_H

#include "../core/common.h"

/* The nim value of the Green Hackenbush picture with edges rows[2i] -
** rows[2i+1] (nodes below n) rooted at ground: edges cut off from the
** ground fall.  The fusion principle collapses each 2-edge-connected part
** into one vertex whose edges become loops (each worth *1); the bridges then
** form a tree, valued by the colon principle (a branch is worth its
** subtree's value + 1).  Linear time. */
cgt_rc cgt_green_hackenbush(uint32_t n, const uint32_t *rows, size_t m, uint32_t ground, uint64_t *value,
                            cgt_stop *st);

/* Undirected vertex geography from start: the token starts on start and
** moves to an adjacent unvisited vertex; who cannot move loses.  *wins is 1
** when the player to move wins: exactly when every maximum matching covers
** start (Fraenkel, Scheinerman and Ullman), decided with Edmonds' blossom
** algorithm (maximum matching with and without start, O(V^3)). */
cgt_rc cgt_geography_wins(uint32_t n, const uint32_t *rows, size_t m, uint32_t start, int *wins,
                          cgt_stop *st);

#endif
