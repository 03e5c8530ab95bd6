/*
 * engine.c - the technique table's finders and the fixpoint loop.
 *
 * The engine always takes the first step found in its order and starts
 * again from the top, so that each step is the easiest one available.
 */
#include "grade/engine.h"
#include "grade/memo.h"
#include "grade/singles_phase.h"
#include "techniques/strategy.h"

#include <assert.h>
#include <string.h>
#include <threads.h>

/* The finder of each technique, indexed as the catalog (catalog.c), which
 * says what each one is called and rated. */
static const finder_fn finders[SUDOKU_NTECHNIQUES] = {
    [SUDOKU_FULL_HOUSE] = find_full_house,
    [SUDOKU_HIDDEN_SINGLE_BOX] = find_hidden_single_box,
    [SUDOKU_HIDDEN_SINGLE_LINE] = find_hidden_single_line,
    [SUDOKU_DIRECT_POINTING] = find_direct_pointing,
    [SUDOKU_DIRECT_CLAIMING] = find_direct_claiming,
    [SUDOKU_DIRECT_HIDDEN_PAIR] = find_direct_hidden_pair,
    [SUDOKU_NAKED_SINGLE] = find_naked_single,
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = find_direct_hidden_triple,
    [SUDOKU_POINTING] = find_pointing,
    [SUDOKU_CLAIMING] = find_claiming,
    [SUDOKU_NAKED_PAIR] = find_naked_pair,
    [SUDOKU_X_WING] = find_x_wing,
    [SUDOKU_HIDDEN_PAIR] = find_hidden_pair,
    [SUDOKU_NAKED_TRIPLE] = find_naked_triple,
    [SUDOKU_SWORDFISH] = find_swordfish,
    [SUDOKU_HIDDEN_TRIPLE] = find_hidden_triple,
    [SUDOKU_XY_WING] = find_xy_wing,
    [SUDOKU_XYZ_WING] = find_xyz_wing,
    [SUDOKU_UNIQUE_LOOP] = find_unique_loop,
    [SUDOKU_NAKED_QUAD] = find_naked_quad,
    [SUDOKU_JELLYFISH] = find_jellyfish,
    [SUDOKU_HIDDEN_QUAD] = find_hidden_quad,
    [SUDOKU_BUG] = find_bug,
    [SUDOKU_ALIGNED_PAIR_EXCLUSION] = find_aligned_pair_exclusion,
    [SUDOKU_FORCING_CHAIN] = find_forcing_chain,
    [SUDOKU_ALIGNED_TRIPLE_EXCLUSION] = find_aligned_triple_exclusion,
    [SUDOKU_NISHIO_CHAIN] = find_nishio_chain,
    [SUDOKU_MULTIPLE_CHAIN] = find_multiple_chain,
    [SUDOKU_DYNAMIC_CHAIN] = find_dynamic_chain,
    [SUDOKU_DYNAMIC_CHAIN_PLUS] = find_dynamic_chain_plus,
    [SUDOKU_NESTED_CHAIN_FC] = find_nested_chain_fc,
    [SUDOKU_NESTED_CHAIN_MFC] = find_nested_chain_mfc,
    [SUDOKU_NESTED_CHAIN_DFC] = find_nested_chain_dfc,
};

/* Each technique's level, read at every step: looked up in the catalog
 * once (two calls into catalog.c a step showed in profiles of easy
 * puzzles), before the first list is made. */
static enum sudoku_level technique_level[SUDOKU_NTECHNIQUES];
/* And its rating and name, as step_start() gives them (for the steps of singles_phase.h). */
static int technique_rating[SUDOKU_NTECHNIQUES];
static double technique_difficulty[SUDOKU_NTECHNIQUES];
static const char *technique_name[SUDOKU_NTECHNIQUES];
static once_flag levels_once = ONCE_FLAG_INIT;

/* Bit t: technique t is worth keeping in a memo (memo_worth). */
static uint64_t worth_keeping;
/* Bit t: technique t is one of those that stall on the same grid in any
 * order (follow_step): the levels up to hard, X-wing and swordfish. */
static uint64_t stall_together;

