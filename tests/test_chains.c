/*
 * test_chains.c - the chaining techniques (chains.c, chain_graph.c,
 * chain_rules.c): crafted positions on both layouts whose chain and
 * elimination are worked out by hand in the comments, the length bonus,
 * and steps of Sudoku Explainer's own solving paths (each puzzle played by
 * the engine up to SE's chaining step, then the finder must name, rate and
 * eliminate exactly as SE did).
 */
#include "strategy_util.h"
#include "test_util.h"
#include "techniques/chain_graph.h"

#include <stdlib.h>
#include <threads.h>

/* An empty grid of the layout: every candidate everywhere, so nothing links
 * except what a test carves out. */
static void empty_grid(sudoku_grid *g, const sudoku_layout *l) { sudoku_grid_init(g, l); }

/* Keeps only 'digits' (a string like "12") in cell r,c. */
static void keep(sudoku_grid *g, int r, int c, const char *digits)
{
    sudoku_mask m = 0;
    for (const char *p = digits; *p; p++)
        m |= sudoku_bit(*p - '0');
    int cell = rc(g, r, c);
    for (int d = 1; d <= g->layout->n; d++)
        if (!(m & sudoku_bit(d)))
            sudoku_grid_eliminate(g, cell, d);
}

static void assert_name(const sudoku_step *s, const char *name, int rating)
{
    assert_string_equal(s->name, name);
    assert_int_equal(s->rating, rating);
}

/* ------------------------------------------------------------ kept contexts */

/*
 * What the chain finders keep from call to call is keyed by the layout. A
 * context made on a layout the caller built must not pass for that of
 * another layout built later at the same address: the 6x6 layouts with
 * 2x3 and 3x2 boxes have the same cells, and their empty grids the same
 * candidates. A built-in layout's context is kept.
 */
static void test_context_of_a_rebuilt_layout(void **state)
{
    (void)state;
    static sudoku_layout mine;
    static cg_ctx cx;
    static const sudoku_layout_desc wide = { "6x6", 6, 2, 3 }, tall = { "6x6", 6, 3, 2 };
    sudoku_grid g;
    assert_true(sudoku_layout_build(&mine, &wide));
    empty_grid(&g, &mine);
    cg_ctx_clear(&cx);
    cg_ctx_init(&cx, &g);
    int r1c3 = 2; /* box 1 of the wide boxes, box 2 of the tall ones */
    assert_int_equal(cx.unit[r1c3][0], mine.cell_unit[r1c3][SUDOKU_BOX]);
    assert_true(sudoku_layout_build(&mine, &tall));
    empty_grid(&g, &mine);
    assert_false(cg_ctx_matches(&cx, &g));
    cg_ctx_init(&cx, &g);
    assert_int_equal(cx.unit[r1c3][0], mine.cell_unit[r1c3][SUDOKU_BOX]);
    empty_grid(&g, sudoku_layout_9x9());
    cg_ctx_init(&cx, &g);
    assert_true(cg_ctx_matches(&cx, &g));
}

/* ------------------------------------------------------------ length bonus */

static void test_length_bonus(void **state)
{
    (void)state;
    /* length = complexity - 2 must pass 4, 6, 8, 12, 16, 24, ... for each 0.1 */
    static const struct {
        int complexity;
        int tenths;
    } cases[] = { { 4, 0 }, { 6, 0 }, { 7, 1 }, { 8, 1 }, { 9, 2 }, { 10, 2 }, { 11, 3 }, { 14, 3 },
                  { 15, 4 }, { 18, 4 }, { 19, 5 }, { 26, 5 }, { 27, 6 }, { 34, 6 }, { 35, 7 }, { 50, 7 },
                  { 51, 8 }, { 66, 8 }, { 67, 9 }, { 98, 9 }, { 99, 10 }, { 130, 10 }, { 131, 11 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double b = cg_length_bonus(cases[i].complexity);
        if ((int)(b * 10 + 0.5) != cases[i].tenths)
            fail_msg("complexity %d: bonus %.2f, expected %d tenths", cases[i].complexity, b, cases[i].tenths);
    }
    /* As SE adds it, in doubles: 6.6 + 0.1 rounds to 6.7, 8.5 + 1.1 to 9.6 */
    assert_true(6.6 + cg_length_bonus(7) > 6.6);
    assert_true(cg_length_bonus(8) == 0.1);
}

/* ------------------------------------------------------------ crafted, static */

/*
 * A kite of digit 1: row 1 holds 1 only in c2 and c7, column 1 only in r2
 * and r8; r1c2 and r2c1 share box 1. If r8c7 were 1: r8c1 is not, so r2c1
 * is (column 1), so r1c2 is not (box 1), so r1c7 is (row 1), which sees
 * r8c7 - a contradiction in 6 nodes: SE's "Turbot Fish", 6.6, r8c7<>1.
 * Everything else keeps every candidate, so nothing else links.
 */
static void test_turbot_fish_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_9x9());
    restrict_digit(&g, 1,
                   ".x....x.."
                   "xxxxxxxxx"
                   ".xxxxxxxx"
                   ".xxxxxxxx"
                   ".xxxxxxxx"
                   ".xxxxxxxx"
                   ".xxxxxxxx"
                   "xxxxxxxxx"
                   ".xxxxxxxx");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_name(&s, "Turbot Fish", 66);
    assert_eliminations(&g, &s, "r8c7-1");
    assert_int_equal(s.place_cell, -1);
    assert_true(s.nlinks >= 5);
}

/* The same kite on the brick-wall: row 1 {c2, c6}, column 1 {r2, r7}, box 1
 * (r1-2, c1-4) joins r1c2 and r2c1, so r7c6 sees both ends. */
static void test_turbot_fish_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_8x8());
    restrict_digit(&g, 1,
                   ".x...x.."
                   "xxxxxxxx"
                   ".xxxxxxx"
                   ".xxxxxxx"
                   ".xxxxxxx"
                   ".xxxxxxx"
                   "xxxxxxxx"
                   ".xxxxxxx");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_name(&s, "Turbot Fish", 66);
    assert_eliminations(&g, &s, "r7c6-1");
}

/*
 * Rows 1 and 5 hold 1 only in c1 and c5: the X-cycle r1c1=1 - r5c1 (column)
 * = r5c5 (row 5) - r1c5 (column) = r1c1 (row 1), 4 nodes on 4 cells: SE's
 * "Generalized X-Wing" at 6.5; the rest of columns 1 and 5 loses 1.
 */
static void test_x_cycle_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_9x9());
    restrict_digit(&g, 1,
                   "x...x...."
                   "xxxxxxxxx"
                   "xxxxxxxxx"
                   "xxxxxxxxx"
                   "x...x...."
                   "xxxxxxxxx"
                   "xxxxxxxxx"
                   "xxxxxxxxx"
                   "xxxxxxxxx");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_name(&s, "Generalized X-Wing", 65);
    assert_eliminations(&g, &s,
                        "r2c1-1 r3c1-1 r4c1-1 r6c1-1 r7c1-1 r8c1-1 r9c1-1 "
                        "r2c5-1 r3c5-1 r4c5-1 r6c5-1 r7c5-1 r8c5-1 r9c5-1");
}

/* The same on 8x8 with rows 1 and 5, columns 2 and 7. */
static void test_x_cycle_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_8x8());
    restrict_digit(&g, 1,
                   ".x....x."
                   "xxxxxxxx"
                   "xxxxxxxx"
                   "xxxxxxxx"
                   ".x....x."
                   "xxxxxxxx"
                   "xxxxxxxx"
                   "xxxxxxxx");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_name(&s, "Generalized X-Wing", 65);
    assert_eliminations(&g, &s,
                        "r2c2-1 r3c2-1 r4c2-1 r6c2-1 r7c2-1 r8c2-1 "
                        "r2c7-1 r3c7-1 r4c7-1 r6c7-1 r7c7-1 r8c7-1");
}

/*
 * Four bivalue cells in a loop: r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1
 * {1,4}. r1c1=1 - r5c1<>1 (column 1) -> r5c1=4 - r5c5<>4 (row 5) -> r5c5=3
 * - r1c5<>3 (column 5) -> r1c5=2 - r1c1<>2 (row 1) -> r1c1=1: a Y-cycle of
 * 8 nodes (6.5 + 0.1). Each side's digit goes from the rest of its unit:
 * 2 from row 1, 3 from column 5, 4 from row 5, 1 from column 1.
 */
static void y_cycle(const sudoku_layout *l, int far)
{
    sudoku_grid g;
    sudoku_step s;
    char want[1024] = "";
    empty_grid(&g, l);
    keep(&g, 1, 1, "12");
    keep(&g, 1, far, "23");
    keep(&g, far, far, "34");
    keep(&g, far, 1, "14");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_name(&s, "Bidirectional Y-Cycle", 66);
    for (int i = 1; i <= l->n; i++) {
        char add[96];
        if (i == 1 || i == far)
            continue;
        snprintf(add, sizeof add, "r1c%d-2 r%dc%d-3 r%dc%d-4 r%dc1-1 ", i, i, far, far, i, i);
        strcat(want, add);
    }
    assert_eliminations(&g, &s, want);
}

static void test_y_cycle_9x9(void **state)
{
    (void)state;
    y_cycle(sudoku_layout_9x9(), 5);
}

static void test_y_cycle_8x8(void **state)
{
    (void)state;
    y_cycle(sudoku_layout_8x8(), 5);
}

/*
 * Nothing links on an empty grid, and a cell forcing chain needs a cell of
 * three candidates each forcing the same thing: none of the finders may
 * invent a step there.
 */
static void test_nothing_on_empty_grid(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_8x8());
    assert_false(run_finder(find_forcing_chain, &g, &s));
    assert_false(run_finder(find_nishio_chain, &g, &s));
    assert_false(run_finder(find_multiple_chain, &g, &s));
    assert_false(run_finder(find_dynamic_chain, &g, &s));
}

