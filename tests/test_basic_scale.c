/*
 * test_basic_scale.c - the basic scale (sudoku_rate_basic): very-easy,
 * easy, medium, hard and very-hard, and the depth of guessing.
 *
 *   - a puzzle of every level on both layouts, with its depth, the hard
 *     and very-hard ones on both sides of the depth limit (5 and 6);
 *   - the fixpoint of each level's methods is the same in every order of
 *     the four methods (all 24), and the same as an independent one below
 *     that removes one candidate at a time, picked at random;
 *   - levels and depths of the committed puzzles and the first puzzles of
 *     the datasets agree with that independent version;
 *   - a grid without one solution is not rated.
 *
 * The level puzzles were found by rating puzzles/ and the datasets with the
 * scale, then checked with the independent version here; the 8x8 puzzles
 * of depth 5, 6 and 7 are from puzzles/gen/brickwall.c with seeds 1 and 3
 * (300 puzzles each, lines 229, 282 and 276).
 */
#define _POSIX_C_SOURCE 200809L

#include "test_util.h"
#include "grade/basic_scale.h"
#include "grid/bits.h"

/* ------------------------------------------------------------ helpers */

static void load(const char *line, sudoku_grid *g)
{
    sudoku_record rec;
    tu_load(line, &rec, g);
}

/* ---------------------------------------------- an independent fixpoint */

/*
 * The methods from their definitions, with the geometry computed from the
 * box shape rather than the layout's tables. Each round lists every
 * candidate some method can remove and removes one of them, picked at
 * random, until none is left: a different order on every run.
 */
typedef struct ref {
    int n, br, bc;
    uint64_t rng;
} ref;

static int ref_row(const ref *r, int c) { return c / r->n; }
static int ref_col(const ref *r, int c) { return c % r->n; }
static int ref_box(const ref *r, int c) { return (ref_row(r, c) / r->br) * (r->n / r->bc) + ref_col(r, c) / r->bc; }

/* Unit u: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1 (as a predicate). */
static bool ref_in(const ref *r, int u, int c)
{
    if (u < r->n)
        return ref_row(r, c) == u;
    if (u < 2 * r->n)
        return ref_col(r, c) == u - r->n;
    return ref_box(r, c) == u - 2 * r->n;
}

static bool ref_sees(const ref *r, int a, int b)
{
    return a != b && (ref_row(r, a) == ref_row(r, b) || ref_col(r, a) == ref_col(r, b) || ref_box(r, a) == ref_box(r, b));
}

static int ref_count(sudoku_mask m)
{
    int k = 0;
    for (; m; m &= (sudoku_mask)(m - 1))
        k++;
    return k;
}

typedef struct removal {
    int cell, digit;
} removal;

#define REF_MAX_REMOVALS 20000

static void add_removal(removal *list, int *count, int cell, int digit)
{
    if (*count < REF_MAX_REMOVALS)
        list[(*count)++] = (removal){ cell, digit };
}

