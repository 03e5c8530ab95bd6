/*
 * test_engine.c - the strategy engine as a whole: it never removes a true
 * candidate nor places a wrong digit, on every committed puzzle and on
 * thousands of real puzzles from ../shared/data (skipped when absent);
 * plus the engine's own rules (table order, apply, path figures).
 */
#include "strategy_util.h"
#include "test_util.h"

#include <stdlib.h>

#include "grade/engine.h"
#include "grade/memo.h"
#include "grade/singles_phase.h"

/* Checks each step against the known solution before it is applied. */
typedef struct oracle {
    const uint8_t *solution;
    long steps;
    long per_technique[SUDOKU_NTECHNIQUES];
    const char *where;
} oracle;

static bool check_step(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    oracle *o = ctx;
    const sudoku_layout *l = before->layout;
    char cell[16];
    for (int c = 0; c < l->ncells; c++) {
        if (s->elim[c] & sudoku_bit(o->solution[c]))
            fail_msg("%s: %s removes the true candidate %s<>%d", o->where,
                     sudoku_technique_get(s->technique)->id, sudoku_cell_name(l, c, cell, sizeof cell),
                     o->solution[c]);
        if (s->elim[c] & ~before->cand[c])
            fail_msg("%s: %s removes a candidate that is not there", o->where,
                     sudoku_technique_get(s->technique)->id);
    }
    if (s->place_cell >= 0 && o->solution[s->place_cell] != s->place_digit)
        fail_msg("%s: %s places %s=%d, the solution has %d", o->where, sudoku_technique_get(s->technique)->id,
                 sudoku_cell_name(l, s->place_cell, cell, sizeof cell), s->place_digit,
                 o->solution[s->place_cell]);
    if (s->place_cell < 0 && s->nelim == 0)
        fail_msg("%s: a %s step that does nothing", o->where, sudoku_technique_get(s->technique)->id);
    o->steps++;
    o->per_technique[s->technique]++;
    return true;
}

/*
 * The grids of the first max records of puzzles file path (all of them:
 * max < 0), in order, into out (room for FILE_GRIDS); returns how many. A
 * record that does not read or make a grid fails the test when strict,
 * else is left out.
 */
enum { FILE_GRIDS = 64 };
static int grids_of(const char *path, int max, bool strict, sudoku_grid *out)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    static sudoku_record rec;
    int count = 0;
    for (int k = 0; k != max && sudoku_reader_next(r, &rec); k++) {
        assert_true(count < FILE_GRIDS);
        bool made = rec.ok && sudoku_grid_from_record(&out[count], &rec, NULL, 0);
        if (strict)
            assert_true(made);
        count += made;
    }
    sudoku_reader_free(r);
    fclose(f);
    return count;
}

/* Runs both orders on every unique puzzle of a file; returns puzzles checked. */
static long check_file(const char *path, long max_puzzles, oracle *o)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    static sudoku_record rec;
    long checked = 0;
    char where[512];
    while (checked < max_puzzles && sudoku_reader_next(r, &rec)) {
        sudoku_grid g;
        uint8_t solution[SUDOKU_MAX_CELLS];
        if (!rec.ok || !sudoku_grid_from_record(&g, &rec, NULL, 0) || sudoku_solve(&g, 2, solution, NULL) != 1)
            continue;
        snprintf(where, sizeof where, "%s:%ld", path, rec.line);
        o->solution = solution;
        o->where = where;
        for (int order = SUDOKU_ORDER_RATING; order <= SUDOKU_ORDER_TIER; order++) {
            sudoku_grid work = g;
            sudoku_path p;
            sudoku_logic_run(&work, (enum sudoku_order)order, &p, check_step, o);
            assert_false(p.contradiction);
            assert_true(p.solved || p.stalled);
            if (p.solved)
                for (int c = 0; c < g.layout->ncells; c++)
                    assert_int_equal(work.digit[c], solution[c]);
        }
        checked++;
    }
    sudoku_reader_free(r);
    fclose(f);
    return checked;
}

static void print_counts(const char *what, long puzzles, const oracle *o)
{
    printf("  %s: %ld puzzles, %ld steps checked:", what, puzzles, o->steps);
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
        if (o->per_technique[t])
            printf(" %s=%ld", sudoku_technique_get(t)->id, o->per_technique[t]);
    printf("\n");
}

/*
 * The cap on each forum-hardest file: their nested chains (levels 2-4) take
 * one to a few seconds a puzzle, both orders; SUDOKU_SOUNDNESS_FORUM lowers
 * it (the sanitizer builds, ten times slower).
 */
static long forum_cap(long max)
{
    const char *text = getenv("SUDOKU_SOUNDNESS_FORUM");
    long cap = text ? atol(text) : 0;
    return cap > 0 && cap < max ? cap : max;
}

