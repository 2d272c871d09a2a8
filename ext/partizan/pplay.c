/* Partizan outcome classes by play over (position, mover) states; see pplay.h. */
#include "pplay.h"

#include <stdlib.h>
#include <string.h>

const char *cg_play_class_name(int cls) {
  static const char *const names[] = {"L", "R", "N", "P", "D", "NHat", "NCheck", "PHat", "PCheck"};
  return cls >= 0 && cls <= CG_PLAY_PCHECK ? names[cls] : "?";
}

/* The moves into each node of a graph: from src[off[v]..off[v+1]), by
** who[] as the graph's. */
typedef struct reverse {
  const cg_playgraph *g;
  uint32_t *off, *src;
  uint8_t *who;
} reverse;

/* The states found: state s has mover s & 1 (0 Left, 1 Right) and tokens
** key[(s >> 1) * k ..]: a tuple found once serves both movers. */
typedef struct play {
  const cg_playgraph *const *g;
  uint32_t k;
  uint32_t *key;        /* k a tuple */
  uint32_t ntuples, cap;
  uint32_t *slot, nslots;   /* hash of the tuples: index + 1, 0 empty */
  uint32_t *count;          /* count[s]: the distinct states state s moves to */
  const struct reverse **rev;   /* rev[i]: the moves into each node of token i's graph */
  cgt_stop *st;
  uint64_t held;            /* bytes reserved from st */
} play;

static cgt_rc reserve(play *P, uint64_t bytes) {
  if (cgt_stop_reserve(P->st, bytes)) return CGT_MEMORY;
  P->held += bytes;
  return CGT_OK;
}

static uint64_t tuple_hash(const uint32_t *t, uint32_t k) {
  uint64_t h = 0x9e3779b97f4a7c15ull + k;
  for (uint32_t i = 0; i < k; i++) h = cgt_mix64(h ^ t[i]);
  return h;
}

static cgt_rc grow_slots(play *P) {
  uint32_t n = P->nslots ? 2 * P->nslots : 1024;
  if (n < P->nslots || reserve(P, (uint64_t)n * sizeof *P->slot)) return CGT_MEMORY;
  uint32_t *slot = cgt_calloc(n, sizeof *slot);
  if (!slot) return CGT_NOMEM;
  for (uint32_t x = 0; x < P->ntuples; x++) {
    uint32_t h = (uint32_t)tuple_hash(P->key + (size_t)x * P->k, P->k) & (n - 1);
    while (slot[h]) h = (h + 1) & (n - 1);
    slot[h] = x + 1;
  }
  cgt_free(P->slot);
  P->slot = slot;
  P->nslots = n;
  return CGT_OK;
}

/* The slot of tuple t: its index + 1, or 0 where it would go. */
static uint32_t *tuple_slot(const play *P, const uint32_t *t) {
  uint32_t h = (uint32_t)tuple_hash(t, P->k) & (P->nslots - 1);
  for (; P->slot[h]; h = (h + 1) & (P->nslots - 1))
    if (P->k == 0 || memcmp(P->key + (size_t)(P->slot[h] - 1) * P->k, t, P->k * sizeof *t) == 0) break;
  return &P->slot[h];
}

/* The index of tuple t, added when new. */
static cgt_rc tuple_index(play *P, const uint32_t *t, uint32_t *x) {
  if (2 * (uint64_t)(P->ntuples + 1) > P->nslots) {
    cgt_rc rc = grow_slots(P);
    if (rc) return rc;
  }
  uint32_t *slot = tuple_slot(P, t);
  if (*slot) {
    *x = *slot - 1;
    return CGT_OK;
  }
  if (P->ntuples >= (UINT32_MAX >> 1) - 1) return CGT_MEMORY;
  if (P->ntuples == P->cap) {   /* the keys and the two counts of each tuple */
    uint32_t cap = P->cap ? 2 * P->cap : 1024;
    if (reserve(P, (uint64_t)(cap - P->cap) * ((P->k ? P->k : 1) + 2) * sizeof *P->key)) return CGT_MEMORY;
    uint32_t *key = cgt_realloc(P->key, (size_t)cap * (P->k ? P->k : 1) * sizeof *key);
    if (key) P->key = key;
    uint32_t *count = key ? cgt_realloc(P->count, (size_t)cap * 2 * sizeof *count) : NULL;
    if (!count) return CGT_NOMEM;
    P->count = count;
    P->cap = cap;
    slot = tuple_slot(P, t);
  }
  memcpy(P->key + (size_t)P->ntuples * P->k, t, P->k * sizeof *t);
  *slot = P->ntuples + 1;
  *x = P->ntuples++;
  return CGT_OK;
}

/* Moves token i of tuple t (its graph's tokens sorted) to node w, keeping
** them sorted, into u. */
static void moved(const play *P, const uint32_t *t, uint32_t i, uint32_t w, uint32_t *u) {
  memcpy(u, t, P->k * sizeof *u);
  u[i] = w;
  const cg_playgraph *gi = P->g[i];
  while (i > 0 && P->g[i - 1] == gi && u[i - 1] > u[i]) {
    uint32_t x = u[i - 1];
    u[i - 1] = u[i], u[i] = x, i--;
  }
  while (i + 1 < P->k && P->g[i + 1] == gi && u[i + 1] < u[i]) {
    uint32_t x = u[i + 1];
    u[i + 1] = u[i], u[i] = x, i++;
  }
}

