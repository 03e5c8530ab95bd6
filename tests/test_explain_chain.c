/*
 * test_explain_chain.c - the text of chaining steps (explain_chain.c):
 * the exact notation of crafted chains on both layouts, worked out by
 * hand in the comments, and a reader of that notation that checks every
 * link it shows against the grid, run over the chaining steps of real
 * solving paths (SE's own puzzles here, the public datasets when
 * ../shared is there).
 */
#include "strategy_util.h"
#include "test_util.h"

#include <stdlib.h>

static void keep(sudoku_grid *g, int r, int c, const char *digits)
{
    sudoku_mask m = 0;
    for (const char *p = digits; *p; p++)
        m |= sudoku_bit(*p - '0');
    for (int d = 1; d <= g->layout->n; d++)
        if (!(m & sudoku_bit(d)))
            sudoku_grid_eliminate(g, rc(g, r, c), d);
}

static void assert_text(const sudoku_grid *g, const sudoku_step *s, const char *want)
{
    char text[4096];
    sudoku_step_describe(g, s, text, sizeof text);
    assert_string_equal(text, want);
}

/* ------------------------------------------------------------ crafted, exact */

/*
 * test_chains.c's kite of digit 1 (row 1 only c2, c7; column 1 only r2, r8):
 * r8c7=1 removes r8c1, so r2c1 holds the column's 1, which removes r1c2 (box 1),
 * so r1c7 holds the row's, which sees r8c7. One digit: written once.
 */
static void test_turbot_fish_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_9x9());
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
    assert_text(&g, &s, "Turbot Fish: (1)r8c7-r8c1=r2c1-r1c2=r1c7-r8c7 => r8c7<>1");
}

/* The same kite on the brick-wall (box 1 is r1-2 c1-4). */
static void test_turbot_fish_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_8x8());
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
    assert_text(&g, &s, "Turbot Fish: (1)r7c6-r7c1=r2c1-r1c2=r1c6-r7c6 => r7c6<>1");
}

/*
 * Rows 1 and 5 hold 1 only in c1 and c5: the X-cycle from r1c1 goes down
 * column 1, along row 5, up column 5 and back along row 1; the columns'
 * other cells lose 1, grouped as rows sharing their columns.
 */
static void test_x_cycle_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_9x9());
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
    assert_text(&g, &s, "Generalized X-Wing: (1)r1c1-r5c1=r5c5-r1c5=r1c1 => r2346789c15<>1");
}

/*
 * The bivalue loop r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {1,4}: each
 * cell's two digits are written together, weak link inside the cell after
 * a strong one between cells: "(1=4)r5c1" reads r5c1<>1 so r5c1=4. The
 * removals come in the order of the first cell that loses each digit.
 */
static void test_y_cycle_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    keep(&g, 1, 1, "12");
    keep(&g, 1, 5, "23");
    keep(&g, 5, 5, "34");
    keep(&g, 5, 1, "14");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_text(&g, &s,
                "Bidirectional Y-Cycle: (1)r1c1-(1=4)r5c1-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => "
                "r1c2346789<>2, r2346789c1<>1, r2346789c5<>3, r5c2346789<>4");
}

static void test_y_cycle_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_8x8());
    keep(&g, 1, 1, "12");
    keep(&g, 1, 5, "23");
    keep(&g, 5, 5, "34");
    keep(&g, 5, 1, "14");
    assert_true(run_finder(find_forcing_chain, &g, &s));
    assert_text(&g, &s,
                "Bidirectional Y-Cycle: (1)r1c1-(1=4)r5c1-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => "
                "r1c234678<>2, r234678c1<>1, r234678c5<>3, r5c234678<>4");
}

/*
 * test_chains.c's region forcing chain on the brick-wall: 5 of row 1 lies
 * in r1c5..r1c8 (box 2), each of which removes r2c5's 5 in one link, and
 * the branches are written one by one with their states.
 */
