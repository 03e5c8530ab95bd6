# sudoku - build, test and benchmark.
#
#   make              build/sudoku and build/libsudoku.a
#   make deps         install what the tests need (cmocka) when it is missing
#   make check        unit and command-line tests, then again under ASan+UBSan
#   make test         the tests once, in $(BUILD)
#   make bench        puzzles/second on the datasets in $(SHARED)/data
#   make clean

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT)
WARN    := -std=c11 -Wall -Wextra -Wpedantic
CPPFLAGS += -Iinclude -Isrc
BUILD   ?= build
SHARED  ?= ../shared

LIB_SRC  := src/layout.c src/grid.c src/reader.c src/solver.c \
            src/strategies/step.c src/strategies/singles.c src/strategies/intersections.c \
            src/strategies/subsets.c src/strategies/fish.c src/engine.c src/rating.c src/explain.c
PROG_SRC := src/cli.c src/inputs.c src/batch.c src/report.c src/strbuf.c
TESTS    := $(basename $(notdir $(wildcard tests/test_*.c)))

LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PROG_OBJ := $(PROG_SRC:src/%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TESTS:%=$(BUILD)/tests/%)
HEADERS  := include/sudoku.h $(wildcard src/*.h src/strategies/*.h)

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: all deps check test test-unit test-cli bench clean

all: $(BUILD)/sudoku $(BUILD)/libsudoku.a

$(BUILD)/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libsudoku.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/sudoku: $(PROG_OBJ) $(BUILD)/libsudoku.a
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ -lpthread

$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(HEADERS) $(BUILD)/libsudoku.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $< $(BUILD)/libsudoku.a -o $@ $(LDFLAGS) -lcmocka -lpthread

test: test-unit test-cli

test-unit: $(TEST_BIN)
	@for t in $(TEST_BIN); do echo "== $$t"; SHARED=$(SHARED) $$t || exit 1; done

test-cli: $(BUILD)/sudoku
	@SUDOKU=$(BUILD)/sudoku sh tests/cli/run.sh

# cmocka from Debian's package when a test program cannot be linked with it.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	@if printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\nint main(void) { return 0; }\n' \
	    | $(CC) -x c - -lcmocka -o /dev/null 2>/dev/null; then echo "deps: cmocka found"; \
	else echo "deps: installing libcmocka-dev"; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmocka-dev; fi

# The whole suite twice: an optimised build, then one under the sanitizers.
check:
	@$(MAKE) --no-print-directory test
	@$(MAKE) --no-print-directory test BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined"
	@echo "make check: all tests passed (plain and ASan+UBSan)"

$(BUILD)/bench: bench/bench.c $(BUILD)/libsudoku.a
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $^ -o $@ -lpthread

bench: $(BUILD)/bench
	@if [ -d "$(SHARED)/data" ]; then $(BUILD)/bench $(SHARED)/data/*.txt; \
	else echo "bench: $(SHARED)/data not found, skipped"; fi

clean:
	rm -rf build
