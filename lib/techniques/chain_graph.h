/*
 * chain_graph.h - the implication engine behind Sudoku Explainer's
 * chaining techniques (chains.c builds the hints on top of it).
 *
 * A node is a candidate (cell, digit) that is ON (true) or OFF (false).
 * Candidate p = cell * n + digit - 1; node id = 2 * p + on. A run starts
 * from one node and adds every node it implies, in exactly the order SE's
 * Chaining.doChaining() / doForcingChains() / doCycles() do, because that
 * order decides which parents a node gets and so the chains' lengths.
 * Only 9x9 and smaller layouts are supported (729 candidates at most).
 */
#ifndef SUDOKU_CHAIN_GRAPH_H
#define SUDOKU_CHAIN_GRAPH_H

#include "strategy.h"

#define CG_MAXP 729                 /* candidates: 81 cells x 9 digits */
#define CG_NODES (2 * CG_MAXP)      /* each ON and OFF */
#define CG_VIRTUAL CG_NODES         /* the extra node a contradiction or a target makes */
#define CG_WORDS ((CG_MAXP + 63) / 64)
#define CG_ARENA 32768              /* parent references of one run */
#define CG_MAX_NESTED 1024          /* nested chains in one run */
#define CG_ON_SLOT 32               /* the OFF nodes an ON node implies, at most */
/* An ON node implies the n - 1 other candidates of its cell and its digit's
 * other places in its three units: 4(n - 1) at most. The chains run where
 * ncells * n <= CG_MAXP, so n <= 9 (and a unit's places fit in 9 bits). */
_Static_assert(4 * (9 - 1) <= CG_ON_SLOT, "an ON node's OFF nodes fit its slots");
/* A where[u][d] row of the chains' grids: digits 1..9 (n <= 9, as above),
 * so a run copies and touches 20 bytes a unit rather than 34. */
#define CG_DIGIT_SLOTS 10
_Static_assert(CG_MAXP < CG_DIGIT_SLOTS * CG_DIGIT_SLOTS * CG_DIGIT_SLOTS,
               "a layout the chains take (ncells * n = n * n * n <= CG_MAXP) has its digits below CG_DIGIT_SLOTS");

typedef struct cg_set {
    uint64_t w[CG_WORDS];
} cg_set;

static inline bool cg_has(const cg_set *s, int p) { return (s->w[p >> 6] >> (p & 63)) & 1u; }
static inline void cg_add(cg_set *s, int p) { s->w[p >> 6] |= (uint64_t)1 << (p & 63); }

struct cg_ctx;
struct cg_run;

/*
 * What a run adds at each fixpoint of its propagation, from nesting level 1
 * up: chain_rules.c's (+) rules, and from level 2 the nested chains of
 * chain_nested.c, which run chains.c's searches on the run's grid. They
 * are reached through this table, set by the finder that sets the level,
 * so that the propagation below does not depend on the searches above it.
 */
typedef struct cg_nesting {
    int (*advanced)(const struct cg_ctx *cx, struct cg_run *r);                  /* level 1 and up */
    int (*nested_static)(const struct cg_ctx *cx, struct cg_run *r, bool *any);  /* levels 2 and 3 */
    int (*nested_multiple)(const struct cg_ctx *cx, struct cg_run *r, bool *any); /* levels 3 and 4 */
} cg_nesting;

