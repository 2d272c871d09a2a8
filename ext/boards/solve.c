/* Who wins a sum of boards, by search (solve.h). */
#include "solve.h"

#include "packing.h"

#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* A region of the sum, packed (cg_grid_pack), and whether the region is
** that or its negative. */
typedef struct part {
  const uint8_t *grid;
  uint64_t h1, h2;   /* hashes of the packed grid and ruleset */
  int sign;
  int ksign;   /* the sign of the image the hashes are of */
  cg_bounds b;   /* the ruleset's bounds, for Left and Right of the region as it is */
} part;

/* A move of a sum: option at (packed, in the level's opts) of part part,
** or, when part is NPART, option at of the value (an index in vopts). */
#define NPART UINT32_MAX
typedef struct move {
  uint32_t part, at;
  int score;
  int lost;    /* the bounds show that the other wins after it */
  cg_move squares;   /* (of a part's option) */
  uint32_t index;    /* its place as generated (in after; the order of ties) */
} move;

/* One depth of the search: the sum there, and its moves. */
typedef struct level {
  part *parts;
  size_t nparts, parts_cap;
  cg_id v;                 /* the value of the regions valued */
  /* The bounds of the regions valued (while no move was made in v). */
  int vbound;
  cg_bounds vb;
  int deferrable;          /* a pair's search may put this sum off (busy elsewhere) */
  uint32_t *deferred;      /* the moves put off, by their place in moves */
  size_t deferred_cap;
  uint8_t *grids;          /* the regions made for this sum (packed) */
  size_t grids_used, grids_cap;
  move *moves;
  size_t moves_cap;
  size_t placed;           /* the moves put in order so far (order_to) */
  uint8_t *opts;           /* options of the parts (packed) */
  size_t opts_used, opts_cap;
  cg_id *vopts;
  size_t vopts_cap;
  /* The bounds of the options of parts the search has worked out, by the
  ** moves' index (when seen). */
  cg_bounds *after;
  uint8_t *seen;
  size_t after_cap, seen_cap;
} level;

/* What the solver knows of a region met before (by the hashes of its
** canonical orientation): its bounds and, when small, its value. */
typedef struct region_memo {
  uint64_t h1, h2;
  cg_bounds b;
  cg_id value;
  int small;   /* 1: a small region, valued (value); 0: a free slot */
} region_memo;

/* The memo starts small (a call on a small board must not clear a large
** one) and doubles, afresh, each time it has taken four times its slots,
** up to MEMO_MAX slots. */
#define MEMO_FIRST ((size_t)1 << 10)
#define MEMO_MAX ((size_t)1 << 17)

struct cg_solver {
  cg_store *s;
  cg_board_table *t;
  const cg_rules *r;
  level **lv;
  size_t nlv;
  cg_grid *scratch;   /* CG_BOARD_MAXOPT grids: options or regions */
  cg_move *smoves;    /* the moves of the options in scratch */
  int *scores;        /* their scores */
  cg_grid g, o;       /* a part and an option, unpacked */
  uint8_t packed[4 + CG_BOARD_CELLS];   /* a region, packed */
  cg_grid img;
  uint8_t kpacked[4 + CG_BOARD_CELLS];
  void *work;         /* the ruleset's work_bytes for bounds_after */
  uint32_t worked;    /* the part of the last moves generated work was prepared for */
  region_memo *memo;  /* memo_slots, direct-mapped */
  size_t memo_slots, memo_puts;
  cg_id zero;
  /* The transposition table: cap entries of two words, in buckets of two.
  ** Word 0 is the key's first hash; word 1 holds 40 bits of the second,
  ** the log2 of the nodes searched under it (8 bits), the win and a used
  ** bit.  (Results are exact, so an entry found ends the search there.) */
  uint64_t (*tt)[2];
  size_t cap, stored;
  uint64_t tt_max, tt_held;
  uint64_t nodes;
  cg_shared *sh;      /* the table shared with other searches (NULL: none) */
  int role;           /* in a pair (cg_solver_share) */
  uint64_t put_off;   /* moves put off so far */
  uint64_t (*vh)[2];  /* value_hash of the store's games, by id (0: not yet) */
  size_t vh_cap;
  cg_id *vstack;      /* value_hash's stack */
  size_t vstack_cap;
};

#define TT_FIRST ((size_t)1 << 12)

/* ---- hashing ---- */

static void hash_grid(const cg_rules *r, const uint8_t *packed, size_t bytes, uint64_t *h1, uint64_t *h2) {
  uint64_t a = 0x243f6a8885a308d3ull ^ r->id, b = 0x13198a2e03707344ull + r->id;
  for (size_t i = 0; i < bytes; i += 8) {
    uint64_t w = 0;
    size_t n = bytes - i < 8 ? bytes - i : 8;
    memcpy(&w, packed + i, n);
    a = cgt_mix64(a ^ w);
    b = cgt_mix64(b + w * 0x9e3779b97f4a7c15ull);
  }
  *h1 = a, *h2 = b;
}

/* The key of the sum at L with player right to move, or of its negative
** with the other player (neg): k[0], k[1], from a and b, hashes of the
** value of the regions valued (of its negative with neg). */
static void key_from(const level *L, uint64_t a, uint64_t b, int right, int neg, uint64_t k[2]) {
  for (size_t i = 0; i < L->nparts; i++) {
    int negative = (L->parts[i].ksign < 0) != neg;
    a += cgt_mix64(L->parts[i].h1 ^ (negative ? 0x5851f42d4c957f2dull : 0));
    b += cgt_mix64(L->parts[i].h2 + (negative ? 0x14057b7ef767814full : 0));
  }
  if (right != neg) a ^= 0x8a5cd789635d2dffull, b ^= 0x121fd2155c472f96ull;
  k[0] = a, k[1] = b;
}

