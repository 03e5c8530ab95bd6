/*
 * fuzz_engine.c - the solver, the logic engine, the rating and the grid
 * texts on any candidate state the reader can produce.
 *
 * Each ok record of the input (up to MAX_RECORDS) is loaded into a grid; a
 * grid whose clues contradict each other is used as far as it loaded. Then:
 *   - sudoku_solve with limit 2: a solution it returns is valid and agrees
 *     with the grid;
 *   - sudoku_logic_run_with in rating and tier order (the table up to
 *     LAST_TECHNIQUE), with a step callback that
 *     checks the step's shape (a legal placement, eliminations of present
 *     candidates only, counted right), that sudoku_find_step on the same
 *     grid finds the same step (the engine's incremental view agrees with
 *     a fresh one), that the previous step brought the grid where
 *     sudoku_apply_step brings it, that sudoku_step_describe fits and
 *     truncates safely, and, when the puzzle has a solution, that no step
 *     removes the solution's digit from a cell or places another (every
 *     technique is sound: it keeps every solution, not only a unique one;
 *     unique rectangles and BUG only when the solution is unique, since
 *     they assume it);
 *   - the end of a run: solved, stalled or contradiction, exactly one; a
 *     solved grid is the unique solution; a solvable grid never reaches a
 *     contradiction; a unique puzzle is solved by both orders or neither;
 *   - sudoku_rate on unique puzzles, against the rating-order run;
 *   - sudoku_grid_format and sudoku_grid_format_candidates into buffers of
 *     several sizes, and their texts read back by the reader.
 * A violation calls abort(), which libFuzzer reports with the input.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_common.h"

#define MAX_RECORDS 8

/*
 * The table up to dynamic forcing chains (8.5). The (+) and nested levels
 * above take a second or more a puzzle on the forum's hardest, several
 * times that under the fuzzer's instrumentation: a seed of eight of them
 * took 11 s of CPU, past libFuzzer's time limit, against 0.35 s without
 * them. tests/test_engine.c checks their steps against the solution.
 */
#define LAST_TECHNIQUE SUDOKU_DYNAMIC_CHAIN
#define DESCRIBE_MAX 4096

static const char source[] = "fuzz";

typedef struct run {
    enum sudoku_order order;
    const uint8_t *solution;   /* the first solution, or NULL when there is none */
    bool unique;               /* it is the only one: uniqueness techniques are sound too */
    bool off_track;            /* a uniqueness step was taken on a grid with several */
    sudoku_grid expect;        /* where the previous step should have led */
    bool have_expect;
    int steps;
} run;

static bool steps_equal(const sudoku_layout *l, const sudoku_step *a, const sudoku_step *b)
{
    if (a->technique != b->technique || a->digits != b->digits || a->place_cell != b->place_cell ||
        a->place_digit != b->place_digit || a->place_unit != b->place_unit || a->nelim != b->nelim ||
        a->nbase != b->nbase || a->ncover != b->ncover || a->ncells != b->ncells)
        return false;
    return memcmp(a->base, b->base, (size_t)a->nbase) == 0 && memcmp(a->cover, b->cover, (size_t)a->ncover) == 0 &&
           memcmp(a->cells, b->cells, (size_t)a->ncells) == 0 &&
           memcmp(a->elim, b->elim, (size_t)l->ncells * sizeof a->elim[0]) == 0;
}

static bool unit_has_cell(const sudoku_layout *l, int unit, int cell)
{
    for (int i = 0; i < l->n; i++)
        if (l->unit_cell[unit][i] == cell)
            return true;
    return false;
}

static bool is_single(int t)
{
    return t == SUDOKU_FULL_HOUSE || t == SUDOKU_HIDDEN_SINGLE_BOX || t == SUDOKU_HIDDEN_SINGLE_LINE ||
           t == SUDOKU_NAKED_SINGLE;
}

static bool is_direct(int t)
{
    return t == SUDOKU_DIRECT_POINTING || t == SUDOKU_DIRECT_CLAIMING || t == SUDOKU_DIRECT_HIDDEN_PAIR ||
           t == SUDOKU_DIRECT_HIDDEN_TRIPLE;
}