/* Every removal the methods allow now (a removal may be listed twice). */
static int ref_removals(const ref *r, const sudoku_mask *m, unsigned methods, removal *list)
{
    int n = r->n, cells = n * n, count = 0;
    for (int c = 0; c < cells; c++) {
        if ((methods & BASIC_NAKED_SINGLES) && ref_count(m[c]) == 1)
            for (int p = 0; p < cells; p++)
                if (ref_sees(r, c, p) && (m[p] & m[c]))
                    add_removal(list, &count, p, mask_first_digit(m[c]));
    }
    for (int u = 0; u < 3 * n; u++) {
        for (int a = 0; a < cells; a++) {
            if (!ref_in(r, u, a))
                continue;
            if ((methods & BASIC_NAKED_PAIRS) && ref_count(m[a]) == 2)
                for (int b = a + 1; b < cells; b++)
                    if (ref_in(r, u, b) && m[b] == m[a])
                        for (int k = 0; k < cells; k++)
                            if (ref_in(r, u, k) && k != a && k != b)
                                for (int d = 1; d <= n; d++)
                                    if (m[k] & m[a] & sudoku_bit(d))
                                        add_removal(list, &count, k, d);
        }
        for (int d = 1; d <= n; d++) {
            int places = 0, where = -1;
            int rows = -1, cols = -1, boxes = -1; /* the one shared, -2 when several */
            for (int c = 0; c < cells; c++) {
                if (!ref_in(r, u, c) || !(m[c] & sudoku_bit(d)))
                    continue;
                places++;
                where = c;
                rows = rows == -1 || rows == ref_row(r, c) ? ref_row(r, c) : -2;
                cols = cols == -1 || cols == ref_col(r, c) ? ref_col(r, c) : -2;
                boxes = boxes == -1 || boxes == ref_box(r, c) ? ref_box(r, c) : -2;
            }
            if ((methods & BASIC_HIDDEN_SINGLES) && places == 1)
                for (int e = 1; e <= n; e++)
                    if (e != d && (m[where] & sudoku_bit(e)))
                        add_removal(list, &count, where, e);
            if (!(methods & BASIC_POINTING) || places < 2)
                continue;
            for (int c = 0; c < cells; c++) {
                if (ref_in(r, u, c) || !(m[c] & sudoku_bit(d)))
                    continue;
                bool box_unit = u >= 2 * n;
                if ((box_unit && rows >= 0 && ref_row(r, c) == rows) || (box_unit && cols >= 0 && ref_col(r, c) == cols) ||
                    (!box_unit && boxes >= 0 && ref_box(r, c) == boxes))
                    add_removal(list, &count, c, d);
            }
        }
    }
    return count;
}

static uint64_t ref_random(ref *r)
{
    r->rng ^= r->rng << 13;
    r->rng ^= r->rng >> 7;
    r->rng ^= r->rng << 17;
    return r->rng;
}

static enum basic_state ref_fixpoint(ref *r, sudoku_mask *m, unsigned methods)
{
    static removal list[REF_MAX_REMOVALS];
    int cells = r->n * r->n;
    for (;;) {
        for (int c = 0; c < cells; c++)
            if (!m[c])
                return BASIC_CONTRADICTION;
        int count = ref_removals(r, m, methods, list);
        if (!count)
            break;
        removal x = list[ref_random(r) % (uint64_t)count];
        m[x.cell] &= (sudoku_mask)~sudoku_bit(x.digit);
    }
    for (int u = 0; u < 3 * r->n; u++) {
        sudoku_mask seen = 0;
        for (int c = 0; c < cells; c++)
            if (ref_in(r, u, c))
                seen |= m[c];
        if (seen != (sudoku_mask)((1u << r->n) - 1))
            return BASIC_CONTRADICTION;
    }
    for (int c = 0; c < cells; c++)
        if (ref_count(m[c]) != 1)
            return BASIC_OPEN;
    return BASIC_SOLVED;
}

/* Guessing as the scale defines it; returns true at the first solution. */
static bool ref_guess(ref *r, const sudoku_mask *m, int depth, int *max_depth)
{
    int cells = r->n * r->n, cell = -1;
    for (int c = 0; c < cells; c++)
        if (ref_count(m[c]) >= 2 && (cell < 0 || ref_count(m[c]) < ref_count(m[cell])))
            cell = c;
    if (cell < 0)
        return false;
    if (depth + 1 > *max_depth)
        *max_depth = depth + 1;
    for (int d = 1; d <= r->n; d++) {
        if (!(m[cell] & sudoku_bit(d)))
            continue;
        sudoku_mask child[SUDOKU_MAX_CELLS];
        memcpy(child, m, sizeof child);
        child[cell] = sudoku_bit(d);
        enum basic_state st = ref_fixpoint(r, child, BASIC_ALL_METHODS);
        if (st == BASIC_SOLVED || (st == BASIC_OPEN && ref_guess(r, child, depth + 1, max_depth)))
            return true;
    }
    return false;
}

