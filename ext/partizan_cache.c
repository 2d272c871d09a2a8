/*
** The partizan family's state on the connection (conn.c): the store of
** canonical games, the thermograph cache, and two memos whose entries are
** ids of that store (Toe-Tac-Tics values and the transposition table of
** board rulesets), so they start afresh with it.
*/
#include "binding.h"
#include "core/partizan/prules.h"
#include "core/partizan/board/board.h"
#include "core/partizan/pthermo.h"
#include "core/partizan/subtraction.h"

#include <string.h>

/* Subtraction games whose values are kept at once (each in a store of its
** own, at most about 50 MB when its values reach the work limit). */
#define SUB_MEMOS 4

typedef struct partizan_cache {
  cg_store *games;          /* made on first use */
  cg_thermo *thermo;
  int games_busy;           /* aggregates holding game ids: no reset meanwhile */
  cg_id *toetactics;        /* values of Toe-Tac-Tics boards in games, made on first use */
  cg_board_table *boards;   /* board regions' values in games, made on first use */
  struct {                  /* values of subtraction{L|R} games, by ruleset text */
    char *ruleset;
    cg_sub_memo *memo;
    uint64_t used;
  } sub[SUB_MEMOS];
  uint64_t sub_tick;
} partizan_cache;

/* Frees what pc holds, leaving it empty. */
static void partizan_cache_clear(partizan_cache *pc) {
  cg_store_free(pc->games);
  cg_thermo_free(pc->thermo);
  sqlite3_free(pc->toetactics);
  cg_board_table_free(pc->boards);
  for (int i = 0; i < SUB_MEMOS; i++) {
    sqlite3_free(pc->sub[i].ruleset);
    cg_sub_memo_free(pc->sub[i].memo);
  }
  memset(pc->sub, 0, sizeof pc->sub);
  pc->games = NULL;
  pc->thermo = NULL;
  pc->toetactics = NULL;
  pc->boards = NULL;
}

static void partizan_cache_free(void *p) {
  partizan_cache_clear(p);
  sqlite3_free(p);
}

static const cgt_conn_hook partizan_hook = {"partizan games", sizeof(partizan_cache), partizan_cache_free};

/* Games passed between SQL calls are text, so the store can start afresh
** when it has grown large, unless an aggregate still holds ids. */
#define GAMES_MAX 1000000u
#define GAMES_BYTES ((size_t)1 << 30)

cg_store *cgt_conn_games(cgt_conn *conn, cg_thermo **thermo) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (!pc) return NULL;
  if (pc->games && pc->games_busy == 0 &&
      (cg_store_size(pc->games) > GAMES_MAX || cg_store_bytes(pc->games) > GAMES_BYTES))
    partizan_cache_clear(pc);
  if (!pc->games) pc->games = cg_store_new();
  if (!pc->thermo) pc->thermo = cg_thermo_new();
  if (thermo) *thermo = pc->thermo;
  return pc->games && pc->thermo ? pc->games : NULL;
}

void cgt_conn_games_hold(cgt_conn *conn, int delta) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (pc) pc->games_busy += delta;
}

cg_id *cgt_conn_toetactics(cgt_conn *conn) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (pc && !pc->toetactics) {
    pc->toetactics = sqlite3_malloc64(CG_TOETACTICS_BOARDS * sizeof *pc->toetactics);
    if (pc->toetactics) memset(pc->toetactics, 0xff, CG_TOETACTICS_BOARDS * sizeof *pc->toetactics);
  }
  return pc ? pc->toetactics : NULL;
}

cg_board_table *cgt_conn_boards(cgt_conn *conn) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (pc && !pc->boards) pc->boards = cg_board_table_new();
  return pc ? pc->boards : NULL;
}

cg_sub_memo *cgt_conn_subtraction(cgt_conn *conn, const char *ruleset) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (!pc) return NULL;
  int slot = 0;
  for (int i = 0; i < SUB_MEMOS; i++) {
    if (pc->sub[i].ruleset && strcmp(pc->sub[i].ruleset, ruleset) == 0) {
      slot = i;
      break;
    }
    if (pc->sub[i].used < pc->sub[slot].used) slot = i;   /* the least recently used (0: never) */
  }
  if (!pc->sub[slot].ruleset || strcmp(pc->sub[slot].ruleset, ruleset) != 0) {
    char *copy = sqlite3_mprintf("%s", ruleset);
    if (!copy) return NULL;
    sqlite3_free(pc->sub[slot].ruleset);
    pc->sub[slot].ruleset = copy;   /* its memo starts afresh when the game differs */
  }
  if (!pc->sub[slot].memo && !(pc->sub[slot].memo = cg_sub_memo_new())) return NULL;
  pc->sub[slot].used = ++pc->sub_tick;
  return pc->sub[slot].memo;
}