static void test_region_forcing_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    sudoku_grid_init(&g, sudoku_layout_8x8());
    keep(&g, 1, 1, "123");
    keep(&g, 1, 2, "14");
    keep(&g, 1, 3, "24");
    keep(&g, 1, 4, "34");
    assert_true(run_finder(find_multiple_chain, &g, &s));
    assert_text(&g, &s,
                "Region Forcing Chains: (1) r1c5=5 -> r2c5<>5; (2) r1c6=5 -> r2c5<>5; (3) r1c7=5 -> r2c5<>5; "
                "(4) r1c8=5 -> r2c5<>5 => r2c5<>5");
}

/* ------------------------------------------------------------ a reader of the notation */

typedef struct cand {
    int cell, digit;
    bool on;
} cand;

/* "r12c3" -> cell; returns the characters read, 0 when it is no cell. */
static int read_cell(const sudoku_layout *l, const char *p, int *cell)
{
    int r, c, used = 0;
    *cell = 0;
    if (sscanf(p, "r%1dc%1d%n", &r, &c, &used) != 2 || r < 1 || r > l->n || c < 1 || c > l->n)
        return 0;
    *cell = (r - 1) * l->n + c - 1;
    return used;
}

static bool peers(const sudoku_layout *l, int a, int b)
{
    for (int k = 0; k < 3; k++)
        if (l->cell_unit[a][k] == l->cell_unit[b][k])
            return true;
    return false;
}

static bool has(const sudoku_grid *g, cand x) { return (g->cand[x.cell] & sudoku_bit(x.digit)) != 0; }

/* A weak link: a true, b false (same cell, or same digit in cells that see each other). */
static bool weak_ok(const sudoku_grid *g, cand a, cand b)
{
    if (a.cell == b.cell)
        return a.digit != b.digit;
    return a.digit == b.digit && peers(g->layout, a.cell, b.cell);
}

/* b is the only candidate left in its cell, or the only place of its digit in
 * one of its units, once the 'gone' candidates are removed from g. */
static bool single_ok(const sudoku_grid *g, cand b, const sudoku_mask *gone)
{
    const sudoku_layout *l = g->layout;
    if ((g->cand[b.cell] & ~gone[b.cell]) == sudoku_bit(b.digit))
        return true;
    for (int k = 0; k < 3; k++) {
        int u = l->cell_unit[b.cell][k], left = 0;
        for (int i = 0; i < l->n; i++) {
            int c = l->unit_cell[u][i];
            left += c != b.cell && (g->cand[c] & ~gone[c] & sudoku_bit(b.digit));
        }
        if (!left)
            return true;
    }
    return false;
}

/* An Eureka chain "(1)r8c7-r8c1=(1-4)r5c1..." into nodes and link signs. */
static int read_eureka(const sudoku_layout *l, const char *p, cand *nodes, char *sign, int max)
{
    int count = 0, digit = 0;
    char pending = 0;
    while (*p && count < max) {
        int in_cell[SUDOKU_MAX_N], k = 0;
        char inner[SUDOKU_MAX_N];
        if (*p == '(') {
            for (p++; *p && *p != ')'; p++) {
                if (*p == '-' || *p == '=')
                    inner[k] = *p;
                else
                    in_cell[k++] = *p - '0';
            }
            assert_int_equal(*p, ')');
            p++;
        } else {
            assert_true(digit != 0); /* the first term names its digit */
            in_cell[k++] = digit;
        }
        int cell = 0, used = read_cell(l, p, &cell);
        if (!used)
            fail_msg("no cell at \"%s\"", p);
        p += used;
        for (int i = 0; i < k; i++) {
            sign[count] = i ? inner[i] : pending;
            nodes[count++] = (cand){ cell, in_cell[i], false };
        }
        digit = in_cell[k - 1];
        pending = *p;
        if (*p) {
            if (*p != '-' && *p != '=')
                fail_msg("no link at \"%s\"", p);
            p++;
        }
    }
    return count;
}

