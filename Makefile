# cgt: combinatorial game theory inside SQLite.
#   make          build dist/cgt.so
#   make test     build, then run every test, plain and under ASan+UBSan, in parallel
#   make install  install as $(LIBDIR)/libcgt.so (PREFIX, DESTDIR); see below
#   make demo     run examples/demo.sql through the sqlite3 shell
#   make bench    run the benchmarks (bench/)
#   make fuzz     build the libFuzzer harnesses (clang) and run each FUZZ_SECONDS
#   make wheel    the Python package into dist/ (make sdist: its source)
#   make npm      the npm package into dist/sqlite-cgt-VERSION.tgz
#   make clean

CC       ?= cc
SQLITE3  ?= sqlite3
EMCC     ?= emcc
PYTHON   ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS   ?= -O2 -g
ALLFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS)
# -g1: line tables for the sanitizers' reports, without the variables'
# debug information (a quarter of the sanitized build's time).
SANFLAGS := -O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# ccache, when installed, keeps what each compile made (in ~/.cache/ccache),
# so a fresh clone on the same machine, or a branch switched back and forth,
# compiles only what changed; CCACHE= turns it off.  Paths inside the
# checkout are hashed relative to it and the debug information names them
# relative to it (-fdebug-prefix-map), so clones in other directories share
# what is kept.  (Not when its cache cannot be written: it would fail every compile.)
CCACHE   ?= $(shell d=$$(ccache -k cache_dir 2>/dev/null) && mkdir -p "$$d" 2>/dev/null && [ -w "$$d" ] && \
                    command -v ccache)
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
RELPATHS := -fdebug-prefix-map=$(CURDIR)=.