/* The lists of every technique, by order and highest level (the lists
 * the gradings ask for, made once rather than for every run). */
static int full_list[2][SUDOKU_LEVEL_EXTREME + 1][SUDOKU_NTECHNIQUES];
static int full_count[2][SUDOKU_LEVEL_EXTREME + 1];

static int make_list(enum sudoku_order order, int last, enum sudoku_level top, int *list);

static void levels_fill(void)
{
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++) {
        technique_level[t] = sudoku_family_level(sudoku_technique_get(t)->family);
        technique_rating[t] = sudoku_technique_get(t)->rating;
        technique_difficulty[t] = technique_rating[t] / 10.0;
        technique_name[t] = sudoku_technique_get(t)->name;
        if (technique_level[t] >= SUDOKU_LEVEL_HARD)
            worth_keeping |= 1ull << t;
        if (technique_level[t] <= SUDOKU_LEVEL_HARD || t == SUDOKU_X_WING || t == SUDOKU_SWORDFISH)
            stall_together |= 1ull << t;
    }
    for (int order = SUDOKU_ORDER_RATING; order <= SUDOKU_ORDER_TIER; order++)
        for (int top = SUDOKU_LEVEL_EASY; top <= SUDOKU_LEVEL_EXTREME; top++)
            full_count[order][top] = make_list((enum sudoku_order)order, SUDOKU_NTECHNIQUES - 1,
                                               (enum sudoku_level)top, full_list[order][top]);
    /* follow_step() counts on stall_together coming first in the level order. */
    for (int k = 1; k < full_count[SUDOKU_ORDER_TIER][SUDOKU_LEVEL_EXTREME]; k++)
        assert(!((stall_together >> full_list[SUDOKU_ORDER_TIER][SUDOKU_LEVEL_EXTREME][k]) & 1u) ||
               ((stall_together >> full_list[SUDOKU_ORDER_TIER][SUDOKU_LEVEL_EXTREME][k - 1]) & 1u));
}

static enum sudoku_level level_of_technique(int t) { return technique_level[t]; }

/* The finders that read the view's locked_in, which a step leaves stale. */
static const uint64_t reads_locked = 1ull << SUDOKU_DIRECT_POINTING | 1ull << SUDOKU_DIRECT_CLAIMING |
                                     1ull << SUDOKU_POINTING | 1ull << SUDOKU_CLAIMING;

static bool run_finder(view *v, int t, sudoku_step *step)
{
    if ((reads_locked >> t) & 1u)
        view_refresh_locked(v);
    if (finders[t](v, step))
        return true;
    v->found_nothing_at[t] = v->clock;
    return false;
}

/* The techniques up to 'last', in the order, of the levels up to top; returns how many. */
static int make_list(enum sudoku_order order, int last, enum sudoku_level top, int *list)
{
    int k = 0;
    if (order == SUDOKU_ORDER_RATING) {
        for (int t = 0; t <= last; t++)
            if (level_of_technique(t) <= top)
                list[k++] = t;
        return k;
    }
    for (int level = SUDOKU_LEVEL_EASY; level <= (int)top; level++)
        for (int t = 0; t <= last; t++)
            if ((int)level_of_technique(t) == level)
                list[k++] = t;
    return k;
}

/* The techniques allowed by opts, in its order, of the levels up to top; returns how many. */
static int order_list(const sudoku_logic_options *opts, enum sudoku_level top, int *list)
{
    call_once(&levels_once, levels_fill); /* every run makes its list first */
    int last = opts->last < SUDOKU_NTECHNIQUES ? opts->last : SUDOKU_NTECHNIQUES - 1;
    if (last == SUDOKU_NTECHNIQUES - 1 && (opts->order == SUDOKU_ORDER_RATING || opts->order == SUDOKU_ORDER_TIER) &&
        top >= SUDOKU_LEVEL_EASY && top <= SUDOKU_LEVEL_EXTREME) {
        int k = full_count[opts->order][top];
        memcpy(list, full_list[opts->order][top], (size_t)k * sizeof *list);
        return k;
    }
    return make_list(opts->order, last, top, list);
}