/* The key of the sum at L with player right to move: that of the sum or
** of its negative with the other player, the least; hv hashes the value of
** the regions valued, hn its negative. */
static void sum_key(const level *L, const uint64_t hv[2], const uint64_t hn[2], int right, uint64_t k[2]) {
  uint64_t kn[2];
  key_from(L, hv[0], hv[1], right, 0, k);
  key_from(L, hn[0], hn[1], right, 1, kn);
  if (kn[0] < k[0] || (kn[0] == k[0] && kn[1] < k[1])) k[0] = kn[0], k[1] = kn[1];
}

/* Hashes of value v within its store (by its id). */
static void id_hash(cg_id v, uint64_t h[2]) {
  h[0] = cgt_mix64((uint64_t)v * 0x9e3779b97f4a7c15ull + 1), h[1] = cgt_mix64((uint64_t)v * 0xc2b2ae3d27d4eb4full + 2);
}

/* ---- the transposition table ---- */

static uint64_t *tt_find(cg_solver *x, const uint64_t k[2]) {
  if (!x->tt) return NULL;
  size_t at = (size_t)k[0] & (x->cap - 1) & ~(size_t)1;
  for (size_t i = at; i < at + 2; i++)
    if (x->tt[i][0] == k[0] && (x->tt[i][1] & 1) && (x->tt[i][1] >> 24) == (k[1] >> 24)) return x->tt[i];
  return NULL;
}

static void tt_put_at(uint64_t (*tt)[2], size_t cap, uint64_t k0, uint64_t w1) {
  size_t at = (size_t)k0 & (cap - 1) & ~(size_t)1, slot = at;
  for (size_t i = at; i < at + 2; i++) {
    if (tt[i][0] == k0 && (tt[i][1] >> 24) == (w1 >> 24)) {
      slot = i;
      break;
    }
    if ((tt[i][1] >> 16 & 0xFF) < (tt[slot][1] >> 16 & 0xFF) || !(tt[i][1] & 1)) slot = i;
  }
  tt[slot][0] = k0, tt[slot][1] = w1;
}

