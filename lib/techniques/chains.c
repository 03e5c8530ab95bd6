/*
 * chains.c - Sudoku Explainer 1.2.1's chaining techniques, hint for hint:
 *
 *   forcing chains and cycles (static X, Y and XY)     6.5 - 7.0 + length
 *   Nishio forcing chains (dynamic, digit links only)   7.5 + length
 *   multiple forcing chains (static cell and region)    8.0 + length
 *   dynamic forcing chains                              8.5 + length
 *
 * Like SE's Chaining.getHintList(), each finder looks at every hint of its
 * technique and takes the first in SE's order: difficulty, then complexity
 * (the number of distinct nodes in the chains), then the kind of hint
 * (getSortKey), then the order they were found in. Only that one hint is
 * rebuilt with its links. The propagation itself is in chain_graph.c.
 */
#include "chain_graph.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* ------------------------------------------------------------ hint order */

/* The kinds of hint, each with what is needed to rebuild it. */
enum hint_kind {
    HINT_CYCLE,          /* source = the start candidate, index = the cycle found */
    HINT_FORCING,        /* source = the start candidate, from_on = the start's state */
    HINT_ABSURD,         /* source's run from from_on contradicts itself */
    HINT_DOUBLE,         /* both runs of source reach target */
    HINT_CELL,           /* every candidate of cell reaches target */
    HINT_REGION          /* every place of digit in unit reaches target */
};

typedef struct hint {
    bool found;
    double difficulty;
    int complexity;
    int sortkey;
    enum hint_kind kind;
    int source;          /* a candidate (cell * n + digit - 1) */
    bool from_on;
    int index;           /* the cycle found; a region: its unit type (0 box, 1 row, 2 column) */
    bool y_links, x_links; /* the static family's kind of chain */
    int cell, unit, digit;
    int target;          /* candidate */
    bool target_on;
} hint;

/* SE's comparison of two chaining hints; ties keep the earlier one. */
static bool hint_before(const hint *a, const hint *b)
{
    if (!b->found)
        return true;
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    return a->sortkey < b->sortkey;
}

/* The largest complexity a hint of this sort key may have to come first,
 * when every hint of the producer has the same base difficulty. */
static int complexity_limit(const hint *best, int sortkey)
{
    if (!best->found)
        return 1 << 20;
    return sortkey < best->sortkey ? best->complexity : best->complexity - 1;
}

/* Whether target ON or OFF removes anything from the grid (isWorth). */
static bool target_worth(const sudoku_grid *g, int n, int target, bool on)
{
    if (!on)
        return true;
    int c = target / n;
    return (g->cand[c] & ~sudoku_bit(target % n + 1)) != 0;
}

/* ------------------------------------------------------------ work space */

/*
 * What the hint search keeps of a run: its nodes (sets, and lists in
 * insertion order), each node's depth (its first-parent path, saturated),
 * and the contradiction if any. The ancestor count of a node is at least
 * its depth + 1, and exactly that when no node has hidden parents; else
 * the run is computed again in full when a hint might need it.
 */
typedef struct run_sum {
    int start;          /* its start node: sum[start] points here */
    int stop;           /* it holds the run cut at this stop depth (full_run()), or more of the full run
                           (dyn_reuse()); 1 << 30 when not cut */
    uint32_t search;    /* in the dynamic store: the last search that had it (dyn_store) */
    bool exact;
    bool absurd;
    int absurd_on, absurd_off;
    int non, noff;
    cg_set on, off;
    uint16_t on_list[CG_MAXP], off_list[CG_MAXP];
    uint8_t depth[CG_NODES + 1];
    /* Each node's parents, kept when the ancestors need them (not exact)
     * or a sink reads the chains: the run's arena, and its nested chains,
     * copied into the work space's (or the dynamic store's), so that the
     * run need not be made again; false when out of room. (A sink's
     * search that takes an exact run from the store, base_run(), makes it
     * again for a hint's chains: keeping every run's parents in the store
     * instead was no faster.) */
    bool kept;
    uint16_t *arena;
    const int *nest_cplx;
    const uint64_t *nest_hash;
    int nnest;
    int virt_p;
    bool virt_on;
    uint16_t par_at[CG_NODES + 1];
    uint8_t par_n[CG_NODES + 1];
    uint16_t nest[CG_NODES + 1]; /* when nnest: as the run's */
    /* In the dynamic store, when each node came (group_same()): per OFF
     * candidate, its place in the order of expansion; per ON candidate, the
     * first expansion that finds it ON; and how many OFF nodes were expanded. */
    uint16_t order[CG_MAXP];
    int nexp;
} run_sum;

#define SUM_ARENA (1 << 21)  /* parents kept of one finder call's runs */
#define SUM_NESTS (1 << 16)  /* their nested chains */

/*
 * What a grid lost since an older one (grid_lost()): the candidates; the
 * groups (cells, and units' digits) that lost some, each with its
 * candidates in the older grid and how many it lost; and all those
 * candidates, the zone.
 */
typedef struct grid_loss {
    cg_set lost, zone;
    int ngroups;
    struct {
        uint8_t k, lost;
        uint16_t p[SUDOKU_MAX_N];
    } group[SUDOKU_MAX_CELLS + SUDOKU_MAX_UNITS * SUDOKU_MAX_N];
} grid_loss;

#define SLOT_WORDS ((CG_NODES + 63) / 64) /* a bit set of the dynamic store's slots */
enum { BASE_UNASKED, BASE_TAKEN, BASE_MADE }; /* a start's run in a search that takes from the store */

/*
 * The summaries of the dynamic search of level 0 (find_dynamic_chain()),
 * kept from one search to the next: most of its steps remove a candidate
 * or two, and the next search finds most runs unchanged, or unchanged but
 * for the OFF nodes of the candidates lost (dyn_reuse()).
 * One slot per start node, ON or OFF, given in the order the starts come
 * (the slots in use stay few and close together: a few hundred of 14 KB,
 * which the first use of a page of memory costs a fault for); 'search'
 * counts the searches, and a slot made or taken again by the last one is
 * the run on that search's grid, cand. The parents kept go one after
 * another into arena, as long as the searches go on from grid to grid; a
 * search that takes no run starts both afresh.
 */
typedef struct dyn_store {
    run_sum slot[CG_NODES];
    int16_t slot_of[CG_NODES];           /* per start node, its slot, -1 none */
    int nslots;
    uint32_t search;
    bool valid;                          /* cand and layout are the last search's */
    const sudoku_layout *shape;
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    uint16_t arena[SUM_ARENA];
    int narena;
    /* The search under way: whether it takes runs from the last, and what
     * the grid lost since. */
    bool reusing;
    grid_loss loss;
    /* For the nested searches that take its runs (base_run()): per
     * candidate, the slots whose run has it ON, and OFF, as bit sets of
     * index_words words; and the slots of the runs the last search
     * made whole (not cut at a stop depth). Made for search index_search,
     * when first asked. */
    uint32_t index_search;
    int index_words;
    uint64_t index_on[CG_MAXP * SLOT_WORDS], index_off[CG_MAXP * SLOT_WORDS];
    uint64_t index_whole[SLOT_WORDS];
} dyn_store;

/*
 * Full runs kept, should a run be asked for again: its summary keeps the
 * parents of every run whose ancestor counts need them (and of every run
 * in collect mode), so one is asked for again only past the summaries'
 * room or depth 254, or for a sink's chains. A ring this small keeps the
 * runs' memory in cache instead of cycling through runs of 100 KB
 * (16 before: mid19.txt 2% slower).
 */
#define RING 2

/*
 * Nishio's runs follow one digit's links only, so what the runs from the
 * candidates of digit d find depends on nothing but d's places: they are
 * kept per digit, with those places, and made again only when they change
 * (most steps change a few digits).
 */
typedef struct nishio_digit {
    const sudoku_layout *l;                 /* NULL: nothing kept */
    uint64_t places[SUDOKU_MAX_CELLS / 64]; /* the cells with candidate d */
    uint16_t absurd[SUDOKU_MAX_CELLS][2];   /* complexity of the contradiction from (cell, d) OFF / ON, 0 none */
} nishio_digit;

/*
 * X-cycles and X-chains follow one digit's links, so what they find from a
 * candidate of digit d depends on d's places alone: it is kept per digit,
 * with those places, and searched again only when they change (a step
 * changes a third of the digits on average). Each is searched without a
 * length limit, so that it serves whatever the best hint of a later call.
 */
typedef struct x_found {
    bool known;
    uint8_t cycle_length;    /* the first cycle that removes something, 0 none */
    int16_t cycle_index;     /* its number in cg_run_cycles() */
    int16_t chain_length[2]; /* the forcing X-chain from OFF / ON: its target's depth, -1 none */
} x_found;

typedef struct x_digit {
    const sudoku_layout *l;       /* NULL: nothing kept */
    uint64_t places[2];           /* the cells with candidate d (cg_ctx's digit_bb) */
    x_found at[SUDOKU_MAX_CELLS];
} x_digit;

/*
 * A bounded cycle's ball: a cycle of at most L nodes through p ON passes
 * only through nodes v of p ON's component with d(p ON, v) + d(v, p ON)
 * <= L (the cycle's two arcs through v are such paths, within the
 * component). So a start whose cycles within L could remove nothing (no
 * cell with a digit sees an ON node and an OFF node of that ball with it)
 * need not be searched. The distances are found by bit-parallel waves over
 * the component's links, kept per component of up to 64 nodes as bit sets
 * of its members' places, for the graph of one kind and one grid.
 */
typedef struct comp_links {
    const cg_reach *rc;            /* the graph they were made for, with generation */
    uint64_t generation;
    uint8_t made[CG_NODES];        /* per component: 0 not yet, 1 made, 2 too large */
    uint8_t place[CG_NODES];       /* per node number: its place among its component's members */
    uint64_t to[CG_NODES], from[CG_NODES]; /* per node number: the places it links to, and from */
    /* per ON node number: the places of the OFF nodes of its digit in its
     * component that some cell with the digit sees with it */
    uint64_t sees[CG_NODES];
} comp_links;

#define TEMPLATES_KEPT 16

/* What cg_digit_templates() found for digit d, kept with its places (the
 * X kind of the static search and Nishio's runs both read it). */
typedef struct digit_templates {
    const sudoku_layout *l;       /* NULL: nothing kept */
    uint64_t places[2];           /* the cells with candidate d (cg_ctx's digit_bb) */
    bool all_taken;               /* every place is in some template */
    uint64_t taken[SUDOKU_MAX_CELLS / 64], left[SUDOKU_MAX_CELLS / 64];
    /* Templates found (cells), the first few: a template of places that
     * only lost some since is still one, when every cell of it remains
     * (each unit that holds places now held some then, and so one of it). */
    int nfound;
    uint64_t found[TEMPLATES_KEPT][2];
} digit_templates;

typedef struct workspace {
    cg_ctx cx;
    /* A static search's reach graph of its grid (branch_hints()' filter),
     * asked once per search: its runs ask for no other; NULL when dynamic. */
    const cg_reach *static_reach;
    cg_run runs[RING];
    int ring_p[RING];        /* node id of the start of each, -1 none */
    int ring_stop[RING];     /* the stop it was run with (cx.stop_depth: a depth at level 0, an ancestor
                                count at nesting levels), 1 << 30 when whole */
    int ring_next;
    cg_cycles cycles;
    const run_sum *sum[CG_NODES]; /* per start node, this finder call's runs */
    run_sum pool[CG_NODES];
    int npool;
    /* The dynamic search's summaries (allocated by the first), and those
     * of the search under way there (NULL when it is another search). */
    dyn_store *dyn_kept;
    dyn_store *dyn;
    uint16_t dyn_made[CG_NODES];
    int ndyn_made;
    /* A nested dynamic search of level 0 (collect mode) takes the runs
     * that its grid's losses leave unchanged from the store of depth 0
     * (base_run()): the store, what the grid lost since its grid, the
     * store's slots whose run is unchanged, and per start node whether its
     * run is taken (BASE_TAKEN) or not (BASE_MADE), BASE_UNASKED yet. */
    const dyn_store *base;
    grid_loss base_loss;
    uint64_t base_free[SLOT_WORDS];
    uint8_t base_taken[CG_NODES];
    uint16_t base_asked[CG_NODES];
    int nbase_asked;
    uint16_t sum_arena[SUM_ARENA]; /* the parents the summaries keep */
    int nsum_arena;
    int sum_nest_cplx[SUM_NESTS];  /* and their nested chains */
    uint64_t sum_nest_hash[SUM_NESTS];
    int nsum_nests;
    const hint *best;        /* the search's best hint so far: runs need go no deeper */
    /* The grid's one solution when known (the view's): only the finders'
     * own searches of the grid read it, never a nested one of a run's grid. */
    const uint8_t *solution;
    const cg_sink *sink;     /* collect mode (a nested rule): every hint it may want goes there */
    bool cx_valid;
    nishio_digit nishio[SUDOKU_MAX_N + 1];
    x_digit x[SUDOKU_MAX_N + 1];
    digit_templates templates[SUDOKU_MAX_N + 1];
    comp_links balls;
} workspace;

/* A finder's work space (depth 0), and one per depth of nested rules that
 * search the grid of a run (a nested search runs inside a run of its caller). */
typedef struct ws_stack {
    workspace *ws[CG_WS_DEPTHS];
} ws_stack;

static tss_t ws_key;
static once_flag ws_once = ONCE_FLAG_INIT;

static void ws_free(void *p)
{
    ws_stack *st = p;
    for (int i = 0; i < CG_WS_DEPTHS; i++) {
        if (st->ws[i])
            free(st->ws[i]->dyn_kept);
        free(st->ws[i]);
    }
    free(st);
}
static void ws_key_create(void) { tss_create(&ws_key, ws_free); }

