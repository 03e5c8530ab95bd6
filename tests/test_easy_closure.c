/*
 * test_easy_closure.c - easy_closure() and easy_closure_of_filled()
 * (lib/grade/easy_closure.c), the level's shortcut for puzzles that
 * singles or intersections fill, against a plain reference written cell
 * by cell: singles to their fixpoint, then intersections and singles
 * again until nothing changes. On every committed puzzle and thousands
 * from ../shared/data (when there), each as read, with some of its
 * solution's digits placed, with some false candidates struck, with a
 * true candidate struck, and with a candidate whose digit a unit holds
 * (the grids a caller may build).
 */
#include "test_util.h"

#include "grade/easy_closure.h"

/* ------------------------------------------------------- the reference */

static int row_of(int c) { return c / 9; }
static int column_of(int c) { return c % 9; }
static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

static bool peers(int a, int b)
{
    return a != b && (row_of(a) == row_of(b) || column_of(a) == column_of(b) || box_of(a) == box_of(b));
}

/* Cell i (0..8) of unit u: rows 0-8, columns 9-17, boxes 18-26. */
static int unit_cell(int u, int i)
{
    if (u < 9)
        return 9 * u + i;
    if (u < 18)
        return 9 * i + (u - 9);
    int b = u - 18;
    return 27 * (b / 3) + 3 * (b % 3) + 9 * (i / 3) + i % 3;
}

typedef struct plain {
    uint8_t digit[81];
    sudoku_mask cand[81];
} plain;

static void plain_place(plain *p, int c, int d)
{
    p->digit[c] = (uint8_t)d;
    p->cand[c] = 0;
    for (int o = 0; o < 81; o++)
        if (peers(c, o))
            p->cand[o] &= (sudoku_mask)~sudoku_bit(d);
}

/* Naked and hidden singles, one at a time, until there are none; false
 * on an empty cell without candidates. */
static bool plain_singles(plain *p)
{
    for (bool progress = true; progress;) {
        progress = false;
        for (int c = 0; c < 81; c++) {
            if (p->digit[c])
                continue;
            if (!p->cand[c])
                return false;
            if (!(p->cand[c] & (p->cand[c] - 1))) {
                plain_place(p, c, __builtin_ctz(p->cand[c]) + 1);
                progress = true;
            }
        }
        for (int u = 0; u < 27; u++) {
            for (int d = 1; d <= 9; d++) {
                int n = 0, at = -1;
                for (int i = 0; i < 9; i++) {
                    int c = unit_cell(u, i);
                    if (!p->digit[c] && (p->cand[c] & sudoku_bit(d))) {
                        n++;
                        at = c;
                    }
                }
                if (n == 1) {
                    plain_place(p, at, d);
                    progress = true;
                }
            }
        }
    }
    return true;
}

/* Pointing and claiming: the cells of a unit that may hold d all lie in
 * a second unit, which loses d elsewhere. True when something went. */
static bool plain_intersections(plain *p)
{
    bool took = false;
    for (int u = 0; u < 27; u++) {
        for (int v = 0; v < 27; v++) {
            if (u == v)
                continue;
            for (int d = 1; d <= 9; d++) {
                bool some = false, all_in_v = true;
                for (int i = 0; i < 9; i++) {
                    int c = unit_cell(u, i);
                    if (p->cand[c] & sudoku_bit(d)) {
                        some = true;
                        bool in_v = false;
                        for (int j = 0; j < 9; j++)
                            in_v |= unit_cell(v, j) == c;
                        all_in_v &= in_v;
                    }
                }
                if (!some || !all_in_v)
                    continue;
                for (int j = 0; j < 9; j++) {
                    int c = unit_cell(v, j);
                    bool in_u = false;
                    for (int i = 0; i < 9; i++)
                        in_u |= unit_cell(u, i) == c;
                    if (!in_u && (p->cand[c] & sudoku_bit(d))) {
                        p->cand[c] &= (sudoku_mask)~sudoku_bit(d);
                        took = true;
                    }
                }
            }
        }
    }
    return took;
}

static bool plain_full_and_valid(const plain *p)
{
    for (int u = 0; u < 27; u++) {
        unsigned seen = 0;
        for (int i = 0; i < 9; i++) {
            int d = p->digit[unit_cell(u, i)];
            if (!d)
                return false;
            seen |= sudoku_bit(d);
        }
        if (seen != 0x1FFu)
            return false;
    }
    return true;
}

static bool plain_full(const plain *p)
{
    for (int c = 0; c < 81; c++)
        if (!p->digit[c])
            return false;
    return true;
}

static enum easy_closure plain_closure(const sudoku_grid *g)
{
    if (g->layout->n != 9 || g->layout->desc.box_rows != 3)
        return CLOSURE_UNKNOWN;
    plain p;
    memcpy(p.digit, g->digit, sizeof p.digit);
    memcpy(p.cand, g->cand, sizeof p.cand);
    for (int c = 0; c < 81; c++)
        for (int o = 0; o < 81; o++)
            if (!p.digit[c] && p.digit[o] && peers(c, o) && (p.cand[c] & sudoku_bit(p.digit[o])))
                return CLOSURE_UNKNOWN;
    if (!plain_singles(&p))
        return CLOSURE_STALLS;
    if (plain_full(&p))
        return plain_full_and_valid(&p) ? CLOSURE_SINGLES : CLOSURE_STALLS;
    while (!plain_full(&p) && plain_intersections(&p))
        if (!plain_singles(&p))
            return CLOSURE_STALLS;
    return plain_full_and_valid(&p) ? CLOSURE_INTERSECTIONS : CLOSURE_STALLS;
}

