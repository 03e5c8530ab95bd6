/*
 * solver.c - sudoku_solve(), which hands 9x9 and 8x8 brick-wall grids to
 * the bitboard solvers (solver_9x9.c, solver_8x8.c) and any other layout
 * to the generic solver here; the differential test compares the two.
 *
 * The generic solver: exact search, depth-first, fewest candidates first (among
 * cells with two, the one whose digits its peers hold most), with
 * naked and hidden singles propagated between guesses. It counts
 * solutions up to a limit, which is how uniqueness is decided.
 *
 * The search keeps its own compact state rather than a sudoku_grid: a
 * placed cell is a one-bit mask in 'fixed' and an empty one has its
 * candidates in 'cand', so the hidden-single scan needs no digit-to-bit
 * conversion and a guess copies only the cells the layout uses.
 */
#include "sudoku.h"
#include "grid/bits.h"
#include "solve/solvers.h"

#include <string.h>

typedef struct state {
    sudoku_mask cand[SUDOKU_MAX_CELLS];  /* 0 once the cell is placed */
    sudoku_mask fixed[SUDOKU_MAX_CELLS]; /* the placed digit's bit, or 0 */
    sudoku_mask placed[SUDOKU_MAX_UNITS]; /* digits placed in each unit */
    int empty;
    int nqueue;                          /* cells reduced to one candidate */
    uint8_t queue[SUDOKU_MAX_CELLS];
} state;

typedef struct search {
    const sudoku_layout *l;
    long limit;
    long found;
    uint8_t *solution;
    sudoku_search_stats stats;
} search;

/* Places the digit of mask b in cell and strikes it from the peers. */
static bool assign(const sudoku_layout *l, state *s, int cell, sudoku_mask b)
{
    s->fixed[cell] = b;
    s->cand[cell] = 0;
    s->empty--;
    for (int k = 0; k < 3; k++)
        s->placed[l->cell_unit[cell][k]] |= b;
    const uint8_t *peer = l->peer[cell];
    for (int i = 0; i < l->npeers; i++) {
        int p = peer[i];
        sudoku_mask m = s->cand[p];
        if (m & b) {
            m &= (sudoku_mask)~b;
            s->cand[p] = m;
            if (!m)
                return false;
            if (mask_is_single(m)) /* happens once per cell: the queue cannot overflow */
                s->queue[s->nqueue++] = (uint8_t)p;
        }
    }
    return true;
}

/* Hidden singles in every unit; false on a contradiction. Sets *progress. */
static bool hidden_singles(const sudoku_layout *l, state *s, bool *progress)
{
    int n = l->n;
    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask placed = s->placed[u];
        if (placed == l->all)
            continue; /* a full unit has nothing to find */
        const uint8_t *cells = l->unit_cell[u];
        sudoku_mask once = 0, twice = 0;
        for (int i = 0; i < n; i++) {
            sudoku_mask m = s->cand[cells[i]];
            twice |= once & m;
            once |= m;
        }
        if ((sudoku_mask)(once | placed) != l->all)
            return false; /* some digit has no place in this unit */
        sudoku_mask single = once & (sudoku_mask)~twice;
        while (single) {
            sudoku_mask b = single & (sudoku_mask)-single;
            single &= (sudoku_mask)~b;
            int i = 0;
            while (i < n && !(s->cand[cells[i]] & b))
                i++;
            if (i == n)
                return false; /* its only cell took another hidden single */
            if (!assign(l, s, cells[i], b))
                return false;
            *progress = true;
        }
    }
    return true;
}

/* Applies naked and hidden singles until neither finds anything. */
static bool propagate(const sudoku_layout *l, state *s)
{
    for (;;) {
        while (s->nqueue) {
            int c = s->queue[--s->nqueue];
            if (s->fixed[c])
                continue;
            if (!assign(l, s, c, s->cand[c]))
                return false;
        }
        if (!s->empty)
            return true;
        bool progress = false;
        if (!hidden_singles(l, s, &progress))
            return false;
        if (!progress && !s->nqueue)
            return true;
    }
}

static void record_solution(search *se, const state *s)
{
    if (++se->found == 1 && se->solution)
        for (int c = 0; c < se->l->ncells; c++)
            se->solution[c] = (uint8_t)mask_first_digit(s->fixed[c]);
}

/* How many candidates placing either digit of m at cell would strike from
 * its peers: the more, the further propagation goes in both branches. */
static int peer_hits(const sudoku_layout *l, const state *s, int cell, sudoku_mask m)
{
    int hits = 0;
    const uint8_t *peer = l->peer[cell];
    for (int i = 0; i < l->npeers; i++) {
        sudoku_mask x = s->cand[peer[i]] & m; /* m has two bits: count without popcount */
        hits += (x != 0) + (x == m);
    }
    return hits;
}

/* Cells with two candidates compared per branch point: scoring them all
 * costs more than it saves on easy puzzles; eight keeps most of the gain. */
#define BRANCH_CHOICES 8

/*
 * The cell to guess at: the fewest candidates (never one after
 * propagation), and among the first cells with two the one whose digits
 * are most present among its peers: its guesses propagate furthest, which
 * cuts the guesses on the hardest puzzles by a third to a half.
 */