/*
 * The memo (memo.h) of a grading: the rating run keeps, grid by grid, the
 * finders that found nothing; the level run skips them on the same grids.
 * Only grids where a finder worth skipping failed are kept, and looked up
 * only when such a finder is next: singles and intersections cost less
 * than the lookup.
 */
typedef struct memo_use {
    engine_memo *keep;       /* the rating run: keep failures here */
    const engine_memo *skip; /* the level run: skip what failed here */
    engine_tier_follow *follow; /* the rating run: the level pass followed */
    /* The rating run: bit u of rating_before[t], u is before t in its
     * list; and the level pass's list. */
    uint64_t rating_before[SUDOKU_NTECHNIQUES];
    const int *tier;
    int ntier;
    /* Both lists have every technique of stall_together: the level pass,
     * once parted on one, may meet the rating run again (follow_step). */
    bool may_meet;
    engine_gate *gate;       /* the rating run: count the solutions first */
} memo_use;

_Static_assert(SUDOKU_NTECHNIQUES <= 64, "a memo keeps the failed finders of a grid in 64 bits");

static bool memo_worth(int t) { return (worth_keeping >> t) & 1u; }

/* The first step of the list on v, the finders before list[from] known
 * to find nothing there (the singles, where the singles phase found
 * none); *kept: the finders that found nothing there, when one of them is
 * worth keeping in a memo (else 0). */
static bool find_in(view *v, const int *list, int count, int from, sudoku_step *step, const memo_use *memo,
                    uint64_t *kept)
{
    uint64_t failed = 0, skip = 0;
    for (int k = 0; k < from; k++)
        failed |= 1ull << list[k];
    /* Read once, not at every finder: the memo to look up (NULL once
     * looked up) and the gate still to pass (NULL once passed). */
    const engine_memo *to_look = memo ? memo->skip : NULL;
    engine_gate *gate = memo && memo->gate && !memo->gate->counted ? memo->gate : NULL;
    v->solution = memo && memo->gate && memo->gate->counted && memo->gate->solutions == 1 ? memo->gate->solution
                                                                                           : NULL;
    for (int k = from; k < count; k++) {
        int t = list[k];
        if (to_look && memo_worth(t)) {
            skip = memo_failed(to_look, v->g);
            to_look = NULL;
        }
        if ((skip >> t) & 1u)
            continue;
        if (gate && t >= gate->technique) {
            gate->counted = true;
            gate->solutions = sudoku_solve(v->g, 2, gate->solution, NULL);
            if (gate->solutions != 1)
                break;
            v->solution = gate->solution;
            gate = NULL;
        }
        if (run_finder(v, t, step)) {
            *kept = failed & worth_keeping ? failed : 0;
            return true;
        }
        failed |= 1ull << t;
    }
    *kept = failed & worth_keeping ? failed : 0;
    return false;
}

bool sudoku_find_step_with(const sudoku_grid *g, const sudoku_logic_options *opts, sudoku_step *step)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, SUDOKU_LEVEL_EXTREME, list);
    view v;
    view_build_lazy(&v, g); /* find_in() refreshes locked_in */
    uint64_t kept;
    return !v.broken && find_in(&v, list, count, 0, step, NULL, &kept);
}

bool sudoku_find_step(const sudoku_grid *g, enum sudoku_order order, sudoku_step *step)
{
    sudoku_logic_options opts = { order, SUDOKU_NTECHNIQUES - 1 };
    return sudoku_find_step_with(g, &opts, step);
}

void sudoku_apply_step(sudoku_grid *g, const sudoku_step *step)
{
    if (step->nelim)
        for (int c = 0; c < g->layout->ncells; c++)
            if (step->elim[c] && !g->digit[c])
                g->cand[c] &= (sudoku_mask)~step->elim[c];
    if (step->place_cell >= 0)
        sudoku_grid_place(g, step->place_cell, step->place_digit);
}

/*
 * ER, EP and ED as SE's Solver.getDifficulty() keeps them: ER is the
 * largest difficulty so far (compared as doubles, so the first step to
 * reach it names it), ED the ER after the first step, EP the ER after the
 * first step that places a digit.
 */