/* The grid and the rules a run follows. */
typedef struct cg_ctx {
    const sudoku_layout *l;
    int n, ncells;
    const sudoku_mask *cand0;   /* the grid the technique looks at */
    bool y_links;               /* cell links (false for Nishio: digit links only) */
    bool dynamic;               /* an OFF node removes its candidate from the run's grid */
    int level;                  /* nesting: 1 and up apply chain_rules.c at each fixpoint */
    int nest_limit;             /* level 4: the level of the dynamic chains nested (0, 1 or 2) */
    const cg_nesting *nesting;  /* what levels 1 and up add at a fixpoint (NULL at level 0) */
    int ws_depth;               /* which work space the runs on this grid belong to (0: a finder's) */
    /* level 0: a run may stop once every queued node is this deep; level 4
     * (cg_nested_multiple()): once every node it may add has stop_depth + 1
     * ancestors or more (then it sets the run's cut) */
    int stop_depth;
    /* The nested static search tests its forcing chains itself: its graphs
     * with unit links (for the cycles) have the candidates with a strong
     * link alone and no closure (cg_reach_for(), not the digits' graphs),
     * and cg_run_forcing() does not ask for one. Set after cg_ctx_init(). */
    bool reach_lean;
    uint64_t generation;        /* unique to each cg_ctx_init(): keys what is kept about its grid */
    int placed_count[SUDOKU_MAX_N + 1]; /* cells holding each digit */
    /* The built-in layout the tables of the layout alone (p_cell, p_digit,
     * peer_bb, unit, unit_pos, in_unit) were made for, NULL when none:
     * a nested search builds a context per run's grid, and these stay. */
    const sudoku_layout *shape;
    /* Candidate p's cell and digit: p / n and p % n + 1 without dividing
     * (a division by the layout's n costs more than the rest of a link). */
    uint8_t p_cell[CG_MAXP], p_digit[CG_MAXP];
    /* Cells as bit boards (two words): each cell's peers, and the cells
     * holding each digit, for the removals of a cycle. */
    uint64_t peer_bb[SUDOKU_MAX_CELLS][2];
    uint64_t digit_bb[SUDOKU_MAX_N + 1][2];
    sudoku_mask grid_cand[SUDOKU_MAX_CELLS];  /* a copy of the grid: cand0 points here */
    uint8_t grid_digit[SUDOKU_MAX_CELLS];
    /* A cell's units in SE's order: box, row, column, and its place in each. */
    uint8_t unit[SUDOKU_MAX_CELLS][3];
    uint8_t unit_pos[SUDOKU_MAX_CELLS][3];
    /* Candidate p's digit in each of its three units, as an index into a
     * where[][] array read flat: unit * CG_DIGIT_SLOTS + digit (the
     * dynamic runs' commonest step finds its three places in one load each).
     * Reading a two-dimensional array flat from &where[0][0] is what every
     * compiler does with it, though ISO C leaves it undefined past a row. */
    uint16_t p_where[CG_MAXP][3];
    /* unit_p[u][i]: the candidate of digit 1 in unit u's i-th cell (its
     * candidate of digit d is unit_p[u][i] + d - 1), for the runs' links. */
    uint16_t unit_p[SUDOKU_MAX_UNITS][SUDOKU_MAX_N];
    /* where0[u][d]: the places of digit d in unit u (bit i: the unit's i-th cell). */
    unit_set where0[SUDOKU_MAX_UNITS][CG_DIGIT_SLOTS];
    /* in_unit[u][v]: the places of unit u that lie in unit v. */
    unit_set in_unit[SUDOKU_MAX_UNITS][SUDOKU_MAX_UNITS];
    /*
     * The links of the grid itself, for the static runs, in SE's order:
     * candidate p ON makes on_adj[p][0 .. on_n[p]) OFF, the first
     * on_cell[p] of them its cell's other candidates; p OFF makes
     * off_adj[p][0 .. off_n[p]) ON, off_cell[p] telling which is a cell link.
     * A slot each, so that the next grid updates those of the candidates
     * it changes (n - 1 in the cell and 3 (n - 1) peers at most, n <= 9).
     * links: whether they are made (not by cg_ctx_init_dynamic()).
     */
    bool links;
    uint8_t on_n[CG_MAXP];
    uint8_t on_cell[CG_MAXP];
    uint16_t on_adj[CG_MAXP][CG_ON_SLOT];
    uint8_t off_n[CG_MAXP];
    uint8_t off_cell[CG_MAXP];
    uint16_t off_adj[CG_MAXP][4];
    /* Whether some OFF node makes p ON through a cell link / a unit link:
     * without one, no chain can end on p ON (no cycle through p either). */
    bool in_cell[CG_MAXP], in_unit_link[CG_MAXP];
} cg_ctx;

/* Bit counts the hot loops ask for, without counting every bit. */
static inline bool cg_two_or_more(unsigned m) { return (m & (m - 1)) != 0; }
static inline bool cg_exactly_two(unsigned m)
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

static inline int cg_cell(const cg_ctx *cx, int p) { return cx->p_cell[p]; }
static inline int cg_digit(const cg_ctx *cx, int p) { return cx->p_digit[p]; }

/* The level-1 rule (chain_rules.c) that added an OFF node, for the step's text. */
typedef struct cg_rule_tag {
    uint8_t kind;               /* enum sudoku_link_rule; 0: none */
    uint8_t unit[2];
    sudoku_mask digits;
} cg_rule_tag;

