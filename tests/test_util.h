/*
 * test_util.h - small helpers shared by the cmocka unit tests.
 *
 * Everything here is static inline, so a test file that does not use a
 * helper gets no warning for it.
 */
#ifndef SUDOKU_TEST_UTIL_H
#define SUDOKU_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sudoku.h"

/* The classic Wikipedia puzzle: unique, solved by singles alone. */
#define TU_EASY                                                                   \
    "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1" "7...2...6"       \
    ".6....28." "...419..5" "....8..79"
#define TU_EASY_SOLUTION                                                          \
    "534678912" "672195348" "198342567" "859761423" "426853791" "713924856"       \
    "961537284" "287419635" "345286179"

/* Line 1 of magictour top1465: unique, needs guessing. */
#define TU_HARD                                                                   \
    "4...3...." "...6..8.." "........1" "....5..9." ".8....6.." ".7.2....."       \
    "...1.27.." "5.3....4." "9........"

/* An 8x8 brick-wall puzzle (2x4 boxes) with one solution; singles stall on it. */
#define TU_8X8                                                                    \
    "1.64...." "......7." "...5..13" "..76.8.." ".3.....6" "..2.7..." "8.3...6." "....1..."
#define TU_8X8_SOLUTION                                                           \
    "17643582" "28534671" "42856713" "31765824" "53178246" "64287135" "85312467" "76421358"

/* A stream holding 'len' bytes of 'data', positioned at its start. */
static inline FILE *tu_stream(const void *data, size_t len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    if (len)
        assert_int_equal(fwrite(data, 1, len, f), len);
    rewind(f);
    return f;
}

/*
 * Reads every record of a stream, named 'name', and closes it; the first
 * 'max' go to recs[]. 'size' forces a side as --size does (0 detects).
 * Returns the number of records the reader produced, which may exceed 'max'.
 */
static inline int tu_read_stream(FILE *f, const char *name, int size, sudoku_record *recs, int max)
{
    sudoku_reader *r = sudoku_reader_new(f, name, size);
    assert_non_null(r);
    sudoku_record spare;
    int n = 0;
    while (sudoku_reader_next(r, n < max ? &recs[n] : &spare))
        n++;
    assert_false(sudoku_reader_io_error(r));
    sudoku_reader_free(r);
    fclose(f);
    return n;
}

/* The same for 'len' bytes in memory. */
static inline int tu_read_bytes(const void *data, size_t len, int size, sudoku_record *recs, int max)
{
    return tu_read_stream(tu_stream(data, len), "test", size, recs, max);
}

/* The same for a committed file, named relative to the repository root. */
static inline int tu_read_path(const char *path, sudoku_record *recs, int max)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s (run from the repository root)", path);
    return tu_read_stream(f, path, 0, recs, max);
}

static inline int tu_read(const char *text, int size, sudoku_record *recs, int max)
{
    return tu_read_bytes(text, strlen(text), size, recs, max);
}

/* Reads text that must hold exactly one record. */
static inline void tu_read_one(const char *text, int size, sudoku_record *rec)
{
    assert_int_equal(tu_read(text, size, rec, 1), 1);
}

/* The givens of a record as one line ('.' for a blank) into buf (ncells + 1). */
static inline const char *tu_given_line(const sudoku_record *rec, char *buf)
{
    int n = rec->layout->ncells;
    for (int c = 0; c < n; c++)
        buf[c] = sudoku_digit_char(rec->given[c]);
    buf[n] = '\0';
    return buf;
}

/* A candidate mask from a string of digits such as "1789". */
static inline sudoku_mask tu_mask(const char *digits)
{
    sudoku_mask m = 0;
    for (; *digits; digits++)
        m |= sudoku_bit(*digits - '0');
    return m;
}

/* Asserts an ok record of the given side, first line and givens. */
static inline void tu_expect_puzzle(const sudoku_record *rec, long line, int n, const char *givens)
{
    char buf[SUDOKU_MAX_CELLS + 1];
    if (!rec->ok)
        fail_msg("line %ld: unexpected error \"%s\"", rec->line, rec->error);
    assert_int_equal(rec->line, line);
    assert_non_null(rec->layout);
    assert_ptr_equal(rec->layout, sudoku_layout_for_size(n));
    assert_string_equal(tu_given_line(rec, buf), givens);
    /* A plain (non pencil-mark) record: every digit for a blank, the given for a clue. */
    if (!rec->pencil)
        for (int c = 0; c < rec->layout->ncells; c++)
            assert_int_equal(rec->cand[c], rec->given[c] ? sudoku_bit(rec->given[c]) : rec->layout->all);
}

/* Asserts a failed record with this line and message. */
static inline void tu_expect_error(const sudoku_record *rec, long line, const char *error)
{
    assert_false(rec->ok);
    assert_string_equal(rec->error, error);
    assert_int_equal(rec->line, line);
    assert_null(rec->layout);
}

/* Fills a grid from a line of ncells characters through sudoku_grid_place. */
static inline void tu_grid_from_line(sudoku_grid *g, const sudoku_layout *l, const char *line)
{
    assert_int_equal(strlen(line), (size_t)l->ncells);
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++) {
        char ch = line[c];
        if (ch >= '1' && ch <= '9')
            assert_true(sudoku_grid_place(g, c, ch - '0'));
    }
}

/* Reads one puzzle line and loads it into a grid, which must be consistent. */
static inline void tu_load(const char *line, sudoku_record *rec, sudoku_grid *g)
{
    char why[128] = "";
    tu_read_one(line, 0, rec);
    assert_true(rec->ok);
    if (!sudoku_grid_from_record(g, rec, why, sizeof why))
        fail_msg("contradiction: %s", why);
}

/* A solution (a digit per cell) as a line. */
static inline const char *tu_digits_line(const uint8_t *digits, int ncells, char *buf)
{
    for (int c = 0; c < ncells; c++)
        buf[c] = sudoku_digit_char(digits[c]);
    buf[ncells] = '\0';
    return buf;
}

/* xorshift64*: a seeded generator for the tests' random inputs, the same
 * run every time for the same seed (*state, not 0). */
static inline uint64_t tu_rng(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

/* "$SHARED/data/<file>", SHARED defaulting to ../shared. */
static inline const char *tu_shared_path(const char *file, char *buf, size_t size)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared";
    snprintf(buf, size, "%s/data/%s", shared, file);
    return buf;
}

/*
 * How much of the slowest checks to run: SUDOKU_TESTS=quick (make check's
 * optimised build) takes a sample spread over their input, =smoke (make
 * check's sanitized build, ten times slower) a smaller one and leaves out
 * the single slowest puzzles; unset (make check-full), everything.
 */
enum tu_mode { TU_FULL, TU_QUICK, TU_SMOKE };
static inline enum tu_mode tu_mode(void)
{
    const char *mode = getenv("SUDOKU_TESTS");
    if (mode && strcmp(mode, "quick") == 0)
        return TU_QUICK;
    if (mode && strcmp(mode, "smoke") == 0)
        return TU_SMOKE;
    return TU_FULL;
}

/* The step between the items checked: 1, 'quick', or three times that. */
static inline int tu_stride(int quick)
{
    enum tu_mode m = tu_mode();
    return m == TU_FULL ? 1 : m == TU_QUICK ? quick : 3 * quick;
}

#endif /* SUDOKU_TEST_UTIL_H */