static void path_note(sudoku_path *path, int technique, int rating, double difficulty, const char *name,
                      bool places, double *er_exact)
{
    if (path->steps == 0 || difficulty > *er_exact) {
        *er_exact = difficulty;
        path->er = rating;
        path->hardest = technique;
        strcpy(path->hardest_name, name);
    }
    if (path->steps == 0)
        path->ed = path->er;
    if (path->ep < 0 && places)
        path->ep = path->er;
    int level = (int)level_of_technique(technique);
    if (level > path->max_level)
        path->max_level = level;
    path->count[technique]++;
    path->steps++;
}

static void path_record(sudoku_path *path, const sudoku_step *step, double *er_exact)
{
    path_note(path, step->technique, step->rating, step->difficulty, step->name, step->place_cell >= 0, er_exact);
}

/*
 * The level pass at a grid of the rating run, whose step there is 'step'
 * (engine_tier_follow). The rating run tried every finder before the
 * step's in its own order, and each found nothing; a finder's result is a
 * function of the grid alone. So the level pass, which takes the first of
 * its own list that finds a step, takes the same step unless one before
 * it in the level order, not tried by the rating run, finds one: those
 * are run, in that order. When the step's technique is above the level
 * pass's levels, the level pass takes another step or none at all (it
 * stalls there, and the level is the highest). Where one of those finds a
 * step, that step is the level pass's own there: it is taken at once, so
 * that the pass goes on from the grid after it and need not find it again
 * (an ATE where the rating run takes its first chain, say).
 *
 * Where both steps are singles, intersections, subsets, X-wings or
 * swordfish (a naked single where the rating run takes a direct hidden
 * pair, most often), the two may meet again. These taken in any order
 * stall on the same grid (stall_together): each such step stays possible
 * on a grid with fewer candidates (one that sound steps reach from a grid
 * whose candidates agree with its digits, as every grid read does: a
 * grid built through the library with a candidate its unit holds is not
 * covered by this argument), or is made already, or a smaller one
 * of them makes it (a subset or fish whose cells or lines were partly
 * placed is a smaller one, or a single; one of a size the finders skip
 * for its placed count is matched by a smaller one of the other side);
 * and they come first in the level order, so the level pass takes
 * nothing else before that grid. While the rating run takes only such
 * steps too, it is on its way to that grid; the first grid where it takes
 * another step is that grid when none of them is there (the rating run
 * tried some, the others are run here, first in the level order). There
 * the level pass is back on the rating path, and the check above goes on.
 * The levels of the steps it took meanwhile are not counted: from there
 * on it takes a step of the expert level or above, or stalls, which
 * counts as much or more. When one of them is there, the level pass goes
 * on alone from where they first parted (f->at, kept).
 *
 * Returns the techniques whose steps of the rating run it must see next:
 * all of them while the two go the same way, the others than those while
 * it is behind, none once it goes on alone or stalls.
 */
static uint64_t follow_step(const memo_use *memo, view *v, const sudoku_step *step)
{
    engine_tier_follow *f = memo->follow;
    int level = (int)level_of_technique(step->technique);
    uint64_t tried = memo->rating_before[step->technique];
    static _Thread_local sudoku_step other; /* large: off the stack */
    for (int k = 0; k < memo->ntier && memo->tier[k] != step->technique; k++) {
        int t = memo->tier[k];
        if ((tried >> t) & 1u)
            continue;
        if (run_finder(v, t, &other)) {
            int other_level = (int)level_of_technique(t);
            bool other_together = (stall_together >> t) & 1u;
            if (f->behind) {
                f->behind = false;
                if (other_together)
                    return 0; /* not where they meet: the level pass goes on from f->at */
            }
            f->parted = true;
            f->behind = memo->may_meet && other_together && ((stall_together >> step->technique) & 1u);
            f->at = *v->g;
            f->at_view = *v;
            f->at_view.g = &f->at;
            view_apply(&f->at_view, &f->at, &other);
            if (other_level > f->max_level)
                f->max_level = other_level;
            return f->behind ? ~stall_together : 0;
        }
    }
    f->parted = f->behind = false; /* met again, or never parted */
    if (level > (int)f->top) {
        f->stalled = true;
        return 0;
    }
    if (level > f->max_level)
        f->max_level = level;
    return ~0ull;
}