static void test_sound_on_committed_puzzles(void **state)
{
    (void)state;
    /* forum.txt's fifth puzzle needs level 4 (+ Dynamic Forcing Chains);
     * hardest.txt's first ten level 2, its last ten level 3 */
    static const struct {
        const char *name;
        long max;
    } files[] = {
        { "puzzles/easy.txt", 1000000 }, { "puzzles/17clue.txt", 1000000 }, { "puzzles/hard.txt", 1000000 },
        { "puzzles/hardest.txt", -12 },  { "puzzles/forum.txt", -5 },      { "puzzles/8x8.txt", 1000000 },
        { "puzzles/grid.txt", 1000000 }, { "puzzles/grid-8x8.txt", 1000000 },
    };
    oracle o = { 0 };
    long total = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        long max = files[i].max < 0 ? forum_cap(-files[i].max) : files[i].max;
        long n = check_file(files[i].name, max, &o);
        if (n < 0)
            fail_msg("cannot open %s (run the tests from the repository root)", files[i].name);
        total += n;
    }
    assert_true(total >= 100);
    print_counts("committed", total, &o);
}

/*
 * Thousands of dataset puzzles, every step of both orders checked: all
 * 1,000 unbiased puzzles, 2,000 17-clue ones, all of top1465, and a few of
 * each forum-hardest list (those run every chain technique, the nested
 * chains of levels 2-4 too, a second or more a puzzle: the slowest part).
 * SUDOKU_SOUNDNESS_MAX caps every file, SUDOKU_SOUNDNESS_FORUM the forum
 * ones, for the sanitizer builds, which run about ten times slower.
 */
static void test_sound_on_public_datasets(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        long max;
    } files[] = {
        { "puzzles1_unbiased.txt", 1000 },
        { "puzzles2_17_clue.txt", 2000 },
        { "puzzles3_magictour_top1465.txt", 1465 },
        { "puzzles5_forum_hardest_1905_11+.txt", -6 },
        { "puzzles6_forum_hardest_1106.txt", -6 },
    };
    const char *shared = getenv("SHARED") ? getenv("SHARED") : "../shared";
    const char *cap_text = getenv("SUDOKU_SOUNDNESS_MAX");
    long cap = cap_text ? atol(cap_text) : 0;
    oracle o = { 0 };
    long total = 0, wanted = 0;
    char path[1024];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        long max = files[i].max < 0 ? forum_cap(-files[i].max) : files[i].max;
        if (cap > 0 && cap < max)
            max = cap;
        snprintf(path, sizeof path, "%s/data/%s", shared, files[i].name);
        long n = check_file(path, max, &o);
        if (n < 0) {
            printf("  %s not found: skipped\n", path);
            skip();
        }
        total += n;
        wanted += max;
    }
    assert_int_equal(total, wanted); /* every dataset puzzle has one solution */
    print_counts("public datasets", total, &o);
}

/* The first step found is the first in table order. */
static void test_takes_first_step_in_order(void **state)
{
    (void)state;
    sudoku_grid g;
    /* A solved grid with r9c7 and r9c9 blanked: row 9 and box 9 have two
     * empty cells, columns 7 and 9 one each. Full houses are looked for in
     * boxes, then columns, then rows: the first is column 7's. */
    grid_from_text("534678912672195348198342567859761423426853791713924856961537284287419635345286.7.\n", &g);
    sudoku_step s;
    assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
    assert_int_equal(s.technique, SUDOKU_FULL_HOUSE);
    assert_int_equal(s.place_cell, rc(&g, 9, 7));
    assert_int_equal(s.place_digit, 1);
    assert_int_equal(s.place_unit, 9 + 6); /* column 7 */
}

static void test_path_figures(void **state)
{
    (void)state;
    sudoku_grid g;
    grid_from_text("534678912672195348198342567859761423426853791713924856961537284287419635345286.7.\n", &g);
    sudoku_path p;
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &p, NULL, NULL);
    assert_true(p.solved);
    assert_int_equal(p.steps, 2);
    assert_int_equal(p.count[SUDOKU_FULL_HOUSE], 2);
    assert_int_equal(p.er, 10);
    assert_int_equal(p.ep, 10);
    assert_int_equal(p.ed, 10);
    assert_int_equal(p.hardest, SUDOKU_FULL_HOUSE);
    assert_int_equal(p.max_level, SUDOKU_LEVEL_EASY);
    assert_string_equal(p.hardest_name, "Full house");
    assert_int_equal(g.empty, 0);
}

static void test_contradiction_is_reported(void **state)
{
    (void)state;
    sudoku_grid g;
    /* r9c9 loses its only candidate: the engine must stop, not loop. */
    grid_from_text("534678912672195348198342567859761423426853791713924856961537284287419635345286.7.\n", &g);
    sudoku_grid_eliminate(&g, rc(&g, 9, 9), 9);
    sudoku_path p;
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &p, NULL, NULL);
    assert_true(p.contradiction);
    assert_false(p.solved);
}

