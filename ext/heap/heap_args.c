/* The heap family's arguments: a heap rule and a heap size, with errors
** that name the function. */
#include "heap_binding.h"

int cgt_rule_arg(sqlite3_context *ctx, const char *text, const char *fname, struct cgt_rule *r) {
  char err[300];
  cgt_rc rc = text ? cgt_rule_parse(text, r, err, sizeof err) : CGT_NOMEM;
  if (rc == CGT_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (rc) cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", err);
  return rc == CGT_OK;
}

int cgt_heap_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint32_t limit, uint32_t *n) {
  uint64_t x;
  int r = cgt_arg_nonneg(ctx, v, fname, argno, &x);
  if (r > 0 && x > limit) {
    cgt_error(ctx, SQLITE_TOOBIG, fname, "a heap of %llu counters is larger than %u", (unsigned long long)x, limit);
    return -1;
  }
  *n = (uint32_t)x;
  return r;
}