/* What describe and the engine rely on in a step. */
static void check_step_shape(const sudoku_grid *g, const sudoku_step *s)
{
    const sudoku_layout *l = g->layout;
    int t = s->technique;
    FUZZ_CHECK(t >= 0 && t < SUDOKU_NTECHNIQUES, "technique %d", t);
    FUZZ_CHECK(s->nbase >= 0 && s->nbase <= SUDOKU_MAX_N && s->ncover >= 0 && s->ncover <= SUDOKU_MAX_N, "%s: %d base, %d cover units",
               sudoku_technique_get(t)->id, s->nbase, s->ncover);
    FUZZ_CHECK(s->ncells >= 0 && s->ncells <= l->ncells, "%s: %d cells", sudoku_technique_get(t)->id,
               s->ncells);
    for (int i = 0; i < s->nbase; i++)
        FUZZ_CHECK(s->base[i] < l->nunits, "base unit %d", s->base[i]);
    for (int i = 0; i < s->ncover; i++)
        FUZZ_CHECK(s->cover[i] < l->nunits, "cover unit %d", s->cover[i]);
    for (int i = 0; i < s->ncells; i++)
        FUZZ_CHECK(s->cells[i] < l->ncells, "cell %d", s->cells[i]);
    FUZZ_CHECK(!(s->digits & ~l->all), "digits 0x%X", (unsigned)s->digits);
    FUZZ_CHECK(s->nmarks >= 0 && s->nmarks <= SUDOKU_STEP_MAX_MARKS && s->nlinks >= 0 &&
                   s->nlinks <= SUDOKU_STEP_MAX_LINKS,
               "%d marks, %d links", s->nmarks, s->nlinks);
    for (int i = 0; i < s->nmarks; i++)
        FUZZ_CHECK(s->marks[i].cell < l->ncells && !(s->marks[i].digits & ~l->all) &&
                       s->marks[i].role <= SUDOKU_ROLE_COVER,
                   "mark %d: cell %d digits 0x%X role %d", i, s->marks[i].cell, (unsigned)s->marks[i].digits,
                   s->marks[i].role);
    for (int i = 0; i < s->nlinks; i++) {
        const sudoku_link *k = &s->links[i];
        FUZZ_CHECK(k->from_cell < l->ncells && k->to_cell < l->ncells && k->from_digit >= 1 &&
                       k->from_digit <= l->n && k->to_digit >= 1 && k->to_digit <= l->n,
                   "link %d: cell %d/%d -> cell %d/%d", i, k->from_cell, k->from_digit, k->to_cell, k->to_digit);
    }
    FUZZ_CHECK(s->rating == (int)((s->difficulty + 0.05) * 10) && s->rating >= sudoku_technique_get(t)->rating,
               "%s: rating %d, difficulty %f", sudoku_technique_get(t)->id, s->rating, s->difficulty);

    int nelim = 0;
    for (int c = 0; c < l->ncells; c++) {
        FUZZ_CHECK(!(s->elim[c] & ~g->cand[c]), "%s removes 0x%X from cell %d, which holds 0x%X (digit %d)",
                   sudoku_technique_get(t)->id, (unsigned)s->elim[c], c, (unsigned)g->cand[c], g->digit[c]);
        nelim += mask_count(s->elim[c]);
    }
    FUZZ_CHECK(nelim == s->nelim, "%d eliminations counted as %d", nelim, s->nelim);

    if (s->place_cell >= 0) {
        int c = s->place_cell, d = s->place_digit;
        FUZZ_CHECK(c < l->ncells && d >= 1 && d <= l->n, "places %d in cell %d", d, c);
        FUZZ_CHECK(!g->digit[c] && (g->cand[c] & sudoku_bit(d)), "%s places %d in cell %d (digit %d, mask 0x%X)",
                   sudoku_technique_get(t)->id, d, c, g->digit[c], (unsigned)g->cand[c]);
        FUZZ_CHECK(s->place_unit >= -1 && s->place_unit < l->nunits, "place unit %d", s->place_unit);
        if (s->place_unit >= 0)
            FUZZ_CHECK(unit_has_cell(l, s->place_unit, c), "cell %d is not in unit %d", c, s->place_unit);
    } else {
        FUZZ_CHECK(s->place_cell == -1, "place cell %d", s->place_cell);
    }

    /* What each kind of step holds (see struct sudoku_step). */
    if (is_single(t)) {
        FUZZ_CHECK(s->place_cell >= 0 && s->nelim == 0, "%s places nothing", sudoku_technique_get(t)->id);
        if (t != SUDOKU_NAKED_SINGLE)
            FUZZ_CHECK(s->place_unit >= 0, "%s without its unit", sudoku_technique_get(t)->id);
    } else if (is_direct(t)) {
        FUZZ_CHECK(s->place_cell >= 0 && s->place_unit >= 0 && s->nelim == 0 && s->nbase >= 1,
                   "%s: place %d unit %d, %d eliminations", sudoku_technique_get(t)->id, s->place_cell,
                   s->place_unit, s->nelim);
    } else if (t <= SUDOKU_HIDDEN_TRIPLE || t == SUDOKU_NAKED_QUAD || t == SUDOKU_JELLYFISH ||
               t == SUDOKU_HIDDEN_QUAD) {
        FUZZ_CHECK(s->place_cell < 0 && s->nelim > 0 && s->nbase >= 1 && s->digits,
                   "%s: place %d, %d eliminations, %d base units", sudoku_technique_get(t)->id, s->place_cell,
                   s->nelim, s->nbase);
    } else {
        FUZZ_CHECK(s->nelim > 0 || s->place_cell >= 0, "%s changes nothing", sudoku_technique_get(t)->id);
    }
    if (t == SUDOKU_POINTING || t == SUDOKU_CLAIMING || t == SUDOKU_DIRECT_POINTING ||
        t == SUDOKU_DIRECT_CLAIMING || t == SUDOKU_X_WING || t == SUDOKU_SWORDFISH || t == SUDOKU_JELLYFISH)
        FUZZ_CHECK(s->ncover >= 1 && mask_is_single(s->digits), "%s: %d cover units, digits 0x%X",
                   sudoku_technique_get(t)->id, s->ncover, (unsigned)s->digits);
}

