/*
** Unit tests of Moore's Nim_k and of random sums, against brute force
** written here: game-tree search over heaps of Nim_k, enumeration of moves,
** and a truncated series over all token sequences.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/graph/game.h"
#include "../../ext/nimk/nimk.h"
#include "../../ext/nimk/search.h"
#include "../../ext/nimk/randsum.h"
#include "../tap.h"

/* Budgets for the core's functions here (the SQL functions count no steps
** or positions, and give them the 'memory' setting's bytes). */
#define COUNT_STEPS 200000000u
#define COUNT_BYTES ((uint64_t)64 << 20)
#define SEARCH_POSITIONS 250000u
#define SEARCH_STEPS 250000000u
#define SEARCH_BYTES ((uint64_t)128 << 20)

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

/* ---- Moore's theorem against game-tree search on nim heaps ---- */

enum { HMAX = 6, NH = 3 };
static signed char memo[4][HMAX + 1][HMAX + 1][HMAX + 1];

/* 1 when the player to move wins Nim_k on heaps h[0..2]: a move lowers
** between 1 and k heaps. */
static int nimk_wins(int k, const int *h) {
  signed char *m = &memo[k][h[0]][h[1]][h[2]];
  if (*m >= 0) return *m;
  int win = 0;
  /* each heap: keep (0) or lower to any smaller size */
  for (int a = 0; a <= h[0] && !win; a++)
    for (int b = 0; b <= h[1] && !win; b++)
      for (int c = 0; c <= h[2] && !win; c++) {
        int changed = (a < h[0]) + (b < h[1]) + (c < h[2]);
        if (changed == 0 || changed > k) continue;
        int next[3] = {a, b, c};
        if (!nimk_wins(k, next)) win = 1;
      }
  return *m = (signed char)win;
}

static void moore(void) {
  memset(memo, -1, sizeof memo);
  int bad = 0, total = 0;
  for (int k = 1; k <= 3; k++)
    for (int a = 0; a <= HMAX; a++)
      for (int b = 0; b <= HMAX; b++)
        for (int c = 0; c <= HMAX; c++) {
          int h[3] = {a, b, c};
          uint64_t v[3] = {(uint64_t)a, (uint64_t)b, (uint64_t)c};
          bad += cgt_nimk_is_p((uint64_t)k, v, NH) != !nimk_wins(k, h);
          total++;
        }
  is_int(bad, 0, "Moore's theorem agrees with game-tree search on %d positions", total);
}

/* ---- counting winning moves against enumeration ---- */

static int brute_count(uint64_t k, int n, const uint32_t *val, const uint32_t *off, const uint32_t *opt) {
  /* every token: stay (-1) or one of its moves; count choices moving 1..k tokens */
  int choice[8], count = 0;
  for (int i = 0; i < n; i++) choice[i] = -1;
  for (;;) {
    int moved = 0;
    uint64_t v[8];
    for (int i = 0; i < n; i++) {
      moved += choice[i] >= 0;
      v[i] = choice[i] >= 0 ? opt[off[i] + (uint32_t)choice[i]] : val[i];
    }
    if (moved >= 1 && (uint64_t)moved <= k && cgt_nimk_is_p(k, v, (size_t)n)) count++;
    int i = 0;
    while (i < n && choice[i] + 1 == (int)(off[i + 1] - off[i])) choice[i++] = -1;
    if (i == n) break;
    choice[i]++;
  }
  return count;
}

