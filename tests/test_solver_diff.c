/*
 * test_solver_diff.c - the bitboard solvers (9x9 and 8x8) against the
 * generic one, which works from the layout tables alone.
 *
 * Each grid is solved by both with the same limit; the counts must be
 * equal, every solution found must be one (a valid filling that keeps the
 * grid's digits and candidates), when a grid has exactly one solution
 * both must return it, and the bitboard solver's first solution must not
 * depend on the limit. The grids:
 *   - every line of the .txt files in $SHARED/data (default ../shared;
 *     skipped without),
 *   - every puzzle of the committed sets in puzzles/,
 *   - random puzzles on both layouts from a fixed seed: minimal unique ones,
 *     the same with clues taken away (several solutions) or changed (often
 *     none), pencil-mark states with random candidates removed, and grids
 *     whose digits were written without striking them from their peers.
 * Under AddressSanitizer (make check's second pass) only every 16th
 * dataset line and a quarter of the random puzzles are tried, to keep the
 * run short; set SOLVER_DIFF_FULL=1 to try everything there too.
 */
#include "test_util.h"

#include "grid/bits.h"
#include "solve/solvers.h"

#include <dirent.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* 1 normally; larger under the sanitizers unless SOLVER_DIFF_FULL is set. */
static int thinning(int factor)
{
    const char *full = getenv("SOLVER_DIFF_FULL");
    return SANITIZED && !(full && *full == '1') ? factor : 1;
}

typedef struct tally {
    long grids, none, unique, multiple;
} tally;

/* True when sol fills g's layout, each unit holding each digit once, and
 * keeps g's digits and the candidates of its empty cells. */
static bool solves(const sudoku_grid *g, const uint8_t *sol)
{
    const sudoku_layout *l = g->layout;
    for (int c = 0; c < l->ncells; c++) {
        int d = sol[c];
        if (d < 1 || d > l->n)
            return false;
        if (g->digit[c] >= 1 && g->digit[c] <= l->n ? g->digit[c] != d : !(g->cand[c] & sudoku_bit(d)))
            return false;
    }
    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask seen = 0;
        for (int i = 0; i < l->n; i++)
            seen |= sudoku_bit(sol[l->unit_cell[u][i]]);
        if (seen != l->all)
            return false;
    }
    return true;
}

/* Solves g with both solvers and compares; returns the count. 'what' names
 * the grid in a failure message. */
static long compare(const sudoku_grid *g, long limit, const char *what, tally *t)
{
    const sudoku_layout *l = g->layout;
    uint8_t fast[SUDOKU_MAX_CELLS], slow[SUDOKU_MAX_CELLS];
    sudoku_search_stats st;
    long n_fast = sudoku_solve(g, limit, fast, &st);
    long n_slow = solve_generic(g, limit, slow, NULL);
    char line[SUDOKU_MAX_CELLS + 1];
    sudoku_grid_to_line(g, line);
    if (n_fast != n_slow)
        fail_msg("%s: %s: %ld solutions (bitboard) against %ld (generic), limit %ld", what, line, n_fast, n_slow,
                 limit);
    if (n_fast >= 1 && (!solves(g, fast) || !solves(g, slow)))
        fail_msg("%s: %s: a solution that does not solve it", what, line);
    if (n_fast == 1 && limit >= 2 && memcmp(fast, slow, (size_t)l->ncells) != 0)
        fail_msg("%s: %s: the only solution differs", what, line);
    uint8_t first[SUDOKU_MAX_CELLS];
    if (n_fast >= 1 && (sudoku_solve(g, 1, first, NULL) != 1 || memcmp(first, fast, (size_t)l->ncells) != 0))
        fail_msg("%s: %s: counting to 1 finds another first solution", what, line);
    if (layout_is_9x9(l)) {
        /* The build for processors with BMI2, when this one has it, and
         * the plain build search alike: the same count and first solution. */
        uint8_t plain[SUDOKU_MAX_CELLS];
        solve_9x9_plain_only(true);
        long n_plain = sudoku_solve(g, limit, plain, NULL);
        solve_9x9_plain_only(false);
        if (n_plain != n_fast || (n_fast >= 1 && memcmp(plain, fast, (size_t)l->ncells) != 0))
            fail_msg("%s: %s: the plain build finds %ld solutions, or another first one", what, line, n_plain);
    }
    assert_true(st.guesses >= st.branch_points);
    assert_true((unsigned long)st.max_depth <= st.branch_points);
    t->grids++;
    if (n_fast == 0)
        t->none++;
    else if (n_fast == 1)
        t->unique++;
    else
        t->multiple++;
    return n_fast;
}

