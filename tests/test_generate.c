/*
 * test_generate.c - the generator (lib/generate) checked by other means.
 *
 * Every puzzle made here is checked with the generic solver of
 * lib/solve/solver.c (not the bitboard solvers the generator uses): it
 * has exactly one solution, the one reported; its clue cells have the
 * symmetry asked for, with the maps written out here again; and it is
 * minimal: taking away any orbit of clues leaves more than one solution.
 * Then: each symmetry on both layouts; the same puzzles for one seed
 * whatever the number of threads, and from sudoku_generate_one; targets
 * met as sudoku_rate sees them; a pattern kept; the time limit kept; and
 * options that cannot be met refused.
 */
#include "test_util.h"

#include "solve/solvers.h"

#include <time.h>

static sudoku_generate_options options_for(const sudoku_layout *l, enum sudoku_symmetry sym, uint64_t seed)
{
    sudoku_generate_options o = { .layout = l, .count = 1, .seed = seed, .symmetry = sym, .level = -1,
                                  .er_min = -1, .er_max = -1, .ep_min = -1, .ep_max = -1, .ed_min = -1,
                                  .ed_max = -1, .technique = -1, .clues_min = -1, .clues_max = -1, .jobs = 1 };
    return o;
}

static void grid_of(const sudoku_layout *l, const uint8_t *digits, sudoku_grid *g)
{
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++)
        if (digits[c])
            assert_true(sudoku_grid_place(g, c, digits[c]));
}

static long generic_count(const sudoku_layout *l, const uint8_t *digits, uint8_t *solution)
{
    sudoku_grid g;
    grid_of(l, digits, &g);
    return solve_generic(&g, 2, solution, NULL);
}

/* The images of (r, c) under the symmetry's maps, written out afresh. */
static int images(enum sudoku_symmetry s, int n, int r, int c, int *cells)
{
    int m = n - 1, k = 0;
    int all[8][2] = { { r, c }, { m - r, m - c }, { c, m - r }, { m - c, r },
                      { r, m - c }, { m - r, c }, { c, r }, { m - c, m - r } };
    /* which of the eight: identity, half turn, quarter turns, mirrors, diagonals */
    static const char *const use[SUDOKU_NSYMMETRIES] = {
        [SUDOKU_SYM_NONE] = "10000000", [SUDOKU_SYM_ROT180] = "11000000", [SUDOKU_SYM_ROT90] = "11110000",
        [SUDOKU_SYM_VERTICAL] = "10001000", [SUDOKU_SYM_HORIZONTAL] = "10000100", [SUDOKU_SYM_BOTH] = "11001100",
        [SUDOKU_SYM_DIAGONAL] = "10000010", [SUDOKU_SYM_ANTIDIAGONAL] = "10000001",
        [SUDOKU_SYM_BIDIAGONAL] = "11000011", [SUDOKU_SYM_FULL] = "11111111",
    };
    for (int i = 0; i < 8; i++)
        if (use[s][i] == '1')
            cells[k++] = all[i][0] * n + all[i][1];
    return k;
}

/* Unique (with 'p->solution'), symmetric, and minimal unless a pattern made it. */
static void check_puzzle(const sudoku_layout *l, enum sudoku_symmetry sym, const sudoku_generated *p, bool pattern)
{
    uint8_t sol[SUDOKU_MAX_CELLS];
    assert_int_equal(generic_count(l, p->given, sol), 1);
    assert_memory_equal(sol, p->solution, (size_t)l->ncells);
    int clues = 0;
    for (int c = 0; c < l->ncells; c++)
        clues += p->given[c] != 0;
    assert_int_equal(clues, p->clues);
    bool minimal = true;
    for (int c = 0; c < l->ncells; c++) {
        if (!p->given[c])
            continue;
        int cells[8], k = images(pattern ? SUDOKU_SYM_NONE : sym, l->n, c / l->n, c % l->n, cells);
        uint8_t fewer[SUDOKU_MAX_CELLS];
        memcpy(fewer, p->given, sizeof fewer);
        for (int i = 0; i < k; i++) {
            assert_true(p->given[cells[i]] != 0); /* symmetric */
            fewer[cells[i]] = 0;
        }
        if (generic_count(l, fewer, NULL) == 1)
            minimal = false;
    }
    assert_int_equal(minimal, p->minimal);
    if (!pattern)
        assert_true(minimal);
}

static void each_symmetry(const sudoku_layout *l, int per_symmetry)
{
    for (int s = 0; s < SUDOKU_NSYMMETRIES; s++) {
        sudoku_generate_options o = options_for(l, (enum sudoku_symmetry)s, 1000u + (unsigned)s);
        for (long i = 0; i < per_symmetry; i++) {
            sudoku_generated p;
            assert_true(sudoku_generate_one(&o, i, &p));
            assert_int_equal(p.index, i);
            check_puzzle(l, (enum sudoku_symmetry)s, &p, false);
        }
    }
}