/* The description fits DESCRIBE_MAX, and smaller buffers get a terminated prefix. */
static void check_describe(const sudoku_grid *g, const sudoku_step *s)
{
    static const size_t sizes[] = { 0, 1, 2, 9, 40 };
    char *whole = malloc(DESCRIBE_MAX);
    FUZZ_CHECK(whole != NULL, "malloc");
    sudoku_step_describe(g, s, whole, DESCRIBE_MAX);
    size_t len = strlen(whole);
    FUZZ_CHECK(len > 0 && len < DESCRIBE_MAX - 1, "a description of %zu bytes", len);
    for (size_t i = 0; i < len; i++)
        FUZZ_CHECK(whole[i] >= 0x20 && whole[i] < 0x7f, "byte 0x%02X in \"%s\"", (unsigned)(unsigned char)whole[i],
                   whole);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t size = sizes[i];
        char *buf = malloc(size ? size : 1);
        FUZZ_CHECK(buf != NULL, "malloc");
        buf[0] = 'x';
        sudoku_step_describe(g, s, buf, size);
        if (size == 0) {
            FUZZ_CHECK(buf[0] == 'x', "written into a buffer of size 0");
        } else {
            size_t want = len < size - 1 ? len : size - 1;
            FUZZ_CHECK(strlen(buf) == want && memcmp(buf, whole, want) == 0, "\"%s\" into %zu bytes: \"%s\"", whole,
                       size, buf);
        }
        free(buf);
    }
    free(whole);
}

