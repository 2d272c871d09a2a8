/*
** Exact Nim_k by search over multisets of tokens.  A move picks between 1
** and k distinct tokens and moves each along one of its moves; the player
** who cannot move loses.  The graph reachable from the tokens is acyclic,
** so every move lowers the sum over tokens of the longest path from their
** nodes, and the search ends.
**
** Three facts shrink the search; each is proved here.
**
** 1. Nodes with the same options are interchangeable.  Put nodes in
**    classes bottom up: a node without moves is in the class DROP, and two
**    nodes are in the same class when the classes of their options are the
**    same set.  Map every token to its class's representative (a node of
**    the class).  The positions one Nim_k move reaches from the image of a
**    position P are exactly the images of the positions one move reaches
**    from P: the same tokens are picked, and a token's options map onto the
**    options of its representative.  By induction on the acyclic game, P
**    and its image have the same outcome (a position is won iff some option
**    is lost).  Tokens on DROP never move and change nobody's moves: they
**    are removed.  Nodes of a class have the same Grundy value, and are all
**    heap-like (every move reachable lowers the Grundy value) or all not:
**    both follow from the classes of the options, by induction.  All
**    heap-like nodes of one value are one class (by induction on the value:
**    their options are the classes of the smaller values, every one of
**    them), and they act as the nim heap of that value.
**
** 2. Moore's rule.  A position whose tokens are all heap-like is, by 1, a
**    position of Nim_k on nim heaps of their Grundy values, which Moore's
**    theorem decides: it is lost exactly when, in every binary digit, the
**    number of values with that digit set is divisible by k+1 (E. H.
**    Moore, "A generalization of the game called nim", Annals of
**    Mathematics (2) 11 (1910), 93-94).
**
** 3. At most k tokens.  Then a move may move any nonempty set of tokens,
**    and stays able to, as tokens are never added.  Such a position is lost
**    exactly when every token alone is lost (Grundy value 0): if all are, a
**    move sends at least one token to a winning node (the options of a lost
**    node are won) and leaves the rest on lost nodes, a won position by
**    induction; if some are won, moving each of them to a lost option
**    leaves only lost tokens, a lost position by induction.  (This is
**    Conway's selective compound, On Numbers and Games, 1976, chapter 14.)
**
** Every other position, with a token that is not heap-like and more than k
** tokens, is searched.
*/
#include "search.h"
#include "../graph/grundy.h"

#include <stdlib.h>
#include <string.h>

#define DROP UINT32_MAX   /* the class of nodes without moves: removed from positions */

enum { UNKNOWN = 0, IN_PROGRESS = 1, LOST = 2, WON = 3, PICK = 4, ITERATE = 5 };

typedef struct searcher {
  uint64_t k;
  const cgt_nimk_graph *g;
  cgt_nimk_budget budget;
  cgt_nimk_spent *spent;
  cgt_stop *st;
  uint32_t *canon;        /* node -> its representative, or DROP */
  uint32_t *coff, *cend, *copt;   /* a representative's distinct options (representatives or DROP) */
  uint32_t L;             /* words of a key: the most tokens a position has */
  /* remembered positions: keys (sorted, padded with DROP), their state */
  uint32_t *keys;
  uint8_t *state;
  uint64_t *slot;         /* hash slots: the key's hash << 32 | index + 1; 0 when empty */
  size_t count, cap, mask;
  /* the stack: per frame the position's index, whether its moves were
  ** scanned, then for the move being tried the count taken from each run of
  ** equal tokens (L words) and each token's option (L words) */
  uint32_t *frames;
  size_t depth, fcap;
  /* scratch of the search: a child key, runs, the scan's move and the
  ** child it picks */
  uint32_t *child;
  uint32_t *run_start, *run_len;
  uint32_t *scan_j, *scan_o, *pick;
  uint32_t *moved, *stay;  /* make_child's moved tokens and those that stay */
  int bits;               /* binary digits of the largest Grundy value */
} searcher;

