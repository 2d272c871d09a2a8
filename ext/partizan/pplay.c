/* Partizan outcome classes by play over (position, mover) states; see pplay.h. */
#include "pplay.h"

#include <stdlib.h>
#include <string.h>

const char *cg_play_class_name(int cls) {
  static const char *const names[] = {"L", "R", "N", "P", "D", "NHat", "NCheck", "PHat", "PCheck"};
  return cls >= 0 && cls <= CG_PLAY_PCHECK ? names[cls] : "?";
}

/* The states found: state s has mover s & 1 (0 Left, 1 Right) and tokens
** key[(s >> 1) * k ..]: a tuple found once serves both movers. */
typedef struct play {
  const cg_playgraph *const *g;
  uint32_t k;
  uint32_t *key;        /* k a tuple */
  uint32_t ntuples, cap;
  uint32_t *slot, nslots;   /* hash of the tuples: index + 1, 0 empty */
  uint32_t *from, *to;      /* the moves between states, in order of discovery */
  uint64_t nmoves, mcap;
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

/* The index of tuple t, added when new. */
static cgt_rc tuple_index(play *P, const uint32_t *t, uint32_t *x) {
  if (2 * (uint64_t)(P->ntuples + 1) > P->nslots) {
    cgt_rc rc = grow_slots(P);
    if (rc) return rc;
  }
  uint32_t h = (uint32_t)tuple_hash(t, P->k) & (P->nslots - 1);
  for (; P->slot[h]; h = (h + 1) & (P->nslots - 1))
    if (P->k == 0 || memcmp(P->key + (size_t)(P->slot[h] - 1) * P->k, t, P->k * sizeof *t) == 0) {
      *x = P->slot[h] - 1;
      return CGT_OK;
    }
  if (P->ntuples >= (UINT32_MAX >> 1) - 1) return CGT_MEMORY;
  if (P->ntuples == P->cap) {
    uint32_t cap = P->cap ? 2 * P->cap : 1024;
    if (reserve(P, (uint64_t)(cap - P->cap) * (P->k ? P->k : 1) * sizeof *P->key)) return CGT_MEMORY;
    uint32_t *key = cgt_realloc(P->key, (size_t)cap * (P->k ? P->k : 1) * sizeof *key);
    if (!key) return CGT_NOMEM;
    P->key = key;
    P->cap = cap;
  }
  memcpy(P->key + (size_t)P->ntuples * P->k, t, P->k * sizeof *t);
  P->slot[h] = P->ntuples + 1;
  *x = P->ntuples++;
  return CGT_OK;
}

static cgt_rc add_move(play *P, uint32_t from, uint32_t to) {
  if (P->nmoves == P->mcap) {
    uint64_t cap = P->mcap ? 2 * P->mcap : 4096;
    if (reserve(P, (cap - P->mcap) * 2 * sizeof *P->from)) return CGT_MEMORY;
    uint32_t *f = cgt_realloc(P->from, (size_t)cap * sizeof *f);
    if (f) P->from = f;
    uint32_t *t = f ? cgt_realloc(P->to, (size_t)cap * sizeof *t) : NULL;
    if (!t) return CGT_NOMEM;
    P->to = t;
    P->mcap = cap;
  }
  P->from[P->nmoves] = from;
  P->to[P->nmoves++] = to;
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

/* Finds every state reachable from tuple 0 with either mover, and its moves. */
static cgt_rc explore(play *P) {
  uint32_t *u = cgt_malloc(((size_t)P->k + 1) * sizeof *u);
  if (!u) return CGT_NOMEM;
  cgt_rc rc = CGT_OK;
  for (uint32_t x = 0; rc == CGT_OK && x < P->ntuples; x++) {   /* (ntuples grows as states are found) */
    for (uint32_t i = 0; rc == CGT_OK && i < P->k; i++) {
      const uint32_t *t = P->key + (size_t)x * P->k;
      uint32_t v = t[i];
      const cg_playgraph *gi = P->g[i];
      if (i > 0 && gi == P->g[i - 1] && t[i - 1] == v) continue;   /* the same token's moves again */
      for (uint32_t e = gi->off[v]; rc == CGT_OK && e < gi->off[v + 1]; e++) {
        uint32_t y;
        moved(P, P->key + (size_t)x * P->k, i, gi->dst[e], u);
        rc = tuple_index(P, u, &y);
        /* Left's move from (x, Left) goes to (y, Right); Right's from (x, Right) to (y, Left) */
        if (rc == CGT_OK && (gi->who[e] & 1)) rc = add_move(P, 2 * x, 2 * y + 1);
        if (rc == CGT_OK && (gi->who[e] & 2)) rc = add_move(P, 2 * x + 1, 2 * y);
        if (rc == CGT_OK && cgt_stop_charge(P->st, 4)) rc = CGT_INTERRUPTED;
      }
    }
  }
  cgt_free(u);
  return rc;
}

enum { UNKNOWN, WIN, LOSS };   /* for the player to move */

/* Retrograde analysis: a state without a move is lost; one with a move to a
** lost state is won; one whose every move reaches a won state is lost; the
** rest are draws.  Into status[2 * ntuples]. */
static cgt_rc solve(play *P, uint8_t *status) {
  uint64_t ns = 2 * (uint64_t)P->ntuples;
  cgt_rc rc = reserve(P, (ns + 1) * sizeof(uint32_t) * 2 + P->nmoves * sizeof(uint32_t) + ns * sizeof(uint32_t));
  if (rc) return rc;
  uint32_t *count = cgt_calloc((size_t)ns + 1, sizeof *count), *in_off = cgt_calloc((size_t)ns + 2, sizeof *in_off);
  uint32_t *in = cgt_malloc((size_t)(P->nmoves ? P->nmoves : 1) * sizeof *in), *queue = cgt_malloc((size_t)ns * sizeof *queue);
  if (!count || !in_off || !in || !queue) rc = CGT_NOMEM;
  for (uint64_t e = 0; rc == CGT_OK && e < P->nmoves; e++) count[P->from[e]]++, in_off[P->to[e] + 1]++;
  for (uint64_t s = 0; rc == CGT_OK && s < ns; s++) in_off[s + 1] += in_off[s];
  for (uint64_t e = 0; rc == CGT_OK && e < P->nmoves; e++) in[in_off[P->to[e]]++] = P->from[e];
  for (uint64_t s = ns; rc == CGT_OK && s > 0; s--) in_off[s] = in_off[s - 1];   /* back to the starts */
  if (rc == CGT_OK) in_off[0] = 0;
  uint64_t head = 0, tail = 0;
  for (uint64_t s = 0; rc == CGT_OK && s < ns; s++)
    if (count[s] == 0) status[s] = LOSS, queue[tail++] = (uint32_t)s;
  while (rc == CGT_OK && head < tail) {
    uint32_t s = queue[head++];
    for (uint32_t j = in_off[s]; j < in_off[s + 1]; j++) {
      uint32_t p = in[j];
      if (status[p] != UNKNOWN) continue;
      if (status[s] == LOSS) status[p] = WIN, queue[tail++] = p;
      else if (--count[p] == 0) status[p] = LOSS, queue[tail++] = p;
    }
    if (cgt_stop_charge(P->st, 1 + in_off[s + 1] - in_off[s])) rc = CGT_INTERRUPTED;
  }
  cgt_free(count);
  cgt_free(in_off);
  cgt_free(in);
  cgt_free(queue);
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
  cgt_free(P.key);
  cgt_free(P.slot);
  cgt_free(P.from);
  cgt_free(P.to);
  cgt_stop_release(st, P.held);
  return rc;
}