static void ref_rate(const sudoku_grid *g, uint64_t seed, enum sudoku_basic_level *level, int *depth)
{
    const sudoku_layout *l = g->layout;
    ref r = { l->n, l->desc.box_rows, l->desc.box_cols, seed | 1 };
    sudoku_mask m[SUDOKU_MAX_CELLS];
    for (int c = 0; c < l->ncells; c++)
        m[c] = g->digit[c] ? sudoku_bit(g->digit[c]) : g->cand[c];
    static const unsigned sets[] = { BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS,
                                     BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS | BASIC_HIDDEN_SINGLES,
                                     BASIC_ALL_METHODS };
    *depth = 0;
    for (int i = 0; i < 3; i++) {
        sudoku_mask from_start[SUDOKU_MAX_CELLS]; /* each set from the puzzle itself */
        memcpy(from_start, m, sizeof from_start);
        if (ref_fixpoint(&r, from_start, sets[i]) == BASIC_SOLVED) {
            *level = (enum sudoku_basic_level)i;
            return;
        }
        if (i == 2)
            memcpy(m, from_start, sizeof from_start);
    }
    assert_true(ref_guess(&r, m, 0, depth));
    *level = *depth <= 5 ? SUDOKU_BASIC_HARD : SUDOKU_BASIC_VERY_HARD;
}

/* ------------------------------------------------------------ the levels */

typedef struct level_case {
    const char *puzzle;
    enum sudoku_basic_level level;
    int depth;
    const char *where;
} level_case;

static const level_case level_cases[] = {
    /* 9x9 */
    { "12...9...4.6...2.....5..6.4.9.........7........17....897.8.25....8956..1.....38..", SUDOKU_BASIC_VERY_EASY, 0,
      "puzzles/easy.txt line 5" },
    { ".....569...6...2...8.3....1..24.6...3......625...3.7...7..1.....1.7.49...3.5....4", SUDOKU_BASIC_EASY, 0,
      "puzzles/sample.txt" },
    { ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......", SUDOKU_BASIC_MEDIUM, 0,
      "puzzles/17clue.txt line 7" },
    { "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", SUDOKU_BASIC_HARD, 3,
      "puzzles/hard.txt line 4" },
    { "98.7..6..75..6......6..8...5......4...9.8.7.....3....24....1.....7.9.5.3..587.4..", SUDOKU_BASIC_HARD, 5,
      "puzzles/hardest.txt line 16" },
    { "..1.....7...89..........6..26..3.......5...749...........1.4.5.83.............2..", SUDOKU_BASIC_VERY_HARD, 6,
      "top1465 line 29" },
    { "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", SUDOKU_BASIC_VERY_HARD, 7,
      "puzzles/hard.txt line 1" },
    /* 8x8 brick-wall */
    { "7.18.3..34...8165763.2..8.4.65....714.35..34..21.3572..812..3.5.", SUDOKU_BASIC_VERY_EASY, 0,
      "puzzles/8x8.txt line 1" },
    { ".1...8.44.....23.25............2...7.31.1.....47..734.61..21375.", SUDOKU_BASIC_EASY, 0,
      "puzzles/8x8.txt line 9" },
    { "..1.3..7..2...5..2......7.....62.13..8..6....1.....6...1...8..24", SUDOKU_BASIC_MEDIUM, 0,
      "puzzles/8x8.txt line 33" },
    { "25..8..4..1..........5...2....6.3..146....8...1.4..75...1....7.3", SUDOKU_BASIC_HARD, 1,
      "puzzles/8x8.txt line 26" },
    { "..3..2........7..7..6.18.4....3.48..5.....5.....8...1..5...1.3.6", SUDOKU_BASIC_HARD, 5,
      "brickwall seed 1 line 229" },
    { ".....14....6...3........614...8.....4.5.3.5..7..82..5..7...3..1.", SUDOKU_BASIC_VERY_HARD, 6,
      "brickwall seed 1 line 282" },
    { "5.....2.7...68..26...7.1..1...5.......4..8...5.78....2...24..1..", SUDOKU_BASIC_VERY_HARD, 7,
      "brickwall seed 3 line 276" },
};

