/* Helpers of every binding: ids as SQL values, errors, interrupts. */
#include "binding.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int cgt_key_from_value(sqlite3_value *v, cgt_key *k) {
  memset(k, 0, sizeof *k);
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER:
      k->type = CGT_KEY_INT;
      k->i = sqlite3_value_int64(v);
      return 1;
    case SQLITE_FLOAT: {
      double d = sqlite3_value_double(v);
      if (d == floor(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
        k->type = CGT_KEY_INT;   /* 3.0 is the node 3, as SQL compares them */
        k->i = (int64_t)d;
      } else {
        k->type = CGT_KEY_REAL;
        memcpy(&k->i, &d, sizeof d);
      }
      return 1;
    }
    case SQLITE_TEXT:
      k->type = CGT_KEY_TEXT;
      k->p = sqlite3_value_text(v);
      k->len = (uint32_t)sqlite3_value_bytes(v);
      return k->p ? 1 : -1;
    case SQLITE_BLOB:
      k->type = CGT_KEY_BLOB;
      k->p = sqlite3_value_blob(v);
      k->len = (uint32_t)sqlite3_value_bytes(v);
      return k->p || k->len == 0 ? 1 : -1;   /* (an empty BLOB has no pointer) */
    default:
      return 0;
  }
}

void cgt_result_letter(sqlite3_context *ctx, char c) {
  static const char letters[] = "DLNPR";
  int at = c == 'D' ? 0 : c == 'L' ? 1 : c == 'N' ? 2 : c == 'P' ? 3 : c == 'R' ? 4 : -1;
  if (at >= 0) sqlite3_result_text(ctx, letters + at, 1, SQLITE_STATIC);
  else sqlite3_result_text(ctx, &c, 1, SQLITE_TRANSIENT);
}

void cgt_result_key(sqlite3_context *ctx, const cgt_key *k) {
  switch (k->type) {
    case CGT_KEY_INT: sqlite3_result_int64(ctx, k->i); break;
    case CGT_KEY_REAL: {
      double d;
      memcpy(&d, &k->i, sizeof d);
      sqlite3_result_double(ctx, d);
      break;
    }
    case CGT_KEY_TEXT: sqlite3_result_text(ctx, k->p, (int)k->len, SQLITE_TRANSIENT); break;
    default: sqlite3_result_blob(ctx, k->p, (int)k->len, SQLITE_TRANSIENT); break;
  }
}

char *cgt_key_text(const cgt_key *k) {
  switch (k->type) {
    case CGT_KEY_INT: return sqlite3_mprintf("%lld", (long long)k->i);
    case CGT_KEY_REAL: {
      double d;
      memcpy(&d, &k->i, sizeof d);
      return sqlite3_mprintf("%!.17g", d);
    }
    case CGT_KEY_TEXT: {
      char *raw = sqlite3_mprintf("%.*s", (int)k->len, (const char *)k->p);
      char *quoted = raw ? sqlite3_mprintf("%Q", raw) : NULL;
      sqlite3_free(raw);
      return quoted;
    }
    case CGT_KEY_BLOB: return sqlite3_mprintf("(a BLOB of %u bytes)", k->len);
    default: return sqlite3_mprintf("NULL");
  }
}

char *cgt_value_literal(sqlite3_value *v) {
  cgt_key k;
  return cgt_key_from_value(v, &k) < 0 ? NULL : cgt_key_text(&k);
}

/* The probe: a statement of about 260 virtual-machine steps and no table
** (0.6 us), stepped at every poll: it fails once the connection is
** interrupted, and on its steps SQLite calls the connection's progress
** handler, so that one asking every N steps is asked about every N/260
** polls (a statement's single step runs the whole call).  Without it,
** sqlite3_is_interrupted() alone would never call the handler. */
#define PROBE_8 "1,1,1,1,1,1,1,1,"
#define PROBE_64 PROBE_8 PROBE_8 PROBE_8 PROBE_8 PROBE_8 PROBE_8 PROBE_8 PROBE_8
#define PROBE_SQL "SELECT " PROBE_64 PROBE_64 PROBE_64 PROBE_64 "1"