/* Several megabytes each: per thread, freed when the thread ends. */
static workspace *ws_get(int depth)
{
    call_once(&ws_once, ws_key_create);
    ws_stack *st = tss_get(ws_key);
    if (!st) {
        st = calloc(1, sizeof *st);
        if (st && tss_set(ws_key, st) != thrd_success) {
            free(st);
            st = NULL;
        }
        if (!st)
            return NULL;
    }
    if (!st->ws[depth]) {
        workspace *ws = malloc(sizeof *ws);
        if (!ws)
            return NULL;
        ws->cx_valid = false;
        cg_ctx_clear(&ws->cx);
        memset(ws->sum, 0, sizeof ws->sum); /* ws_reset() empties the entries used since */
        ws->npool = 0;
        ws->ndyn_made = 0;
        ws->dyn_kept = ws->dyn = NULL;
        ws->base = NULL;
        memset(ws->base_taken, 0, sizeof ws->base_taken);
        ws->nbase_asked = 0;
        ws->sink = NULL;
        ws->static_reach = NULL;
        ws->balls.rc = NULL;
        ws->best = NULL;
        ws->solution = NULL;
        for (int d = 0; d <= SUDOKU_MAX_N; d++) {
            ws->nishio[d].l = NULL;
            ws->x[d].l = NULL;
            ws->templates[d].l = NULL;
        }
        st->ws[depth] = ws;
    }
    return st->ws[depth];
}

static void ws_reset(workspace *ws)
{
    /* the summaries made, not all of sum[]: a search makes a few hundred */
    for (int i = 0; i < ws->npool; i++)
        ws->sum[ws->pool[i].start] = NULL;
    ws->npool = 0;
    for (int i = 0; i < ws->ndyn_made; i++)
        ws->sum[ws->dyn_made[i]] = NULL;
    ws->ndyn_made = 0;
    ws->dyn = NULL;
    for (int i = 0; i < ws->nbase_asked; i++) {
        ws->sum[ws->base_asked[i]] = NULL;
        ws->base_taken[ws->base_asked[i]] = BASE_UNASKED;
    }
    ws->nbase_asked = 0;
    ws->base = NULL;
    ws->nsum_arena = 0;
    ws->nsum_nests = 0;
    for (int i = 0; i < RING; i++)
        ws->ring_p[i] = -1;
    ws->ring_next = 0;
}

/* The full run from start node id (kept in the ring while it lasts), with
 * at least every node shallower than min_stop expanded. */
static cg_run *full_run(workspace *ws, int start, int min_stop)
{
    /* A run of a nesting level is cut by ancestor counts, which say nothing
     * of depths (cg_nested_multiple()): one asked for at a depth is whole. */
    bool whole = ws->cx.level > 0 && min_stop > 0;
    for (int i = 0; i < RING; i++)
        if (ws->ring_p[i] == start && ws->ring_stop[i] >= (whole ? 1 << 30 : min_stop))
            return &ws->runs[i];
    int i = ws->ring_next;
    ws->ring_next = (i + 1) % RING;
    /*
     * A better hint has complexity <= C (the best's) and at least two
     * branches, each of at least 2 nodes (a contradiction: its new node,
     * one below the node expanded, and the other end): so its nodes are at
     * depth <= C - 3, and nodes at depth C - 2 need not be expanded.
     */
    int stop = ws->best && ws->best->found ? ws->best->complexity - 2 : 1 << 30;
    if (stop < min_stop || whole)
        stop = whole ? 1 << 30 : min_stop;
    ws->cx.stop_depth = stop;
    ws->ring_p[i] = start;
    ws->ring_stop[i] = stop;
    cg_run_chaining(&ws->cx, &ws->runs[i], start >> 1, start & 1);
    if (ws->cx.level > 0 && !ws->runs[i].cut)
        ws->ring_stop[i] = 1 << 30; /* whole */
    return &ws->runs[i];
}

/* What summary u keeps of the nodes of run r in list (of candidates, in
 * state on): their depths, and their parents when u keeps them (u->kept).
 * The flags are read once: the byte stores below may alias them, and would
 * make the compiler read them again for each node. */
static void sum_nodes(run_sum *u, const cg_run *r, const uint16_t *list, int count, int on)
{
    uint8_t *depth = u->depth;
    if (!u->kept) {
        for (int i = 0; i < count; i++) {
            int id = cg_node(list[i], on);
            depth[id] = (uint8_t)(r->depth[id] > 254 ? 255 : r->depth[id]);
        }
        return;
    }
    uint16_t *par_at = u->par_at;
    uint8_t *par_n = u->par_n;
    for (int i = 0; i < count; i++) { /* one pass over the list for all three */
        int id = cg_node(list[i], on);
        depth[id] = (uint8_t)(r->depth[id] > 254 ? 255 : r->depth[id]);
        par_at[id] = r->par_at[id];
        par_n[id] = r->par_n[id];
    }
    if (r->nnest)
        for (int i = 0; i < count; i++) {
            int id = cg_node(list[i], on);
            u->nest[id] = r->nest[id];
        }
}

/*
 * sum_nodes() for every node id at once, those of other runs included
 * (whose entries no one reads: the readers go from the run's nodes): a
 * run with many nodes scattered over the arrays costs less so.
 */