static void counting(void) {
  int bad[4] = {0, 0, 0, 0}, trials = 300;
  for (int t = 0; t < trials; t++) {
    int n = 1 + (int)rnd(5);
    uint32_t val[8], off[9], opt[64];
    off[0] = 0;
    for (int i = 0; i < n; i++) {
      val[i] = rnd(8);
      uint32_t deg = rnd(4);
      for (uint32_t e = 0; e < deg; e++) opt[off[i] + e] = rnd(8);
      off[i + 1] = off[i] + deg;
    }
    cgt_nimk_tokens tok = {(size_t)n, val, off, opt};
    for (uint64_t k = 1; k <= 4; k++) {
      uint64_t got = 0;
      cgt_nimk_count(k, &tok, COUNT_STEPS, COUNT_BYTES, &got, NULL, 0, NULL);
      bad[k - 1] += got != (uint64_t)brute_count(k, n, val, off, opt);
    }
  }
  for (int k = 1; k <= 4; k++) is_int(bad[k - 1], 0, "winning move counts for k = %d equal enumeration", k);

  /* Tokens on the same value are different tokens. */
  uint32_t val[2] = {1, 1}, off[3] = {0, 1, 2}, opt[2] = {0, 0};
  cgt_nimk_tokens tok = {2, val, off, opt};
  uint64_t got;
  cgt_nimk_count(1, &tok, COUNT_STEPS, COUNT_BYTES, &got, NULL, 0, NULL);
  is_int(got, 0, "two heaps of 1, k = 1: already P, no move leaves P");
  cgt_nimk_count(2, &tok, COUNT_STEPS, COUNT_BYTES, &got, NULL, 0, NULL);
  is_int(got, 1, "two heaps of 1, k = 2: taking both is the one winning move");
}

/* ---- the budget of the counting program of k >= 3 ----
**
** Each check a budget, made small, with the inputs 35_nimk_random.t once
** ran into the budgets of the SQL function (seconds each there). */

/* Tokens on nim heaps: token i on heap h[i], whose moves go to 0 .. h[i]-1. */
static cgt_nimk_tokens heap_tokens(const uint32_t *h, size_t n, uint32_t *off, uint32_t *opt) {
  off[0] = 0;
  for (size_t i = 0; i < n; i++) {
    for (uint32_t v = 0; v < h[i]; v++) opt[off[i] + v] = v;
    off[i + 1] = off[i] + h[i];
  }
  cgt_nimk_tokens t = {n, h, off, opt};
  return t;
}

static void counting_budget(void) {
  enum { N = 3000 };
  uint32_t *h = malloc(N * sizeof *h), *off = malloc((N + 1) * sizeof *off), *opt = malloc(N * 64 * sizeof *opt);
  char err[200] = "";
  uint64_t count = 0;
  if (!h || !off || !opt) {
    ok(0, "memory for the tokens");
    return;
  }
  /* steps: 3,000 tokens on heaps 0..63 with k = 3 (the SQL budget of
  ** 2e8 steps passed in 0.7 s); the budget of bytes is out of reach */
  for (uint32_t i = 0; i < N; i++) h[i] = (i * 37) % 64;
  cgt_nimk_tokens t = heap_tokens(h, N, off, opt);
  cgt_rc rc = cgt_nimk_count(3, &t, 100000, UINT64_MAX, &count, err, sizeof err, NULL);
  is_int(rc, CGT_LIMIT, "k = 3, 3000 tokens on heaps 0..63, a budget of 1e5 steps: CGT_LIMIT");
  is_str(err, "counting by Moore's theorem with k = 3 and 3000 tokens goes past its budget of 100000 steps or "
              "18446744073709551615 bytes", "... and the error names k, the tokens and the budget");
  /* 30 of them (whose count 35_nimk_random.t checks within the budget of
  ** the SQL function) past a budget of 1e4 steps or of 4096 bytes */
  t.n = 30;
  rc = cgt_nimk_count(3, &t, 10000, UINT64_MAX, &count, err, sizeof err, NULL);
  is_int(rc, CGT_LIMIT, "k = 3, 30 tokens on heaps, a budget of 1e4 steps: CGT_LIMIT");
  rc = cgt_nimk_count(3, &t, UINT64_MAX, 4096, &count, err, sizeof err, NULL);
  ok(rc == CGT_LIMIT && strstr(err, "k = 3 and 30 tokens goes past its budget of 18446744073709551615 steps or "
                                    "4096 bytes"),
     "k = 3, 30 tokens on heaps, a budget of 4096 bytes: CGT_LIMIT, %s", err);
  /* bytes: k = 2^63 - 1 on heaps 0..255, tokens on 255, 254 and 253 (many
  ** digit vectors) then 20 on 1 (the SQL budget of 64 MiB passed in 0.6 s);
  ** the budget of steps is out of reach */
  uint32_t big[23] = {255, 254, 253};
  for (int i = 3; i < 23; i++) big[i] = 1;
  t = heap_tokens(big, 23, off, opt);
  rc = cgt_nimk_count(INT64_MAX, &t, UINT64_MAX, 1 << 20, &count, err, sizeof err, NULL);
  is_int(rc, CGT_LIMIT, "k = 2^63 - 1, 23 tokens on heaps 0..255, a budget of 1 MiB: CGT_LIMIT");
  is_str(err, "counting by Moore's theorem with k = 9223372036854775807 and 23 tokens goes past its budget of "
              "18446744073709551615 steps or 1048576 bytes", "... and the error names k, the tokens and the budget");
  free(h);
  free(off);
  free(opt);
}