static void test_symmetries_9x9(void **state)
{
    (void)state;
    each_symmetry(sudoku_layout_9x9(), 30);
}

static void test_symmetries_8x8(void **state)
{
    (void)state;
    each_symmetry(sudoku_layout_8x8(), 30);
}

static void test_symmetry_names(void **state)
{
    (void)state;
    for (int s = 0; s < SUDOKU_NSYMMETRIES; s++)
        assert_int_equal(sudoku_symmetry_find(sudoku_symmetry_name((enum sudoku_symmetry)s)), s);
    assert_int_equal(sudoku_symmetry_find("rot45"), -1);
    assert_int_equal(sudoku_symmetry_find(NULL), -1);
}

/* ------------------------------------------------------------ order */

typedef struct collected {
    int count;
    sudoku_generated p[40];
} collected;

static bool collect(const sudoku_generated *p, void *ctx)
{
    collected *c = ctx;
    assert_int_equal(p->index, c->count); /* in index order */
    c->p[c->count++] = *p;
    return true;
}

static void test_same_puzzles_at_any_jobs(void **state)
{
    (void)state;
    const sudoku_layout *layouts[] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    static collected one, three;
    for (int k = 0; k < 2; k++) {
        sudoku_generate_options o = options_for(layouts[k], SUDOKU_SYM_ROT180, 77);
        o.count = 40;
        o.rate = true;
        one.count = three.count = 0;
        assert_int_equal(sudoku_generate(&o, collect, NULL, &one, NULL), 40);
        o.jobs = 3;
        assert_int_equal(sudoku_generate(&o, collect, NULL, &three, NULL), 40);
        for (int i = 0; i < 40; i++) {
            assert_memory_equal(one.p[i].given, three.p[i].given, SUDOKU_MAX_CELLS);
            assert_int_equal(one.p[i].rating.er, three.p[i].rating.er);
            sudoku_generated alone;
            assert_true(sudoku_generate_one(&o, i, &alone));
            assert_memory_equal(one.p[i].given, alone.given, SUDOKU_MAX_CELLS);
        }
        /* another seed, other puzzles */
        o.seed = 78;
        three.count = 0;
        sudoku_generate(&o, collect, NULL, &three, NULL);
        assert_memory_not_equal(one.p[0].given, three.p[0].given, SUDOKU_MAX_CELLS);
    }
}

static bool stop_after_two(const sudoku_generated *p, void *ctx)
{
    (void)p;
    return ++*(int *)ctx < 2;
}

static void test_callback_stops(void **state)
{
    (void)state;
    sudoku_generate_options o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_NONE, 5);
    o.count = 1000;
    o.jobs = 2;
    int seen = 0;
    assert_int_equal(sudoku_generate(&o, stop_after_two, NULL, &seen, NULL), 2);
    assert_int_equal(seen, 2);
}

/* ------------------------------------------------------------ targets */

static void rated(const sudoku_layout *l, const sudoku_generated *p, sudoku_rating *r)
{
    sudoku_grid g;
    grid_of(l, p->given, &g);
    sudoku_rate(&g, r);
    assert_true(p->rated);
    assert_int_equal(r->er, p->rating.er);
    assert_int_equal(r->ep, p->rating.ep);
    assert_int_equal(r->ed, p->rating.ed);
    assert_int_equal(r->level, p->rating.level);
    assert_int_equal(r->hardest, p->rating.hardest);
}

static void test_targets(void **state)
{
    (void)state;
    const sudoku_layout *layouts[] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    for (int k = 0; k < 2; k++) {
        const sudoku_layout *l = layouts[k];
        for (long i = 0; i < 3; i++) {
            sudoku_generated p;
            sudoku_rating r;
            sudoku_generate_options o = options_for(l, SUDOKU_SYM_ROT180, 9);

            o.er_min = 30, o.er_max = 45;
            assert_true(sudoku_generate_one(&o, i, &p));
            check_puzzle(l, o.symmetry, &p, false);
            rated(l, &p, &r);
            assert_true(r.er >= 30 && r.er <= 45);

            o = options_for(l, SUDOKU_SYM_NONE, 9);
            o.level = SUDOKU_LEVEL_MEDIUM;
            assert_true(sudoku_generate_one(&o, i, &p));
            rated(l, &p, &r);
            assert_int_equal(r.level, SUDOKU_LEVEL_MEDIUM);

            o = options_for(l, SUDOKU_SYM_NONE, 9);
            o.technique = SUDOKU_NAKED_PAIR;
            o.ed_max = 15;
            assert_true(sudoku_generate_one(&o, i, &p));
            check_puzzle(l, o.symmetry, &p, false);
            rated(l, &p, &r);
            assert_int_equal(r.hardest, SUDOKU_NAKED_PAIR);
            assert_true(r.ed <= 15);

            o = options_for(l, SUDOKU_SYM_NONE, 9);
            o.clues_min = l->n == 9 ? 21 : 16;
            o.clues_max = l->n == 9 ? 22 : 17;
            assert_true(sudoku_generate_one(&o, i, &p));
            check_puzzle(l, o.symmetry, &p, false);
            assert_true(p.clues >= o.clues_min && p.clues <= o.clues_max);
            assert_false(p.rated); /* no grade was asked for */
        }
    }
}

