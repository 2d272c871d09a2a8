/*
** Unit tests of the game of a player's packing (ext/boards/packing.c)
** against its exact value, by play written here: the player (P) makes one
** of his moves (an area counts two: the one by its wall is then safe); the
** other breaks an area, a lone move, one or two vulnerable moves (any two:
** more than the board allows him), or plays elsewhere.  A held move
** broken leaves its held square free for good.  The value of a play is
** four for each move P makes and one for each held move broken, once P has
** none left; P plays for the most, the other for the least.
**   - the moves kept (cg_kept_*) are a quarter of that value with no held
**     moves, moving second and first;
**   - the squares taken (cg_held_*) are never more than that value (the
**     search's bounds rest on it) and equal it with no held moves.
** Over every pool of up to 6 areas, 5 lone and 9 vulnerable moves, each
** held or not.
*/
#include <string.h>

#include "../../ext/boards/packing.h"
#include "../tap.h"

enum { A = 7, L = 6, V = 10 };   /* (bounds: up to A - 1 areas, ...) */
static int memo[A][L][L][V][V][2];

/* The exact value of the pool of a areas, ln lone and lp lone held, vn
** vulnerable and vp vulnerable held, P to move (p) or the other. */
static int value(int a, int ln, int lp, int vn, int vp, int p) {
  if (!a && !ln && !lp && !vn && !vp) return 0;
  int *m = &memo[a][ln][lp][vn][vp][p];
  if (*m >= 0) return *m;
  int best;
  if (p) {
    best = -1;
    int t;
#define TRY(cond, gain, ...) \
  if ((cond) && (t = (gain) + value(__VA_ARGS__, 0)) > best) best = t;
    TRY(a, 8, a - 1, ln, lp, vn, vp)
    TRY(ln, 4, a, ln - 1, lp, vn, vp)
    TRY(lp, 4, a, ln, lp - 1, vn, vp)
    TRY(vn, 4, a, ln, lp, vn - 1, vp)
    TRY(vp, 4, a, ln, lp, vn, vp - 1)
#undef TRY
  } else {
    best = value(a, ln, lp, vn, vp, 1);   /* (elsewhere) */
    int t;
#define TRY(cond, lost, ...) \
  if ((cond) && (t = (lost) + value(__VA_ARGS__, 1)) < best) best = t;
    TRY(a, 0, a - 1, ln, lp, vn, vp)
    TRY(ln, 0, a, ln - 1, lp, vn, vp)
    TRY(lp, 1, a, ln, lp - 1, vn, vp)
    TRY(vn, 0, a, ln, lp, vn - 1, vp)
    TRY(vp, 1, a, ln, lp, vn, vp - 1)
    TRY(vn >= 2, 0, a, ln, lp, vn - 2, vp)
    TRY(vn && vp, 1, a, ln, lp, vn - 1, vp - 1)
    TRY(vp >= 2, 2, a, ln, lp, vn, vp - 2)
#undef TRY
  }
  return *m = best;
}

int main(void) {
  memset(memo, -1, sizeof memo);
  int kept = 1, below = 1, equal = 1, tight = 0, pools = 0;
  for (int a = 0; a < A; a++)
    for (int ln = 0; ln < L; ln++)
      for (int lp = 0; lp < L; lp++)
        for (int vn = 0; vn < V; vn++)
          for (int vp = 0; vp < V; vp++) {
            int second = value(a, ln, lp, vn, vp, 0), first = value(a, ln, lp, vn, vp, 1);
            uint64_t h2 = cg_held_second(a, ln + lp, lp, vn + vp, vp), h1 = cg_held_first(a, ln + lp, lp, vn + vp, vp);
            pools++;
            if (h2 > (uint64_t)second || h1 > (uint64_t)first) below = 0;
            tight += h2 == (uint64_t)second && h1 == (uint64_t)first;
            if (lp || vp) continue;
            if (4 * cg_kept_second(a, ln, vn) != (uint64_t)second || 4 * cg_kept_first(a, ln, vn) != (uint64_t)first)
              kept = 0;
            if (h2 != (uint64_t)second || h1 != (uint64_t)first) equal = 0;
          }
  ok(kept, "the moves kept, moving second and first, are the game's, with no held moves");
  ok(equal, "so are the squares taken");
  ok(below, "the squares taken are never more than the game's, held moves or not (%d pools)", pools);
  ok(tight * 2 > pools, "and equal them in most pools (%d of %d)", tight, pools);
  return tap_done();
}