/* A static chain: an alternating loop of valid links on the grid before it. */
static void check_eureka(const sudoku_grid *g, const sudoku_step *s, const char *chain, const char *result)
{
    const sudoku_layout *l = g->layout;
    static cand nodes[512];
    static char sign[512];
    int count = read_eureka(l, chain, nodes, sign, 512);
    assert_true(count >= 4);
    assert_int_equal(nodes[0].cell, nodes[count - 1].cell);
    assert_int_equal(nodes[0].digit, nodes[count - 1].digit);
    for (int i = 1; i < count; i++) {
        cand a = nodes[i - 1], b = nodes[i];
        if (!has(g, a) || !has(g, b))
            fail_msg("%s: a candidate that is not there", chain);
        if (i > 1 && sign[i] == sign[i - 1])
            fail_msg("%s: link %d does not alternate", chain, i);
        if (sign[i] == '-' && !weak_ok(g, a, b))
            fail_msg("%s: weak link %d is no link", chain, i);
        if (sign[i] == '=') {
            /* strong: one of the two is true: a bivalue cell or a conjugate pair */
            static sudoku_mask gone[SUDOKU_MAX_CELLS];
            memset(gone, 0, sizeof gone);
            gone[a.cell] |= sudoku_bit(a.digit);
            if (!single_ok(g, b, gone))
                fail_msg("%s: strong link %d is no link", chain, i);
        }
    }
    char name[16], want[32];
    if (s->technique == SUDOKU_FORCING_CHAIN && strstr(s->name, "Cycle") == NULL &&
        strstr(s->name, "X-Wing") == NULL) {
        /* from a true start back to it false, or from a false start back to it true */
        bool placed = sign[1] == '=';
        snprintf(want, sizeof want, "%s%s%d", sudoku_cell_name(l, nodes[0].cell, name, sizeof name),
                 placed ? "=" : "<>", nodes[0].digit);
        assert_string_equal(result, want);
        assert_int_equal(sign[count - 1], sign[1]);
    } else {
        assert_true(sign[1] != sign[count - 1]); /* a continuous loop */
    }
}

/* One node "r1c2=5" or "r1c2<>5"; returns the characters read. */
static int read_node(const sudoku_layout *l, const char *p, cand *x)
{
    int used = read_cell(l, p, &x->cell);
    if (!used)
        return 0;
    int more = 0;
    if (p[used] == '=')
        x->on = true, more = 1;
    else if (p[used] == '<' && p[used + 1] == '>')
        x->on = false, more = 2;
    else
        return 0;
    x->digit = p[used + more] - '0';
    return used + more + 1;
}

/* "box 5", "row 3", "column 7" -> unit index; returns the characters read. */
static int read_unit(const sudoku_layout *l, const char *p, int *unit)
{
    int k, used = 0;
    if (sscanf(p, "box %d%n", &k, &used) == 1)
        *unit = 2 * l->n + k - 1;
    else if (sscanf(p, "row %d%n", &k, &used) == 1)
        *unit = k - 1;
    else if (sscanf(p, "column %d%n", &k, &used) == 1)
        *unit = l->n + k - 1;
    else
        fail_msg("no unit at \"%.30s\"", p);
    return used;
}

/* "3,7" -> mask; returns the characters read. */
static int read_digits(const char *p, sudoku_mask *m)
{
    int used = 0;
    *m = 0;
    while (p[used] >= '1' && p[used] <= '9') {
        *m |= sudoku_bit(p[used] - '0');
        used += p[used + 1] == ',' ? 2 : 1;
    }
    return used;
}

/* The places of digit d in unit u left once 'gone' is removed, as a cell mask of the unit. */
static unsigned places(const sudoku_grid *g, int u, int d, const sudoku_mask *gone)
{
    unsigned m = 0;
    for (int i = 0; i < g->layout->n; i++) {
        int c = g->layout->unit_cell[u][i];
        if (g->cand[c] & ~gone[c] & sudoku_bit(d))
            m |= 1u << i;
    }
    return m;
}

static bool in_unit(const sudoku_layout *l, int cell, int u)
{
    for (int i = 0; i < l->n; i++)
        if (l->unit_cell[u][i] == cell)
            return true;
    return false;
}

/*
 * A rule's text " (hidden pair: 3,7 in row 3)" checked on the grid with the
 * node's premises removed (they are every candidate the rule needed gone):
 * the pattern holds there and removes x.
 */
