/*
** Short partizan games in canonical form (Winning Ways; CGSuite's design):
** every canonical game is stored once in a store and named by an integer id,
** so equal games have equal ids.  Numbers (exact dyadic rationals of any
** size up to CG_DYADIC_MAX_BITS bits, dyadic.h) and the values x + n.^ + *k
** of a number, ups and a nimber ("nus") are stored by their parts, added,
** negated and compared in closed form, and their options made on demand;
** every other game by its canonical option lists.  Sums, negatives and
** comparisons are cached.
**
** Canonical form: dominated options removed, reversible options bypassed;
** numbers and nus values come out as such (recognised structurally).
**
** Every recursion over games is bounded by CG_DEPTH_MAX nested calls (then
** CGT_TOODEEP), and every operation charges its work to the store's stop
** (cg_store_set_stop), so an interrupt ends it with CGT_INTERRUPTED.  After
** an error the store is still consistent: caches only hold finished results.
*/
#ifndef CGT_CORE_PGAME_H
#define CGT_CORE_PGAME_H

#include "../core/common.h"
#include "dyadic.h"

typedef uint32_t cg_id;

typedef struct cg_store cg_store;

cg_store *cg_store_new(void);
void cg_store_free(cg_store *s);
size_t cg_store_size(const cg_store *s);   /* games stored */
size_t cg_store_bytes(const cg_store *s);  /* memory held, roughly */
/* The arena of big numerators of the store's numbers. */
cg_bigs *cg_store_bigs(cg_store *s);
/* Long operations charge work to st (NULL: never stop) until changed. */
void cg_store_set_stop(cg_store *s, cgt_stop *st);
/* The stop set last (NULL: none). */
cgt_stop *cg_store_get_stop(const cg_store *s);

/* A work budget (cgt_budget) on the store: from cg_budget_begin to
** cg_budget_end the store's work is counted, and past max units it ends
** the computation as an interrupt would (the store's own stop still
** decides interrupts).
** cg_budget_end gives the store its stop back and turns the budget's end
** into CGT_LIMIT. */
typedef cgt_budget cg_budget;
/* No budget: the work runs until it is done or the store's stop says
** stop (what the SQL functions pass wherever a core function takes one). */
#define CG_NO_BUDGET UINT64_MAX
void cg_budget_begin(cg_budget *b, cg_store *s, uint64_t max);
cgt_rc cg_budget_end(cg_budget *b, cg_store *s, cgt_rc rc);

/* The most nested calls of one recursion over games, and the most C stack
** they may use (so cgt runs in threads with 512 KB of stack). */
#define CG_DEPTH_MAX 4000u
#if defined(__SANITIZE_ADDRESS__)
#define CG_STACK_BUDGET (4u * 384u * 1024u)   /* AddressSanitizer's frames are several times larger */
#else
#define CG_STACK_BUDGET (384u * 1024u)
#endif
/* The most options made for one game on demand (a nimber *n has n), and
** the most option ids one store holds in all (512 MB): games whose
** canonical forms need more (such as {*30000|0}, through the options of
** every smaller nimber) fail with CGT_LIMIT. */
#define CG_OPTIONS_MAX 100000u
#define CG_OPTION_IDS_MAX (1u << 27)
/* The largest nimber and up multiple: nimbers below 2^31, ups of at most
** 2^62 in magnitude. */
#define CG_NIMBER_MAX 0x7FFFFFFFu
#define CG_UPS_MAX ((int64_t)1 << 62)

/* For recursions outside the store's files (parsing, printing): one level deeper
** (CGT_TOODEEP past CG_DEPTH_MAX levels or CG_STACK_BUDGET bytes of stack
** since depth 0, CGT_INTERRUPTED once the stop says so); every successful
** cg_descend is paired with one cg_ascend. */
cgt_rc cg_descend(cg_store *s);
void cg_ascend(cg_store *s);
/* Charges units of work to the store's stop; CGT_INTERRUPTED to stop. */
cgt_rc cg_work(cg_store *s, uint64_t units);

/* Constructors (ids are canonical).  Functions that can fail return a core
** code and write the id to *out; CGT_RANGE means a number or an up multiple passed its limit. */
cgt_rc cg_number(cg_store *s, cg_dyadic x, cg_id *out);
cgt_rc cg_integer(cg_store *s, int64_t n, cg_id *out);
cgt_rc cg_nimber(cg_store *s, uint32_t n, cg_id *out);
/* x + ups.^ + *star (CGT_RANGE past the limits above). */
cgt_rc cg_nus(cg_store *s, cg_dyadic x, int64_t ups, uint32_t star, cg_id *out);
/* {L | R} from option ids (any order, duplicates allowed), canonicalised. */
cgt_rc cg_game(cg_store *s, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, cg_id *out);

/* {L | R} from option lists that are already canonical (no option
** dominated or reversible): only sorted and interned. */
cgt_rc cg_game_canonical(cg_store *s, const cg_id *L, uint32_t nl, const cg_id *R, uint32_t nr, cg_id *out);
/* The game a of store from, made in store to (*out): the same canonical
** game, built from its options without comparing any, so the work and the
** result do not depend on what either store holds.  CGT_RANGE for a
** number whose numerator passes 63 bits (it lives in from's arena). */
cgt_rc cg_import(cg_store *to, cg_store *from, cg_id a, cg_id *out);

cgt_rc cg_add(cg_store *s, cg_id a, cg_id b, cg_id *out);
/* n copies of x, n of any sign (-x when n < 0), by doubling. */
cgt_rc cg_times(cg_store *s, cg_id x, int64_t n, cg_id *out);
cgt_rc cg_neg(cg_store *s, cg_id a, cg_id *out);
/* a <= b, and the four-way comparison: '<', '=', '>' or '|' (incomparable). */
cgt_rc cg_le(cg_store *s, cg_id a, cg_id b, int *le);
cgt_rc cg_compare(cg_store *s, cg_id a, cg_id b, char *cmp);

/* Options of a (for numbers made on demand); the pointers stay valid until
** the next call that adds games. */
cgt_rc cg_options(cg_store *s, cg_id a, const cg_id **L, uint32_t *nl, const cg_id **R, uint32_t *nr);

int cg_is_number(const cg_store *s, cg_id a, cg_dyadic *x);
int cg_is_nimber(const cg_store *s, cg_id a, uint32_t *n);
/* a = x + ups.^ + *star (numbers too, with ups = star = 0); any out may be NULL. */
int cg_is_nus(const cg_store *s, cg_id a, cg_dyadic *x, int64_t *ups, uint32_t *star);
/* CGT_RANGE when the birthday does not fit 63 bits. */
cgt_rc cg_birthday(cg_store *s, cg_id a, uint64_t *b);
/* Left stop (left = 1) or right stop. */
cgt_rc cg_stop(cg_store *s, cg_id a, int left, cg_dyadic *out);

#endif