/* A search that must climb: ER 8.0 and up, from random puzzles and from a start. */
static void test_hard_target(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_9x9();
    sudoku_generate_options o = options_for(l, SUDOKU_SYM_NONE, 3);
    o.er_min = 80;
    sudoku_generated p;
    sudoku_rating r;
    assert_true(sudoku_generate_one(&o, 0, &p));
    check_puzzle(l, o.symmetry, &p, false);
    rated(l, &p, &r);
    assert_true(r.er >= 80);

    static uint8_t from[1][SUDOKU_MAX_CELLS];
    memcpy(from[0], p.given, sizeof from[0]);
    o.from = (const uint8_t (*)[SUDOKU_MAX_CELLS])from;
    o.nfrom = 1;
    o.er_min = 70;
    assert_true(sudoku_generate_one(&o, 0, &p));
    check_puzzle(l, o.symmetry, &p, false);
    assert_memory_not_equal(p.given, from[0], SUDOKU_MAX_CELLS); /* a neighbour, not the start */
    rated(l, &p, &r);
    assert_true(r.er >= 70);
}

static void test_pattern(void **state)
{
    (void)state;
    const sudoku_layout *layouts[] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    for (int k = 0; k < 2; k++) {
        const sudoku_layout *l = layouts[k];
        sudoku_generate_options o = options_for(l, SUDOKU_SYM_NONE, 11);
        sudoku_generated p;
        assert_true(sudoku_generate_one(&o, 0, &p));
        /* the clue cells of a minimal puzzle, plus a few: a pattern that has puzzles */
        uint8_t mask[SUDOKU_MAX_CELLS] = { 0 };
        for (int c = 0; c < l->ncells; c++)
            mask[c] = p.given[c] != 0 || c % 11 == 0;
        o.pattern = mask;
        o.max_seconds = 60;
        for (long i = 0; i < 4; i++) {
            sudoku_generated q;
            assert_true(sudoku_generate_one(&o, i, &q));
            for (int c = 0; c < l->ncells; c++)
                assert_int_equal(q.given[c] != 0, mask[c]);
            check_puzzle(l, SUDOKU_SYM_NONE, &q, true);
        }
    }
}

/* ------------------------------------------------------------ limits */

static void test_max_time(void **state)
{
    (void)state;
    sudoku_generate_options o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_FULL, 4);
    o.er_min = 115; /* beyond anything this search reaches in a second */
    o.count = 2;
    o.jobs = 2;
    o.max_seconds = 0.5;
    collected got = { 0 };
    sudoku_generate_status st;
    time_t t0 = time(NULL);
    assert_int_equal(sudoku_generate(&o, collect, NULL, &got, &st), 0);
    assert_true(time(NULL) - t0 <= 8);
    assert_true(st.timed_out);
    assert_int_equal(st.made, 0);
    assert_true(st.tries > 0);
    assert_true(st.best_er > 0 && st.best_er < 115);
}

static void test_check(void **state)
{
    (void)state;
    sudoku_generate_options o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_ROT180, 1);
    assert_null(sudoku_generate_check(&o));
    o.er_min = 90, o.er_max = 80;
    assert_string_equal(sudoku_generate_check(&o), "--er: the range 9.0-8.0 is empty");
    o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_ROT180, 1);
    o.clues_min = 30, o.clues_max = 25;
    assert_string_equal(sudoku_generate_check(&o), "--clues: the range 30-25 is empty");
    o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_ROT180, 1);
    o.technique = SUDOKU_NTECHNIQUES;
    assert_non_null(sudoku_generate_check(&o));
    o = options_for(sudoku_layout_9x9(), (enum sudoku_symmetry)SUDOKU_NSYMMETRIES, 1);
    assert_non_null(sudoku_generate_check(&o));
    uint8_t mask[SUDOKU_MAX_CELLS] = { 1, 1, 1 };
    o = options_for(sudoku_layout_9x9(), SUDOKU_SYM_NONE, 1);
    o.pattern = mask;
    assert_non_null(sudoku_generate_check(&o)); /* three clues cannot make one solution */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetry_names),
        cmocka_unit_test(test_symmetries_9x9),
        cmocka_unit_test(test_symmetries_8x8),
        cmocka_unit_test(test_same_puzzles_at_any_jobs),
        cmocka_unit_test(test_callback_stops),
        cmocka_unit_test(test_targets),
        cmocka_unit_test(test_hard_target),
        cmocka_unit_test(test_pattern),
        cmocka_unit_test(test_max_time),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