/* Asks the kernel for huge pages under the table, where it gives them on
** request (Linux's transparent huge pages in madvise mode): a probe of a
** table of gigabytes then seldom misses the TLB too (9x9 Domineering: 6 GB).
** The whole 2 MB pages inside [p, p + bytes) only; nothing elsewhere. */
static void huge_pages(void *p, uint64_t bytes) {
#if defined(MADV_HUGEPAGE)
  const uintptr_t page = (uintptr_t)2 << 20;
  uintptr_t from = ((uintptr_t)p + page - 1) & ~(page - 1), to = ((uintptr_t)p + bytes) & ~(page - 1);
  if (to > from) (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

/* Doubles the table while the bytes allowed (and the memory of the stop)
** let it; a table that cannot grow just replaces more. */
static void tt_grow(cg_solver *x) {
  size_t cap = x->cap ? 2 * x->cap : TT_FIRST;
  uint64_t bytes = (uint64_t)cap * sizeof *x->tt;
  if (bytes > x->tt_max || cap > SIZE_MAX / sizeof *x->tt) return;
  cgt_stop *st = cg_store_get_stop(x->s);
  if (cgt_stop_reserve(st, bytes) != CGT_OK) return;
  uint64_t (*tt)[2] = cgt_calloc(cap, sizeof *tt);
  if (!tt) {
    cgt_stop_release(st, bytes);
    return;
  }
  huge_pages(tt, bytes);
  for (size_t i = 0; i < x->cap; i++)
    if (x->tt[i][1] & 1) tt_put_at(tt, cap, x->tt[i][0], x->tt[i][1]);
  cgt_free(x->tt);
  cgt_stop_release(st, x->tt_held);
  x->tt = tt, x->cap = cap, x->tt_held = bytes, x->stored = 0;
}

/* The log2 of nodes, rounded down (0 for 0). */
static uint64_t log2_of(uint64_t nodes) {
  uint64_t work = 0;
  while (nodes >>= 1) work++;
  return work;
}

static void tt_put(cg_solver *x, const uint64_t k[2], int win, uint64_t nodes) {
  if (x->stored * 2 >= x->cap) tt_grow(x);
  if (!x->tt) return;
  x->stored++;
  tt_put_at(x->tt, x->cap, k[0], (k[1] >> 24) << 24 | log2_of(nodes) << 16 | (uint64_t)win << 1 | 1);
}

/* ---- the table shared by searches on several threads ---- */

/* The sums a pair's searches are in, by the shared key: a search that
** reaches a sum the other is in puts it off (the move to it is searched
** after the others, when its result is mostly in the shared table), as in
** Weill's ABDADA.  A slot holds the key's first word with the low bit the
** searcher's (0: main, 1: helper); a slot taken by another sum only makes
** a move searched at once that could have waited. */
#define BUSY_SLOTS ((size_t)1 << 14)

/* cap entries of two words in buckets of two, written and read whole
** words at a time by any thread: word 0 is the key's first hash xor word
** 1, so that an entry torn by two writers is not found; word 1 as in the
** transposition table. */
struct cg_shared {
  uint64_t (*w)[2];
  size_t cap;
  uint64_t busy[BUSY_SLOTS];   /* the sums a pair's search is in (busy_mark) */
  int finished, answer;   /* a pair's search: finished (1: answered, 2: given up), and its answer */
};

/* Whole words read and written by any thread. */
#if defined(__GNUC__)
#define LOAD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n(p, v, __ATOMIC_RELAXED)
#define LOAD_ACQUIRE(p) __atomic_load_n(p, __ATOMIC_ACQUIRE)
#define STORE_RELEASE(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)
#else   /* (no threads there: outcome.c) */
#define LOAD(p) (*(p))
#define STORE(p, v) (*(p) = (v))
#define LOAD_ACQUIRE(p) (*(p))
#define STORE_RELEASE(p, v) (*(p) = (v))
#endif


cg_shared *cg_shared_new(uint64_t bytes) {
  cg_shared *sh = cgt_calloc(1, sizeof *sh);
  size_t cap = 2;   /* (one bucket at least) */
  while ((uint64_t)cap * 2 * sizeof *sh->w <= bytes && cap < ((size_t)1 << 40)) cap *= 2;
  if (sh) sh->w = cgt_calloc(cap, sizeof *sh->w), sh->cap = cap;
  if (!sh || !sh->w) {
    cg_shared_free(sh);
    return NULL;
  }
  huge_pages(sh->w, (uint64_t)cap * sizeof *sh->w);
  return sh;
}

void cg_shared_free(cg_shared *sh) {
  if (!sh) return;
  cgt_free(sh->w);
  cgt_free(sh);
}

/* The entry of key k in bucket e (two entries), read whole: its word 1,
** or 0 when it is not there. */
static uint64_t shared_entry(uint64_t (*e)[2], int i, const uint64_t k[2]) {
  uint64_t w1 = LOAD(&e[i][1]), w0 = LOAD(&e[i][0]);
  return (w1 & 1) && (w0 ^ w1) == k[0] && (w1 >> 24) == (k[1] >> 24) ? w1 : 0;
}

static int shared_find(cg_shared *sh, const uint64_t k[2], int *win) {
  uint64_t (*e)[2] = &sh->w[(size_t)k[0] & (sh->cap - 1) & ~(size_t)1];
  uint64_t w1 = shared_entry(e, 0, k);
  if (!w1) w1 = shared_entry(e, 1, k);
  if (w1) *win = (int)(w1 >> 1 & 1);
  return w1 != 0;
}

/* Puts k's result (work: the log2 of the positions searched under it) in
** its bucket, over its entry, else over the one with less work under it
** (as the transposition table does). */
static void shared_put(cg_shared *sh, const uint64_t k[2], int win, uint64_t work) {
  uint64_t (*e)[2] = &sh->w[(size_t)k[0] & (sh->cap - 1) & ~(size_t)1];
  int i = shared_entry(e, 0, k) ? 0 : shared_entry(e, 1, k) ? 1 : (LOAD(&e[1][1]) >> 16 & 0xFF) < (LOAD(&e[0][1]) >> 16 & 0xFF);
  uint64_t w1 = (k[1] >> 24) << 24 | work << 16 | (uint64_t)win << 1 | 1;
  STORE(&e[i][0], k[0] ^ w1);
  STORE(&e[i][1], w1);
}

void cg_solver_share(cg_solver *x, cg_shared *sh, int role) { x->sh = sh, x->role = role; }

static uint64_t busy_mark(const cg_solver *x, const uint64_t k[2]) { return (k[0] & ~(uint64_t)1) | (x->role == CG_PAIR_HELPER); }

static uint64_t *busy_slot(const cg_solver *x, const uint64_t k[2]) { return &x->sh->busy[(k[0] >> 1) & (BUSY_SLOTS - 1)]; }

/* Whether the other search of x's pair is in the sum of shared key k. */
static int busy_elsewhere(const cg_solver *x, const uint64_t k[2]) {
#if defined(CG_SOLVE_ALL_BUSY)   /* (tests/boards/test_pair.c: every sum is) */
  return (void)x, (void)k, 1;
#else
  uint64_t v = LOAD(busy_slot(x, k));
  return v && (v ^ busy_mark(x, k)) == 1;
#endif
}

/* Whether the other search of a pair has finished (x stops). */
static int pair_finished(const cg_solver *x) { return x->role && LOAD(&x->sh->finished); }

/* Ends x's search of a pair with rc and *win: the first to finish gives
** its answer to both; one that fails gives up the pair unless it is the
** helper (the main search goes on alone). */
static cgt_rc pair_end(cg_solver *x, cgt_rc rc, int *win) {
  cg_shared *sh = x->sh;
  if (!x->role) return rc;
  if (rc == CGT_OK) {
    STORE(&sh->answer, *win);
    STORE_RELEASE(&sh->finished, 1);
  } else if (LOAD_ACQUIRE(&sh->finished) == 1) {
    rc = CGT_OK, *win = LOAD(&sh->answer);
  } else if (x->role == CG_PAIR_MAIN) {
    STORE_RELEASE(&sh->finished, 2);
  }
  return rc;
}

/* ---- sums ---- */

static void *grow(void *p, size_t *cap, size_t need, size_t size) { return cgt_grow(p, cap, need, size, 16); }

/* The level of depth d, made on first use. */
static level *level_at(cg_solver *x, size_t d) {
  if (d >= x->nlv) {
    size_t n = x->nlv;
    level **lv = grow(x->lv, &n, d + 1, sizeof *lv);
    if (!lv) return NULL;
    memset(lv + x->nlv, 0, (n - x->nlv) * sizeof *lv);
    x->lv = lv, x->nlv = n;
  }
  if (!x->lv[d]) x->lv[d] = cgt_calloc(1, sizeof **x->lv);
  return x->lv[d];
}

static void level_free(level *L) {
  if (!L) return;
  cgt_free(L->parts);
  cgt_free(L->grids);
  cgt_free(L->moves);
  cgt_free(L->deferred);
  cgt_free(L->opts);
  cgt_free(L->vopts);
  cgt_free(L->after);
  cgt_free(L->seen);
  cgt_free(L);
}

/* Exchanges the players' bounds (a region that is the negative of its
** canonical orientation). */
static void bounds_swap(cg_bounds *b) {
  uint32_t t;
  t = b->safe[0], b->safe[0] = b->safe[1], b->safe[1] = t;
  t = b->vuln[0], b->vuln[0] = b->vuln[1], b->vuln[1] = t;
  t = b->lone[0], b->lone[0] = b->lone[1], b->lone[1] = t;
  t = b->areas[0], b->areas[0] = b->areas[1], b->areas[1] = t;
  t = b->idle[0], b->idle[0] = b->idle[1], b->idle[1] = t;
  t = b->most[0], b->most[0] = b->most[1], b->most[1] = t;
  t = b->vuln_held[0], b->vuln_held[0] = b->vuln_held[1], b->vuln_held[1] = t;
  t = b->lone_held[0], b->lone_held[0] = b->lone_held[1], b->lone_held[1] = t;
}

/* Adds b's counts to sum's (sign -1: takes them away; the counts are
** unsigned, and sum holds b's when it takes them). */
static void bounds_add(cg_bounds *sum, const cg_bounds *b, int sign) {
  uint32_t k = sign < 0 ? UINT32_MAX : 1;   /* (times k: plus or minus, modulo 2^32) */
  for (int q = 0; q < 2; q++) {
    sum->safe[q] += k * b->safe[q], sum->vuln[q] += k * b->vuln[q], sum->lone[q] += k * b->lone[q];
    sum->areas[q] += k * b->areas[q], sum->most[q] += k * b->most[q], sum->idle[q] += k * b->idle[q];
    sum->vuln_held[q] += k * b->vuln_held[q], sum->lone_held[q] += k * b->lone_held[q];
  }
  sum->squares += k * b->squares;
}

/* What x knows of region g (canonical when small) with hashes h1 and h2:
** a small one found in the memo, or worked out (and kept there when
** small); its bounds are known when not NULL. */
static cgt_rc region_of(cg_solver *x, const cg_grid *g, int small, uint64_t h1, uint64_t h2, const cg_bounds *known,
                        region_memo *out) {
  const cg_rules *r = x->r;
  region_memo *m = &x->memo[(size_t)h1 & (x->memo_slots - 1)];
  if (small && m->small && m->h1 == h1 && m->h2 == h2) return *out = *m, CGT_OK;
  region_memo e;
  memset(&e, 0, sizeof e);
  e.h1 = h1, e.h2 = h2;
  if (known) e.b = *known;
  else if (r->bounds) r->bounds(g, &e.b);
  if (small) {
    cgt_rc rc = CGT_OK;
    e.small = 1;
    if (!cg_board_table_find(x->t, r, g, &e.value)) {
      rc = cg_board_value(x->s, x->t, r, g, &e.value);
      if (rc == CGT_OK && !cg_board_table_find(x->t, r, g, &e.value)) rc = cg_board_table_put(x->t, r, g, e.value);
    }
    if (rc) return rc;
    if (++x->memo_puts > 4 * x->memo_slots && x->memo_slots < MEMO_MAX) {
      region_memo *bigger = cgt_calloc(2 * x->memo_slots, sizeof *bigger);
      if (bigger) {
        cgt_free(x->memo);
        x->memo = bigger, x->memo_slots *= 2, x->memo_puts = 0;
        m = &x->memo[(size_t)h1 & (x->memo_slots - 1)];
      }
    }
    *m = e;
  }
  *out = e;
  return CGT_OK;
}

/* Adds region g (scratch: a small one is normalised in place) to the sum
** at L, as its negative when sign < 0: valued into L->v when small, else
** a part (L->grids has room for it).  known: the bounds of a large g as it
** lies, when worked out before (NULL: not). */
static cgt_rc add_region(cg_solver *x, level *L, cg_grid *g, int sign, const cg_bounds *known) {
  /* Only regions small enough to be valued are put in their canonical
  ** orientation (their values are shared by their images); larger ones
  ** are searched as they lie (their own orientation orders the moves
  ** better) under a key that all their images share, so that the table
  ** finds transpositions by symmetry (empty 6x8 Domineering: 3.1 million
  ** positions without, 1.66 million with). */
  int small = !x->r->size || x->r->size(g) <= x->r->small, ksign = sign;
  if (small) sign *= cg_normalise(x->r, g), ksign = sign;
  size_t bytes = cg_grid_pack(x->packed, g);
  uint64_t h1, h2;
  uint64_t k[2];
  int ks;
  if (small) {
    hash_grid(x->r, x->packed, bytes, &h1, &h2);
  } else if (cg_grid_orbit_hash(x->r, g, k, &ks)) {
    h1 = k[0], h2 = k[1], ksign *= ks;
  } else {
    cg_grid_copy(&x->img, g);
    ksign *= cg_normalise(x->r, &x->img);
    hash_grid(x->r, x->kpacked, cg_grid_pack(x->kpacked, &x->img), &h1, &h2);
  }
  region_memo m;
  cgt_rc rc = region_of(x, g, small && x->r->size, h1, h2, small ? NULL : known, &m);
  if (rc) return rc;
  cg_bounds b = m.b;
  if (sign < 0) bounds_swap(&b);
  if (m.small) {
    cg_id v = m.value;
    bounds_add(&L->vb, &b, 1);
    if (sign < 0 && (rc = cg_neg(x->s, v, &v)) != CGT_OK) return rc;
    return cg_add(x->s, L->v, v, &L->v);
  }
  part *p = grow(L->parts, &L->parts_cap, L->nparts + 1, sizeof *p);
  if (!p) return CGT_NOMEM;
  L->parts = p;
  p = &L->parts[L->nparts++];
  p->grid = L->grids + L->grids_used;
  memcpy(L->grids + L->grids_used, x->packed, bytes);
  L->grids_used += bytes;
  p->h1 = h1, p->h2 = h2, p->sign = sign, p->ksign = ksign, p->b = b;
  return CGT_OK;
}

/* The squares of g that are not empty, eight at a time (the top bit of
** each byte of y is set when that byte of x is not 0; those bits add up in
** the top byte by one multiplication). */
static uint32_t filled(const cg_grid *g) {
  int n = g->rows * g->cols;
  uint32_t count = 0;
  for (int v = 0; v < n; v += 8) {
    uint64_t x = cg_cells8(g, v, n - v < 8 ? n - v : 8), high = 0x8080808080808080ull;
    uint64_t y = (((x & ~high) + ~high) | x) & high;
    count += (uint32_t)(((y >> 7) * 0x0101010101010101ull) >> 56);
  }
  return count;
}

/* Adds the regions of g (any position of the ruleset) to L.  known: g's
** bounds when worked out before (NULL: not); when g has one region, they
** are its bounds less the squares the region leaves out (board.h: each
** counts as a square idle for both). */
static cgt_rc add_position(cg_solver *x, level *L, const cg_grid *g, int sign, const cg_bounds *known) {
  uint32_t n = x->r->regions(x->r, g, x->scratch);
  cgt_rc rc = cg_work(x->s, (uint64_t)g->rows * g->cols + 1);
  cg_bounds b;
  if (known && n == 1) {
    uint32_t out = filled(g) - filled(&x->scratch[0]);
    b = *known;
    b.squares -= out, b.idle[0] -= out, b.idle[1] -= out;
  }
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) rc = add_region(x, L, &x->scratch[i], sign, known && n == 1 ? &b : NULL);
  return rc;
}

/* Room in L->grids for the regions of positions of cells squares. */
static cgt_rc room(level *L, size_t cells) {
  uint8_t *p = grow(L->grids, &L->grids_cap, L->grids_used + 5 * cells + 8, 1);
  if (!p) return CGT_NOMEM;
  L->grids = p;
  return CGT_OK;
}

/* ---- the search ---- */

/* Whether the player to move wins the value v alone. */
static cgt_rc value_wins(cg_solver *x, cg_id v, int right, int *win) {
  int le;
  cgt_rc rc = right ? cg_le(x->s, x->zero, v, &le) : cg_le(x->s, v, x->zero, &le);
  *win = !le;
  return rc;
}

/* Whether a player who can make kept moves whatever the other does, and
** whose packing takes held squares from him (with his safe moves),
** outlasts him (first: moving first), by b: by the lines, the other makes
** at most his most moves less two for each area the player takes (he
** takes one at each turn while any is left: that play makes kept; so at
** least half of them, rounded up moving first, and each takes a square
** from two of the other's lines); by the squares, were the player to run
** out of moves, the moves of both (the other's one more moving second),
** held and idle squares would need more squares than there are. */
static int outlasts(const cg_bounds *b, int me, uint64_t kept, uint64_t held, int first) {
  uint64_t taken = 2 * (((uint64_t)b->areas[me] + (first ? 1 : 0)) / 2);
  uint64_t most = b->most[!me] > taken ? b->most[!me] - taken : 0;
  if (first ? kept > most : kept >= most) return 1;
  return b->squares && held + b->idle[me] + (first ? 0 : 2) > b->squares;
}

/* The bounds of the sum at L (1; 0: none): those of the regions, and of
** the regions valued while no move was made in the value, else the
** value's when it is an integer (n free moves of two squares each). */
static int sum_bounds(cg_solver *x, const level *L, cg_bounds *b) {
  cg_dyadic n;
  if (!x->r->bounds) return 0;
  memset(b, 0, sizeof *b);
  if (L->vbound) {
    *b = L->vb;
  } else {
    if (!cg_is_number(x->s, L->v, &n) || n.exp || n.big) return 0;
    int q = n.num < 0;
    uint32_t moves = (uint32_t)(n.num < 0 ? -n.num : n.num);
    b->safe[q] = b->most[q] = moves, b->squares = 2 * moves;
  }
  for (size_t i = 0; i < L->nparts; i++) bounds_add(b, &L->parts[i].b, 1);
  return 1;
}

/* Decides a sum with bounds b, the player right to move (1: *win set). */
static int decided(const cg_bounds *b, int right, int *win) {
  int me = right, you = !right;
  uint64_t kept = b->safe[me] + cg_kept_first(b->areas[me], b->lone[me], b->vuln[me]);
  uint64_t held = 4 * (uint64_t)b->safe[me] +
                  cg_held_first(b->areas[me], b->lone[me], b->lone_held[me], b->vuln[me], b->vuln_held[me]);
  if (outlasts(b, me, kept, held, 1)) return *win = 1, 1;
  kept = b->safe[you] + cg_kept_second(b->areas[you], b->lone[you], b->vuln[you]);
  held = 4 * (uint64_t)b->safe[you] +
         cg_held_second(b->areas[you], b->lone[you], b->lone_held[you], b->vuln[you], b->vuln_held[you]);
  if (outlasts(b, you, kept, held, 0)) return *win = 0, 1;
  return 0;
}

/* The option that move m of a part makes, into x->o: made from the part
** by the ruleset's apply, else kept since the moves were generated. */
static void option_of(cg_solver *x, const level *L, const move *m) {
  if (x->r->apply) {
    cg_grid_unpack(&x->g, L->parts[m->part].grid);
    x->r->apply(&x->g, &m->squares, &x->o);
  } else {
    cg_grid_unpack(&x->o, L->opts + m->at);
  }
}

/* Decides the sum after move m of the sum at L (bounds sum) by bounds,
** before it is made: the bounds of the option's board stand for those of
** its regions (the packing of a board is that of its regions, and squares
** no move can use count as idle).  *prepared: the part x->work was
** prepared for (NPART: none), kept from move to move. */
static int decided_after(cg_solver *x, level *L, const cg_bounds *sum, const move *m, uint32_t *prepared, int right,
                         int *win) {
  const cg_rules *r = x->r;
  if (m->part == NPART) return 0;
  const part *p = &L->parts[m->part];
  cg_bounds b = *sum, o;
  if (r->bounds_after) {
    if (*prepared != m->part) {
      cg_grid_unpack(&x->g, p->grid);
      r->prepare(&x->g, x->work);
      *prepared = m->part;
    }
    r->bounds_after(x->work, &m->squares, &o);
  } else {
    option_of(x, L, m);
    r->bounds(&x->o, &o);
  }
  L->after[m->index] = o, L->seen[m->index] = 1;
  if (p->sign < 0) bounds_swap(&o);
  bounds_add(&b, &p->b, -1);
  bounds_add(&b, &o, 1);
  return decided(&b, right, win);
}

/* The moves of the player to move at L, generated and ordered. */
static cgt_rc gen_moves(cg_solver *x, level *L, int right, size_t *count) {
  const cg_rules *r = x->r;
  size_t n = 0;
  L->opts_used = 0;
  for (size_t i = 0; i < L->nparts; i++) {
    const part *p = &L->parts[i];
    cg_grid_unpack(&x->g, p->grid);
    int side = right ^ (p->sign < 0);
    uint32_t k = r->options(r, &x->g, side, r->apply ? NULL : x->scratch, x->smoves);
    size_t cells = (size_t)x->g.rows * x->g.cols;
    cgt_rc rc = cg_work(x->s, (uint64_t)(k + 1) * (cells + 1));
    if (rc) return rc;
    move *mv = grow(L->moves, &L->moves_cap, n + k + 1, sizeof *mv);
    if (!mv) return CGT_NOMEM;
    L->moves = mv;
    if (!r->apply) {   /* (the options are kept till played) */
      uint8_t *o = grow(L->opts, &L->opts_cap, L->opts_used + k * (cells + 4) + 1, 1);
      if (!o) return CGT_NOMEM;
      L->opts = o;
    }
    if (r->prepare) r->prepare(&x->g, x->work), x->worked = (uint32_t)i;
    if (r->score) r->score(&x->g, r->prepare ? x->work : NULL, side, x->smoves, k, x->scores);
    for (uint32_t j = 0; j < k; j++, n++) {
      mv[n] = (move){(uint32_t)i, (uint32_t)L->opts_used, r->score ? x->scores[j] : 0, 0, x->smoves[j], (uint32_t)n};
      if (!r->apply) L->opts_used += cg_grid_pack(L->opts + L->opts_used, &x->scratch[j]);
    }
  }
  cg_bounds *af = grow(L->after, &L->after_cap, n + 1, sizeof *af);
  uint8_t *sn = af ? grow(L->seen, &L->seen_cap, n + 1, 1) : NULL;
  if (!sn) return CGT_NOMEM;
  L->after = af, L->seen = sn;
  memset(sn, 0, n);
  /* Needless moves go while another move of the regions remains. */
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) kept += L->moves[i].score != CG_NEEDLESS;
  if (kept > 0 && kept < n) {
    kept = 0;
    for (size_t i = 0; i < n; i++)
      if (L->moves[i].score != CG_NEEDLESS) L->moves[kept++] = L->moves[i];
    n = kept;
  }
  for (size_t i = 0; i < n; i++)
    if (L->moves[i].score == CG_NEEDLESS) L->moves[i].score = -(1 << 29);
  if (L->v != x->zero) {
    const cg_id *opt[2];
    uint32_t no[2];
    cgt_rc rc = cg_options(x->s, L->v, &opt[0], &no[0], &opt[1], &no[1]);
    if (rc) return rc;
    uint32_t k = no[right];
    cg_id *vo = grow(L->vopts, &L->vopts_cap, k + 1, sizeof *vo);
    move *mv = vo ? grow(L->moves, &L->moves_cap, n + k + 1, sizeof *mv) : NULL;
    if (!mv) return CGT_NOMEM;
    L->vopts = vo, L->moves = mv;
    memcpy(vo, opt[right], k * sizeof *vo);
    for (uint32_t j = 0; j < k; j++, n++) mv[n] = (move){NPART, j, -(1 << 30), 0, {{0, 0, 0, 0}, 0}, (uint32_t)n};
  }
  L->placed = 0;
  *count = n;
  return CGT_OK;
}

