/*
** Conway's genus of heaps (J. H. Conway, On Numbers and Games, ch. 12;
** Berlekamp, Conway and Guy, Winning Ways, ch. 13).  The genus of a game G
** is g^(γ0 γ1 γ2 ...): g is G's normal-play Grundy value and γk the misère
** Grundy value of G + k copies of *2.  The γ are eventually periodic with
** period 2 and are written up to the first repetition of that final pair:
** 0^120 is γ = 1, 2, 0, 2, 0, ...; *2 has genus 2^20.  (CGSuite shortens
** the genus of a nim heap to its value and some tame or restive ones to one
** superscript digit, e.g. 2^2; we always write the digits in full.)
**
** Exact for every heap, including those of games that split heaps (whose
** options are sums, whose genus the genera of the parts do not determine):
** every position reachable from the heaps (a sum of heaps, heaps without
** moves dropped) is searched once, in post-order with an explicit stack,
** and gets its own γ0, γ1, ...:
**   γ0(X) = mex of γ0 over X's options (1 when X has none),
**   γk(X) = mex of γk over X's options together with γ(k-1)(X) and
**           γ(k-1)(X) xor 1 (k >= 1),
** since the options of X + k *2 are X' + k *2, X + (k-1) *2 and
** X + (k-1) *2 + *1, and adding *1 to a game flips the last bit of its
** misère Grundy value (by induction: if v is the mex of the options' values,
** the options of X + *1 have v and those values xor 1, whose mex is v xor 1).
** Once every option repeats with period 2 from K on, γk(X) is a function
** of γ(k-1)(X) and the parity of k, so the first repeated pair
** (γk, k mod 2) past K proves the tail; it is kept with its period.
**
** Tame: a heap is tame when every position of it (itself included) has the
** genus of a position of Nim, g^(γ0 γ1 ...) with γk = g xor 2 (k odd), g
** (k even, k > 0) and γ0 = g, or γ0 = 1 - g when g < 2 (0^120, 1^031, 2^20,
** 0^02, ...): Winning Ways, ch. 13 ("tame games"; CGSuite's "hereditarily
** tame").  Sums of tame games are played as misère Nim on their g.
*/
#ifndef CGT_CORE_GENUS_H
#define CGT_CORE_GENUS_H

#include "heaprule.h"

#define CGT_GENUS_MAX_DIGITS 24
#define CGT_GENUS_MAX_POSITIONS (1u << 30)   /* the SQL functions' (indexes; memory comes first) */
#define CGT_GENUS_TEXT 160

typedef struct cgt_genus {
  uint32_t g;                              /* normal Grundy value */
  uint32_t len;                            /* digits written */
  uint32_t gamma[CGT_GENUS_MAX_DIGITS];
  int tame;
} cgt_genus;

/* The genera of heaps 0..n_max of rule r into out[0..n_max].  CGT_LIMIT
** past max_positions positions (the SQL functions' is
** CGT_GENUS_MAX_POSITIONS), or when a genus needs more than
** CGT_GENUS_MAX_DIGITS digits, and CGT_MEMORY past the stop's memory
** (about 80 bytes a position): *fail_heap is the heap being searched, the
** genera before it made; or past CGT_MQ_MAX_OPTIONS options of the heaps:
** *fail_heap is n_max, nothing made. */
cgt_rc cgt_heap_genera(const cgt_rule *r, uint32_t n_max, uint32_t max_positions, cgt_genus *out,
                       uint32_t *fail_heap, cgt_stop *st);

/* The genus as text, e.g. "4^146" (digits of 10 or more: "4^(10,12)"). */
void cgt_genus_text(const cgt_genus *gs, char *buf, size_t len);

#endif