/*
 * Multiple forcing chains on the brick-wall: r1c1 {1,2,3}, r1c2 {1,4},
 * r1c3 {2,4}, r1c4 {3,4}. Row 1's first box half holds only 1-4, so 5 in
 * row 1 must go in r1c5..r1c8, all in box 2 (rows 1-2, columns 5-8): each
 * of the four places removes 5 from r2c5 in one link, a region forcing
 * chain of 4 x 2 nodes, 8.0 + 0.1 (length 6 > 4). It beats the cell forcing
 * chain on r1c1 (r1c1=1 -> r1c2<>1 -> r1c2=4 -> 4 gone from the row: 3 x 4
 * nodes, 8.3), and r2c5 is its first common OFF node in SE's order (r1c5's
 * own run removes 5 from box 2 first, r1c6..r1c8 being ON in their runs).
 */
static void test_region_forcing_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    empty_grid(&g, sudoku_layout_8x8());
    keep(&g, 1, 1, "123");
    keep(&g, 1, 2, "14");
    keep(&g, 1, 3, "24");
    keep(&g, 1, 4, "34");
    assert_true(run_finder(find_multiple_chain, &g, &s));
    assert_name(&s, "Region Forcing Chains", 81);
    assert_eliminations(&g, &s, "r2c5-5");
    assert_int_equal(s.place_cell, -1);
}

/* ------------------------------------------------------------ SE's own steps */

typedef struct se_step {
    const char *puzzle;
    int step;            /* 1-based, in SE's path; 0: the puzzle is SE's position (pencil marks) */
    finder_fn find;
    const char *name;
    int rating;
    const char *elims;
} se_step;

typedef struct stop_at {
    int count, stop;
    sudoku_grid grid;
} stop_at;

static bool stop_before(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    (void)step;
    stop_at *s = ctx;
    if (++s->count < s->stop)
        return true;
    s->grid = *before;
    return false;
}

static void check_se_step(const se_step *t)
{
    sudoku_grid g;
    sudoku_step s;
    grid_from_text(t->puzzle, &g);
    stop_at st = { 0, t->step, g };
    if (t->step > 0) {
        sudoku_grid work = g;
        sudoku_path path;
        sudoku_logic_run(&work, SUDOKU_ORDER_RATING, &path, stop_before, &st);
        assert_int_equal(st.count, t->step);
    }
    assert_true(run_finder(t->find, &st.grid, &s));
    if (strcmp(s.name, t->name) != 0 || s.rating != t->rating)
        fail_msg("%s step %d: %s %d, SE %s %d", t->puzzle, t->step, s.name, s.rating, t->name, t->rating);
    assert_eliminations(&st.grid, &s, t->elims);
}

/* ------------------------------------------------------------ cycle pre-check */

/*
 * cg_cycle_can_remove() lets the hint search skip a start whose cycles
 * could remove nothing; it keeps its answer per component of a graph for
 * one grid, and the graphs serve several grids. At every step of a few
 * solving paths, for each kind of cycle and each candidate it turns down,
 * a search without a limit must find no cycle that removes anything.
 */
typedef struct precheck_count {
    int skipped, kept;
} precheck_count;

/* Whether a cycle of the kinds (y: cell links, x: unit links) from
 * candidate p, of at most 'limit' nodes, removes something. */
static bool cycle_removes(const cg_ctx *cx, cg_cycles *cy, int p, bool y, bool x, int limit)
{
    cg_run_cycles(cx, cy, p, y, x, limit);
    for (int k = 0; k < cy->ncycles; k++) {
        sudoku_mask removable[SUDOKU_MAX_CELLS];
        int ncells;
        if (cg_cycle_pattern(cx, cy, k, p, removable, &ncells))
            return true;
    }
    return false;
}

static bool precheck_step(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    (void)step;
    static cg_ctx cx;
    static cg_cycles cy;
    static const bool kinds[3][2] = { { false, true }, { true, false }, { true, true } }; /* y, x */
    precheck_count *count = ctx;
    const sudoku_grid *g = before;
    int n = g->layout->n;
    cg_ctx_clear(&cx);
    cg_ctx_init(&cx, g);
    for (int m = 0; m < 3; m++) {
        bool y = kinds[m][0], x = kinds[m][1];
        for (int c = 0; c < g->layout->ncells; c++) {
            if (g->digit[c])
                continue;
            for (int d = 1; d <= n; d++) {
                if (!(g->cand[c] & sudoku_bit(d)))
                    continue;
                int p = c * n + d - 1;
                const cg_reach *rc = y ? cg_reach_for(&cx, y, x, true) : cg_reach_digit(&cx, d);
                if (!rc || !cg_on_cycle(rc, cg_node(p, true)))
                    continue;
                if (cg_cycle_can_remove(&cx, rc, p)) {
                    count->kept++;
                    continue;
                }
                count->skipped++;
                if (cycle_removes(&cx, &cy, p, y, x, 1 << 20))
                    fail_msg("kind %d: a cycle from candidate %d removes something", m, p);
            }
        }
    }
    return true;
}

/* Puzzles whose rating paths take cycles, the last one 8x8; the walk
 * runs the first 'count' of them in rating order, each step to on_step. */
static const char *const cycle_puzzles[] = {
    ".......594..2...8.78..3.....3..1.89...7..8..18..........5..2.4.6...43..5...6...27",
    ".2......4..6...712..9.1463..31.............6....9513......4.28......2...56..93..7",
    ".................1..2..3.4.............15...6.43..7..........3815.6.....6......7.",
    "..62.5....5....4....3..15...7............3.8..47.1...2.3..4.....",
};

static void walk_cycle_puzzles(size_t count, sudoku_step_fn on_step, void *ctx)
{
    for (size_t i = 0; i < count; i++) {
        sudoku_grid g;
        sudoku_path path;
        grid_from_text(cycle_puzzles[i], &g);
        sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &path, on_step, ctx);
    }
}

static void test_cycle_precheck(void **state)
{
    (void)state;
    precheck_count count = { 0, 0 };
    walk_cycle_puzzles(3, precheck_step, &count);
    assert_true(count.skipped > 0); /* the test tests something */
    assert_true(count.kept > 0);
}

/* ------------------------------------------------------------ forcing lengths */

/*
 * cg_forcing_length() finds the length of the shortest forcing chain from
 * a node to its opposite by a search from both of its ends, among the
 * nodes that the reach sets show on some such path alone; cg_run_forcing()
 * leaves the others out of its run too. On the grids of walks like those
 * below (candidates gone at random from a few puzzles of both layouts),
 * for every candidate, both states, both kinds of links and a few depth
 * limits, both must give the length of a plain search, wave by wave
 * through every static link of the context, and the chain the run shows
 * must have that many links; and cg_digit_reaches() must say whether
 * there is one with unit links.
 */
static int shortest_chain(const cg_ctx *cx, int p0, bool on0, bool y)
{
    static int16_t dist[CG_NODES];
    static uint16_t queue[CG_NODES];
    for (int i = 0; i < CG_NODES; i++)
        dist[i] = -1;
    int head = 0, tail = 0;
    dist[cg_node(p0, on0)] = 0;
    queue[tail++] = (uint16_t)cg_node(p0, on0);
    while (head < tail) {
        int id = queue[head++], p = id >> 1, to[SUDOKU_MAX_PEERS + SUDOKU_MAX_N], k = 0;
        if (id & 1) { /* ON: the cell's other candidates (y), then the digit's peers */
            for (int i = y ? 0 : cx->on_cell[p]; i < cx->on_n[p]; i++)
                to[k++] = cg_node(cx->on_adj[p][i], false);
        } else { /* OFF: the cell's last candidate (y), the units' last places */
            for (int i = 0; i < cx->off_n[p]; i++)
                if (!((cx->off_cell[p] >> i) & 1) || y)
                    to[k++] = cg_node(cx->off_adj[p][i], true);
        }
        for (int i = 0; i < k; i++) {
            if (to[i] == cg_node(p0, !on0))
                return dist[id] + 1;
            if (dist[to[i]] < 0) {
                dist[to[i]] = (int16_t)(dist[id] + 1);
                queue[tail++] = (uint16_t)to[i];
            }
        }
    }
    return -1;
}

static void test_forcing_lengths(void **state)
{
    (void)state;
    static const char *const puzzles[] = {
        ".......594..2...8.78..3.....3..1.89...7..8..18..........5..2.4.6...43..5...6...27",
        "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.",
        "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
        "..62.5....5....4....3..15...7............3.8..47.1...2.3..4.....",
        "31....42...4.3....3..8....2.4..5........4567.......1.2.6.2..7...",
    };
    static const int limits[] = { 1 << 20, 9, 6, 3 };
    cg_ctx *cx = malloc(sizeof *cx);
    cg_run *r = malloc(sizeof *r);
    assert_non_null(cx);
    assert_non_null(r);
    cg_ctx_clear(cx);
    int found = 0, cut = 0;
    for (size_t i = 0; i < 2 * sizeof puzzles / sizeof puzzles[0]; i++) {
        sudoku_grid g;
        grid_from_text(puzzles[i % (sizeof puzzles / sizeof puzzles[0])], &g);
        uint32_t seed = 777u + (uint32_t)i;
        for (int step = 0; step < 12; step++) {
            int n = g.layout->n;
            for (int gone = 0, tries = 0; gone < 3 && tries < 1000; tries++) {
                seed = seed * 1103515245u + 12345u;
                int c = (int)((seed >> 8) % (unsigned)g.layout->ncells), d = 1 + (int)((seed >> 20) % (unsigned)n);
                if (!g.digit[c] && (g.cand[c] & sudoku_bit(d)) && mask_count(g.cand[c]) > 1) {
                    sudoku_grid_eliminate(&g, c, d);
                    gone++;
                }
            }
            cg_ctx_init(cx, &g);
            for (int p = 0; p < g.layout->ncells * n; p++) {
                if (g.digit[p / n] || !(g.cand[p / n] & sudoku_bit(p % n + 1)))
                    continue;
                for (int y = 0; y < 2; y++)
                    for (int on = 0; on < 2; on++) {
                        int depth = shortest_chain(cx, p, on, y);
                        if (!y) /* the reach test of the digit's graph (without the candidates with no strong link) */
                            assert_int_equal(cg_digit_reaches(cx, cg_reach_digit(cx, p % n + 1), p, on), depth >= 0);
                        if (cg_run_forcing(cx, r, p, on, y, 1 << 20)) {
                            int links = 0;
                            for (int id = CG_VIRTUAL; r->par_n[id]; id = r->arena[r->par_at[id]])
                                links++;
                            assert_int_equal(r->depth[CG_VIRTUAL], depth);
                            assert_int_equal(links, depth);
                        } else {
                            assert_int_equal(depth, -1);
                        }
                        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
                            int want = depth <= limits[k] ? depth : -1;
                            int got = cg_forcing_length(cx, p, on, y, limits[k]);
                            if (got != want)
                                fail_msg("puzzle %zu, grid %d, candidate %d %s (%s links), limit %d: length %d, the run's %d",
                                         i, step, p, on ? "ON" : "OFF", y ? "both" : "unit", limits[k], got, want);
                            found += k == 0 && got >= 0;
                            cut += depth >= 0 && want < 0;
                        }
                    }
            }
        }
    }
    assert_true(found > 100 && cut > 100); /* the test tests something */
    free(r);
    free(cx);
}

