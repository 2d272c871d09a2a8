/*
** Shared definitions of the cgt core: result codes and the interrupt hook.
** The core is plain C11 with no SQLite dependency; the SQLite binding
** translates these codes into SQL errors.
*/
#ifndef CGT_CORE_COMMON_H
#define CGT_CORE_COMMON_H

#include <stddef.h>
#include <stdint.h>

typedef enum cgt_rc {
  CGT_OK = 0,
  CGT_NOMEM,        /* an allocation failed */
  CGT_TOOBIG,       /* a count does not fit the core's 32-bit indexes */
  CGT_INTERRUPTED,  /* the stop hook asked the computation to end */
  CGT_NOINVERSE,    /* a division by zero modulo the given prime */
  CGT_SYNTAX        /* bad input text; the caller got a message */
} cgt_rc;

/* Called now and then by long loops; a non-zero return stops the loop with
** CGT_INTERRUPTED.  A NULL hook never stops. */
typedef struct cgt_stop {
  int (*should_stop)(void *arg);
  void *arg;
} cgt_stop;

/* Work units between two calls of the stop hook. */
#define CGT_STOP_EVERY 0xFFFFu

static inline int cgt_stop_now(const cgt_stop *st, uint32_t *work) {
  if (((++*work) & CGT_STOP_EVERY) != 0 || st == NULL || st->should_stop == NULL) return 0;
  return st->should_stop(st->arg);
}

/* A short English description of a result code, for error messages. */
const char *cgt_rc_text(cgt_rc rc);

#endif
