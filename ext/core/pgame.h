/*
** Short partizan games in canonical form (Winning Ways; CGSuite's design):
** every canonical game is stored once in a store and named by an integer id,
** so equal games have equal ids.  Numbers (dyadic rationals, a 64-bit
** numerator over a power of two) are stored by value and their options made
** on demand; nimbers are recognised and added by XOR.  Sums, negatives and
** comparisons are cached.
**
** Canonical form: dominated options removed, reversible options bypassed;
** numbers come out as numbers (the simplest number between the options).
*/
#ifndef CGT_CORE_PGAME_H
#define CGT_CORE_PGAME_H

#include "common.h"

typedef uint32_t cg_id;

/* A dyadic rational num / 2^exp, in lowest terms (num odd or exp 0). */
typedef struct cg_dyadic {
  int64_t num;
  uint32_t exp;
} cg_dyadic;

typedef struct cg_store cg_store;

cg_store *cg_store_new(void);
void cg_store_free(cg_store *s);
size_t cg_store_size(const cg_store *s);   /* games stored */

/* Constructors (ids are canonical).  Functions that can fail return a core
** code and write the id to *out; CGT_TOOBIG means a number overflowed. */
cgt_rc cg_number(cg_store *s, cg_dyadic x, cg_id *out);
cgt_rc cg_integer(cg_store *s, int64_t n, cg_id *out);
cgt_rc cg_nimber(cg_store *s, uint32_t n, cg_id *out);
/* {L | R} from option ids (any order, duplicates allowed), canonicalised. */
cgt_rc cg_game(cg_store *s, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, cg_id *out);

cgt_rc cg_add(cg_store *s, cg_id a, cg_id b, cg_id *out);
cgt_rc cg_neg(cg_store *s, cg_id a, cg_id *out);
/* a <= b, and the four-way comparison: '<', '=', '>' or '|' (incomparable). */
cgt_rc cg_le(cg_store *s, cg_id a, cg_id b, int *le);
cgt_rc cg_compare(cg_store *s, cg_id a, cg_id b, char *cmp);

/* Options of a (for numbers made on demand); the pointers stay valid until
** the next call that adds games. */
cgt_rc cg_options(cg_store *s, cg_id a, const cg_id **L, uint32_t *nl, const cg_id **R, uint32_t *nr);

int cg_is_number(const cg_store *s, cg_id a, cg_dyadic *x);
int cg_is_nimber(const cg_store *s, cg_id a, uint32_t *n);
cgt_rc cg_birthday(cg_store *s, cg_id a, uint32_t *b);
/* Left stop (left = 1) or right stop. */
cgt_rc cg_stop(cg_store *s, cg_id a, int left, cg_dyadic *out);

/* Dyadic arithmetic; CGT_TOOBIG on overflow. */
cgt_rc cg_dyadic_add(cg_dyadic a, cg_dyadic b, cg_dyadic *out);
int cg_dyadic_cmp(cg_dyadic a, cg_dyadic b);

#endif