static unsigned run_rand(unsigned k);
static void sparse_grid(sudoku_grid *g, const sudoku_layout *l, unsigned spread);

/* A check of one grid, counting the starts a precheck turned down and kept. */
typedef void grid_check(const sudoku_grid *g, precheck_count *count);

typedef struct check_walk {
    grid_check *check;
    precheck_count *count;
} check_walk;

static bool check_before_step(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    (void)step;
    const check_walk *w = ctx;
    w->check(before, w->count);
    return true;
}

/* check on every grid of the cycle puzzles' solving paths, then on
 * 'rounds' random grids of 2-3 candidates a cell (many bivalue cells, as
 * the cycle searches meet), the layouts in turn. */
static void walk_and_sparse_grids(grid_check *check, int rounds, precheck_count *count)
{
    check_walk w = { check, count };
    walk_cycle_puzzles(sizeof cycle_puzzles / sizeof cycle_puzzles[0], check_before_step, &w);
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    for (int round = 0; round < rounds; round++) {
        sudoku_grid g;
        sparse_grid(&g, layouts[round % 2], 2);
        check(&g, count);
    }
}

/*
 * cg_cycle_ball_can_remove() lets the hint search skip a start whose cycles
 * within the length limit could remove nothing. On random grids of both
 * layouts and at every step of the solving paths above, for each kind of
 * cycle, each candidate and limits of 4 to 13 nodes: when it says no, a
 * search within that limit must find no cycle that removes anything.
 */
static void ball_check(const sudoku_grid *g, precheck_count *count)
{
    static cg_ctx cx;
    static cg_cycles cy;
    static const bool kinds[3][2] = { { false, true }, { true, false }, { true, true } }; /* y, x */
    int n = g->layout->n;
    cg_ctx_clear(&cx);
    cg_ctx_init(&cx, g);
    for (int m = 0; m < 3; m++) {
        bool y = kinds[m][0], x = kinds[m][1];
        for (int c = 0; c < g->layout->ncells; c++) {
            if (g->digit[c])
                continue;
            for (int d = 1; d <= n; d++) {
                if (!(g->cand[c] & sudoku_bit(d)))
                    continue;
                int p = c * n + d - 1, limit = 4 + (int)run_rand(10);
                const cg_reach *rc = y ? cg_reach_for(&cx, y, x, true) : cg_reach_digit(&cx, d);
                if (!rc || !cg_on_cycle(rc, cg_node(p, true)) || !cg_cycle_can_remove(&cx, rc, p))
                    continue;
                if (cg_cycle_ball_can_remove(&cx, rc, p, limit)) {
                    count->kept++;
                    continue;
                }
                count->skipped++;
                if (cycle_removes(&cx, &cy, p, y, x, limit))
                    fail_msg("kind %d: a cycle from candidate %d within %d removes something", m, p, limit);
            }
        }
    }
}

static void test_cycle_ball(void **state)
{
    (void)state;
    precheck_count count = { 0, 0 };
    walk_and_sparse_grids(ball_check, 40, &count);
    assert_true(count.skipped > 100); /* the test tests something */
    assert_true(count.kept > 100);
}

/*
 * The hint search skips the Y kind, its graph unmade, when the graph with
 * both kinds of links says that no cycle through any bivalue cell's
 * candidate could remove anything (chains.c, y_cycle_possible()): a
 * Y-cycle is an XY-cycle too. On random grids of both layouts and at every
 * step of the solving paths above, for each bivalue cell's candidate that
 * graph turns down, a Y-cycle search without a limit must find no cycle
 * that removes anything.
 */
static void y_from_xy_check(const sudoku_grid *g, precheck_count *count)
{
    static cg_ctx cx;
    static cg_cycles cy;
    int n = g->layout->n;
    cg_ctx_clear(&cx);
    cg_ctx_init(&cx, g);
    for (int c = 0; c < g->layout->ncells; c++) {
        if (g->digit[c] || mask_count(g->cand[c]) != 2)
            continue;
        for (int d = 1; d <= n; d++) {
            if (!(g->cand[c] & sudoku_bit(d)))
                continue;
            int p = c * n + d - 1;
            const cg_reach *rc = cg_reach_for(&cx, true, true, true);
            assert_non_null(rc);
            if (cg_on_cycle(rc, cg_node(p, true)) && cg_cycle_can_remove(&cx, rc, p)) {
                count->kept++;
                continue;
            }
            count->skipped++;
            if (cycle_removes(&cx, &cy, p, true, false, 1 << 20))
                fail_msg("a Y-cycle from candidate %d removes something", p);
        }
    }
}

static void test_y_cycles_from_xy_graph(void **state)
{
    (void)state;
    precheck_count count = { 0, 0 };
    walk_and_sparse_grids(y_from_xy_check, 60, &count);
    assert_true(count.skipped > 100); /* the test tests something */
    assert_true(count.kept > 100);
}

/*
 * With a limit of 6 or 7 nodes the hint search skips the Y kind when the
 * bivalue cells hold no pair of peers with the same candidates and no
 * triangle that would remove something (cg_y_short_cycle_possible()).
 * On random grids of both layouts (many bivalue cells: pairs and
 * triangles, with and without removals) and at every step of the solving
 * paths above: when it says no, a Y-cycle search of 7 nodes at most from
 * every candidate finds no cycle that removes anything; and, to show the
 * test sees something, it says yes on some grids.
 */
static void y_short_check(const sudoku_grid *g, precheck_count *count)
{
    static cg_ctx cx;
    static cg_cycles cy;
    int n = g->layout->n;
    cg_ctx_clear(&cx);
    cg_ctx_init(&cx, g);
    bool may = cg_y_short_cycle_possible(&cx), removes = false;
    for (int c = 0; c < g->layout->ncells; c++) {
        if (g->digit[c] || mask_count(g->cand[c]) != 2)
            continue;
        for (int d = 1; d <= n; d++) {
            if (!(g->cand[c] & sudoku_bit(d)))
                continue;
            int p = c * n + d - 1;
            removes |= cycle_removes(&cx, &cy, p, true, false, 7);
        }
    }
    if (removes && !may)
        fail_msg("a Y-cycle of 7 nodes at most removes something, and the bivalue cells say none");
    if (may)
        count->kept++;
    else
        count->skipped++;
}

static void test_y_short_cycles(void **state)
{
    (void)state;
    precheck_count count = { 0, 0 };
    walk_and_sparse_grids(y_short_check, 400, &count);
    assert_true(count.skipped > 50); /* the test tests something */
    assert_true(count.kept > 50);
}

/* ------------------------------------------------------------ reach graph updates */

/*
 * The graph with both kinds of links is updated from the grid before's
 * when a few candidates without strong links went (reach_update()): its
 * links in order, components, reach rows and what cg_cycle_can_remove()
 * says must be those of the graph made anew, as node ids (the numbers
 * differ). A hash of them, for every candidate of the grid.
 */
static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

static uint64_t graph_hash(cg_ctx *cx, const sudoku_grid *g)
{
    const cg_reach *rc = cg_reach_for(cx, true, true, true);
    assert_non_null(rc);
    int n = g->layout->n, ids[CG_NODES], nids = 0;
    for (int p = 0; p < g->layout->ncells * n; p++) {
        bool here = !g->digit[p / n] && (g->cand[p / n] & sudoku_bit(p % n + 1));
        for (int on = 0; on < 2; on++) {
            int a = rc->index[cg_node(p, on)];
            if (!here) {
                assert_true(a < 0);
                continue;
            }
            assert_true(a >= 0);
            ids[nids++] = cg_node(p, on);
        }
    }
    /* The graph with cell links alone and the digits' (lean) have the
     * nodes of the bivalue cells' candidates / of those with a unit link
     * alone: every other entry of their index -1, whatever they had before. */
    const cg_reach *y = cg_reach_for(cx, true, false, false);
    assert_non_null(y);
    for (int p = 0; p < g->layout->ncells * n; p++) {
        bool here = !g->digit[p / n] && (g->cand[p / n] & sudoku_bit(p % n + 1));
        for (int on = 0; on < 2; on++)
            assert_int_equal(y->index[cg_node(p, on)] >= 0, here && mask_count(g->cand[p / n]) == 2);
    }
    for (int d = 1; d <= n; d++) {
        const cg_reach *x = cg_reach_digit(cx, d);
        assert_non_null(x);
        for (int p = 0; p < g->layout->ncells * n; p++) {
            bool here = !g->digit[p / n] && (g->cand[p / n] & sudoku_bit(p % n + 1));
            for (int on = 0; on < 2; on++)
                assert_int_equal(x->index[cg_node(p, on)] >= 0, here && p % n + 1 == d && cx->in_unit_link[p]);
        }
    }
    int16_t label[CG_NODES]; /* per component: its first node id */
    for (int i = 0; i < nids; i++)
        label[rc->comp[rc->index[ids[i]]]] = -1;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < nids; i++) {
        int id = ids[i], a = rc->index[id], k = rc->comp[a];
        if (label[k] < 0)
            label[k] = (int16_t)id;
        h = mix(h, (uint64_t)id);
        h = mix(h, (uint64_t)label[k]);
        h = mix(h, (uint64_t)rc->comp_size[k]);
        h = mix(h, (uint64_t)rc->nlink[a] << 8 | rc->nlive[a]);
        for (int j = 0; j < rc->nlink[a]; j++)
            h = mix(h, rc->node[cg_links(rc, a)[j]]);
        if (rc->comp_size[k] > 1) { /* its members: the nodes of the component */
            for (int j = rc->comp_first[k]; j < rc->comp_first[k] + rc->comp_size[k]; j++)
                assert_int_equal(rc->comp[rc->member[j]], k);
            if (id & 1)
                h = mix(h, cg_cycle_can_remove(cx, rc, id >> 1));
        }
        int reached = 0, bits = 0; /* the row has the graph's nodes alone */
        for (int j = 0; j < nids; j++)
            if (cg_reaches(rc, id, ids[j])) {
                h = mix(h, (uint64_t)ids[j]);
                reached++;
            }
        for (int w = 0; w < rc->words; w++)
            for (uint64_t m = cg_reach_row(rc, k)[w]; m; m &= m - 1)
                bits++;
        assert_int_equal(bits, reached);
    }
    return h;
}