static void check_rule(const sudoku_grid *g, const char *p, cand x, const sudoku_mask *gone)
{
    const sudoku_layout *l = g->layout;
    sudoku_mask digits;
    int u1, u2;
    char where[48];
    snprintf(where, sizeof where, "r%dc%d<>%d", x.cell / l->n + 1, x.cell % l->n + 1, x.digit);
    if (strncmp(p, " (pointing: ", 12) == 0 || strncmp(p, " (claiming: ", 12) == 0) {
        p += 12;
        p += read_digits(p, &digits);
        assert_true(strncmp(p, " in ", 4) == 0);
        p += 4 + read_unit(l, p + 4, &u1);
        assert_true(strncmp(p, " is confined to ", 16) == 0);
        read_unit(l, p + 16, &u2);
        int d = mask_first_digit(digits);
        unsigned left = places(g, u1, d, gone);
        for (int i = 0; i < l->n; i++)
            if (left >> i & 1u && !in_unit(l, l->unit_cell[u1][i], u2))
                fail_msg("%s: %d of the first unit is not confined", where, d);
        if (x.digit != d || !in_unit(l, x.cell, u2) || in_unit(l, x.cell, u1))
            fail_msg("%s: not removed by the locking", where);
    } else if (strncmp(p, " (hidden pair: ", 15) == 0 || strncmp(p, " (naked pair: ", 14) == 0) {
        bool hidden = p[2] == 'h';
        p += hidden ? 15 : 14;
        p += read_digits(p, &digits);
        assert_true(strncmp(p, " in ", 4) == 0);
        read_unit(l, p + 4, &u1);
        int a = mask_first_digit(digits), b = mask_first_digit((sudoku_mask)(digits & (digits - 1)));
        unsigned cells = 0;
        if (hidden) {
            cells = places(g, u1, a, gone) | places(g, u1, b, gone);
        } else {
            for (int i = 0; i < l->n; i++) {
                int c = l->unit_cell[u1][i];
                sudoku_mask left = (sudoku_mask)(g->cand[c] & ~gone[c]);
                if (!g->digit[c] && left && !(left & ~digits))
                    cells |= 1u << i;
            }
        }
        int ncells = 0;
        bool x_in = false;
        for (int i = 0; i < l->n; i++)
            if (cells >> i & 1u) {
                ncells++;
                x_in |= l->unit_cell[u1][i] == x.cell;
            }
        if (ncells != 2)
            fail_msg("%s: the pair's digits fill %d cells", where, ncells);
        bool removed = hidden ? x_in && !(digits & sudoku_bit(x.digit))
                              : !x_in && in_unit(l, x.cell, u1) && (digits & sudoku_bit(x.digit));
        if (!removed)
            fail_msg("%s: not removed by the pair", where);
    } else if (strncmp(p, " (X-Wing: ", 10) == 0) {
        p += 10;
        p += read_digits(p, &digits);
        assert_true(strncmp(p, " in ", 4) == 0);
        p += 4 + read_unit(l, p + 4, &u1);
        assert_true(strncmp(p, " and ", 5) == 0);
        read_unit(l, p + 5, &u2);
        int d = mask_first_digit(digits);
        unsigned cover = places(g, u1, d, gone) | places(g, u2, d, gone); /* positions along the lines */
        int ncover = 0;
        for (unsigned m = cover; m; m &= m - 1)
            ncover++;
        assert_int_equal(ncover, 2);
        int pos = u1 < l->n ? sudoku_col_of(l, x.cell) : sudoku_row_of(l, x.cell);
        if (x.digit != d || !(cover >> pos & 1u) || in_unit(l, x.cell, u1) || in_unit(l, x.cell, u2))
            fail_msg("%s: not removed by the X-Wing", where);
    } else if (strncmp(p, " (nested forcing chain)", 23) != 0) {
        fail_msg("%s: unknown rule \"%.40s\"", where, p);
    }
}

typedef struct branch_end {
    cand first, last;
} branch_end;

/*
 * One branch "r6c5=7 -> r6c5<>9 -> r4c5=9 [r4c4<>9] -> ...": each node
 * follows from the one before (and, for a single, the premises in
 * brackets); a node added by a rule or nested chain says so and is taken
 * as given.
 */
