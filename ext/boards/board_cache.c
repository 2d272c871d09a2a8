/*
** The boards' state on the connection (through cgt_conn_state): two memos
** whose entries are ids of the connection's store of games (Toe-Tac-Tics
** values and the transposition table of board rulesets), so they are freed
** when it starts afresh (partizan_cache.c tells), and the values of the
** last few subtraction{L|R} games asked for, each in a store of its own
** (freed then too, as memory the boards no longer need at once).
*/
#include "board_binding.h"

#include <string.h>

/* Subtraction games whose values are kept at once (each in a store of its
** own, at most about 50 MB when its values reach the work limit). */
#define SUB_MEMOS 4

typedef struct board_cache {
  int listening;            /* the store tells of its resets */
  cg_id *toetactics;        /* values of Toe-Tac-Tics boards, made on first use */
  cg_board_table *boards;   /* board regions' values, made on first use */
  struct {                  /* values of subtraction{L|R} games, by ruleset text */
    char *ruleset;
    cg_sub_memo *memo;
    uint64_t used;
  } sub[SUB_MEMOS];
  uint64_t sub_tick;
} board_cache;

/* Frees what bc holds, leaving it empty. */
static void board_cache_clear(board_cache *bc) {
  sqlite3_free(bc->toetactics);
  cg_board_table_free(bc->boards);
  for (int i = 0; i < SUB_MEMOS; i++) {
    sqlite3_free(bc->sub[i].ruleset);
    cg_sub_memo_free(bc->sub[i].memo);
  }
  memset(bc->sub, 0, sizeof bc->sub);
  bc->toetactics = NULL;
  bc->boards = NULL;
}

static void board_cache_free(void *p) {
  board_cache_clear(p);
  sqlite3_free(p);
}

static const cgt_conn_hook board_hook = {"boards", sizeof(board_cache), board_cache_free};

static void board_cache_reset(void *p) { board_cache_clear(p); }

/* The boards' state, told of the store's resets from its first use; NULL
** when out of memory. */
static board_cache *board_cache_get(cgt_conn *conn) {
  board_cache *bc = cgt_conn_state(conn, &board_hook);
  if (bc && !bc->listening) bc->listening = cgt_conn_games_on_reset(conn, board_cache_reset, bc);
  return bc && bc->listening ? bc : NULL;
}

cg_id *cgt_conn_toetactics(cgt_conn *conn) {
  board_cache *bc = board_cache_get(conn);
  if (bc && !bc->toetactics) {
    bc->toetactics = sqlite3_malloc64(CG_TOETACTICS_BOARDS * sizeof *bc->toetactics);
    if (bc->toetactics) memset(bc->toetactics, 0xff, CG_TOETACTICS_BOARDS * sizeof *bc->toetactics);
  }
  return bc ? bc->toetactics : NULL;
}

cg_board_table *cgt_conn_boards(cgt_conn *conn) {
  board_cache *bc = board_cache_get(conn);
  if (bc && !bc->boards) bc->boards = cg_board_table_new();
  return bc ? bc->boards : NULL;
}

cg_sub_memo *cgt_conn_subtraction(cgt_conn *conn, const char *ruleset) {
  board_cache *bc = board_cache_get(conn);
  if (!bc) return NULL;
  int slot = 0;
  for (int i = 0; i < SUB_MEMOS; i++) {
    if (bc->sub[i].ruleset && strcmp(bc->sub[i].ruleset, ruleset) == 0) {
      slot = i;
      break;
    }
    if (bc->sub[i].used < bc->sub[slot].used) slot = i;   /* the least recently used (0: never) */
  }
  if (!bc->sub[slot].ruleset || strcmp(bc->sub[slot].ruleset, ruleset) != 0) {
    char *copy = sqlite3_mprintf("%s", ruleset);
    if (!copy) return NULL;
    sqlite3_free(bc->sub[slot].ruleset);
    bc->sub[slot].ruleset = copy;   /* its memo starts afresh when the game differs */
  }
  if (!bc->sub[slot].memo && !(bc->sub[slot].memo = cg_sub_memo_new())) return NULL;
  bc->sub[slot].used = ++bc->sub_tick;
  return bc->sub[slot].memo;
}