static void test_apply_step(void **state)
{
    (void)state;
    sudoku_grid g;
    grid_from_text("534678912672195348198342567859761423426853791713924856961537284287419635345286.7.\n", &g);
    sudoku_step s;
    assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
    int empty = g.empty;
    sudoku_apply_step(&g, &s);
    assert_int_equal(g.empty, empty - 1);
    assert_int_equal(g.digit[rc(&g, 9, 7)], 1);
    assert_int_equal(g.cand[rc(&g, 9, 9)], sudoku_bit(9)); /* the 1 left its peer */
}

/* What view.single, has_single, one_empty and locked_in must hold, worked
 * out from where[][] and empty[] by their definitions (strategy.h),
 * against the view's own. */
static void check_view_summaries(const view *v)
{
    const sudoku_layout *l = v->l;
    uint64_t has_single = 0;
    for (int u = 0; u < l->nunits; u++) {
        assert_int_equal(v->empty[u] == 1, (v->one_empty >> u) & 1u);
        sudoku_mask single = 0;
        for (int d = 1; d <= l->n; d++) {
            unsigned w = v->where[u][d];
            if (w && !(w & (w - 1)))
                single |= sudoku_bit(d);
            for (int kind = 0; kind < 3; kind++) {
                bool locked = false;
                bool crossing = u / l->n == SUDOKU_BOX ? kind != SUDOKU_BOX : kind == SUDOKU_BOX;
                if (crossing && (w & (w - 1))) {
                    int unit = -1;
                    locked = true;
                    for (int i = 0; i < l->n; i++)
                        if (w & (1u << i)) {
                            int other = l->cell_unit[l->unit_cell[u][i]][kind];
                            locked = locked && (unit < 0 || unit == other);
                            unit = other;
                        }
                }
                assert_int_equal(locked, (v->locked_in[kind][d] >> u) & 1u);
            }
        }
        assert_int_equal(single, v->single[u]);
        if (single)
            has_single |= 1ull << u;
    }
    assert_true(has_single == v->has_single);
}

/* A view brought up to date equals one built afresh on its grid (its
 * locked_in once refreshed, as the engine does before the intersection
 * finders read it). */
static void expect_view_as_built(view *kept, const sudoku_grid *g)
{
    static view fresh;
    view_build(&fresh, g);
    for (int u = 0; u < g->layout->nunits; u++) {
        assert_memory_equal(kept->where[u], fresh.where[u], sizeof kept->where[u]);
        assert_int_equal(kept->placed[u], fresh.placed[u]);
        assert_int_equal(kept->empty[u], fresh.empty[u]);
    }
    assert_int_equal(kept->broken, fresh.broken);
    view_refresh_locked(kept);
    check_view_summaries(kept);
    check_view_summaries(&fresh);
}

/* Whether two steps are the same: what they do and what they show. */
static bool same_step(const sudoku_step *a, const sudoku_step *b, int ncells)
{
    return a->technique == b->technique && a->digits == b->digits && a->nbase == b->nbase &&
           a->ncover == b->ncover && a->ncells == b->ncells && a->place_cell == b->place_cell &&
           a->place_digit == b->place_digit && a->place_unit == b->place_unit && a->nelim == b->nelim &&
           !memcmp(a->base, b->base, (size_t)a->nbase) && !memcmp(a->cover, b->cover, (size_t)a->ncover) &&
           !memcmp(a->cells, b->cells, (size_t)a->ncells) &&
           !memcmp(a->elim, b->elim, (size_t)ncells * sizeof a->elim[0]);
}

/*
 * The singles, intersections and subsets on a view kept step by step give
 * what they give on a view built afresh, which has no memory: the kept one
 * skips the digits and units unchanged since a finder last found nothing
 * (found_nothing_at, stamped here as the engine does, but after every
 * finder at every step: more is skipped than in the engine's runs).
 */
static void expect_finders_as_on_fresh(view *kept, const sudoku_grid *g)
{
    static const struct {
        finder_fn find;
        int technique;
    } finders[] = {
        { find_full_house, SUDOKU_FULL_HOUSE },
        { find_hidden_single_box, SUDOKU_HIDDEN_SINGLE_BOX },
        { find_hidden_single_line, SUDOKU_HIDDEN_SINGLE_LINE },
        { find_direct_pointing, SUDOKU_DIRECT_POINTING },
        { find_direct_claiming, SUDOKU_DIRECT_CLAIMING },
        { find_direct_hidden_pair, SUDOKU_DIRECT_HIDDEN_PAIR },
        { find_naked_single, SUDOKU_NAKED_SINGLE },
        { find_direct_hidden_triple, SUDOKU_DIRECT_HIDDEN_TRIPLE },
        { find_pointing, SUDOKU_POINTING },
        { find_claiming, SUDOKU_CLAIMING },
        { find_naked_pair, SUDOKU_NAKED_PAIR },
        { find_hidden_pair, SUDOKU_HIDDEN_PAIR },
        { find_naked_triple, SUDOKU_NAKED_TRIPLE },
        { find_hidden_triple, SUDOKU_HIDDEN_TRIPLE },
        { find_naked_quad, SUDOKU_NAKED_QUAD },
        { find_hidden_quad, SUDOKU_HIDDEN_QUAD },
    };
    static view fresh;
    static sudoku_step a, b;
    for (size_t i = 0; i < sizeof finders / sizeof finders[0]; i++) {
        view_build(&fresh, g);
        view_refresh_locked(kept);
        bool on_kept = finders[i].find(kept, &a), on_fresh = finders[i].find(&fresh, &b);
        assert_int_equal(on_kept, on_fresh);
        if (on_kept)
            assert_true(same_step(&a, &b, g->layout->ncells));
        else
            kept->found_nothing_at[finders[i].technique] = kept->clock;
    }
}