/* ------------------------------------------------------------ the grids */

static long counts[4]; /* by result + 1 */

static void expect_same(const sudoku_grid *g, const char *where, long line, const char *variant)
{
    enum easy_closure want = plain_closure(g), got = easy_closure(g);
    if (got != want)
        fail_msg("%s:%ld (%s): easy_closure %d, the plain closure %d", where, line, variant, (int)got, (int)want);
    counts[want + 1]++;
    /* Where they fill the grid (or it is not worked out), singles alone
     * tell which. */
    if (want != CLOSURE_STALLS && (got = easy_closure_of_filled(g)) != want)
        fail_msg("%s:%ld (%s): easy_closure_of_filled %d, the plain closure %d", where, line, variant, (int)got,
                 (int)want);
}

/* Random cells of the solution placed (about one in 'one_in' of the empty
 * cells), through the library as a caller would. */
static void place_some(sudoku_grid *g, const uint8_t *solution, int one_in, uint64_t *seed)
{
    for (int c = 0; c < 81; c++)
        if (!g->digit[c] && tu_rng(seed) % (uint64_t)one_in == 0)
            assert_true(sudoku_grid_place(g, c, solution[c]));
}

/* Random false candidates struck (about one in 'one_in'). */
static void strike_false(sudoku_grid *g, const uint8_t *solution, int one_in, uint64_t *seed)
{
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            if (d != solution[c] && (g->cand[c] & sudoku_bit(d)) && tu_rng(seed) % (uint64_t)one_in == 0)
                sudoku_grid_eliminate(g, c, d);
}

static void check_puzzle(const sudoku_grid *read, const char *where, long line, uint64_t *seed)
{
    expect_same(read, where, line, "as read");
    uint8_t solution[SUDOKU_MAX_CELLS];
    if (read->layout->ncells != 81 || sudoku_solve(read, 2, solution, NULL) != 1)
        return;
    static const int placed[] = { 16, 8, 4, 2 }, struck[] = { 40, 12, 3, 2 };
    for (int k = 0; k < 4; k++) {
        sudoku_grid g = *read;
        place_some(&g, solution, placed[k], seed);
        expect_same(&g, where, line, "digits placed");
        strike_false(&g, solution, struck[k], seed);
        expect_same(&g, where, line, "digits placed, false candidates struck");
        g = *read;
        strike_false(&g, solution, struck[k], seed);
        expect_same(&g, where, line, "false candidates struck");
    }
    /* A true candidate struck: no solution left. */
    sudoku_grid g = *read;
    for (int c = (int)(tu_rng(seed) % 81), n = 0; n < 81; n++, c = (c + 1) % 81)
        if (!g.digit[c] && (g.cand[c] & (g.cand[c] - 1))) {
            g.cand[c] &= (sudoku_mask)~sudoku_bit(solution[c]);
            break;
        }
    expect_same(&g, where, line, "a true candidate struck");
    /* A candidate whose digit a peer holds, as a caller may leave one. */
    g = *read;
    place_some(&g, solution, 4, seed);
    strike_false(&g, solution, 3, seed);
    for (int c = (int)(tu_rng(seed) % 81), n = 0; n < 81; n++, c = (c + 1) % 81)
        if (!g.digit[c]) {
            for (int o = 0; o < 81; o++)
                if (g.digit[o] && peers(c, o)) {
                    g.cand[c] |= sudoku_bit(g.digit[o]);
                    break;
                }
            break;
        }
    expect_same(&g, where, line, "a candidate a unit holds");
}

static long check_file(const char *path, int max, int stride, uint64_t *seed)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("  %s not found: left out\n", path);
        return 0;
    }
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    static sudoku_record rec;
    long puzzles = 0;
    for (int k = 0; k < max && sudoku_reader_next(r, &rec); k++) {
        sudoku_grid g;
        if (k % stride || !rec.ok || !sudoku_grid_from_record(&g, &rec, NULL, 0))
            continue;
        check_puzzle(&g, path, rec.line, seed);
        puzzles++;
    }
    sudoku_reader_free(r);
    fclose(f);
    return puzzles;
}

static void test_against_plain_closure(void **state)
{
    (void)state;
    char buf[4][1024];
    const struct {
        const char *path;
        int max;
    } files[] = {
        { "puzzles/easy.txt", 100000 },
        { "puzzles/17clue.txt", 100000 },
        { "puzzles/hard.txt", 100000 },
        { "puzzles/8x8.txt", 100000 },
        { tu_shared_path("puzzles1_unbiased.txt", buf[0], sizeof buf[0]), 1000 },
        { tu_shared_path("puzzles2_17_clue.txt", buf[1], sizeof buf[1]), 3000 },
        { tu_shared_path("puzzles3_magictour_top1465.txt", buf[2], sizeof buf[2]), 500 },
        { tu_shared_path("puzzles7_serg_benchmark.txt", buf[3], sizeof buf[3]), 1000 },
    };
    uint64_t seed = 0x5eed1e55u;
    long puzzles = 0;
    int stride = tu_stride(3);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        puzzles += check_file(files[i].path, files[i].max, stride, &seed);
    printf("  %ld puzzles, %ld grids: unknown %ld, stalls %ld, singles %ld, intersections %ld\n", puzzles,
           counts[0] + counts[1] + counts[2] + counts[3], counts[0], counts[1], counts[2], counts[3]);
    assert_true(puzzles >= 30);
    assert_true(counts[0] && counts[1] && counts[2] && counts[3]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_plain_closure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