# The source tree (docs/internals.md): ext/core/ (what every core shares),
# ext/sqlite/ (what every binding shares), ext/cgt.c (the entry point) and a
# folder per family (every other folder of ext/) whose binding files are
# named fn_*, vt_* or after the family (graph_*, heap_*, nimk_*,
# partizan_*, board_*: its name, or without a final s); its other files
# are the family's plain C core, which the unit tests link without SQLite.
FAMILIES := $(sort $(filter-out core sqlite,$(notdir $(patsubst %/,%,$(wildcard ext/*/)))))
FAMILY_SRC := $(sort $(wildcard $(FAMILIES:%=ext/%/*.c)))
BIND_PAT := fn_% vt_% $(foreach f,$(FAMILIES),$(f)_% $(patsubst %s,%,$(f))_%)
is_binding = $(filter $(BIND_PAT),$(notdir $(1)))
CORE_SRC := $(sort $(wildcard ext/core/*.c) $(foreach f,$(FAMILY_SRC),$(if $(call is_binding,$(f)),,$(f))))
EXT_SRC  := $(sort ext/cgt.c $(wildcard ext/sqlite/*.c) $(foreach f,$(FAMILY_SRC),$(if $(call is_binding,$(f)),$(f))))
HEADERS  := $(wildcard ext/*/*.h tests/*.h tests/*/*.h)
UNIT_SRC := $(sort $(wildcard tests/*/test_*.c))
UNITS    := $(UNIT_SRC:tests/%.c=build/tests/%)
UNITS_SAN:= $(UNIT_SRC:tests/%.c=build-san/tests/%)
TESTS    := $(sort $(wildcard tests/*/*.t))

# Builds and tests run JOBS at a time (the number of processors) unless
# -jN is given on the command line; not with clean among the goals, which
# must finish before anything is built again.
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(JOBS)
endif

.PHONY: all test test-plain test-san install uninstall demo bench clean fuzz fuzz-build wheel sdist npm
all: dist/cgt.so

# Every source is compiled once per flavour into objects (build/ plain,
# build-san/ under ASan+UBSan at -O1); the extension and the unit tests
# link them, so `make -jN` compiles N files at a time.  Each object depends
# on every header: coarse, but never stale.  V=1 shows the commands.
CORE_OBJ     := $(CORE_SRC:ext/%.c=build/%.o)
EXT_OBJ      := $(EXT_SRC:ext/%.c=build/%.o)
CORE_OBJ_SAN := $(CORE_SRC:ext/%.c=build-san/%.o)
EXT_OBJ_SAN  := $(EXT_SRC:ext/%.c=build-san/%.o)
PLAIN_CC     := $(CCACHE) $(CC) $(ALLFLAGS) $(RELPATHS) -fPIC -fvisibility=hidden
SAN_CC       := $(CCACHE) $(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(SANFLAGS) $(RELPATHS) -fPIC -fvisibility=hidden
Q            := $(if $(V),,@)
say           = $(if $(V),,@printf '  %-6s %s\n' $(1) $(2);)

build/%.o: ext/%.c $(HEADERS)
	$(call say,CC,$@) mkdir -p $(dir $@)
	$(Q)$(PLAIN_CC) -c -o $@ $<

build-san/%.o: ext/%.c $(HEADERS)
	$(call say,CC-SAN,$@) mkdir -p $(dir $@)
	$(Q)$(SAN_CC) -c -o $@ $<

.SECONDARY: $(CORE_OBJ) $(EXT_OBJ) $(CORE_OBJ_SAN) $(EXT_OBJ_SAN) $(UNITS:=.o) $(UNITS_SAN:=.o)

dist/cgt.so: $(CORE_OBJ) $(EXT_OBJ)
	$(call say,LINK,$@) mkdir -p dist
	$(Q)$(PLAIN_CC) -shared -o $@ $^ -lm -pthread

dist-san/cgt.so: $(CORE_OBJ_SAN) $(EXT_OBJ_SAN)
	$(call say,LINK,$@) mkdir -p dist-san
	$(Q)$(SAN_CC) -shared -o $@ $^ -lm -pthread

# The unit tests link the core as an archive: each takes only what it uses.
# Their own sources are drivers, compiled at -O0 (half their build time);
# the core they test keeps its flavour's optimization.
build/libcgtcore.a: $(CORE_OBJ) Makefile
	$(call say,AR,$@) rm -f $@
	$(Q)ar rcs $@ $(CORE_OBJ)

build-san/libcgtcore.a: $(CORE_OBJ_SAN) Makefile
	$(call say,AR,$@) rm -f $@
	$(Q)ar rcs $@ $(CORE_OBJ_SAN)

build/tests/%.o: tests/%.c $(HEADERS)
	$(call say,CC,$@) mkdir -p $(dir $@)
	$(Q)$(PLAIN_CC) -O0 -c -o $@ $<

build-san/tests/%.o: tests/%.c $(HEADERS)
	$(call say,CC-SAN,$@) mkdir -p $(dir $@)
	$(Q)$(SAN_CC) -O0 -c -o $@ $<

# (test_pair compiles the solver it tests itself, with a test's setting.)
build/tests/boards/test_pair.o build-san/tests/boards/test_pair.o: ext/boards/solve.c

build/tests/%: build/tests/%.o build/libcgtcore.a
	$(call say,UNIT,$@)
	$(Q)$(PLAIN_CC) -o $@ $^ -lm -pthread

build-san/tests/%: build-san/tests/%.o build-san/libcgtcore.a
	$(call say,UNIT,$@)
	$(Q)$(SAN_CC) -o $@ $^ -lm -pthread

# `make test` builds both flavours, then runs every test of both under one
# harness, tests/harness.pl, JOBS at a time, printing each result as it
# comes.  `make test-plain` and `make test-san` run one flavour.
PLAIN_DEPS := dist/cgt.so $(UNITS) build-fault/cgt_fault
SAN_DEPS   := dist-san/cgt.so $(UNITS_SAN)
TEST_ENV   := SQLITE3=$(SQLITE3) PYTHON=$(PYTHON) \
              SAN_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)"

# With emscripten present, the playground is built beside the extension, so
# tests/web/90_web.t finds it made; a failure here is left to that test, which
# makes it again and reports it.  It comes first: make starts prerequisites
# in order, and its four long emcc calls left a core idle at the end.
WEB_EARLY := $(if $(shell command -v $(EMCC) 2>/dev/null),web-early)

test: $(WEB_EARLY) $(PLAIN_DEPS) $(SAN_DEPS)
	@$(TEST_ENV) perl tests/harness.pl -j$(JOBS) plain san -- $(UNITS) $(TESTS)

.PHONY: web-early
web-early:
	-@$(MAKE) -s web >/dev/null 2>&1

test-plain: $(PLAIN_DEPS)
	@$(TEST_ENV) perl tests/harness.pl -j$(JOBS) plain -- $(UNITS) $(TESTS)

test-san: $(SAN_DEPS)
	@$(TEST_ENV) perl tests/harness.pl -j$(JOBS) san -- $(UNITS) $(TESTS)

# `make install` (PREFIX=/usr/local, DESTDIR honoured) puts the extension in
# $(LIBDIR) as libcgt.so, with cgt.so beside it, and refreshes the ld.so
# cache.  SQLite's .load tries the name as given, then with ".so"; a name
# without a slash goes to dlopen, which searches LD_LIBRARY_PATH, the ld.so
# cache (only lib*.so names enter it) and /lib, /usr/lib.  So, after it:
#   .load libcgt                 anywhere (the cache; /usr/local/lib is in it on Debian)
#   .load /usr/local/lib/cgt     anywhere
#   .load cgt                    with PREFIX=/usr, or LD_LIBRARY_PATH=/usr/local/lib
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib

install: dist/cgt.so
	install -d $(DESTDIR)$(LIBDIR)
	install -m 644 dist/cgt.so $(DESTDIR)$(LIBDIR)/libcgt.so
	ln -sf libcgt.so $(DESTDIR)$(LIBDIR)/cgt.so
	@if [ -z "$(DESTDIR)" ]; then ldconfig 2>/dev/null || echo "ldconfig failed: .load $(LIBDIR)/cgt still works"; fi

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libcgt.so $(DESTDIR)$(LIBDIR)/cgt.so

# ---- packages (docs/packages.md), built offline.  The version is written
# once, CGT_VERSION in ext/sqlite/binding.h.  The wheel ships dist/cgt.so,
# its debug information stripped (setup.py, CGT_LIBRARY); the sdist's
# setup.py compiles ext/ instead.  The npm package is bindings/node/ with the
# library in lib/linux-x64/, packed by npm.
VERSION := $(shell sed -n 's/^\#define CGT_VERSION "\(.*\)"/\1/p' ext/sqlite/binding.h)

wheel: dist/cgt.so
	$(call say,WHEEL,dist/sqlite_cgt-$(VERSION)-py3-none-*.whl) mkdir -p build/python
	$(Q)CGT_LIBRARY=dist/cgt.so $(PYTHON) -m pip wheel -q --no-build-isolation --no-deps --no-index -w dist .

sdist:
	$(call say,SDIST,dist/sqlite-cgt-$(VERSION).tar.gz) mkdir -p dist
	$(Q)$(PYTHON) -c "import setuptools.build_meta as b; b.build_sdist('dist')" >/dev/null

npm: dist/cgt.so
	$(call say,NPM,dist/sqlite-cgt-$(VERSION).tgz) rm -rf build/npm && mkdir -p build/npm/lib/linux-x64
	$(Q)cp bindings/node/package.json bindings/node/index.cjs bindings/node/index.mjs bindings/node/index.d.ts \
	  bindings/node/README.md LICENSE build/npm/
	$(Q)sed -i 's/"version": "[^"]*"/"version": "$(VERSION)"/' build/npm/package.json
	$(Q)strip --strip-debug -o build/npm/lib/linux-x64/cgt.so dist/cgt.so
	$(Q)cd build/npm && npm pack --silent --pack-destination ../../dist >/dev/null

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
FUZZERS      := notation heaprule rulesets tokens sql loopy
FUZZFLAGS    := -std=c11 -D_DEFAULT_SOURCE -DSQLITE_CORE -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
                -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ     := $(CORE_SRC:ext/%.c=build-fuzz/obj/%.o) $(EXT_SRC:ext/%.c=build-fuzz/obj/%.o)
FUZZ_BINS    := $(FUZZERS:%=build-fuzz/fuzz_%)

build-fuzz/obj/%.o: ext/%.c $(HEADERS)
	$(call say,CC-FUZ,$@) mkdir -p $(dir $@)
	$(Q)$(CCACHE) $(FUZZ_CC) $(FUZZFLAGS) $(RELPATHS) -fsanitize=fuzzer-no-link -c -o $@ $<

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_db.h $(FUZZ_OBJ)
	$(call say,LINK,$@)
	$(Q)$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) -lsqlite3 -lpthread -lm

.SECONDARY: $(FUZZ_OBJ)
fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	@st=0; for f in $(FUZZERS); do sh tests/fuzz/run.sh $$f $(FUZZ_SECONDS) $(FUZZ_OPTS) || st=1; done; exit $$st

# ---- fault injection (tests/fault/fault.c, run by tests/sqlite/85_fault_injection.t):
# the sanitized flavour's objects, but for alloc.c compiled with
# -DCGT_FAULT_INJECTION (only it reads that), linked into a driver with the
# system libsqlite3, whose allocations the driver counts too; the driver
# registers the extension as an automatic extension, so SQLite hands it its
# API as it does to a loaded one.
FAULTFLAGS := -std=c11 -D_DEFAULT_SOURCE -DCGT_FAULT_INJECTION -Wall -Wextra $(SANFLAGS)
FAULT_OBJ  := $(filter-out build-san/core/alloc.o,$(CORE_OBJ_SAN)) build-fault/obj/core/alloc.o $(EXT_OBJ_SAN)

build-fault/obj/%.o: ext/%.c $(HEADERS)
	$(call say,CC-FLT,$@) mkdir -p $(dir $@)
	$(Q)$(CCACHE) $(CC) $(FAULTFLAGS) $(RELPATHS) -c -o $@ $<

build-fault/cgt_fault: tests/fault/fault.c $(FAULT_OBJ)
	$(call say,LINK,$@)
	$(Q)$(CC) $(FAULTFLAGS) -o $@ $< $(FAULT_OBJ) -lsqlite3 -lm -pthread

.SECONDARY: $(FAULT_OBJ)

clean:
	rm -rf build build-san dist dist-san bench/build build-fuzz build-fault

# ---- the browser playground (web/): SQLite with cgt compiled in, built to
# WebAssembly with emscripten into dist/web/ beside the static page, which
# needs only a file server (python3 -m http.server -d dist/web).  SQLite's
# amalgamation comes from the npm package better-sqlite3 (deps/sqlite3/),
# fetched with `npm pack` into build-web/ once; SQLite is compiled once too,
# at -Os as SQLite's own wasm build and sql.js do (a third of the -O2 time,
# a smaller download; the games' work is cgt's code, at -O2).
# emcc is a Python script: EMSDK_PYTHON runs it with $(PYTHON), not with
# whatever python3 comes first in PATH (a pyenv shim costs 0.5 s a call);
# emcc runs clang through ccache too when there is one (EM_COMPILER_WRAPPER).
# Most of a small file's time is emcc's start, so cgt's sources are compiled
# in four calls (below) naming every file, each object
# named after its source (no two share a base name).
# The link is at -O1 (WEB_LINKOPT): the objects are optimized already, and
# -O2 there runs wasm-opt and the JavaScript minifier over the whole program,
# 10 CPU-seconds of `make test` for a wasm 6% smaller (896 KB against 959 KB);
# `rm dist/web/cgt.js; make web WEB_LINKOPT=-O2` for a page to publish.  The minifier needs
# Debian's node-acorn from /usr/share/nodejs, where a node not built by
# Debian does not look.
EMCC_RUN       := EMSDK_PYTHON=$(PYTHON) $(if $(CCACHE),EM_COMPILER_WRAPPER=$(CCACHE)) $(EMCC)
BETTER_SQLITE3 := 13.2.0
WEB_SQLITE     := build-web/better-sqlite3-$(BETTER_SQLITE3)
WEB_SQLFLAGS   := -Os -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_DEFAULT_MEMSTATUS=0 \
                  -DSQLITE_OMIT_DEPRECATED -DSQLITE_DQS=0
# cgt's stop hook asks sqlite3_is_interrupted(); here it also honours the
# time budget of each call from the page (web/cgt_web.c).
WEB_CGTFLAGS   := -std=c11 -D_DEFAULT_SOURCE -DSQLITE_CORE -Dsqlite3_is_interrupted=cgtw_is_interrupted \
                  -Wall -Wextra -O2 -I$(abspath $(WEB_SQLITE))
# cgt's sources in batches (an emcc call each, run in parallel), each into
# a folder of its own: the shared code with the small families (WEB_BASE),
# then one batch for each other family.  Objects are
# named after their sources, so no two sources of a batch may share a base
# name (checked here).
WEB_BASE       := graph nimk
WEB_BATCHES    := base $(filter-out $(WEB_BASE),$(FAMILIES))
WEB_SRC_base   := $(filter ext/cgt.c ext/core/% ext/sqlite/% $(WEB_BASE:%=ext/%/%),$(CORE_SRC) $(EXT_SRC))
$(foreach f,$(filter-out $(WEB_BASE),$(FAMILIES)),$(eval WEB_SRC_$(f) := $(filter ext/$(f)/%,$(CORE_SRC) $(EXT_SRC))))
$(foreach b,$(WEB_BATCHES),$(if $(filter-out $(words $(WEB_SRC_$(b))),$(words $(sort $(notdir $(WEB_SRC_$(b)))))),\
  $(error web batch $(b): two sources share a base name)))
web_obj         = $(addprefix build-web/$(1)/,$(notdir $(2:.c=.o)))
WEB_CGT_OBJ    := $(foreach b,$(WEB_BATCHES),$(call web_obj,$(b),$(WEB_SRC_$(b))))
WEB_LINKOPT    ?= -O1
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

# SQLite's object is also kept in WEB_CACHE (empty: not kept), like npm's
# cache outside the tree, so a fresh clone on the same machine reuses it.
# Its name is a hash of all that makes it: emcc's and clang's versions
# (emcc -v), EMCC_CFLAGS, the flags and the amalgamation's text; it is
# made again (from the cache, in a second) when the Makefile changes, since
# the flags live there.
WEB_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/cgt
build-web/sqlite3.o: $(WEB_SQLITE)/sqlite3.c Makefile
	$(call say,EMCC,$@)
	$(Q)key=$$({ $(EMCC_RUN) -v 2>&1 && echo "$$EMCC_CFLAGS $(WEB_SQLFLAGS)" && sha256sum < $<; } | sha256sum | cut -c1-32) && \
	kept='$(WEB_CACHE)'/sqlite3-$$key.o && \
	if [ -n '$(WEB_CACHE)' ] && [ -f "$$kept" ]; then cp "$$kept" $@; else \
	  $(EMCC_RUN) $(WEB_SQLFLAGS) -c -o $@ $< && \
	  if [ -n '$(WEB_CACHE)' ]; then \
	    mkdir -p '$(WEB_CACHE)' && cp $@ "$$kept.$$$$" && mv "$$kept.$$$$" "$$kept" || rm -f "$$kept.$$$$"; fi; fi

define web_batch
	$(call say,EMCC,$(@D)/) rm -rf $(@D) && mkdir -p $(@D)
	$(Q)cd $(@D) && $(EMCC_RUN) $(WEB_CGTFLAGS) -c $(abspath $(1))
	@touch $@
endef

define web_batch_rule
build-web/$(1)/stamp: $(WEB_SRC_$(1)) $(HEADERS) | $(WEB_SQLITE)/sqlite3.c
	$$(call web_batch,$(WEB_SRC_$(1)))
endef
$(foreach b,$(WEB_BATCHES),$(eval $(call web_batch_rule,$(b))))

build-web/cgt_web.o: web/cgt_web.c | $(WEB_SQLITE)/sqlite3.c
	$(call say,EMCC,$@)
	$(Q)$(EMCC_RUN) -std=c11 -Wall -Wextra -Werror -O2 -I$(WEB_SQLITE) -c -o $@ $<

dist/web/cgt.js: build-web/sqlite3.o build-web/cgt_web.o $(WEB_BATCHES:%=build-web/%/stamp)
	$(call say,EMLINK,$@) mkdir -p dist/web
	$(Q)NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} $(EMCC_RUN) $(WEB_LINKOPT) $(WEB_LINK) -o $@ \
	  build-web/sqlite3.o build-web/cgt_web.o $(WEB_CGT_OBJ)

dist/web/examples.js: web/examples.py README.md $(wildcard docs/*.md) sql/cgt_schema.sql
	@mkdir -p dist/web
	$(PYTHON) web/examples.py README.md $(sort $(wildcard docs/*.md)) > $@

dist/web/%: web/%
	@mkdir -p dist/web
	cp $< $@