/* Sorts list[0..n-1] and drops repeats; returns how many remain. */
static uint32_t distinct(uint32_t *list, uint32_t n) {
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t j = i; j > 0 && list[j - 1] > list[j]; j--) {
      uint32_t t = list[j - 1];
      list[j - 1] = list[j], list[j] = t;
    }
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (m == 0 || list[m - 1] != list[i]) list[m++] = list[i];
  return m;
}

/* Room for n in the buffer *buf of *cap. */
static cgt_rc room(uint32_t **buf, uint32_t *cap, uint32_t n) {
  if (n <= *cap) return CGT_OK;
  uint32_t c = *cap ? *cap : 64;
  while (c < n) c *= 2;
  uint32_t *b = cgt_realloc(*buf, (size_t)c * sizeof *b);
  if (!b) return CGT_NOMEM;
  *buf = b, *cap = c;
  return CGT_OK;
}

/* Finds every tuple reachable from tuple 0 by either player's moves, and
** how many distinct states each state moves to (count[2x + mover]).  The
** moves themselves are not kept: solve makes them again, backwards. */
static cgt_rc explore(play *P) {
  uint32_t *u = cgt_malloc(((size_t)P->k + 1) * sizeof *u), *succ[2] = {NULL, NULL}, cap[2] = {0, 0};
  if (!u) return CGT_NOMEM;
  cgt_rc rc = CGT_OK;
  for (uint32_t x = 0; rc == CGT_OK && x < P->ntuples; x++) {   /* (ntuples grows as states are found) */
    uint32_t n[2] = {0, 0};
    for (uint32_t i = 0; rc == CGT_OK && i < P->k; i++) {
      const uint32_t *t = P->key + (size_t)x * P->k;
      uint32_t v = t[i];
      const cg_playgraph *gi = P->g[i];
      if (i > 0 && gi == P->g[i - 1] && t[i - 1] == v) continue;   /* the same token's moves again */
      for (uint32_t e = gi->off[v]; rc == CGT_OK && e < gi->off[v + 1]; e++) {
        uint32_t y;
        moved(P, P->key + (size_t)x * P->k, i, gi->dst[e], u);
        rc = tuple_index(P, u, &y);
        for (int m = 0; rc == CGT_OK && m < 2; m++)   /* Left's moves (m = 0), Right's */
          if ((gi->who[e] & (1 << m)) && (rc = room(&succ[m], &cap[m], n[m] + 1)) == CGT_OK) succ[m][n[m]++] = y;
        if (rc == CGT_OK && cgt_stop_charge(P->st, 4)) rc = CGT_INTERRUPTED;
      }
    }
    if (rc == CGT_OK)
      for (int m = 0; m < 2; m++) P->count[2 * (size_t)x + m] = distinct(succ[m], n[m]);
  }
  cgt_free(u);
  cgt_free(succ[0]);
  cgt_free(succ[1]);
  return rc;
}

/* The moves into each node of g (reversed once for all its tokens). */
static cgt_rc reverse_make(play *P, const cg_playgraph *g, reverse *r) {
  uint32_t m = g->off[g->n];
  r->g = g;
  if (reserve(P, ((uint64_t)g->n + 2) * sizeof *r->off + (uint64_t)m * (sizeof *r->src + 1))) return CGT_MEMORY;
  r->off = cgt_calloc((size_t)g->n + 2, sizeof *r->off);
  r->src = cgt_malloc(((size_t)m + 1) * sizeof *r->src);
  r->who = cgt_malloc((size_t)m + 1);
  if (!r->off || !r->src || !r->who) return CGT_NOMEM;
  for (uint32_t e = 0; e < m; e++) r->off[g->dst[e] + 2]++;
  for (uint32_t v = 0; v < g->n; v++) r->off[v + 2] += r->off[v + 1];
  for (uint32_t u = 0; u < g->n; u++)
    for (uint32_t e = g->off[u]; e < g->off[u + 1]; e++) {
      uint32_t at = r->off[g->dst[e] + 1]++;
      r->src[at] = u, r->who[at] = g->who[e];
    }
  return CGT_OK;
}

enum { UNKNOWN, WIN, LOSS };   /* for the player to move */

