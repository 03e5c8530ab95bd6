/*
 * test_plain_lines.c - the reader's fast path for plain puzzle lines
 * (read/plain_lines.h) against its general reading: the same input read
 * both ways must give the same records (line numbers, cells, candidates,
 * errors, remarks, how they were read), after each record the same bytes
 * consumed, and the same end; from a file, which the reader reads in
 * blocks of its own, and from memory, read a byte at a time as a pipe is.
 * The inputs:
 *   - every file of the hostile suite, the CLI cases, tests/formats and
 *     puzzles/ (each at no forced size, --size 9 and --size 8),
 *   - every .txt dataset in $SHARED/data (default ../shared; skipped
 *     without),
 *   - random mutations of plain lines from a fixed seed: bytes changed,
 *     inserted and deleted, from an alphabet of what readers trip on (line
 *     ends, spaces, bars, '#', commas, UTF-8 byte order marks, no-break
 *     spaces, full-width digits, stray and NUL bytes),
 * and the records of plain lines are checked field by field.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen() */

#include "test_util.h"

#include "read/plain_lines.h"

#include <dirent.h>

/* The records of a stream, read with or without the fast path. */
typedef struct reading {
    sudoku_record *recs;
    long long *offsets;  /* bytes consumed after each record */
    int count, cap;
    bool io_error;
    long long end;       /* bytes consumed at the end */
} reading;

/* From a file (which the reader reads in blocks of its own) or, with
 * 'memory', from a stream it reads a byte at a time (as a pipe). */
static void read_all(const void *data, size_t len, int size, bool plain, bool memory, reading *out)
{
    FILE *f = memory && len ? fmemopen((void *)data, len, "r") : tu_stream(data, len);
    assert_non_null(f);
    sudoku_reader *r = sudoku_reader_new(f, "diff", size);
    assert_non_null(r);
    sudoku_reader_plain_lines(r, plain);
    out->count = 0;
    for (;;) {
        if (out->count == out->cap) {
            out->cap = out->cap ? out->cap * 2 : 64;
            out->recs = realloc(out->recs, (size_t)out->cap * sizeof *out->recs);
            out->offsets = realloc(out->offsets, (size_t)out->cap * sizeof *out->offsets);
            assert_non_null(out->recs);
            assert_non_null(out->offsets);
        }
        sudoku_record *rec = &out->recs[out->count];
        memset(rec, 0, sizeof *rec);
        if (!sudoku_reader_next(r, rec))
            break;
        out->offsets[out->count++] = sudoku_reader_offset(r);
    }
    out->io_error = sudoku_reader_io_error(r);
    out->end = sudoku_reader_offset(r);
    sudoku_reader_free(r);
    fclose(f);
}

static void reading_free(reading *r)
{
    free(r->recs);
    free(r->offsets);
}

/* Fails with 'what' and the record's place when a and b differ. */
static void same_record(const sudoku_record *a, const sudoku_record *b, const char *what, int i)
{
#define DIFFER(field) fail_msg("%s, record %d (line %ld): %s differs", what, i + 1, a->line, field)
    if (a->line != b->line)
        DIFFER("the line number");
    if (a->ok != b->ok)
        DIFFER("ok");
    if (strcmp(a->error, b->error) != 0)
        DIFFER("the error");
    if (a->layout != b->layout)
        DIFFER("the layout");
    if (a->pencil != b->pencil)
        DIFFER("pencil");
    if (a->has_solution != b->has_solution)
        DIFFER("has_solution");
    if ((a->read_as == NULL) != (b->read_as == NULL) || (a->read_as && strcmp(a->read_as, b->read_as) != 0))
        DIFFER("read_as");
    if (strcmp(a->remark, b->remark) != 0)
        DIFFER("the remark");
    if (a->ok && a->layout) {
        size_t n = (size_t)a->layout->ncells;
        if (memcmp(a->given, b->given, n) != 0)
            DIFFER("the givens");
        if (memcmp(a->cand, b->cand, n * sizeof a->cand[0]) != 0)
            DIFFER("the candidates");
        if (a->has_solution && memcmp(a->solution, b->solution, n) != 0)
            DIFFER("the given solution");
    }
#undef DIFFER
}