static const char *const walk_puzzles[] = {
    ".......594..2...8.78..3.....3..1.89...7..8..18..........5..2.4.6...43..5...6...27",
    ".2......4..6...712..9.1463..31.............6....9513......4.28......2...56..93..7",
    ".................1..2..3.4.............15...6.43..7..........3815.6.....6......7.",
    "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.",
    "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
    /* 8x8 brick-wall (boxes 2x4): the walks of both layouts alternate in
     * the thread, whose graph is then of the other layout's grid */
    "..62.5....5....4....3..15...7............3.8..47.1...2.3..4.....",
    "31....42...4.3....3..8....2.4..5........4567.......1.2.6.2..7...",
};
enum { WALK_PUZZLES = sizeof walk_puzzles / sizeof walk_puzzles[0], WALKS = 4 * WALK_PUZZLES, WALK = 150 };

/* A walk of grids per puzzle, each from the one before with one to three
 * candidates gone (at random, a cell keeping one at least): the hashes
 * of their graphs, updated (when they can be) or made anew. */
typedef struct walk {
    bool updates;
    uint64_t hash[WALKS][WALK];
} walk;

/* Strikes 1 to 3 candidates of g at random (never a cell's last), as a
 * walk's step: the grid only loses candidates. */
static void strike_some(sudoku_grid *g, uint32_t *seed)
{
    int gone = 1 + (int)((*seed >> 16) % 3), n = g->layout->n;
    for (int tries = 0; gone > 0 && tries < 1000; tries++) {
        *seed = *seed * 1103515245u + 12345u;
        int c = (int)((*seed >> 8) % (unsigned)g->layout->ncells), d = 1 + (int)((*seed >> 20) % (unsigned)n);
        if (!g->digit[c] && (g->cand[c] & sudoku_bit(d)) && mask_count(g->cand[c]) > 1) {
            sudoku_grid_eliminate(g, c, d);
            gone--;
        }
    }
}

static int walk_run(void *arg)
{
    walk *wk = arg;
    cg_ctx *cx = malloc(sizeof *cx); /* large: not on a thread's stack */
    assert_non_null(cx);
    cg_ctx_clear(cx);
    cg_reach_set_updates(wk->updates);
    for (int i = 0; i < WALKS; i++) { /* a few from each puzzle */
        sudoku_grid g;
        grid_from_text(walk_puzzles[i % WALK_PUZZLES], &g);
        uint32_t seed = 12345u + (uint32_t)i;
        for (int step = 0; step < WALK; step++) {
            strike_some(&g, &seed);
            cg_ctx_clear(cx);
            cg_ctx_init(cx, &g);
            wk->hash[i][step] = graph_hash(cx, &g);
        }
    }
    free(cx);
    return 0;
}

static void test_reach_updates(void **state)
{
    (void)state;
    static walk with, anew;
    long before = cg_reach_set_updates(true);
    with.updates = true;
    walk_run(&with);
    long made = cg_reach_set_updates(true) - before;
    assert_true(made > 100); /* the test tests something */
    /* anew in a thread of its own: no graph of the walk above is kept there */
    thrd_t t;
    anew.updates = false;
    assert_int_equal(thrd_create(&t, walk_run, &anew), thrd_success);
    assert_int_equal(thrd_join(t, NULL), thrd_success);
    cg_reach_set_updates(true);
    for (int i = 0; i < WALKS; i++)
        for (int step = 0; step < WALK; step++)
            if (with.hash[i][step] != anew.hash[i][step])
                fail_msg("walk %d, grid %d: the graph updated is not the one made anew", i, step);
}

/*
 * The dynamic forcing chains' search takes from the search before the
 * runs that the candidates lost since cannot change (chains.c, dyn_lost()),
 * or change only by losing their OFF nodes (dyn_reuse(), group_same()).
 * Along walks of grids of both layouts, each from the one before by the
 * step found (as a rating goes on) or by one to three candidates gone at
 * random, every run taken must be the run made anew (nodes, order,
 * depths, contradiction, parents: chains.c checks each one when asked),
 * or for a run cut at a stop depth, the start of the full run that holds
 * the run made anew at that stop; and the step the one found with every
 * run made anew.
 */
static void same_step(const sudoku_step *a, const sudoku_step *b, int walk, int at)
{
    if (strcmp(a->name, b->name) != 0 || a->rating != b->rating || a->difficulty != b->difficulty ||
        a->nelim != b->nelim || memcmp(a->elim, b->elim, sizeof a->elim) != 0 || a->nlinks != b->nlinks ||
        memcmp(a->links, b->links, (size_t)a->nlinks * sizeof a->links[0]) != 0)
        fail_msg("walk %d, grid %d: %s (%d) with runs taken, %s (%d) with runs made anew", walk, at, a->name,
                 a->rating, b->name, b->rating);
}

/* Walks as above with finder find (check on); the runs taken, and in
 * *differ how many of them were not the run made anew. With loose (a rule
 * known wrong) the steps may differ: only the runs are compared. */
static long runs_taken_walks(finder_fn find, bool loose, long *differ)
{
    static sudoku_step taken, anew;
    long differ0, differ1;
    long before = cg_dyn_set_reuse(true, true, &differ0);
    int found = 0;
    cg_dyn_set_loose(loose);
    for (int i = 0; i < 2 * WALK_PUZZLES; i++) {
        sudoku_grid g;
        grid_from_text(walk_puzzles[i % WALK_PUZZLES], &g);
        uint32_t seed = 777u + (uint32_t)i;
        for (int at = 0; at < 12; at++) {
            memset(&taken, 0, sizeof taken);
            memset(&anew, 0, sizeof anew);
            cg_dyn_set_reuse(false, false, NULL);
            bool b = run_finder(find, &g, &anew);
            cg_dyn_set_reuse(true, true, NULL);
            bool a = run_finder(find, &g, &taken);
            if (!loose) {
                assert_int_equal(a, b);
                if (a)
                    same_step(&taken, &anew, i, at);
            }
            found += a;
            seed = seed * 1103515245u + 12345u;
            if (a && (seed >> 16) % 2) {
                sudoku_apply_step(&g, &taken);
                continue;
            }
            strike_some(&g, &seed);
        }
    }
    cg_dyn_set_loose(false);
    long taken_runs = cg_dyn_set_reuse(true, false, &differ1) - before;
    assert_true(found > 50); /* the test tests something */
    *differ = differ1 - differ0;
    return taken_runs;
}

static void test_dynamic_runs_taken(void **state)
{
    (void)state;
    long dropped = cg_dyn_dropped(), longer = cg_dyn_longer();
    long differ, taken = runs_taken_walks(find_dynamic_chain, false, &differ);
    assert_true(taken > 1000);
    assert_true(cg_dyn_dropped() - dropped > 100); /* runs taken without lost OFF nodes are checked too */
    assert_true(cg_dyn_longer() - longer > 40); /* and runs cut at a stop, taken longer than made anew */
    if (differ)
        fail_msg("%ld of %ld runs taken from the search before differ from the run made anew", differ, taken);
}

/* A rule known wrong (a run taken whenever no lost candidate is one of
 * its nodes, whatever the cells and units that lost some) must be seen by
 * the check above: the walks do test the rule. */
static void test_loose_rule_seen(void **state)
{
    (void)state;
    long differ;
    long taken = runs_taken_walks(find_dynamic_chain, true, &differ);
    if (differ == 0)
        fail_msg("none of %ld runs taken by a wrong rule differs from the run made anew", taken);
}

/* puzzles/forum.txt line 5 (SE's ER 11.5): SE's pencil marks after its step 2, where step 3 is of level 4. */
static const char forum5_marks[] =
    "1.3.5...9.2.......1.3.5...9...4.........567..1.3..67..1.3..67.........8.....567.9"
    "...4.....1.3.5..........7..1.3.5..8..2..56.8.........9123..6...123.5.....2..56..."
    ".....6...1.3.5...9.......8.123.5.....2..5.7..123...7..1234..7..1.3.5.7.9.2.45.7.9"
    ".2.......1.3.5.7891.3.5...9.....6.........789..3...78.1.....78....4.........5.78."
    "1.3...78.1.3...78.1.3..6....23....8....4.........5............912....7...2...678."
    "....5.789...45.789...456..9.2.....891.........2....78..2...678..2..5.7....3......"
    "1.3.5..891.345..89.2.............7......5..891..4...8...34...8......6......4...89"
    "..3.5.789..345.789..345...9.2..5..89.2..56.89.2.4.6.8..234..78..23...7.91........"
    "1.....789.....6...1..4....912.....89..3......12.4...8.....5.....2....7.9.2.4..789";

/*
 * Level 4 ends a run once its nested steps can add no node of a hint that
 * beats the best so far (chain_nested.c, cg_nested_multiple()): a bound on
 * what later nested steps may find, not obvious. At the grids of a forum
 * puzzle's first steps where level 4 finds the step, and at another, the
 * search must find the same step with the cut and without; and a cut
 * known wrong (after any nested step, once a hint is found) must be seen
 * to change some step.
 */