/* Whether move a comes before move b: a higher score, or a tie and
** generated first. */
static int before(const move *a, const move *b) { return a->score > b->score || (a->score == b->score && a->index < b->index); }

/* The moves are put in order as the search comes to them: the best of the
** rest is chosen for each of the first CHOSEN (most positions are won by
** one of those), and the rest are sorted (by insertion: short lists) when
** the search goes past them.  (Empty 7x8 Domineering: 3.7% of the
** instructions went to sorting all moves at once, 3.1% so.) */
#define CHOSEN 8

/* Orders the n moves of L up to move i. */
static void order_to(level *L, size_t i, size_t n) {
  move *mv = L->moves;
  for (size_t p = L->placed; p <= i && p < n; p = ++L->placed) {
    if (p == CHOSEN) {
      for (size_t q = p + 1; q < n; q++) {
        move m = mv[q];
        size_t j = q;
        for (; j > p && before(&m, &mv[j - 1]); j--) mv[j] = mv[j - 1];
        mv[j] = m;
      }
      L->placed = n;
      return;
    }
    size_t best = p;
    for (size_t q = p + 1; q < n; q++)
      if (before(&mv[q], &mv[best])) best = q;
    move m = mv[p];
    mv[p] = mv[best], mv[best] = m;
  }
}