static void test_levels(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof level_cases / sizeof level_cases[0]; i++) {
        const level_case *k = &level_cases[i];
        sudoku_grid g, copy;
        load(k->puzzle, &g);
        copy = g;
        sudoku_basic_rating r;
        assert_true(sudoku_rate_basic(&g, &r));
        assert_memory_equal(&g, &copy, sizeof g); /* not changed */
        if (r.level != k->level || r.depth != k->depth || r.solutions != 1)
            fail_msg("%s: %s depth %d, expected %s depth %d", k->where, sudoku_basic_level_name(r.level), r.depth,
                     sudoku_basic_level_name(k->level), k->depth);
        assert_true(k->depth == 0 ? r.guesses == 0 : r.guesses >= (unsigned long)k->depth);
        enum sudoku_basic_level level;
        int depth;
        ref_rate(&g, 1 + i, &level, &depth);
        if (level != k->level || depth != k->depth)
            fail_msg("%s: the independent version says %s depth %d", k->where, sudoku_basic_level_name(level), depth);
    }
}

static void test_level_names(void **state)
{
    (void)state;
    static const char *const names[] = { "very-easy", "easy", "medium", "hard", "very-hard" };
    for (int l = SUDOKU_BASIC_VERY_EASY; l <= SUDOKU_BASIC_VERY_HARD; l++)
        assert_string_equal(sudoku_basic_level_name((enum sudoku_basic_level)l), names[l]);
}

/* A full grid needs nothing: very-easy, no guess. */
static void test_full_grid(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_basic_rating r;
    load(TU_EASY_SOLUTION, &g);
    assert_true(sudoku_rate_basic(&g, &r));
    assert_int_equal(r.level, SUDOKU_BASIC_VERY_EASY);
    assert_int_equal(r.depth, 0);
    load(TU_8X8_SOLUTION, &g);
    assert_true(sudoku_rate_basic(&g, &r));
    assert_int_equal(r.level, SUDOKU_BASIC_VERY_EASY);
}

/* ---------------------------------------------- the fixpoint's order */

/* Every order of the four methods, and the random order, end in the same masks. */
static void expect_order_free(const sudoku_grid *g, unsigned methods, uint64_t seed)
{
    const sudoku_layout *l = g->layout;
    sudoku_mask first[SUDOKU_MAX_CELLS], m[SUDOKU_MAX_CELLS];
    basic_masks(g, first);
    enum basic_state want = basic_fixpoint(l, first, methods, NULL);
    static const unsigned method[BASIC_NMETHODS] = { BASIC_NAKED_SINGLES, BASIC_NAKED_PAIRS, BASIC_HIDDEN_SINGLES,
                                                     BASIC_POINTING };
    for (int p = 0; p < 24; p++) { /* permutation p of the four, by its factorial digits */
        unsigned order[BASIC_NMETHODS];
        bool used[BASIC_NMETHODS] = { false };
        int rest = p;
        for (int i = 0, base = 4; i < BASIC_NMETHODS; i++, base--) {
            int k = rest % base, j = -1;
            rest /= base;
            while (k >= 0)
                if (!used[++j])
                    k--;
            used[j] = true;
            order[i] = method[j];
        }
        basic_masks(g, m);
        assert_int_equal(basic_fixpoint(l, m, methods, order), want);
        if (want != BASIC_CONTRADICTION)
            assert_memory_equal(m, first, (size_t)l->ncells * sizeof *m);
    }
    ref r = { l->n, l->desc.box_rows, l->desc.box_cols, seed | 1 };
    basic_masks(g, m);
    assert_int_equal(ref_fixpoint(&r, m, methods), want);
    if (want != BASIC_CONTRADICTION)
        assert_memory_equal(m, first, (size_t)l->ncells * sizeof *m);
}

static void test_fixpoint_order(void **state)
{
    (void)state;
    static const unsigned sets[] = { BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS,
                                     BASIC_NAKED_SINGLES | BASIC_NAKED_PAIRS | BASIC_HIDDEN_SINGLES,
                                     BASIC_ALL_METHODS };
    for (size_t i = 0; i < sizeof level_cases / sizeof level_cases[0]; i++) {
        sudoku_grid g;
        load(level_cases[i].puzzle, &g);
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
            expect_order_free(&g, sets[s], i * 7 + s);
        /* After a wrong guess too: the first candidate of the first open
         * cell, right or wrong, often ends in a contradiction. */
        for (int c = 0; c < g.layout->ncells; c++) {
            if (!g.digit[c]) {
                sudoku_grid guessed = g;
                sudoku_grid_place(&guessed, c, mask_first_digit(g.cand[c]));
                expect_order_free(&guessed, BASIC_ALL_METHODS, i);
                break;
            }
        }
    }
}