/* Runs of equal tokens in a sorted token list. */
typedef struct runs {
  uint32_t r;
  uint32_t *start, *len;
} runs;

/* Words of a stack frame. */
static size_t frame_words(const searcher *s) { return 2 + 2 * (size_t)s->L; }

/* Bytes the positions and the stack would take at these capacities. */
static uint64_t bytes_at(const searcher *s, size_t cap, size_t fcap) {
  return (uint64_t)cap * ((uint64_t)s->L * 4 + 1) + (uint64_t)cap * 4 * sizeof(uint64_t) +
         (uint64_t)fcap * frame_words(s) * 4;
}

/* The hash of the words w[0..n-1]. */
static uint64_t hash_words(const uint32_t *w, uint32_t n) {
  uint64_t h = n;
  for (uint32_t i = 0; i < n; i++) h = cgt_mix64(h ^ w[i]);
  return h;
}

/* The slot of key, or the empty slot where it goes; *tag its hash part. */
static size_t find_slot(const searcher *s, const uint32_t *key, uint64_t *tag) {
  uint64_t h = hash_words(key, s->L);
  size_t i = (size_t)h & s->mask;
  *tag = h >> 32 << 32;
  while (s->slot[i] && ((s->slot[i] >> 32 << 32) != *tag ||
                        memcmp(s->keys + (size_t)((uint32_t)s->slot[i] - 1) * s->L, key, s->L * sizeof *key) != 0))
    i = (i + 1) & s->mask;
  return i;
}

/* The index of the position in slot i. */
static size_t slot_index(const searcher *s, size_t i) { return (uint32_t)s->slot[i] - 1; }