/* Makes the sum at C: the sum at L after move m. */
static cgt_rc play(cg_solver *x, const level *L, const move *m, level *C) {
  C->nparts = 0, C->grids_used = 0, C->v = L->v, C->vbound = L->vbound, C->vb = L->vb;
  if (m->part == NPART) {
    C->v = L->vopts[m->at], C->vbound = 0;
    part *p = grow(C->parts, &C->parts_cap, L->nparts + 1, sizeof *p);
    if (!p) return CGT_NOMEM;
    C->parts = p;
    memcpy(p, L->parts, L->nparts * sizeof *p);
    C->nparts = L->nparts;
    return CGT_OK;
  }
  option_of(x, L, m);
  size_t cells = (size_t)x->o.rows * x->o.cols;
  part *p = grow(C->parts, &C->parts_cap, L->nparts + cells + 1, sizeof *p);
  if (!p) return CGT_NOMEM;
  C->parts = p;
  for (size_t i = 0; i < L->nparts; i++)
    if (i != m->part) C->parts[C->nparts++] = L->parts[i];
  cgt_rc rc = room(C, cells);
  return rc ? rc : add_position(x, C, &x->o, L->parts[m->part].sign, L->seen[m->index] ? &L->after[m->index] : NULL);
}

/* The moves whose positions' bounds are looked at before any is searched
** (the moves are in order: the winning ones are mostly among the first):
** empty 6x8 Domineering takes 16% fewer instructions so than with all of
** them, 8x8 7%. */
#define FIRST_LOOKS 6