/*
 * Whether the run may take its singles from singles_phase.h: a 9x9
 * grid, no callback to show the steps to, a list that starts with the
 * three singles, and nothing of the run's own bookkeeping that a single
 * would change. The memo keeps nothing for them (they are not worth it)
 * and looks nothing up before them; the gate is for a later finder; and
 * the level pass followed tries, before each of them, only singles the
 * rating run tried (its list starts with the same three): it takes the
 * same step, of the easy level (follow_step).
 */
static bool singles_first(const sudoku_grid *g, const int *list, int count, sudoku_step_fn on_step,
                          const memo_use *memo)
{
    if (on_step || !singles_phase_fits(g->layout) || count < 3 || list[0] != SUDOKU_FULL_HOUSE ||
        list[1] != SUDOKU_HIDDEN_SINGLE_BOX || list[2] != SUDOKU_HIDDEN_SINGLE_LINE)
        return false;
    if (!memo)
        return true;
    if (memo->gate && !memo->gate->counted && memo->gate->technique <= SUDOKU_HIDDEN_SINGLE_LINE)
        return false;
    if (memo->follow && (memo->ntier < 3 || memo->tier[0] != SUDOKU_FULL_HOUSE ||
                         memo->tier[1] != SUDOKU_HIDDEN_SINGLE_BOX || memo->tier[2] != SUDOKU_HIDDEN_SINGLE_LINE))
        return false;
    return true;
}

/* A single of the singles phase (its technique t), recorded as the
 * engine records a step: for the level pass followed (to_follow), as
 * follow_step() would (the pass takes the same single: singles_first()). */
static void note_single(sudoku_path *path, int t, double *er_exact, const memo_use *memo, uint64_t to_follow)
{
    static_assert(SUDOKU_LEVEL_EASY == 0, "the singles are the easy level");
    if ((to_follow >> t) & 1u) {
        engine_tier_follow *f = memo->follow;
        if (f->max_level < SUDOKU_LEVEL_EASY)
            f->max_level = SUDOKU_LEVEL_EASY;
    }
    path_note(path, t, technique_rating[t], technique_difficulty[t], technique_name[t], true, er_exact);
}

/* A view brought up to date with at most this many placements of the
 * singles phase is given them one by one; past it, it is made afresh
 * (view_build_lazy() costs about as much as ten placements). */
enum { REPLAY_MAX = 10 };

/* A placement of the singles phase, for the view (view_replay_placement()). */
typedef struct phase_placement {
    uint8_t cell, digit;
    sudoku_mask others;
} phase_placement;