static void print_tally(const char *what, const tally *t)
{
    print_message("  %s: %ld grids: %ld none, %ld unique, %ld several\n", what, t->grids, t->none, t->unique,
                  t->multiple);
}

/* Every 'step'-th record of a file, as the CLI loads it; -1 if it cannot be
 * opened, else the number of records compared. */
static long compare_file(const char *path, int step, long limit, tally *t)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    assert_non_null(r);
    sudoku_record rec;
    sudoku_grid g;
    long index = 0, compared = 0;
    char what[1100];
    while (sudoku_reader_next(r, &rec)) {
        if (!rec.ok || index++ % step)
            continue;
        snprintf(what, sizeof what, "%s:%ld", path, rec.line);
        /* Clues that clash leave the grid as loaded up to the clash: the
         * solvers must still agree on it. */
        bool loaded = sudoku_grid_from_record(&g, &rec, NULL, 0);
        long n = compare(&g, limit, what, t);
        /* Solved from the record without a grid: the same count and first
         * solution, or none where the clues clash. */
        uint8_t from_grid[SUDOKU_MAX_CELLS], from_record[SUDOKU_MAX_CELLS];
        long n_record = sudoku_solve_record(&rec, limit, from_record);
        if (n_record != (loaded ? n : 0))
            fail_msg("%s: %ld solutions from the record against %ld from the grid", what, n_record, n);
        if (loaded && n >= 1 &&
            (sudoku_solve(&g, limit, from_grid, NULL) != n ||
             memcmp(from_grid, from_record, (size_t)rec.layout->ncells) != 0))
            fail_msg("%s: the record and its grid give different first solutions", what);
        compared++;
    }
    sudoku_reader_free(r);
    fclose(f);
    return compared;
}

static void test_public_datasets(void **state)
{
    (void)state;
    char dir[1024];
    const char *shared = getenv("SHARED");
    snprintf(dir, sizeof dir, "%s/data", shared && *shared ? shared : "../shared");
    DIR *d = opendir(dir);
    if (!d) {
        print_message("%s not found: datasets skipped\n", dir);
        skip();
    }
    tally t = { 0 };
    struct dirent *e;
    long total = 0;
    int step = thinning(16);
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        long n = compare_file(path, step, 2, &t);
        assert_true(n >= 0);
        total += n;
    }
    closedir(d);
    assert_true(total > 0);
    print_tally("public datasets", &t);
}

static void test_committed_sets(void **state)
{
    (void)state;
    static const char *const files[] = {
        "puzzles/17clue.txt", "puzzles/8x8-multiple.txt", "puzzles/8x8-none.txt", "puzzles/8x8.txt",
        "puzzles/easy.txt",   "puzzles/forum.txt",        "puzzles/grid-8x8.txt", "puzzles/grid.txt",
        "puzzles/hard.txt",   "puzzles/hardest.txt",      "puzzles/multiple.txt", "puzzles/none.txt",
        "puzzles/sample.txt", "puzzles/sample.sdk",       "puzzles/sample.ss",
    };
    tally t = { 0 };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        if (compare_file(files[i], 1, 2, &t) < 0)
            fail_msg("cannot open %s (run the tests from the repository root)", files[i]);
        assert_true(compare_file(files[i], 1, 100, &t) >= 0);
    }
    assert_true(t.none > 0 && t.unique > 0 && t.multiple > 0);
    print_tally("committed sets", &t);
}