static bool on_step(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    run *r = ctx;
    const sudoku_layout *l = before->layout;
    fuzz_check_grid(before);
    if (r->have_expect)
        FUZZ_CHECK(fuzz_grids_equal(before, &r->expect), "step %d: the engine's grid differs from apply_step's",
                   r->steps);
    check_step_shape(before, s);

    sudoku_step fresh;
    sudoku_logic_options opts = { r->order, LAST_TECHNIQUE };
    FUZZ_CHECK(sudoku_find_step_with(before, &opts, &fresh), "step %d (%s): find_step finds nothing", r->steps,
               sudoku_technique_get(s->technique)->id);
    FUZZ_CHECK(steps_equal(l, s, &fresh), "step %d: the engine found %s, find_step %s", r->steps,
               sudoku_technique_get(s->technique)->id, sudoku_technique_get(fresh.technique)->id);
    check_describe(before, s);

    /* Unique rectangles and BUG assume one solution (as grade and explain
     * make sure first): with several, they may remove any of them, and
     * the steps after follow from that. */
    if (!r->unique && sudoku_technique_get(s->technique)->family == SUDOKU_FAMILY_UNIQUENESS)
        r->off_track = true;
    if (r->solution && !r->off_track) {
        char text[DESCRIBE_MAX];
        if (s->place_cell >= 0 && s->place_digit != r->solution[s->place_cell]) {
            sudoku_step_describe(before, s, text, sizeof text);
            FUZZ_CHECK(false, "step %d places %d in cell %d, whose solution is %d: %s", r->steps, s->place_digit,
                       s->place_cell, r->solution[s->place_cell], text);
        }
        for (int c = 0; c < l->ncells; c++) {
            if (s->elim[c] & sudoku_bit(r->solution[c])) {
                sudoku_step_describe(before, s, text, sizeof text);
                FUZZ_CHECK(false, "step %d removes %d from cell %d, its solution: %s", r->steps, r->solution[c], c,
                           text);
            }
        }
    }

    r->expect = *before;
    sudoku_apply_step(&r->expect, s);
    r->have_expect = true;
    r->steps++;
    /* Each step removes a candidate at least. */
    FUZZ_CHECK(r->steps <= l->ncells * l->n, "%d steps", r->steps);
    return true;
}

static void logic_run(const sudoku_grid *start, enum sudoku_order order, const uint8_t *solution, long solutions,
                      sudoku_grid *end, sudoku_path *path)
{
    const sudoku_layout *l = start->layout;
    run r = { .order = order, .solution = solution, .unique = solutions == 1 };
    *end = *start;
    sudoku_logic_options opts = { order, LAST_TECHNIQUE };
    sudoku_logic_run_with(end, &opts, path, on_step, &r);
    fuzz_check_grid(end);
    if (r.have_expect)
        FUZZ_CHECK(fuzz_grids_equal(end, &r.expect), "the last step: the engine's grid differs from apply_step's");
    FUZZ_CHECK(path->steps == r.steps, "%d steps, %d seen", path->steps, r.steps);
    int counted = 0;
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
        counted += path->count[t];
    FUZZ_CHECK(counted == path->steps, "%d steps counted by technique, %d in all", counted, path->steps);
    FUZZ_CHECK(path->solved + path->stalled + path->contradiction == 1, "solved %d, stalled %d, contradiction %d",
               path->solved, path->stalled, path->contradiction);
    FUZZ_CHECK(path->solved == (end->empty == 0), "solved %d with %d empty cells", path->solved, end->empty);
    /* With several solutions, a uniqueness step may take the run anywhere. */
    bool sound = solutions <= 1 || path->count[SUDOKU_UNIQUE_LOOP] + path->count[SUDOKU_BUG] == 0;
    if (path->solved && sound) {
        /* Logic is sound: a grid it fills is the only solution. */
        FUZZ_CHECK(solutions == 1, "logic solved a grid with %ld solutions", solutions);
        FUZZ_CHECK(memcmp(end->digit, solution, (size_t)l->ncells) == 0, "logic solved it another way");
    }
    if (solutions && sound)
        FUZZ_CHECK(!path->contradiction, "a contradiction in a grid with a solution, after %d steps", path->steps);
    if (path->steps) {
        FUZZ_CHECK(path->ed >= 0 && path->ed <= path->er && path->hardest >= 0, "ed %d er %d hardest %d", path->ed,
                   path->er, path->hardest);
        /* Loops, BUG type 3 (and chains) add to their table rating. */
        FUZZ_CHECK(sudoku_technique_get(path->hardest)->rating <= path->er, "hardest %d, er %d", path->hardest,
                   path->er);
    }
    if (path->ep >= 0)
        FUZZ_CHECK(path->ep <= path->er, "ep %d er %d", path->ep, path->er);
}