/* start: g's view when the caller has it (NULL: made here). */
static void run_list(sudoku_grid *g, const view *start, const int *list, int count, sudoku_path *path,
                     sudoku_step_fn on_step, void *ctx, const memo_use *memo)
{
    memset(path, 0, sizeof *path);
    path->er = path->ep = path->ed = -1;
    path->hardest = path->max_level = -1;

    /* On the stack, not in a static: the callback may run the engine
     * itself (rate another grid, look for a hint), and this run must go on
     * with its own step. About 6 KB; worker stacks are 512 KB. */
    view v;
    sudoku_step step;
    double er_exact = 0;
    /* The techniques whose steps follow_step() must see (all while the
     * level pass is followed). */
    uint64_t to_follow = memo && memo->follow ? ~0ull : 0;
    /*
     * The singles phase takes the singles, while there are any, at each
     * point of the run, and the view is kept only for the other steps:
     * made when the first is looked for, then given the phase's
     * placements made since (each one costs the view more than it costs
     * the phase). The phase follows the view's steps.
     */
    bool phase = singles_first(g, list, count, on_step, memo);
    singles_phase s;
    int view_behind = -1; /* the phase's placements the view has not been given; -1: no view */
    phase_placement behind[REPLAY_MAX];
    if (phase)
        singles_phase_start(&s, g);
    if (start) {
        v = *start;
        v.g = g;
        view_behind = 0;
    }
    /* The singles' finders, first in the list, need not be run after the
     * phase found none. */
    int from = phase ? 3 : 0;
    while (g->empty) {
        if (phase) {
            int t = singles_phase_step(&s, g);
            if (t >= 0) {
                note_single(path, t, &er_exact, memo, to_follow);
                if (view_behind >= 0 && view_behind < REPLAY_MAX)
                    behind[view_behind] = (phase_placement){ s.last_cell, s.last_digit, s.last_others };
                if (view_behind >= 0)
                    view_behind++;
                continue;
            }
        }
        if (view_behind < 0 || view_behind > REPLAY_MAX) {
            view_build_lazy(&v, g); /* find_in() refreshes locked_in */
        } else if (view_behind > 0) {
            for (int i = 0; i < view_behind; i++)
                view_replay_placement(&v, behind[i].cell, behind[i].digit, behind[i].others);
            v.broken = s.broken;
        }
        view_behind = 0;
        if (v.broken) {
            path->contradiction = true;
            return;
        }
        uint64_t kept;
        if (!find_in(&v, list, count, from, &step, memo, &kept)) {
            path->stalled = true;
            return;
        }
        if (on_step && !on_step(g, &step, ctx))
            return;
        if ((to_follow >> step.technique) & 1u)
            to_follow = follow_step(memo, &v, &step);
        /* While the level pass follows the rating run it meets none of
         * its grids again: it goes on alone from the grid where they part,
         * and then meets only grids with fewer candidates. (The grids kept
         * while it is behind are of no use once it is back: not worth
         * telling apart.) */
        bool needed = !memo || !memo->follow || memo->follow->parted;
        if (memo && memo->keep && kept && needed)
            memo_keep(memo->keep, g, kept);
        path_record(path, &step, &er_exact);
        if (phase)
            singles_phase_follow(&s, g, &step);
        view_apply(&v, g, &step);
        if (phase)
            s.broken = v.broken;
    }
    path->solved = true;
}

void sudoku_logic_run_with(sudoku_grid *g, const sudoku_logic_options *opts, sudoku_path *path,
                           sudoku_step_fn on_step, void *ctx)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, SUDOKU_LEVEL_EXTREME, list);
    run_list(g, NULL, list, count, path, on_step, ctx, NULL);
}

void engine_rate_run(sudoku_grid *g, const sudoku_logic_options *opts, sudoku_path *path, engine_memo *memo,
                     engine_tier_follow *follow, engine_gate *gate)
{
    int list[SUDOKU_NTECHNIQUES], tier[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, SUDOKU_LEVEL_EXTREME, list);
    memo_use use = { .keep = memo, .gate = gate };
    if (follow) {
        uint64_t before = 0;
        for (int k = 0; k < count; k++) {
            use.rating_before[list[k]] = before;
            before |= 1ull << list[k];
        }
        sudoku_logic_options tier_opts = { SUDOKU_ORDER_TIER, opts->last };
        use.follow = follow;
        use.tier = tier;
        use.ntier = order_list(&tier_opts, follow->top, tier);
        use.may_meet = opts->last >= SUDOKU_HIDDEN_QUAD;
        follow->parted = follow->stalled = follow->behind = false;
        follow->max_level = -1;
    }
    run_list(g, NULL, list, count, path, NULL, NULL, &use);
}

void engine_run_up_to_level(sudoku_grid *g, const view *start, const sudoku_logic_options *opts,
                            enum sudoku_level top, sudoku_path *path, const engine_memo *memo)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, top, list);
    memo_use use = { .skip = memo };
    run_list(g, start, list, count, path, NULL, NULL, &use);
}

void sudoku_logic_run(sudoku_grid *g, enum sudoku_order order, sudoku_path *path,
                      sudoku_step_fn on_step, void *ctx)
{
    sudoku_logic_options opts = { order, SUDOKU_NTECHNIQUES - 1 };
    sudoku_logic_run_with(g, &opts, path, on_step, ctx);
}