static branch_end check_branch(const sudoku_grid *g, const char *p, const char *end)
{
    const sudoku_layout *l = g->layout;
    branch_end be = { { 0 }, { 0 } };
    cand prev = { 0 };
    int index = 0;
    static sudoku_mask gone[SUDOKU_MAX_CELLS];
    while (p < end) {
        cand x;
        int used = read_node(l, p, &x);
        if (!used)
            fail_msg("no node at \"%.40s\"", p);
        p += used;
        const char *rule = NULL;
        memset(gone, 0, sizeof gone);
        if (strncmp(p, " (", 2) == 0) {
            rule = p;
            p = strchr(p, ')') + 1;
        }
        if (strncmp(p, " [", 2) == 0) {
            for (p += 2; *p != ']';) {
                cand q;
                int k = read_node(l, p, &q);
                if (!k || q.on)
                    fail_msg("bad premise at \"%.40s\"", p);
                gone[q.cell] |= sudoku_bit(q.digit);
                p += k;
                if (strncmp(p, ", ", 2) == 0)
                    p += 2;
            }
            p++;
        }
        if (!has(g, x))
            fail_msg("node r%dc%d %d is no candidate", x.cell / l->n + 1, x.cell % l->n + 1, x.digit);
        if (index == 0) {
            be.first = x;
        } else if (rule) {
            if (!prev.on)
                gone[prev.cell] |= sudoku_bit(prev.digit);
            check_rule(g, rule, x, gone);
        } else {
            if (prev.on && x.on)
                fail_msg("two true nodes in a row at r%dc%d", x.cell / l->n + 1, x.cell % l->n + 1);
            if (prev.on && !weak_ok(g, prev, x))
                fail_msg("r%dc%d<>%d does not follow", x.cell / l->n + 1, x.cell % l->n + 1, x.digit);
            if (!prev.on && !x.on)
                fail_msg("two false nodes in a row without a rule at r%dc%d", x.cell / l->n + 1, x.cell % l->n + 1);
            if (!prev.on) {
                gone[prev.cell] |= sudoku_bit(prev.digit);
                if (!single_ok(g, x, gone))
                    fail_msg("r%dc%d=%d is no single with its premises", x.cell / l->n + 1, x.cell % l->n + 1,
                             x.digit);
            }
        }
        prev = x;
        be.last = x;
        index++;
        if (strncmp(p, " -> ", 4) == 0)
            p += 4;
        else if (p != end)
            fail_msg("no arrow at \"%.40s\"", p);
    }
    assert_true(index >= 2);
    return be;
}

static bool cand_eq(cand a, cand b) { return a.cell == b.cell && a.digit == b.digit && a.on == b.on; }

/* A multiple chain: its branches, and that they support the conclusion. */
static void check_branches(const sudoku_grid *g, const sudoku_step *s, const char *chain, const char *result)
{
    branch_end ends[SUDOKU_MAX_N * 2];
    int nb = 0;
    const char *p = chain;
    while (*p) {
        if (*p == '(') {
            int k, used;
            assert_int_equal(sscanf(p, "(%d) %n", &k, &used), 1);
            assert_int_equal(k, nb + 1);
            p += used;
        }
        const char *end = strstr(p, "; ");
        if (!end)
            end = p + strlen(p);
        ends[nb++] = check_branch(g, p, end);
        p = *end ? end + 2 : end;
    }
    cand concl;
    assert_int_equal(read_node(g->layout, result, &concl), (int)strlen(result));
    if (strstr(s->name, "Contradiction") || strncmp(s->name, "Nishio", 6) == 0) {
        assert_int_equal(nb, 2);
        assert_true(cand_eq(ends[0].first, ends[1].first));
        assert_int_equal(ends[0].last.cell, ends[1].last.cell);
        assert_int_equal(ends[0].last.digit, ends[1].last.digit);
        assert_true(ends[0].last.on != ends[1].last.on);
        cand opposite = ends[0].first;
        opposite.on = !opposite.on;
        assert_true(cand_eq(concl, opposite));
    } else {
        assert_true(nb >= 2);
        for (int b = 0; b < nb; b++)
            assert_true(cand_eq(ends[b].last, concl));
    }
}