static void test_nested_cut(void **state)
{
    (void)state;
    /* puzzles6_forum_hardest_1106.txt line 114: steps 6 and 7 are level 4 */
    static const char *walk = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";
    static sudoku_grid grids[3];
    int ngrids = 0;
    sudoku_grid g;
    grid_from_text(walk, &g);
    for (int at = 0; at < 7; at++) {
        static sudoku_step s;
        assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
        if (s.technique == SUDOKU_NESTED_CHAIN_DFC)
            grids[ngrids++] = g;
        sudoku_apply_step(&g, &s);
    }
    assert_int_equal(ngrids, 2);
    grid_from_text(forum5_marks, &grids[ngrids++]);
    static sudoku_step with, without, wrong;
    long before = cg_nested_set_cut(true, false);
    bool seen_wrong = false;
    for (int i = 0; i < ngrids; i++) {
        cg_nested_set_cut(true, false);
        assert_true(run_finder(find_nested_chain_dfc, &grids[i], &with));
        long cut = cg_nested_set_cut(false, false);
        assert_true(cut > before); /* the test tests the cut */
        before = cut;
        assert_true(run_finder(find_nested_chain_dfc, &grids[i], &without));
        if (strcmp(with.name, without.name) != 0 || with.rating != without.rating ||
            with.difficulty != without.difficulty || with.nelim != without.nelim ||
            memcmp(with.elim, without.elim, sizeof with.elim) != 0 || with.nlinks != without.nlinks ||
            memcmp(with.links, without.links, (size_t)with.nlinks * sizeof with.links[0]) != 0)
            fail_msg("grid %d: %s (%d) with the cut, %s (%d) without", i, with.name, with.rating, without.name,
                     without.rating);
        cg_nested_set_cut(true, true);
        if (!run_finder(find_nested_chain_dfc, &grids[i], &wrong) || strcmp(wrong.name, with.name) != 0 ||
            wrong.rating != with.rating || memcmp(wrong.elim, with.elim, sizeof wrong.elim) != 0 ||
            wrong.nlinks != with.nlinks)
            seen_wrong = true;
        before = cg_nested_set_cut(true, false);
    }
    if (!seen_wrong)
        fail_msg("a cut known wrong changed none of %d steps", ngrids);
}

/*
 * The nested dynamic searches of level 4 (nesting limit 0) take from the
 * store of the dynamic search of level 0 the runs that their grid's
 * losses leave unchanged (chains.c, base_run()): no node lost, and no OFF
 * node where a group that lost candidates is left with few others. The
 * store is filled on a grid, and level 4 searches that grid or one with a
 * few candidates fewer (as the next step's would), along walks of both
 * layouts. Every run taken must be the run made anew on the nested grid
 * (nodes, order, depths, contradiction, the parents it keeps), and the
 * step the one found with no run taken; a rule known wrong (any run
 * without a lost node, whatever the groups) must be seen by the check.
 */
static long base_runs_walks(bool loose, long *differ, int *steps)
{
    static sudoku_step taken, anew;
    long differ0, differ1, before = cg_dyn_taken_from_base();
    cg_dyn_set_reuse(true, true, &differ0);
    *steps = 0;
    /* each check makes every run taken again: a puzzle of each layout but
     * in make check-full, and fewer grids where sanitized */
    int grids = tu_mode() == TU_SMOKE ? 2 : 4;
    for (int i = 0; i < WALK_PUZZLES; i += tu_mode() == TU_FULL ? 1 : WALK_PUZZLES - 2) {
        sudoku_grid g;
        grid_from_text(walk_puzzles[i], &g);
        uint32_t seed = 9090u + (uint32_t)i;
        for (int at = 0; at < grids; at++) {
            static sudoku_step s;
            cg_dyn_set_loose(loose); /* a store made by the rule it takes with */
            run_finder(find_dynamic_chain, &g, &s);
            if (at % 2)
                strike_some(&g, &seed);
            cg_dyn_set_reuse(true, true, NULL);
            cg_nested_forget(); /* each search makes its nested searches */
            bool a = run_finder(find_nested_chain_dfc, &g, &taken);
            if (!loose) {
                cg_dyn_set_reuse(false, false, NULL);
                cg_nested_forget();
                bool b = run_finder(find_nested_chain_dfc, &g, &anew);
                assert_int_equal(a, b);
                if (a)
                    same_step(&taken, &anew, i, at);
                cg_dyn_set_reuse(true, true, NULL);
            }
            *steps += a;
            if (a)
                sudoku_apply_step(&g, &taken);
            strike_some(&g, &seed);
        }
    }
    cg_dyn_set_loose(false);
    cg_dyn_set_reuse(true, false, &differ1);
    *differ = differ1 - differ0;
    return cg_dyn_taken_from_base() - before;
}

static void test_nested_runs_from_base(void **state)
{
    (void)state;
    long differ;
    int steps;
    long taken = base_runs_walks(false, &differ, &steps);
    print_message("runs taken from the store: %ld, %d steps found\n", taken, steps);
    assert_true(taken > 1000); /* the test tests something */
    assert_true(steps > 1);
    if (differ)
        fail_msg("%ld of %ld runs taken from the store differ from the run made anew", differ, taken);
    taken = base_runs_walks(true, &differ, &steps);
    if (differ == 0)
        fail_msg("none of %ld runs taken by a wrong rule differs from the run made anew", taken);
}

/* cx made for g as a dynamic search of level 0 makes it, runs not cut;
 * y_links: with cell links (the dynamic chains) or not (Nishio). */
static void dynamic_ctx(cg_ctx *cx, const sudoku_grid *g, bool y_links)
{
    cg_ctx_init(cx, g);
    cx->dynamic = true;
    cx->y_links = y_links;
    cx->level = 0;
    cx->nesting = NULL;
    cx->stop_depth = 1 << 30;
}

/*
 * The Nishio search makes no run from a place of a digit ON that some
 * template of the digit takes, nor OFF that some template leaves
 * (cg_digit_templates(): such runs find no contradiction). Along walks of
 * grids of both layouts (each from the one before by the step found or by
 * candidates struck at random, so that some digits lose their templates),
 * every run so skipped, made with the Nishio search's settings, finds no
 * contradiction; and the steps of the Nishio search and of the static
 * one (whose X kind the templates cut too) are those found without them.
 */
static void test_nishio_templates(void **state)
{
    (void)state;
    static cg_ctx cx;
    static cg_run r;
    static sudoku_step with, without;
    long skipped = 0, made = 0, absurd = 0;
    int found = 0, forcing_found = 0;
    cg_ctx_clear(&cx);
    for (int i = 0; i < 2 * WALK_PUZZLES; i++) {
        sudoku_grid g;
        grid_from_text(walk_puzzles[i % WALK_PUZZLES], &g);
        uint32_t seed = 4242u + (uint32_t)i;
        int n = g.layout->n;
        for (int at = 0; at < 14; at++) {
            static sudoku_step forcing;
            memset(&forcing, 0, sizeof forcing);
            memset(&without, 0, sizeof without);
            cg_set_templates(false);
            bool b = run_finder(find_forcing_chain, &g, &without);
            cg_set_templates(true);
            bool a = run_finder(find_forcing_chain, &g, &forcing);
            assert_int_equal(a, b);
            if (a)
                same_step(&forcing, &without, i, at);
            forcing_found += a;
            memset(&with, 0, sizeof with);
            memset(&without, 0, sizeof without);
            cg_set_templates(false);
            b = run_finder(find_nishio_chain, &g, &without);
            cg_set_templates(true);
            a = run_finder(find_nishio_chain, &g, &with);
            assert_int_equal(a, b);
            if (a)
                same_step(&with, &without, i, at);
            found += a;
            dynamic_ctx(&cx, &g, false);
            /* the templates found afresh, and those the searches above hold
             * (found in part on the walk's grids before) */
            for (int held = 0; held < 2; held++)
            for (int d = 1; d <= n; d++) {
                uint64_t taken[SUDOKU_MAX_CELLS / 64], left[SUDOKU_MAX_CELLS / 64];
                if (held)
                    cg_templates_held(&g, d, taken, left);
                else
                    cg_digit_templates(&cx, &g, d, taken, left);
                for (int c = 0; c < g.layout->ncells; c++) {
                    if (!(g.cand[c] & sudoku_bit(d))) {
                        assert_false((taken[c >> 6] | left[c >> 6]) >> (c & 63) & 1);
                        continue;
                    }
                    for (int on = 0; on < 2; on++) {
                        bool skip = ((on ? taken : left)[c >> 6] >> (c & 63)) & 1;
                        cg_run_chaining(&cx, &r, c * n + d - 1, on);
                        skipped += skip;
                        made += !skip;
                        absurd += r.absurd;
                        if (skip && r.absurd)
                            fail_msg("walk %d, grid %d: the Nishio run from (%d, %d) %s, skipped, contradicts", i, at,
                                     c, d, on ? "ON" : "OFF");
                    }
                }
            }
            seed = seed * 1103515245u + 12345u;
            if (a && (seed >> 16) % 2) {
                sudoku_apply_step(&g, &with);
                continue;
            }
            strike_some(&g, &seed);
        }
    }
    /* the walks test something: runs skipped, contradictions among those made, steps */
    assert_true(skipped > made);
    assert_true(absurd > 100);
    assert_true(found > 20 && forcing_found > 20);
}

/* Runs one finder on g with the view's solution set to solution (NULL: none known). */
static bool run_finder_knowing(finder_fn find, const sudoku_grid *g, const uint8_t *solution, sudoku_step *step)
{
    static view v;
    view_build(&v, g);
    v.solution = solution;
    return find(&v, step);
}

/* Strikes 1 to 3 candidates of g at random that are not the solution's. */
static void strike_false(sudoku_grid *g, const uint8_t *solution, uint32_t *seed)
{
    int gone = 1 + (int)((*seed >> 16) % 3), n = g->layout->n;
    for (int tries = 0; gone > 0 && tries < 1000; tries++) {
        *seed = *seed * 1103515245u + 12345u;
        int c = (int)((*seed >> 8) % (unsigned)g->layout->ncells), d = 1 + (int)((*seed >> 20) % (unsigned)n);
        if (!g->digit[c] && d != solution[c] && (g->cand[c] & sudoku_bit(d))) {
            sudoku_grid_eliminate(g, c, d);
            gone--;
        }
    }
}