#define SUM_BULK 64
static void sum_all_nodes(run_sum *u, const cg_run *r)
{
    int i = 0;
#ifdef SUDOKU_BIT_SSE2
    for (; i + 16 <= CG_NODES + 1; i += 16) { /* depths below 32768: saturated at 255 as unsigned */
        __m128i a = _mm_loadu_si128((const __m128i *)(r->depth + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(r->depth + i + 8));
        _mm_storeu_si128((__m128i *)(u->depth + i), _mm_packus_epi16(a, b));
    }
#endif
    for (; i < CG_NODES + 1; i++)
        u->depth[i] = (uint8_t)(r->depth[i] > 254 ? 255 : r->depth[i]);
    if (u->kept) {
        memcpy(u->par_at, r->par_at, sizeof u->par_at);
        memcpy(u->par_n, r->par_n, sizeof u->par_n);
    }
}

/*
 * A dynamic run of level 0 reads the grid at a few places alone. An ON
 * node removes its cell's other candidates and its digit's other places
 * in its units, each of which becomes an OFF node. An OFF node asks
 * whether its cell, or its digit's places in one of its units, are down
 * to one other (then that one is ON), and names the candidates the run
 * removed there as hidden parents; the run removes nothing but its OFF
 * nodes. So when the grid has since lost candidates (a step removes
 * them, none comes back), the run from a start is the same, node for
 * node with the same parents, as in the last dynamic search, unless:
 *  - a lost candidate is one of its nodes (an ON node's read of it made
 *    it OFF: the new run has not that node);
 *  - one of its OFF nodes is in a cell, or has its digit in a unit, that
 *    lost candidates, and there the run could have found one other left
 *    (in either grid). What the old run left there, at any time, is at
 *    least the grid's candidates there that are not OFF nodes, the lost
 *    ones among them (not nodes); the new run has the same but for the
 *    lost ones. So if those number two or more beyond the lost ones, both
 *    runs find two or more others: no link there, and no hidden parent.
 *    Else group_same() follows the OFF nodes there one by one.
 * A lost OFF node need not be a change either: see dyn_reuse().
 * What grid g lost since the grid 'old' (the last search's), into gl;
 * false when it gained a candidate (another puzzle).
 */
static bool grid_lost(grid_loss *gl, const sudoku_mask *old, const cg_ctx *cx, const sudoku_grid *g)
{
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    uint8_t unit_lost[SUDOKU_MAX_UNITS][SUDOKU_MAX_N + 1];
    memset(unit_lost, 0, sizeof unit_lost);
    memset(&gl->lost, 0, sizeof gl->lost);
    memset(&gl->zone, 0, sizeof gl->zone);
    gl->ngroups = 0;
    for (int c = 0; c < cx->ncells; c++) {
        if (g->cand[c] & ~old[c])
            return false;
        sudoku_mask lost = (sudoku_mask)(old[c] & ~g->cand[c]);
        if (!lost)
            continue;
        int k = 0;
        for (sudoku_mask m = old[c]; m; m &= (sudoku_mask)(m - 1))
            gl->group[gl->ngroups].p[k++] = (uint16_t)(c * n + mask_first_digit(m) - 1);
        gl->group[gl->ngroups].k = (uint8_t)k;
        gl->group[gl->ngroups++].lost = (uint8_t)mask_count(lost);
        for (; lost; lost &= (sudoku_mask)(lost - 1)) {
            int d = mask_first_digit(lost);
            cg_add(&gl->lost, c * n + d - 1);
            for (int t = 0; t < 3; t++)
                unit_lost[cx->unit[c][t]][d]++;
        }
    }
    for (int u = 0; u < l->nunits; u++)
        for (int d = 1; d <= n; d++)
            if (unit_lost[u][d]) {
                int k = 0; /* the digit's places in the last search's grid */
                for (int i = 0; i < n; i++)
                    if (old[l->unit_cell[u][i]] & sudoku_bit(d))
                        gl->group[gl->ngroups].p[k++] = (uint16_t)(cx->unit_p[u][i] + d - 1);
                gl->group[gl->ngroups].k = (uint8_t)k;
                gl->group[gl->ngroups++].lost = unit_lost[u][d];
            }
    for (int j = 0; j < gl->ngroups; j++)
        for (int i = 0; i < gl->group[j].k; i++)
            cg_add(&gl->zone, gl->group[j].p[i]);
    return true;
}

static bool dyn_reuse_on = true, dyn_check, dyn_loose; /* tests turn it off to compare, or check it */
static _Thread_local long dyn_reused, dyn_differ, dyn_dropped, dyn_longer, base_taken_count;
long cg_dyn_set_reuse(bool on, bool check, long *differ)
{
    dyn_reuse_on = on;
    dyn_check = check;
    if (differ)
        *differ = dyn_differ;
    return dyn_reused;
}

long cg_dyn_dropped(void) { return dyn_dropped; }
long cg_dyn_taken_from_base(void) { return base_taken_count; }
long cg_dyn_longer(void) { return dyn_longer; }

/* Tests: the slots taken by a wrong rule are never read again. */
void cg_dyn_set_loose(bool on)
{
    dyn_loose = on;
    workspace *ws = ws_get(0);
    if (ws && ws->dyn_kept)
        ws->dyn_kept->valid = false;
}

/* Tests (dyn_check): whether summary u, taken from the search before, is
 * what the same run made anew would make: the run cut at u's stop (nodes,
 * order, depths, contradiction and the parents it keeps), or a start of
 * the full run that holds it (dyn_reuse()). */
static bool dyn_same(const run_sum *u, const cg_run *full, const cg_run *cut)
{
    if (u->non < cut->non || u->noff < cut->noff || u->non > full->non || u->noff > full->noff ||
        memcmp(u->on_list, full->on_list, (size_t)u->non * sizeof full->on_list[0]) != 0 ||
        memcmp(u->off_list, full->off_list, (size_t)u->noff * sizeof full->off_list[0]) != 0)
        return false;
    bool longer = u->non + u->noff > cut->non + cut->noff;
    const cg_run *r = longer ? full : cut; /* the cut run is the full run's start */
    /* a longer one ends in a contradiction only where the full run does */
    bool ends_as_full = full->absurd && u->non == full->non && u->noff == full->noff;
    if (longer ? u->absurd && !ends_as_full : (u->absurd != cut->absurd || u->exact != !cut->multi_parents))
        return false;
    if (u->absurd && (u->absurd_on != r->absurd_on || u->absurd_off != r->absurd_off ||
                      (u->kept && (u->virt_p != r->virt_p || u->virt_on != r->virt_on))))
        return false;
    for (int k = 0; k < u->non + u->noff + u->absurd; k++) {
        int id = k < u->non ? cg_node(u->on_list[k], true)
                 : k < u->non + u->noff ? cg_node(u->off_list[k - u->non], false) : CG_VIRTUAL;
        if (u->depth[id] != (r->depth[id] > 254 ? 255 : r->depth[id]) || (longer && u->exact && r->par_n[id] > 1))
            return false;
        if (u->kept && (u->par_n[id] != r->par_n[id] ||
                        memcmp(u->arena + u->par_at[id], r->arena + r->par_at[id], r->par_n[id] * sizeof r->arena[0])))
            return false;
    }
    dyn_longer += longer;
    return true;
}

/* Tests: whether summary u holds the start of run r: r's nodes, in order,
 * begin u's lists. */
static bool holds_start(const run_sum *u, const cg_run *r)
{
    return u->non >= r->non && u->noff >= r->noff &&
           memcmp(u->on_list, r->on_list, (size_t)r->non * sizeof r->on_list[0]) == 0 &&
           memcmp(u->off_list, r->off_list, (size_t)r->noff * sizeof r->off_list[0]) == 0;
}

/* Tests: the run from start cut at stop, made anew into the ring. */
static const cg_run *run_anew(workspace *ws, int start, int stop)
{
    int i = ws->ring_next;
    ws->ring_next = (i + 1) % RING;
    ws->cx.stop_depth = stop;
    ws->ring_p[i] = start;
    ws->ring_stop[i] = stop;
    cg_run_chaining(&ws->cx, &ws->runs[i], start >> 1, start & 1);
    return &ws->runs[i];
}

/* A dynamic search of level 0 starts: its summaries go to the dynamic
 * store, which has the last search's (none when it cannot be allocated). */
static void dyn_begin(workspace *ws, const sudoku_grid *g)
{
    if (!dyn_reuse_on)
        return;
    if (!ws->dyn_kept) {
        ws->dyn_kept = calloc(1, sizeof *ws->dyn_kept);
        if (!ws->dyn_kept)
            return;
        ws->dyn_kept->search = 1; /* no slot has the search before */
    }
    dyn_store *dyn = ws->dyn_kept;
    ws->dyn = dyn;
    dyn->search++;
    dyn->reusing = dyn->valid && cg_kept_for(&ws->cx, dyn->shape) && grid_lost(&dyn->loss, dyn->cand, &ws->cx, g) &&
                   dyn->narena <= SUM_ARENA / 2;
    if (!dyn->reusing) { /* no slot is read again */
        dyn->narena = 0;
        dyn->nslots = 0;
        memset(dyn->slot_of, -1, sizeof dyn->slot_of);
    }
}

/* ... and ends: its grid is the one the slots it had were made on. */
static void dyn_end(workspace *ws, const sudoku_grid *g)
{
    dyn_store *dyn = ws->dyn;
    if (!dyn)
        return;
    dyn->valid = true;
    dyn->shape = ws->cx.shape;
    memcpy(dyn->cand, g->cand, (size_t)ws->cx.ncells * sizeof g->cand[0]);
    ws->dyn = NULL;
}

/* The place (bit of group j) that an OFF node expanded at 'when' makes ON
 * with the group's places 'left' other than itself: the one left, unless
 * the run has it ON by then; -1 none. */
static int group_link(const grid_loss *gl, const run_sum *u, int j, unsigned left, int when)
{
    if (!left || (left & (left - 1)))
        return -1;
    int i = bit_index32(left), q = gl->group[j].p[i];
    return cg_has(&u->on, q) && u->order[q] <= when ? -1 : i;
}

/*
 * Group j (a cell, or a unit's places of a digit, in the last search's
 * grid) lost candidates. The run of slot u asks there, at each of its OFF
 * nodes as it is expanded, whether one other is left: in the old grid,
 * the group's places less the OFF nodes expanded so far; in the new grid,
 * less the lost ones too. Whether the answers are the same at each OFF
 * node that is in both runs, and no lost OFF node found one (it has no
 * expansion in the new run). Then both runs make the same links there,
 * with the same hidden parents but for lost ones (dyn_drop_lost()).
 */
static bool group_same(const grid_loss *gl, const run_sum *u, int j)
{
    int k = gl->group[j].k, nz = 0;
    const uint16_t *p = gl->group[j].p;
    int z[SUDOKU_MAX_N]; /* the group's OFF nodes expanded, in that order */
    unsigned lost = 0;
    for (int i = 0; i < k; i++) {
        if (cg_has(&gl->lost, p[i]))
            lost |= 1u << i;
        if (!cg_has(&u->off, p[i]) || u->order[p[i]] >= u->nexp)
            continue;
        int at = nz++;
        for (; at > 0 && u->order[p[z[at - 1]]] > u->order[p[i]]; at--)
            z[at] = z[at - 1];
        z[at] = i;
    }
    unsigned left_old = (1u << k) - 1, left_new = left_old & ~lost;
    for (int a = 0; a < nz; a++) {
        int i = z[a], when = u->order[p[i]];
        left_old &= ~(1u << i);
        left_new &= ~(1u << i);
        int link = group_link(gl, u, j, left_old, when);
        if (lost & (1u << i) ? link >= 0 : link != group_link(gl, u, j, left_new, when))
            return false;
    }
    return true;
}

/*
 * Whether slot u of the dynamic store, the run from start in the last
 * search, is this search's run from start (grid_lost()), at least as deep,
 * once dyn_drop_lost() has taken out its lost OFF nodes. Such a node is
 * OFF in the old run because an ON node found it in its cell or units; in
 * the new grid that ON node does not find it, and the rest is the same
 * when its expansion in the old run made no link (group_same() tells, in
 * its groups). A run cut at a stop depth ends once no node queued is
 * shallower than the stop: without the lost ones, the new run may end
 * sooner, never later. What is taken is then the start of the new full
 * run a little further on, as a run cut deeper is: where the new run
 * ends, every node queued is at the stop depth or deeper (the lost aside,
 * which add nothing), so all that comes after is deeper still, past any
 * hint wanted. Its hidden parents must be kept to be taken out.
 */
static bool dyn_reuse(const workspace *ws, const run_sum *u, int start)
{
    const dyn_store *dyn = ws->dyn;
    if (!dyn->reusing || u->search != dyn->search - 1 || u->start != start)
        return false;
    int stop = ws->best && ws->best->found ? ws->best->complexity - 2 : 1 << 30; /* full_run()'s */
    if (u->stop < stop)
        return false;
    const grid_loss *gl = &dyn->loss;
    uint64_t on = 0, off = 0, zone = 0;
    for (int w = 0; w < CG_WORDS; w++) {
        on |= u->on.w[w] & gl->lost.w[w];
        off |= u->off.w[w] & gl->lost.w[w];
        zone |= u->off.w[w] & gl->zone.w[w];
    }
    if (on || (off && !u->exact && !u->kept))
        return false;
    if (dyn_loose) /* tests: a rule known wrong */
        return !off;
    /* a group where the run has an OFF node, and fewer than two others
     * left beyond those lost, could give the run a link */
    for (int j = 0; zone && j < gl->ngroups; j++) {
        int n_off = 0, k = gl->group[j].k;
        for (int i = 0; i < k; i++)
            n_off += cg_has(&u->off, gl->group[j].p[i]);
        if (n_off && k - n_off - gl->group[j].lost < 2 && !group_same(gl, u, j))
            return false;
    }
    return true;
}

/* Slot u taken into this search: without its OFF nodes that the grid lost,
 * in its lists and among the parents it keeps (as hidden parents). */
static void dyn_drop_lost(const grid_loss *gl, run_sum *u)
{
    const cg_set *lost = &gl->lost;
    uint64_t gone[CG_WORDS], any = 0;
    for (int w = 0; w < CG_WORDS; w++) {
        gone[w] = u->off.w[w] & lost->w[w];
        any |= gone[w];
        u->off.w[w] &= ~lost->w[w];
    }
    if (!any)
        return;
    dyn_dropped++;
    /* each from its place in the list: at its order, or before it once
     * other nodes have left the list */
    for (int w = 0; w < CG_WORDS; w++)
        for (uint64_t m = gone[w]; m; m &= m - 1) {
            int x = 64 * w + bit_index64(m), i = u->order[x] < u->noff ? u->order[x] : u->noff - 1;
            while (u->off_list[i] != x) /* a node only moves down the list: never after its order */
                i--;
            memmove(u->off_list + i, u->off_list + i + 1, (size_t)(u->noff - i - 1) * sizeof u->off_list[0]);
            u->noff--;
        }
    if (u->exact || !u->kept)
        return; /* no hidden parents */
    /*
     * An OFF node has one parent, the ON node that made it OFF: the hidden
     * parents are those of ON nodes, and of a contradiction, each found in
     * the cell or unit of its link, a group that lost a candidate if one of
     * them is lost: its ON node is in the zone.
     */
    bool fewer = false; /* some node lost all its hidden parents */
    for (int i = 0; i < u->non + u->absurd; i++) {
        int id = i < u->non ? cg_node(u->on_list[i], true) : CG_VIRTUAL;
        if (id != CG_VIRTUAL && !cg_has(&gl->zone, id >> 1))
            continue;
        uint16_t *par = u->arena + u->par_at[id];
        int n = 0;
        for (int j = 0; j < u->par_n[id]; j++) /* the lost are OFF nodes */
            if ((par[j] & 1) || !cg_has(lost, par[j] >> 1))
                par[n++] = par[j];
        fewer |= n == 1 && u->par_n[id] > 1;
        u->par_n[id] = (uint8_t)n;
    }
    if (!fewer)
        return;
    bool exact = true;
    for (int i = 0; i < u->non + u->absurd; i++)
        exact &= u->par_n[i < u->non ? cg_node(u->on_list[i], true) : CG_VIRTUAL] <= 1;
    u->exact = exact;
}

/*
 * A nested dynamic search of level 0 (a sink's) searches the grid of a
 * run, which is the grid of the search it is nested in less what that run
 * removed: most of its runs never come near those candidates, and are
 * those of the dynamic search of level 0 that the finder of depth 0 made
 * on its grid (the technique before, on the same grid when a rating runs
 * the techniques in order). Those are taken from its store as they are,
 * by the rule of dyn_reuse() with no lost node at all (the slot is read,
 * not changed): runs not cut at a stop depth, made on a grid that held
 * this one's. Which runs those are is found for all slots at once, from
 * an index of the store's runs by candidate (base_index()).
 */
static void base_index(dyn_store *dyn)
{
    if (dyn->index_search == dyn->search)
        return;
    int words = (dyn->nslots + 63) / 64;
    memset(dyn->index_on, 0, (size_t)(CG_MAXP * words) * sizeof dyn->index_on[0]);
    memset(dyn->index_off, 0, (size_t)(CG_MAXP * words) * sizeof dyn->index_off[0]);
    memset(dyn->index_whole, 0, sizeof dyn->index_whole);
    for (int i = 0; i < dyn->nslots; i++) {
        const run_sum *u = &dyn->slot[i];
        if (u->search != dyn->search || u->stop != 1 << 30)
            continue;
        uint64_t bit = (uint64_t)1 << (i & 63);
        dyn->index_whole[i >> 6] |= bit;
        for (int k = 0; k < u->non; k++)
            dyn->index_on[u->on_list[k] * words + (i >> 6)] |= bit;
        for (int k = 0; k < u->noff; k++)
            dyn->index_off[u->off_list[k] * words + (i >> 6)] |= bit;
    }
    dyn->index_words = words;
    dyn->index_search = dyn->search;
}

static void base_begin(workspace *ws, const sudoku_grid *g, const cg_multi_cfg *cfg)
{
    if (!ws->sink || !cfg->dynamic || cfg->level != 0 || ws->cx.ws_depth == 0 || !dyn_reuse_on)
        return;
    workspace *top = ws_get(0);
    dyn_store *dyn = top ? top->dyn_kept : NULL;
    if (!dyn || !dyn->valid || top->dyn || !cg_kept_for(&ws->cx, dyn->shape) ||
        !grid_lost(&ws->base_loss, dyn->cand, &ws->cx, g))
        return;
    base_index(dyn);
    int words = dyn->index_words;
    /* the slots whose run has a lost node */
    uint64_t changed[SLOT_WORDS] = { 0 };
    const grid_loss *gl = &ws->base_loss;
    for (int w = 0; w < CG_WORDS; w++)
        for (uint64_t m = gl->lost.w[w]; m; m &= m - 1) {
            const uint64_t *on = dyn->index_on + (64 * w + bit_index64(m)) * words;
            const uint64_t *off = dyn->index_off + (64 * w + bit_index64(m)) * words;
            for (int k = 0; k < words; k++)
                changed[k] |= on[k] | off[k];
        }
    /* and those with OFF nodes at max(1, m - 1) or more of the m places
     * left of a group (all of them but one, or any of one or two): where
     * dyn_reuse() asks group_same() whether the group gives the run a
     * link, which is not asked here */
    for (int j = 0; j < gl->ngroups && !dyn_loose; j++) { /* tests: a rule known wrong */
        const uint64_t *row[SUDOKU_MAX_N];
        int m = 0;
        for (int i = 0; i < gl->group[j].k; i++)
            if (!cg_has(&gl->lost, gl->group[j].p[i]))
                row[m++] = dyn->index_off + gl->group[j].p[i] * words;
        for (int k = 0; k < words; k++) {
            uint64_t hit;
            if (m <= 2) {
                hit = m ? row[0][k] : 0;
                if (m == 2)
                    hit |= row[1][k];
            } else { /* every row but at most one: the ANDs before and after each */
                uint64_t before[SUDOKU_MAX_N + 1], after = ~(uint64_t)0;
                before[0] = ~(uint64_t)0;
                for (int i = 0; i < m; i++)
                    before[i + 1] = before[i] & row[i][k];
                hit = before[m];
                for (int i = m - 1; i >= 0; i--) {
                    hit |= before[i] & after;
                    after &= row[i][k];
                }
            }
            changed[k] |= hit;
        }
    }
    for (int k = 0; k < words; k++)
        ws->base_free[k] = dyn->index_whole[k] & ~changed[k];
    ws->base = dyn;
}

/* The run from start taken from the store of depth 0 (base_begin()), or NULL. */
static const run_sum *base_run(workspace *ws, int start)
{
    const dyn_store *dyn = ws->base;
    if (!dyn)
        return NULL;
    if (ws->base_taken[start] == BASE_UNASKED) {
        int i = dyn->slot_of[start];
        const run_sum *u = i >= 0 && i < 64 * dyn->index_words ? &dyn->slot[i] : NULL;
        bool take = u && ((ws->base_free[i >> 6] >> (i & 63)) & 1);
        ws->base_taken[start] = take ? BASE_TAKEN : BASE_MADE;
        ws->base_asked[ws->nbase_asked++] = (uint16_t)start;
        if (take) {
            ws->sum[start] = u;
            base_taken_count++;
            if (dyn_check) {
                const cg_run *full = run_anew(ws, start, 1 << 30);
                dyn_differ += !dyn_same(ws->sum[start], full, full);
            }
        }
    }
    return ws->base_taken[start] == BASE_TAKEN ? ws->sum[start] : NULL;
}

/* summary() when the run from start has none yet in this call. */
static const run_sum *summary_made(workspace *ws, int start)
{
    const run_sum *taken = base_run(ws, start);
    if (taken)
        return taken;
    /* The store has one slot per start node; any other search keeps to
     * the pool. */
    dyn_store *dyn = ws->dyn;
    run_sum *u;
    if (dyn) {
        if (dyn->slot_of[start] < 0) {
            dyn->slot_of[start] = (int16_t)dyn->nslots;
            dyn->slot[dyn->nslots++].search = 0; /* no run yet */
        }
        u = &dyn->slot[dyn->slot_of[start]];
        ws->dyn_made[ws->ndyn_made++] = (uint16_t)start;
        ws->sum[start] = u;
        if (dyn_reuse(ws, u, start)) {
            dyn_drop_lost(&dyn->loss, u);
            u->search = dyn->search;
            dyn_reused++;
            if (dyn_check) { /* runs made anew, one after the other in the ring's places */
                const cg_run *full = run_anew(ws, start, 1 << 30), *cut = run_anew(ws, start, u->stop);
                bool same = dyn_same(u, full, cut);
                /* and it holds what this search needs: the run cut at its stop now */
                int now = ws->best && ws->best->found ? ws->best->complexity - 2 : 1 << 30;
                dyn_differ += !same || !holds_start(u, run_anew(ws, start, now));
            }
            return u;
        }
        u->search = dyn->search;
    } else {
        u = &ws->pool[ws->npool++];
        ws->sum[start] = u;
    }
    cg_run *r = full_run(ws, start, 0);
    u->start = start;
    u->stop = r->cut ? ws->ring_stop[r - ws->runs] : 1 << 30;
    u->exact = !r->multi_parents;
    u->absurd = r->absurd;
    u->absurd_on = r->absurd_on;
    u->absurd_off = r->absurd_off;
    u->non = r->non;
    u->noff = r->noff;
    u->on = r->on;
    u->off = r->off;
    memcpy(u->on_list, r->on_list, (size_t)r->non * sizeof r->on_list[0]);
    memcpy(u->off_list, r->off_list, (size_t)r->noff * sizeof r->off_list[0]);
    /* A run cut at a stop depth is the start of the full run: the parents
     * of its nodes are theirs in any run from start. They go into the
     * dynamic store's arena, or the work space's (the dynamic search is
     * of level 0: it has no nested chains to keep). */
    uint16_t *arena = dyn ? dyn->arena : ws->sum_arena;
    int *used = dyn ? &dyn->narena : &ws->nsum_arena;
    u->kept = (!u->exact || ws->sink) && *used + r->narena <= SUM_ARENA &&
              (dyn ? r->nnest == 0 : ws->nsum_nests + r->nnest <= SUM_NESTS);
    if (u->kept) {
        u->arena = arena + *used;
        memcpy(arena + *used, r->arena, (size_t)r->narena * sizeof r->arena[0]);
        *used += r->narena;
        u->nnest = r->nnest;
        u->nest_cplx = ws->sum_nest_cplx + ws->nsum_nests;
        u->nest_hash = ws->sum_nest_hash + ws->nsum_nests;
        memcpy(ws->sum_nest_cplx + ws->nsum_nests, r->nest_cplx, (size_t)r->nnest * sizeof r->nest_cplx[0]);
        memcpy(ws->sum_nest_hash + ws->nsum_nests, r->nest_hash, (size_t)r->nnest * sizeof r->nest_hash[0]);
        ws->nsum_nests += r->nnest;
        u->virt_p = r->virt_p;
        u->virt_on = r->virt_on;
    }
    if (dyn) {
        /* one copy of the row (no reader goes to a candidate not in the
         * run): the run wrote it as it went, while its nodes were in cache */
        memcpy(u->order, r->order, sizeof u->order);
        u->nexp = r->expanded;
    }
    if (r->non + r->noff >= SUM_BULK && !r->nnest) {
        sum_all_nodes(u, r);
        return u;
    }
    sum_nodes(u, r, r->on_list, r->non, 1);
    sum_nodes(u, r, r->off_list, r->noff, 0);
    if (r->absurd) {
        const uint16_t virt = CG_VIRTUAL / 2; /* cg_node(virt, 0) is CG_VIRTUAL */
        sum_nodes(u, r, &virt, 1, 0);
    }
    return u;
}

/* The summary of the run from start node id, computed once per call. */
static inline const run_sum *summary(workspace *ws, int start)
{
    return ws->sum[start] ? ws->sum[start] : summary_made(ws, start);
}

/*
 * An OFF start's run is read by its own candidate's hints alone: its
 * contradiction, then the double chains with its ON run, one right after
 * the other, while the ring holds it. So it is read there and never
 * summarised (half the summaries of a search), but in the dynamic search
 * of level 0, whose store takes most runs from the search before, and
 * the runs a nested search takes from that store (base_run()). A sink
 * reads a hint's chains as the hint is offered, so then too: the ring
 * holds the OFF run (the newest) and its ON run, or the ON run has a summary.
 */
static const run_sum *base_run(workspace *ws, int start);
static bool read_in_ring(workspace *ws, int start) { return !(start & 1) && !ws->dyn && !base_run(ws, start); }

/* The run from start from the ring, made again in full should it have left
 * it (a run cut shallower than the first could lack a node read). */
static const cg_run *ring_run(workspace *ws, int start)
{
    for (int i = 0; i < RING; i++)
        if (ws->ring_p[i] == start)
            return &ws->runs[i];
    return full_run(ws, start, 1 << 30);
}

/* The parents a summary kept, as the run's. */
static cg_parent_table kept_parents(const run_sum *u)
{
    return (cg_parent_table){ u->par_at, u->par_n, u->arena, u->nnest, u->nest, u->nest_cplx, u->nest_hash,
                              u->virt_p, u->virt_on };
}

/* Ancestor count of node id in the run from start, or limit + 1 past limit. */
static int ancestors(workspace *ws, int start, int id, int limit)
{
    if (read_in_ring(ws, start)) {
        int count = cg_ancestors(ring_run(ws, start), id, limit);
        return count <= limit ? count : limit + 1;
    }
    const run_sum *u = summary(ws, start);
    int low = u->depth[id] + 1;
    if (u->exact && u->depth[id] < 255)
        return low <= limit ? low : limit + 1;
    if (low > limit)
        return limit + 1;
    if (u->kept) {
        cg_parent_table v = kept_parents(u);
        return cg_ancestors_in(&v, id, limit);
    }
    /* the node is in the summary: its run again, at least as deep */
    return cg_ancestors(full_run(ws, start, u->depth[id] < 255 ? u->depth[id] + 1 : 1 << 30), id, limit);
}

/* The search context of grid g: the finders of one step share it. A
 * dynamic search's own needs no static links (links false). */
static void ctx_for(workspace *ws, const sudoku_grid *g, bool links)
{
    if (!ws->cx_valid || !cg_ctx_matches(&ws->cx, g) || (links && !ws->cx.links)) {
        if (links)
            cg_ctx_init(&ws->cx, g);
        else
            cg_ctx_init_dynamic(&ws->cx, g);
    }
    ws->cx_valid = true;
    ws->cx.stop_depth = 1 << 30;
}

static bool layout_supported(const sudoku_layout *l) { return l->ncells * l->n <= CG_MAXP; }

/*
 * Whether the run from candidate p's node 'from_on' may end in a
 * contradiction, as far as the grid's solution tells (when known): one
 * from p ON proves p false, one from p OFF proves p true. Steps are sound,
 * so neither is found against the solution. (The static chains need not
 * ask: their reach sets tell exactly where a chain comes back. Nor the
 * Nishio runs: the digits' templates skip the same runs, but where a
 * template search runs out of its budget, which was never seen.)
 */
static bool may_prove_opposite(const workspace *ws, int p, bool from_on)
{
    if (!ws->solution)
        return true;
    int n = ws->cx.n;
    return (ws->solution[p / n] == p % n + 1) != from_on;
}

/*
 * Templates of digit d: sets of its places with one in each unit that
 * holds any (so none two in a unit). The solution's cells of d are one.
 * Every node of a Nishio run (digit d's links alone) holds in every
 * template that agrees with its start: an ON node p turns off the places
 * in p's units (a template has one there), an OFF node p turns on the one
 * place left in a unit (the template's place there is no OFF node, and it
 * was among the unit's places). A contradiction is a node both ON and OFF:
 * so a run from a place ON that some template takes, or OFF that some
 * template leaves, finds none, and need not be made. The same holds of
 * the static X-chains (digit d's links of the grid): one from p ON back
 * to p OFF needs p in no template, one from p OFF back to p ON p in every
 * template. And an X-cycle removes only a place that no template takes:
 * a template holds either every ON node of the cycle or every OFF node
 * (follow the links from an ON node in it, or from one out of it: a weak
 * link's ends share a unit, a strong link's are its unit's two places),
 * so a place that sees an ON node and an OFF node is in none. When every
 * place is in some template, no X-cycle of d removes anything.
 */
#define TEMPLATE_BUDGET 64 /* search nodes for one template: past it, the places stay unproven */

typedef struct template_search {
    int nrows;
    int count[SUDOKU_MAX_N];           /* per row holding places, fewest first: its places */
    uint16_t cell[SUDOKU_MAX_N][SUDOKU_MAX_N];
    uint8_t row_unit[SUDOKU_MAX_N];
    uint64_t units[128];               /* per place: its three units (bit u) */
    uint64_t need;                     /* the units holding places */
    uint64_t places[2];
    uint64_t taken[2], kept_by_all[2]; /* of the templates found */
    bool any;
    int budget;
    int barred_place;                  /* a place the template must leave, -1 none */
    digit_templates *out;              /* where the templates found go */
} template_search;

/* A template from row i on, with the units 'used' and the cells 'in'
 * taken: true when found (and recorded). */
static bool template_dfs(template_search *t, int i, uint64_t used, uint64_t in0, uint64_t in1)
{
    if (--t->budget < 0)
        return false;
    if (i == t->nrows) {
        if (used != t->need)
            return false;
        t->taken[0] |= in0;
        t->taken[1] |= in1;
        t->kept_by_all[0] = t->any ? t->kept_by_all[0] & in0 : in0;
        t->kept_by_all[1] = t->any ? t->kept_by_all[1] & in1 : in1;
        t->any = true;
        if (t->out->nfound < TEMPLATES_KEPT) {
            t->out->found[t->out->nfound][0] = in0;
            t->out->found[t->out->nfound++][1] = in1;
        }
        return true;
    }
    if ((used >> t->row_unit[i]) & 1) /* the row of the place sought */
        return template_dfs(t, i + 1, used, in0, in1);
    const uint16_t *cell = t->cell[i];
    for (int k = 0; k < t->count[i]; k++) {
        int c = cell[k];
        if ((used & t->units[c]) || c == t->barred_place)
            continue;
        uint64_t bit = (uint64_t)1 << (c & 63);
        if (template_dfs(t, i + 1, used | t->units[c], c < 64 ? in0 | bit : in0, c < 64 ? in1 : in1 | bit))
            return true;
    }
    return false;
}

/* A template that takes place c (leaves it, when !with), if one turns up within the budget. */
static void template_for(template_search *t, int c, bool with)
{
    t->budget = TEMPLATE_BUDGET;
    t->barred_place = with ? -1 : c;
    uint64_t bit = c >= 0 ? (uint64_t)1 << (c & 63) : 0;
    if (with && c >= 0) /* c is taken: its units are used, the search goes on with the other rows */
        template_dfs(t, 0, t->units[c], c < 64 ? bit : 0, c < 64 ? 0 : bit);
    else
        template_dfs(t, 0, 0, 0, 0);
}

/* Whether every place is taken by some template found and left by another. */
static bool templates_settle(const template_search *t)
{
    return t->taken[0] == t->places[0] && t->taken[1] == t->places[1] && !(t->kept_by_all[0] | t->kept_by_all[1]);
}

/*
 * dt's taken and left for the digit whose places dt holds, from the
 * templates dt->found holds (each still a template) and those a search
 * finds: one template when none is held, then one with each place no
 * template found takes, then one without each place every template found
 * takes. Those found join dt->found while it has room.
 */
static void templates_search(const cg_ctx *cx, digit_templates *dt)
{
    template_search t;
    t.out = dt;
    t.places[0] = dt->places[0];
    t.places[1] = dt->places[1];
    t.taken[0] = t.taken[1] = t.kept_by_all[0] = t.kept_by_all[1] = 0;
    t.any = dt->nfound > 0;
    for (int i = 0; i < dt->nfound; i++)
        for (int w = 0; w < 2; w++) {
            t.taken[w] |= dt->found[i][w];
            t.kept_by_all[w] = i ? t.kept_by_all[w] & dt->found[i][w] : dt->found[i][w];
        }
    if (!templates_settle(&t)) {
        t.need = 0;
        int order[SUDOKU_MAX_N], nrows = 0;
        uint16_t cells[SUDOKU_MAX_N][SUDOKU_MAX_N];
        int count[SUDOKU_MAX_N];
        int8_t row_slot[SUDOKU_MAX_UNITS];
        memset(row_slot, -1, sizeof row_slot);
        for (int w = 0; w < 2; w++)
            for (uint64_t m = t.places[w]; m; m &= m - 1) {
                int c = w * 64 + bit_index64(m);
                t.units[c] = (uint64_t)1 << cx->unit[c][0] | (uint64_t)1 << cx->unit[c][1] |
                             (uint64_t)1 << cx->unit[c][2];
                t.need |= t.units[c];
                int row = cx->unit[c][1];
                if (row_slot[row] < 0) {
                    row_slot[row] = (int8_t)nrows;
                    count[nrows] = 0;
                    order[nrows] = nrows;
                    nrows++;
                }
                int i = row_slot[row];
                cells[i][count[i]++] = (uint16_t)c;
            }
        /* rows of fewest places first (a stable insertion sort) */
        for (int i = 1; i < nrows; i++)
            for (int j = i; j > 0 && count[order[j]] < count[order[j - 1]]; j--) {
                int x = order[j];
                order[j] = order[j - 1];
                order[j - 1] = x;
            }
        t.nrows = nrows;
        for (int i = 0; i < nrows; i++) {
            t.count[i] = count[order[i]];
            memcpy(t.cell[i], cells[order[i]], (size_t)count[order[i]] * sizeof cells[0][0]);
            t.row_unit[i] = cx->unit[t.cell[i][0]][1];
        }
        if (!t.any)
            template_for(&t, -1, true);
        if (t.any) {
            for (int w = 0; w < 2; w++)
                for (uint64_t m = t.places[w] & ~t.taken[w]; m; m &= m - 1)
                    if (!((t.taken[w] >> bit_index64(m)) & 1))
                        template_for(&t, w * 64 + bit_index64(m), true);
            for (int w = 0; w < 2; w++)
                for (uint64_t m = t.kept_by_all[w]; m; m &= m - 1)
                    if ((t.kept_by_all[w] >> bit_index64(m)) & 1)
                        template_for(&t, w * 64 + bit_index64(m), false);
        }
    }
    memset(dt->taken, 0, sizeof dt->taken);
    memset(dt->left, 0, sizeof dt->left);
    if (!t.any)
        return;
    for (int w = 0; w < 2; w++) {
        dt->taken[w] = t.taken[w];
        dt->left[w] = t.places[w] & ~t.kept_by_all[w];
    }
}

/* The places of digit d that some template found takes (taken), and those
 * some template found leaves (left); a bounded search, so some may be missed. */
void cg_digit_templates(const cg_ctx *cx, const sudoku_grid *g, int d, uint64_t *taken, uint64_t *left)
{
    memset(taken, 0, SUDOKU_MAX_CELLS / 8);
    memset(left, 0, SUDOKU_MAX_CELLS / 8);
    if (cx->ncells > 128)
        return; /* no chaining search on such a layout (layout_supported()) */
    digit_templates dt;
    dt.nfound = 0;
    dt.places[0] = dt.places[1] = 0;
    for (int c = 0; c < cx->ncells; c++)
        if (g->cand[c] & sudoku_bit(d)) /* as the runs' places (cg_ctx's where0) */
            dt.places[c >> 6] |= (uint64_t)1 << (c & 63);
    templates_search(cx, &dt);
    memcpy(taken, dt.taken, sizeof dt.taken);
    memcpy(left, dt.left, sizeof dt.left);
}

static bool templates_on = true;

/* Tests: false makes every Nishio run and every X search, true (the
 * default) skips those the templates show find nothing; forgets the runs
 * and searches kept (the templates held stay). */
void cg_set_templates(bool on)
{
    templates_on = on;
    workspace *ws = ws_get(0);
    if (ws)
        for (int d = 0; d <= SUDOKU_MAX_N; d++)
            ws->nishio[d].l = ws->x[d].l = NULL; /* found with the other setting */
}

/* What the templates of digit d in the context's grid take and leave,
 * kept with its places; nothing taken or left when they are off (tests). */
static const digit_templates *templates_of(workspace *ws, int d)
{
    static const digit_templates none; /* nothing taken or left */
    if (!templates_on)
        return &none;
    cg_ctx *cx = &ws->cx;
    digit_templates *t = &ws->templates[d];
    if (cg_kept_for(cx, t->l) && t->places[0] == cx->digit_bb[d][0] && t->places[1] == cx->digit_bb[d][1])
        return t;
    /* the templates held stay templates when the places only lost some */
    uint64_t p0 = cx->digit_bb[d][0], p1 = cx->digit_bb[d][1];
    if (!cg_kept_for(cx, t->l) || (p0 & ~t->places[0]) || (p1 & ~t->places[1]))
        t->nfound = 0;
    int kept = 0;
    for (int i = 0; i < t->nfound; i++)
        if (!(t->found[i][0] & ~p0) && !(t->found[i][1] & ~p1)) {
            t->found[kept][0] = t->found[i][0];
            t->found[kept++][1] = t->found[i][1];
        }
    t->nfound = kept;
    t->l = cx->shape;
    t->places[0] = p0;
    t->places[1] = p1;
    templates_search(cx, t);
    t->all_taken = t->taken[0] == t->places[0] && t->taken[1] == t->places[1];
    return t;
}

/* Tests: what the thread's searches hold of digit d's templates, when
 * they were found for g's places (else nothing taken or left). */
void cg_templates_held(const sudoku_grid *g, int d, uint64_t *taken, uint64_t *left)
{
    memset(taken, 0, SUDOKU_MAX_CELLS / 8);
    memset(left, 0, SUDOKU_MAX_CELLS / 8);
    workspace *ws = ws_get(0);
    const digit_templates *t = ws ? &ws->templates[d] : NULL;
    if (!t || t->l != g->layout || g->layout->ncells > 128)
        return;
    uint64_t places[2] = { 0, 0 };
    for (int c = 0; c < g->layout->ncells; c++)
        if (g->cand[c] & sudoku_bit(d))
            places[c >> 6] |= (uint64_t)1 << (c & 63);
    if (places[0] != t->places[0] || places[1] != t->places[1])
        return;
    memcpy(taken, t->taken, sizeof t->taken);
    memcpy(left, t->left, sizeof t->left);
}

/* ------------------------------------------------------------ static family */

/* The cells of a cycle, the start's included, and what it removes (createCycleHint). */
/* What the nodes of cycle k (closing at candidate p0 ON) see, per digit,
 * as bit boards: the cells its ON / OFF nodes of the digit see, and the
 * cycle's own cells; at most 256 nodes, as the hint shows them. */
typedef struct cycle_sight {
    uint64_t forw[SUDOKU_MAX_N + 1][2], back[SUDOKU_MAX_N + 1][2], chain[2];
    sudoku_mask digits; /* those of its nodes: only their rows of forw and back are set */
} cycle_sight;

static void cycle_sight_of(const cg_ctx *cx, const cg_cycles *cy, int k, int p0, cycle_sight *s)
{
    s->chain[0] = s->chain[1] = 0;
    s->digits = 0;
    int p = p0;
    bool on = true;
    /* the closing ON node, then its parents up to the root (excluded) */
    for (int a = cy->cycle_last[k], len = 1;; a = cy->rec_parent[a], len++) {
        int c = cg_cell(cx, p), d = cg_digit(cx, p);
        if (!(s->digits & sudoku_bit(d))) {
            s->forw[d][0] = s->forw[d][1] = s->back[d][0] = s->back[d][1] = 0;
            s->digits |= sudoku_bit(d);
        }
        uint64_t(*to)[2] = on ? s->forw : s->back;
        s->chain[c >> 6] |= (uint64_t)1 << (c & 63);
        to[d][0] |= cx->peer_bb[c][0];
        to[d][1] |= cx->peer_bb[c][1];
        if (a < 0 || cy->rec_parent[a] < 0 || len >= 256)
            break;
        p = cy->rec_p[a];
        on = cy->rec_on[a];
    }
}

/* A digit's removals: cells seeing an ON and an OFF node of it, off the cycle. */
static inline uint64_t cycle_removals(const cg_ctx *cx, const cycle_sight *s, int d, int w)
{
    return s->forw[d][w] & s->back[d][w] & ~s->chain[w] & cx->digit_bb[d][w];
}

int cg_cycle_pattern(const cg_ctx *cx, const cg_cycles *cy, int k, int p0, sudoku_mask *removable,
                         int *ncells)
{
    cycle_sight s;
    cycle_sight_of(cx, cy, k, p0, &s);
    int removed = 0;
    memset(removable, 0, (size_t)cx->ncells * sizeof removable[0]);
    for (sudoku_mask digits = s.digits; digits; digits &= (sudoku_mask)(digits - 1)) {
        int d = mask_first_digit(digits);
        for (int w = 0; w < 2; w++)
            for (uint64_t m = cycle_removals(cx, &s, d, w); m; m &= m - 1) {
                removable[64 * w + bit_index64(m)] |= sudoku_bit(d);
                removed++;
            }
    }
    int count = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = s.chain[w]; m; m &= m - 1)
            count++;
    *ncells = count;
    return removed;
}

