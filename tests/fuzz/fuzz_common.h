/*
 * fuzz_common.h - what the libFuzzer harnesses share: a check that aborts
 * (so that libFuzzer reports the input), the fuzz input as a stream, and
 * the invariants of records and grids.
 *
 * Each harness defines _POSIX_C_SOURCE 200809L before including this, for
 * fmemopen(): the harnesses run on Linux only.
 */
#ifndef SUDOKU_FUZZ_COMMON_H
#define SUDOKU_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "grid/bits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failed check: the message, then abort() so that libFuzzer saves the input. */
#define FUZZ_CHECK(cond, ...)                                                       \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* The fuzz input as a read-only stream (fmemopen reads, never writes, in "r"). */
static inline FILE *fuzz_stream(const uint8_t *data, size_t size)
{
    static char empty[1];
    FILE *f = fmemopen(size ? (void *)data : empty, size, "r");
    FUZZ_CHECK(f != NULL, "fmemopen of %zu bytes", size);
    return f;
}

/* Reads every record of 'len' bytes of text; calls fn on each until it returns false. */
typedef bool (*fuzz_record_fn)(const sudoku_record *rec, void *ctx);

static inline int fuzz_read_all(const void *data, size_t len, const char *source, int size,
                                fuzz_record_fn fn, void *ctx)
{
    FILE *f = fuzz_stream(data, len);
    sudoku_reader *r = sudoku_reader_new(f, source, size);
    FUZZ_CHECK(r != NULL, "sudoku_reader_new");
    sudoku_record rec;
    int n = 0;
    while (sudoku_reader_next(r, &rec)) {
        n++;
        if (fn && !fn(&rec, ctx))
            break;
    }
    sudoku_reader_free(r);
    fclose(f);
    return n;
}