/* The chaining finders' steps on g with and without its solution known:
 * the same (the first 'count' of them: the (+) level's is last). Told a
 * wrong solution (one that holds the candidates the step removes), a
 * finder misses its step: counted in *missed. */
static void same_knowing(const sudoku_grid *g, const uint8_t *solution, int count, int walk, int at, int *found,
                         int *missed)
{
    static const finder_fn finders[] = { find_forcing_chain, find_nishio_chain, find_multiple_chain,
                                         find_dynamic_chain, find_dynamic_chain_plus };
    static sudoku_step with, without, wrong;
    static uint8_t other[SUDOKU_MAX_CELLS];
    for (int f = 0; f < count; f++) {
        memset(&with, 0, sizeof with);
        memset(&without, 0, sizeof without);
        bool b = run_finder_knowing(finders[f], g, NULL, &without);
        bool a = run_finder_knowing(finders[f], g, solution, &with);
        assert_int_equal(a, b);
        if (!a)
            continue;
        same_step(&with, &without, walk, at);
        found[f]++;
        for (int c = 0; c < g->layout->ncells; c++)
            other[c] = (uint8_t)(with.elim[c] ? mask_first_digit(with.elim[c]) : solution[c]);
        memset(&wrong, 0, sizeof wrong);
        if (!run_finder_knowing(finders[f], g, other, &wrong) || strcmp(wrong.name, with.name) != 0 ||
            wrong.nelim != with.nelim || memcmp(wrong.elim, with.elim, sizeof wrong.elim) != 0)
            (*missed)++;
    }
}

/*
 * The chaining finders told the grid's solution (view.solution) skip only
 * searches that could not succeed: they find the same steps as without
 * it, on both layouts, along walks that keep the solution (false
 * candidates struck at random), and along the rating paths, which reach
 * the positions where a contradiction from a candidate OFF is the step
 * (the ER 9.1 puzzle of top1465 added for that). They do read it (see
 * same_knowing()). And the rating, which knows the solution once it has
 * counted the solutions, is the rating made without that count.
 */
static void test_solution_skips(void **state)
{
    (void)state;
    static const char *const extra = "....7...6...3..97...5.62.8.3.....7.1..45.........9..........8..7..8...23..9.4....";
    int found[5] = { 0 }, missed = 0;
    for (int i = 0; i <= 2 * WALK_PUZZLES; i++) {
        bool path = i >= WALK_PUZZLES; /* else a random walk */
        sudoku_grid g;
        grid_from_text(i < 2 * WALK_PUZZLES ? walk_puzzles[i % WALK_PUZZLES] : extra, &g);
        uint8_t solution[SUDOKU_MAX_CELLS];
        assert_int_equal(sudoku_solve(&g, 2, solution, NULL), 1);
        if (path) {
            sudoku_rating known, unknown;
            sudoku_rate(&g, &known);
            sudoku_rate_unique(&g, SUDOKU_NTECHNIQUES - 1, &unknown);
            assert_true(known.er == unknown.er && known.ep == unknown.ep && known.ed == unknown.ed);
            assert_true(known.level == unknown.level && known.hardest == unknown.hardest);
            assert_memory_equal(known.count, unknown.count, sizeof known.count);
        }
        uint32_t seed = 777u + (uint32_t)i;
        for (int at = 0; at < (path ? 400 : 10) && g.empty; at++) {
            static sudoku_step step;
            if (!path) {
                same_knowing(&g, solution, 4, i, at, found, &missed);
                strike_false(&g, solution, &seed);
                continue;
            }
            if (!sudoku_find_step(&g, SUDOKU_ORDER_RATING, &step))
                break;
            /* the (+) level where the dynamic chains are the step: the
             * solution spares it the most there, and it costs the most */
            if (step.technique >= SUDOKU_FORCING_CHAIN)
                same_knowing(&g, solution, step.technique >= SUDOKU_DYNAMIC_CHAIN ? 5 : 4, i, at, found, &missed);
            sudoku_apply_step(&g, &step);
        }
    }
    for (int f = 0; f < 5; f++)
        assert_true(found[f] > 5);
    assert_true(missed > 0);
}