/* The engine updates its view step by step; it must equal a fresh one. */
static void test_incremental_view_matches_rebuilt(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/hard.txt", "puzzles/8x8.txt", "puzzles/17clue.txt" };
    static view kept;
    long steps = 0;
    static sudoku_grid file_grids[FILE_GRIDS];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int count = grids_of(files[i], -1, true, file_grids);
        for (int k = 0; k < count; k++) {
            sudoku_grid g = file_grids[k];
            view_build(&kept, &g);
            sudoku_step s;
            while (sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s)) {
                sudoku_grid expected = g;
                sudoku_apply_step(&expected, &s);
                view_apply(&kept, &g, &s);
                assert_memory_equal(g.digit, expected.digit, sizeof g.digit);
                assert_memory_equal(g.cand, expected.cand, sizeof g.cand);
                assert_int_equal(g.empty, expected.empty);
                expect_view_as_built(&kept, &g);
                expect_finders_as_on_fresh(&kept, &g);
                steps++;
            }
        }
    }
    assert_true(steps > 1000);
}

/*
 * Any placement, right or wrong, from the clues of each puzzle: the view
 * brought up to date must equal one built on the grid it leaves, 'broken'
 * included (a wrong digit can empty a peer, or take a digit's last place
 * in a unit of a peer's).
 */
static void test_view_after_any_placement(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/hard.txt", "puzzles/8x8.txt" };
    static view kept;
    long placements = 0, broken = 0;
    static sudoku_grid file_grids[FILE_GRIDS];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int count = grids_of(files[i], 5, true, file_grids);
        for (int k = 0; k < count; k++) {
            const sudoku_grid start = file_grids[k];
            for (int c = 0; c < start.layout->ncells; c++) {
                for (sudoku_mask m = start.digit[c] ? 0 : start.cand[c]; m; m &= (sudoku_mask)(m - 1)) {
                    sudoku_grid g = start;
                    sudoku_step s;
                    memset(&s, 0, sizeof s);
                    s.place_cell = c;
                    s.place_digit = mask_first_digit(m);
                    view_build(&kept, &g);
                    view_apply(&kept, &g, &s);
                    expect_view_as_built(&kept, &g);
                    placements++;
                    broken += kept.broken;
                }
            }
        }
    }
    assert_true(placements > 1000 && broken > 0);
}

/* A small generator of its own, so that the grids below are the same on every run. */
static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/*
 * Grids for the singles phase: each puzzle as read, with some candidates
 * struck at random (a grid read with pencil marks; some lose a true one),
 * and with a few wrong digits placed (the singles then meet a cell
 * without candidates, or a digit without a place, and the grid is broken).
 */
static void vary(sudoku_grid *g, int kind, uint32_t *seed)
{
    const sudoku_layout *l = g->layout;
    for (int k = 0; k < 3 * kind; k++) {
        int c = (int)(next_random(seed) % (uint32_t)l->ncells);
        if (g->digit[c] || !g->cand[c])
            continue;
        sudoku_mask m = g->cand[c];
        for (uint32_t skip = next_random(seed) % 9; skip && (m & (m - 1)); skip--)
            m &= (sudoku_mask)(m - 1);
        if (kind == 1)
            g->cand[c] &= (sudoku_mask) ~(m & -m); /* may leave the cell without candidates */
        else
            sudoku_grid_place(g, c, mask_first_digit(m));
    }
}

/*
 * The singles phase (singles_phase.h) against the engine limited to the
 * three singles, step by step on the same grid: the same technique, cell
 * and digit, the same grid after it, and no step where the engine finds
 * none (nothing left, or a broken grid: the engine looks at none).
 */