/* The same records, offsets and end, or a failure naming 'how'. */
static void same_reading(const reading *fast, const reading *slow, const char *what, int size, const char *how)
{
    if (fast->count != slow->count)
        fail_msg("%s (size %d): %d records %s, %d without", what, size, fast->count, how, slow->count);
    for (int i = 0; i < fast->count; i++) {
        same_record(&fast->recs[i], &slow->recs[i], what, i);
        if (fast->offsets[i] != slow->offsets[i])
            fail_msg("%s, record %d: %lld bytes consumed %s, %lld without", what, i + 1, fast->offsets[i], how,
                     slow->offsets[i]);
    }
    if (fast->io_error != slow->io_error || fast->end != slow->end)
        fail_msg("%s (size %d): the input ends differently %s", what, size, how);
}

/* Reads the bytes at 'size' with and without the fast path, from a file
 * and from memory, and compares all four with the general reading of the
 * file; returns the records. */
static int compare_at(const void *data, size_t len, int size, const char *what)
{
    reading fast = { 0 }, slow = { 0 }, fast_mem = { 0 }, slow_mem = { 0 };
    read_all(data, len, size, true, false, &fast);
    read_all(data, len, size, false, false, &slow);
    read_all(data, len, size, true, true, &fast_mem);
    read_all(data, len, size, false, true, &slow_mem);
    same_reading(&fast, &slow, what, size, "with the fast path from a file");
    same_reading(&fast_mem, &slow, what, size, "with the fast path from memory");
    same_reading(&slow_mem, &slow, what, size, "from memory");
    int n = fast.count;
    reading_free(&fast);
    reading_free(&slow);
    reading_free(&fast_mem);
    reading_free(&slow_mem);
    return n;
}

/* Both ways at every size --size allows. */
static int compare_bytes(const void *data, size_t len, const char *what)
{
    int n = compare_at(data, len, 0, what);
    compare_at(data, len, 9, what);
    compare_at(data, len, 8, what);
    return n;
}

/* A whole file into memory; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Every regular file of a folder (names ending in 'suffix', "" for all);
 * returns the records read, or -1 when the folder is missing. */
static long compare_folder(const char *dir, const char *suffix, bool every_size)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    long total = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), slen = strlen(suffix);
        if (e->d_name[0] == '.' || len < slen || strcmp(e->d_name + len - slen, suffix) != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n;
        char *data = slurp(path, &n);
        if (!data)
            continue; /* a folder, or unreadable */
        total += every_size ? compare_bytes(data, n, path) : compare_at(data, n, 0, path);
        free(data);
    }
    closedir(d);
    return total;
}

static void test_committed_inputs(void **state)
{
    (void)state;
    static const char *const dirs[] = { "tests/hostile/inputs", "tests/cli", "tests/formats", "puzzles" };
    long total = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        long n = compare_folder(dirs[i], "", true);
        if (n < 0)
            fail_msg("%s not found (the tests run from the top of the source tree)", dirs[i]);
        total += n;
    }
    assert_true(total > 100);
}

static void test_public_datasets(void **state)
{
    (void)state;
    char dir[1024];
    const char *shared = getenv("SHARED");
    snprintf(dir, sizeof dir, "%s/data", shared && *shared ? shared : "../shared");
    long n = compare_folder(dir, ".txt", false);
    if (n < 0) {
        print_message("%s not found: datasets skipped\n", dir);
        skip();
    }
    assert_true(n > 0);
}

/* ------------------------------------------------------------ mutations */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

/* A fixed seed: the same run every time. */
static uint64_t rng(void) { return tu_rng(&rng_state); }

static size_t pick(size_t n) { return (size_t)(rng() % n); }

/* What readers trip on, one piece of bytes at a time. */
static const char *const pieces[] = {
    "1", "5", "9", ".", "0", "-", "_", "*", "x", "X", " ", "\t", "\n", "\r", "\r\n", "#", "|", "!", "+", ",",
    ";", "=", ":", "'", "a", "Z", "\"", "[", "]", "\xEF\xBB\xBF", "\xC2\xA0", "\xEF\xBC\x91", "\xE3\x80\x80",
    "\xC3\xA9", "\x80", "\xFF", "\xC3", "\x01", "\x1B", "\v", "\f",
};