/* ---- values hashed alike in every store ---- */

/* Room in x->vh for every game of the store (0: out of memory). */
static int vh_room(cg_solver *x) {
  size_t need = cg_store_size(x->s) + 1, had = x->vh_cap;
  if (need <= had) return 1;
  uint64_t(*vh)[2] = grow(x->vh, &x->vh_cap, need, sizeof *vh);
  if (!vh) return 0;
  memset(vh + had, 0, (x->vh_cap - had) * sizeof *vh);
  x->vh = vh;
  return 1;
}

/* Hashes of the value v that are the same whatever store holds it, into
** h (CGT_RANGE for a number past 63 bits): a number by its numerator and
** exponent; another game by its options' hashes added, Left's and Right's
** apart (a canonical form is unique: equal values hash alike).  Each kept
** by id in x->vh, worked out with an explicit stack. */
static cgt_rc value_hash(cg_solver *x, cg_id v, uint64_t h[2]) {
  cg_id *st = grow(x->vstack, &x->vstack_cap, 1, sizeof *st);
  if (!st || !vh_room(x)) return CGT_NOMEM;
  x->vstack = st;
  size_t n = 0;
  cgt_rc rc = CGT_OK;
  if (!x->vh[v][0]) st[n++] = v;
  while (n && rc == CGT_OK) {
    cg_id a = x->vstack[n - 1];
    cg_dyadic d;
    const cg_id *L, *R;
    uint32_t nl, nr;
    if (x->vh[a][0]) {
      n--;
      continue;
    }
    if (cg_is_number(x->s, a, &d)) {
      if (d.big) return CGT_RANGE;
      uint64_t w = (uint64_t)d.num * 0x9e3779b97f4a7c15ull + d.exp;
      x->vh[a][0] = cgt_mix64(w ^ 0x6a09e667f3bcc908ull) | 1, x->vh[a][1] = cgt_mix64(w + 0xbb67ae8584caa73bull);
      n--;
      continue;
    }
    if ((rc = cg_options(x->s, a, &L, &nl, &R, &nr)) != CGT_OK || !vh_room(x)) break;
    size_t more = n;
    st = grow(x->vstack, &x->vstack_cap, n + nl + nr + 1, sizeof *st);
    if (!st) return CGT_NOMEM;
    x->vstack = st;
    for (uint32_t i = 0; i < nl + nr; i++) {
      cg_id o = i < nl ? L[i] : R[i - nl];
      if (!x->vh[o][0]) st[more++] = o;
    }
    if (more > n) {
      n = more;
      continue;
    }
    uint64_t p = 0x3c6ef372fe94f82bull, q = 0xa54ff53a5f1d36f1ull;
    for (uint32_t i = 0; i < nl + nr; i++) {
      cg_id o = i < nl ? L[i] : R[i - nl];
      p += cgt_mix64(x->vh[o][0] ^ (i < nl ? 0x510e527fade682d1ull : 0x1f83d9abfb41bd6bull));
      q += cgt_mix64(x->vh[o][1] + (i < nl ? 0x9b05688c2b3e6c1full : 0x5be0cd19137e2179ull));
    }
    x->vh[a][0] = cgt_mix64(p) | 1, x->vh[a][1] = cgt_mix64(q);
    n--;
  }
  if (rc == CGT_OK && !vh_room(x)) rc = CGT_NOMEM;
  if (rc == CGT_OK) h[0] = x->vh[v][0], h[1] = x->vh[v][1];
  return rc;
}