/* ---- random sums ---- */

static void random_sums(void) {
  const uint64_t M = 998244353;
  uint32_t k_off[1] = {0};
  uint64_t win;
  double real;

  uint32_t v1[1] = {0};
  cgt_randsum one = {1, v1, 0, k_off, NULL};
  cgt_randsum_mod(&one, 1, M, &win, NULL);
  is_int(win, 0, "cf1411g sample 1: one terminal node gives 0");

  uint32_t v2[2] = {1, 0};
  cgt_randsum two = {2, v2, 0, k_off, NULL};
  cgt_randsum_mod(&two, 1, M, &win, NULL);
  is_int(win, 332748118, "cf1411g sample 2: 1/3");
  cgt_randsum_real(&two, 1.0, &real, NULL);
  ok(fabs(real - 1.0 / 3) < 1e-12, "cf1411g sample 2 in doubles: %.15f", real);

  uint32_t v5[5] = {0, 0, 0, 1, 2};
  cgt_randsum five = {5, v5, 0, k_off, NULL};
  cgt_randsum_mod(&five, 1, M, &win, NULL);
  is_int(win, 931694730, "cf1411g sample 3");

  /* Brute force: sum over token sequences of length t <= 14 of
  ** q p^t [the sum wins], for values {0, 1, inf{0}} and stop weight 2. */
  uint32_t vals[3] = {0, 1, UINT32_MAX}, koff[2] = {0, 1}, kset[1] = {0};
  cgt_randsum loopy = {3, vals, 1, koff, kset};
  cgt_randsum_real(&loopy, 2.0, &real, NULL);
  double p = 3.0 / 5, q = 2.0 / 5, brute = 0;
  /* state: nim-sum x of finite tokens (0/1) and infinite count (0, 1, 2+) */
  double prob[2][3] = {{1, 0, 0}, {0, 0, 0}};
  for (int t = 0; t <= 60; t++) {
    brute += q * (prob[1][0] + prob[0][1]);   /* x != 0 finite, or one inf{0} with x = 0 */
    double next[2][3] = {{0, 0, 0}, {0, 0, 0}};
    for (int x = 0; x < 2; x++)
      for (int c = 0; c < 3; c++) {
        double w = prob[x][c] * p / 3;
        next[x][c] += w;                     /* value 0 */
        next[x ^ 1][c] += w;                 /* value 1 */
        next[x][c < 2 ? c + 1 : 2] += w;     /* inf{0} */
      }
    memcpy(prob, next, sizeof prob);
  }
  ok(fabs(real - brute) < 1e-9, "loopy random sum equals the series: %.12f vs %.12f", real, brute);
  ok(fabs(brute - 64.0 / 225) < 1e-12, "the series is 64/225");
  cgt_randsum_mod(&loopy, 2, M, &win, NULL);
  uint64_t inv225 = 1, base = 225;   /* 225^(M-2) mod M */
  for (uint64_t e = M - 2; e; e >>= 1, base = base * base % M)
    if (e & 1) inv225 = inv225 * base % M;
  is_int(win, 64 * inv225 % M, "loopy random sum modulo a prime is exactly 64/225");

  ok(cgt_is_prime(998244353) && cgt_is_prime(2305843009213693951ull) && !cgt_is_prime(1) &&
         !cgt_is_prime(3215031751ull) && !cgt_is_prime(998244353ull * 3),
     "primality test, strong pseudoprimes included");
  uint32_t vz[1] = {0};
  cgt_randsum z = {1, vz, 0, k_off, NULL};
  is_int(cgt_randsum_mod(&z, 4, 5, &win, NULL), CGT_NOINVERSE, "V + s = 0 modulo the prime is reported");
}