static void test_singles_phase_as_engine(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/hard.txt", "puzzles/17clue.txt", "puzzles/easy.txt",
                                         "puzzles/none.txt", "puzzles/multiple.txt" };
    const sudoku_logic_options singles = { SUDOKU_ORDER_RATING, SUDOKU_HIDDEN_SINGLE_LINE };
    uint32_t seed = 12345;
    long steps = 0, broken = 0, grids = 0;
    static sudoku_grid file_grids[FILE_GRIDS];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int count = grids_of(files[i], -1, false, file_grids);
        for (int k = 0; k < count; k++) {
            const sudoku_grid read = file_grids[k];
            if (!singles_phase_fits(read.layout))
                continue;
            uint8_t solution[SUDOKU_MAX_CELLS];
            bool solvable = sudoku_solve(&read, 1, solution, NULL) == 1;
            for (int kind = 0; kind < 3 + 4 * solvable; kind++) {
                sudoku_grid g = read, fast;
                if (kind < 3) {
                    vary(&g, kind, &seed);
                } else {
                    /* The solution with 40 to 60 cells left open: singles fill most of these. */
                    sudoku_grid_init(&g, read.layout);
                    int open = 40 + (int)(next_random(&seed) % 21);
                    for (int c = 0; c < g.layout->ncells; c++)
                        if (next_random(&seed) % (uint32_t)g.layout->ncells >= (uint32_t)open)
                            sudoku_grid_place(&g, c, solution[c]);
                    if (kind == 6)
                        vary(&g, 1, &seed);
                }
                fast = g;
                singles_phase s;
                singles_phase_start(&s, &fast);
                grids++;
                for (;;) {
                    sudoku_step step;
                    bool found = g.empty && sudoku_find_step_with(&g, &singles, &step);
                    int t = fast.empty ? singles_phase_step(&s, &fast) : -1;
                    assert_int_equal(found ? step.technique : -1, t);
                    if (!found) {
                        broken += s.broken;
                        break;
                    }
                    sudoku_apply_step(&g, &step);
                    assert_memory_equal(g.digit, fast.digit, sizeof g.digit);
                    assert_memory_equal(g.cand, fast.cand, sizeof g.cand);
                    assert_int_equal(g.empty, fast.empty);
                    steps++;
                }
            }
        }
    }
    printf("  singles phase: %ld grids, %ld steps, %ld broken\n", grids, steps, broken);
    assert_true(grids > 500 && steps > 5000 && broken > 50);
}

/* A singles phase kept up to date equals one started on its grid (maybe_single may say more). */
static void assert_phase_as_started(const singles_phase *kept, const sudoku_grid *g)
{
    singles_phase made;
    singles_phase_start(&made, g);
    assert_memory_equal(kept->cand, made.cand, sizeof made.cand);
    assert_memory_equal(kept->open, made.open, sizeof made.open);
    assert_memory_equal(kept->count, made.count, sizeof made.count);
    assert_memory_equal(kept->placed, made.placed, sizeof made.placed);
    assert_memory_equal(kept->empty, made.empty, sizeof made.empty);
    assert_true(kept->one_empty == made.one_empty);
    assert_int_equal(kept->broken, made.broken);
    assert_true((made.maybe_single & ~kept->maybe_single) == 0);
}

/*
 * How the engine's run keeps both up to date (run_list()): the phase
 * takes the singles and the view is given them afterwards
 * (view_replay_placement()); the view takes the other steps and the
 * phase follows them (singles_phase_follow()), its 'broken' then the
 * view's. Step by step along the engine's path, in both orders, on grids
 * as read, with candidates struck and with wrong digits placed, of both
 * layouts (the 8x8 ones keep the view alone): the phase takes the
 * engine's single, and both equal what is made afresh on the grid.
 */
static void test_phase_and_view_kept_as_made(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/hard.txt", "puzzles/17clue.txt", "puzzles/easy.txt",
                                         "puzzles/8x8.txt" };
    uint32_t seed = 4242;
    long singles = 0, others = 0, broken = 0;
    static sudoku_grid file_grids[FILE_GRIDS];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int count = grids_of(files[i], 25, false, file_grids);
        for (int k = 0; k < count; k++) {
            const sudoku_grid read = file_grids[k];
            for (int kind = 0; kind < 3; kind++)
                for (int order = SUDOKU_ORDER_RATING; order <= SUDOKU_ORDER_TIER; order++) {
                    /* Up to the uniqueness techniques: the grids need not have one solution. */
                    sudoku_logic_options opts = { (enum sudoku_order)order, SUDOKU_XYZ_WING };
                    sudoku_grid g = read;
                    vary(&g, kind, &seed);
                    bool phase = singles_phase_fits(g.layout);
                    singles_phase s;
                    if (phase)
                        singles_phase_start(&s, &g);
                    view v;
                    view_build_lazy(&v, &g);
                    sudoku_step step;
                    while (g.empty) {
                        v.g = &g;
                        expect_view_as_built(&v, &g);
                        if (phase)
                            assert_phase_as_started(&s, &g);
                        if (v.broken) {
                            broken++;
                            break;
                        }
                        if (!sudoku_find_step_with(&g, &opts, &step))
                            break;
                        bool single = step.technique <= SUDOKU_HIDDEN_SINGLE_LINE;
                        if (phase) {
                            sudoku_grid before = g;
                            int t = singles_phase_step(&s, &g);
                            assert_int_equal(t, single ? step.technique : -1);
                            if (single) {
                                assert_int_equal(s.last_cell, step.place_cell);
                                assert_int_equal(s.last_digit, step.place_digit);
                                assert_int_equal(s.last_others,
                                                 before.cand[step.place_cell] & ~sudoku_bit(step.place_digit));
                                view_replay_placement(&v, s.last_cell, s.last_digit, s.last_others);
                                v.broken = s.broken;
                                sudoku_apply_step(&before, &step);
                                assert_memory_equal(before.digit, g.digit, sizeof g.digit);
                                assert_memory_equal(before.cand, g.cand, sizeof g.cand);
                                singles++;
                                continue;
                            }
                            singles_phase_follow(&s, &g, &step);
                        }
                        view_apply(&v, &g, &step);
                        if (phase)
                            s.broken = v.broken;
                        others++;
                    }
                }
        }
    }
    printf("  kept as made: %ld singles, %ld other steps, %ld broken grids\n", singles, others, broken);
    assert_true(singles > 5000 && others > 1000 && broken > 50);
}

