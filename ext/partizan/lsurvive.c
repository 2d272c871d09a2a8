/*
** Comparing stoppers by the survival criterion (loopy.h): G <= H when
** Left, moving second in H - G, does not lose.  One retrograde analysis of
** the states (a, b, player to move) of H_b - G_a, for every pair at once:
** Left moves to a Right option of a or a Left option of b, Right to a Left
** option of a or a Right option of b; a player without a move loses, and
** what is neither won nor lost is a draw (survival for both).
*/
#include <string.h>

#include "loopy.h"

/* The reverse of the edges o/d of n vertices: the sources of the edges
** into w are src[off[w] .. off[w+1]). */
static cgt_rc reverse(uint32_t n, const uint32_t *o, const uint32_t *d, uint32_t **off, uint32_t **src) {
  *off = cgt_calloc((size_t)n + 2, sizeof **off);
  *src = cgt_malloc(((size_t)o[n] + 1) * sizeof **src);
  if (!*off || !*src) return CGT_NOMEM;
  for (uint32_t e = 0; e < o[n]; e++) (*off)[d[e] + 2]++;
  for (uint32_t v = 0; v < n; v++) (*off)[v + 2] += (*off)[v + 1];
  for (uint32_t v = 0; v < n; v++)
    for (uint32_t e = o[v]; e < o[v + 1]; e++) (*src)[(*off)[d[e] + 1]++] = v;
  return CGT_OK;
}

enum { UNKNOWN, WON, LOST };   /* for the player to move */

/* The moves of state x = 2 * (a * nh + b) + m (m = 1: Right to move) in
** part 0 (G, negated) or 1 (H): each(y) for every state y they lead to. */
#define EACH_MOVE(g, h, x, part, y, ...)                                                         \
  do {                                                                                            \
    uint32_t m_ = (x) & 1, p_ = (x) >> 1, a_ = p_ / (h)->n, b_ = p_ % (h)->n;                     \
    const uint32_t *o_ = (part) ? (m_ ? (h)->ro : (h)->lo) : (m_ ? (g)->lo : (g)->ro);            \
    const uint32_t *d_ = (part) ? (m_ ? (h)->re : (h)->le) : (m_ ? (g)->le : (g)->re);            \
    uint32_t w_ = (part) ? b_ : a_;                                                               \
    for (uint32_t e_ = o_[w_]; e_ < o_[w_ + 1]; e_++) {                                           \
      uint32_t y = (part) ? 2 * (a_ * (h)->n + d_[e_]) + (1 - m_) : 2 * (d_[e_] * (h)->n + b_) + (1 - m_); \
      __VA_ARGS__                                                                                 \
    }                                                                                             \
  } while (0)

/* The predecessors of state x through a move in part (0 G, 1 H): each(y). */
#define EACH_PRED(g, h, rv, x, part, y, ...)                                                     \
  do {                                                                                            \
    uint32_t m_ = (x) & 1, p_ = (x) >> 1, a_ = p_ / (h)->n, b_ = p_ % (h)->n;                     \
    /* the mover before was the other player: m_ = 1 (Right to move): Left moved to a Right     \
    ** option of G or a Left option of H */                                                      \
    const uint32_t *off_ = (part) ? (m_ ? (rv)[4] : (rv)[6]) : (m_ ? (rv)[2] : (rv)[0]);          \
    const uint32_t *src_ = (part) ? (m_ ? (rv)[5] : (rv)[7]) : (m_ ? (rv)[3] : (rv)[1]);          \
    uint32_t w_ = (part) ? b_ : a_;                                                               \
    for (uint32_t e_ = off_[w_]; e_ < off_[w_ + 1]; e_++) {                                       \
      uint32_t y = (part) ? 2 * (a_ * (h)->n + src_[e_]) + (1 - m_) : 2 * (src_[e_] * (h)->n + b_) + (1 - m_); \
      __VA_ARGS__                                                                                 \
    }                                                                                             \
  } while (0)

/* Spreads the decided states queue[*head .. *tail): a state with a move to
** one lost for its mover is won; one whose moves all reach won states is lost. */
static cgt_rc propagate(cg_store *s, const lg_graph *h, uint32_t *const *rv, uint32_t *count,
                        uint8_t *res, uint32_t *queue, uint32_t *head, uint32_t *tail) {
  while (*head < *tail) {
    uint32_t x = queue[(*head)++], work = 1;
    for (int part = 0; part < 2; part++)
      EACH_PRED(g, h, rv, x, part, y, {
        work++;
        if (res[y] != UNKNOWN) continue;
        if (res[x] == LOST) res[y] = WON, queue[(*tail)++] = y;
        else if (--count[y] == 0) res[y] = LOST, queue[(*tail)++] = y;
      });
    if (cg_work(s, work)) return CGT_INTERRUPTED;
  }
  return CGT_OK;
}

