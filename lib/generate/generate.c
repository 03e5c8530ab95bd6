/*
 * generate.c - one generated puzzle: a random solution grid, clues taken
 * away to a minimal puzzle, and, for a target random puzzles seldom meet,
 * a search in the vicinity of the closest puzzle found so far.
 *
 * Minimal in one pass: the clues (or, with a symmetry, the orbits of
 * clues) are tried once each in random order and taken away when the
 * puzzle keeps one solution. A clue that cannot go from a set of clues
 * cannot go from any subset of it either (fewer clues leave at least the
 * same second solution), so no clue tried earlier becomes removable later.
 *
 * Uniqueness is the fast solver's: a single clue c of solution s can go
 * when the puzzle without it and with s[c] struck from c has no solution
 * (any second solution differs from s at c); an orbit of several cells is
 * counted up to two solutions.
 *
 * The vicinity ("-m+k" in the forum's terms): one or two clue orbits
 * out, one or two empty orbits in with random digits, one solution
 * checked, minimal again; kept when no farther from the target. After
 * STALL_LIMIT tries without getting closer the search goes on from another
 * of the POOL closest puzzles found so far (the --from puzzle among them),
 * so that what was reached is not lost.
 */
#define _POSIX_C_SOURCE 200809L

#include "generate/generator.h"
#include "grid/bits.h"

#include <string.h>
#include <time.h>

#define STALL_LIMIT 400
#define POOL 16

double gen_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A puzzle under consideration. */
typedef struct candidate {
    uint8_t given[SUDOKU_MAX_CELLS];
    uint8_t solution[SUDOKU_MAX_CELLS];
    int clues;
    bool minimal;
    bool rated;
    sudoku_rating rating;
    long dist;                /* how far from the targets (tenths, times 1000); 0 meets them */
} candidate;

typedef struct gen {
    const sudoku_generate_options *o;
    const sudoku_layout *l;
    gen_orbits orb;
    gen_rng rng;
    gen_shared *shared;
    bool need_rate;           /* a target is a grade */
    long tries;
} gen;

/* ------------------------------------------------------------ grids */

/* A grid for the solver: digits, every candidate in the empty cells (the
 * solvers strike what the digits rule out themselves). */
static void solver_grid(const sudoku_layout *l, const uint8_t *digits, sudoku_grid *g)
{
    g->layout = l;
    g->empty = 0;
    for (int c = 0; c < l->ncells; c++) {
        g->digit[c] = digits[c];
        g->cand[c] = digits[c] ? 0 : l->all;
        g->empty += !digits[c];
    }
}

/* True when digit d can go in cell c beside the digits already there. */
static bool fits(const sudoku_layout *l, const uint8_t *digits, int c, int d)
{
    for (int i = 0; i < l->npeers; i++)
        if (digits[l->peer[c][i]] == d)
            return false;
    return true;
}

/*
 * A random solution grid: boxes that share no row or column (the 9x9's
 * diagonal boxes, two of the 8x8's) filled with random permutations, a few
 * more random digits, the rest completed by the solver; then the digits
 * relabelled at random. The solver's completion follows its own order; the
 * random start and relabelling spread the grids out.
 */
static void random_solution(gen *g, uint8_t *sol)
{
    const sudoku_layout *l = g->l;
    int n = l->n, stacks = n / l->desc.box_cols, bands = n / l->desc.box_rows;
    int independent = stacks < bands ? stacks : bands;
    for (;;) {
        uint8_t digits[SUDOKU_MAX_CELLS] = { 0 };
        for (int b = 0; b < independent; b++) {
            int perm[SUDOKU_MAX_N];
            for (int d = 0; d < n; d++)
                perm[d] = d + 1;
            gen_shuffle(&g->rng, perm, n);
            const uint8_t *cells = l->unit_cell[2 * n + b * stacks + b];
            for (int i = 0; i < n; i++)
                digits[cells[i]] = (uint8_t)perm[i];
        }
        for (int k = 0; k < n / 2; k++) {
            int c = (int)gen_rng_below(&g->rng, (unsigned)l->ncells), d = 1 + (int)gen_rng_below(&g->rng, (unsigned)n);
            if (!digits[c] && fits(l, digits, c, d))
                digits[c] = (uint8_t)d;
        }
        sudoku_grid grid;
        solver_grid(l, digits, &grid);
        if (sudoku_solve(&grid, 1, sol, NULL) == 1)
            break;
    }
    int perm[SUDOKU_MAX_N + 1];
    for (int d = 0; d <= n; d++)
        perm[d] = d;
    gen_shuffle(&g->rng, perm + 1, n);
    for (int c = 0; c < l->ncells; c++)
        sol[c] = (uint8_t)perm[sol[c]];
}