static bool go_on(const sudoku_grid *g, const sudoku_step *s, void *ctx)
{
    (void)g, (void)s, (void)ctx;
    return true;
}

/*
 * A run without a callback takes its singles from the singles phase; one
 * with a callback takes every step through the view. The same path and
 * the same grid, in both orders, on grids of both layouts (the 8x8 ones
 * never use the phase), some of them broken.
 */
static void test_run_with_singles_phase_as_without(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/hard.txt", "puzzles/easy.txt", "puzzles/8x8.txt",
                                         "puzzles/none.txt" };
    uint32_t seed = 777;
    long runs = 0;
    static sudoku_grid file_grids[FILE_GRIDS];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        int count = grids_of(files[i], 40, false, file_grids);
        for (int k = 0; k < count; k++) {
            const sudoku_grid read = file_grids[k];
            for (int kind = 0; kind < 3; kind += 2) {
                sudoku_grid g = read;
                vary(&g, kind, &seed);
                for (int order = SUDOKU_ORDER_RATING; order <= SUDOKU_ORDER_TIER; order++) {
                    /* Up to the uniqueness techniques: a broken grid or one
                     * of several solutions must not meet those. */
                    sudoku_logic_options opts = { (enum sudoku_order)order, SUDOKU_XYZ_WING };
                    sudoku_grid slow = g, fast = g;
                    sudoku_path a, b;
                    sudoku_logic_run_with(&slow, &opts, &a, go_on, NULL);
                    sudoku_logic_run_with(&fast, &opts, &b, NULL, NULL);
                    assert_memory_equal(&a, &b, sizeof a);
                    assert_memory_equal(slow.digit, fast.digit, sizeof slow.digit);
                    assert_memory_equal(slow.cand, fast.cand, sizeof slow.cand);
                    runs++;
                }
            }
        }
    }
    assert_true(runs > 100);
}

/* The memo answers for a grid it kept, the same in every cell, and for no other. */
static void test_memo_answers_only_for_the_same_grid(void **state)
{
    (void)state;
    sudoku_grid a, b, small;
    sudoku_grid_init(&a, sudoku_layout_9x9());
    assert_true(sudoku_grid_place(&a, 0, 5));
    b = a;
    b.cand[80] &= (sudoku_mask)~sudoku_bit(9);
    sudoku_grid_init(&small, sudoku_layout_8x8());
    engine_memo m;
    memo_init(&m);
    assert_true(memo_failed(&m, &a) == 0);
    memo_keep(&m, &a, 0x5ull | 1ull << SUDOKU_ALIGNED_TRIPLE_EXCLUSION);
    assert_true(memo_failed(&m, &a) == (0x5ull | 1ull << SUDOKU_ALIGNED_TRIPLE_EXCLUSION));
    assert_true(memo_failed(&m, &b) == 0);
    assert_true(memo_failed(&m, &small) == 0);
    memo_keep(&m, &b, 0x2);
    assert_true(memo_failed(&m, &b) == 0x2);
    assert_true(memo_failed(&m, &a) == (0x5ull | 1ull << SUDOKU_ALIGNED_TRIPLE_EXCLUSION));
    memo_keep(&m, &small, 0x1); /* another layout: not kept */
    assert_true(memo_failed(&m, &small) == 0);
    memo_free(&m);
}

/* A callback may use the library itself (grade another grid, find a hint):
 * the run it returns to must go on with its own step. */
typedef struct nested {
    long steps;
    int techniques[128];
} nested;

static bool record_technique(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    (void)before;
    nested *n = ctx;
    if (n->steps < 128)
        n->techniques[n->steps] = s->technique;
    n->steps++;
    return n->steps < 200; /* a run gone wrong stops instead of looping */
}