/* A record's invariants: the layout, the givens and the candidate masks. */
static inline void fuzz_check_record(const sudoku_record *rec, const char *source)
{
    FUZZ_CHECK(rec->source == source, "the record names another source");
    FUZZ_CHECK(rec->line >= 1, "line %ld", rec->line);
    FUZZ_CHECK(memchr(rec->error, '\0', sizeof rec->error) != NULL, "error not terminated");
    if (!rec->ok) {
        FUZZ_CHECK(rec->error[0] != '\0', "a failed record without a message (line %ld)", rec->line);
        for (const char *p = rec->error; *p; p++)
            FUZZ_CHECK((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f, "raw byte 0x%02X in \"%s\"",
                       (unsigned)(unsigned char)*p, rec->error);
        return;
    }
    const sudoku_layout *l = rec->layout;
    FUZZ_CHECK(l == sudoku_layout_9x9() || l == sudoku_layout_8x8(), "line %ld: not a built-in layout", rec->line);
    FUZZ_CHECK(rec->error[0] == '\0', "ok record with error \"%s\"", rec->error);
    for (int c = 0; c < l->ncells; c++) {
        int d = rec->given[c];
        sudoku_mask m = rec->cand[c];
        FUZZ_CHECK(d >= 0 && d <= l->n, "line %ld cell %d: given %d", rec->line, c, d);
        FUZZ_CHECK(m != 0 && !(m & ~l->all), "line %ld cell %d: mask 0x%X", rec->line, c, (unsigned)m);
        /* A clue is a single candidate and a single candidate is a clue. */
        FUZZ_CHECK(!d == !mask_is_single(m), "line %ld cell %d: given %d, mask 0x%X", rec->line, c, d, (unsigned)m);
        if (d)
            FUZZ_CHECK(m == sudoku_bit(d), "line %ld cell %d: given %d, mask 0x%X", rec->line, c, d, (unsigned)m);
        if (!rec->pencil && !d)
            FUZZ_CHECK(m == l->all, "line %ld cell %d: blank with mask 0x%X", rec->line, c, (unsigned)m);
    }
}

/* A grid's invariants: digits and masks agree, and 'empty' counts the blanks. */
static inline void fuzz_check_grid(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    int empty = 0;
    for (int c = 0; c < l->ncells; c++) {
        FUZZ_CHECK(g->digit[c] <= l->n, "cell %d: digit %d", c, g->digit[c]);
        FUZZ_CHECK(!(g->cand[c] & ~l->all), "cell %d: mask 0x%X", c, (unsigned)g->cand[c]);
        if (g->digit[c])
            FUZZ_CHECK(g->cand[c] == 0, "cell %d: digit %d with mask 0x%X", c, g->digit[c], (unsigned)g->cand[c]);
        else
            empty++;
    }
    FUZZ_CHECK(g->empty == empty, "empty %d, counted %d", g->empty, empty);
}

static inline bool fuzz_grids_equal(const sudoku_grid *a, const sudoku_grid *b)
{
    int n = a->layout->ncells;
    return a->layout == b->layout && a->empty == b->empty && memcmp(a->digit, b->digit, (size_t)n) == 0 &&
           memcmp(a->cand, b->cand, (size_t)n * sizeof a->cand[0]) == 0;
}

/* One record of 'text', which must hold exactly one, into *out. */
typedef struct fuzz_one {
    int count;
    sudoku_record rec;
} fuzz_one;

static inline bool fuzz_keep_first(const sudoku_record *rec, void *ctx)
{
    fuzz_one *one = ctx;
    if (one->count++ == 0)
        one->rec = *rec;
    return true;
}

/*
 * Formats g's candidates and reads the text back: the reader must give the
 * same grid, a single candidate read as a clue. Skipped when some empty
 * cell has no candidate left (drawn as '-', which reads as a blank).
 */
static inline void fuzz_candidates_round_trip(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    static const char source[] = "round-trip";
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c] && !g->cand[c])
            return;
    char *text = malloc(SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(text != NULL, "malloc");
    size_t len = sudoku_grid_format_candidates(g, text, SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(len < SUDOKU_GRID_TEXT_MAX && len == strlen(text), "candidate text of %zu bytes", len);
    fuzz_one one = { 0 };
    fuzz_read_all(text, len, source, 0, fuzz_keep_first, &one);
    FUZZ_CHECK(one.count == 1, "%d records from the candidate grid:\n%s", one.count, text);
    fuzz_check_record(&one.rec, source);
    FUZZ_CHECK(one.rec.ok, "the candidate grid reads as \"%s\":\n%s", one.rec.error, text);
    FUZZ_CHECK(one.rec.layout == l, "the candidate grid reads as another layout:\n%s", text);
    for (int c = 0; c < l->ncells; c++) {
        sudoku_mask want = g->digit[c] ? sudoku_bit(g->digit[c]) : g->cand[c];
        int given = mask_is_single(want) ? mask_first_digit(want) : 0;
        FUZZ_CHECK(one.rec.cand[c] == want && one.rec.given[c] == given,
                   "cell %d reads back as mask 0x%X given %d, not 0x%X:\n%s", c, (unsigned)one.rec.cand[c],
                   one.rec.given[c], (unsigned)want, text);
    }
    free(text);
}

/* Formats g's digits and reads them back: the same digits as clues. */
static inline void fuzz_digits_round_trip(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    static const char source[] = "round-trip";
    char *text = malloc(SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(text != NULL, "malloc");
    size_t len = sudoku_grid_format(g, text, SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(len < SUDOKU_GRID_TEXT_MAX && len == strlen(text), "grid text of %zu bytes", len);
    fuzz_one one = { 0 };
    fuzz_read_all(text, len, source, 0, fuzz_keep_first, &one);
    FUZZ_CHECK(one.count == 1, "%d records from the grid:\n%s", one.count, text);
    fuzz_check_record(&one.rec, source);
    FUZZ_CHECK(one.rec.ok && !one.rec.pencil && one.rec.layout == l, "the grid reads back as \"%s\":\n%s",
               one.rec.error, text);
    FUZZ_CHECK(memcmp(one.rec.given, g->digit, (size_t)l->ncells) == 0, "the grid reads back differently:\n%s",
               text);
    free(text);
}

/*
 * A formatting function into buffers of several sizes, each allocated to
 * its exact size so that AddressSanitizer sees a byte written past it: the
 * same length every time, always terminated, a prefix of the whole text.
 */
typedef size_t (*fuzz_format_fn)(const sudoku_grid *g, char *buf, size_t size);

static inline void fuzz_check_format(const sudoku_grid *g, fuzz_format_fn fn)
{
    static const size_t sizes[] = { 0, 1, 2, 17, 200 };
    char *whole = malloc(SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(whole != NULL, "malloc");
    size_t len = fn(g, whole, SUDOKU_GRID_TEXT_MAX);
    FUZZ_CHECK(len < SUDOKU_GRID_TEXT_MAX && strlen(whole) == len, "text of %zu bytes", len);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t size = sizes[i];
        char *buf = malloc(size ? size : 1);
        FUZZ_CHECK(buf != NULL, "malloc");
        buf[0] = 'x';
        FUZZ_CHECK(fn(g, buf, size) == len, "another length into %zu bytes", size);
        if (size == 0) {
            FUZZ_CHECK(buf[0] == 'x', "written into a buffer of size 0");
        } else {
            size_t want = len < size - 1 ? len : size - 1;
            FUZZ_CHECK(strlen(buf) == want && memcmp(buf, whole, want) == 0, "not a prefix in %zu bytes", size);
        }
        free(buf);
    }
    free(whole);
}

#endif /* SUDOKU_FUZZ_COMMON_H */