/* Whether cycle k from candidate p0 removes anything: cg_cycle_pattern()'s
 * test without the table. */
static bool cycle_removes(const cg_ctx *cx, const cg_cycles *cy, int k, int p0)
{
    cycle_sight s;
    cycle_sight_of(cx, cy, k, p0, &s);
    uint64_t any = 0;
    for (sudoku_mask digits = s.digits; digits; digits &= (sudoku_mask)(digits - 1)) {
        int d = mask_first_digit(digits);
        any |= cycle_removals(cx, &s, d, 0) | cycle_removals(cx, &s, d, 1);
    }
    return any != 0;
}

static const char *cycle_name(bool y, bool x, int ncells)
{
    if (x && y)
        return "Bidirectional Cycle";
    if (y)
        return "Bidirectional Y-Cycle";
    return ncells == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
}

static int static_sortkey(bool y, bool x) { return x && y ? 4 : y ? 3 : 2; }
/* SE's base difficulty of a static cycle and of a static forcing chain of that kind. */
static double static_cycle_base(bool y, bool x) { return x && y ? 7.0 : 6.5; }
static double static_chain_base(bool y, bool x) { return x && y ? 7.0 : 6.6; }

/* The largest complexity at which a hint of this base and sort key would
 * still come before best (hints grow harder with complexity). */
