/*
** The connection: what every family of functions shares on one sqlite3
** connection.  It holds the handle, a reference count (each registered
** function holds one, so it is freed with the last of them), the families
** registered (cgt_help lists them), and one hook, cgt_conn_state(),
** through which each family hangs its own state on the connection (its
** caches, say).  A family's state is made on first use and freed with the
** connection, in the reverse order of making.
*/
#include "binding.h"

#include <string.h>
#include <unistd.h>

#define CONN_STATES 8

struct cgt_conn {
  sqlite3 *db;
  int refs;
  int nstates;
  struct {
    const cgt_conn_hook *hook;
    void *state;
  } state[CONN_STATES];
  const cgt_family *const *families;
  size_t nfamilies;
  cgt_settings settings;
};

/* The settings of a new connection: 'memory' half the machine's memory (4
** GiB where it cannot be known), at least CGT_MEMORY_MIN; 'progress' 0. */
static void settings_default(cgt_settings *s) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  uint64_t total = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : (uint64_t)8 << 30;
  s->memory = total / 2 < CGT_MEMORY_MIN ? CGT_MEMORY_MIN : total / 2;
  s->progress = 0;
}

cgt_conn *cgt_conn_new(sqlite3 *db, const cgt_family *const *families, size_t count) {
  cgt_conn *conn = sqlite3_malloc(sizeof *conn);
  if (!conn) return NULL;
  memset(conn, 0, sizeof *conn);
  conn->db = db;
  conn->families = families;
  conn->nfamilies = count;
  settings_default(&conn->settings);
  return conn;
}

void cgt_conn_ref(cgt_conn *conn) { conn->refs++; }

void cgt_conn_unref(void *p) {
  cgt_conn *conn = p;
  if (--conn->refs > 0) return;
  while (conn->nstates > 0) {
    conn->nstates--;
    conn->state[conn->nstates].hook->free(conn->state[conn->nstates].state);
  }
  sqlite3_free(conn);
}

sqlite3 *cgt_conn_db(cgt_conn *conn) { return conn->db; }

void *cgt_conn_state(cgt_conn *conn, const cgt_conn_hook *hook) {
  for (int i = 0; i < conn->nstates; i++)
    if (conn->state[i].hook == hook) return conn->state[i].state;
  if (conn->nstates == CONN_STATES) return NULL;   /* more states than slots: raise CONN_STATES */
  void *state = sqlite3_malloc64(hook->size);
  if (!state) return NULL;
  memset(state, 0, hook->size);
  conn->state[conn->nstates].hook = hook;
  conn->state[conn->nstates].state = state;
  conn->nstates++;
  return state;
}

cgt_settings *cgt_conn_settings(cgt_conn *conn) { return &conn->settings; }

const cgt_family *const *cgt_conn_families(cgt_conn *conn, size_t *count) {
  *count = conn->nfamilies;
  return conn->families;
}