/* ------------------------------------------------------------ random grids */

static uint64_t rng_state;

static unsigned rnd(unsigned bound)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)((rng_state >> 11) % bound);
}

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1), x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* A grid holding digits[] (0 = empty) placed through sudoku_grid_place. */
static void grid_of(sudoku_grid *g, const sudoku_layout *l, const uint8_t *digits)
{
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++)
        if (digits[c])
            assert_true(sudoku_grid_place(g, c, digits[c]));
}

/* A random full solution: a few random clues, then the generic solver. */
static void random_solution(const sudoku_layout *l, uint8_t *sol)
{
    for (;;) {
        sudoku_grid g;
        sudoku_grid_init(&g, l);
        for (int k = 0; k < 2 * l->n; k++) {
            int c = (int)rnd((unsigned)l->ncells), d = 1 + (int)rnd((unsigned)l->n);
            if (!g.digit[c] && (g.cand[c] & sudoku_bit(d)))
                sudoku_grid_place(&g, c, d);
        }
        if (solve_generic(&g, 1, sol, NULL) == 1)
            return;
    }
}

/* Takes clues away from a full solution in random order while the generic
 * solver still finds one solution: a minimal unique puzzle in 'puzzle'. */
static void minimal_puzzle(const sudoku_layout *l, const uint8_t *sol, uint8_t *puzzle)
{
    int order[SUDOKU_MAX_CELLS];
    for (int c = 0; c < l->ncells; c++) {
        order[c] = c;
        puzzle[c] = sol[c];
    }
    shuffle(order, l->ncells);
    for (int i = 0; i < l->ncells; i++) {
        int c = order[i];
        puzzle[c] = 0;
        sudoku_grid g;
        grid_of(&g, l, puzzle);
        if (solve_generic(&g, 2, NULL, NULL) != 1)
            puzzle[c] = sol[c];
    }
}

static void random_puzzles(const sudoku_layout *l, int count, uint64_t seed)
{
    rng_state = seed;
    tally t = { 0 };
    for (int k = 0; k < count; k++) {
        uint8_t sol[SUDOKU_MAX_CELLS], puzzle[SUDOKU_MAX_CELLS], work[SUDOKU_MAX_CELLS];
        sudoku_grid g;
        random_solution(l, sol);
        minimal_puzzle(l, sol, puzzle);

        grid_of(&g, l, puzzle);
        assert_int_equal(compare(&g, 2, "minimal", &t), 1);

        /* Clues taken away: several solutions, counted further. */
        memcpy(work, puzzle, (size_t)l->ncells);
        for (int taken = 0, tries = 0; taken < 2 && tries < 4 * l->ncells; tries++) {
            int c = (int)rnd((unsigned)l->ncells);
            if (work[c]) {
                work[c] = 0;
                taken++;
            }
        }
        grid_of(&g, l, work);
        assert_true(compare(&g, 2, "fewer clues", &t) == 2);
        compare(&g, 1 + (long)rnd(200), "fewer clues, counted", &t);

        /* A clue changed to another digit where that is allowed: mostly none. */
        memcpy(work, puzzle, (size_t)l->ncells);
        grid_of(&g, l, work);
        for (int tries = 0; tries < 4 * l->ncells; tries++) {
            int c = (int)rnd((unsigned)l->ncells);
            if (!work[c])
                continue;
            work[c] = 0;
            sudoku_grid h;
            grid_of(&h, l, work);
            sudoku_mask other = h.cand[c] & (sudoku_mask)~sudoku_bit(sol[c]);
            if (other) {
                int d = 1;
                while (!(other & sudoku_bit(d)))
                    d++;
                sudoku_grid_place(&h, c, d);
                compare(&h, 2, "changed clue", &t);
                break;
            }
            work[c] = puzzle[c];
        }

        /* Pencil marks: random candidates struck from the empty cells, the
         * solution's digit spared or not. */
        for (int variant = 0; variant < 3; variant++) {
            grid_of(&g, l, puzzle);
            int strikes = 1 + (int)rnd((unsigned)l->ncells);
            for (int s = 0; s < strikes; s++) {
                int c = (int)rnd((unsigned)l->ncells), d = 1 + (int)rnd((unsigned)l->n);
                if (!g.digit[c] && (variant > 0 || d != sol[c]) && mask_count(g.cand[c]) > 1)
                    sudoku_grid_eliminate(&g, c, d);
            }
            compare(&g, 2, "pencil marks", &t);
        }
        /* Pencil marks on an emptier grid: the solution kept, others cut. */
        memcpy(work, puzzle, (size_t)l->ncells);
        for (int c = 0; c < l->ncells; c++)
            if (rnd(3) == 0)
                work[c] = 0;
        grid_of(&g, l, work);
        for (int c = 0; c < l->ncells; c++)
            if (!g.digit[c] && rnd(2))
                for (int d = 1; d <= l->n; d++)
                    if (d != sol[c] && rnd(3) == 0)
                        sudoku_grid_eliminate(&g, c, d);
        compare(&g, 2 + (long)rnd(20), "pencil marks, fewer clues", &t);

        /* Digits written straight into the grid, their peers' candidates
         * untouched, some clashing: the solvers must see through that. */
        sudoku_grid_init(&g, l);
        for (int c = 0; c < l->ncells; c++) {
            if (puzzle[c] || rnd(12) == 0) {
                g.digit[c] = puzzle[c] ? puzzle[c] : (uint8_t)(1 + rnd((unsigned)l->n));
                g.cand[c] = 0;
                g.empty--;
            }
        }
        compare(&g, 2, "raw digits", &t);
    }
    assert_true(t.none > 0 && t.unique >= count && t.multiple >= count);
    print_tally(l->desc.name, &t);
}

