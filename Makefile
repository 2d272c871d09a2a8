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

# ---- the browser playground (web/): SQLite with cgt compiled in, built to
# WebAssembly with emscripten into dist/web/ beside the static page, which
# needs only a file server (python3 -m http.server -d dist/web).  SQLite's
# amalgamation comes from the npm package better-sqlite3 (deps/sqlite3/),
# fetched with `npm pack` into build-web/ once; SQLite is compiled once too.
# The link runs emscripten's JavaScript optimizer, which needs Debian's
# node-acorn from /usr/share/nodejs, where a node not built by Debian does not look.
EMCC           ?= emcc
BETTER_SQLITE3 := 13.2.0
WEB_SQLITE     := build-web/better-sqlite3-$(BETTER_SQLITE3)
WEB_SQLFLAGS   := -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_DEFAULT_MEMSTATUS=0 \
                  -DSQLITE_OMIT_DEPRECATED -DSQLITE_DQS=0
# cgt's stop hook asks sqlite3_is_interrupted(); here it also honours the
# time budget of each call from the page (web/cgt_web.c).
WEB_CGTFLAGS   := -std=c11 -D_DEFAULT_SOURCE -DSQLITE_CORE -Dsqlite3_is_interrupted=cgtw_is_interrupted \
                  -Wall -Wextra -O2 -I$(WEB_SQLITE)
WEB_OBJ        := $(CORE_SRC:ext/core/%.c=build-web/obj/core/%.o) $(EXT_SRC:ext/%.c=build-web/obj/%.o)
WEB_PAGE       := $(filter-out web/cgt_web.c,$(wildcard web/*.html web/*.js web/*.css))
WEB_LINK       := -sMODULARIZE=1 -sEXPORT_NAME=CgtModule -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,node \
                  -sEXPORTED_FUNCTIONS=_cgtw_open,_cgtw_exec,_cgtw_free \
                  -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString

.PHONY: web
web: dist/web/cgt.js $(WEB_PAGE:web/%=dist/web/%) dist/web/examples.js

$(WEB_SQLITE)/sqlite3.c:
	@mkdir -p $(WEB_SQLITE)
	cd build-web && npm pack --silent better-sqlite3@$(BETTER_SQLITE3) >/dev/null
	tar -xzf build-web/better-sqlite3-$(BETTER_SQLITE3).tgz -C $(WEB_SQLITE) --strip-components=3 \
	  package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h package/deps/sqlite3/sqlite3ext.h
	@touch $@

build-web/sqlite3.o: $(WEB_SQLITE)/sqlite3.c
	$(EMCC) -O2 $(WEB_SQLFLAGS) -c -o $@ $<

build-web/obj/%.o: ext/%.c $(HEADERS) | $(WEB_SQLITE)/sqlite3.c
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CGTFLAGS) -c -o $@ $<

build-web/cgt_web.o: web/cgt_web.c | $(WEB_SQLITE)/sqlite3.c
	$(EMCC) -std=c11 -Wall -Wextra -Werror -O2 -I$(WEB_SQLITE) -c -o $@ $<

dist/web/cgt.js: build-web/sqlite3.o build-web/cgt_web.o $(WEB_OBJ)
	@mkdir -p dist/web
	NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} $(EMCC) -O2 $(WEB_LINK) -o $@ $^

dist/web/examples.js: web/examples.py README.md $(wildcard docs/*.md) sql/cgt_schema.sql
	@mkdir -p dist/web
	$(PYTHON) web/examples.py README.md $(sort $(wildcard docs/*.md)) > $@

dist/web/%: web/%
	@mkdir -p dist/web
	cp $< $@