/* Room for one more position, within the budget. */
static cgt_rc grow_positions(searcher *s) {
  if (s->count >= s->budget.positions) return CGT_LIMIT;
  if (s->count < s->cap) return CGT_OK;
  size_t cap = s->cap ? 2 * s->cap : 256;
  if (cap > s->budget.positions) cap = (size_t)s->budget.positions;
  while (cap > s->count + 1 && bytes_at(s, cap, s->fcap) > s->budget.bytes) cap = s->count + (cap - s->count) / 2;
  if (bytes_at(s, cap, s->fcap) > s->budget.bytes) return CGT_LIMIT;
  uint32_t *keys = cgt_realloc(s->keys, cap * s->L * sizeof *keys);
  if (!keys) return CGT_NOMEM;
  s->keys = keys;
  uint8_t *state = cgt_realloc(s->state, cap);
  if (!state) return CGT_NOMEM;
  s->state = state;
  size_t nslot = 1;
  while (nslot < 2 * cap) nslot *= 2;
  uint64_t *slot = cgt_calloc(nslot, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  cgt_free(s->slot);
  s->slot = slot;
  s->mask = nslot - 1;
  s->cap = cap;
  for (size_t j = 0; j < s->count; j++) {
    uint64_t tag;
    size_t at = find_slot(s, s->keys + j * s->L, &tag);
    s->slot[at] = tag | (j + 1);
  }
  if (cgt_stop_charge(s->st, 1 + (uint64_t)s->count * s->L)) return CGT_INTERRUPTED;
  return CGT_OK;
}

/* Room for one more frame, within the budget. */
static cgt_rc grow_frames(searcher *s) {
  if (s->depth < s->fcap) return CGT_OK;
  size_t fcap = s->fcap ? 2 * s->fcap : 64;
  while (fcap > s->depth + 1 && bytes_at(s, s->cap, fcap) > s->budget.bytes) fcap = s->depth + (fcap - s->depth) / 2;
  if (bytes_at(s, s->cap, fcap) > s->budget.bytes) return CGT_LIMIT;
  uint32_t *frames = cgt_realloc(s->frames, fcap * frame_words(s) * sizeof *frames);
  if (!frames) return CGT_NOMEM;
  s->frames = frames;
  s->fcap = fcap;
  return CGT_OK;
}

/* The number of tokens of a key. */
static uint32_t key_len(const searcher *s, const uint32_t *key) {
  uint32_t n = 0;
  while (n < s->L && key[n] != DROP) n++;
  return n;
}

/* 1 when Moore's rule on the Grundy values calls the n tokens of key lost:
** right when fact 2 applies, else only a guess that orders the search.
** Called with n > k, so k + 1 does not wrap. */
static int moore_lost(const searcher *s, const uint32_t *key, uint32_t n) {
  const uint32_t *grundy = s->g->grundy;
  for (int b = 0; b < s->bits; b++) {
    uint64_t c = 0;
    for (uint32_t i = 0; i < n; i++) c += (grundy[key[i]] >> b) & 1u;
    if (c % (s->k + 1)) return 0;
  }
  return 1;
}

/* LOST or WON when facts 2 or 3 decide the position, else UNKNOWN. */
static int decide(const searcher *s, const uint32_t *key, uint32_t n) {
  const uint32_t *grundy = s->g->grundy;
  if (n <= s->k) {
    for (uint32_t i = 0; i < n; i++)
      if (grundy[key[i]]) return WON;
    return LOST;
  }
  for (uint32_t i = 0; i < n; i++)
    if (!s->g->heaplike[key[i]]) return UNKNOWN;
  return moore_lost(s, key, n) ? LOST : WON;
}

/* ---- moves: a cursor over the moves of a sorted token list ----
**
** Equal tokens form runs.  A move takes j[t] tokens of run t (the first
** ones: equal tokens are interchangeable), 1 <= sum j <= k, and gives each
** taken token an option, nondecreasing within a run, so that every
** different multiset of results is met once. */

typedef struct moves_view {
  const uint32_t *off, *end, *opt;   /* the options of u: opt[off[u]] .. opt[end[u]-1] */
} moves_view;

/* The number of options of u. */
static uint32_t degree(const moves_view *mv, uint32_t u) { return mv->end[u] - mv->off[u]; }

/* Splits the sorted tokens a[0..n-1] into runs of equal tokens. */
static void make_runs(runs *ru, const uint32_t *a, uint32_t n) {
  ru->r = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (i == 0 || a[i] != a[i - 1]) {
      ru->start[ru->r] = i;
      ru->len[ru->r++] = 0;
    }
    ru->len[ru->r - 1]++;
  }
}

/* Advances (j, o) to the next move of the tokens a in runs ru; from all
** zeros it gives the first move.  Returns 0 when there is none left. */
static int next_move(const runs *ru, const moves_view *mv, const uint32_t *a, uint32_t *j, uint32_t *o, uint64_t k) {
  /* the next options of the taken tokens, run by run */
  for (uint32_t t = 0; t < ru->r; t++) {
    if (!j[t]) continue;
    uint32_t *ot = o + ru->start[t], d = degree(mv, a[ru->start[t]]), i = j[t];
    while (i > 0 && ot[i - 1] + 1 >= d) i--;
    if (i > 0) {
      uint32_t v = ++ot[i - 1];
      for (; i < j[t]; i++) ot[i] = v;
      return 1;
    }
    memset(ot, 0, j[t] * sizeof *ot);
  }
  /* every option wrapped: the next counts taken, all options back to 0 */
  uint64_t moved = 0;
  for (uint32_t t = 0; t < ru->r; t++) moved += j[t];
  for (uint32_t t = 0; t < ru->r; t++) {
    uint32_t most = degree(mv, a[ru->start[t]]) ? ru->len[t] : 0;
    j[t]++;
    moved++;
    if (j[t] <= most && moved <= k) return 1;
    moved -= j[t];
    j[t] = 0;
  }
  return 0;
}