/* The level-1 rules of chain_rules.c (locking, hidden pairs, naked pairs, X-Wings). */
#define CG_RULES 4

/*
 * What the level-1 rules keep of a run between its fixpoints: its places
 * at the last one, and per rule, the digits (bit d - 1) whose places the
 * run removed in each unit since the rule last looked at its grid, and
 * those units (bit u) (chain_rules.c).
 */
typedef struct cg_rules_seen {
    unit_set where[SUDOKU_MAX_UNITS][CG_DIGIT_SLOTS];
    sudoku_mask digits[CG_RULES][SUDOKU_MAX_UNITS];
    uint64_t units[CG_RULES];
} cg_rules_seen;

/* One propagation: the nodes in the order they were added, and their parents. */
typedef struct cg_run {
    int non, noff;
    uint16_t on_list[CG_MAXP], off_list[CG_MAXP];  /* candidates, in insertion order */
    /* Dynamic runs of level 0: the OFF nodes expanded (the first of
     * off_list), and per candidate of the run, when it came: an OFF node
     * its place in off_list, an ON node the OFF nodes expanded before it
     * was found (0: the start), so that chains.c can tell what each OFF
     * node saw of its cell and units as it was expanded. The entries of
     * candidates not in the run are left from other runs. */
    int expanded;
    uint16_t order[CG_MAXP];
    cg_set on, off;
    uint16_t depth[CG_NODES + 1];
    uint16_t par_at[CG_NODES + 1];
    uint8_t par_n[CG_NODES + 1];
    int narena;
    uint16_t arena[CG_ARENA];
    bool multi_parents;         /* some node has hidden parents: depth is not the ancestor count */
    bool cut;                   /* stopped by a depth limit (level 4: a count limit) before its end */
    /* The outcome: a contradiction between node absurd_on and node absurd_off,
     * one of which may be CG_VIRTUAL (then virt_p is its candidate). */
    bool absurd;
    int absurd_on, absurd_off;
    int virt_p;
    bool virt_on;
    /* Level 2 and up: OFF nodes a nested chain added (nest[id] = its number + 1, else 0;
     * read only when nnest > 0) and each nested chain's complexity, which the hints through it add. */
    int nnest;
    uint16_t nest[CG_NODES + 1];
    int nest_cplx[CG_MAX_NESTED];
    uint64_t nest_hash[CG_MAX_NESTED];
    /* rule[id]: set by cg_add_off() (kind 0) and chain_rules.c; only meaningful for
     * OFF nodes whose first parent is OFF (the others come from plain links). */
    cg_rule_tag rule[CG_NODES + 1];
    sudoku_mask cand[SUDOKU_MAX_CELLS];  /* the run's grid */
    unit_set where[SUDOKU_MAX_UNITS][CG_DIGIT_SLOTS]; /* its places per unit and digit */
    /* Dynamic runs of level 0: the places of each unit and digit that are
     * ON nodes of the run, so that an OFF node whose unit or cell is left
     * with an ON node alone is seen to add nothing, without finding that
     * node. (From level 1 a rule may make an ON node OFF too, which is a
     * contradiction to find: there it stays empty.) */
    unit_set on_at[SUDOKU_MAX_UNITS][CG_DIGIT_SLOTS];
    /* Levels 1 and up: the fixpoints the run reached (the rules of
     * chain_rules.c ran at each) and the rules' memory of them (see there). */
    int fixpoints;
    cg_rules_seen rules_seen;
} cg_run;

/*
 * The parents of a run's nodes as the hints read them: from the run itself
 * (cg_run_parents()) or from what chains.c's summary of the run keeps of
 * them, once the run's memory serves another run.
 */
typedef struct cg_parent_table {
    const uint16_t *par_at;     /* per node id: its parents' place in arena */
    const uint8_t *par_n;
    const uint16_t *arena;
    int nnest;                  /* nested chains (then nest[id] as in cg_run) */
    const uint16_t *nest;
    const int *nest_cplx;
    const uint64_t *nest_hash;
    int virt_p;                 /* node CG_VIRTUAL's candidate and state */
    bool virt_on;
} cg_parent_table;