/* What wins gives for a sum it puts off (busy_elsewhere). */
#define PUT_OFF 2

/* The least work under a position (nodes) for its result to be shared. */
#define SHARED_WORK 4

/* Whether the player to move (right) wins the sum at depth d. */
static cgt_rc wins(cg_solver *x, size_t d, int right, int *win) {
  level *L = x->lv[d];
  uint64_t before = x->nodes++;
  cgt_rc rc = cg_work(x->s, 16 + L->nparts);
  if (rc) return rc;
  if (pair_finished(x)) return CGT_INTERRUPTED;
  if (L->nparts == 0) return value_wins(x, L->v, right, win);
  /* The key: of the sum or of its negative with the other to move, the
  ** least; its bucket is fetched while the bounds are worked out. */
  uint64_t k[2], hv[2], hn[2];
  cg_id nv = x->zero;
  if (L->v != x->zero && (rc = cg_neg(x->s, L->v, &nv)) != CGT_OK) return rc;
  id_hash(L->v, hv);
  id_hash(nv, hn);
  sum_key(L, hv, hn, right, k);
  if (x->tt) __builtin_prefetch(x->tt[(size_t)k[0] & (x->cap - 1) & ~(size_t)1]);
  /* The shared key: the same, with the values hashed alike in every
  ** store (none for a number past 63 bits). */
  uint64_t sk[2];
  int shared = x->sh != NULL;
  if (shared && ((rc = value_hash(x, L->v, hv)) != CGT_OK || (rc = value_hash(x, nv, hn)) != CGT_OK)) {
    if (rc != CGT_RANGE) return rc;
    shared = 0;
  }
  if (shared) {
    sum_key(L, hv, hn, right, sk);
    __builtin_prefetch(x->sh->w[(size_t)sk[0] & (x->sh->cap - 1)]);
  }
  cg_bounds sum;
  int bounds = sum_bounds(x, L, &sum);
  if (bounds && decided(&sum, right, win)) return CGT_OK;
  const uint64_t *e = tt_find(x, k);
  if (e) return *win = (int)(e[1] >> 1 & 1), CGT_OK;
  if (shared && shared_find(x->sh, sk, win)) return CGT_OK;
  int pair = shared && x->role != CG_SHARES;
  if (pair && L->deferrable && busy_elsewhere(x, sk)) return *win = PUT_OFF, CGT_OK;
  if ((rc = cg_descend(x->s)) != CGT_OK) return rc;
  if (pair) STORE(busy_slot(x, sk), busy_mark(x, sk));
  size_t n = 0;
  level *C = level_at(x, d + 1);
  rc = C ? gen_moves(x, L, right, &n) : CGT_NOMEM;
  *win = 0;
  /* First the bounds of the position after each of the first moves: a
  ** move after which the other loses by them wins at once; the later moves'
  ** bounds are looked at as the search comes to them. */
  uint32_t prepared = x->r->prepare && L->nparts ? x->worked : NPART;
  size_t first = n < FIRST_LOOKS ? n : FIRST_LOOKS;
  for (size_t i = 0; i < first && rc == CGT_OK && bounds && !*win; i++) {
    int child;
    order_to(L, i, n);
    if (decided_after(x, L, &sum, &L->moves[i], &prepared, !right, &child)) {
      x->nodes++;   /* (a position decided as it is reached) */
      L->moves[i].lost = child, *win = !child;
    }
  }
  uint32_t *put_off = rc == CGT_OK && pair ? grow(L->deferred, &L->deferred_cap, n + 1, sizeof *put_off) : NULL;
  if (put_off) L->deferred = put_off;
  /* The moves in order, then those put off (i from n on). */
  size_t later = 0;
  for (size_t i = 0; i < n + later && rc == CGT_OK && !*win; i++) {
    int child;
    size_t at = i >= n ? L->deferred[i - n] : x->role == CG_PAIR_HELPER && i > 0 ? n - i : i;   /* (a helper takes the later moves from the last) */
    if (i < n) {
      order_to(L, at, n);
      if (at >= first && bounds && decided_after(x, L, &sum, &L->moves[at], &prepared, !right, &child)) {
        x->nodes++;
        *win = !child;
        continue;
      }
      if (L->moves[at].lost) continue;
    }
    rc = play(x, L, &L->moves[at], C);
    C->deferrable = put_off && i > 0 && i < n;
    if (rc == CGT_OK) rc = wins(x, d + 1, !right, &child);
    prepared = NPART;   /* (the search below used x->work) */
    if (rc == CGT_OK && child == PUT_OFF) L->deferred[later++] = (uint32_t)at, x->put_off++;
    else if (rc == CGT_OK && !child) *win = 1;
  }
  if (pair && LOAD(busy_slot(x, sk)) == busy_mark(x, sk)) STORE(busy_slot(x, sk), 0);
  cg_ascend(x->s);
  if (rc == CGT_OK) tt_put(x, k, *win, x->nodes - before);
  if (rc == CGT_OK && shared && x->nodes - before >= SHARED_WORK) shared_put(x->sh, sk, *win, log2_of(x->nodes - before));
  return rc;
}