static bool record_and_rate_another(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    bool go_on = record_technique(before, s, ctx);
    sudoku_grid other;
    grid_from_text("1.64..........7....5..13..76.8...3.....6..2.7...8.3...6.....1...\n", &other);
    sudoku_rating r;
    sudoku_rate(&other, &r);
    return go_on;
}

static void test_callback_may_run_the_engine(void **state)
{
    (void)state;
    sudoku_grid plain, inner;
    grid_from_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", &plain);
    inner = plain;
    nested a = { 0 }, b = { 0 };
    sudoku_path pa, pb;
    sudoku_logic_run(&plain, SUDOKU_ORDER_RATING, &pa, record_technique, &a);
    sudoku_logic_run(&inner, SUDOKU_ORDER_RATING, &pb, record_and_rate_another, &b);
    assert_true(pa.solved && pb.solved);
    assert_int_equal(a.steps, b.steps);
    assert_memory_equal(a.techniques, b.techniques, sizeof a.techniques);
    assert_int_equal(pa.er, pb.er);
    assert_int_equal(pa.hardest, pb.hardest);
    assert_memory_equal(plain.digit, inner.digit, sizeof plain.digit);
}

/* A callback that grades a grid of the other layout (8x8 inside a 9x9
 * run, 9x9 inside an 8x8 one): the run it returns to must still read its
 * own layout's tables (the view's, kept per thread). */
static bool record_and_rate_other_layout(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    bool go_on = record_technique(before, s, ctx);
    sudoku_grid other;
    if (before->layout->n == 9)
        grid_from_text("1.64..........7....5..13..76.8...3.....6..2.7...8.3...6.....1...\n", &other);
    else
        grid_from_text("..3...4......7..8....3.4.1....6.17..5..482.3..6...52...4.9.7...61...89..9.8....2.\n", &other);
    sudoku_rating r;
    sudoku_rate(&other, &r);
    return go_on;
}

static void test_callback_may_grade_another_layout(void **state)
{
    (void)state;
    /* runs that take intersections (read from the view's locked_in) */
    static const char *const puzzles[] = {
        "..3...4......7..8....3.4.1....6.17..5..482.3..6...52...4.9.7...61...89..9.8....2.\n",
        "1..6..8.5..6.......89..5.46....296.4...7....2.9..63..736..8.....7.....5...5..42.8\n",
        "7.....68.4..........6.4..6...57.5......71.....2....17.82.73..4..\n",
    };
    long locked = 0;
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
        sudoku_grid plain, inner;
        grid_from_text(puzzles[i], &plain);
        inner = plain;
        nested a = { 0 }, b = { 0 };
        sudoku_path pa, pb;
        sudoku_logic_run(&plain, SUDOKU_ORDER_RATING, &pa, record_technique, &a);
        sudoku_logic_run(&inner, SUDOKU_ORDER_RATING, &pb, record_and_rate_other_layout, &b);
        assert_int_equal(a.steps, b.steps);
        assert_memory_equal(a.techniques, b.techniques, sizeof a.techniques);
        assert_int_equal(pa.er, pb.er);
        assert_memory_equal(plain.digit, inner.digit, sizeof plain.digit);
        assert_memory_equal(plain.cand, inner.cand, sizeof plain.cand);
        locked += pa.count[SUDOKU_POINTING] + pa.count[SUDOKU_CLAIMING] + pa.count[SUDOKU_DIRECT_POINTING] +
                  pa.count[SUDOKU_DIRECT_CLAIMING];
    }
    assert_true(locked > 0);
}

/*
 * The level of a grading, which follows the level pass along the rating
 * run and lets it meet that run again after they part (follow_step in
 * engine.c), against the plain level pass from the start: the tier order,
 * the levels up to expert, no memo; extreme when it stalls. On puzzles of
 * both layouts and of the public datasets (when there), each as read, with
 * some of its solution's digits placed, and with some false candidates
 * struck (a grid read with pencil marks): other paths, other partings.
 */
static enum sudoku_level plain_level(const sudoku_grid *g, int last)
{
    sudoku_grid work = *g;
    sudoku_path p;
    sudoku_logic_options opts = { SUDOKU_ORDER_TIER, last };
    engine_run_up_to_level(&work, NULL, &opts, SUDOKU_LEVEL_EXPERT, &p, NULL);
    if (!p.solved)
        return SUDOKU_LEVEL_EXTREME;
    return p.max_level < 0 ? SUDOKU_LEVEL_EASY : (enum sudoku_level)p.max_level;
}

static void solution_variant(sudoku_grid *g, const uint8_t *solution, int kind, uint32_t *seed)
{
    const sudoku_layout *l = g->layout;
    for (int k = 0; k < 6 * kind; k++) {
        int c = (int)(next_random(seed) % (uint32_t)l->ncells);
        if (g->digit[c])
            continue;
        if (kind == 1) {
            sudoku_grid_place(g, c, solution[c]);
        } else {
            sudoku_mask wrong = g->cand[c] & (sudoku_mask)~sudoku_bit(solution[c]);
            if (wrong)
                g->cand[c] &= (sudoku_mask)~(wrong & -wrong);
        }
    }
}