/*
 * The clues' digits per unit, for the quick test below: most clues of a
 * full grid can go because the others leave their cell a naked or hidden
 * single, which needs no search.
 */
typedef struct unit_digits {
    sudoku_mask has[SUDOKU_MAX_UNITS];
} unit_digits;

static void unit_digits_of(const sudoku_layout *l, const uint8_t *digits, unit_digits *u)
{
    memset(u, 0, sizeof *u);
    for (int c = 0; c < l->ncells; c++)
        if (digits[c])
            for (int k = 0; k < 3; k++)
                u->has[l->cell_unit[c][k]] |= sudoku_bit(digits[c]);
}

static sudoku_mask seen_by(const sudoku_layout *l, const unit_digits *u, int c)
{
    return u->has[l->cell_unit[c][0]] | u->has[l->cell_unit[c][1]] | u->has[l->cell_unit[c][2]];
}

/* Whether the clues in 'grid' force digit d into the empty cell c by a
 * naked single or a hidden single. */
static bool forced(const sudoku_layout *l, const sudoku_grid *grid, const unit_digits *u, int c, int d)
{
    sudoku_mask b = sudoku_bit(d);
    if ((sudoku_mask)(seen_by(l, u, c) | b) == l->all)
        return true;
    for (int k = 0; k < 3; k++) {
        const uint8_t *cells = l->unit_cell[l->cell_unit[c][k]];
        bool only = true;
        for (int i = 0; i < l->n && only; i++) {
            int e = cells[i];
            only = e == c || grid->digit[e] || (seen_by(l, u, e) & b);
        }
        if (only)
            return true;
    }
    return false;
}

/* Takes orbit k out of the grid; true when one solution ('sol') is left.
 * Otherwise the orbit is put back. 'u' follows the grid's clues. */
static bool try_remove(const gen *g, sudoku_grid *grid, unit_digits *u, int k, const uint8_t *sol)
{
    const gen_orbits *o = &g->orb;
    const sudoku_layout *l = g->l;
    for (int i = 0; i < o->size[k]; i++) {
        int c = o->cell[k][i];
        grid->digit[c] = 0;
        grid->cand[c] = l->all;
        for (int j = 0; j < 3; j++)
            u->has[l->cell_unit[c][j]] &= (sudoku_mask)~sudoku_bit(sol[c]);
    }
    bool all_forced = true;
    for (int i = 0; i < o->size[k] && all_forced; i++)
        all_forced = forced(l, grid, u, o->cell[k][i], sol[o->cell[k][i]]);
    if (all_forced)
        return true;
    bool one;
    if (o->size[k] == 1) {
        int c = o->cell[k][0];
        grid->cand[c] = (sudoku_mask)(l->all & ~sudoku_bit(sol[c]));
        one = sudoku_solve(grid, 1, NULL, NULL) == 0;
        grid->cand[c] = l->all;
    } else {
        one = sudoku_solve(grid, 2, NULL, NULL) == 1;
    }
    if (one)
        return true;
    for (int i = 0; i < o->size[k]; i++) {
        int c = o->cell[k][i];
        grid->digit[c] = sol[c];
        grid->cand[c] = 0;
        for (int j = 0; j < 3; j++)
            u->has[l->cell_unit[c][j]] |= sudoku_bit(sol[c]);
    }
    return false;
}

static int count_clues(const sudoku_layout *l, const uint8_t *given)
{
    int n = 0;
    for (int c = 0; c < l->ncells; c++)
        n += given[c] != 0;
    return n;
}

/* Takes away every orbit of clues that can go, in random order: the
 * result is minimal (see the top of the file). */