/* Plain lines to start from: both sides, a remark, a solution, CR LF. */
static const char *const seeds[] = {
    TU_EASY "\n",
    TU_HARD "\n",
    TU_8X8 "\n",
    TU_EASY_SOLUTION "\n",
    TU_EASY " " TU_EASY_SOLUTION " id 7\n",
    TU_8X8 " remark\n",
    TU_EASY "\r\n",
    TU_HARD "\r",
    "---------------------------------------------------------------------------------\n",
    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n",
    "\n",
};

/* A document of a few seed lines, each changed at a few random places. */
static size_t mutated_document(char *buf, size_t cap)
{
    size_t len = 0;
    int lines = 1 + (int)pick(6);
    for (int l = 0; l < lines; l++) {
        const char *seed = seeds[pick(sizeof seeds / sizeof seeds[0])];
        size_t n = strlen(seed);
        if (len + n >= cap)
            break;
        memcpy(buf + len, seed, n);
        int changes = (int)pick(4);
        for (int k = 0; k < changes && n > 0; k++) {
            size_t at = len + pick(n);
            const char *p = pieces[pick(sizeof pieces / sizeof pieces[0])];
            size_t pn = strlen(p);
            switch (pick(3)) {
            case 0: /* replace a byte */
                if (len + n + pn >= cap)
                    break;
                memmove(buf + at + pn, buf + at + 1, len + n - at - 1);
                memcpy(buf + at, p, pn);
                n += pn - 1;
                break;
            case 1: /* insert */
                if (len + n + pn >= cap)
                    break;
                memmove(buf + at + pn, buf + at, len + n - at);
                memcpy(buf + at, p, pn);
                n += pn;
                break;
            default: /* delete */
                memmove(buf + at, buf + at + 1, len + n - at - 1);
                n--;
                break;
            }
        }
        len += n;
    }
    if (pick(8) == 0 && len > 0)
        len--; /* sometimes no final line end */
    return len;
}

#ifndef MUTATIONS
#define MUTATIONS 20000
#endif

static void test_random_mutations(void **state)
{
    (void)state;
    char buf[8192], what[64];
    for (int i = 0; i < MUTATIONS; i++) {
        size_t len = mutated_document(buf, sizeof buf);
        snprintf(what, sizeof what, "mutation %d", i);
        compare_at(buf, len, i % 3 == 0 ? 0 : i % 3 == 1 ? 9 : 8, what);
    }
}

/* A NUL byte right after a plain line's cells ends the input there, and
 * the record before it stands. */
static void test_nul_after_cells(void **state)
{
    (void)state;
    static const char data[] = TU_EASY "\0" "rest\n" TU_HARD "\n";
    compare_bytes(data, sizeof data - 1, "NUL after the cells");
}

/* The fast path's record, field by field: what the general reading gives. */
static void test_fast_record(void **state)
{
    (void)state;
    sudoku_record recs[4];
    const char text[] = TU_EASY "\n" TU_8X8 "\r\n" TU_HARD;
    FILE *f = tu_stream(text, sizeof text - 1);
    sudoku_reader *r = sudoku_reader_new(f, "test", 0);
    int n = 0;
    while (n < 4 && sudoku_reader_next(r, &recs[n]))
        n++;
    assert_int_equal(n, 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 2, 8, TU_8X8);
    assert_string_equal(recs[1].read_as, "an 8x8 brick-wall puzzle");
    tu_expect_puzzle(&recs[2], 3, 9, TU_HARD);
    for (int i = 0; i < 3; i++) {
        assert_string_equal(recs[i].remark, "");
        assert_false(recs[i].has_solution);
        assert_false(recs[i].pencil);
    }
    assert_int_equal(sudoku_reader_offset(r), (long long)(sizeof text - 1));
    sudoku_reader_free(r);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_record),
        cmocka_unit_test(test_nul_after_cells),
        cmocka_unit_test(test_committed_inputs),
        cmocka_unit_test(test_public_datasets),
        cmocka_unit_test(test_random_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