static int max_complexity(const hint *best, double base, int sortkey)
{
    if (!best->found)
        return 1 << 20;
    int c = 1;
    for (;; c++) {
        hint h = { .found = true, .difficulty = base + cg_length_bonus(c + 1), .complexity = c + 1, .sortkey = sortkey };
        if (!hint_before(&h, best))
            return c;
    }
}

/* Component k's links as bit sets of places (k has 64 members at most). */
static void comp_links_make(comp_links *cl, const cg_ctx *cx, const cg_reach *rc, int k)
{
    int first = rc->comp_first[k], size = rc->comp_size[k];
    for (int i = 0; i < size; i++) {
        int a = rc->member[first + i];
        cl->place[a] = (uint8_t)i;
        cl->to[a] = cl->from[a] = cl->sees[a] = 0;
    }
    uint64_t off_of[SUDOKU_MAX_N + 1] = { 0 }; /* the places of the OFF nodes of each digit */
    for (int i = 0; i < size; i++) {
        int id = rc->node[rc->member[first + i]];
        if (!(id & 1))
            off_of[cg_digit(cx, id >> 1)] |= (uint64_t)1 << i;
    }
    for (int i = 0; i < size; i++) {
        int a = rc->member[first + i], id = rc->node[a];
        if (!(id & 1))
            continue;
        int c = cg_cell(cx, id >> 1), d = cg_digit(cx, id >> 1);
        uint64_t w0 = cx->peer_bb[c][0] & cx->digit_bb[d][0], w1 = cx->peer_bb[c][1] & cx->digit_bb[d][1];
        for (uint64_t m = off_of[d]; m; m &= m - 1) {
            int e = cg_cell(cx, rc->node[rc->member[first + bit_index64(m)]] >> 1);
            if ((w0 & cx->peer_bb[e][0]) | (w1 & cx->peer_bb[e][1]))
                cl->sees[a] |= m & -m;
        }
    }
    for (int i = 0; i < size; i++) {
        int a = rc->member[first + i];
        const uint16_t *ls = cg_links(rc, a);
        for (int j = 0; j < rc->nlive[a]; j++) {
            int t = ls[j];
            if (rc->comp[t] != k)
                continue;
            cl->to[a] |= (uint64_t)1 << cl->place[t];
            cl->from[t] |= (uint64_t)1 << i;
        }
    }
}

/* The places one link further from the places 'wave' (links[]: the node numbers' to[] or from[]). */
static inline uint64_t comp_step(const uint64_t *links, const uint16_t *member, uint64_t wave)
{
    uint64_t next = 0;
    for (; wave; wave &= wave - 1)
        next |= links[member[bit_index64(wave)]];
    return next;
}

/* Whether a cycle through candidate p ON of at most max_length nodes
 * could remove anything (see comp_links); true when it cannot tell. */
static bool ball_can_remove(comp_links *cl, const cg_ctx *cx, const cg_reach *rc, int p, int max_length)
{
    int a0 = rc->index[cg_node(p, true)];
    if (a0 < 0 || max_length > 64)
        return true;
    int k = rc->comp[a0];
    if (cl->rc != rc || cl->generation != cx->generation) {
        cl->rc = rc;
        cl->generation = cx->generation;
        memset(cl->made, 0, (size_t)rc->ncomps);
    }
    if (!cl->made[k]) {
        cl->made[k] = rc->comp_size[k] <= 64 ? 1 : 2;
        if (cl->made[k] == 1)
            comp_links_make(cl, cx, rc, k);
    }
    if (cl->made[k] != 1)
        return true;
    /* back_le[d]: the places at distance d or less to p ON. A node of a
     * cycle is at most max_length - 1 links from p ON, either way. */
    const uint16_t *member = rc->member + rc->comp_first[k];
    int last = max_length - 1;
    uint64_t back_le[64];
    uint64_t start = (uint64_t)1 << cl->place[a0], seen = start, wave = start;
    back_le[0] = start;
    for (int d = 1; d <= last; d++) {
        if (wave) {
            wave = comp_step(cl->from, member, wave) & ~seen;
            seen |= wave;
        }
        back_le[d] = seen;
    }
    /* Then the ball, wave by wave from p ON, each within back_le[L - d]:
     * a node on a shortest path from p ON to a node of the ball is in the
     * ball too (it is no further from p ON, and its distance to p ON is at
     * most its distance to that node plus that node's), so the waves need
     * not go through nodes outside it, and a node left out of a wave is
     * left out of the later ones as well (their bounds are smaller). */
    uint64_t ball = start;
    seen = wave = start;
    for (int d = 1; d <= last && wave; d++) {
        wave = comp_step(cl->to, member, wave) & ~seen;
        seen |= wave;
        wave &= back_le[max_length - d > last ? last : max_length - d];
        ball |= wave;
    }
    /* the sight test of cg_cycle_can_remove() on the ball's nodes */
    for (uint64_t m = ball; m; m &= m - 1)
        if (cl->sees[member[bit_index64(m)]] & ball)
            return true;
    return false;
}

