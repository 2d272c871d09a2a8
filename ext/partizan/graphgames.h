/*
** Partizan games played on graphs (Winning Ways, ch. 2 and 7): Snort and
** Col on an undirected graph, Red-Blue-Green Hackenbush on a picture.
** Values are canonical games of a store (pgame.h).
**
** Both searches split a position into independent parts, value each part
** once per call (a table keyed by the part's set of vertices or edges) and
** add the parts' values.  Recursion is bounded by the depth of the game (at
** most CG_GRAPH_VERTICES or CG_HACKENBUSH_EDGES levels, each guarded by
** cg_descend); every step charges work to the store's stop.
*/
#ifndef CGT_CORE_GRAPHGAMES_H
#define CGT_CORE_GRAPHGAMES_H

#include "pgame.h"

/* The most vertices of one connected part of the uncoloured vertices of a
** Snort or Col position (a part is searched with 64-bit vertex sets). */
#define CG_GRAPH_VERTICES 64u
/* The most edges of one part of a Hackenbush picture hanging from the
** ground (the edges joined to each other other than through the ground)
** that has a blue or red edge; green-only parts have no limit. */
#define CG_HACKENBUSH_EDGES 128u

/* The colours of vertices and edges: Left's (blue), Right's (red); in
** Hackenbush CG_GREEN is an edge either player may cut. */
enum { CG_UNCOLOURED = 0, CG_BLUE = 1, CG_RED = 2, CG_GREEN = 3 };

/* The value of Snort (col = 0) or Col (col = 1) on the graph of n vertices
** with edges edges[2i] - edges[2i+1] (i < m; repeated edges count once,
** loops are ignored), each vertex v coloured colour[v] (CG_UNCOLOURED,
** CG_BLUE or CG_RED; colour may be NULL: none is).  Left colours a vertex
** blue, Right red; in Col no vertex may be coloured like a neighbour, in
** Snort unlike one.  CGT_LIMIT, with the part's size in *big, when a
** connected part of the playable vertices has more than CG_GRAPH_VERTICES. */
cgt_rc cg_snort_col(cg_store *s, int col, uint32_t n, const uint32_t *edges, size_t m, const uint8_t *colour,
                    cg_id *out, uint32_t *big);

/* The value of the Hackenbush picture of n nodes whose edge i joins
** edges[2i] and edges[2i+1] (loops and parallel edges allowed) and has
** colour who[i] (CG_BLUE: Left cuts it, CG_RED: Right, CG_GREEN: either),
** rooted at ground: an edge no longer joined to the ground falls.  Parts
** with green edges only are valued by cgt_green_hackenbush (charging st);
** CGT_LIMIT, with the part's edge count in *big, when another part has
** more than CG_HACKENBUSH_EDGES edges. */
cgt_rc cg_hackenbush(cg_store *s, uint32_t n, const uint32_t *edges, const uint8_t *who, size_t m, uint32_t ground,
                     cg_id *out, uint32_t *big, cgt_stop *st);

/* ---- shared by the two searches: the table of values of parts ---- */

/* Keys are four words (a part's sets and which part of the input it is
** in); values are ids of the store. */
typedef struct cg_part_table cg_part_table;
cg_part_table *cg_part_table_new(void);
void cg_part_table_free(cg_part_table *t);
int cg_part_find(const cg_part_table *t, const uint64_t key[4], cg_id *v);
/* Past CG_PART_TABLE_MAX entries the table starts afresh (a cache only). */
cgt_rc cg_part_put(cg_part_table *t, const uint64_t key[4], cg_id v);
#define CG_PART_TABLE_MAX (1u << 20)

#endif