static void check_rating(const sudoku_grid *g, const sudoku_path *rating_path, const sudoku_path *tier_path)
{
    sudoku_rating rt;
    sudoku_rate_with(g, LAST_TECHNIQUE, &rt);
    FUZZ_CHECK(memcmp(rt.count, rating_path->count, sizeof rt.count) == 0, "rate took another path");
    FUZZ_CHECK(rt.level >= SUDOKU_LEVEL_EASY && rt.level <= SUDOKU_LEVEL_EXTREME, "level %d", (int)rt.level);
    FUZZ_CHECK(rating_path->solved == tier_path->solved, "the rating order solves: %d, the tier order: %d",
               rating_path->solved, tier_path->solved);
    if (rating_path->solved) {
        FUZZ_CHECK((rt.level != SUDOKU_LEVEL_EXTREME || rating_path->max_level == SUDOKU_LEVEL_EXTREME) &&
                       rt.guesses == 0 && rt.depth == 0,
                   "level %s, %lu guesses", sudoku_level_name(rt.level), rt.guesses);
        FUZZ_CHECK(rt.er == (rating_path->steps ? rating_path->er : 0) && rt.hardest == rating_path->hardest,
                   "er %d, path er %d", rt.er, rating_path->er);
        FUZZ_CHECK((int)rt.level <= rating_path->max_level || (rt.level == SUDOKU_LEVEL_EASY),
                   "level %s above the path's level %d", sudoku_level_name(rt.level), rating_path->max_level);
    } else {
        /* Logic stalled: no single applies, so the search has to guess. */
        FUZZ_CHECK(rt.level == SUDOKU_LEVEL_EXTREME && rt.er == -1 && rt.hardest == -1, "level %s, er %d",
                   sudoku_level_name(rt.level), rt.er);
        FUZZ_CHECK(rt.guesses >= 1 && rt.depth >= 1, "extreme with %lu guesses, depth %d", rt.guesses, rt.depth);
    }
    bool full = rating_path->solved && rating_path->steps == 0;
    FUZZ_CHECK(rt.ed == (full ? 0 : rating_path->ed) && rt.ep == (full ? 0 : rating_path->ep),
               "ed %d ep %d, path ed %d ep %d", rt.ed, rt.ep, rating_path->ed, rating_path->ep);
}

/* 'rec' is NULL when g is what was loaded before a contradiction. */
static void check_grid(const sudoku_record *rec, const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    uint8_t solution[SUDOKU_MAX_CELLS];
    sudoku_search_stats stats;
    long solutions = sudoku_solve(g, 2, solution, &stats);
    FUZZ_CHECK(solutions >= 0 && solutions <= 2, "%ld solutions", solutions);
    if (solutions) {
        for (int c = 0; c < l->ncells; c++)
            FUZZ_CHECK(g->digit[c] ? solution[c] == g->digit[c] : (g->cand[c] & sudoku_bit(solution[c])) != 0,
                       "the solution puts %d in cell %d (digit %d, mask 0x%X)", solution[c], c, g->digit[c],
                       (unsigned)g->cand[c]);
        if (rec)
            FUZZ_CHECK(sudoku_solution_valid(rec, solution), "the solution fails sudoku_solution_valid");
        /* Counting to 1 finds the same first solution. */
        uint8_t first[SUDOKU_MAX_CELLS];
        FUZZ_CHECK(sudoku_solve(g, 1, first, NULL) == 1 && memcmp(first, solution, (size_t)l->ncells) == 0,
                   "limit 1 finds another solution");
    }
    const uint8_t *known = solutions ? solution : NULL;

    sudoku_grid end;
    sudoku_path rating_path, tier_path;
    logic_run(g, SUDOKU_ORDER_RATING, known, solutions, &end, &rating_path);
    fuzz_check_format(&end, sudoku_grid_format);
    fuzz_check_format(&end, sudoku_grid_format_candidates);
    fuzz_digits_round_trip(&end);
    fuzz_candidates_round_trip(&end);
    logic_run(g, SUDOKU_ORDER_TIER, known, solutions, &end, &tier_path);
    if (solutions == 1)
        check_rating(g, &rating_path, &tier_path);
}

static bool on_record(const sudoku_record *rec, void *ctx)
{
    int *count = ctx;
    fuzz_check_record(rec, source);
    if (!rec->ok)
        return true;
    sudoku_grid g;
    bool loaded = sudoku_grid_from_record(&g, rec, NULL, 0);
    fuzz_check_grid(&g);
    fuzz_check_format(&g, sudoku_grid_format);
    fuzz_check_format(&g, sudoku_grid_format_candidates);
    fuzz_digits_round_trip(&g);
    fuzz_candidates_round_trip(&g);
    check_grid(loaded ? rec : NULL, &g);
    return ++*count < MAX_RECORDS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int count = 0;
    fuzz_read_all(data, size, source, 0, on_record, &count);
    return 0;
}