/* Retrograde analysis: a state without a move is lost; one with a move to a
** lost state is won; one whose every move reaches a won state is lost; the
** rest are draws.  Into status[2 * ntuples].  The moves into a state are
** made again from the graphs' reversed moves: each distinct state before
** it once, as explore counted them. */
static cgt_rc solve(play *P, uint8_t *status) {
  uint64_t ns = 2 * (uint64_t)P->ntuples;
  cgt_rc rc = reserve(P, ns * sizeof(uint32_t));
  uint32_t *queue = rc ? NULL : cgt_malloc((size_t)(ns ? ns : 1) * sizeof *queue);
  uint32_t *u = cgt_malloc(((size_t)P->k + 1) * sizeof *u), *pred = NULL, cap = 0;
  if (!rc && (!queue || !u)) rc = CGT_NOMEM;
  uint64_t head = 0, tail = 0;
  for (uint64_t s = 0; rc == CGT_OK && s < ns; s++)
    if (P->count[s] == 0) status[s] = LOSS, queue[tail++] = (uint32_t)s;
  while (rc == CGT_OK && head < tail) {
    uint32_t s = queue[head++], y = s >> 1, m = 1 - (s & 1), n = 0;   /* m moved into s */
    for (uint32_t i = 0; rc == CGT_OK && i < P->k; i++) {
      const reverse *r = P->rev[i];
      const uint32_t w = P->key[(size_t)y * P->k + i];
      for (uint32_t e = r->off[w]; rc == CGT_OK && e < r->off[w + 1]; e++) {
        if (!(r->who[e] & (1 << m))) continue;
        moved(P, P->key + (size_t)y * P->k, i, r->src[e], u);
        uint32_t slot = *tuple_slot(P, u);
        if (slot && (rc = room(&pred, &cap, n + 1)) == CGT_OK) pred[n++] = slot - 1;   /* (unreached: no state) */
      }
    }
    n = rc ? 0 : distinct(pred, n);
    for (uint32_t j = 0; j < n; j++) {
      uint32_t p = 2 * pred[j] + m;
      if (status[p] != UNKNOWN) continue;
      if (status[s] == LOSS) status[p] = WIN, queue[tail++] = p;
      else if (--P->count[p] == 0) status[p] = LOSS, queue[tail++] = p;
    }
    if (rc == CGT_OK && cgt_stop_charge(P->st, 4 + 4 * (uint64_t)n)) rc = CGT_INTERRUPTED;
  }
  cgt_free(queue);
  cgt_free(u);
  cgt_free(pred);
  return rc;
}

cgt_rc cg_play_outcome(const cg_playgraph *const *g, const uint32_t *at, uint32_t k, int *cls, cgt_stop *st) {
  play P = {0};
  P.g = g, P.k = k, P.st = st;
  uint32_t *start = cgt_malloc(((size_t)k + 1) * sizeof *start), x;
  uint8_t *status = NULL;
  cgt_rc rc = start ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) {   /* sorted within each graph's tokens */
    if (k) memcpy(start, at, k * sizeof *start);
    for (uint32_t i = 1; i < k; i++)
      for (uint32_t j = i; j > 0 && g[j - 1] == g[j] && start[j - 1] > start[j]; j--) {
        uint32_t t = start[j - 1];
        start[j - 1] = start[j], start[j] = t;
      }
    rc = tuple_index(&P, start, &x);
  }
  if (rc == CGT_OK) rc = explore(&P);
  /* the moves into each node, once for each graph */
  reverse *revs = rc ? NULL : cgt_calloc((size_t)k + 1, sizeof *revs);
  P.rev = rc ? NULL : cgt_calloc((size_t)k + 1, sizeof *P.rev);
  if (!rc && (!revs || !P.rev)) rc = CGT_NOMEM;
  for (uint32_t i = 0; rc == CGT_OK && i < k; i++)
    if (i > 0 && g[i] == g[i - 1]) P.rev[i] = P.rev[i - 1];
    else if ((rc = reverse_make(&P, g[i], &revs[i])) == CGT_OK) P.rev[i] = &revs[i];
  if (rc == CGT_OK && (rc = reserve(&P, 2 * (uint64_t)P.ntuples)) == CGT_OK &&
      !(status = cgt_calloc(2 * (size_t)P.ntuples, 1)))
    rc = CGT_NOMEM;
  if (rc == CGT_OK) rc = solve(&P, status);
  if (rc == CGT_OK) {
    /* tuple 0, Left to move, then Right to move: who wins each */
    int left_first = status[0] == WIN ? 'L' : status[0] == LOSS ? 'R' : 'D';
    int right_first = status[1] == WIN ? 'R' : status[1] == LOSS ? 'L' : 'D';
    static const struct { char a, b; int cls; } table[] = {
        {'L', 'L', CG_PLAY_L},    {'R', 'R', CG_PLAY_R},      {'L', 'R', CG_PLAY_N},     {'R', 'L', CG_PLAY_P},
        {'D', 'D', CG_PLAY_D},    {'L', 'D', CG_PLAY_NHAT},   {'R', 'D', CG_PLAY_PCHECK}, {'D', 'L', CG_PLAY_PHAT},
        {'D', 'R', CG_PLAY_NCHECK}};
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
      if (table[i].a == left_first && table[i].b == right_first) *cls = table[i].cls;
  }
  cgt_free(start);
  cgt_free(status);
  for (uint32_t i = 0; revs && i < k; i++) cgt_free(revs[i].off), cgt_free(revs[i].src), cgt_free(revs[i].who);
  cgt_free(revs);
  cgt_free(P.rev);
  cgt_free(P.key);
  cgt_free(P.count);
  cgt_free(P.slot);
  cgt_stop_release(st, P.held);
  return rc;
}