/* Orders two uint32_t for qsort. */
static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Insertion sort, for short lists. */
static void insertion_sort(uint32_t *a, uint32_t n) {
  for (uint32_t i = 1; i < n; i++) {
    uint32_t x = a[i], j = i;
    for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
    a[j] = x;
  }
}

/* Sorts a[0..n-1]: insertion for a few, else qsort. */
static void sort_tokens(uint32_t *a, uint32_t n) {
  if (n > 24) qsort(a, n, sizeof *a, cmp_u32);
  else insertion_sort(a, n);
}

/* The key after move (j, o) from the tokens a, into s->child; map (or
** NULL, no change) maps the tokens that stay, and the images of a under
** map are in order.  The tokens that stay are in order, the moved ones are
** sorted apart and merged in: time linear in the tokens but for sorting
** the moved ones.  Returns its token count. */
static uint32_t make_child(searcher *s, const runs *ru, const moves_view *mv, const uint32_t *map, const uint32_t *a,
                           const uint32_t *j, const uint32_t *o) {
  uint32_t n = 0, nm = 0, *c = s->child, *m = s->moved;
  for (uint32_t t = 0; t < ru->r; t++) {
    uint32_t start = ru->start[t], u = a[start], i = 0;
    for (; i < j[t]; i++) m[nm++] = mv->opt[mv->off[u] + o[start + i]];
    for (; i < ru->len[t]; i++) s->stay[n++] = map ? map[u] : u;
  }
  sort_tokens(m, nm);
  /* merge from the back, into c (DROP sorts last) */
  uint32_t total = n + nm;
  for (uint32_t w = total; w > 0; w--)
    c[w - 1] = nm == 0 || (n > 0 && s->stay[n - 1] > m[nm - 1]) ? s->stay[--n] : m[--nm];
  n = total;
  while (n > 0 && c[n - 1] == DROP) n--;
  for (uint32_t i = n; i < s->L; i++) c[i] = DROP;
  return n;
}

/* ---- the search ---- */

/* The frame at depth d. */
static uint32_t *frame_at(searcher *s, size_t d) { return s->frames + d * frame_words(s); }

/* Charges one move examined in a position of n tokens to the budget and
** the stop: 1 + n steps, as the move's work is linear in n. */
static cgt_rc charge_move(searcher *s, uint32_t n) {
  if ((s->spent->steps += 1 + (uint64_t)n) > s->budget.steps) return CGT_LIMIT;
  return cgt_stop_charge(s->st, 1 + (uint64_t)n) ? CGT_INTERRUPTED : CGT_OK;
}

/* The remembered state of the position in s->child, or UNKNOWN. */
static int known(const searcher *s) {
  uint64_t tag;
  if (!s->slot) return UNKNOWN;
  size_t at = find_slot(s, s->child, &tag);
  return s->slot[at] ? s->state[slot_index(s, at)] : UNKNOWN;
}

/* Remembers the position in s->child (not known yet) and pushes it. */
static cgt_rc push(searcher *s) {
  cgt_rc rc;
  if ((rc = grow_positions(s)) || (rc = grow_frames(s))) return rc;
  uint64_t tag;
  size_t at = find_slot(s, s->child, &tag);
  memcpy(s->keys + s->count * s->L, s->child, s->L * sizeof *s->keys);
  s->state[s->count] = IN_PROGRESS;
  s->slot[at] = tag | ++s->count;
  s->spent->positions = s->count;
  uint32_t *f = frame_at(s, s->depth++);
  memset(f, 0, frame_words(s) * sizeof *f);
  f[0] = (uint32_t)(s->count - 1);
  return CGT_OK;
}

