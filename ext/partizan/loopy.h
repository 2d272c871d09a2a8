/*
** Loopy partizan games (Winning Ways ch. 11; Siegel, Combinatorial Game
** Theory ch. VI; CGSuite's CanonicalStopper and StopperSidedValue).
**
** A loopy game is a finite bigraph: vertices with Left and Right edges,
** and a start vertex.  Short games are expanded into vertices (a number n
** costs about |n| + the bits of its denominator vertices), so every
** algorithm here sees one kind of graph.
**
** A *stopper* has no infinite alternating play below it.  Its canonical
** form (no dominated or reversible option, no two equal vertices) is
** unique up to isomorphism; colour refinement then numbers its vertices
** canonically, so equal stoppers have identical graphs (lg_same) and one
** printed text.  Comparison is by the survival criterion: G <= H when
** Left, moving second in H - G, never loses (infinite play counts as
** survival).  A sided value S & T (T <= S, both stoppers, S != T) is
** compared side by side.
**
** Every function charges its work to the store's stop (CGT_INTERRUPTED),
** and reserves its larger tables from the stop's memory (CGT_MEMORY).
*/
#ifndef CGT_PARTIZAN_LOOPY_H
#define CGT_PARTIZAN_LOOPY_H

#include "pgame.h"

/* A bigraph: the Left options of v are le[lo[v] .. lo[v+1]), the Right
** options re[ro[v] .. ro[v+1]); play starts at root. */
typedef struct lg_graph {
  uint32_t n, root;
  uint32_t *lo, *le, *ro, *re;
} lg_graph;

void lg_free(lg_graph *g);   /* frees the arrays (g itself is the caller's) */

/* ---- building (lgraph.c) ---- */
typedef struct lg_builder lg_builder;
lg_builder *lg_builder_new(cg_store *s);
void lg_builder_free(lg_builder *b);
cgt_rc lg_vertex(lg_builder *b, uint32_t *v);
cgt_rc lg_edge(lg_builder *b, uint32_t from, uint32_t to, int right);
/* The vertices of the short game id (shared with earlier calls): *v its start. */
cgt_rc lg_short(lg_builder *b, cg_id id, uint32_t *v);
/* A copy of g's vertices: *v is where g's root went. */
cgt_rc lg_embed(lg_builder *b, const lg_graph *g, uint32_t *v);
/* The graph of the vertices reachable from root, numbered from 0 (root 0). */
cgt_rc lg_build(lg_builder *b, uint32_t root, lg_graph *out);

/* As lg_build, into g (its old arrays freed once the new graph is made). */
cgt_rc lg_build_into(lg_builder *b, uint32_t root, lg_graph *g);
/* The vertices of g reachable from root, renumbered (g is freed, *g replaced). */
cgt_rc lg_restrict(cg_store *s, lg_graph *g, uint32_t root);
cgt_rc lg_copy(const lg_graph *g, lg_graph *out);
cgt_rc lg_negate(const lg_graph *g, lg_graph *out);
/* The product graph of g + h (a move in one component). */
cgt_rc lg_add(cg_store *s, const lg_graph *g, const lg_graph *h, lg_graph *out);
/* The ordinal sum g : h (h's moves; a move in g ends h). */
cgt_rc lg_ordinal(cg_store *s, const lg_graph *g, const lg_graph *h, lg_graph *out);
/* The game of g started at vertex v (its vertices reachable from v). */
cgt_rc lg_follower(cg_store *s, const lg_graph *g, uint32_t v, lg_graph *out);

/* Graph tests over all of g's vertices: 1 yes, 0 no, -1 out of memory. */
enum { LG_LOOPFREE, LG_PLUMTREE, LG_STOPPER };
/* LG_LOOPFREE: no cycle; LG_PLUMTREE: every cycle is a pass; LG_STOPPER:
** no infinite alternating play. */
int lg_test(const lg_graph *g, int what);
int lg_same(const lg_graph *g, const lg_graph *h);   /* identical arrays */
/* g with the vertices of one short value made one. */
cgt_rc lg_fuse_short(cg_store *s, lg_graph *g);
/* The short game of every loopfree vertex (others CG_NOID), into short_of[n]. */
#define LG_NOID UINT32_MAX
cgt_rc lg_short_values(cg_store *s, const lg_graph *g, cg_id *short_of);

