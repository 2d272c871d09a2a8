/* Text for the core's result codes, and the matching of names. */
#include "common.h"

#include <string.h>

const char *cgt_rc_text(cgt_rc rc) {
  switch (rc) {
    case CGT_OK: return "ok";
    case CGT_NOMEM: return "out of memory";
    case CGT_TOOBIG: return "graph too large (more than 2^32-2 nodes or moves)";
    case CGT_INTERRUPTED: return "interrupted";
    case CGT_NOINVERSE: return "a denominator is 0 modulo the given prime";
    case CGT_SYNTAX: return "syntax error";
    case CGT_RANGE: return "number too large";
    case CGT_TOODEEP: return "game nested too deeply";
    case CGT_LIMIT: return "over a size limit";
    case CGT_TOOLONG: return "text too long";
    case CGT_MEMORY: return "needs more memory than the connection's 'memory' setting allows";
    case CGT_NOTSTOPPER: return "a side of the value is not a stopper (as in Bach's carousel): it has no canonical form, options or stops";
  }
  return "unknown error";
}

static int budget_poll(void *arg) {
  cgt_budget *b = arg;
  if (++b->polls > b->max_polls) return b->over = 1;
  return b->inner && cgt_stop_charge(b->inner, CGT_STOP_QUANTUM);
}

void cgt_budget_init(cgt_budget *b, cgt_stop *inner, uint64_t max) {
  *b = (cgt_budget){{.should_stop = budget_poll, .arg = b}, inner, 0, max / CGT_STOP_QUANTUM, 0};
  if (inner) b->stop.memory = inner->memory, b->stop.held = inner->held;
}

static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int cgt_name_prefix(const char *text, const char *prefix) {
  for (; *prefix; text++, prefix++)
    if (ascii_lower((unsigned char)*text) != ascii_lower((unsigned char)*prefix)) return 0;
  return 1;
}

int cgt_name_is(const char *text, const char *name) {
  size_t n = strlen(name);
  return cgt_name_prefix(text, name) && text[n] == 0;
}

uint64_t cgt_text_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; s && *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}