/* From SE 1.2.1's paths (serate step mode) of puzzles in se121_ratings.tsv and of forum puzzles. */
static void test_se_steps(void **state)
{
    (void)state;
    static const se_step steps[] = {
        { ".......594..2...8.78..3.....3..1.89...7..8..18..........5..2.4.6...43..5...6...27", 20, find_forcing_chain,
          "Bidirectional Cycle", 70, "r4c6-5 r6c6-5" },
        { ".2......4..6...712..9.1463..31.............6....9513......4.28......2...56..93..7", 25, find_forcing_chain,
          "Bidirectional Y-Cycle", 68, "r1c4-3 r5c1-8 r5c2-8 r5c5-7" },
        { ".................1..2..3.4.............15...6.43..7..........3815.6.....6......7.", 38, find_forcing_chain,
          "Bidirectional X-Cycle", 65, "r2c2-8 r2c4-8 r2c7-8" },
        { ".2...8..4.5..9....7.9...5......12.9...19....3.7....6......5.8.....23...1..58.9...", 17, find_nishio_chain,
          "Nishio Forcing Chains", 76, "r7c8-7" },
        { "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.", 18, find_multiple_chain,
          "Cell Forcing Chains", 83, "r1c4-3" },
        { "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........", 25, find_multiple_chain,
          "Region Forcing Chains", 83, "r6c3-9" },
        { "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.", 21, find_dynamic_chain,
          "Dynamic Contradiction Forcing Chains", 89, "r1c6-4" },
        { "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.", 23, find_dynamic_chain,
          "Dynamic Region Forcing Chains", 88, "r1c9-4" },
        { "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........", 22, find_dynamic_chain,
          "Dynamic Cell Forcing Chains", 88, "r3c1-9" },
        { "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........", 27, find_dynamic_chain,
          "Dynamic Double Forcing Chains", 88, "r6c3-5" },
        { "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", 23,
          find_dynamic_chain_plus, "Dynamic Region Forcing Chains (+)", 93, "r5c6-7" },
        { "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", 24,
          find_dynamic_chain_plus, "Dynamic Double Forcing Chains (+)", 94, "r5c2-7" },
        /* the first of puzzles6_forum_hardest_1106.txt: SE's ER 10.3 is this step */
        { "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", 2,
          find_nested_chain_fc, "Dynamic Region Forcing Chains (+ Forcing Chains)", 103, "r6c5-4" },
        /* the first of puzzles5_forum_hardest_1905_11+.txt: SE's first step, complexity 138, is its ER 11.1 */
        { "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6", 1,
          find_nested_chain_mfc, "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)", 111, "r1c3-2" },
        { forum5_marks,
          0, find_nested_chain_dfc, "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)", 115, "r7c2-4" },
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        check_se_step(&steps[i]);
}

/* ------------------------------------------------------------ dynamic runs */

/*
 * The dynamic runs of level 0 against a plain propagation written from SE's
 * Chaining.doChaining(): the grid scanned afresh at each step, no shortcut
 * (chain_graph.c passes an OFF start that implies nothing without copying
 * the grid, and an OFF node whose unit or cell is left with an ON node
 * alone without looking for that node). On random grids of both layouts,
 * from every candidate ON and OFF, the nodes, their order, depths and
 * parents and the contradiction must be the same.
 */
#define REF_PARENTS (SUDOKU_MAX_N + 2)
typedef struct ref_run {
    int non, noff;
    uint16_t on_list[CG_MAXP], off_list[CG_MAXP];
    bool is_on[CG_MAXP], is_off[CG_MAXP];
    int depth[CG_NODES + 1], npar[CG_NODES + 1];
    uint16_t par[CG_NODES + 1][REF_PARENTS];
    bool absurd;
    int absurd_on, absurd_off, virt_p;
} ref_run;

static void ref_set(ref_run *rr, int id, const uint16_t *par, int npar)
{
    rr->npar[id] = npar;
    for (int i = 0; i < npar; i++)
        rr->par[id][i] = par[i];
    rr->depth[id] = npar ? rr->depth[par[0]] + 1 : 0;
}

static void ref_add(ref_run *rr, int p, bool on, const uint16_t *par, int npar)
{
    if (on) {
        rr->is_on[p] = true;
        rr->on_list[rr->non++] = (uint16_t)p;
    } else {
        rr->is_off[p] = true;
        rr->off_list[rr->noff++] = (uint16_t)p;
    }
    ref_set(rr, cg_node(p, on), par, npar);
}

/* Node q ON from parents: false on a contradiction (q is OFF). */
static bool ref_on(ref_run *rr, int q, const uint16_t *par, int npar)
{
    if (rr->is_off[q]) {
        rr->absurd = true;
        rr->absurd_on = CG_VIRTUAL;
        rr->absurd_off = cg_node(q, false);
        rr->virt_p = q;
        ref_set(rr, CG_VIRTUAL, par, npar);
        return false;
    }
    if (!rr->is_on[q])
        ref_add(rr, q, true, par, npar);
    return true;
}

static void ref_chaining(const sudoku_grid *g, ref_run *rr, int p0, bool on0)
{
    const sudoku_layout *l = g->layout;
    int n = l->n;
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    memcpy(cand, g->cand, sizeof cand);
    memset(rr, 0, sizeof *rr);
    ref_add(rr, p0, on0, NULL, 0);
    int hon = 0, hoff = 0;
    for (;;) {
        if (hon < rr->non) {
            int p = rr->on_list[hon++], c = p / n, d = p % n + 1, box = l->cell_unit[c][SUDOKU_BOX];
            uint16_t self = (uint16_t)cg_node(p, true), to[4 * SUDOKU_MAX_N];
            int k = 0;
            for (int e = 1; e <= n; e++) /* the cell's other candidates, the box, the row and column outside it */
                if (e != d && (cand[c] & sudoku_bit(e)))
                    to[k++] = (uint16_t)(c * n + e - 1);
            for (int t = 0; t < 3; t++) {
                int u = l->cell_unit[c][t == 0 ? SUDOKU_BOX : t == 1 ? SUDOKU_ROW : SUDOKU_COL];
                for (int i = 0; i < n; i++) {
                    int x = l->unit_cell[u][i];
                    if (x != c && (cand[x] & sudoku_bit(d)) && (t == 0 || l->cell_unit[x][SUDOKU_BOX] != box))
                        to[k++] = (uint16_t)(x * n + d - 1);
                }
            }
            for (int i = 0; i < k; i++) {
                if (rr->is_on[to[i]]) {
                    rr->absurd = true;
                    rr->absurd_on = cg_node(to[i], true);
                    rr->absurd_off = CG_VIRTUAL;
                    rr->virt_p = to[i];
                    ref_set(rr, CG_VIRTUAL, &self, 1);
                    return;
                }
                if (!rr->is_off[to[i]])
                    ref_add(rr, to[i], false, &self, 1);
            }
            continue;
        }
        if (hoff < rr->noff) {
            int p = rr->off_list[hoff++], c = p / n, d = p % n + 1;
            uint16_t par[REF_PARENTS];
            int npar = 0;
            par[npar++] = (uint16_t)cg_node(p, false);
            if (mask_count(cand[c]) == 2) { /* the cell's other candidate, after those the run removed */
                for (int e = 1; e <= n; e++)
                    if ((g->cand[c] & sudoku_bit(e)) && !(cand[c] & sudoku_bit(e)))
                        par[npar++] = (uint16_t)cg_node(c * n + e - 1, false);
                int q = c * n + mask_first_digit((sudoku_mask)(cand[c] & ~sudoku_bit(d))) - 1;
                if (!ref_on(rr, q, par, npar))
                    return;
            }
            int found[3], nfound = 0;
            for (int t = 0; t < 3; t++) { /* a unit's last other place, after the places the run removed */
                int u = l->cell_unit[c][t == 0 ? SUDOKU_BOX : t == 1 ? SUDOKU_ROW : SUDOKU_COL], q = -1, others = 0;
                npar = 1;
                for (int i = 0; i < n; i++) {
                    int x = l->unit_cell[u][i];
                    if (x != c && (cand[x] & sudoku_bit(d))) {
                        others++;
                        q = x * n + d - 1;
                    }
                    if ((g->cand[x] & sudoku_bit(d)) && !(cand[x] & sudoku_bit(d)))
                        par[npar++] = (uint16_t)cg_node(x * n + d - 1, false);
                }
                bool dup = false;
                for (int j = 0; j < nfound; j++)
                    dup |= found[j] == q;
                if (others != 1 || dup)
                    continue;
                found[nfound++] = q;
                if (!ref_on(rr, q, par, npar))
                    return;
            }
            cand[c] = (sudoku_mask)(cand[c] & ~sudoku_bit(d));
            continue;
        }
        return;
    }
}

static void check_same_run(const cg_run *r, const ref_run *rr)
{
    assert_int_equal(r->non, rr->non);
    assert_int_equal(r->noff, rr->noff);
    assert_int_equal(r->absurd, rr->absurd);
    for (int state = 0; state < 2; state++)
        for (int i = 0; i < (state ? r->non : r->noff); i++) {
            int q = state ? r->on_list[i] : r->off_list[i];
            assert_int_equal(q, state ? rr->on_list[i] : rr->off_list[i]);
            const uint16_t *par;
            int id = cg_node(q, state), np = cg_parents(r, id, &par);
            assert_int_equal(np, rr->npar[id]);
            assert_int_equal(r->depth[id], rr->depth[id]);
            for (int j = 0; j < np; j++)
                assert_int_equal(par[j], rr->par[id][j]);
        }
    if (rr->absurd) {
        assert_int_equal(r->absurd_on, rr->absurd_on);
        assert_int_equal(r->absurd_off, rr->absurd_off);
        assert_int_equal(r->virt_p, rr->virt_p);
        const uint16_t *par;
        int np = cg_parents(r, CG_VIRTUAL, &par);
        assert_int_equal(np, rr->npar[CG_VIRTUAL]);
        for (int j = 0; j < np; j++)
            assert_int_equal(par[j], rr->par[CG_VIRTUAL][j]);
    }
}

static unsigned long long run_rand_state = 0x9e3779b97f4a7c15ull;
static unsigned run_rand(unsigned k)
{
    unsigned long long x = run_rand_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    run_rand_state = x;
    return (unsigned)(x % k);
}

/* An empty grid of l with 2 + run_rand(spread) candidates a cell, the
 * others struck at random: bivalue cells and units with two places. */
static void sparse_grid(sudoku_grid *g, const sudoku_layout *l, unsigned spread)
{
    empty_grid(g, l);
    for (int c = 0; c < l->ncells; c++) {
        int keep_n = 2 + (int)run_rand(spread);
        while (mask_count(g->cand[c]) > keep_n) {
            sudoku_mask m = g->cand[c];
            int skip = (int)run_rand((unsigned)mask_count(m));
            for (; skip; skip--)
                m &= (sudoku_mask)(m - 1);
            sudoku_grid_eliminate(g, c, mask_first_digit(m));
        }
    }
}

static void test_dynamic_runs_as_se(void **state)
{
    (void)state;
    static cg_ctx cx;
    static cg_run r;
    static ref_run rr;
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    cg_ctx_clear(&cx);
    int runs = 0, absurd = 0, long_runs = 0;
    for (int round = 0; round < 120; round++) {
        const sudoku_layout *l = layouts[round % 2];
        sudoku_grid g;
        /* keep 2-4 candidates a cell, fewer in some cells: bivalue cells and
         * units with two places, so that runs go far and contradict */
        sparse_grid(&g, l, 3);
        dynamic_ctx(&cx, &g, true);
        for (int c = 0; c < l->ncells; c++)
            for (sudoku_mask m = g.cand[c]; m; m &= (sudoku_mask)(m - 1)) {
                int p = c * l->n + mask_first_digit(m) - 1;
                for (int on = 0; on < 2; on++) {
                    cg_run_chaining(&cx, &r, p, on);
                    ref_chaining(&g, &rr, p, on);
                    check_same_run(&r, &rr);
                    runs++;
                    absurd += rr.absurd;
                    long_runs += rr.non + rr.noff > 20;
                }
            }
    }
    /* the grids gave runs of every kind */
    assert_true(absurd > runs / 10);
    assert_true(long_runs > runs / 10);
}

/*
 * At the second and later fixpoints of a run of level 1, the (+) rules
 * look only at the units the run changed since each rule last looked
 * (chain_rules.c, note_changes()). The slow way: each fixpoint taken as
 * the run's first, every rule on every unit the run changed since its
 * start. From every candidate, ON and OFF, of grids along the cycle
 * puzzles' solving paths and of random grids with 2-5 candidates a cell,
 * both ways give the same run: its nodes in order, their parents and the
 * rules that added them, and its contradiction.
 */
static int advanced_as_first_fixpoint(const cg_ctx *cx, cg_run *r)
{
    r->fixpoints = 0; /* nothing seen: every unit moved since the start counts */
    return cg_advanced(cx, r);
}
static const cg_nesting nesting_slow_way = { advanced_as_first_fixpoint, NULL, NULL };

typedef struct rules_check {
    int runs, later_fixpoints;
} rules_check;

static void check_rules_both_ways(const sudoku_grid *g, rules_check *count)
{
    static cg_ctx cx;
    static cg_run fast, slow;
    const sudoku_layout *l = g->layout;
    dynamic_ctx(&cx, g, true);
    cx.level = 1;
    for (int c = 0; c < l->ncells; c++)
        for (sudoku_mask m = g->cand[c]; mask_count(g->cand[c]) > 1 && m; m &= (sudoku_mask)(m - 1)) {
            int p = c * l->n + mask_first_digit(m) - 1;
            for (int on = 0; on < 2; on++) {
                cx.nesting = &cg_nesting_plus;
                cg_run_chaining(&cx, &fast, p, on);
                cx.nesting = &nesting_slow_way;
                cg_run_chaining(&cx, &slow, p, on);
                count->runs++;
                count->later_fixpoints += fast.fixpoints > 1 ? fast.fixpoints - 1 : 0;
                assert_int_equal(fast.non, slow.non);
                assert_int_equal(fast.noff, slow.noff);
                assert_int_equal(fast.absurd, slow.absurd);
                assert_memory_equal(fast.on_list, slow.on_list, (size_t)fast.non * sizeof fast.on_list[0]);
                assert_memory_equal(fast.off_list, slow.off_list, (size_t)fast.noff * sizeof fast.off_list[0]);
                for (int i = 0; i < fast.non + fast.noff; i++) {
                    int id = i < fast.non ? cg_node(fast.on_list[i], true) : cg_node(fast.off_list[i - fast.non], false);
                    const uint16_t *pf, *ps;
                    int nf = cg_parents(&fast, id, &pf), ns = cg_parents(&slow, id, &ps);
                    assert_int_equal(nf, ns);
                    assert_memory_equal(pf, ps, (size_t)nf * sizeof pf[0]);
                    assert_memory_equal(&fast.rule[id], &slow.rule[id], sizeof fast.rule[id]);
                }
                if (fast.absurd) {
                    assert_int_equal(fast.absurd_on, slow.absurd_on);
                    assert_int_equal(fast.absurd_off, slow.absurd_off);
                    assert_int_equal(fast.virt_p, slow.virt_p);
                }
            }
        }
}

static bool rules_check_before_step(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    (void)step;
    check_rules_both_ways(before, ctx);
    return true;
}

static void test_rules_on_changed_units(void **state)
{
    (void)state;
    rules_check count = { 0, 0 };
    walk_cycle_puzzles(sizeof cycle_puzzles / sizeof cycle_puzzles[0], rules_check_before_step, &count);
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    for (int round = 0; round < 40; round++) {
        sudoku_grid g;
        sparse_grid(&g, layouts[round % 2], 4);
        check_rules_both_ways(&g, &count);
    }
    /* the runs reached later fixpoints, where the rules look at fewer units */
    assert_true(count.later_fixpoints > count.runs / 8);
}

/* ------------------------------------------------------------ cycle searches */

/*
 * The cycle searches against a plain search written from SE's
 * Chaining.doCycles(): the grid scanned afresh at each link, a record for
 * every OFF node an ON record implies off its path, the ON nodes met once,
 * no limit and no shortcut (chain_graph.c leaves out the nodes outside the
 * start's component, the records too far from the start to close a cycle
 * in time, the later records of an OFF node that do not close one, and
 * what follows once it has met the ON nodes that can close one).
 * On random grids of both layouts, from every candidate, with each kind of
 * links, with and without a length limit, the cycles, their order and
 * their paths must be the same; and a search stopped at cycle k has found
 * the first k + 1.
 */
#define REF_RECORDS 40000
#define REF_CYCLES 4096
typedef struct ref_cycles {
    int nrec, ncycles;
    uint16_t rec_p[REF_RECORDS];
    bool rec_on[REF_RECORDS];
    int rec_parent[REF_RECORDS];
    int cycle_last[REF_CYCLES], cycle_length[REF_CYCLES];
} ref_cycles;

static int ref_record(ref_cycles *rc, int p, bool on, int parent)
{
    assert_true(rc->nrec < REF_RECORDS);
    rc->rec_p[rc->nrec] = (uint16_t)p;
    rc->rec_on[rc->nrec] = on;
    rc->rec_parent[rc->nrec] = parent;
    return rc->nrec++;
}

/* SE's getOnToOff() / getOffToOn() on grid g, in their order. */
static int ref_on_to_off(const sudoku_grid *g, int p, bool y, uint16_t *to)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, c = p / n, d = p % n + 1, box = l->cell_unit[c][SUDOKU_BOX], k = 0;
    if (y)
        for (int e = 1; e <= n; e++)
            if (e != d && (g->cand[c] & sudoku_bit(e)))
                to[k++] = (uint16_t)(c * n + e - 1);
    for (int t = 0; t < 3; t++) {
        int u = l->cell_unit[c][t == 0 ? SUDOKU_BOX : t == 1 ? SUDOKU_ROW : SUDOKU_COL];
        for (int i = 0; i < n; i++) {
            int x = l->unit_cell[u][i];
            if (x != c && (g->cand[x] & sudoku_bit(d)) && (t == 0 || l->cell_unit[x][SUDOKU_BOX] != box))
                to[k++] = (uint16_t)(x * n + d - 1);
        }
    }
    return k;
}