static void minimise(gen *g, candidate *p)
{
    const gen_orbits *o = &g->orb;
    int order[SUDOKU_MAX_CELLS], n = 0;
    for (int k = 0; k < o->count; k++)
        if (p->given[o->cell[k][0]])
            order[n++] = k;
    gen_shuffle(&g->rng, order, n);
    sudoku_grid grid;
    unit_digits u;
    solver_grid(g->l, p->given, &grid);
    unit_digits_of(g->l, p->given, &u);
    for (int i = 0; i < n; i++)
        try_remove(g, &grid, &u, order[i], p->solution);
    memcpy(p->given, grid.digit, (size_t)g->l->ncells);
    p->clues = count_clues(g->l, p->given);
    p->minimal = true;
    p->rated = false;
}

/* Whether no single clue can go: for --pattern, where it is only reported. */
static bool is_minimal(const gen *g, const candidate *p)
{
    sudoku_grid grid;
    solver_grid(g->l, p->given, &grid);
    for (int c = 0; c < g->l->ncells; c++) {
        if (!p->given[c])
            continue;
        grid.digit[c] = 0;
        grid.cand[c] = (sudoku_mask)(g->l->all & ~sudoku_bit(p->solution[c]));
        long n = sudoku_solve(&grid, 1, NULL, NULL);
        grid.digit[c] = p->given[c];
        grid.cand[c] = 0;
        if (n == 0)
            return false;
    }
    return true;
}

/* One solution? Then its solution goes into p. */
static bool unique(const gen *g, candidate *p)
{
    sudoku_grid grid;
    solver_grid(g->l, p->given, &grid);
    return sudoku_solve(&grid, 2, p->solution, NULL) == 1;
}

static bool stopped(gen *g)
{
    gen_shared *s = g->shared;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return true;
    if (s->deadline > 0 && gen_now() >= s->deadline) {
        atomic_store(&s->stop, true);
        return true;
    }
    return false;
}

static void count_try(gen *g)
{
    g->tries++;
    atomic_fetch_add_explicit(&g->shared->tries, 1, memory_order_relaxed);
}

/* ------------------------------------------------------------ candidates */

/* A new random puzzle: minimal, or the pattern's cells of a random grid
 * when that has one solution. False when stopped first. */
static bool fresh(gen *g, candidate *p)
{
    const sudoku_layout *l = g->l;
    for (;;) {
        if (stopped(g))
            return false;
        count_try(g);
        random_solution(g, p->solution);
        if (!g->o->pattern) {
            memcpy(p->given, p->solution, sizeof p->given);
            minimise(g, p);
            return true;
        }
        for (int c = 0; c < l->ncells; c++)
            p->given[c] = g->o->pattern[c] ? p->solution[c] : 0;
        if (unique(g, p)) {
            p->clues = count_clues(l, p->given);
            p->minimal = is_minimal(g, p);
            p->rated = false;
            return true;
        }
    }
}

/* A random digit for cell c that fits the digits around it, or 0. */
static int random_fitting_digit(gen *g, const uint8_t *digits, int c)
{
    int ds[SUDOKU_MAX_N], n = 0;
    for (int d = 1; d <= g->l->n; d++)
        if (fits(g->l, digits, c, d))
            ds[n++] = d;
    return n ? ds[gen_rng_below(&g->rng, (unsigned)n)] : 0;
}

/* An orbit, at random, whose cells are all clues (want_clue) or all empty. */
static int random_orbit(gen *g, const uint8_t *given, bool want_clue)
{
    int ks[SUDOKU_MAX_CELLS], n = 0;
    for (int k = 0; k < g->orb.count; k++) {
        bool all = true;
        for (int i = 0; i < g->orb.size[k]; i++)
            all &= (given[g->orb.cell[k][i]] != 0) == want_clue;
        if (all)
            ks[n++] = k;
    }
    return n ? ks[gen_rng_below(&g->rng, (unsigned)n)] : -1;
}

/*
 * A puzzle near 'from': some orbits out, others in, minimal again. With a
 * pattern the cells stay and one or two clues change digits. False when
 * the change leaves no solution or several.
 */
