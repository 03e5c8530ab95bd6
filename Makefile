# sudoku - build, test, benchmark and install.
#
#   make              build/sudoku and build/libsudoku.a
#   make deps         install what the tests need (cmocka, parallel, pkg-config,
#                     groff, xmllint, rsvg-convert, chromium) when it is missing
#   make check        the README's test command, a few minutes: every suite on
#                     samples of the slow checks, and under ASan+UBSan the
#                     unit, command-line and hostile-input suites
#   make check-full   every suite on all its puzzles, optimised and under
#                     ASan+UBSan, then valgrind (CI runs it after make check)
#   make test         the suites once, in $(BUILD): unit, command line, install,
#                     hostile input, layers
#   make valgrind     the CLI and hostile-input suites, and the unit tests on
#                     their samples, under valgrind
#   make fuzz-run     each libFuzzer harness for FUZZ_SECONDS (fuzz-deps: clang)
#   make bench        puzzles/second on the datasets in $(SHARED)/data, then bench-se
#   make bench-se     speed against SE's recorded CPU time per ER band (SE_SPEED_TSV=more.tsv;
#                     ER 10 and up: tests/data/se121_forum.tsv), then puzzle by puzzle
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
LIB_LAYERS := grid read solve techniques grade transform generate
LIB_SRC  := $(foreach d,$(LIB_LAYERS),$(sort $(wildcard lib/$(d)/*.c)))
PROG_SRC := $(sort $(wildcard programs/*.c))
TESTS    := $(basename $(notdir $(wildcard tests/test_*.c)))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PROG_OBJ := $(PROG_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TESTS:%=$(BUILD)/tests/%)
HEADERS  := include/sudoku.h $(wildcard lib/*/*.h programs/*.h)

.PHONY: all deps bench clean

all: $(BUILD)/sudoku $(BUILD)/libsudoku.a

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# The exact solver's loops over digits and bands gain from -O3 (a tenth
# faster on hard puzzles); a CFLAGS given to make is kept as it is.
$(BUILD)/obj/lib/solve/solver_9x9.o: CFLAGS += -O3

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

# test_verify also links the program's check of a printed solution.
$(BUILD)/tests/test_verify: tests/test_verify.c $(wildcard tests/*.h) $(HEADERS) $(BUILD)/obj/programs/verify.o \
                            $(BUILD)/libsudoku.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $< $(BUILD)/obj/programs/verify.o $(BUILD)/libsudoku.a -o $@ $(LDFLAGS) \
	    -lcmocka -lpthread

# ------------------------------------------------------------ tests
# Each suite runs through tests/suite.sh: its output goes to
# $(BUILD)/logs/NAME.log and one line says how it went, so that suites run
# side by side under make -j and stay readable; the last line counts them.
#   make test          every suite once in $(BUILD) (TEST_ENV is passed on)
#   make test-unit, test-cli, test-hostile, test-install, test-layers: a part
#   make suite-NAME    one suite: suite-test_engine, suite-cli-run, ...
LOGS        := $(BUILD)/logs
SUITE       := sh tests/suite.sh
UNIT_SUITES := $(TESTS:%=suite-%)
CLI_SUITES  := suite-cli-run suite-cli-batch suite-cli-pictures suite-cli-generate
ALL_SUITES  := $(UNIT_SUITES) $(CLI_SUITES) suite-hostile suite-install suite-layers

.PHONY: test test-unit test-cli test-hostile test-install test-layers logs-clean $(ALL_SUITES)
test: $(ALL_SUITES)
	@sh tests/suite-total.sh "make test ($(BUILD))" $(LOGS) $(words $(ALL_SUITES))
test-unit: $(UNIT_SUITES)
test-cli: $(CLI_SUITES)
test-hostile: suite-hostile
test-install: suite-install
test-layers: suite-layers

logs-clean:
	@rm -rf $(LOGS)

$(UNIT_SUITES): suite-%: $(BUILD)/tests/% | logs-clean
	@$(SUITE) $* $(LOGS) env SHARED=$(SHARED) $(TEST_ENV) $(BUILD)/tests/$* || true
suite-cli-run: $(BUILD)/sudoku | logs-clean
	@$(SUITE) cli-run $(LOGS) env SUDOKU=$(BUILD)/sudoku $(TEST_ENV) sh tests/cli/run.sh || true
suite-cli-batch: $(BUILD)/sudoku | logs-clean
	@$(SUITE) cli-batch $(LOGS) env SUDOKU=$(BUILD)/sudoku SHARED=$(SHARED) $(TEST_ENV) sh tests/cli/batch.sh || true
suite-cli-pictures: $(BUILD)/sudoku | logs-clean
	@$(SUITE) cli-pictures $(LOGS) env SUDOKU=$(BUILD)/sudoku $(TEST_ENV) sh tests/cli/pictures.sh || true
suite-cli-generate: $(BUILD)/sudoku | logs-clean
	@$(SUITE) cli-generate $(LOGS) env SUDOKU=$(BUILD)/sudoku $(TEST_ENV) sh tests/cli/generate.sh || true
# Broken, strange and huge inputs (tests/hostile/run.sh says what it checks).
suite-hostile: $(BUILD)/sudoku | logs-clean
	@$(SUITE) hostile $(LOGS) env SUDOKU=$(BUILD)/sudoku $(TEST_ENV) sh tests/hostile/run.sh || true
# Installs into a scratch DESTDIR and tries what it installed (see install below).
suite-install: $(BUILD)/sudoku $(BUILD)/libsudoku.a | logs-clean
	+@$(SUITE) install $(LOGS) env MAKE="$(MAKE)" BUILD="$(BUILD)" CC="$(CC)" CFLAGS="$(CFLAGS)" \
	    LDFLAGS="$(LDFLAGS)" sh tests/install/run.sh || true
# The folders are the layers: no object file uses a later layer, no cycle.
suite-layers: $(LIB_OBJ) $(PROG_OBJ) | logs-clean
	@$(SUITE) layers $(LOGS) env BUILD=$(BUILD) LAYERS="$(LIB_LAYERS)" sh tests/layers.sh || true

# make check (the README's test command, a few minutes): every suite in the
# optimised build, the slowest checks on a sample of their puzzles
# (SUDOKU_TESTS=quick: every 5th SE-rated puzzle, a few hundred dataset
# puzzles a file, one forum puzzle a file), and at the same time the unit
# tests, the command-line and hostile-input suites under ASan+UBSan on
# smaller samples still. Two builds side by side, two jobs at a time.
QUICK_ENV := SUDOKU_TESTS=quick SUDOKU_SOUNDNESS_MAX=200 SUDOKU_SOUNDNESS_FORUM=1 SUDOKU_ORACLE_MAX=600 \
             SUDOKU_EXPLAIN_MAX=20
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_MAKE  = $(MAKE) --no-print-directory BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined"
# The sanitized build runs about ten times slower.
SAN_QUICK_ENV := SUDOKU_TESTS=smoke SUDOKU_SOUNDNESS_MAX=40 SUDOKU_SOUNDNESS_FORUM=1 SUDOKU_ORACLE_MAX=150 \
                 SUDOKU_EXPLAIN_MAX=5
SAN_TEST_ENV := SUDOKU_SOUNDNESS_MAX=300 SUDOKU_SOUNDNESS_FORUM=2 SUDOKU_ORACLE_MAX=500

.PHONY: check check-plain check-san check-full check-full-plain check-full-san check-portable
check:
	+@$(MAKE) --no-print-directory -j2 check-plain check-san
	@echo "make check: all suites passed (optimised, and ASan+UBSan)"
check-plain:
	+@$(MAKE) --no-print-directory test TEST_ENV="$(QUICK_ENV)"
check-san:
	+@$(SAN_MAKE) test-unit test-hostile suite-cli-run TEST_ENV="$(SAN_QUICK_ENV)"
	@sh tests/suite-total.sh "make check (build/san)" build/san/logs $(words $(UNIT_SUITES) suite-hostile suite-cli-run)

# make check-full (CI runs it after make check; about 15 minutes here): every
# suite on all of its puzzles, the whole soundness replay and the forum's
# hardest through the nested chains, in both builds; then the command-line
# and hostile-input suites under valgrind. Fuzzing: make fuzz-run.
check-full:
	+@$(MAKE) --no-print-directory -j2 check-full-plain check-full-san
	+@$(MAKE) --no-print-directory valgrind
	+@$(MAKE) --no-print-directory check-portable
	@echo "make check-full: all suites passed (optimised, ASan+UBSan, valgrind, portable bits)"
check-full-plain:
	+@$(MAKE) --no-print-directory test
check-full-san:
	+@$(SAN_MAKE) test TEST_ENV="$(SAN_TEST_ENV)"
# The unit tests on their quick samples with the plain C bit functions and
# unit scans (SUDOKU_PORTABLE_BITS: no compiler builtins, no SSE2), which a
# compiler or machine without them builds.
check-portable:
	+@$(MAKE) --no-print-directory BUILD=build/portable CFLAGS="-O2 -DSUDOKU_PORTABLE_BITS" test-unit \
	    TEST_ENV="$(QUICK_ENV)"
	@sh tests/suite-total.sh "make check-portable (build/portable)" build/portable/logs $(words $(UNIT_SUITES))

# The command-line and hostile-input suites with every program run under
# valgrind's memcheck, and the unit tests on their quick samples: any
# error, or a definite or indirect leak, fails.
VALGRIND_CMD := valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --quiet
.PHONY: valgrind
valgrind: $(TEST_BIN) $(BUILD)/sudoku
	@command -v valgrind >/dev/null || { echo "make valgrind: valgrind is not installed" >&2; exit 1; }
	@rm -rf $(BUILD)/logs-valgrind
	@for t in $(TESTS); do $(SUITE) valgrind-$$t $(BUILD)/logs-valgrind env SHARED=$(SHARED) $(SAN_QUICK_ENV) \
	    $(VALGRIND_CMD) $(BUILD)/tests/$$t; done; true
	@$(SUITE) valgrind-cli-run $(BUILD)/logs-valgrind env VALGRIND="$(VALGRIND_CMD)" SUDOKU=$(BUILD)/sudoku \
	    sh tests/cli/run.sh || true
	@$(SUITE) valgrind-hostile $(BUILD)/logs-valgrind env VALGRIND="$(VALGRIND_CMD)" SUDOKU=$(BUILD)/sudoku \
	    sh tests/hostile/run.sh || true
	@sh tests/suite-total.sh "make valgrind" $(BUILD)/logs-valgrind $(words $(TESTS) cli-run hostile)

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

$(BUILD)/bench: bench/bench.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

# Agreement with Sudoku Explainer's ratings: make oracle [ORACLE_FLAGS=-v]
$(BUILD)/oracle: bench/oracle.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

.PHONY: oracle
oracle: $(BUILD)/oracle
	@if [ -f "$(SHARED)/reference/se121_ratings.tsv" ]; then $(BUILD)/oracle $(ORACLE_FLAGS) $(SHARED)/reference/se121_ratings.tsv; \
	else echo "oracle: $(SHARED)/reference/se121_ratings.tsv not found, skipped"; fi

# The generator's speed, bias and hard-target rates (bench/generate.c).
$(BUILD)/bench_generate: bench/generate.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

bench: $(BUILD)/bench $(BUILD)/sudoku $(BUILD)/bench_generate
	@$(BUILD)/bench_generate $(wildcard $(SHARED)/data/puzzles6_forum_hardest_1106.txt) && echo
	@if [ -d "$(SHARED)/data" ]; then $(BUILD)/bench $(SHARED)/data/*.txt puzzles/8x8.txt && echo && \
	    SUDOKU=$(BUILD)/sudoku sh bench/jobs.sh $(SHARED)/data/*.txt; \
	else echo "bench: $(SHARED)/data not found, skipped"; fi
	@$(MAKE) --no-print-directory bench-se

# Speed against SE's recorded CPU time, per ER band (bench/se_speed.sh: whole
# runs of grade), then puzzle by puzzle (oracle -t: the slowest against SE's)
.PHONY: bench-se
bench-se: $(BUILD)/sudoku $(BUILD)/oracle
	@if [ -f "$(SHARED)/reference/se121_ratings.tsv" ]; then echo && \
	    SUDOKU=$(BUILD)/sudoku SHARED=$(SHARED) sh bench/se_speed.sh $(SHARED)/reference/se121_ratings.tsv tests/data/se121_forum.tsv $(SE_SPEED_TSV) && \
	    echo && $(BUILD)/oracle -t $(SHARED)/reference/se121_ratings.tsv tests/data/se121_forum.tsv $(SE_SPEED_TSV) | sed -n '/^speed against/,$$p'; \
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

# make test-install (suite-install above) installs into a scratch DESTDIR and
# tries it, in whatever $(BUILD) is in force: the sanitizer pass installs and
# links the sanitized build (hence CC, CFLAGS and LDFLAGS).
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
                   path_report.o svg.o html.o hint.o canon_report.o outdir.o print.o fields.o status.o numbers.o \
                   verify.o)
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
