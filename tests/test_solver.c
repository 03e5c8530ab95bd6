/*
 * test_solver.c - solution counting, the limit, statistics, solution
 * checking, 8x8 and other layouts, committed puzzle sets and the public
 * datasets.
 */
#include "test_util.h"
#include "solve/solvers.h"

#include <time.h>

/* A record with no clue at all on layout l: every cell open. */
static void blank_record(sudoku_record *rec, const sudoku_layout *l)
{
    memset(rec, 0, sizeof *rec);
    rec->ok = true;
    rec->layout = l;
    for (int c = 0; c < l->ncells; c++)
        rec->cand[c] = l->all;
}

/* Solves a puzzle line; returns the count and fills solution and stats. */
static long solve_line(const char *line, long limit, uint8_t *solution, sudoku_search_stats *stats,
                       sudoku_record *rec)
{
    sudoku_grid g;
    tu_load(line, rec, &g);
    return sudoku_solve(&g, limit, solution, stats);
}

static void test_unique_singles_only(void **state)
{
    (void)state;
    sudoku_record rec;
    uint8_t sol[SUDOKU_MAX_CELLS];
    char buf[SUDOKU_MAX_CELLS + 1];
    sudoku_search_stats st;
    memset(&st, 0xFF, sizeof st);
    assert_int_equal(solve_line(TU_EASY, 2, sol, &st, &rec), 1);
    assert_string_equal(tu_digits_line(sol, 81, buf), TU_EASY_SOLUTION);
    assert_true(sudoku_solution_valid(&rec, sol));
    /* Singles alone solve it: no guess at all. */
    assert_int_equal(st.max_depth, 0);
    assert_int_equal(st.guesses, 0);
    assert_int_equal(st.branch_points, 0);
    /* NULL solution and stats are allowed. */
    assert_int_equal(solve_line(TU_EASY, 2, NULL, NULL, &rec), 1);
}

static void test_unique_needs_guessing(void **state)
{
    (void)state;
    sudoku_record rec;
    uint8_t sol[SUDOKU_MAX_CELLS], sol1[SUDOKU_MAX_CELLS];
    sudoku_search_stats st;
    assert_int_equal(solve_line(TU_HARD, 2, sol, &st, &rec), 1);
    assert_true(sudoku_solution_valid(&rec, sol));
    for (int c = 0; c < 81; c++)
        if (rec.given[c])
            assert_int_equal(sol[c], rec.given[c]);
    /* Singles stall on this one. */
    assert_true(st.max_depth >= 1);
    assert_true(st.branch_points >= 1);
    assert_true(st.guesses >= st.branch_points);
    assert_true((unsigned long)st.max_depth <= st.branch_points);
    /* Limit 1 finds the same (only) solution. */
    assert_int_equal(solve_line(TU_HARD, 1, sol1, NULL, &rec), 1);
    assert_memory_equal(sol, sol1, 81);
}

static void test_two_solutions(void **state)
{
    (void)state;
    /* The solution with an unavoidable rectangle emptied: r1c4=6 r1c5=7,
     * r4c4=7 r4c5=6 can be swapped, so exactly two solutions. */
    char line[82] = TU_EASY_SOLUTION, swapped[82] = TU_EASY_SOLUTION;
    static const int cells[4] = { 3, 4, 30, 31 };
    for (int i = 0; i < 4; i++)
        line[cells[i]] = '.';
    swapped[3] = '7', swapped[4] = '6', swapped[30] = '6', swapped[31] = '7';
    sudoku_record rec;
    uint8_t sol[81];
    char buf[82];
    assert_int_equal(solve_line(line, 100, sol, NULL, &rec), 2);
    assert_true(sudoku_solution_valid(&rec, sol));
    tu_digits_line(sol, 81, buf);
    assert_true(strcmp(buf, TU_EASY_SOLUTION) == 0 || strcmp(buf, swapped) == 0);
    assert_int_equal(solve_line(line, 2, NULL, NULL, &rec), 2);
    assert_int_equal(solve_line(line, 1, sol, NULL, &rec), 1);
    assert_true(sudoku_solution_valid(&rec, sol));
    /* Both are solutions of the record. */
    uint8_t a[81], b[81];
    for (int c = 0; c < 81; c++)
        a[c] = (uint8_t)(TU_EASY_SOLUTION[c] - '0'), b[c] = (uint8_t)(swapped[c] - '0');
    assert_true(sudoku_solution_valid(&rec, a));
    assert_true(sudoku_solution_valid(&rec, b));
}