static bool neighbour(gen *g, const candidate *from, candidate *p)
{
    const sudoku_layout *l = g->l;
    count_try(g);
    memcpy(p->given, from->given, sizeof p->given);
    int out = 1 + (int)gen_rng_below(&g->rng, 2), in = 1 + (int)gen_rng_below(&g->rng, 2);
    if (g->o->pattern) {
        for (int i = 0; i < out; i++) {
            int cells[SUDOKU_MAX_CELLS], n = 0;
            for (int c = 0; c < l->ncells; c++)
                if (p->given[c])
                    cells[n++] = c;
            int c = cells[gen_rng_below(&g->rng, (unsigned)n)];
            p->given[c] = 0;
            int d = random_fitting_digit(g, p->given, c);
            if (!d)
                return false;
            p->given[c] = (uint8_t)d;
        }
        if (memcmp(p->given, from->given, (size_t)l->ncells) == 0 || !unique(g, p))
            return false;
        p->clues = from->clues;
        p->minimal = is_minimal(g, p);
        p->rated = false;
        return true;
    }
    int removed[2] = { -1, -1 };
    for (int i = 0; i < out; i++) {
        int k = random_orbit(g, p->given, true);
        if (k < 0)
            return false;
        removed[i] = k;
        for (int j = 0; j < g->orb.size[k]; j++)
            p->given[g->orb.cell[k][j]] = 0;
    }
    for (int i = 0; i < in; i++) {
        int k = random_orbit(g, p->given, false);
        if (k < 0 || k == removed[0] || k == removed[1])
            return false; /* putting a clue back where it was is no move */
        for (int j = 0; j < g->orb.size[k]; j++) {
            int c = g->orb.cell[k][j], d = random_fitting_digit(g, p->given, c);
            if (!d)
                return false;
            p->given[c] = (uint8_t)d;
        }
    }
    if (!unique(g, p))
        return false;
    minimise(g, p);
    return memcmp(p->given, from->given, (size_t)l->ncells) != 0;
}

/* ------------------------------------------------------------ targets */

static void rate(gen *g, candidate *p)
{
    if (p->rated)
        return;
    sudoku_grid grid;
    sudoku_grid_init(&grid, g->l);
    for (int c = 0; c < g->l->ncells; c++)
        if (p->given[c])
            sudoku_grid_place(&grid, c, p->given[c]);
    sudoku_rate(&grid, &p->rating);
    p->rated = true;
    int er = p->rating.er, best = atomic_load(&g->shared->best_er);
    while (er > best && !atomic_compare_exchange_weak(&g->shared->best_er, &best, er))
        ;
}

/* How far a value is outside [lo, hi] (-1: open). */
static long outside(int v, int lo, int hi)
{
    if (lo >= 0 && v < lo)
        return lo - v;
    if (hi >= 0 && v > hi)
        return v - hi;
    return 0;
}

/* 0 when p meets every target; the larger, the farther (tenths of a rating). */
static long distance(gen *g, candidate *p)
{
    const sudoku_generate_options *o = g->o;
    long d = 10 * outside(p->clues, o->clues_min, o->clues_max);
    if (!g->need_rate)
        return d;
    rate(g, p);
    const sudoku_rating *r = &p->rating;
    int er = r->er < 0 ? 0 : r->er, ep = r->ep < 0 ? 0 : r->ep, ed = r->ed < 0 ? 0 : r->ed;
    d += outside(er, o->er_min, o->er_max) + outside(ep, o->ep_min, o->ep_max) + outside(ed, o->ed_min, o->ed_max);
    if (o->level >= 0 && (int)r->level != o->level)
        d += 10 * (long)(r->level > (enum sudoku_level)o->level ? r->level - o->level : o->level - r->level);
    if (o->technique >= 0 && r->hardest != o->technique) {
        int want = sudoku_technique_get(o->technique)->rating;
        d += 1 + (er > want ? er - want : want - er);
    }
    if (d == 0)
        return 0;
    /* Among puzzles as far from a minimum rating, those hard from the first
     * steps on (high EP and ED) lead on to harder ones more often. */
    int tie = 0;
    if ((o->er_min >= 0 && er < o->er_min) || (o->ep_min >= 0 && ep < o->ep_min) || (o->ed_min >= 0 && ed < o->ed_min))
        tie = 400 - (ep + ed > 400 ? 400 : ep + ed);
    return d * 1000 + tie;
}

/* Whether a search near the closest puzzle can help: a target random puzzles may not reach. */
static bool searches(const sudoku_generate_options *o)
{
    return o->er_min > 0 || o->ep_min > 0 || o->ed_min > 0 || o->technique >= 0 || o->level >= 0 ||
           o->clues_min >= 0 || o->clues_max >= 0 || o->nfrom > 0;
}