/* ---- the exact search against game-tree search on random DAGs ---- */

enum { SN = 7, ST = 5 };
static uint32_t sdeg[SN], sadj[SN][SN];
static signed char smemo[4][(SN + 1) * (SN + 1) * (SN + 1) * (SN + 1) * (SN + 1)];

/* Game-tree search: t[0..ST-1] sorted tokens (SN = none), a move picks 1..k
** of them and one move each; returns 1 when the player to move wins. */
static int tree_wins(int k, const uint32_t *t) {
  uint32_t key = 0;
  for (int i = 0; i < ST; i++) key = key * (SN + 1) + t[i];
  signed char *m = &smemo[k][key];
  if (*m >= 0) return *m;
  int win = 0;
  /* every choice vector: stay (0) or move e (1..deg) per token */
  uint32_t c[ST] = {0};
  for (;;) {
    int i = 0;
    while (i < ST && c[i] == (t[i] < SN ? sdeg[t[i]] : 0)) c[i++] = 0;
    if (i == ST) break;
    c[i]++;
    int moved = 0;
    uint32_t n[ST];
    for (int j = 0; j < ST; j++) {
      moved += c[j] > 0;
      n[j] = c[j] ? sadj[t[j]][c[j] - 1] : t[j];
    }
    if (moved > k) continue;
    for (int a = 1; a < ST; a++)
      for (int b = a; b > 0 && n[b - 1] > n[b]; b--) { uint32_t x = n[b]; n[b] = n[b - 1]; n[b - 1] = x; }
    if (!tree_wins(k, n)) { win = 1; break; }
  }
  return *m = (signed char)win;
}