static inline cg_parent_table cg_run_parents(const cg_run *r)
{
    return (cg_parent_table){ r->par_at, r->par_n, r->arena, r->nnest, r->nest, r->nest_cplx, r->nest_hash,
                         r->virt_p, r->virt_on };
}
static inline int cg_parents_in(const cg_parent_table *v, int id, const uint16_t **list)
{
    *list = v->arena + v->par_at[id];
    return v->par_n[id];
}
static inline int cg_parents_node_p(const cg_parent_table *v, int id) { return id == CG_VIRTUAL ? v->virt_p : id >> 1; }
static inline bool cg_parents_node_on(const cg_parent_table *v, int id) { return id == CG_VIRTUAL ? v->virt_on : (id & 1); }

void cg_ctx_init(cg_ctx *cx, const sudoku_grid *g);
/* The same without the static links (cx->links false): for dynamic
 * searches alone, whose runs read the grid and never follow them. */
void cg_ctx_init_dynamic(cg_ctx *cx, const sudoku_grid *g);
/* A context's memory before its first cg_ctx_init(): no tables kept. */
static inline void cg_ctx_clear(cg_ctx *cx) { cx->shape = NULL; }

/*
 * What is kept about cx's grids from call to call (per thread) is keyed by
 * cx->shape, a built-in layout or NULL: a layout the caller built
 * (sudoku_layout_build()) could be built again, another one, at the same
 * address, so nothing is kept for it. Whether 'kept' keys cx's layout:
 */
static inline bool cg_kept_for(const cg_ctx *cx, const sudoku_layout *kept) { return kept && kept == cx->shape; }
/* Whether cx was built on a grid equal to g (then it can serve again). */
bool cg_ctx_matches(const cg_ctx *cx, const sudoku_grid *g);

/* Chaining.doChaining(): from candidate p ON (or OFF) to the fixpoint or
 * the first contradiction. At level 0 a run from an OFF start that implies
 * nothing leaves r's grid (cand, where) unset: nothing reads it after a
 * run of that level. */
void cg_run_chaining(const cg_ctx *cx, cg_run *r, int p, bool on);

/* Whether candidate p OFF implies anything in cx's grid; a dynamic run of
 * level 0 from p OFF is p OFF alone when it does not. */
bool cg_off_implies(const cg_ctx *cx, int p);

/* Chaining.doForcingChains() from candidate p ON or OFF, with or without
 * cell links: true when p's opposite is reached; the target is then node
 * CG_VIRTUAL (candidate p, state !on). Static: follows cx's links and
 * leaves r's grid (cand, where) as it was. Nodes at max_depth or deeper are
 * not expanded. When the reach sets show no path, it returns false at once
 * with r as it was. */
bool cg_run_forcing(const cg_ctx *cx, cg_run *r, int p, bool on, bool y_links, int max_depth);

/* The length cg_run_forcing() finds (the depth of its target), or -1 when
 * it finds none within max_depth; without making the run. */
int cg_forcing_length(const cg_ctx *cx, int p, bool on, bool y_links, int max_depth);

/* Chaining.doCycles(): every cycle back to candidate p ON, up to max_length nodes. */
#define CG_MAX_RECORDS 32768
#define CG_MAX_CYCLES 512
typedef struct cg_cycles {
    int nrec;
    uint16_t rec_p[CG_MAX_RECORDS];
    uint8_t rec_on[CG_MAX_RECORDS];
    int32_t rec_parent[CG_MAX_RECORDS];
    int ncycles;
    int32_t cycle_last[CG_MAX_CYCLES];   /* the record whose ON child closes the cycle */
    uint8_t cycle_length[CG_MAX_CYCLES];
    bool met;                            /* stopped at cycle ncycles - 1, the one waited for (cg_run_cycles_until) */
} cg_cycles;
void cg_run_cycles(const cg_ctx *cx, cg_cycles *cy, int p, bool y_links, bool x_links, int max_length);
/* The same search, stopped at the first cycle k for which enough(cx, cy, k, p)
 * holds: the cycles up to it are those cg_run_cycles() finds, in its order. */
typedef bool (*cg_cycle_test)(const cg_ctx *cx, const cg_cycles *cy, int k, int p);
void cg_run_cycles_until(const cg_ctx *cx, cg_cycles *cy, int p, bool y_links, bool x_links, int max_length,
                         cg_cycle_test enough);

/*
 * Which static runs can yield anything: reachability in the graph of the
 * static links of one kind (cell links with y_links, unit links ON from
 * OFF with x_links; ON to OFF through units always, as the runs do). A run
 * from p ON finds p OFF (a forcing chain) only if the graph has a path
 * there, and a cycle through p ON passes only through nodes of p ON's
 * strongly connected component. cg_run_forcing() and cg_run_cycles() use
 * it themselves; the hint search also asks it directly.
 */