bool cg_cycle_ball_can_remove(const cg_ctx *cx, const cg_reach *rc, int p, int max_length)
{
    workspace *ws = ws_get(0);
    return !ws || ball_can_remove(&ws->balls, cx, rc, p, max_length);
}

/* What the X-cycles and X-chains from candidate p of cell c and digit d
 * find (see x_digit), but what the digit's templates tp rule out. */
static void x_search(workspace *ws, const digit_templates *tp, int c, int d, int p, x_found *f)
{
    cg_ctx *cx = &ws->cx;
    f->known = true;
    f->cycle_length = 0;
    f->chain_length[0] = f->chain_length[1] = -1;
    bool in_some = (tp->taken[c >> 6] >> (c & 63)) & 1, out_of_some = (tp->left[c >> 6] >> (c & 63)) & 1;
    bool cycles = cx->in_unit_link[p] && !tp->all_taken;
    if (!cycles && in_some && out_of_some)
        return;
    /* the graph of unit links with digit d */
    const cg_reach *rc = cg_reach_digit(cx, d);
    if (cycles && (!rc || (cg_on_cycle(rc, cg_node(p, true)) && cg_cycle_can_remove(cx, rc, p)))) {
        /* in order of length: the first that removes something is the one a
         * search with any limit takes, and the search need go no further */
        cg_run_cycles_until(cx, &ws->cycles, p, false, true, 1 << 20, cycle_removes);
        if (ws->cycles.met) {
            int k = ws->cycles.ncycles - 1;
            f->cycle_length = ws->cycles.cycle_length[k];
            f->cycle_index = (int16_t)k;
        }
    }
    for (int from_on = 0; from_on < 2; from_on++)
        if (!(from_on ? in_some : out_of_some))
            f->chain_length[from_on] = (int16_t)(rc && !cg_digit_reaches(cx, rc, p, from_on)
                                                     ? -1
                                                     : cg_forcing_length(cx, p, from_on, false, 1 << 20));
}

/* The X kind of static_hints(), from what is kept per digit. */
static void x_hints(workspace *ws, const sudoku_grid *g, hint *best)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    for (int d = 1; d <= n; d++) {
        x_digit *xd = &ws->x[d];
        if (cg_kept_for(cx, xd->l) && xd->places[0] == cx->digit_bb[d][0] && xd->places[1] == cx->digit_bb[d][1])
            continue;
        xd->l = cx->shape;
        xd->places[0] = cx->digit_bb[d][0];
        xd->places[1] = cx->digit_bb[d][1];
        for (int c = 0; c < cx->ncells; c++)
            xd->at[c].known = false;
    }
    for (int c = 0; c < cx->ncells; c++) {
        if (g->digit[c] || mask_count(g->cand[c]) < 2)
            continue;
        for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
            int d = mask_first_digit(dm), p = c * n + d - 1;
            x_found *f = &ws->x[d].at[c];
            if (!f->known)
                x_search(ws, templates_of(ws, d), c, d, p, f);
            hint h = { .found = true, .sortkey = static_sortkey(false, true), .source = p,
                       .y_links = false, .x_links = true };
            if (f->cycle_length) {
                h.kind = HINT_CYCLE;
                h.index = f->cycle_index;
                h.complexity = f->cycle_length;
                h.difficulty = static_cycle_base(false, true) + cg_length_bonus(h.complexity);
                if (hint_before(&h, best))
                    *best = h;
            }
            for (int from_on = 1; from_on >= 0; from_on--) {
                int length = f->chain_length[from_on];
                if (length < 0)
                    continue;
                h.kind = HINT_FORCING;
                h.from_on = from_on;
                h.complexity = length + 1;
                h.difficulty = static_chain_base(false, true) + cg_length_bonus(h.complexity);
                if (hint_before(&h, best))
                    *best = h;
            }
        }
    }
}

/*
 * Whether the Y kind could find a cycle that removes something, told from
 * the graph with both kinds of links when the XY kind will ask for that
 * graph anyway (true when it cannot tell). A Y-cycle is an XY-cycle too
 * (its links are links of that graph), so its nodes lie in its start's
 * component there: when cg_cycle_can_remove() on that graph rules out
 * every bivalue cell's candidate, the Y kind finds nothing, and its own
 * graph need not be made (in half the Y passes on low.txt).
 */
static bool y_cycle_possible(workspace *ws, const sudoku_grid *g, const hint *best)
{
    cg_ctx *cx = &ws->cx;
    int sortkey = static_sortkey(true, true);
    if (max_complexity(best, static_cycle_base(true, true), sortkey) < 4 &&
        max_complexity(best, static_chain_base(true, true), sortkey) <= 1)
        return true; /* the XY kind will not run (unless the Y kind finds nothing): no graph to borrow */
    const cg_reach *rc = cg_reach_for(cx, true, true, true);
    if (!rc)
        return true;
    for (int c = 0; c < cx->ncells; c++) {
        if (g->digit[c] || !cg_exactly_two(g->cand[c]))
            continue;
        for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
            int p = c * cx->n + mask_first_digit(dm) - 1;
            if (cg_on_cycle(rc, cg_node(p, true)) && cg_cycle_can_remove(cx, rc, p))
                return true;
        }
    }
    return false;
}

/* Whether a cell other than a and b, with candidate d, sees both (a Y-cycle
 * through a ON and b OFF, both of digit d, removes d there). */
static bool both_see(const cg_ctx *cx, int a, int b, sudoku_mask digits)
{
    for (; digits; digits &= (sudoku_mask)(digits - 1)) {
        int d = mask_first_digit(digits);
        if ((cx->peer_bb[a][0] & cx->peer_bb[b][0] & cx->digit_bb[d][0]) |
            (cx->peer_bb[a][1] & cx->peer_bb[b][1] & cx->digit_bb[d][1]))
            return true;
    }
    return false;
}

/*
 * Whether cx's grid has a Y-cycle of 4 or 6 nodes that removes something,
 * told from its bivalue cells (true when it may). In a Y-cycle an OFF
 * node makes its cell mate ON (the cell has two candidates), and an ON
 * node x makes OFF a peer of its digit in another bivalue cell (were it
 * x's cell mate, the next node would be x again): each pair of links goes
 * from "cell a holds d" (a's d ON, its other OFF) to "peer b, which has
 * d, holds its other digit". Two such steps back to the start need two
 * peer cells with the same two candidates; three need three cells that
 * see one another, with candidates {d, e}, {e, f} and {f, d}. Such a cycle
 * has, of each digit that two consecutive cells share, an ON node in one
 * and an OFF node in the other, and no other node of that digit: it
 * removes that digit from the cells that see both (the cycle's third
 * cell lacks it), in either direction.
 */
bool cg_y_short_cycle_possible(const cg_ctx *cx)
{
    const sudoku_mask *cand = cx->cand0;
    int cell[SUDOKU_MAX_CELLS], count = 0;
    for (int c = 0; c < cx->ncells; c++)
        if (!cx->grid_digit[c] && cg_exactly_two(cand[c]))
            cell[count++] = c;
    for (int i = 0; i < count; i++) {
        int a = cell[i];
        sudoku_mask ma = cand[a];
        for (int j = i + 1; j < count; j++) {
            int b = cell[j];
            sudoku_mask mb = cand[b], ab = ma & mb;
            if (!ab || !((cx->peer_bb[a][b >> 6] >> (b & 63)) & 1))
                continue;
            if (ab == ma) { /* the same two candidates */
                if (both_see(cx, a, b, ab))
                    return true;
                continue;
            }
            sudoku_mask third = ma ^ mb;
            for (int k = j + 1; k < count; k++) {
                int c = cell[k];
                if (cand[c] == third && ((cx->peer_bb[c][a >> 6] >> (a & 63)) & 1) &&
                    ((cx->peer_bb[c][b >> 6] >> (b & 63)) & 1) &&
                    (both_see(cx, a, b, ab) || both_see(cx, b, c, mb & third) || both_see(cx, c, a, third & ma)))
                    return true;
            }
        }
    }
    return false;
}

/* Chaining(false, false, false): X-, Y- and XY-cycles and forcing chains. */
static bool static_hints(workspace *ws, const sudoku_grid *g, hint *best)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    /* The X kind first, from what is kept per digit; then Y and XY. */
    static const bool modes[2][2] = { { true, false }, { true, true } }; /* y, x */
    x_hints(ws, g, best);
    for (int m = 0; m < 2; m++) {
        bool y = modes[m][0], x = modes[m][1];
        int sortkey = static_sortkey(y, x);
        double cycle_base = static_cycle_base(y, x), chain_base = static_chain_base(y, x);
        /* The limits only tighten as the best improves: when neither a
         * cycle (4 nodes at least) nor a chain could beat it now, nothing
         * of this kind will (the XY kind after a 6.x hint, mostly). */
        int max_cycle = max_complexity(best, cycle_base, sortkey), max_chain = max_complexity(best, chain_base, sortkey);
        if (max_cycle < 4 && (!x || max_chain <= 1))
            continue;
        /* Y-cycles of 6 nodes or fewer alone: found from the bivalue cells */
        if (!x && max_cycle <= 7 && !cg_y_short_cycle_possible(cx))
            continue;
        if (!x && !y_cycle_possible(ws, g, best))
            continue;
        /* Reach sets for the forcing chains (unit links): the Y kind has
         * cycles alone, whose tests read the components, not the reach sets. */
        const cg_reach *rc = cg_reach_for(cx, y, x, x);
        for (int c = 0; c < cx->ncells; c++) {
            int card = mask_count(g->cand[c]);
            if (g->digit[c] || card < 2 || (!x && card > 2))
                continue;
            for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
                int p = c * n + mask_first_digit(dm) - 1;
                hint h = { .found = true, .sortkey = sortkey, .source = p, .y_links = y, .x_links = x };
                /* a cycle comes back to p ON through a link of its kind */
                bool closes = (y && cx->in_cell[p]) || (x && cx->in_unit_link[p]);
                if (max_cycle >= 4 && closes &&
                    (!rc || (cg_on_cycle(rc, cg_node(p, true)) && cg_cycle_can_remove(cx, rc, p) &&
                             ball_can_remove(&ws->balls, cx, rc, p, max_cycle)))) {
                    /* Every cycle within max_cycle comes before best, and
                     * they come in order of length: the first that removes
                     * something is the hint (a later one is no shorter, and
                     * ties keep the earlier), so the search stops there. */
                    cg_run_cycles_until(cx, &ws->cycles, p, y, x, max_cycle, cycle_removes);
                    if (ws->cycles.met) {
                        int k = ws->cycles.ncycles - 1;
                        h.kind = HINT_CYCLE;
                        h.index = k;
                        h.complexity = ws->cycles.cycle_length[k];
                        h.difficulty = cycle_base + cg_length_bonus(h.complexity);
                        if (hint_before(&h, best)) {
                            *best = h; /* the limits are those of the new best */
                            max_cycle = max_complexity(best, cycle_base, sortkey);
                            max_chain = max_complexity(best, chain_base, sortkey);
                        }
                    }
                }
                if (!x)
                    continue;
                for (int from_on = 1; from_on >= 0; from_on--) {
                    if (rc && !cg_reaches(rc, cg_node(p, from_on), cg_node(p, !from_on)))
                        continue; /* no chain of this kind comes back to p */
                    /* complexity = target depth + 1, the target one link below a node expanded */
                    if (max_chain <= 1)
                        continue; /* a run to depth 0 finds nothing */
                    int length = cg_forcing_length(cx, p, from_on, y, max_chain - 1);
                    if (length < 0)
                        continue;
                    h.kind = HINT_FORCING;
                    h.from_on = from_on;
                    h.complexity = length + 1;
                    h.difficulty = chain_base + cg_length_bonus(h.complexity);
                    if (hint_before(&h, best)) {
                        *best = h;
                        max_cycle = max_complexity(best, cycle_base, sortkey);
                        max_chain = max_complexity(best, chain_base, sortkey);
                    }
                }
            }
        }
    }
    return best->found;
}

/* ------------------------------------------------------------ multiple family */

typedef cg_multi_cfg multi_cfg;

/*
 * Collect mode: h goes to the sink with its chains (the runs again, from
 * the ring while they last); else h replaces best if SE sorts it first.
 */
static void report_hint(workspace *ws, const sudoku_grid *g, const hint *h);

static void offer(workspace *ws, const sudoku_grid *g, const hint *h, hint *best)
{
    if (ws->sink)
        report_hint(ws, g, h);
    else if (hint_before(h, best))
        *best = *h;
}

/* The largest complexity at which a hint of this sort key removing target
 * (ON or OFF) can count: beat the best, or in collect mode be wanted by the sink. */
static int hint_limit(const workspace *ws, const sudoku_grid *g, const hint *best, int sortkey, int target, bool on)
{
    if (!ws->sink)
        return complexity_limit(best, sortkey);
    int n = ws->cx.n;
    sudoku_mask b = sudoku_bit(target % n + 1);
    cg_hint_info info = { 0.0, 0, sortkey, target / n, on ? (sudoku_mask)(g->cand[target / n] & ~b) : b };
    return ws->sink->limit(ws->sink->ctx, &info);
}

/* Sum of the ancestor counts of node id in the runs from starts[0..k-1], or limit + 1. */
static int sum_ancestors(workspace *ws, const int *starts, int k, int id, int limit)
{
    /* A node's ancestors are at least its first-parent path, its depth + 1:
     * the depths alone tell most sums past the limit, before any branch's
     * parents are walked. */
    int low = 0;
    for (int i = 0; i < k; i++)
        low += 1 + (read_in_ring(ws, starts[i]) ? ring_run(ws, starts[i])->depth[id] : summary(ws, starts[i])->depth[id]);
    if (low > limit)
        return limit + 1;
    int sum = 0;
    cg_nested_begin();
    for (int i = 0; i < k; i++) {
        sum += ancestors(ws, starts[i], id, limit - sum);
        if (sum > limit)
            return limit + 1;
    }
    return sum;
}

