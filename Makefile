# cgt: combinatorial game theory inside SQLite.
#   make          build dist/cgt.so
#   make test     build, then run every test under prove, plain and under ASan+UBSan
#   make demo     run examples/demo.sql through the sqlite3 shell
#   make bench    run the benchmarks (bench/)
#   make fuzz     build the libFuzzer harnesses (clang) and run each FUZZ_SECONDS
#   make clean

CC       ?= cc
SQLITE3  ?= sqlite3
PYTHON   ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS   ?= -O2 -g
ALLFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS)
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

CORE_SRC := $(sort $(wildcard ext/core/*.c ext/core/partizan/*.c ext/core/partizan/board/*.c))
EXT_SRC  := $(sort $(wildcard ext/*.c))
HEADERS  := $(wildcard ext/*.h ext/core/*.h ext/core/partizan/*.h ext/core/partizan/board/*.h tests/*.h)
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNITS    := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
UNITS_SAN:= $(UNIT_SRC:tests/unit/%.c=build-san/tests/%)
TESTS    := $(sort $(wildcard tests/*.t))

.PHONY: all test test-plain test-san demo bench clean fuzz fuzz-build
all: dist/cgt.so

dist/cgt.so: $(CORE_SRC) $(EXT_SRC) $(HEADERS)
	@mkdir -p dist
	$(CC) $(ALLFLAGS) -fPIC -fvisibility=hidden -shared -o $@ $(CORE_SRC) $(EXT_SRC) -lm

dist-san/cgt.so: $(CORE_SRC) $(EXT_SRC) $(HEADERS)
	@mkdir -p dist-san
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(SANFLAGS) -fPIC -fvisibility=hidden -shared -o $@ $(CORE_SRC) $(EXT_SRC) -lm

# The core is compiled once per flavour; the unit tests link its objects.
CORE_OBJ     := $(CORE_SRC:ext/core/%.c=build/core/%.o)
CORE_OBJ_SAN := $(CORE_SRC:ext/core/%.c=build-san/core/%.o)

build/core/%.o: ext/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLFLAGS) -c -o $@ $<

build-san/core/%.o: ext/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(SANFLAGS) -c -o $@ $<

.SECONDARY: $(CORE_OBJ) $(CORE_OBJ_SAN)

build/tests/%: tests/unit/%.c $(CORE_OBJ) $(HEADERS)
	@mkdir -p build/tests
	$(CC) $(ALLFLAGS) -o $@ $< $(CORE_OBJ) -lm

build-san/tests/%: tests/unit/%.c $(CORE_OBJ_SAN) $(HEADERS)
	@mkdir -p build-san/tests
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(SANFLAGS) -o $@ $< $(CORE_OBJ_SAN) -lm

test: test-plain test-san

test-plain: dist/cgt.so $(UNITS)
	CGT_EXT=./dist/cgt SQLITE3=$(SQLITE3) PYTHON=$(PYTHON) prove $(UNITS) $(TESTS)

# The same suite with AddressSanitizer and UndefinedBehaviorSanitizer: the
# unit tests are built with them, and the sqlite3 shell and Python load the
# sanitized extension with the ASan runtime preloaded.
test-san: dist-san/cgt.so $(UNITS_SAN)
	CGT_EXT=./dist-san/cgt CGT_SANITIZED=1 SQLITE3=$(SQLITE3) PYTHON=$(PYTHON) \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 UBSAN_OPTIONS=print_stacktrace=1 \
	  CGT_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	  prove $(UNITS_SAN) $(TESTS)

demo: dist/cgt.so
	$(SQLITE3) :memory: -cmd '.load ./dist/cgt' -cmd '.headers on' -cmd '.mode column' < examples/demo.sql

bench: dist/cgt.so
	$(MAKE) -C bench run

# ---- fuzzing (tests/fuzz/): libFuzzer harnesses built with clang, ASan and
# UBSan, the extension compiled in (SQLITE_CORE) and linked with the system
# libsqlite3.  `make fuzz` runs each for FUZZ_SECONDS (tests/fuzz/run.sh)
# from its seed corpus (tests/fuzz/corpus/NAME) and dictionary
# (tests/fuzz/NAME.dict); the corpus grows in build-fuzz/corpus/NAME, crashes
# land in build-fuzz/artifacts/.  All harnesses run even when one fails.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_OPTS    ?=
FUZZERS      := notation heaprule rulesets tokens sql
FUZZFLAGS    := -std=c11 -D_DEFAULT_SOURCE -DSQLITE_CORE -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
                -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ     := $(CORE_SRC:ext/core/%.c=build-fuzz/obj/core/%.o) $(EXT_SRC:ext/%.c=build-fuzz/obj/%.o)
FUZZ_BINS    := $(FUZZERS:%=build-fuzz/fuzz_%)

build-fuzz/obj/%.o: ext/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_db.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) -lsqlite3 -lpthread -lm

.SECONDARY: $(FUZZ_OBJ)
fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	@st=0; for f in $(FUZZERS); do sh tests/fuzz/run.sh $$f $(FUZZ_SECONDS) $(FUZZ_OPTS) || st=1; done; exit $$st

# ---- fault injection (tests/fault/fault.c, run by tests/85_fault_injection.t):
# the extension compiled in with -DCGT_FAULT_INJECTION under ASan+UBSan and
# linked with the system libsqlite3, whose allocations the driver counts too.
FAULTFLAGS := -std=c11 -D_DEFAULT_SOURCE -DSQLITE_CORE -DCGT_FAULT_INJECTION -Wall -Wextra $(SANFLAGS)
FAULT_OBJ  := $(CORE_SRC:ext/core/%.c=build-fault/obj/core/%.o) $(EXT_SRC:ext/%.c=build-fault/obj/%.o)

build-fault/obj/%.o: ext/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(FAULTFLAGS) -c -o $@ $<

build-fault/cgt_fault: tests/fault/fault.c $(FAULT_OBJ)
	$(CC) $(FAULTFLAGS) -o $@ $< $(FAULT_OBJ) -lsqlite3 -lm

.SECONDARY: $(FAULT_OBJ)

clean:
	rm -rf build build-san dist dist-san bench/build build-fuzz build-fault
