/* Wythoff's game and Fibonacci Nim. */
#include "closed.h"

#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

/* floor(sqrt(x)), bit by bit. */
static u128 isqrt128(u128 x) {
  u128 r = 0, bit = (u128)1 << 126;
  while (bit > x) bit >>= 2;
  for (; bit; bit >>= 2) {
    if (x >= r + bit) {
      x -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
  }
  return r;
}

int cgt_wythoff_is_p(uint64_t a, uint64_t b) {
  if (a > b) {
    uint64_t t = a;
    a = b;
    b = t;
  }
  uint64_t k = b - a;
  /* a = floor(k phi) = floor((k + sqrt(5 k^2)) / 2); k phi >= 2^64 cannot be a. */
  if (k > 11400714819323198485ull) return 0;   /* 2^64 / phi */
  u128 root = isqrt128((u128)5 * k * k);       /* 5 k^2 < 2^128 here */
  return (u128)a == ((u128)k + root) / 2;
}

double cgt_wythoff_bytes(uint64_t a, uint64_t b) {
  if (a > b) {
    uint64_t t = a;
    a = b;
    b = t;
  }
  double da = (double)a, db = (double)b;
  return (2 * da + 2 * db + 3) * (2 * da + db + 2) + 8 * (2 * da + 3 * db + 4);
}

cgt_rc cgt_wythoff_grundy(uint64_t a, uint64_t b, uint64_t *value, cgt_stop *st) {
  if (a > b) {
    uint64_t t = a;
    a = b;
    b = t;
  }
  if (a == 0) {   /* one pile: Nim, whose value is the pile */
    *value = b;
    return CGT_OK;
  }
  /* The tables' bytes (as a double: they may pass 2^64) against the
  ** stop's memory, and what sizes can count (b + 1 cannot overflow then). */
  double bytes = cgt_wythoff_bytes(a, b);
  if (bytes > (double)CGT_WYTHOFF_BYTES_MAX) return CGT_TOOBIG;
  cgt_rc rc = cgt_stop_reserve(st, (uint64_t)bytes);
  if (rc) return rc;
  /* Rows i = 0..a, columns j = 0..b, diagonals j - i + a.  Each keeps the
  ** values seen (a cell has i + j + min(i, j) options, so its value is at
  ** most that) and its least missing value, so that a cell's mex starts
  ** from the largest of the three. */
  size_t width = (size_t)(2 * a + b + 2), lines = (size_t)(a + 1) + (b + 1) + (a + b + 1);
  uint8_t *seen = cgt_malloc(lines * width);
  uint64_t *least = cgt_calloc(lines, sizeof *least);
  uint64_t *row = cgt_malloc((b + 1) * sizeof *row);
  if (!seen || !least || !row) rc = CGT_NOMEM;
  /* The table is cleared a megabyte at a time, each charged: the first
  ** touch of fresh pages is work too (22 MB, tens of ms, at 1580). */
  for (size_t at = 0, total = lines * width; at < total && rc == CGT_OK; at += (size_t)1 << 20) {
    memset(seen + at, 0, total - at < ((size_t)1 << 20) ? total - at : (size_t)1 << 20);
    if (cgt_stop_charge(st, CGT_STOP_QUANTUM)) rc = CGT_INTERRUPTED;
  }
  for (uint64_t i = 0; i <= a && rc == CGT_OK; i++)
    for (uint64_t j = 0; j <= b; j++) {
      size_t line[3] = {(size_t)i, (size_t)(a + 1 + j), (size_t)(a + 1 + b + 1 + (j + a - i))};
      uint64_t v = 0;
      for (int k = 0; k < 3; k++) {
        while (seen[line[k] * width + least[line[k]]]) least[line[k]]++;
        if (least[line[k]] > v) v = least[line[k]];
      }
      uint64_t from = v;
      while (seen[line[0] * width + v] || seen[line[1] * width + v] || seen[line[2] * width + v]) v++;
      for (int k = 0; k < 3; k++) seen[line[k] * width + v] = 1;
      row[j] = v;
      if (cgt_stop_charge(st, 4 + (v - from))) {
        rc = CGT_INTERRUPTED;
        break;
      }
    }
  if (rc == CGT_OK) *value = row[b];
  cgt_free(seen);
  cgt_free(least);
  cgt_free(row);
  cgt_stop_release(st, (uint64_t)bytes);
  return rc;
}

uint64_t cgt_fibonacci_nim_move(uint64_t n, uint64_t q) {
  uint64_t fib[100] = {1, 2};   /* the Fibonacci numbers 1, 2, 3, 5, ... up to n */
  int count = 2;
  if (n == 0) return 0;
  while (count < 100 && fib[count - 1] <= n - fib[count - 2]) {   /* fib[count-2] < n: no overflow */
    fib[count] = fib[count - 1] + fib[count - 2];
    count++;
  }
  uint64_t smallest = 0;
  for (int i = count - 1; i >= 0 && n; i--)
    if (fib[i] <= n) {
      n -= fib[i];
      smallest = fib[i];
    }
  return smallest <= q ? smallest : 0;
}
