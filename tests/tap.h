/*
** tap.h: a minimal Test Anything Protocol producer for the C unit tests.
**
**   ok(cond, "name %d", i);       one test point
**   is_int(got, want, "name");    compares integers, prints both on failure
**   is_str(got, want, "name");    compares strings (NULL allowed)
**   return tap_done();            prints the plan; exit status 1 on failure
*/
#ifndef CGT_TAP_H
#define CGT_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

static inline int tap_vok(int pass, const char *file, int line, const char *fmt, va_list ap) {
  printf("%s %d - ", pass ? "ok" : "not ok", ++tap_count);
  vprintf(fmt, ap);
  printf("\n");
  if (!pass) {
    tap_failed++;
    printf("#   Failed test at %s line %d\n", file, line);
  }
  fflush(stdout);
  return pass;
}

static inline int tap_ok(int pass, const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tap_vok(pass, file, line, fmt, ap);
  va_end(ap);
  return pass;
}

static inline int tap_is_int(long long got, long long want, const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int pass = tap_vok(got == want, file, line, fmt, ap);
  va_end(ap);
  if (!pass) printf("#          got: %lld\n#     expected: %lld\n", got, want);
  return pass;
}

static inline int tap_is_str(const char *got, const char *want, const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int same = (got == NULL || want == NULL) ? got == want : strcmp(got, want) == 0;
  int pass = tap_vok(same, file, line, fmt, ap);
  va_end(ap);
  if (!pass) printf("#          got: '%s'\n#     expected: '%s'\n", got ? got : "(null)", want ? want : "(null)");
  return pass;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) tap_is_int((long long)(got), (long long)(want), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(got, want, ...) tap_is_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)

static inline int tap_done(void) {
  printf("1..%d\n", tap_count);
  return tap_failed ? 1 : 0;
}

#endif