/* ---- the interface ---- */

cg_solver *cg_solver_new(cg_store *s, cg_board_table *t, const cg_rules *r, uint64_t tt_bytes) {
  cg_solver *x = cgt_calloc(1, sizeof *x);
  if (!x) return NULL;
  x->s = s, x->t = t, x->r = r, x->tt_max = tt_bytes;
  x->scratch = cgt_malloc(CG_BOARD_MAXOPT * sizeof *x->scratch);
  x->smoves = cgt_malloc(CG_BOARD_MAXOPT * sizeof *x->smoves);
  x->scores = cgt_malloc(CG_BOARD_MAXOPT * sizeof *x->scores);
  x->memo = cgt_calloc(MEMO_FIRST, sizeof *x->memo);
  x->memo_slots = MEMO_FIRST;
  x->work = cgt_malloc(r->work_bytes);
  if (!x->scratch || !x->smoves || !x->scores || !x->memo || !x->work || cg_integer(s, 0, &x->zero) != CGT_OK) {
    cg_solver_free(x);
    return NULL;
  }
  return x;
}

void cg_solver_free(cg_solver *x) {
  if (!x) return;
  for (size_t d = 0; d < x->nlv; d++) level_free(x->lv[d]);
  cgt_free(x->lv);
  cgt_free(x->scratch);
  cgt_free(x->smoves);
  cgt_free(x->scores);
  cgt_free(x->memo);
  cgt_free(x->work);
  cgt_free(x->tt);
  cgt_free(x->vh);
  cgt_free(x->vstack);
  cgt_stop_release(cg_store_get_stop(x->s), x->tt_held);
  cgt_free(x);
}

uint64_t cg_solver_nodes(const cg_solver *x) { return x->nodes; }

cgt_rc cg_solver_wins(cg_solver *x, const cg_grid *boards, uint32_t n, int right, int *win) {
  level *L = level_at(x, 0);
  if (!L) return CGT_NOMEM;
  L->nparts = 0, L->grids_used = 0, L->v = x->zero, L->vbound = 1, L->deferrable = 0;
  memset(&L->vb, 0, sizeof L->vb);
  size_t cells = 0;
  for (uint32_t i = 0; i < n; i++) cells += (size_t)boards[i].rows * boards[i].cols;
  cgt_rc rc = room(L, cells + 4 * (size_t)n);
  for (uint32_t i = 0; i < n && rc == CGT_OK; i++) rc = add_position(x, L, &boards[i], 1, NULL);
  return pair_end(x, rc ? rc : wins(x, 0, right, win), win);
}