/*
 * Hints whose every branch reaches the same node (Cell or Region Forcing
 * Chains, and Double Forcing Chains with the two runs of one candidate):
 * the targets are the nodes of the first run found in all the others, in
 * its order.
 */
static void branch_hints(workspace *ws, const sudoku_grid *g, const int *starts, int k, const hint *proto,
                         const multi_cfg *cfg, hint *best)
{
    int n = ws->cx.n;
    const cg_reach *rc = ws->static_reach;
    if (rc) {
        /* A static run's nodes are among those its start reaches: without
         * a node reached from every start, no run need be made. */
        uint64_t common[CG_WORDS * 2], any_reached = 0;
        memcpy(common, cg_reach_row(rc, rc->comp[rc->index[starts[0]]]), (size_t)rc->words * sizeof common[0]);
        for (int j = 1; j < k; j++) {
            const uint64_t *other = cg_reach_row(rc, rc->comp[rc->index[starts[j]]]);
            for (int w = 0; w < rc->words; w++)
                common[w] &= other[w];
        }
        for (int w = 0; w < rc->words; w++)
            any_reached |= common[w];
        if (!any_reached)
            return;
    }
    const run_sum *r0 = summary(ws, starts[0]); /* an ON start: its lists are read below */
    cg_set common[2] = { r0->off, r0->on };
    uint64_t any = 0;
    for (int j = 1; j < k; j++) {
        const cg_set *off, *on;
        if (read_in_ring(ws, starts[j])) {
            const cg_run *r = ring_run(ws, starts[j]);
            off = &r->off;
            on = &r->on;
        } else {
            const run_sum *u = summary(ws, starts[j]);
            off = &u->off;
            on = &u->on;
        }
        for (int w = 0; w < CG_WORDS; w++) {
            common[0].w[w] &= off->w[w];
            common[1].w[w] &= on->w[w];
        }
    }
    for (int w = 0; w < CG_WORDS; w++)
        any |= common[0].w[w] | common[1].w[w];
    if (!any)
        return;
    for (int state = 1; state >= 0; state--) {
        int count = state ? r0->non : r0->noff;
        const uint16_t *list = state ? r0->on_list : r0->off_list;
        for (int i = 0; i < count; i++) {
            int q = list[i];
            if (!cg_has(&common[state], q) || !target_worth(g, n, q, state))
                continue;
            int limit = hint_limit(ws, g, best, proto->sortkey, q, state);
            int cx = sum_ancestors(ws, starts, k, cg_node(q, state), limit);
            if (cx > limit)
                continue;
            hint h = *proto;
            h.complexity = cx;
            h.difficulty = cfg->base + cg_length_bonus(cx);
            h.target = q;
            h.target_on = state;
            offer(ws, g, &h, best);
        }
    }
}

/*
 * doRegionChainings() starts from a unit's first place of a digit, when
 * the digit has two places there (or more, for the multiple kinds): per
 * candidate, the unit types (bit t: box, row, column) for which its cell
 * is that first place, found once per search from the units' places
 * rather than for each candidate and each of its three units.
 */
static void region_starts(const cg_ctx *cx, const multi_cfg *cfg, uint8_t *first_in)
{
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    memset(first_in, 0, (size_t)(cx->ncells * n));
    for (int u = 0; u < l->nunits; u++)
        for (int d = 1; d <= n; d++) {
            unit_set pos = cx->where0[u][d];
            int count = mask_count(pos);
            if (!(count == 2 || (cfg->multiple && count > 2)))
                continue;
            int c = l->unit_cell[u][mask_first_digit(pos) - 1];
            for (int t = 0; t < 3; t++)
                if (cx->unit[c][t] == u)
                    first_in[c * n + d - 1] |= (uint8_t)(1u << t);
        }
}

/* doRegionChainings(): digit d of the cell in each unit type of 'types' (region_starts()). */
static void region_hints(workspace *ws, const sudoku_grid *g, int c, int d, unsigned types, const multi_cfg *cfg,
                         hint *best)
{
    cg_ctx *cx = &ws->cx;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    for (; types; types &= types - 1) {
        int t = bit_index32(types);
        int u = cx->unit[c][t];
        int starts[SUDOKU_MAX_N], k = 0;
        for (unit_set pos = cx->where0[u][d]; pos; pos &= (unit_set)(pos - 1))
            starts[k++] = cg_node(l->unit_cell[u][mask_first_digit(pos) - 1] * n + d - 1, true);
        hint proto = { .found = true, .kind = HINT_REGION, .sortkey = 6, .unit = u, .digit = d, .cell = c,
                       .index = t };
        branch_hints(ws, g, starts, k, &proto, cfg, best);
    }
}

/* A contradiction hint from the run of start: complexity of both ends. */
static void absurd_hint(workspace *ws, const sudoku_grid *g, int start, const hint *proto, const multi_cfg *cfg,
                        hint *best)
{
    bool absurd;
    int absurd_on, absurd_off, low; /* low: the two ends' depths + 1, a bound on their ancestors */
    if (read_in_ring(ws, start)) {
        const cg_run *r = full_run(ws, start, 0); /* its first reader: made here */
        absurd = r->absurd;
        absurd_on = r->absurd_on;
        absurd_off = r->absurd_off;
        low = absurd ? r->depth[absurd_on] + r->depth[absurd_off] + 2 : 0;
    } else {
        const run_sum *u = summary(ws, start);
        absurd = u->absurd;
        absurd_on = u->absurd_on;
        absurd_off = u->absurd_off;
        low = absurd ? u->depth[absurd_on] + u->depth[absurd_off] + 2 : 0;
    }
    if (!absurd)
        return;
    hint h = *proto;
    h.kind = HINT_ABSURD;
    h.from_on = start & 1;
    h.sortkey = 7;
    int limit = hint_limit(ws, g, best, 7, proto->source, !h.from_on);
    if (low > limit)
        return;
    cg_nested_begin();
    int a = ancestors(ws, start, absurd_on, limit);
    if (a <= limit)
        a += ancestors(ws, start, absurd_off, limit - a);
    if (a > limit)
        return;
    h.complexity = a;
    h.difficulty = cfg->base + cg_length_bonus(a);
    offer(ws, g, &h, best);
}

/* Chaining.getMultipleChainsHintList() for the Nishio, multiple and dynamic techniques. */
static bool multiple_hints(workspace *ws, const sudoku_grid *g, const multi_cfg *cfg, hint *best)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    cx->dynamic = cfg->dynamic;
    cx->y_links = !cfg->nishio;
    cx->level = cfg->level;
    cx->nest_limit = cfg->nest_limit;
    cx->nesting = cfg->nesting;
    ws_reset(ws);
    base_begin(ws, g, cfg);
    ws->best = best;
    ws->static_reach = cfg->dynamic ? NULL : cg_reach_for(cx, true, true, true);
    bool keeps = cfg->dynamic && cfg->level == 0 && !ws->sink; /* find_dynamic_chain()'s */
    if (keeps)
        dyn_begin(ws, g);
    bool contradiction = cfg->dynamic || cfg->nishio;
    uint8_t first_in[CG_MAXP];
    if (!cfg->nishio)
        region_starts(cx, cfg, first_in);
    for (int c = 0; c < cx->ncells; c++) {
        int card = mask_count(g->cand[c]);
        if (g->digit[c] || !(card > 2 || (card > 1 && cfg->dynamic)))
            continue;
        bool doubles = card >= 3 && !cfg->nishio && cfg->dynamic;
        for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
            int d = mask_first_digit(dm), p = c * n + d - 1;
            int on = cg_node(p, true), off = cg_node(p, false);
            hint proto = { .found = true, .source = p, .cell = c, .digit = d };
            /* A dynamic run of level 0 from p OFF that implies nothing is
             * p OFF alone: no contradiction, and no node in common with
             * p ON's run (which has p ON, never p OFF). */
            bool off_alone = cfg->dynamic && cfg->level == 0 && !cg_off_implies(cx, p);
            /* A contradiction from p ON needs p out of the solution, from
             * p OFF p in it: where the solution rules one out, it is not
             * looked for (and a bivalue cell's OFF run, read for its
             * contradiction alone, is not made). */
            if (contradiction) {
                if (may_prove_opposite(ws, p, true))
                    absurd_hint(ws, g, on, &proto, cfg, best);
                if (!off_alone && may_prove_opposite(ws, p, false))
                    absurd_hint(ws, g, off, &proto, cfg, best);
            }
            if (doubles && !off_alone) {
                int pair[2] = { on, off };
                hint h = proto;
                h.kind = HINT_DOUBLE;
                h.sortkey = 1;
                branch_hints(ws, g, pair, 2, &h, cfg, best);
            }
            if (!cfg->nishio && first_in[p])
                region_hints(ws, g, c, d, first_in[p], cfg, best);
        }
        if (!cfg->nishio && (card == 2 || (cfg->multiple && card > 2))) {
            int starts[SUDOKU_MAX_N], k = 0;
            for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1))
                starts[k++] = cg_node(c * n + mask_first_digit(dm) - 1, true);
            hint proto = { .found = true, .kind = HINT_CELL, .sortkey = 5, .cell = c };
            branch_hints(ws, g, starts, k, &proto, cfg, best);
        }
    }
    /* The graph is the thread's, rebuilt in place when another context asks
     * for one: it serves this search alone. */
    ws->static_reach = NULL;
    if (keeps)
        dyn_end(ws, g);
    return best->found;
}

/* The contradictions of the runs from digit d's candidates, made again if its places changed. */
static const nishio_digit *nishio_runs(workspace *ws, const sudoku_grid *g, int d)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    nishio_digit *nd = &ws->nishio[d];
    uint64_t places[SUDOKU_MAX_CELLS / 64] = { 0 };
    for (int c = 0; c < cx->ncells; c++)
        if (g->cand[c] & sudoku_bit(d))
            places[c >> 6] |= (uint64_t)1 << (c & 63);
    if (cg_kept_for(cx, nd->l) && memcmp(nd->places, places, sizeof places) == 0)
        return nd;
    nd->l = cx->shape;
    memcpy(nd->places, places, sizeof places);
    cg_run *r = &ws->runs[0];
    cx->stop_depth = 1 << 30;
    const digit_templates *tp = templates_of(ws, d);
    const uint64_t *free_from[2] = { tp->left, tp->taken }; /* from OFF, ON: runs with no contradiction */
    for (int c = 0; c < cx->ncells; c++) {
        nd->absurd[c][0] = nd->absurd[c][1] = 0;
        if (!(g->cand[c] & sudoku_bit(d)))
            continue;
        for (int on = 0; on < 2; on++) {
            if ((free_from[on][c >> 6] >> (c & 63)) & 1)
                continue;
            cg_run_chaining(cx, r, c * n + d - 1, on);
            if (!r->absurd)
                continue;
            cg_nested_begin();
            int a = cg_ancestors(r, r->absurd_on, 1 << 20) + cg_ancestors(r, r->absurd_off, 1 << 20);
            nd->absurd[c][on] = (uint16_t)(a < 65535 ? a : 65535);
        }
    }
    return nd;
}

/* Nishio forcing chains: multiple_hints() for one-digit contradictions,
 * from the runs kept per digit; the hints come in the same order. */
static bool nishio_hints(workspace *ws, const sudoku_grid *g, const multi_cfg *cfg, hint *best)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    cx->dynamic = true;
    cx->y_links = false;
    cx->level = 0;
    ws_reset(ws); /* runs[0] is used here: the ring starts afresh */
    const nishio_digit *nd[SUDOKU_MAX_N + 1];
    for (int d = 1; d <= n; d++)
        nd[d] = nishio_runs(ws, g, d);
    for (int c = 0; c < cx->ncells; c++) {
        if (g->digit[c] || mask_count(g->cand[c]) < 2)
            continue;
        for (sudoku_mask dm = g->cand[c]; dm; dm &= (sudoku_mask)(dm - 1)) {
            int d = mask_first_digit(dm);
            for (int on = 1; on >= 0; on--) {
                int a = nd[d]->absurd[c][on];
                if (!a)
                    continue;
                hint h = { .found = true, .kind = HINT_ABSURD, .source = c * n + d - 1, .from_on = on, .cell = c,
                           .digit = d, .sortkey = 7, .complexity = a, .difficulty = cfg->base + cg_length_bonus(a) };
                if (hint_before(&h, best))
                    *best = h;
            }
        }
    }
    return best->found;
}

/* ------------------------------------------------------------ nested rules */

/* The parents of the run from start for a sink, kept or from the run made again. */
static cg_parent_table sink_parents(workspace *ws, int start)
{
    if (read_in_ring(ws, start))
        return cg_run_parents(ring_run(ws, start));
    const run_sum *u = summary(ws, start);
    return u->kept ? kept_parents(u) : cg_run_parents(full_run(ws, start, 0));
}