/* The step's text, read back and checked link by link. */
static void check_step_text(const sudoku_grid *g, const sudoku_step *s)
{
    char text[4096];
    sudoku_step_describe(g, s, text, sizeof text);
    if (s->truncated || strstr(text, "[...]"))
        return; /* too long to show whole */
    size_t name_len = strlen(s->name);
    assert_true(strncmp(text, s->name, name_len) == 0 && strncmp(text + name_len, ": ", 2) == 0);
    char *chain = text + name_len + 2, *arrow = strstr(chain, " => ");
    assert_non_null(arrow);
    *arrow = '\0';
    const char *result = arrow + 4;
    if (s->technique == SUDOKU_FORCING_CHAIN)
        check_eureka(g, s, chain, result);
    else
        check_branches(g, s, chain, result);
}

typedef struct seen {
    int steps;
} seen;

static bool on_step(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    if (sudoku_technique_get(step->technique)->family == SUDOKU_FAMILY_CHAINS) {
        ((seen *)ctx)->steps++;
        check_step_text(before, step);
    }
    return true;
}

static int check_puzzle(const char *line)
{
    sudoku_grid g;
    sudoku_path path;
    seen n = { 0 };
    grid_from_text(line, &g);
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &path, on_step, &n);
    return n.steps;
}

/* Puzzles whose SE paths have every kind of chain, nested levels included. */
static void test_real_chains_read_back(void **state)
{
    (void)state;
    static const char *const puzzles[] = {
        ".......594..2...8.78..3.....3..1.89...7..8..18..........5..2.4.6...43..5...6...27\n",
        ".2......4..6...712..9.1463..31.............6....9513......4.28......2...56..93..7\n",
        ".2...8..4.5..9....7.9...5......12.9...19....3.7....6......5.8.....23...1..58.9...\n",
        "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79.\n",
        "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........\n",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........\n",
        "98.7.....6.....87...7.....5.4..3.5....65...9......2..1..86...5.....1.3.......4..2\n",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3\n",
    };
    int steps = 0;
    int stride = tu_stride(2);
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i += (size_t)stride)
        steps += check_puzzle(puzzles[i]);
    assert_true(steps >= 50 / stride);
}

/* Every puzzle of puzzles/8x8.txt: the brick-wall's chains read back too. */
static void test_8x8_chains_read_back(void **state)
{
    (void)state;
    FILE *f = fopen("puzzles/8x8.txt", "r");
    assert_non_null(f);
    char line[512];
    int steps = 0;
    while (fgets(line, sizeof line, f))
        if (strlen(line) >= 64 && line[0] != '#')
            steps += check_puzzle(line);
    fclose(f);
    assert_true(steps >= 10);
}

/* The first puzzles of top1465 (SUDOKU_EXPLAIN_MAX of them, 60 by default). */
static void test_dataset_chains_read_back(void **state)
{
    (void)state;
    const char *shared = getenv("SHARED") ? getenv("SHARED") : "../shared";
    const char *cap = getenv("SUDOKU_EXPLAIN_MAX");
    long max = cap ? atol(cap) : 60;
    if (max <= 0)
        skip();
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/data/puzzles3_magictour_top1465.txt", shared);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("  %s not found: skipped\n", path);
        skip();
    }
    long done = 0;
    int steps = 0;
    while (done < max && fgets(line, sizeof line, f)) {
        if (strlen(line) < 81)
            continue;
        steps += check_puzzle(line);
        done++;
    }
    fclose(f);
    printf("  %ld puzzles, %d chain steps read back\n", done, steps);
    assert_true(steps > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turbot_fish_9x9),
        cmocka_unit_test(test_turbot_fish_8x8),
        cmocka_unit_test(test_x_cycle_9x9),
        cmocka_unit_test(test_y_cycle_9x9),
        cmocka_unit_test(test_y_cycle_8x8),
        cmocka_unit_test(test_region_forcing_8x8),
        cmocka_unit_test(test_real_chains_read_back),
        cmocka_unit_test(test_8x8_chains_read_back),
        cmocka_unit_test(test_dataset_chains_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