static void test_level_as_plain_pass(void **state)
{
    (void)state;
    const char *shared = getenv("SHARED") ? getenv("SHARED") : "../shared";
    char unbiased[1024], top[1024];
    snprintf(unbiased, sizeof unbiased, "%s/data/puzzles1_unbiased.txt", shared);
    snprintf(top, sizeof top, "%s/data/puzzles3_magictour_top1465.txt", shared);
    const struct {
        const char *name;
        int max;
    } files[] = {
        { "puzzles/hard.txt", 200 }, { "puzzles/17clue.txt", 200 }, { "puzzles/8x8.txt", 200 },
        { unbiased, 300 },           { top, 400 },
    };
    /* Up to the multiple chains: enough to tell a stall of the level pass
     * from a solve, at a few milliseconds a grading. */
    const int last = SUDOKU_MULTIPLE_CHAIN;
    uint32_t seed = 4242;
    long graded = 0, per_level[SUDOKU_LEVEL_EXTREME + 1] = { 0 };
    int stride = tu_stride(4);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(files[i].name, "rb");
        if (!f) {
            printf("  %s not found: left out\n", files[i].name);
            continue;
        }
        sudoku_reader *r = sudoku_reader_new(f, files[i].name, 0);
        static sudoku_record rec;
        for (int k = 0; k < files[i].max && sudoku_reader_next(r, &rec); k++) {
            sudoku_grid read;
            uint8_t solution[SUDOKU_MAX_CELLS];
            if (k % stride || !rec.ok || !sudoku_grid_from_record(&read, &rec, NULL, 0) ||
                sudoku_solve(&read, 2, solution, NULL) != 1)
                continue;
            for (int kind = 0; kind < 3; kind++) {
                sudoku_grid g = read;
                solution_variant(&g, solution, kind, &seed);
                sudoku_rating rating;
                sudoku_rate_with(&g, last, &rating);
                enum sudoku_level want = plain_level(&g, last);
                if (rating.level != want)
                    fail_msg("%s:%ld (variant %d): level %s, the plain pass %s", files[i].name, rec.line, kind,
                             sudoku_level_name(rating.level), sudoku_level_name(want));
                per_level[want]++;
                graded++;
            }
        }
        sudoku_reader_free(r);
        fclose(f);
    }
    printf("  %ld gradings: easy %ld, medium %ld, hard %ld, expert %ld, extreme %ld\n", graded, per_level[0],
           per_level[1], per_level[2], per_level[3], per_level[4]);
    assert_true(graded >= 100);
}

static void test_tier_order_groups_families(void **state)
{
    (void)state;
    /* Ratings never decrease along the table: it is ordered by difficulty. */
    for (int i = 1; i < SUDOKU_NTECHNIQUES; i++)
        assert_true(sudoku_technique_get(i)->rating >= sudoku_technique_get(i - 1)->rating);
    /* Every id is distinct, non-empty and found again by its string. */
    for (int i = 0; i < SUDOKU_NTECHNIQUES; i++) {
        const char *id = sudoku_technique_get(i)->id;
        assert_true(id[0] != '\0');
        assert_int_equal(sudoku_technique_find(id), i);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(id, sudoku_technique_get(j)->id);
    }
    assert_null(sudoku_technique_get(SUDOKU_NTECHNIQUES));
    assert_int_equal(sudoku_technique_find("no-such-technique"), -1);
    /* The levels follow the families: chains alone are extreme. */
    assert_int_equal(sudoku_family_level(SUDOKU_FAMILY_FISH), SUDOKU_LEVEL_EXPERT);
    assert_int_equal(sudoku_family_level(SUDOKU_FAMILY_UNIQUENESS), SUDOKU_LEVEL_EXPERT);
    assert_int_equal(sudoku_family_level(SUDOKU_FAMILY_CHAINS), SUDOKU_LEVEL_EXTREME);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takes_first_step_in_order),
        cmocka_unit_test(test_path_figures),
        cmocka_unit_test(test_contradiction_is_reported),
        cmocka_unit_test(test_apply_step),
        cmocka_unit_test(test_tier_order_groups_families),
        cmocka_unit_test(test_callback_may_run_the_engine),
        cmocka_unit_test(test_callback_may_grade_another_layout),
        cmocka_unit_test(test_incremental_view_matches_rebuilt),
        cmocka_unit_test(test_view_after_any_placement),
        cmocka_unit_test(test_singles_phase_as_engine),
        cmocka_unit_test(test_run_with_singles_phase_as_without),
        cmocka_unit_test(test_phase_and_view_kept_as_made),
        cmocka_unit_test(test_memo_answers_only_for_the_same_grid),
        cmocka_unit_test(test_level_as_plain_pass),
        cmocka_unit_test(test_sound_on_committed_puzzles),
        cmocka_unit_test(test_sound_on_public_datasets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