/*
** The first visit of a position looks at every child without searching.
** *verdict: WON when a child is known lost; LOST when every child is known
** won; PICK when a child is unknown and Moore's rule calls one of them lost
** (often rightly): the smallest such, in s->pick, to search first (a small
** lost child proves the position won at little cost); else ITERATE.
*/
static cgt_rc scan(searcher *s, const runs *ru, const moves_view *mv, const uint32_t *a, uint32_t na, int *verdict) {
  cgt_rc rc;
  int picked = 0, unknown = 0;
  uint64_t smallest = 0;
  memset(s->scan_j, 0, s->L * sizeof *s->scan_j);
  memset(s->scan_o, 0, s->L * sizeof *s->scan_o);
  while (next_move(ru, mv, a, s->scan_j, s->scan_o, s->k)) {
    if ((rc = charge_move(s, na))) return rc;
    uint32_t nc = make_child(s, ru, mv, NULL, a, s->scan_j, s->scan_o);
    int r = decide(s, s->child, nc);
    if (r == UNKNOWN) r = known(s);
    if (r == LOST) {
      *verdict = WON;
      return CGT_OK;
    }
    if (r != UNKNOWN) continue;
    unknown = 1;
    if (moore_lost(s, s->child, nc)) {
      uint64_t size = (uint64_t)nc << 40;   /* fewest tokens, then smallest values */
      for (uint32_t i = 0; i < nc; i++) size += s->g->grundy[s->child[i]];
      if (!picked || size < smallest) {
        smallest = size;
        memcpy(s->pick, s->child, s->L * sizeof *s->pick);
        picked = 1;
      }
    }
  }
  *verdict = !unknown ? LOST : picked ? PICK : ITERATE;
  return CGT_OK;
}

/* The state of the position in s->child (n tokens), LOST or WON in *res,
** searching depth first on the explicit stack when facts 2 and 3 do not
** decide it.  A frame's next move is tried once the result of the
** previous one is known: a lost child makes the frame won at once. */
static cgt_rc solve(searcher *s, uint32_t n, int *res) {
  moves_view mv = {s->coff, s->cend, s->copt};
  runs ru = {0, s->run_start, s->run_len};
  cgt_rc rc;
  *res = decide(s, s->child, n);
  if (*res != UNKNOWN) return CGT_OK;
  if ((*res = known(s)) != UNKNOWN) return CGT_OK;
  size_t root = s->count;
  if ((rc = push(s))) return rc;
  int child = UNKNOWN;
  while (s->depth > 0) {
    uint32_t *f = frame_at(s, s->depth - 1);
    if (child == LOST) {   /* a move to a lost position: this one is won */
      s->state[f[0]] = WON;
      s->depth--;
      child = WON;
      continue;
    }
    const uint32_t *a = s->keys + (size_t)f[0] * s->L;
    uint32_t na = key_len(s, a);
    make_runs(&ru, a, na);
    if (!f[1]) {
      int verdict;
      f[1] = 1;
      if ((rc = scan(s, &ru, &mv, a, na, &verdict))) return rc;
      if (verdict == WON || verdict == LOST) {
        s->state[f[0]] = (uint8_t)verdict;
        s->depth--;
        child = verdict;
        continue;
      }
      if (verdict == PICK) {
        memcpy(s->child, s->pick, s->L * sizeof *s->child);
        if ((rc = push(s))) return rc;
        continue;
      }
    }
    if (!next_move(&ru, &mv, a, f + 2, f + 2 + s->L, s->k)) {
      s->state[f[0]] = LOST;
      s->depth--;
      child = LOST;
      continue;
    }
    if ((rc = charge_move(s, na))) return rc;
    uint32_t nc = make_child(s, &ru, &mv, NULL, a, f + 2, f + 2 + s->L);
    child = decide(s, s->child, nc);
    if (child != UNKNOWN) continue;
    child = known(s);   /* never IN_PROGRESS: the game is acyclic */
    if (child == UNKNOWN && (rc = push(s))) return rc;
  }
  *res = s->state[root];
  return CGT_OK;
}

/* ---- setting up: classes of nodes and their options ---- */