/* good[x] for the undecided states: Left to move, a move in the part Left
** wants (H for the onside, G for the offside) to an undecided state, or any
** move to a good state; Right to move, every move in the other part leads
** to a good state or one Left wins.  The least such set, by a worklist
** (stack: room for every state). */
static cgt_rc mark_good(cg_store *s, const lg_graph *g, const lg_graph *h, uint32_t *const *rv, int onside,
                        const uint8_t *res, uint8_t *good, uint32_t *exits, uint32_t *stack) {
  uint32_t states = 2 * g->n * h->n, top = 0, free_part = onside ? 1 : 0;
  for (uint32_t x = 0; x < states; x++) {
    good[x] = 0;
    if (res[x] != UNKNOWN) continue;
    if (x & 1) {   /* Right to move: count the exits in the other part */
      uint32_t n = 0;
      EACH_MOVE(g, h, x, 1 - free_part, y, { n += res[y] == UNKNOWN; });
      exits[x] = n;
      if (!n) good[x] = 1, stack[top++] = x;
    } else {
      int yes = 0;
      EACH_MOVE(g, h, x, free_part, y, { yes |= res[y] == UNKNOWN; });
      if (yes) good[x] = 1, stack[top++] = x;
    }
    if ((x & 1023) == 0 && cg_work(s, 1024)) return CGT_INTERRUPTED;
  }
  while (top) {
    uint32_t x = stack[--top], work = 1;
    for (int part = 0; part < 2; part++)
      EACH_PRED(g, h, rv, x, part, y, {
        work++;
        if (res[y] != UNKNOWN || good[y]) continue;
        if (!(y & 1)) good[y] = 1, stack[top++] = y;   /* Left moves to a good state */
        else if ((uint32_t)part != free_part && --exits[y] == 0) good[y] = 1, stack[top++] = y;
      });
    if (cg_work(s, work)) return CGT_INTERRUPTED;
  }
  return CGT_OK;
}

cgt_rc lg_le_table(cg_store *s, const lg_graph *g, const lg_graph *h, int mode, uint8_t *le) {
  uint64_t pairs = (uint64_t)g->n * h->n, states = 2 * pairs;
  if (states >= UINT32_MAX) return CGT_TOOBIG;
  cgt_stop *st = cg_store_get_stop(s);
  uint64_t bytes = states * (mode == LG_SURVIVE ? 9 : 14);
  if (cgt_stop_reserve(st, bytes)) return CGT_MEMORY;
  uint32_t *count = cgt_malloc((size_t)states * sizeof *count), *queue = cgt_malloc((size_t)states * sizeof *queue);
  uint8_t *res = cgt_calloc((size_t)states, 1);
  uint32_t *rv[8] = {0};   /* reverse edges: G's Left, G's Right, H's Left, H's Right (off, src) */
  cgt_rc rc = count && queue && res ? CGT_OK : CGT_NOMEM;
  if (rc == CGT_OK) rc = reverse(g->n, g->lo, g->le, &rv[0], &rv[1]);
  if (rc == CGT_OK) rc = reverse(g->n, g->ro, g->re, &rv[2], &rv[3]);
  if (rc == CGT_OK) rc = reverse(h->n, h->lo, h->le, &rv[4], &rv[5]);
  if (rc == CGT_OK) rc = reverse(h->n, h->ro, h->re, &rv[6], &rv[7]);
  uint32_t head = 0, tail = 0, nh = h->n;
  for (uint32_t a = 0; a < g->n && rc == CGT_OK; a++) {
    for (uint32_t b = 0; b < nh; b++) {
      uint32_t x = 2 * (a * nh + b);
      count[x] = g->ro[a + 1] - g->ro[a] + h->lo[b + 1] - h->lo[b];       /* Left to move */
      count[x + 1] = g->lo[a + 1] - g->lo[a] + h->ro[b + 1] - h->ro[b];   /* Right to move */
      if (!count[x]) res[x] = LOST, queue[tail++] = x;
      if (!count[x + 1]) res[x + 1] = LOST, queue[tail++] = x + 1;
    }
    rc = cg_work(s, nh);
  }
  rc = rc ? rc : propagate(s, h, rv, count, res, queue, &head, &tail);
  /* Sides: the states neither player can force a win from are draws for
  ** stoppers; for a side, Left survives an infinite play only when it moves
  ** infinitely often in H (onside) or in G (offside).  The states from which
  ** Left cannot force such a move ("good" ones reach one) are lost for
  ** Left; then the wins spread, and again, until nothing changes. */
  uint8_t *good = mode == LG_SURVIVE || rc ? NULL : cgt_malloc((size_t)states);
  uint32_t *exits = good ? cgt_malloc((size_t)states * sizeof *exits) : NULL;
  if (mode != LG_SURVIVE && rc == CGT_OK && (!good || !exits)) rc = CGT_NOMEM;
  for (uint32_t before = tail + 1; mode != LG_SURVIVE && rc == CGT_OK && before != tail;) {
    before = tail;
    rc = mark_good(s, g, h, rv, mode == LG_ONSIDE, res, good, exits, queue + tail);
    for (uint32_t x = 0; x < states && rc == CGT_OK; x++)
      if (res[x] == UNKNOWN && !good[x]) res[x] = (x & 1) ? WON : LOST, queue[tail++] = x;
    if (rc == CGT_OK) rc = propagate(s, h, rv, count, res, queue, &head, &tail);
  }
  cgt_free(good);
  cgt_free(exits);
  if (rc == CGT_OK)
    for (uint64_t p = 0; p < pairs; p++) le[p] = res[2 * p + 1] != WON;
  for (int i = 0; i < 8; i++) cgt_free(rv[i]);
  cgt_free(count);
  cgt_free(queue);
  cgt_free(res);
  cgt_stop_release(st, bytes);
  return rc;
}

cgt_rc lg_le(cg_store *s, const lg_graph *g, const lg_graph *h, int mode, int *le) {
  uint64_t pairs = (uint64_t)g->n * h->n;
  if (2 * pairs >= UINT32_MAX) return CGT_TOOBIG;
  cgt_stop *st = cg_store_get_stop(s);
  if (cgt_stop_reserve(st, pairs)) return CGT_MEMORY;
  uint8_t *t = cgt_malloc((size_t)pairs + 1);
  cgt_rc rc = t ? lg_le_table(s, g, h, mode, t) : CGT_NOMEM;
  if (rc == CGT_OK) *le = t[(size_t)g->root * h->n + h->root];
  cgt_free(t);
  cgt_stop_release(st, pairs);
  return rc;
}