static void report_hint(workspace *ws, const sudoku_grid *g, const hint *h)
{
    const cg_sink *sink = ws->sink;
    int n = ws->cx.n;
    int p = h->kind == HINT_ABSURD ? h->source : h->target;
    bool on = h->kind == HINT_ABSURD ? !h->from_on : h->target_on;
    sudoku_mask b = sudoku_bit(p % n + 1);
    cg_hint_info info = { h->difficulty, h->complexity, h->sortkey, p / n,
                          on ? (sudoku_mask)(g->cand[p / n] & ~b) : b };
    if (!sink->begin(sink->ctx, &info))
        return;
    cg_parent_table v;
    switch (h->kind) {
    case HINT_ABSURD: {
        int start = cg_node(h->source, h->from_on), absurd_on, absurd_off;
        if (read_in_ring(ws, start)) {
            const cg_run *r = ring_run(ws, start);
            absurd_on = r->absurd_on;
            absurd_off = r->absurd_off;
        } else {
            const run_sum *u = summary(ws, start);
            absurd_on = u->absurd_on;
            absurd_off = u->absurd_off;
        }
        v = sink_parents(ws, start);
        sink->chain(sink->ctx, &ws->cx, &v, absurd_on, CG_CAUSE_NONE);
        sink->chain(sink->ctx, &ws->cx, &v, absurd_off, CG_CAUSE_NONE);
        break;
    }
    case HINT_DOUBLE:
        for (int state = 1; state >= 0; state--) {
            v = sink_parents(ws, cg_node(h->source, state));
            sink->chain(sink->ctx, &ws->cx, &v, cg_node(h->target, h->target_on), CG_CAUSE_NONE);
        }
        break;
    case HINT_CELL:
        for (sudoku_mask dm = g->cand[h->cell]; dm; dm &= (sudoku_mask)(dm - 1)) {
            v = sink_parents(ws, cg_node(h->cell * n + mask_first_digit(dm) - 1, true));
            sink->chain(sink->ctx, &ws->cx, &v, cg_node(h->target, h->target_on), CG_CAUSE_CELL);
        }
        break;
    case HINT_REGION:
        for (unit_set pos = ws->cx.where0[h->unit][h->digit]; pos; pos &= (unit_set)(pos - 1)) {
            int q = ws->cx.l->unit_cell[h->unit][mask_first_digit(pos) - 1];
            v = sink_parents(ws, cg_node(q * n + h->digit - 1, true));
            sink->chain(sink->ctx, &ws->cx, &v, cg_node(h->target, h->target_on), h->index);
        }
        break;
    default:
        break;
    }
    sink->end(sink->ctx);
}

bool cg_collect_multiple(const sudoku_grid *g, int ws_depth, bool dynamic, int level, const cg_nesting *nesting,
                         const cg_sink *sink)
{
    if (ws_depth >= CG_WS_DEPTHS)
        return false;
    workspace *ws = ws_get(ws_depth);
    if (!ws)
        return false;
    /* a nested dynamic search: a new grid each time, and no static links followed */
    ctx_for(ws, g, !dynamic);
    ws->cx.ws_depth = ws_depth;
    ws->solution = NULL; /* a run's grid: not known to hold the solution */
    /* Chaining.getDifficulty() of the rule nested */
    multi_cfg cfg = { .multiple = true, .dynamic = dynamic, .nishio = false, .level = level,
                      .base = level > 0 ? 8.5 + 0.5 * level : dynamic ? 8.5 : 8.0, .nesting = nesting };
    hint none = { .found = false };
    ws->sink = sink;
    cg_nested_push();
    multiple_hints(ws, g, &cfg, &none);
    cg_nested_pop();
    ws->sink = NULL;
    ws->best = NULL;
    return true;
}

/* ------------------------------------------------------------ the step */

/* What the step's text says of a link into node x of run r from its i-th
 * parent: whether that parent is a further premise rather than the node
 * before x on its path, and the rule or nested chain that made x follow. */
static void describe_link(sudoku_link *k, const cg_run *r, int x, int i, const uint16_t *par)
{
    k->premise = i > 0;
    if (r->nnest && r->nest[x]) {
        k->rule = SUDOKU_LINK_NESTED_CHAIN;
    } else if (x != CG_VIRTUAL && !cg_node_on(r, x) && !cg_node_on(r, par[0]) && r->rule[x].kind) {
        k->rule = r->rule[x].kind; /* an OFF node from OFF ones: a rule added it */
        k->rule_unit[0] = r->rule[x].unit[0];
        k->rule_unit[1] = r->rule[x].unit[1];
        k->rule_digits = r->rule[x].digits;
    }
}

/* Links and marks of the chain that ends at node id of run r (all its ancestors). */
static void put_chain(sudoku_step *s, int n, const cg_run *r, int id, int branch, int depth)
{
    static _Thread_local uint64_t seen[(CG_NODES + 1 + 63) / 64];
    static _Thread_local uint16_t stack[CG_NODES + 1];
    memset(seen, 0, sizeof seen);
    int top = 0;
    stack[top++] = (uint16_t)id;
    seen[id >> 6] |= (uint64_t)1 << (id & 63);
    while (top) {
        int x = stack[--top];
        int xp = cg_node_p(r, x);
        bool xon = cg_node_on(r, x);
        step_mark(s, xp / n, xon ? SUDOKU_ROLE_ON : SUDOKU_ROLE_OFF, sudoku_bit(xp % n + 1));
        const uint16_t *par;
        int np = cg_parents(r, x, &par);
        for (int i = 0; i < np; i++) {
            int y = par[i], yp = cg_node_p(r, y);
            int before = s->nlinks;
            step_link(s, yp / n, yp % n + 1, cg_node_on(r, y), xp / n, xp % n + 1, xon, branch, depth);
            if (s->nlinks > before)
                describe_link(&s->links[before], r, x, i, par);
            if (!((seen[y >> 6] >> (y & 63)) & 1)) {
                seen[y >> 6] |= (uint64_t)1 << (y & 63);
                stack[top++] = (uint16_t)y;
            }
        }
    }
}

/* The cycle's links, in cycle order from the start. */
static void put_cycle(sudoku_step *s, int n, const cg_cycles *cy, int k, int p0)
{
    int prev_p = p0;
    bool prev_on = true;
    for (int a = cy->cycle_last[k]; a >= 0; a = cy->rec_parent[a]) {
        int p = cy->rec_p[a];
        bool on = cy->rec_on[a];
        step_mark(s, p / n, on ? SUDOKU_ROLE_ON : SUDOKU_ROLE_OFF, sudoku_bit(p % n + 1));
        step_link(s, p / n, p % n + 1, on, prev_p / n, prev_p % n + 1, prev_on, 0, 0);
        prev_p = p;
        prev_on = on;
    }
}

/* The removal SE makes of target ON (the cell's other candidates, and the
 * placement) or OFF (the candidate). */
static void put_result(sudoku_step *s, const sudoku_grid *g, int n, int target, bool on)
{
    int c = target / n, d = target % n + 1;
    if (on) {
        step_eliminate(s, g, c, (sudoku_mask)(g->cand[c] & ~sudoku_bit(d)));
        step_place(s, c, d, -1);
    } else {
        step_eliminate(s, g, c, sudoku_bit(d));
    }
}

static const char *prefix_of(const multi_cfg *cfg)
{
    return cfg->nishio ? "Nishio " : cfg->dynamic ? "Dynamic " : "";
}

/* Chaining.getNestedSuffix(). */
static const char *suffix_of(const multi_cfg *cfg)
{
    static const char *const suffix[] = { "", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)",
                                          " (+ Dynamic Forcing Chains)" };
    return suffix[cfg->level];
}

static void fill_static(workspace *ws, const sudoku_grid *g, const hint *h, sudoku_step *s)
{
    cg_ctx *cx = &ws->cx;
    int n = cx->n;
    step_set_difficulty(s, h->difficulty);
    s->digits = sudoku_bit(h->source % n + 1);
    if (h->kind == HINT_CYCLE) {
        sudoku_mask removable[SUDOKU_MAX_CELLS];
        int ncells;
        cg_run_cycles(cx, &ws->cycles, h->source, h->y_links, h->x_links, 1 << 20);
        cg_cycle_pattern(cx, &ws->cycles, h->index, h->source, removable, &ncells);
        snprintf(s->name, sizeof s->name, "%s", cycle_name(h->y_links, h->x_links, ncells));
        put_cycle(s, n, &ws->cycles, h->index, h->source);
        for (int c = 0; c < cx->ncells; c++)
            if (removable[c])
                step_eliminate(s, g, c, removable[c]);
        return;
    }
    cg_run *r = &ws->runs[0];
    cg_run_forcing(cx, r, h->source, h->from_on, h->y_links, 1 << 20);
    const char *name = h->y_links ? "Forcing Chain" : h->complexity == 6 ? "Turbot Fish" : "Forcing X-Chain";
    snprintf(s->name, sizeof s->name, "%s", name);
    put_chain(s, n, r, CG_VIRTUAL, 0, 0);
    put_result(s, g, n, h->source, !h->from_on);
}

static void fill_multiple(workspace *ws, const sudoku_grid *g, const multi_cfg *cfg, const hint *h, sudoku_step *s)
{
    cg_ctx *cx = &ws->cx;
    const sudoku_layout *l = cx->l;
    int n = cx->n;
    const char *prefix = prefix_of(cfg), *suffix = suffix_of(cfg);
    step_set_difficulty(s, h->difficulty);
    /* The runs below go with the stop the search last set (cx->stop_depth):
     * it only shrank as the best hint improved, and the best is this hint,
     * whose nodes all lie within it. */
    switch (h->kind) {
    case HINT_ABSURD: {
        cg_run *r = &ws->runs[0];
        cg_run_chaining(cx, r, h->source, h->from_on);
        snprintf(s->name, sizeof s->name, "%s%s Chains%s", prefix, cfg->nishio ? "Forcing" : "Contradiction Forcing",
                 suffix);
        put_chain(s, n, r, r->absurd_on, 0, 0);
        put_chain(s, n, r, r->absurd_off, 1, 0);
        put_result(s, g, n, h->source, !h->from_on);
        s->digits = sudoku_bit(h->digit);
        break;
    }
    case HINT_DOUBLE: {
        cg_run *r = &ws->runs[0];
        snprintf(s->name, sizeof s->name, "%sDouble Forcing Chains%s", prefix, suffix);
        for (int state = 1; state >= 0; state--) {
            cg_run_chaining(cx, r, h->source, state);
            put_chain(s, n, r, cg_node(h->target, h->target_on), 1 - state, 0);
        }
        put_result(s, g, n, h->target, h->target_on);
        s->digits = sudoku_bit(h->digit);
        break;
    }
    case HINT_CELL: {
        cg_run *r = &ws->runs[0];
        int branch = 0;
        snprintf(s->name, sizeof s->name, "%sCell Forcing Chains%s", prefix, suffix);
        for (sudoku_mask dm = g->cand[h->cell]; dm; dm &= (sudoku_mask)(dm - 1)) {
            cg_run_chaining(cx, r, h->cell * n + mask_first_digit(dm) - 1, true);
            put_chain(s, n, r, cg_node(h->target, h->target_on), branch++, 0);
        }
        s->cells[s->ncells++] = (uint8_t)h->cell;
        s->digits = g->cand[h->cell];
        put_result(s, g, n, h->target, h->target_on);
        break;
    }
    case HINT_REGION: {
        cg_run *r = &ws->runs[0];
        int branch = 0;
        sudoku_mask b = sudoku_bit(h->digit);
        snprintf(s->name, sizeof s->name, "%sRegion Forcing Chains%s", prefix, suffix);
        for (int i = 0; i < n; i++) {
            int q = l->unit_cell[h->unit][i];
            if (!(g->cand[q] & b))
                continue;
            cg_run_chaining(cx, r, q * n + h->digit - 1, true);
            put_chain(s, n, r, cg_node(h->target, h->target_on), branch++, 0);
        }
        s->base[s->nbase++] = (uint8_t)h->unit;
        s->digits = b;
        put_result(s, g, n, h->target, h->target_on);
        break;
    }
    default:
        break;
    }
}

/* ------------------------------------------------------------ finders */

bool cg_find_multiple(const view *v, sudoku_step *s, int technique, const multi_cfg *cfg)
{
    const sudoku_grid *g = v->g;
    if (!layout_supported(v->l))
        return false;
    workspace *ws = ws_get(0);
    if (!ws)
        return false;
    ctx_for(ws, g, true);
    hint best = { .found = false };
    ws->solution = v->solution;
    bool found = cfg->nishio ? nishio_hints(ws, g, cfg, &best) : multiple_hints(ws, g, cfg, &best);
    ws->solution = NULL;
    ws->best = NULL;
    ws->cx.stop_depth = 1 << 30;
    if (!found)
        return false;
    step_start(s, v->l, technique);
    fill_multiple(ws, g, cfg, &best, s);
    return true;
}

bool find_forcing_chain(const view *v, sudoku_step *s)
{
    const sudoku_grid *g = v->g;
    if (!layout_supported(v->l))
        return false;
    workspace *ws = ws_get(0);
    if (!ws)
        return false;
    ctx_for(ws, g, true);
    hint best = { .found = false };
    if (!static_hints(ws, g, &best))
        return false;
    step_start(s, v->l, SUDOKU_FORCING_CHAIN);
    fill_static(ws, g, &best, s);
    return true;
}

bool find_nishio_chain(const view *v, sudoku_step *s)
{
    static const multi_cfg cfg = { .multiple = false, .dynamic = true, .nishio = true, .base = 7.5 };
    return cg_find_multiple(v, s, SUDOKU_NISHIO_CHAIN, &cfg);
}

bool find_multiple_chain(const view *v, sudoku_step *s)
{
    static const multi_cfg cfg = { .multiple = true, .dynamic = false, .nishio = false, .base = 8.0 };
    return cg_find_multiple(v, s, SUDOKU_MULTIPLE_CHAIN, &cfg);
}

bool find_dynamic_chain(const view *v, sudoku_step *s)
{
    static const multi_cfg cfg = { .multiple = true, .dynamic = true, .nishio = false, .base = 8.5 };
    return cg_find_multiple(v, s, SUDOKU_DYNAMIC_CHAIN, &cfg);
}

bool find_dynamic_chain_plus(const view *v, sudoku_step *s)
{
    static const multi_cfg cfg = { .multiple = true, .dynamic = true, .nishio = false, .level = 1, .base = 9.0,
                                   .nesting = &cg_nesting_plus };
    return cg_find_multiple(v, s, SUDOKU_DYNAMIC_CHAIN_PLUS, &cfg);
}
