# sudoku - build, test, benchmark and install.
#
#   make              build/sudoku and build/libsudoku.a
#   make deps         install what the tests need (cmocka, parallel, pkg-config,
#                     groff, xmllint, rsvg-convert, chromium) when it is missing
#   make check        every test suite, then again under ASan+UBSan
#   make test         the suites once, in $(BUILD): unit, command line, install,
#                     hostile input
#   make valgrind     the unit, CLI and hostile-input tests under valgrind
#   make fuzz-run     each libFuzzer harness for FUZZ_SECONDS (fuzz-deps: clang)
#   make bench        puzzles/second on the datasets in $(SHARED)/data, then bench-se
#   make bench-se     speed against SE's recorded CPU time per ER band (SE_SPEED_TSV=more.tsv)
#   make oracle       agreement with Sudoku Explainer 1.2.1 (ORACLE_FLAGS=-v lists differences)
#   make install      PREFIX=/usr/local DESTDIR=...; make uninstall
#   make clean

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT)
WARN    := -std=c11 -Wall -Wextra -Wpedantic
CPPFLAGS += -Iinclude -Ilib -Iprograms
BUILD   ?= build
SHARED  ?= ../shared

# The library, one folder a layer, each using only the layers above it in
# this list (tests/layers.sh checks it): layout and grid; the reader; the
# exact solvers; the techniques; the engine and rating. The program's files
# are in programs/.
LIB_LAYERS := grid read solve techniques grade
LIB_SRC  := $(foreach d,$(LIB_LAYERS),$(sort $(wildcard lib/$(d)/*.c)))
PROG_SRC := $(sort $(wildcard programs/*.c))
TESTS    := $(basename $(notdir $(wildcard tests/test_*.c)))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PROG_OBJ := $(PROG_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TESTS:%=$(BUILD)/tests/%)
HEADERS  := include/sudoku.h $(wildcard lib/*/*.h programs/*.h)

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The sanitized build runs about ten times slower: the soundness and SE
# agreement tests then take fewer puzzles of each file (they all run in the
# plain pass).
SAN_TEST_ENV := SUDOKU_SOUNDNESS_MAX=300 SUDOKU_SOUNDNESS_FORUM=2 SUDOKU_ORACLE_MAX=500

.PHONY: all deps check test test-unit test-cli bench clean

all: $(BUILD)/sudoku $(BUILD)/libsudoku.a

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libsudoku.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/sudoku: $(PROG_OBJ) $(BUILD)/libsudoku.a
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ -lpthread -lm

$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(HEADERS) $(BUILD)/libsudoku.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $< $(BUILD)/libsudoku.a -o $@ $(LDFLAGS) -lcmocka -lpthread

# test_path also links the program's path, JSON and picture writers.
PATH_OBJ := $(addprefix $(BUILD)/obj/programs/,pattern.o path.o path_text.o path_json.o svg.o html.o strbuf.o)
$(BUILD)/tests/test_path: tests/test_path.c $(wildcard tests/*.h) $(HEADERS) $(PATH_OBJ) $(BUILD)/libsudoku.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $< $(PATH_OBJ) $(BUILD)/libsudoku.a -o $@ $(LDFLAGS) -lcmocka -lpthread -lm

test: test-unit test-cli test-install test-hostile

test-unit: $(TEST_BIN)
	@for t in $(TEST_BIN); do echo "== $$t"; SHARED=$(SHARED) $(TEST_ENV) $$t || exit 1; done

test-cli: $(BUILD)/sudoku
	@SUDOKU=$(BUILD)/sudoku sh tests/cli/run.sh
	@SUDOKU=$(BUILD)/sudoku SHARED=$(SHARED) sh tests/cli/batch.sh
	@SUDOKU=$(BUILD)/sudoku sh tests/cli/pictures.sh

# Broken, strange and huge inputs (tests/hostile/run.sh says what it checks).
.PHONY: test-hostile valgrind
test-hostile: $(BUILD)/sudoku
	@SUDOKU=$(BUILD)/sudoku sh tests/hostile/run.sh

# The unit tests and the CLI and hostile suites with every program run under
# valgrind's memcheck: any error, or a definite or indirect leak, fails.
VALGRIND_CMD := valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
valgrind: $(TEST_BIN) $(BUILD)/sudoku
	@command -v valgrind >/dev/null || { echo "make valgrind: valgrind is not installed" >&2; exit 1; }
	@for t in $(TEST_BIN); do echo "== valgrind $$t"; SHARED=$(SHARED) $(VALGRIND_CMD) $$t || exit 1; done
	@VALGRIND="$(VALGRIND_CMD)" SUDOKU=$(BUILD)/sudoku sh tests/cli/run.sh
	@VALGRIND="$(VALGRIND_CMD)" SUDOKU=$(BUILD)/sudoku sh tests/hostile/run.sh

# What the tests need, from Debian's packages, installed only when missing:
# cmocka (when a test program cannot be linked with it), and the tools some
# tests use and otherwise skip: GNU parallel, pkg-config, groff, and for the
# pictures xmllint, rsvg-convert and headless Chromium.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	@missing=""; \
	printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\nint main(void) { return 0; }\n' \
	    | $(CC) -x c - -lcmocka -o /dev/null 2>/dev/null || missing="libcmocka-dev"; \
	command -v parallel >/dev/null || missing="$$missing parallel"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	command -v groff >/dev/null || missing="$$missing groff-base"; \
	command -v xmllint >/dev/null || missing="$$missing libxml2-utils"; \
	command -v rsvg-convert >/dev/null || missing="$$missing librsvg2-bin"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	if [ -z "$$missing" ]; then echo "deps: all found"; \
	else echo "deps: installing$$missing"; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; fi

# The whole suite twice: an optimised build, then one under the sanitizers.
check:
	@$(MAKE) --no-print-directory test
	@$(MAKE) --no-print-directory test BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
	    TEST_ENV="$(SAN_TEST_ENV)"
	@echo "make check: all tests passed (plain and ASan+UBSan)"

$(BUILD)/bench: bench/bench.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

# Agreement with Sudoku Explainer's ratings: make oracle [ORACLE_FLAGS=-v]
$(BUILD)/oracle: bench/oracle.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

.PHONY: oracle
oracle: $(BUILD)/oracle
	@if [ -f "$(SHARED)/reference/se121_ratings.tsv" ]; then $(BUILD)/oracle $(ORACLE_FLAGS) $(SHARED)/reference/se121_ratings.tsv; \
	else echo "oracle: $(SHARED)/reference/se121_ratings.tsv not found, skipped"; fi

bench: $(BUILD)/bench $(BUILD)/sudoku
	@if [ -d "$(SHARED)/data" ]; then $(BUILD)/bench $(SHARED)/data/*.txt && echo && \
	    SUDOKU=$(BUILD)/sudoku sh bench/jobs.sh $(SHARED)/data/*.txt; \
	else echo "bench: $(SHARED)/data not found, skipped"; fi
	@$(MAKE) --no-print-directory bench-se

# Speed against SE's recorded CPU time, per ER band (bench/se_speed.sh)
.PHONY: bench-se
bench-se: $(BUILD)/sudoku
	@if [ -f "$(SHARED)/reference/se121_ratings.tsv" ]; then echo && \
	    SUDOKU=$(BUILD)/sudoku SHARED=$(SHARED) sh bench/se_speed.sh $(SHARED)/reference/se121_ratings.tsv $(SE_SPEED_TSV); \
	else echo "bench-se: $(SHARED)/reference/se121_ratings.tsv not found, skipped"; fi

# ------------------------------------------------------------ install (begin)
# make install [PREFIX=/usr/local] [DESTDIR=/staging/root]
#   $(BINDIR)/sudoku, $(LIBDIR)/libsudoku.a, $(INCLUDEDIR)/sudoku.h,
#   $(MANDIR)/man1/sudoku.1, $(PKGCONFIGDIR)/sudoku.pc and the bash completion
#   $(BASHCOMPDIR)/sudoku; every directory can also be set on its own.
# make uninstall (same variables) removes exactly those files.
# make test-install installs into a scratch DESTDIR and tries what it installed.
# The .pc file is written at install time from docs/sudoku.pc.in, for the
# directories in force, with the version taken from include/sudoku.h;
# directories below PREFIX are written as ${prefix}/... so that
# 'pkg-config --define-prefix' can relocate them.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
INSTALL      ?= install
VERSION      := $(shell sed -n 's/^.define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)

pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
INSTALLED := "$(DESTDIR)$(BINDIR)/sudoku" "$(DESTDIR)$(LIBDIR)/libsudoku.a" \
             "$(DESTDIR)$(INCLUDEDIR)/sudoku.h" "$(DESTDIR)$(MANDIR)/man1/sudoku.1" \
             "$(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc" "$(DESTDIR)$(BASHCOMPDIR)/sudoku"

.PHONY: install uninstall test-install

install: $(BUILD)/sudoku $(BUILD)/libsudoku.a
	@test -n "$(VERSION)" || { echo "install: no SUDOKU_VERSION in include/sudoku.h" >&2; exit 1; }
	rm -f $(BUILD)/sudoku.pc
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|g' \
	    -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|g' -e 's|@VERSION@|$(VERSION)|g' \
	    docs/sudoku.pc.in > $(BUILD)/sudoku.pc
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)" \
	    "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(PKGCONFIGDIR)" "$(DESTDIR)$(BASHCOMPDIR)"
	$(INSTALL) -m 755 $(BUILD)/sudoku "$(DESTDIR)$(BINDIR)/sudoku"
	$(INSTALL) -m 644 $(BUILD)/libsudoku.a "$(DESTDIR)$(LIBDIR)/libsudoku.a"
	$(INSTALL) -m 644 include/sudoku.h "$(DESTDIR)$(INCLUDEDIR)/sudoku.h"
	$(INSTALL) -m 644 docs/sudoku.1 "$(DESTDIR)$(MANDIR)/man1/sudoku.1"
	$(INSTALL) -m 644 $(BUILD)/sudoku.pc "$(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc"
	$(INSTALL) -m 644 docs/sudoku.bash "$(DESTDIR)$(BASHCOMPDIR)/sudoku"

uninstall:
	rm -f $(INSTALLED)

# Runs in whatever $(BUILD) is in force, so the sanitizer pass of 'make check'
# installs and links the sanitized build (hence CC, CFLAGS and LDFLAGS).
test-install: $(BUILD)/sudoku $(BUILD)/libsudoku.a
	+@MAKE="$(MAKE)" BUILD="$(BUILD)" CC="$(CC)" CFLAGS="$(CFLAGS)" LDFLAGS="$(LDFLAGS)" sh tests/install/run.sh
# ------------------------------------------------------------ install (end)

# ------------------------------------------------------------ fuzz (begin)
# make fuzz-deps    clang and its libFuzzer runtime, when clang cannot link a fuzzer
# make fuzz         the libFuzzer harnesses tests/fuzz/fuzz_*.c into $(FUZZ_BUILD)
# make fuzz-run [FUZZ_SECONDS=30] [FUZZ_FLAGS=...]
#                   runs each harness in turn for FUZZ_SECONDS on its corpus
#                   $(FUZZ_BUILD)/corpus-NAME, seeded at run time with the
#                   files of puzzles/ and tests/ (tests/fuzz/seeds/ too); fails when a
#                   harness finds a crash, leaving it in artifacts-NAME/
# make fuzz-run-NAME  one harness (reader, engine or report)
# The library is built again with the sanitizers and the fuzzer's coverage
# instrumentation, in its own object directory.
FUZZ_CC      ?= clang
FUZZ_BUILD   := build/fuzz
FUZZ_SECONDS ?= 30
FUZZ_FLAGS   ?=
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  := $(WARN) $(CPPFLAGS) -O1 -g -fno-omit-frame-pointer
FUZZ_NAMES   := reader engine report
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_REPORT_OBJ := $(addprefix $(FUZZ_BUILD)/obj/programs/,report.o strbuf.o pattern.o path.o path_text.o path_json.o \
                   path_report.o svg.o html.o hint.o)
FUZZ_MAX_LEN_reader := 4096
FUZZ_MAX_LEN_engine := 2048
FUZZ_MAX_LEN_report := 4096
# An input may take seconds where it is a hard puzzle (chains under the
# sanitizers); a time limit well above that still catches a hang.
FUZZ_TIMEOUT := 60
FUZZ_SEEDS   := find puzzles tests -type f ! -name '*.[ch]' ! -name '*.sh' ! -name '*.dict'

.PHONY: fuzz fuzz-deps fuzz-run $(FUZZ_NAMES:%=fuzz-run-%)
.SECONDARY: $(FUZZ_LIB_OBJ) $(FUZZ_REPORT_OBJ)

fuzz: $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)

$(FUZZ_BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -c $< -o $@

$(FUZZ_BUILD)/fuzz_report: $(FUZZ_REPORT_OBJ)
$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h $(HEADERS) $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) $< $(filter %.o,$^) -o $@ -lpthread -lm

fuzz-run: fuzz
	@for t in $(FUZZ_NAMES); do $(MAKE) --no-print-directory fuzz-run-$$t || exit 1; done

$(FUZZ_NAMES:%=fuzz-run-%): fuzz-run-%: $(FUZZ_BUILD)/fuzz_%
	@mkdir -p $(FUZZ_BUILD)/corpus-$* $(FUZZ_BUILD)/artifacts-$*
	@$(FUZZ_SEEDS) 2>/dev/null | while IFS= read -r f; do \
	    cp "$$f" "$(FUZZ_BUILD)/corpus-$*/seed-$$(printf '%s' "$$f" | tr '/ ' '__')"; done
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN_$*) -rss_limit_mb=2048 -timeout=$(FUZZ_TIMEOUT) \
	    -dict=tests/fuzz/sudoku.dict -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/artifacts-$*/ \
	    $(FUZZ_FLAGS) $(FUZZ_BUILD)/corpus-$*

fuzz-deps:
	@if printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	    | $(FUZZ_CC) -x c - -fsanitize=fuzzer $(FUZZ_SAN) -o /dev/null 2>/dev/null; then \
	    echo "fuzz-deps: $(FUZZ_CC) links libFuzzer"; \
	else echo "fuzz-deps: installing clang and libclang-rt-14-dev"; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq clang && \
	    v=$$($(FUZZ_CC) -dumpversion | cut -d. -f1) && \
	    $(SUDO) apt-get install -y -qq libclang-rt-$${v:-14}-dev; fi
# ------------------------------------------------------------ fuzz (end)

clean:
	rm -rf build