typedef struct cg_reach {
    int nnodes, ncomps, words;           /* nodes: the grid's candidates ON and OFF */
    bool closure;                        /* reach[] is filled */
    /* Cell links alone: the graph has the bivalue cells' nodes alone; the
     * OFF nodes left out, which an ON node kept implies (its digit in its
     * peers), imply nothing and are left out of reach[] too. */
    bool leaves_out;
    int16_t index[CG_NODES];             /* node id -> its number here, -1 when absent */
    int16_t comp[CG_NODES];              /* number -> its component */
    int16_t comp_size[CG_NODES];
    /* Per component k, the numbers it reaches: words words from
     * reach[k * words] (cg_reach_row()), packed so that the rows in use
     * share cache lines. */
    uint64_t reach[CG_NODES * CG_WORDS * 2];
    uint16_t node[CG_NODES];             /* number -> node id */
    /* A node's links (numbers), those to nodes with links first, in the
     * runs' order: nlive[a] from link[link_at[a]] (cg_links(); cycles
     * follow only these). The lists lie one after another, so that those
     * of a graph share cache lines (a slot of 30 a node spread them over
     * 60 bytes each). */
    uint8_t nlive[CG_NODES];
    uint8_t nlink[CG_NODES];             /* all its links (those to nodes without links last) */
    uint16_t link_at[CG_NODES];
    uint16_t link[CG_MAXP * (CG_ON_SLOT + 4)]; /* an ON node's links and its OFF node's, at most */
    int link_used;                       /* link[] entries in use */
    /* The numbers of the nodes of each component with more than one (a
     * cycle can pass through it): member[comp_first[k] .. + comp_size[k]). */
    uint16_t member[CG_NODES];
    int16_t comp_first[CG_NODES];
    /* Per component, whether what its nodes see could make a cycle remove
     * anything in the grid of context generation sight_generation (0 none):
     * 0 not known yet, 1 yes, 2 no (cg_cycle_can_remove()). */
    uint64_t sight_generation;
    uint8_t comp_sight[CG_NODES];
} cg_reach;

/* The graph of cx's grid with links of that kind, kept per thread (one a
 * kind) and made again in place whenever another context of the thread,
 * a nested search's among them, asks for that kind: use it before any
 * nested search. closure: with reach[] (for cg_reaches()). NULL when out
 * of memory. */
const cg_reach *cg_reach_for(const cg_ctx *cx, bool y_links, bool x_links, bool closure);

/* Tests: false makes the graph with both kinds of links anew for every
 * grid, rather than updated from the grid before's (reach_update());
 * returns how many the thread has updated so far. */
long cg_reach_set_updates(bool on);

/* Tests: on false makes every run of the dynamic forcing chains' search
 * anew, rather than taking those the grid's losses since the search before
 * cannot change (chains.c); check makes each run taken anew too, to compare.
 * Returns how many runs the thread has taken so far, and in *differ (when
 * not NULL) how many of them were not the run made anew. */
long cg_dyn_set_reuse(bool on, bool check, long *differ);
/* Tests: how many of those runs the thread took without OFF nodes the grid lost. */
long cg_dyn_dropped(void);
/* Tests: how many runs the thread's nested searches took from the store of
 * depth 0 (chains.c, base_run()). */
long cg_dyn_taken_from_base(void);
/* Tests: how many runs taken, cut at a stop depth, held more than the run
 * made anew with that stop (the start of the full run a little further on). */
long cg_dyn_longer(void);

/* The places of digit d in g (cx's grid) that some template of d takes,
 * and those that some template leaves, into bit sets of cells (a template:
 * places, one in each unit that holds any). A bounded search: it may miss
 * some. Nishio runs from a place ON in taken, or OFF in left, find no
 * contradiction, nor X-chains from there come back to the place's
 * opposite; no X-cycle removes a place in taken (chains.c). */
void cg_digit_templates(const cg_ctx *cx, const sudoku_grid *g, int d, uint64_t *taken, uint64_t *left);

/* Tests: false makes every Nishio run and every X search, true (the
 * default) skips those that the templates show find nothing. */
void cg_set_templates(bool on);

/* Tests: the templates of digit d the thread's last searches hold, if
 * found for g's places (the static and Nishio searches' own, in part from
 * the grids before); else nothing taken or left. */