static int ref_off_to_on(const sudoku_grid *g, int p, bool y, bool x, uint16_t *to)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, c = p / n, d = p % n + 1, k = 0;
    if (y && mask_count(g->cand[c]) == 2)
        to[k++] = (uint16_t)(c * n + mask_first_digit((sudoku_mask)(g->cand[c] & ~sudoku_bit(d))) - 1);
    if (!x)
        return k;
    int cells = k;
    for (int t = 0; t < 3; t++) {
        int u = l->cell_unit[c][t == 0 ? SUDOKU_BOX : t == 1 ? SUDOKU_ROW : SUDOKU_COL], q = -1, others = 0;
        for (int i = 0; i < n; i++) {
            int w = l->unit_cell[u][i];
            if (w != c && (g->cand[w] & sudoku_bit(d))) {
                others++;
                q = w * n + d - 1;
            }
        }
        bool dup = false;
        for (int j = cells; j < k; j++)
            dup |= to[j] == q;
        if (others == 1 && !dup)
            to[k++] = (uint16_t)q;
    }
    return k;
}

static void ref_do_cycles(const sudoku_grid *g, ref_cycles *rc, int p0, bool y, bool x)
{
    static int pend_on[REF_RECORDS], pend_off[REF_RECORDS];
    bool to_on[CG_MAXP] = { false };
    int non = 0, noff = 0, length = 0;
    rc->nrec = rc->ncycles = 0;
    pend_on[non++] = ref_record(rc, p0, true, -1);
    to_on[p0] = true;
    while (non || noff) {
        length++;
        for (int i = 0; i < non; i++) {
            uint16_t to[4 * SUDOKU_MAX_N];
            int rec = pend_on[i], k = ref_on_to_off(g, rc->rec_p[rec], y, to);
            for (int j = 0; j < k; j++) {
                bool parent = false; /* isParent(): q OFF on the record's path */
                for (int a = rec; a >= 0; a = rc->rec_parent[a])
                    parent |= !rc->rec_on[a] && rc->rec_p[a] == to[j];
                if (!parent)
                    pend_off[noff++] = ref_record(rc, to[j], false, rec);
            }
        }
        non = 0;
        length++;
        for (int i = 0; i < noff; i++) {
            uint16_t to[4];
            int rec = pend_off[i], k = ref_off_to_on(g, rc->rec_p[rec], y, x, to);
            for (int j = 0; j < k; j++) {
                if (length >= 4 && to[j] == p0) {
                    assert_true(rc->ncycles < REF_CYCLES);
                    rc->cycle_last[rc->ncycles] = rec;
                    rc->cycle_length[rc->ncycles++] = length;
                }
                if (!to_on[to[j]]) {
                    to_on[to[j]] = true;
                    pend_on[non++] = ref_record(rc, to[j], true, rec);
                }
            }
        }
        noff = 0;
    }
}

/* Cycle k of the search is the reference's cycle k: length and path. */
static void check_same_cycle(const cg_cycles *cy, int k, const ref_cycles *rc, int rk)
{
    assert_int_equal(cy->cycle_length[k], rc->cycle_length[rk]);
    int a = cy->cycle_last[k], b = rc->cycle_last[rk];
    for (; a >= 0 && b >= 0; a = cy->rec_parent[a], b = rc->rec_parent[b]) {
        assert_int_equal(cy->rec_p[a], rc->rec_p[b]);
        assert_int_equal(cy->rec_on[a], rc->rec_on[b]);
    }
    assert_true(a < 0 && b < 0);
}

static int cycle_stop_at; /* the cycle stop_at_cycle() waits for */
static bool stop_at_cycle(const cg_ctx *cx, const cg_cycles *cy, int k, int p)
{
    (void)cx;
    (void)cy;
    (void)p;
    return k == cycle_stop_at;
}

static void test_cycles_as_se(void **state)
{
    (void)state;
    static cg_ctx cx;
    static cg_cycles cy;
    static ref_cycles rc;
    static const bool kinds[3][2] = { { false, true }, { true, false }, { true, true } }; /* y, x */
    static const int limits[] = { 4, 5, 6, 7, 8, 10, 13, 1 << 20 };
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    cg_ctx_clear(&cx);
    long searches = 0, cycles = 0, long_cycles = 0, stopped = 0;
    for (int round = 0; round < 60; round++) {
        const sudoku_layout *l = layouts[round % 2];
        sudoku_grid g;
        /* 2-4 candidates a cell, as for the dynamic runs: bivalue cells and
         * units with two places, so that there are cycles of every kind */
        sparse_grid(&g, l, round % 3 == 0 ? 3 : 2);
        cg_ctx_init(&cx, &g);
        cx.reach_lean = round % 4 == 3; /* a nested search's graphs: the strong candidates alone */
        for (int c = 0; c < l->ncells; c++)
            for (sudoku_mask m = g.cand[c]; m; m &= (sudoku_mask)(m - 1)) {
                int p = c * l->n + mask_first_digit(m) - 1;
                for (int kind = 0; kind < 3; kind++) {
                    bool y = kinds[kind][0], x = kinds[kind][1];
                    ref_do_cycles(&g, &rc, p, y, x);
                    int max_length = limits[run_rand(sizeof limits / sizeof limits[0])];
                    int want = 0; /* the reference's cycles within the limit */
                    while (want < rc.ncycles && rc.cycle_length[want] <= max_length)
                        want++;
                    if (want > CG_MAX_CYCLES)
                        want = CG_MAX_CYCLES;
                    cg_run_cycles(&cx, &cy, p, y, x, max_length);
                    assert_int_equal(cy.ncycles, want);
                    for (int k = 0; k < want; k++)
                        check_same_cycle(&cy, k, &rc, k);
                    searches++;
                    cycles += want;
                    long_cycles += want > 0 && cy.cycle_length[want - 1] >= 8;
                    if (want > 0) { /* stopped at one of them */
                        cycle_stop_at = (int)run_rand((unsigned)want);
                        cg_run_cycles_until(&cx, &cy, p, y, x, max_length, stop_at_cycle);
                        assert_true(cy.met);
                        assert_int_equal(cy.ncycles, cycle_stop_at + 1);
                        check_same_cycle(&cy, cycle_stop_at, &rc, cycle_stop_at);
                        stopped++;
                    }
                }
            }
    }
    /* the grids gave cycles, long ones among them, and searches that stopped at one */
    assert_true(cycles > searches / 4);
    assert_true(long_cycles > searches / 20);
    assert_true(stopped > searches / 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_length_bonus),
        cmocka_unit_test(test_context_of_a_rebuilt_layout),
        cmocka_unit_test(test_turbot_fish_9x9),
        cmocka_unit_test(test_turbot_fish_8x8),
        cmocka_unit_test(test_x_cycle_9x9),
        cmocka_unit_test(test_x_cycle_8x8),
        cmocka_unit_test(test_y_cycle_9x9),
        cmocka_unit_test(test_y_cycle_8x8),
        cmocka_unit_test(test_nothing_on_empty_grid),
        cmocka_unit_test(test_region_forcing_8x8),
        cmocka_unit_test(test_se_steps),
        cmocka_unit_test(test_nested_cut),
        cmocka_unit_test(test_cycle_precheck),
        cmocka_unit_test(test_forcing_lengths),
        cmocka_unit_test(test_cycle_ball),
        cmocka_unit_test(test_y_cycles_from_xy_graph),
        cmocka_unit_test(test_y_short_cycles),
        cmocka_unit_test(test_reach_updates),
        cmocka_unit_test(test_dynamic_runs_taken),
        cmocka_unit_test(test_loose_rule_seen),
        cmocka_unit_test(test_nested_runs_from_base),
        cmocka_unit_test(test_nishio_templates),
        cmocka_unit_test(test_solution_skips),
        cmocka_unit_test(test_dynamic_runs_as_se),
        cmocka_unit_test(test_rules_on_changed_units),
        cmocka_unit_test(test_cycles_as_se),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