static int branch_cell(const sudoku_layout *l, const state *s)
{
    int best = -1, best_hits = -1, tried = 0;
    for (int c = 0; c < l->ncells && tried < BRANCH_CHOICES; c++) {
        sudoku_mask m = s->cand[c];
        if (m && mask_is_single(m & (m - 1))) { /* two candidates */
            tried++;
            int hits = peer_hits(l, s, c, m);
            if (hits > best_hits) {
                best = c;
                best_hits = hits;
            }
        }
    }
    if (best >= 0)
        return best;
    int best_count = SUDOKU_MAX_N + 1;
    for (int c = 0; c < l->ncells; c++) {
        if (s->cand[c]) {
            int k = mask_count(s->cand[c]);
            if (k < best_count) {
                best = c;
                best_count = k;
            }
        }
    }
    return best;
}

/* Explores a consistent, propagated state; 'depth' guesses led here. */
static void dfs(search *se, state *s, int depth)
{
    const sudoku_layout *l = se->l;
    if (!s->empty) {
        record_solution(se, s);
        return;
    }
    int cell = branch_cell(l, s);
    sudoku_mask m = s->cand[cell];
    se->stats.branch_points++;
    if (depth + 1 > se->stats.max_depth)
        se->stats.max_depth = depth + 1;

    size_t nmask = (size_t)l->ncells * sizeof(sudoku_mask);
    while (m && se->found < se->limit) {
        sudoku_mask b = m & (sudoku_mask)-m;
        m &= (sudoku_mask)~b;
        se->stats.guesses++;
        state child;
        state *t = s;
        if (m) { /* the last branch may reuse the parent's state */
            t = &child;
            memcpy(t->cand, s->cand, nmask);
            memcpy(t->fixed, s->fixed, nmask);
            memcpy(t->placed, s->placed, (size_t)l->nunits * sizeof s->placed[0]);
            t->empty = s->empty;
        }
        t->nqueue = 0;
        if (assign(l, t, cell, b) && propagate(l, t))
            dfs(se, t, depth + 1);
    }
}

long solve_generic(const sudoku_grid *g, long limit, uint8_t *solution, sudoku_search_stats *stats)
{
    const sudoku_layout *l = g->layout;
    search se = { .l = l, .limit = limit < 1 ? 1 : limit, .solution = solution };
    state s;
    s.empty = l->ncells;
    s.nqueue = 0;
    memset(s.placed, 0, sizeof s.placed);
    bool ok = true;

    /* Start from the candidates of the empty cells, then place the digits
     * through assign() so that a grid whose masks disagree with its digits
     * is still judged correctly. */
    for (int c = 0; c < l->ncells; c++) {
        int d = g->digit[c];
        s.fixed[c] = 0;
        s.cand[c] = d >= 1 && d <= l->n ? sudoku_bit(d) : (sudoku_mask)(g->cand[c] & l->all);
        if (!s.cand[c])
            ok = false;
        else if (!d && mask_is_single(s.cand[c]))
            s.queue[s.nqueue++] = (uint8_t)c; /* assign() queues only later reductions */
    }
    for (int c = 0; ok && c < l->ncells; c++) {
        int d = g->digit[c];
        if (d >= 1 && d <= l->n) {
            if (!(s.cand[c] & sudoku_bit(d)))
                ok = false; /* a peer holds the same digit */
            else
                ok = assign(l, &s, c, sudoku_bit(d));
        }
    }
    if (ok && propagate(l, &s))
        dfs(&se, &s, 0);
    if (stats)
        *stats = se.stats;
    return se.found;
}

/* The bitboard solver written for the grid's layout, else the generic one. */
long sudoku_solve(const sudoku_grid *g, long limit, uint8_t *solution, sudoku_search_stats *stats)
{
    if (layout_is_9x9(g->layout))
        return solve_9x9(g->digit, g->cand, limit, solution, stats);
    if (layout_is_8x8(g->layout))
        return solve_8x8(g->digit, g->cand, limit, solution, stats);
    return solve_generic(g, limit, solution, stats);
}

long sudoku_solve_record(const sudoku_record *rec, long limit, uint8_t *solution)
{
    /* The bitboard solvers start from the givens as they are: no grid. */
    if (layout_is_9x9(rec->layout))
        return solve_9x9(rec->given, rec->cand, limit, solution, NULL);
    if (layout_is_8x8(rec->layout))
        return solve_8x8(rec->given, rec->cand, limit, solution, NULL);
    sudoku_grid g;
    if (!sudoku_grid_from_record(&g, rec, NULL, 0))
        return 0;
    return solve_generic(&g, limit, solution, NULL);
}

bool sudoku_solution_valid(const sudoku_record *rec, const uint8_t *solution)
{
    /* One pass, no branch on the digits: each unit has n cells, so it
     * holds every digit once exactly when it holds every digit. */
    const sudoku_layout *l = rec->layout;
    sudoku_mask seen[SUDOKU_MAX_UNITS] = { 0 };
    unsigned bad = 0;
    for (int c = 0; c < l->ncells; c++) {
        unsigned d = solution[c], given = rec->given[c];
        sudoku_mask bit = (sudoku_mask)((1u << (d & 31)) >> 1);
        bad |= d - 1u >= (unsigned)l->n; /* 0 or out of range */
        bad |= given != 0 && given != d;
        bad |= !(rec->cand[c] & bit);
        const uint8_t *u = l->cell_unit[c];
        seen[u[0]] |= bit;
        seen[u[1]] |= bit;
        seen[u[2]] |= bit;
    }
    for (int u = 0; u < l->nunits; u++)
        bad |= seen[u] != l->all;
    return !bad;
}