/* The start from --from puzzle k: minimal, unless it breaks the symmetry. */
static bool start_from(gen *g, int k, candidate *p)
{
    memcpy(p->given, g->o->from[k], sizeof p->given);
    for (int c = 0; c < g->l->ncells; c++) {
        if (p->given[c] > g->l->n)
            return false;
        const gen_orbits *o = &g->orb;
        int orbit = o->orbit_of[c];
        for (int i = 0; i < o->size[orbit] && !g->o->pattern; i++)
            if (!p->given[o->cell[orbit][i]] != !p->given[c])
                return false;
        if (g->o->pattern && !p->given[c] != !g->o->pattern[c])
            return false;
    }
    if (!unique(g, p))
        return false;
    if (g->o->pattern) {
        p->clues = count_clues(g->l, p->given);
        p->minimal = is_minimal(g, p);
        p->rated = false;
    } else {
        minimise(g, p);
    }
    return true;
}

/* Keeps the POOL closest distinct puzzles, closest first. */
static void pool_add(const gen *g, candidate *pool, int *n, const candidate *p)
{
    for (int i = 0; i < *n; i++)
        if (memcmp(pool[i].given, p->given, (size_t)g->l->ncells) == 0)
            return;
    if (*n == POOL && p->dist >= pool[POOL - 1].dist)
        return;
    int i = *n < POOL ? (*n)++ : POOL - 1;
    for (; i > 0 && pool[i - 1].dist > p->dist; i--)
        pool[i] = pool[i - 1];
    pool[i] = *p;
}

bool gen_puzzle(const sudoku_generate_options *o, long index, gen_shared *shared, sudoku_generated *out)
{
    gen g = { .o = o, .l = o->layout ? o->layout : sudoku_layout_9x9(), .shared = shared };
    g.need_rate = o->level >= 0 || o->er_min >= 0 || o->er_max >= 0 || o->ep_min >= 0 || o->ep_max >= 0 ||
                  o->ed_min >= 0 || o->ed_max >= 0 || o->technique >= 0;
    gen_orbits_build(&g.orb, g.l, o->pattern ? SUDOKU_SYM_NONE : o->symmetry);
    gen_rng_seed(&g.rng, o->seed, (uint64_t)index);
    bool search = searches(o);

    candidate cur, next, start, pool[POOL];
    int npool = 0;
    memset(&next, 0, sizeof next);
    memset(&start, 0, sizeof start);
    bool have_cur = false;
    if (o->nfrom > 0 && start_from(&g, (int)(index % o->nfrom), &start)) {
        start.dist = distance(&g, &start);
        cur = start;
        have_cur = true;
        pool_add(&g, pool, &npool, &start);
    }
    bool from = have_cur;
    long stall = 0;
    candidate *p = &next;
    for (;;) {
        bool near = search && have_cur && (from || gen_rng_below(&g.rng, 4) != 0);
        if (near) {
            if (stopped(&g))
                return false;
            if (!neighbour(&g, &cur, p))
                continue;
        } else if (!fresh(&g, p)) {
            return false;
        }
        p->dist = distance(&g, p);
        if (p->dist == 0 && (!from || memcmp(p->given, start.given, (size_t)g.l->ncells) != 0))
            break;
        if (!search)
            continue;
        pool_add(&g, pool, &npool, p);
        if (!have_cur || p->dist < cur.dist) {
            cur = *p;
            have_cur = true;
            stall = 0;
        } else {
            if (p->dist == cur.dist && near)
                cur = *p; /* a step along a plateau */
            if (++stall > STALL_LIMIT) {
                cur = pool[gen_rng_below(&g.rng, (unsigned)npool)];
                stall = 0;
            }
        }
    }
    if (o->rate)
        rate(&g, p);
    memset(out, 0, sizeof *out);
    out->index = index;
    memcpy(out->given, p->given, (size_t)g.l->ncells);
    memcpy(out->solution, p->solution, (size_t)g.l->ncells);
    out->clues = p->clues;
    out->minimal = p->minimal;
    out->rated = p->rated;
    if (p->rated)
        out->rating = p->rating;
    out->tries = g.tries;
    return true;
}