/* Frees what the searcher holds. */
static void searcher_free(searcher *s) {
  cgt_free(s->canon);
  cgt_free(s->coff);
  cgt_free(s->cend);
  cgt_free(s->copt);
  cgt_free(s->keys);
  cgt_free(s->state);
  cgt_free(s->slot);
  cgt_free(s->frames);
  cgt_free(s->child);
  cgt_free(s->run_start);
  cgt_free(s->run_len);
  cgt_free(s->scan_j);
  cgt_free(s->scan_o);
  cgt_free(s->pick);
  cgt_free(s->moved);
  cgt_free(s->stay);
}

/* Fact 1 on the part of the graph reachable from the tokens, bottom up (a
** depth-first walk on an explicit stack, each node finished after its
** options): a node's options, as representatives sorted without repeats,
** name its class; the first node of a class represents it, and the class
** of no options is DROP.  Fills canon, coff, cend and copt. */
static cgt_rc make_classes(searcher *s, const uint32_t *tok, size_t n) {
  const cgt_nimk_graph *g = s->g;
  uint32_t V = g->n, at = 0, depth = 0;
  size_t tsize = 16;
  while (tsize < 2 * (size_t)V) tsize *= 2;
  uint8_t *seen = cgt_calloc(V ? V : 1, 1);
  uint32_t *stack = cgt_malloc(2 * (size_t)(V ? V : 1) * sizeof *stack);   /* node, next move */
  uint32_t *table = cgt_malloc(tsize * sizeof *table);   /* representatives by list; DROP: empty */
  cgt_rc rc = seen && stack && table ? CGT_OK : CGT_NOMEM;
  for (size_t i = 0; rc == CGT_OK && i < tsize; i++) table[i] = DROP;
  for (uint32_t u = 0; rc == CGT_OK && u < V; u++) s->canon[u] = u;
  for (size_t i = 0; rc == CGT_OK && i < n; i++) {
    if (seen[tok[i]]) continue;
    seen[tok[i]] = 1;
    stack[0] = tok[i];
    stack[1] = g->off[tok[i]];
    depth = 1;
    while (depth > 0 && rc == CGT_OK) {
      uint32_t *top = stack + 2 * (depth - 1), u = top[0];
      if (top[1] < g->off[u + 1]) {
        uint32_t v = g->out[top[1]++];
        if (!seen[v]) {   /* (a node seen again on the stack would be a cycle: not here) */
          seen[v] = 1;
          stack[2 * depth] = v;
          stack[2 * depth++ + 1] = g->off[v];
        }
        continue;
      }
      depth--;
      uint32_t first = at;
      for (uint32_t e = g->off[u]; e < g->off[u + 1]; e++) s->copt[at++] = s->canon[g->out[e]];
      sort_tokens(s->copt + first, at - first);
      uint32_t w = first;
      for (uint32_t j = first; j < at; j++)
        if (j == first || s->copt[j] != s->copt[j - 1]) s->copt[w++] = s->copt[j];
      s->coff[u] = first;
      s->cend[u] = at = w;
      if (w == first) {
        s->canon[u] = DROP;
      } else {
        size_t slot = (size_t)hash_words(s->copt + first, w - first) & (tsize - 1);
        for (;; slot = (slot + 1) & (tsize - 1)) {
          uint32_t r = table[slot];
          if (r == DROP) {
            table[slot] = u;
            break;
          }
          if (s->cend[r] - s->coff[r] == w - first &&
              memcmp(s->copt + s->coff[r], s->copt + first, (w - first) * sizeof *s->copt) == 0) {
            s->canon[u] = r;
            at = first;
            break;
          }
        }
      }
      if (cgt_stop_charge(s->st, 1 + (uint64_t)(g->off[u + 1] - g->off[u]))) rc = CGT_INTERRUPTED;
    }
  }
  cgt_free(seen);
  cgt_free(stack);
  cgt_free(table);
  return rc;
}