void cg_templates_held(const sudoku_grid *g, int d, uint64_t *taken, uint64_t *left);

/* Tests: on true takes runs by a rule known wrong (no lost candidate a
 * node of the run is enough), to show that the check above sees it; the
 * runs kept so far are not taken again either way. */
void cg_dyn_set_loose(bool on);

/* Tests: on false lets every run of level 4 go to its end, rather than
 * ending it once its nested steps can add no node of a better hint
 * (chain_nested.c, cg_nested_multiple()); loose ends it by a rule known
 * wrong (after any nested step, once some hint is found). Returns how many
 * runs the thread has ended so far. */
long cg_nested_set_cut(bool on, bool loose);
/* Tests: the thread forgets the nested searches it kept (chain_nested.c's
 * memo), so that a search of the same grid makes them again. */
void cg_nested_forget(void);

/* The graph with unit links alone (closure made) of digit d's nodes alone
 * (its links never leave the digit), kept per thread with d's places. It
 * has the candidates with a strong link alone (the others' ON nodes are
 * reached from no node, their OFF nodes reach none: no path between
 * others passes through them, and its components and reach sets are
 * those of the whole graph): ask cg_digit_reaches() about the others. */
const cg_reach *cg_reach_digit(const cg_ctx *cx, int d);
/* cg_reaches() from candidate p (state on) to its opposite in graph rc of
 * cg_reach_digit(), p in it or not (a candidate of the context's grid). */
bool cg_digit_reaches(const cg_ctx *cx, const cg_reach *rc, int p, bool on);

/* The links of node number a (see link_at). */
static inline const uint16_t *cg_links(const cg_reach *rc, int a) { return rc->link + rc->link_at[a]; }

/* The numbers component k reaches, rc->words words (closure needed). */
static inline const uint64_t *cg_reach_row(const cg_reach *rc, int k) { return rc->reach + (size_t)k * rc->words; }

/* Whether node id 'to' can be reached from node 'from' (closure needed). */
static inline bool cg_reaches(const cg_reach *rc, int from, int to)
{
    int a = rc->index[from], b = rc->index[to];
    return a >= 0 && b >= 0 && ((cg_reach_row(rc, rc->comp[a])[b >> 6] >> (b & 63)) & 1);
}

/*
 * Whether a cycle through candidate p ON could remove anything: a
 * candidate it removes sees an ON node and an OFF node of the cycle with
 * its digit, and every node of the cycle is in p ON's component, so some
 * cell with the digit must see an ON node and an OFF node of the component
 * with it. (That candidate's OFF node is then reached from p ON, through
 * the ON node, and from p OFF, through the OFF node's opposite, which is
 * in p OFF's component, the links being symmetric under negation: a test
 * of the reach rows adds nothing to this one.)
 */
bool cg_cycle_can_remove(const cg_ctx *cx, const cg_reach *rc, int p);

/* chains.c: the same for the cycles through p ON of at most max_length
 * nodes, from those of the component's nodes that such a cycle can pass
 * through (within max_length links there and back); true when it cannot tell. */
bool cg_cycle_ball_can_remove(const cg_ctx *cx, const cg_reach *rc, int p, int max_length);

/* chains.c: whether cx's grid has a Y-cycle (cell links alone) of 4 or 6
 * nodes that removes something; true when it may. */
bool cg_y_short_cycle_possible(const cg_ctx *cx);

/* Whether node id can be on a cycle: its component has other nodes. */
static inline bool cg_on_cycle(const cg_reach *rc, int id)
{
    int a = rc->index[id];
    return a >= 0 && rc->comp_size[rc->comp[a]] > 1;
}

/* Adds candidate q OFF to the run, with its parents (node ids), queued. */
void cg_add_off(cg_run *r, int q, const uint16_t *par, int npar);

/* chain_rules.c: the eliminations of SE's first nested rule that has
 * any, as OFF nodes of the run; returns how many were added. From level 2
 * it goes on with cx->nesting's nested rules. */
int cg_advanced(const cg_ctx *cx, cg_run *r);
/* chain_rules.c: level 1 alone, the (+) rules (dynamic forcing chains (+)). */
extern const cg_nesting cg_nesting_plus;

/* chain_nested.c: levels 2 and 3, SE's static forcing chains and cycles on
 * the run's grid, as OFF nodes of the run; returns how many were added,
 * *any tells whether some hint relied on the run (then no later rule runs). */