static void test_no_solution_subtle(void **state)
{
    (void)state;
    /* TU_EASY has one solution with r1c3 = 4; a 2 there is allowed by the
     * clues' rows, columns and boxes, breaks no rule on sight, and leaves
     * no solution. */
    char line[82] = TU_EASY;
    line[2] = '2';
    sudoku_record rec;
    sudoku_grid g;
    char why[128] = "";
    tu_read_one(line, 0, &rec);
    assert_true(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    sudoku_search_stats st;
    uint8_t sol[81];
    memset(sol, 0xEE, sizeof sol);
    assert_int_equal(sudoku_solve(&g, 2, sol, &st), 0);
    assert_int_equal(sol[0], 0xEE); /* untouched */

    /* Same through pencil marks: r1c3 pencilled 12 (the solution has 4). */
    const char *pm = "5 3 12 26 7 2468 1489 1249 248 "
                     "6 247 247 1 9 5 3478 234 2478 "
                     "12 9 8 23 34 24 13457 6 247 "
                     "8 125 1259 579 6 147 4579 2459 3 "
                     "4 25 2569 8 5 3 579 259 1 "
                     "7 15 1359 59 2 14 4589 459 6 "
                     "139 6 134579 357 35 7 2 8 4 "
                     "23 278 237 4 1 9 36 3 5 "
                     "123 1245 12345 2356 8 26 1346 7 9\n";
    tu_read_one(pm, 0, &rec);
    assert_true(rec.ok);
    assert_true(rec.pencil);
    assert_true(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    assert_int_equal(sudoku_solve(&g, 2, NULL, NULL), 0);
    /* ... and with 124 it is the original puzzle again. */
    char pm2[1024];
    strcpy(pm2, pm);
    memcpy(strstr(pm2, " 12 "), " 4  ", 4); /* r1c3: just 4, a given now */
    tu_read_one(pm2, 0, &rec);
    assert_true(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    uint8_t s2[81];
    char buf[82];
    assert_int_equal(sudoku_solve(&g, 2, s2, NULL), 1);
    assert_string_equal(tu_digits_line(s2, 81, buf), TU_EASY_SOLUTION);
    assert_true(sudoku_solution_valid(&rec, s2));
}

static void test_contradictory_grids(void **state)
{
    (void)state;
    sudoku_grid g;
    uint8_t sol[81];
    /* Two equal digits in a row, written straight into the grid. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    g.digit[0] = 4, g.cand[0] = 0;
    g.digit[8] = 4, g.cand[8] = 0;
    g.empty = 79;
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 0);
    /* A cell with no candidate. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    g.cand[40] = 0;
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 0);
    /* A digit with no place in a box. */
    sudoku_grid_init(&g, sudoku_layout_8x8());
    for (int i = 0; i < 8; i++)
        sudoku_grid_eliminate(&g, sudoku_layout_8x8()->unit_cell[16 + 3][i], 5);
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 0);
    /* Clues that clash on sight (two 5s in row 1), placed without checks. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int c = 0; c < 81; c++)
        g.digit[c] = (uint8_t)(TU_EASY[c] == '.' ? 0 : TU_EASY[c] - '0');
    g.digit[8] = 5;
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 0);
    /* Digits whose candidates were never updated: still judged right. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    int empty = 81;
    for (int c = 0; c < 81; c++)
        if (TU_EASY[c] != '.')
            g.digit[c] = (uint8_t)(TU_EASY[c] - '0'), empty--;
    g.empty = empty;
    char buf[82];
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 1);
    assert_string_equal(tu_digits_line(sol, 81, buf), TU_EASY_SOLUTION);
}

/* Two clues of a digit in one row, one column or one box alone, on an
 * otherwise open grid, and full grids: each clash found by both builds of
 * the 9x9 search (the clues are taken in all at once, not one by one).
 * The row and box clashes of a partial grid are also found by propagation,
 * those of a full grid only by the clue count. */
static void test_clues_clash_in_one_unit(void **state)
{
    (void)state;
    static const int pairs[][2] = { { 0, 3 }, { 0, 27 }, { 0, 10 }, { 40, 80 } }; /* row, column, box, none */
    static const long expect[] = { 0, 0, 0, 5 };
    uint8_t sol[SUDOKU_MAX_CELLS];
    char buf[82];
    for (int plain = 0; plain < 2; plain++) {
        solve_9x9_plain_only(plain);
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            sudoku_grid g;
            sudoku_grid_init(&g, sudoku_layout_9x9());
            g.digit[pairs[i][0]] = g.digit[pairs[i][1]] = 5;
            g.empty = 79;
            assert_int_equal(sudoku_solve(&g, 5, sol, NULL), expect[i]);
        }
        /* A full grid is its own solution. Two cells of a row swapped
         * clash in two columns alone, two of a column in two rows alone,
         * rows 1 and 4 swapped in four boxes alone. */
        for (int swap = 0; swap < 4; swap++) {
            sudoku_grid g;
            sudoku_grid_init(&g, sudoku_layout_9x9());
            for (int c = 0; c < 81; c++) {
                int from = c;
                if (swap == 1 && (c == 0 || c == 1))
                    from = 1 - c;
                if (swap == 2 && (c == 0 || c == 9))
                    from = 9 - c;
                if (swap == 3 && c / 9 % 3 == 0 && c < 54)
                    from = c < 27 ? c + 27 : c - 27;
                g.digit[c] = (uint8_t)(TU_EASY_SOLUTION[from] - '0');
            }
            g.empty = 0;
            assert_int_equal(sudoku_solve(&g, 2, sol, NULL), swap ? 0 : 1);
            if (!swap)
                assert_string_equal(tu_digits_line(sol, 81, buf), TU_EASY_SOLUTION);
        }
    }
    solve_9x9_plain_only(false);
}

static void test_limit_on_empty_grids(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_record rec;
    uint8_t sol[SUDOKU_MAX_CELLS];
    clock_t t0 = clock();

    sudoku_grid_init(&g, sudoku_layout_9x9());
    assert_int_equal(sudoku_solve(&g, 5, sol, NULL), 5);
    blank_record(&rec, sudoku_layout_9x9());
    assert_true(sudoku_solution_valid(&rec, sol));
    assert_int_equal(sudoku_solve(&g, 1, sol, NULL), 1);
    assert_true(sudoku_solution_valid(&rec, sol));
    assert_int_equal(sudoku_solve(&g, 1000, NULL, NULL), 1000);

    sudoku_grid_init(&g, sudoku_layout_8x8());
    assert_int_equal(sudoku_solve(&g, 3, sol, NULL), 3);
    blank_record(&rec, sudoku_layout_8x8());
    assert_true(sudoku_solution_valid(&rec, sol));

    /* The limit is a budget, not a formality: this took well under a second. */
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_true(seconds < 5.0);
}

static void test_other_layouts_exact_counts(void **state)
{
    (void)state;
    /* Known totals: 288 4x4 grids; 28,200,960 6x6 grids with 2x3 boxes,
     * that is 28,200,960 / 6! = 39,168 with the first row fixed. */
    static const sudoku_layout_desc d4 = { "4x4", 4, 2, 2 }, d6 = { "6x6", 6, 2, 3 },
                                    d16 = { "16x16", 16, 4, 4 };
    sudoku_layout *l = malloc(sizeof *l);
    assert_non_null(l);
    sudoku_grid g;
    sudoku_record rec;
    uint8_t sol[SUDOKU_MAX_CELLS];

    assert_true(sudoku_layout_build(l, &d4));
    sudoku_grid_init(&g, l);
    assert_int_equal(sudoku_solve(&g, 1000, sol, NULL), 288);
    blank_record(&rec, l);
    assert_true(sudoku_solution_valid(&rec, sol));
    assert_true(sudoku_grid_place(&g, 0, 1));
    assert_int_equal(sudoku_solve(&g, 1000, NULL, NULL), 288 / 4);

    assert_true(sudoku_layout_build(l, &d6));
    sudoku_grid_init(&g, l);
    for (int c = 0; c < 6; c++)
        assert_true(sudoku_grid_place(&g, c, c + 1));
    assert_int_equal(sudoku_solve(&g, 100000, sol, NULL), 39168);
    blank_record(&rec, l);
    assert_true(sudoku_solution_valid(&rec, sol));
    for (int c = 0; c < 6; c++)
        assert_int_equal(sol[c], c + 1);
    assert_int_equal(sudoku_solve(&g, 39167, NULL, NULL), 39167);

    assert_true(sudoku_layout_build(l, &d16));
    sudoku_grid_init(&g, l);
    assert_int_equal(sudoku_solve(&g, 2, sol, NULL), 2);
    blank_record(&rec, l);
    assert_true(sudoku_solution_valid(&rec, sol));
    for (int c = 0; c < 256; c++)
        assert_in_range(sol[c], 1, 16);
    free(l);
}

static void test_8x8_from_pattern(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_8x8();
    /* A full brick-wall grid from a pattern: row r is 1..8 shifted by
     * (r % 2) * 4 + r / 2, so the two rows of a box hold 1-4 and 5-8 shifted alike. */
    uint8_t full[64];
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            full[r * 8 + c] = (uint8_t)(((r % 2) * 4 + r / 2 + c) % 8 + 1);
    char fullline[65], buf[65];
    tu_digits_line(full, 64, fullline);
    assert_string_equal(fullline, "12345678" "56781234" "23456781" "67812345"
                                  "34567812" "78123456" "45678123" "81234567");
    sudoku_record rec;
    blank_record(&rec, l);
    assert_true(sudoku_solution_valid(&rec, full));

    /* Keep 20 of its cells: a minimal puzzle with one solution. */
    const char *keep = "12.4.67.....1......5.7...78.2.4..4..7..2......5...6.81.3........";
    char line[65];
    for (int c = 0; c < 64; c++) {
        line[c] = keep[c] == '.' ? '.' : fullline[c];
        if (keep[c] != '.')
            assert_int_equal(keep[c], fullline[c]);
    }
    line[64] = '\0';
    uint8_t sol[64];
    sudoku_search_stats st;
    assert_int_equal(solve_line(line, 2, sol, &st, &rec), 1);
    assert_ptr_equal(rec.layout, l);
    assert_string_equal(tu_digits_line(sol, 64, buf), fullline);
    assert_true(sudoku_solution_valid(&rec, sol));

    /* Emptying the first two rows of a band leaves several solutions. */
    for (int c = 0; c < 16; c++)
        fullline[c] = '.';
    assert_int_equal(solve_line(fullline, 1000, NULL, NULL, &rec), 2 * 2 * 2 * 2);
}

static void test_8x8_needs_guessing(void **state)
{
    (void)state;
    sudoku_record rec;
    uint8_t sol[64];
    char buf[65];
    sudoku_search_stats st;
    assert_int_equal(solve_line(TU_8X8, 10, sol, &st, &rec), 1);
    assert_string_equal(tu_digits_line(sol, 64, buf), TU_8X8_SOLUTION);
    assert_true(sudoku_solution_valid(&rec, sol));
    assert_true(st.guesses >= st.branch_points);
}

static void test_solution_valid_rejects(void **state)
{
    (void)state;
    sudoku_record rec;
    uint8_t sol[81];
    tu_read_one(TU_EASY, 0, &rec);
    for (int c = 0; c < 81; c++)
        sol[c] = (uint8_t)(TU_EASY_SOLUTION[c] - '0');
    assert_true(sudoku_solution_valid(&rec, sol));

    uint8_t bad[81];
    memcpy(bad, sol, 81);
    bad[80] = 0; /* unfilled */
    assert_false(sudoku_solution_valid(&rec, bad));
    memcpy(bad, sol, 81);
    bad[80] = 10; /* out of range */
    assert_false(sudoku_solution_valid(&rec, bad));
    memcpy(bad, sol, 81);
    bad[2] = 1; /* r1c3: 4 -> 1, row 1 now has two 1s */
    assert_false(sudoku_solution_valid(&rec, bad));

    /* A valid grid that disagrees with the givens. */
    uint8_t relabelled[81];
    for (int c = 0; c < 81; c++)
        relabelled[c] = (uint8_t)(sol[c] % 9 + 1);
    sudoku_record blank;
    blank_record(&blank, sudoku_layout_9x9());
    assert_true(sudoku_solution_valid(&blank, relabelled));
    assert_false(sudoku_solution_valid(&rec, relabelled));

    /* A valid grid that breaks a pencil mark. */
    blank.cand[2] = tu_mask("12");
    assert_false(sudoku_solution_valid(&blank, sol));
    blank.cand[2] = tu_mask("124");
    assert_true(sudoku_solution_valid(&blank, sol));

    /* Swapping two columns within a stack keeps rows and boxes but not the givens. */
    for (int r = 0; r < 9; r++) {
        uint8_t t = relabelled[r * 9];
        relabelled[r * 9] = relabelled[r * 9 + 1];
        relabelled[r * 9 + 1] = t;
    }
    blank_record(&blank, sudoku_layout_9x9());
    assert_true(sudoku_solution_valid(&blank, relabelled));

    /* 8x8: a 9 is never valid; the right solution is. */
    tu_read_one(TU_8X8, 0, &rec);
    uint8_t s8[64];
    for (int c = 0; c < 64; c++)
        s8[c] = (uint8_t)(TU_8X8_SOLUTION[c] - '0');
    assert_true(sudoku_solution_valid(&rec, s8));
    s8[63] = 9;
    assert_false(sudoku_solution_valid(&rec, s8));
    /* A 9x9 row-shifted grid breaks 8x8 boxes: rows 1,2 = 12345678 / 23456781. */
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            s8[r * 8 + c] = (uint8_t)((r + c) % 8 + 1);
    blank_record(&blank, sudoku_layout_8x8());
    assert_false(sudoku_solution_valid(&blank, s8));
}

/* ------------------------------------------------------------ puzzle files */

typedef struct file_result {
    long puzzles;        /* records read */
    long min_count, max_count;
    long unloadable;     /* clues clash on sight */
    long failures;       /* a bad record or an invalid solution */
} file_result;

/* Solves every puzzle of a file with the given limit; checks every solution. */
static bool solve_file(const char *path, long limit, file_result *res)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    assert_non_null(r);
    static sudoku_record rec;
    memset(res, 0, sizeof *res);
    res->min_count = -1;
    while (sudoku_reader_next(r, &rec)) {
        res->puzzles++;
        if (!rec.ok) {
            print_error("%s:%ld: %s\n", path, rec.line, rec.error);
            res->failures++;
            continue;
        }
        sudoku_grid g;
        if (!sudoku_grid_from_record(&g, &rec, NULL, 0)) {
            res->unloadable++;
            continue;
        }
        uint8_t sol[SUDOKU_MAX_CELLS];
        long n = sudoku_solve(&g, limit, sol, NULL);
        if (n > 0 && !sudoku_solution_valid(&rec, sol)) {
            print_error("%s:%ld: invalid solution\n", path, rec.line);
            res->failures++;
        }
        if (res->min_count < 0 || n < res->min_count)
            res->min_count = n;
        if (n > res->max_count)
            res->max_count = n;
    }
    assert_false(sudoku_reader_io_error(r));
    sudoku_reader_free(r);
    fclose(f);
    return true;
}

static void expect_file(const char *path, long limit, long puzzles, long min_count, long max_count,
                        long unloadable)
{
    file_result res;
    if (!solve_file(path, limit, &res))
        fail_msg("cannot open %s (run from the repository root)", path);
    assert_int_equal(res.failures, 0);
    assert_int_equal(res.puzzles, puzzles);
    assert_int_equal(res.unloadable, unloadable);
    assert_true(res.min_count >= min_count);
    assert_true(res.max_count <= max_count);
}

static void test_committed_unique(void **state)
{
    (void)state;
    expect_file("puzzles/sample.txt", 2, 1, 1, 1, 0);
    expect_file("puzzles/easy.txt", 2, 20, 1, 1, 0);
    expect_file("puzzles/17clue.txt", 2, 20, 1, 1, 0);
    expect_file("puzzles/hard.txt", 2, 20, 1, 1, 0);
    expect_file("puzzles/hardest.txt", 2, 20, 1, 1, 0);
    expect_file("puzzles/forum.txt", 2, 24, 1, 1, 0);
    expect_file("puzzles/grid.txt", 2, 4, 1, 1, 0);
    expect_file("puzzles/8x8.txt", 2, 40, 1, 1, 0);
    expect_file("puzzles/grid-8x8.txt", 2, 2, 1, 1, 0);
}

static void test_committed_multiple(void **state)
{
    (void)state;
    /* The documented ranges of solution counts, counted in full. */
    expect_file("puzzles/multiple.txt", 100000, 20, 52, 872, 0);
    expect_file("puzzles/8x8-multiple.txt", 100000, 8, 2, 99, 0);
    /* With limit 2, every one stops at 2. */
    expect_file("puzzles/multiple.txt", 2, 20, 2, 2, 0);
    expect_file("puzzles/8x8-multiple.txt", 2, 8, 2, 2, 0);
}

static void test_committed_none(void **state)
{
    (void)state;
    /* 12 (9x9) and 4 (8x8) load and have no solution; 3 and 2 clash on sight. */
    expect_file("puzzles/none.txt", 2, 15, 0, 0, 3);
    expect_file("puzzles/8x8-none.txt", 2, 6, 0, 0, 2);
}

/* Lines in a file, for comparing with the records read. */
static long count_lines(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    long n = 0;
    int ch;
    while ((ch = fgetc(f)) != EOF)
        n += ch == '\n';
    fclose(f);
    return n;
}

static void test_shared_datasets(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        long count; /* solutions of every puzzle, with limit 2 */
    } sets[] = {
        { "puzzles1_unbiased.txt", 1 },
        { "puzzles2_17_clue.txt", 1 },
        { "puzzles3_magictour_top1465.txt", 1 },
        { "puzzles5_forum_hardest_1905_11+.txt", 1 },
        { "puzzles6_forum_hardest_1106.txt", 1 },
        { "puzzles7_serg_benchmark.txt", 2 },
    };
    char path[4096], dir[4096];
    tu_shared_path("", dir, sizeof dir);
    FILE *probe = fopen(tu_shared_path(sets[0].file, path, sizeof path), "rb");
    if (!probe) {
        print_message("%s not found: datasets skipped\n", dir);
        skip();
    }
    fclose(probe);

    long total = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        tu_shared_path(sets[i].file, path, sizeof path);
        file_result res;
        if (!solve_file(path, 2, &res))
            fail_msg("cannot open %s", path);
        assert_int_equal(res.failures, 0);
        assert_int_equal(res.unloadable, 0);
        assert_int_equal(res.puzzles, count_lines(path));
        assert_true(res.puzzles > 0);
        if (res.min_count != sets[i].count || res.max_count != sets[i].count)
            fail_msg("%s: solution counts %ld..%ld, expected %ld", sets[i].file, res.min_count,
                     res.max_count, sets[i].count);
        total += res.puzzles;
    }
    print_message("solved and verified %ld dataset puzzles\n", total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unique_singles_only),
        cmocka_unit_test(test_unique_needs_guessing),
        cmocka_unit_test(test_two_solutions),
        cmocka_unit_test(test_no_solution_subtle),
        cmocka_unit_test(test_contradictory_grids),
        cmocka_unit_test(test_clues_clash_in_one_unit),
        cmocka_unit_test(test_limit_on_empty_grids),
        cmocka_unit_test(test_other_layouts_exact_counts),
        cmocka_unit_test(test_8x8_from_pattern),
        cmocka_unit_test(test_8x8_needs_guessing),
        cmocka_unit_test(test_solution_valid_rejects),
        cmocka_unit_test(test_committed_unique),
        cmocka_unit_test(test_committed_multiple),
        cmocka_unit_test(test_committed_none),
        cmocka_unit_test(test_shared_datasets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