static void search(void) {
  int bad_win = 0, bad_count = 0, trials = 0, limits = 0;
  for (int g = 0; g < 60; g++) {
    /* node u moves to up to 3 distinct lower nodes */
    uint32_t pair[2 * SN * 3];
    size_t m = 0;
    for (uint32_t u = 0; u < SN; u++) {
      sdeg[u] = 0;
      for (uint32_t e = 0; e < 3 && u > 0; e++) {
        uint32_t v = rnd(u), dup = 0;
        for (uint32_t f = 0; f < sdeg[u]; f++) dup |= sadj[u][f] == v;
        if (dup) continue;
        sadj[u][sdeg[u]++] = v;
        pair[2 * m] = u;
        pair[2 * m++ + 1] = v;
      }
    }
    cgt_game game;
    memset(&game, 0, sizeof game);
    if (cgt_digraph_build(&game.moves, SN, pair, m, NULL) || cgt_game_need_grundy(&game, NULL) ||
        cgt_game_need_heaplike(&game, NULL)) {
      ok(0, "building a game");
      return;
    }
    cgt_nimk_graph sg = {SN, game.moves.out_off, game.moves.out, game.grundy, game.heaplike};
    memset(smemo, -1, sizeof smemo);
    for (int q = 0; q < 10; q++) {
      int k = 1 + (int)rnd(3), n = 1 + (int)rnd(ST);
      uint32_t tok[ST], t[ST];
      for (int i = 0; i < ST; i++) t[i] = i < n ? (tok[i] = rnd(SN)) : SN;
      for (int a = 1; a < ST; a++)
        for (int b = a; b > 0 && t[b - 1] > t[b]; b--) { uint32_t x = t[b]; t[b] = t[b - 1]; t[b - 1] = x; }
      cgt_nimk_budget budget = {SEARCH_POSITIONS, SEARCH_STEPS, SEARCH_BYTES};
      cgt_nimk_spent spent;
      int win = -1;
      uint64_t count = 0;
      cgt_rc rc = cgt_nimk_search_win((uint64_t)k, &sg, tok, (size_t)n, &budget, &win, &spent, NULL);
      bad_win += rc != CGT_OK || win != tree_wins(k, t);
      /* the count: moves to positions the tree search calls lost */
      rc = cgt_nimk_search_count((uint64_t)k, &sg, tok, (size_t)n, &budget, &count, &spent, NULL);
      uint64_t want = 0;
      uint32_t c[ST] = {0};
      for (;;) {
        int i = 0;
        while (i < n && c[i] == sdeg[tok[i]]) c[i++] = 0;
        if (i == n) break;
        c[i]++;
        int moved = 0;
        uint32_t nx[ST];
        for (int j = 0; j < ST; j++) {
          moved += j < n && c[j] > 0;
          nx[j] = j >= n ? SN : c[j] ? sadj[tok[j]][c[j] - 1] : tok[j];
        }
        if (moved > k) continue;
        for (int a = 1; a < ST; a++)
          for (int b = a; b > 0 && nx[b - 1] > nx[b]; b--) { uint32_t x = nx[b]; nx[b] = nx[b - 1]; nx[b - 1] = x; }
        want += !tree_wins(k, nx);
      }
      bad_count += rc != CGT_OK || count != want;
      trials++;
      /* a budget of one position or one step: CGT_LIMIT or an answer */
      cgt_nimk_budget tiny = {1, 1, 1 << 20};
      rc = cgt_nimk_search_win((uint64_t)k, &sg, tok, (size_t)n, &tiny, &win, &spent, NULL);
      limits += rc == CGT_LIMIT;
      bad_win += rc != CGT_OK && rc != CGT_LIMIT;
      tiny.bytes = 16;
      rc = cgt_nimk_search_count((uint64_t)k, &sg, tok, (size_t)n, &tiny, &count, &spent, NULL);
      bad_count += rc != CGT_OK && rc != CGT_LIMIT;
    }
    cgt_game_clear(&game);
  }
  is_int(bad_win, 0, "cgt_nimk_search_win equals game-tree search on random DAGs (%d positions)", trials);
  is_int(bad_count, 0, "cgt_nimk_search_count equals enumeration and game-tree search (%d positions)", trials);
  ok(limits > 0, "a budget of one position or one step ends in CGT_LIMIT (%d times)", limits);
}

/* ---- the budgets of the exact search ----
**
** Each budget, made small, with the inputs 36_nimk_search.t runs (or ran,
** a second each) into the budgets of the SQL functions. */

/* A path of n nodes, node u moving to u - 1 (Grundy values 0, 1, 0, ...):
** from node 2 the move 1 -> 0 raises the value, so nothing is heap-like
** but nodes 0 and 1. */
static int path_game(cgt_game *game, uint32_t n) {
  uint32_t *pair = malloc(2 * (size_t)n * sizeof *pair);
  memset(game, 0, sizeof *game);
  if (!pair) return 0;
  for (uint32_t u = 1; u < n; u++) {
    pair[2 * (u - 1)] = u;
    pair[2 * (u - 1) + 1] = u - 1;
  }
  int built = cgt_digraph_build(&game->moves, n, pair, n - 1, NULL) == CGT_OK &&
              cgt_game_need_grundy(game, NULL) == CGT_OK && cgt_game_need_heaplike(game, NULL) == CGT_OK;
  free(pair);
  return built;
}

