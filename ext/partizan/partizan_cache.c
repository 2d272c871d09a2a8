/*
** The partizan family's state on the connection (through cgt_conn_state):
** the store of canonical games and the thermograph cache.  Games passed
** between SQL calls are text, so the store can start afresh when it has
** grown large, unless an aggregate still holds ids; what keeps ids of it
** elsewhere (the boards' memos, board_cache.c) is told, and forgets them
** at once.
*/
#include "partizan_binding.h"

#include <string.h>

typedef struct partizan_cache {
  cg_store *games;          /* made on first use */
  cg_thermo *thermo;
  int games_busy;           /* aggregates holding game ids: no reset meanwhile */
  struct {                  /* told of a reset (cgt_conn_games_on_reset) */
    void (*reset)(void *arg);
    void *arg;
  } listener[CGT_GAMES_LISTENERS];
  int nlisteners;
} partizan_cache;

/* Frees what pc holds, leaving it empty. */
static void partizan_cache_clear(partizan_cache *pc) {
  cg_store_free(pc->games);
  cg_thermo_free(pc->thermo);
  pc->games = NULL;
  pc->thermo = NULL;
}

static void partizan_cache_free(void *p) {
  partizan_cache_clear(p);
  sqlite3_free(p);
}

static const cgt_conn_hook partizan_hook = {"partizan games", sizeof(partizan_cache), partizan_cache_free};

/* The size past which the store starts afresh. */
#define GAMES_MAX 1000000u
#define GAMES_BYTES ((size_t)1 << 30)

cg_store *cgt_conn_games(cgt_conn *conn, cg_thermo **thermo) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (!pc) return NULL;
  if (pc->games && pc->games_busy == 0 &&
      (cg_store_size(pc->games) > GAMES_MAX || cg_store_bytes(pc->games) > GAMES_BYTES)) {
    partizan_cache_clear(pc);
    for (int i = 0; i < pc->nlisteners; i++) pc->listener[i].reset(pc->listener[i].arg);
  }
  if (!pc->games) pc->games = cg_store_new();
  if (!pc->thermo) pc->thermo = cg_thermo_new();
  if (thermo) *thermo = pc->thermo;
  return pc->games && pc->thermo ? pc->games : NULL;
}

cg_store *cgt_conn_games_now(cgt_conn *conn) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  return pc ? pc->games : NULL;
}

void cgt_conn_games_hold(cgt_conn *conn, int delta) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (pc) pc->games_busy += delta;
}

int cgt_conn_games_on_reset(cgt_conn *conn, void (*reset)(void *arg), void *arg) {
  partizan_cache *pc = cgt_conn_state(conn, &partizan_hook);
  if (!pc || pc->nlisteners == CGT_GAMES_LISTENERS) return 0;
  pc->listener[pc->nlisteners].reset = reset;
  pc->listener[pc->nlisteners].arg = arg;
  pc->nlisteners++;
  return 1;
}