/* ---- comparison (lsurvive.c) ---- */
/* le[a * h->n + b] = (vertex a of g) <= (vertex b of h), for every pair at
** once; le has g->n * h->n bytes.  LG_SURVIVE compares stoppers by the
** survival criterion; LG_ONSIDE compares the onsides of any two games (in
** H - G an infinite play is Left's when H's part is played infinitely
** often), LG_OFFSIDE the offsides (when G's part is). */
enum { LG_SURVIVE, LG_ONSIDE, LG_OFFSIDE };
cgt_rc lg_le_table(cg_store *s, const lg_graph *g, const lg_graph *h, int mode, uint8_t *le);
cgt_rc lg_le(cg_store *s, const lg_graph *g, const lg_graph *h, int mode, int *le);

/* ---- canonical stoppers (lcanon.c) ---- */
/* g (a stopper) in canonical form, vertices in canonical order. */
cgt_rc lg_canonical(cg_store *s, lg_graph *g);

/* ---- sides (lside.c) ---- */
/* g replaced by the canonical stopper of its onside (onside = 1) or
** offside (*stopper 1); when the method does not reach a stopper
** (*stopper 0), g is the side simplified as far as it goes, numbered in a
** fixed order (not canonical: equal sides may differ). */
cgt_rc lg_side(cg_store *s, lg_graph *g, int onside, int *stopper);
/* g with bisimilar vertices made one (a printed game repeats every
** position it reaches twice). */
cgt_rc lg_fuse_bisimilar(cg_store *s, lg_graph *g);
/* The vertices of g (a canonical stopper) numbered by colour refinement,
** in an order that depends on the graph's shape alone. */
cgt_rc lg_renumber(cg_store *s, lg_graph *g);

/* ---- the store of canonical stoppers (lstore.c) ---- */
/* A side of a value is named by a key: LG_KEY_SHORT | a short game's id,
** or LG_KEY_STOPPER | a stored stopper's id (0: not stored). */
#define LG_KEY_SHORT ((uint64_t)1 << 32)
#define LG_KEY_STOPPER ((uint64_t)2 << 32)
/* The key of canonical stopper g, stored once. */
cgt_rc lg_intern(cg_store *s, const lg_graph *g, uint64_t *key);
/* The stored stopper of key (NULL for none). */
const lg_graph *lg_stored(cg_store *s, uint64_t key);
/* The cache of operations op on values named by their sides' keys k: the
** result's kind and sides' keys, or an answer in r[0]. */
enum { LG_OP_ADD = 1, LG_OP_NEG, LG_OP_LE };
int lg_cache_get(cg_store *s, int op, const uint64_t k[4], uint64_t r[2], int *kind);
void lg_cache_put(cg_store *s, int op, const uint64_t k[4], const uint64_t r[2], int kind);

/* ---- values ---- */
/* A value: a short game, a canonical stopper (not loopfree), or a sided
** value on & off with off < on, both canonical stoppers (short or not). */
enum { LV_SHORT, LV_STOPPER, LV_SIDED };
enum { LV_LOOSE_ON = 1, LV_LOOSE_OFF = 2 };
typedef struct lg_value {
  int kind;
  cg_id id;          /* LV_SHORT */
  lg_graph on, off;  /* LV_STOPPER: on; LV_SIDED: both */
  int loose;         /* LV_SIDED: which sides are no stoppers (Bach's carousel), simplified but not
                        canonical: LV_LOOSE_ON, LV_LOOSE_OFF */
  uint64_t kon, koff;   /* the sides' keys in the store (0: not stored) */
} lg_value;