/* Prepares a search of tokens tok[0..n-1]: the classes of fact 1 and
** scratch for n tokens. */
static cgt_rc setup(searcher *s, uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                    const cgt_nimk_budget *budget, cgt_nimk_spent *spent, cgt_stop *st) {
  memset(s, 0, sizeof *s);
  s->k = k;
  s->g = g;
  s->budget = *budget;
  if (s->budget.positions > UINT32_MAX - 1) s->budget.positions = UINT32_MAX - 1;   /* indexes are 32-bit */
  s->spent = spent;
  s->st = st;
  spent->positions = spent->steps = 0;
  if (n > UINT32_MAX / 8) return CGT_LIMIT;
  uint32_t V = g->n, E = g->off[V];
  s->canon = cgt_malloc((V ? V : 1) * sizeof *s->canon);
  s->coff = cgt_calloc(V ? V : 1, sizeof *s->coff);
  s->cend = cgt_calloc(V ? V : 1, sizeof *s->cend);
  s->copt = cgt_malloc((E ? E : 1) * sizeof *s->copt);
  s->child = cgt_malloc((n + 1) * sizeof *s->child);
  s->run_start = cgt_malloc((n + 1) * sizeof *s->run_start);
  s->run_len = cgt_malloc((n + 1) * sizeof *s->run_len);
  s->scan_j = cgt_malloc((n + 1) * sizeof *s->scan_j);
  s->scan_o = cgt_malloc((n + 1) * sizeof *s->scan_o);
  s->pick = cgt_malloc((n + 1) * sizeof *s->pick);
  s->moved = cgt_malloc((n + 1) * sizeof *s->moved);
  s->stay = cgt_malloc((n + 1) * sizeof *s->stay);
  if (!s->canon || !s->coff || !s->cend || !s->copt || !s->child || !s->run_start || !s->run_len || !s->scan_j ||
      !s->scan_o || !s->pick || !s->moved || !s->stay)
    return CGT_NOMEM;
  for (uint32_t u = 0; u < V; u++)
    while (g->grundy[u] != CGT_GRUNDY_INF && s->bits < 32 && g->grundy[u] >> s->bits) s->bits++;
  return make_classes(s, tok, n);
}

/* The representatives of tok[0..n-1], sorted, into s->child; sets s->L. */
static uint32_t start_key(searcher *s, const uint32_t *tok, size_t n) {
  uint32_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (s->canon[tok[i]] != DROP) s->child[m++] = s->canon[tok[i]];
  sort_tokens(s->child, m);
  s->L = m ? m : 1;
  if (!m) s->child[0] = DROP;
  return m;
}

const char *cgt_nimk_budget_passed(const cgt_nimk_budget *budget, const cgt_nimk_spent *spent, uint64_t *most) {
  if (spent->positions >= budget->positions) {
    *most = budget->positions;
    return "positions";
  }
  if (spent->steps > budget->steps) {
    *most = budget->steps;
    return "steps";
  }
  *most = budget->bytes;
  return "bytes";
}

cgt_rc cgt_nimk_search_win(uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                           const cgt_nimk_budget *budget, int *win, cgt_nimk_spent *spent, cgt_stop *st) {
  searcher s;
  int res = LOST;
  cgt_rc rc = setup(&s, k, g, tok, n, budget, spent, st);
  if (rc == CGT_OK) rc = solve(&s, start_key(&s, tok, n), &res);
  *win = res == WON;
  searcher_free(&s);
  return rc;
}

/* Orders two uint64_t for qsort. */
static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Sorts the tokens a[0..n-1] by their representatives, then by node: equal
** tokens stay together, and their representatives are in order. */
static cgt_rc sort_by_class(const searcher *s, uint32_t *a, uint32_t n) {
  uint64_t *key = cgt_malloc((n ? n : 1) * sizeof *key);
  if (!key) return CGT_NOMEM;
  for (uint32_t i = 0; i < n; i++) key[i] = (uint64_t)s->canon[a[i]] << 32 | a[i];
  qsort(key, n, sizeof *key, cmp_u64);
  for (uint32_t i = 0; i < n; i++) a[i] = (uint32_t)key[i];
  cgt_free(key);
  return CGT_OK;
}