static void test_random_9x9(void **state)
{
    (void)state;
    random_puzzles(sudoku_layout_9x9(), 1000 / thinning(4), 0x9e3779b97f4a7c15u);
}

static void test_random_8x8(void **state)
{
    (void)state;
    random_puzzles(sudoku_layout_8x8(), 1000 / thinning(4), 0x2545f4914f6cdd1du);
}

/* An empty grid and a nearly empty one, counted far: both solvers agree,
 * and each reaches the limit. */
static void test_counts_on_open_grids(void **state)
{
    (void)state;
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    tally t = { 0 };
    for (int i = 0; i < 2; i++) {
        sudoku_grid g;
        sudoku_grid_init(&g, layouts[i]);
        assert_int_equal(compare(&g, 5000, "empty grid", &t), 5000);
        assert_true(sudoku_grid_place(&g, 0, 1));
        assert_true(sudoku_grid_place(&g, layouts[i]->n + 2, 2));
        assert_int_equal(compare(&g, 3000, "two clues", &t), 3000);
    }
}

/* Layouts the bitboard solvers are for, and one they are not. */
static void test_dispatch(void **state)
{
    (void)state;
    assert_true(layout_is_9x9(sudoku_layout_9x9()));
    assert_false(layout_is_8x8(sudoku_layout_9x9()));
    assert_true(layout_is_8x8(sudoku_layout_8x8()));
    assert_false(layout_is_9x9(sudoku_layout_8x8()));
    sudoku_layout tall;
    sudoku_layout_desc desc = { "8x8 tall", 8, 4, 2 };
    assert_true(sudoku_layout_build(&tall, &desc));
    assert_false(layout_is_8x8(&tall));
    sudoku_grid g;
    sudoku_grid_init(&g, &tall);
    tally t = { 0 };
    assert_int_equal(compare(&g, 10, "4x2 boxes", &t), 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_committed_sets),
        cmocka_unit_test(test_counts_on_open_grids),
        cmocka_unit_test(test_random_9x9),
        cmocka_unit_test(test_random_8x8),
        cmocka_unit_test(test_public_datasets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