/* ---------------------------------------------- against the independent version */

/* Every unique puzzle of a file, up to 'max', rated both ways. */
static int compare_file(const char *path, int max, int *by_level)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    sudoku_reader *rd = sudoku_reader_new(f, path, 0);
    sudoku_record rec;
    int compared = 0;
    while (compared < max && sudoku_reader_next(rd, &rec)) {
        sudoku_grid g;
        char why[160];
        if (!rec.ok || !sudoku_grid_from_record(&g, &rec, why, sizeof why) || sudoku_solve(&g, 2, NULL, NULL) != 1)
            continue;
        sudoku_basic_rating r;
        assert_true(sudoku_rate_basic(&g, &r));
        enum sudoku_basic_level level;
        int depth;
        ref_rate(&g, (uint64_t)rec.line, &level, &depth);
        if (level != r.level || depth != r.depth)
            fail_msg("%s:%ld: %s depth %d, the independent version %s depth %d", path, rec.line,
                     sudoku_basic_level_name(r.level), r.depth, sudoku_basic_level_name(level), depth);
        by_level[r.level]++;
        compared++;
    }
    sudoku_reader_free(rd);
    fclose(f);
    return compared;
}

static void test_against_independent(void **state)
{
    (void)state;
    static const char *const committed[] = { "puzzles/easy.txt", "puzzles/17clue.txt", "puzzles/hard.txt",
                                             "puzzles/8x8.txt", "tests/cli/grade.txt", "tests/cli/grade8.txt" };
    static const struct {
        const char *file;
        int max;
    } datasets[] = { { "puzzles1_unbiased.txt", 100 }, { "puzzles3_magictour_top1465.txt", 30 } };
    int by_level[SUDOKU_BASIC_VERY_HARD + 1] = { 0 };
    int total = 0;
    for (size_t i = 0; i < sizeof committed / sizeof committed[0]; i++) {
        int n = compare_file(committed[i], 1000, by_level);
        if (n < 0)
            fail_msg("cannot read %s", committed[i]);
        total += n;
    }
    for (size_t i = 0; i < sizeof datasets / sizeof datasets[0]; i++) {
        char path[512];
        int n = compare_file(tu_shared_path(datasets[i].file, path, sizeof path), datasets[i].max, by_level);
        if (n < 0)
            print_message("  %s not found, skipped\n", path);
        else
            total += n;
    }
    print_message("  %d puzzles agree: %d very-easy, %d easy, %d medium, %d hard, %d very-hard\n", total,
                  by_level[0], by_level[1], by_level[2], by_level[3], by_level[4]);
    for (int l = 0; l <= SUDOKU_BASIC_VERY_HARD; l++)
        assert_true(by_level[l] > 0);
}

/* ---------------------------------------------- grids without one solution */

static void test_not_one_solution(void **state)
{
    (void)state;
    static const struct {
        const char *grid;
        int solutions;
    } cases[] = {
        { ".................................................................................", 2 },
        { "................................................................", 2 },
        /* three rows given: many solutions */
        { "..3456789456789123789123456......................................................", 2 },
        /* line9.txt with a wrong 2 in r1c3: it loads, but has no solution */
        { "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sudoku_grid g;
        sudoku_basic_rating r;
        load(cases[i].grid, &g);
        memset(&r, 0x5a, sizeof r);
        assert_false(sudoku_rate_basic(&g, &r));
        assert_int_equal(r.solutions, cases[i].solutions);
        assert_int_equal(r.level, SUDOKU_BASIC_VERY_HARD);
        assert_int_equal(r.depth, 0);
        assert_int_equal(r.guesses, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_full_grid),
        cmocka_unit_test(test_fixpoint_order),
        cmocka_unit_test(test_against_independent),
        cmocka_unit_test(test_not_one_solution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