int cg_nested_static(const cg_ctx *cx, cg_run *r, bool *any);

/* chain_nested.c: level 3, SE's static multiple forcing chains on the run's
 * grid; level 4, its dynamic forcing chains of level cx->nest_limit. */
int cg_nested_multiple(const cg_ctx *cx, cg_run *r, bool *any);

/*
 * chains.c: every hint of a multiple-family technique (SE's Chaining(true,
 * dynamic, false, level)) on grid g, for a nested rule: the hints are
 * reported in the order SE generates them (but for those above limit(),
 * which begin() would refuse), each as begin(), then, when
 * begin() wants it (false: the hint cannot change what the sink makes of
 * the hints), chain() for each of its chains (the run of its nested grid
 * and the node it ends on, with the cause of the run's start:
 * CG_CAUSE_NONE, CG_CAUSE_CELL or a unit type 0-2), then end(). ws_depth is the work space to use (the
 * caller's + 1). Returns false when out of work spaces.
 */
#define CG_CAUSE_NONE (-2)
#define CG_CAUSE_CELL (-1)
#define CG_WS_DEPTHS 3
typedef struct cg_hint_info {
    double difficulty;
    int complexity, sortkey;
    int cell;               /* the one cell it removes from */
    sudoku_mask removable;  /* the candidates it removes there */
} cg_hint_info;
typedef struct cg_sink {
    void *ctx;
    /* The largest complexity at which a hint removing h's candidates (its
     * complexity not yet known) could make begin() want it: a hint above it
     * is not counted to the end nor reported. */
    int (*limit)(void *ctx, const cg_hint_info *h);
    bool (*begin)(void *ctx, const cg_hint_info *h);
    void (*chain)(void *ctx, const cg_ctx *ncx, const cg_parent_table *nr, int target, int start_cause);
    void (*end)(void *ctx);
} cg_sink;
bool cg_collect_multiple(const sudoku_grid *g, int ws_depth, bool dynamic, int level, const cg_nesting *nesting,
                         const cg_sink *sink);

/* chains.c: a technique of the multiple family (Nishio, multiple, dynamic,
 * and at nesting levels 1-4, with what those levels add). */
typedef struct cg_multi_cfg {
    bool multiple, dynamic, nishio;
    int level;           /* nesting level: 0, 1 for the (+) rules, 2-4 nested chains */
    int nest_limit;      /* level 4: the level of the dynamic chains it nests */
    double base;
    const cg_nesting *nesting;  /* levels 1 and up */
} cg_multi_cfg;
bool cg_find_multiple(const view *v, sudoku_step *s, int technique, const cg_multi_cfg *cfg);

/* The cells of cycle k from candidate p0 and what it removes (createCycleHint);
 * returns how many candidates it removes. */
int cg_cycle_pattern(const cg_ctx *cx, const cg_cycles *cy, int k, int p0, sudoku_mask *removable, int *ncells);

/* Node helpers. */
static inline int cg_node(int p, bool on) { return 2 * p + (on ? 1 : 0); }
/* The candidate and state of a node id of run r (CG_VIRTUAL included). */
int cg_node_p(const cg_run *r, int id);
bool cg_node_on(const cg_run *r, int id);
static inline int cg_parents(const cg_run *r, int id, const uint16_t **list)
{
    *list = r->arena + r->par_at[id];
    return r->par_n[id];
}

/*
 * SE's ChainingHint.getAncestorCount(): the distinct nodes reachable from
 * id through all parents, the node included. Counting stops past 'limit'
 * (returns limit + 1 then).
 */
int cg_ancestors(const cg_run *r, int id, int limit);
/* The same on parents kept apart from their run (without its depth shortcut). */
int cg_ancestors_in(const cg_parent_table *v, int id, int limit);

/* Starts a hint's count: cg_ancestors() adds each nested chain's
 * complexity once from here on, over all the hint's targets and runs. */
void cg_nested_begin(void);
/* A nested rule's search starts (push) or ends (pop): the counts of the
 * hints it measures do not disturb the one the caller is in the middle of. */
void cg_nested_push(void);
void cg_nested_pop(void);

/* ChainingHint.getLengthDifficulty(): 0.1 per threshold the length passes. */
double cg_length_bonus(int complexity);

#endif /* SUDOKU_CHAIN_GRAPH_H */
