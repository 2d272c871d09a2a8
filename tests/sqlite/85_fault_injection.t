#!/bin/sh
# Fault injection: allocations (the core's and SQLite's, one counter) of a
# representative statement of each family fail, one per run, under ASan:
# each run ends in an error or the right answer, never a crash or a leak,
# and the connection gives the right answer afterwards.  Not every
# allocation in turn (quadratic): each call site (its chain of callers)
# fails at its first and second occurrence, and each statement's first
# three allocations and its last (see tests/fault/fault.c; -a there fails
# every one).  The driver is built by `make build-fault/cgt_fault` (always
# with ASan+UBSan), so it runs once, in the plain pass of `make test`.
if [ -n "${CGT_SANITIZED:-}" ]; then
  echo "1..0 # SKIP runs in the plain pass (the driver is always built with ASan and UBSan)"
  exit 0
fi
if ! make -s build-fault/cgt_fault >&2; then
  echo "not ok 1 - the fault-injection driver builds (make build-fault/cgt_fault)"
  echo "1..1"
  exit 1
fi
exec build-fault/cgt_fault
