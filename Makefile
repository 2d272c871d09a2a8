# cgt: combinatorial game theory inside SQLite.
#   make          build dist/cgt.so
#   make test     build, then run every test under prove, plain and under ASan+UBSan
#   make demo     run examples/demo.sql through the sqlite3 shell
#   make bench    run the benchmarks (bench/)
#   make clean

CC       ?= cc
SQLITE3  ?= sqlite3
PYTHON   ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS   ?= -O2 -g
ALLFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS)
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

CORE_SRC := $(sort $(wildcard ext/core/*.c))
EXT_SRC  := $(sort $(wildcard ext/*.c))
HEADERS  := $(wildcard ext/*.h ext/core/*.h tests/*.h)
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNITS    := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
UNITS_SAN:= $(UNIT_SRC:tests/unit/%.c=build-san/tests/%)
TESTS    := $(sort $(wildcard tests/*.t))

.PHONY: all test test-plain test-san demo bench clean
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
	@mkdir -p build/core
	$(CC) $(ALLFLAGS) -c -o $@ $<

build-san/core/%.o: ext/core/%.c $(HEADERS)
	@mkdir -p build-san/core
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(SANFLAGS) -c -o $@ $<

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

clean:
	rm -rf build build-san dist dist-san bench/build