/* Runs the search of win (else count) and checks that it passed the
** budget named what, having spent no more than `over` beyond it. */
static void past_budget(const char *name, int win, uint64_t k, const cgt_nimk_graph *g, const uint32_t *tok, size_t n,
                        const cgt_nimk_budget *budget, const char *what, uint64_t over) {
  cgt_nimk_spent spent;
  int won;
  uint64_t count, most = 0;
  cgt_rc rc = win ? cgt_nimk_search_win(k, g, tok, n, budget, &won, &spent, NULL)
                  : cgt_nimk_search_count(k, g, tok, n, budget, &count, &spent, NULL);
  const char *passed = rc == CGT_LIMIT ? cgt_nimk_budget_passed(budget, &spent, &most) : "none";
  uint64_t size = !strcmp(what, "positions") ? budget->positions
                  : !strcmp(what, "steps")   ? budget->steps
                                             : budget->bytes;
  uint64_t used = !strcmp(what, "positions") ? spent.positions : spent.steps;
  ok(rc == CGT_LIMIT && !strcmp(passed, what) && most == size && (!strcmp(what, "bytes") || used <= size + over),
     "%s %s: past the budget of %llu %s (rc %d; %llu positions, %llu steps)", win ? "win" : "count", name,
     (unsigned long long)most, passed, rc, (unsigned long long)spent.positions, (unsigned long long)spent.steps);
}

static void search_budgets(void) {
  enum { MANY = 10000 };
  cgt_game path, long_path;
  uint32_t *tok = malloc(MANY * sizeof *tok);
  if (!tok || !path_game(&path, 3) || !path_game(&long_path, 1000)) {
    ok(0, "building the paths");
    return;
  }
  cgt_nimk_graph pg = {3, path.moves.out_off, path.moves.out, path.grundy, path.heaplike};
  cgt_nimk_graph lg = {1000, long_path.moves.out_off, long_path.moves.out, long_path.grundy, long_path.heaplike};
  for (uint32_t i = 0; i < MANY; i++) tok[i] = 2 - i % 2;   /* nodes 2, 1, 2, 1, ... */
  for (int win = 1; win >= 0; win--) {
    /* steps: a move in a position of n tokens costs n + 1, so 10,000
    ** tokens with k = 9,999 pass a budget of 1e4 steps at the first move,
    ** and one of 1e5 at the tenth (with a move costing one step, searches
    ** of 100,000 such tokens once ran for minutes) */
    cgt_nimk_budget b = {SEARCH_POSITIONS, MANY, SEARCH_BYTES};
    past_budget("of 10,000 tokens, k = 9,999", win, MANY - 1, &pg, tok, MANY, &b, "steps", 1);
    b.steps = 10 * MANY;
    past_budget("of 10,000 tokens, k = 9,999", win, MANY - 1, &pg, tok, MANY, &b, "steps", MANY + 1);
    /* positions: three tokens near the end of a path of 1,000 nodes */
    uint32_t three[3] = {999, 998, 997};
    cgt_nimk_budget p = {1000, SEARCH_STEPS, SEARCH_BYTES};
    past_budget("of tokens on 999, 998, 997 of a path, k = 2", win, 2, &lg, three, 3, &p, "positions", 0);
    /* bytes: 10,000 tokens, each position 4 bytes a token */
    cgt_nimk_budget m = {SEARCH_POSITIONS, SEARCH_STEPS, 1 << 20};
    past_budget("of 10,000 tokens, k = 2", win, 2, &pg, tok, MANY, &m, "bytes", 0);
  }
  free(tok);
  cgt_game_clear(&path);
  cgt_game_clear(&long_path);
}

int main(void) {
  moore();
  counting();
  counting_budget();
  random_sums();
  search();
  search_budgets();
  return tap_done();
}