/* Seconds on a monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A progress line on standard error, when the 'progress' setting's seconds
** have passed since the last. */
static void report_progress(cgt_interrupt *it) {
  double t = now();
  if (t - it->last < it->progress) return;
  it->last = t;
  const cgt_stop *st = &it->stop;
  if (st->total)
    fprintf(stderr, "cgt: %s: %llu of %llu (%d%%), %.1f s\n", it->fname, (unsigned long long)st->done,
            (unsigned long long)st->total, (int)(100.0 * (double)st->done / (double)st->total), t - it->start);
  else
    fprintf(stderr, "cgt: %s: %.3g units of work, %.1f s\n", it->fname, (double)it->polls * CGT_STOP_QUANTUM,
            t - it->start);
  fflush(stderr);
}

static int interrupted(void *arg) {
  cgt_interrupt *it = arg;
  it->polls++;
  if (it->progress > 0) report_progress(it);
#if SQLITE_VERSION_NUMBER >= 3041000
  if (sqlite3_libversion_number() >= 3041000 && sqlite3_is_interrupted(it->db)) return 1;
#endif
  if (!it->probe) {   /* preparing fails too once the connection is interrupted */
    int rc = sqlite3_prepare_v2(it->db, PROBE_SQL, -1, &it->probe, NULL);
    if (rc != SQLITE_OK) return rc == SQLITE_INTERRUPT;
  }
  int rc = sqlite3_step(it->probe);
  sqlite3_reset(it->probe);
  return rc == SQLITE_INTERRUPT;
}

void cgt_interrupt_begin(cgt_interrupt *it, cgt_conn *conn, const char *fname) {
  const cgt_settings *set = cgt_conn_settings(conn);
  memset(it, 0, sizeof *it);
  it->stop.should_stop = interrupted;
  it->stop.arg = it;
  it->stop.memory = set->memory;
  it->db = cgt_conn_db(conn);
  it->fname = fname;
  it->progress = set->progress;
  if (it->progress > 0) it->start = it->last = now();
}

void cgt_interrupt_end(cgt_interrupt *it) {
  sqlite3_finalize(it->probe);
  it->probe = NULL;
}

/* Bytes as a reader takes them in: 512 bytes, 3.1 MiB, 8.0 GiB. */
static void bytes_text(uint64_t n, char *buf, size_t len) {
  static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (n < 1024) {
    snprintf(buf, len, "%llu bytes", (unsigned long long)n);
    return;
  }
  double x = (double)n / 1024;
  int u = 0;
  while (x >= 1024 && u < 5) x /= 1024, u++;
  snprintf(buf, len, "%.1f %s", x, unit[u]);
}

char *cgt_memory_text(const cgt_stop *st) {
  char want[32], have[32];
  bytes_text(st->wanted, want, sizeof want);
  bytes_text(st->memory, have, sizeof have);
  return sqlite3_mprintf("needs %s (%llu bytes), more than the 'memory' setting of %s (%llu bytes); "
                         "SELECT cgt_setting('memory', bytes) raises it",
                         want, (unsigned long long)st->wanted, have, (unsigned long long)st->memory);
}

void cgt_error_memory(sqlite3_context *ctx, const cgt_stop *st, const char *fname) {
  char *msg = cgt_memory_text(st);
  if (msg) cgt_error(ctx, SQLITE_TOOBIG, fname, "%s", msg);
  else sqlite3_result_error_nomem(ctx);
  sqlite3_free(msg);
}

int cgt_interrupted(sqlite3 *db) {
  cgt_interrupt it;
  memset(&it, 0, sizeof it);
  it.db = db;
  int stop = interrupted(&it);
  cgt_interrupt_end(&it);
  return stop;
}

