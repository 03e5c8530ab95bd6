/*
 * fuzz_reader.c - any bytes into the streaming reader.
 *
 * The input is read with the side detected per puzzle, then forced to 9
 * and to 8 as --size does. Checked on every pass:
 *   - every record's invariants (fuzz_check_record): a built-in layout,
 *     givens within the side, masks within the layout and non-empty, a
 *     clue exactly when a cell has one candidate;
 *   - line numbers strictly increasing and within the input's lines;
 *   - the offset ends at the input's size (unless the reader stopped at
 *     binary data), with no read error;
 *   - (detected pass) an ok record loads into a grid with
 *     sudoku_grid_from_record, and a loaded grid keeps the clues, narrows
 *     the masks and is consistent; an ok record written back (as a line of
 *     givens, and as a pencil-mark grid) reads back the same.
 * Across the passes: forcing a side changes which records are ok, never
 * how the input splits into records: as many records, and a forced record
 * is ok exactly when the detected one is ok with that side, with the same
 * line and contents.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_common.h"

#define MAX_KEPT 64

static const char source[] = "fuzz";

typedef struct pass {
    const uint8_t *data;
    size_t size;
    long max_line;       /* lines in the input, at most */
    long last_line;
    bool deep;           /* load and write back each ok record (the detected pass) */
    int count;
    sudoku_record kept[MAX_KEPT];
} pass;

/* A record written back as one line of givens reads the same. */
static void line_round_trip(const sudoku_record *rec)
{
    const sudoku_layout *l = rec->layout;
    char text[SUDOKU_MAX_CELLS + 2];
    for (int c = 0; c < l->ncells; c++)
        text[c] = sudoku_digit_char(rec->given[c]);
    text[l->ncells] = '\n';
    fuzz_one one = { 0 };
    fuzz_read_all(text, (size_t)l->ncells + 1, source, 0, fuzz_keep_first, &one);
    FUZZ_CHECK(one.count == 1 && one.rec.ok && one.rec.layout == l && !one.rec.pencil,
               "the givens of line %ld do not read back", rec->line);
    FUZZ_CHECK(memcmp(one.rec.given, rec->given, (size_t)l->ncells) == 0, "line %ld reads back differently",
               rec->line);
}

static void check_loaded(const sudoku_record *rec)
{
    const sudoku_layout *l = rec->layout;
    sudoku_grid g;
    char why[160];
    why[0] = '\0';
    bool loaded = sudoku_grid_from_record(&g, rec, why, sizeof why);
    FUZZ_CHECK(g.layout == l, "line %ld: the grid has another layout", rec->line);
    fuzz_check_grid(&g);
    if (!loaded) {
        FUZZ_CHECK(why[0] != '\0' && strlen(why) < sizeof why - 1, "line %ld: no reason for the contradiction",
                   rec->line);
        /* The same answer without room for the reason. */
        sudoku_grid again;
        FUZZ_CHECK(!sudoku_grid_from_record(&again, rec, NULL, 0), "line %ld: loads without 'why'", rec->line);
        return;
    }
    FUZZ_CHECK(!sudoku_grid_contradiction(&g, NULL, 0), "line %ld: loaded with a contradiction", rec->line);
    for (int c = 0; c < l->ncells; c++) {
        FUZZ_CHECK(g.digit[c] == rec->given[c], "line %ld cell %d: digit %d, given %d", rec->line, c, g.digit[c],
                   rec->given[c]);
        FUZZ_CHECK(!(g.cand[c] & ~rec->cand[c]), "line %ld cell %d: mask 0x%X wider than 0x%X", rec->line, c,
                   (unsigned)g.cand[c], (unsigned)rec->cand[c]);
    }
}

static bool on_record(const sudoku_record *rec, void *ctx)
{
    pass *p = ctx;
    fuzz_check_record(rec, source);
    FUZZ_CHECK(rec->line > p->last_line, "line %ld after line %ld", rec->line, p->last_line);
    FUZZ_CHECK(rec->line <= p->max_line, "line %ld of %ld", rec->line, p->max_line);
    p->last_line = rec->line;
    if (p->count < MAX_KEPT)
        p->kept[p->count] = *rec;
    p->count++;
    if (!rec->ok || !p->deep)
        return true;
    check_loaded(rec);
    line_round_trip(rec);

    /* The record's masks as a pencil-mark grid, clues placed. */
    sudoku_grid g;
    g.layout = rec->layout;
    g.empty = 0;
    for (int c = 0; c < rec->layout->ncells; c++) {
        g.digit[c] = rec->given[c];
        g.cand[c] = rec->given[c] ? 0 : rec->cand[c];
        g.empty += !rec->given[c];
    }
    fuzz_candidates_round_trip(&g);
    return true;
}

static void read_pass(pass *p, int size)
{
    p->last_line = 0;
    p->count = 0;
    FILE *f = fuzz_stream(p->data, p->size);
    sudoku_reader *r = sudoku_reader_new(f, source, size);
    FUZZ_CHECK(r != NULL, "sudoku_reader_new");
    sudoku_record rec;
    long long offset = 0;
    while (sudoku_reader_next(r, &rec)) {
        on_record(&rec, p);
        if (rec.ok && size)
            FUZZ_CHECK(rec.layout->n == size, "line %ld: %dx%d read with --size %d", rec.line, rec.layout->n,
                       rec.layout->n, size);
        long long now = sudoku_reader_offset(r);
        FUZZ_CHECK(now >= offset && now <= (long long)p->size, "offset %lld after %lld", now, offset);
        offset = now;
    }
    FUZZ_CHECK(!sudoku_reader_next(r, &rec), "a record after the end");
    FUZZ_CHECK(!sudoku_reader_io_error(r), "read error");
    /* Every byte is read, unless the input is binary and reading stopped. */
    FUZZ_CHECK(sudoku_reader_stopped(r) || sudoku_reader_offset(r) == (long long)p->size,
               "offset %lld at the end of %zu bytes", sudoku_reader_offset(r), p->size);
    sudoku_reader_free(r);
    fclose(f);
}

static pass detected, forced;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n' || data[i] == '\r';
    detected.data = forced.data = data;
    detected.size = forced.size = size;
    detected.max_line = forced.max_line = lines;
    detected.deep = true;

    read_pass(&detected, 0);
    for (int side = 8; side <= 9; side++) {
        read_pass(&forced, side);
        FUZZ_CHECK(forced.count == detected.count, "%d records with --size %d, %d without", forced.count, side,
                   detected.count);
        for (int i = 0; i < detected.count && i < MAX_KEPT; i++) {
            const sudoku_record *a = &detected.kept[i], *b = &forced.kept[i];
            /* A failed grid is reported at its first offending line, which can differ. */
            if (a->ok || b->ok)
                FUZZ_CHECK(a->line == b->line, "record %d: line %ld with --size %d, %ld without", i, b->line, side,
                           a->line);
            bool want = a->ok && a->layout->n == side;
            FUZZ_CHECK(b->ok == want, "line %ld: ok %d with --size %d, ok %d as %dx%d without (\"%s\")", a->line,
                       b->ok, side, a->ok, a->ok ? a->layout->n : 0, a->ok ? a->layout->n : 0, b->error);
            if (want)
                FUZZ_CHECK(b->layout == a->layout && b->pencil == a->pencil &&
                               memcmp(a->given, b->given, sizeof a->given[0] * (size_t)a->layout->ncells) == 0 &&
                               memcmp(a->cand, b->cand, sizeof a->cand[0] * (size_t)a->layout->ncells) == 0,
                           "line %ld: other contents with --size %d", a->line, side);
        }
    }
    return 0;
}