void lv_free(lg_value *v);
/* The value of a graph known to be a stopper: canonical (g is consumed). */
cgt_rc lv_stopper(cg_store *s, lg_graph *g, lg_value *out);
/* The value of any graph: a stopper's canonical form, else its sides
** (g is consumed). */
cgt_rc lv_of_graph(cg_store *s, lg_graph *g, lg_value *out);
/* The value whose onside is on's onside and offside off's offside (both
** consumed). */
cgt_rc lv_of_sides(cg_store *s, lg_graph *on, lg_graph *off, lg_value *out);
/* s & t (both consumed); CGT_SYNTAX when t <= s fails. */
cgt_rc lv_sided(cg_store *s, lg_value *on, lg_value *off, lg_value *out);
cgt_rc lv_copy(const lg_value *v, lg_value *out);
/* One side (1 onside, 0 offside) as a value, canonical (CGT_NOTSTOPPER
** for a loose one). */
cgt_rc lv_side(cg_store *s, const lg_value *v, int onside, lg_value *out);
/* The graph of a side of v (a short game expanded). */
cgt_rc lv_graph(cg_store *s, const lg_value *v, int onside, lg_graph *out);

cgt_rc lv_neg(cg_store *s, const lg_value *a, lg_value *out);
/* a + b; CGT_UNSUPPORTED when the sum of the sides is not a stopper (its
** onside and offside are not simplified yet). */
cgt_rc lv_add(cg_store *s, const lg_value *a, const lg_value *b, lg_value *out);
/* One side of a + b alone (onside: the upsum of the onsides; else the
** downsum of the offsides), canonical; CGT_NOTSTOPPER when it is no stopper. */
cgt_rc lv_sum_side(cg_store *s, const lg_value *a, const lg_value *b, int onside, lg_value *out);
cgt_rc lv_le(cg_store *s, const lg_value *a, const lg_value *b, int *le);
/* 0 when equal. */
int lv_equal(const lg_value *a, const lg_value *b);
/* One of CG_PLAY_L .. CG_PLAY_PCHECK (pplay.h). */
cgt_rc lv_outcome(cg_store *s, const lg_value *a, int *cls);

/* A pseudonumber: off, on, or x + tilt.over (tilt -1 under, 0, 1 over). */
typedef struct lg_pseudo {
  int inf;         /* -1 off, +1 on, 0 a number */
  cg_dyadic x;
  int tilt;
} lg_pseudo;
/* The Left (left = 1) or Right stop of a stopper or short game. */
cgt_rc lv_stop(cg_store *s, const lg_value *a, int left, lg_pseudo *out);
/* Whether vertex v of g is a pseudonumber (1, and *p), given the short
** values ids of g's vertices (lg_short_values); with ids NULL only on and
** off are recognised. */
int lg_vertex_pseudo(cg_store *s, const lg_graph *g, const cg_id *ids, uint32_t v, lg_pseudo *p);
/* The pseudonumber a is, if it is one (1), else 0. */
int lv_pseudonumber(cg_store *s, const lg_value *a, lg_pseudo *p);

/* ---- text (lparse.c, lprint.c) ---- */
/* Parses CGSuite's notation with loopy games (see docs/loopy.md). */
cgt_rc lv_parse(cg_store *s, const char *text, lg_value *out, char *err, size_t errlen);
/* The value of a loopy constant: on, off, dud, over, under, upon, ^[on],
** ^<on>, v[on] or v<on> (CGT_SYNTAX for another name). */
cgt_rc lv_constant(cg_store *s, const char *name, lg_value *out);
/* 1 when text has a word or mark only loopy games use. */
int lv_text_is_loopy(const char *text);
/* The text of a pseudonumber: on, off, 3/2over, under, -2 (cgt_malloc'd). */
cgt_rc lv_pseudo_text(cg_store *s, const lg_pseudo *p, char **text);
/* The most loopy positions printed one inside another (CGT_TOODEEP past
** it): what lv_parse reads back within its stack budget. */
#define LG_PRINT_DEPTH 480u
/* The canonical text of v (cgt_malloc'd). */
cgt_rc lv_print(cg_store *s, const lg_value *v, char **text);

#endif