int cgt_sqlite_rc(cgt_rc rc) {
  switch (rc) {
    case CGT_OK: return SQLITE_OK;
    case CGT_NOMEM: return SQLITE_NOMEM;
    case CGT_TOOBIG: return SQLITE_TOOBIG;
    case CGT_INTERRUPTED: return SQLITE_INTERRUPT;
    case CGT_RANGE:
    case CGT_LIMIT: return SQLITE_TOOBIG;
    case CGT_TOOLONG:
    case CGT_MEMORY: return SQLITE_TOOBIG;
    case CGT_NOINVERSE:
    case CGT_NOTSTOPPER:
    case CGT_TOODEEP:
    case CGT_SYNTAX: return SQLITE_ERROR;
  }
  return SQLITE_ERROR;
}

/* The length of the UTF-8 sequence that lead byte c begins (2 to 4), 0 if
** c begins none (a continuation byte, or one never used). */
static int utf8_lead(unsigned c) {
  return c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
}

/* The length of the valid UTF-8 sequence at p, 0 when there is none (an
** overlong form and a surrogate are not valid). */
static int utf8_valid(const unsigned char *p) {
  unsigned c = p[0];
  int len = c < 0x80 ? 1 : utf8_lead(c);
  for (int i = 1; i < len; i++)
    if ((p[i] & 0xC0) != 0x80) return 0;
  if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) || (c == 0xF0 && p[1] < 0x90) ||
      (c == 0xF4 && p[1] >= 0x90))
    return 0;
  return len;
}

void cgt_utf8_repair(char *msg) {
  unsigned char *r = (unsigned char *)msg, *w = r;
  while (*r) {
    int len = utf8_valid(r), cont = 1;
    if (len) {
      memmove(w, r, (size_t)len);
      w += len, r += len;
      continue;
    }
    while ((r[cont] & 0xC0) == 0x80) cont++;
    if (cont < utf8_lead(*r)) r += cont;   /* a character cut short: dropped */
    else *w++ = '?', r++;
  }
  *w = 0;
}

int cgt_any_null(int argc, sqlite3_value **argv) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return 1;
  return 0;
}

void cgt_error(sqlite3_context *ctx, int rc, const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *cause = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  char *msg = cause ? sqlite3_mprintf("cgt: %s: %s", fname, cause) : NULL;
  if (msg) {
    cgt_utf8_repair(msg);
    sqlite3_result_error(ctx, msg, -1);
    if (rc != SQLITE_ERROR) sqlite3_result_error_code(ctx, rc);
  } else {
    sqlite3_result_error_nomem(ctx);
  }
  sqlite3_free(cause);
  sqlite3_free(msg);
}

void cgt_error_rc(sqlite3_context *ctx, cgt_rc rc, const char *fname) {
  if (rc == CGT_NOMEM) sqlite3_result_error_nomem(ctx);
  else cgt_error(ctx, cgt_sqlite_rc(rc), fname, "%s", cgt_rc_text(rc));
}

int cgt_value_uint(sqlite3_value *v, uint64_t *out) {
  switch (sqlite3_value_numeric_type(v)) {
    case SQLITE_INTEGER:
      if (sqlite3_value_int64(v) < 0) return 0;
      *out = (uint64_t)sqlite3_value_int64(v);
      return 1;
    case SQLITE_FLOAT: {
      double d = sqlite3_value_double(v);
      if (d < 0 || d != floor(d) || d >= 9223372036854775808.0) return 0;
      *out = (uint64_t)d;
      return 1;
    }
    default: return 0;
  }
}

int cgt_arg_nonneg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint64_t *out) {
  if (sqlite3_value_type(v) == SQLITE_NULL) return 0;
  if (cgt_value_uint(v, out)) return 1;
  const char *text = sqlite3_value_type(v) == SQLITE_BLOB ? "a BLOB" : (const char *)sqlite3_value_text(v);
  if (text) cgt_error(ctx, SQLITE_ERROR, fname, "argument %d is not a non-negative integer: %s", argno, text);
  else sqlite3_result_error_nomem(ctx);   /* (its text could not be had) */
  return -1;
}