/* n!/((n-r)! r!) into *c; 0 when it exceeds 2^63 - 1. */
static int binomial(uint64_t n, uint64_t r, uint64_t *c) {
  unsigned __int128 x = 1;
  for (uint64_t i = 0; i < r; i++) {
    x = x * (n - i) / (i + 1);
    if (x > INT64_MAX) return 0;
  }
  *c = (uint64_t)x;
  return 1;
}

/* How many moves of labelled tokens and distinct graph moves the move
** (j, o) stands for: in run t, which j[t] of its len[t] tokens move, times
** the ways to give them the multiset of moves o (a multinomial). */
static int move_weight(const runs *ru, const uint32_t *j, const uint32_t *o, uint64_t *w) {
  unsigned __int128 x = 1;
  for (uint32_t t = 0; t < ru->r; t++) {
    uint64_t c;
    if (!j[t]) continue;
    if (!binomial(ru->len[t], j[t], &c)) return 0;
    x *= c;
    const uint32_t *ot = o + ru->start[t];
    for (uint32_t i = 0, left = j[t]; i < j[t] && x <= INT64_MAX;) {
      uint32_t same = 1;
      while (i + same < j[t] && ot[i + same] == ot[i]) same++;
      if (!binomial(left, same, &c)) return 0;
      x *= c;
      left -= same;
      i += same;
    }
    if (x > INT64_MAX) return 0;
  }
  *w = (uint64_t)x;
  return 1;
}

cgt_rc cgt_nimk_search_count(uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                             const cgt_nimk_budget *budget, uint64_t *count, cgt_nimk_spent *spent, cgt_stop *st) {
  searcher s;
  *count = 0;
  cgt_rc rc = setup(&s, k, g, tok, n, budget, spent, st);
  uint32_t E = g->off[g->n];
  uint32_t *a = cgt_malloc((n + 1) * sizeof *a), *j = cgt_calloc(n + 1, sizeof *j), *o = cgt_calloc(n + 1, sizeof *o);
  uint32_t *start = cgt_malloc((n + 1) * sizeof *start), *len = cgt_malloc((n + 1) * sizeof *len);
  uint32_t *mapped = cgt_malloc((E ? E : 1) * sizeof *mapped);   /* each move's target, as a representative */
  if (rc == CGT_OK && !(a && j && o && start && len && mapped)) rc = CGT_NOMEM;
  if (rc == CGT_OK) {
    start_key(&s, tok, n);   /* sets the key length */
    memcpy(a, tok, n * sizeof *a);
    rc = sort_by_class(&s, a, (uint32_t)n);
  }
  if (rc == CGT_OK) {
    for (uint32_t e = 0; e < E; e++) mapped[e] = s.canon[g->out[e]];
    runs ru = {0, start, len};
    moves_view mv = {g->off, g->off + 1, mapped};
    make_runs(&ru, a, (uint32_t)n);
    /* every move of the original tokens, by multisets; each leads to a
    ** position of representatives, searched with one shared memory */
    while (rc == CGT_OK && next_move(&ru, &mv, a, j, o, k)) {
      int res;
      uint64_t w;
      if ((rc = charge_move(&s, (uint32_t)n))) break;
      if ((rc = solve(&s, make_child(&s, &ru, &mv, s.canon, a, j, o), &res)) || res != LOST) continue;
      if (!move_weight(&ru, j, o, &w) || (*count += w) > INT64_MAX) rc = CGT_TOOBIG;
    }
  }
  cgt_free(a);
  cgt_free(j);
  cgt_free(o);
  cgt_free(start);
  cgt_free(len);
  cgt_free(mapped);
  searcher_free(&s);
  return rc;
}
