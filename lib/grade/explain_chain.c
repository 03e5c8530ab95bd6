/*
 * explain_chain.c - chaining steps in words, each branch written as its
 * path: from the end of the branch back through each node's first parent
 * (links whose 'premise' is 0) to its assumption, so only the nodes the
 * conclusion stands on are shown, in the order they follow.
 *
 * Static chains and cycles (one branch, strong and weak links alternating)
 * are written in Eureka notation: "(1)r8c7-r8c1=r2c1-r1c2=r1c7-r8c7", a
 * digit written when it changes, the nodes of one cell together as
 * "(1=4)r5c1", '=' from a false node to a true one, '-' from true to false.
 *
 * Multiple and dynamic chains write each node with its state, in Sudoku
 * Explainer's way: "(1) r1c2=5 -> r1c7<>5 -> r3c7=5 [r3c8<>5]; (2) ...",
 * the brackets naming the further premises a node needs (earlier removals
 * that left a single), and a node that a rule or a nested chain added says
 * which: "r3c4<>7 (hidden pair: 3,7 in row 3)".
 */
#include "grade/explain_chain.h"
#include "grid/bits.h"

#include <string.h>

typedef struct node {
    uint8_t cell, digit, on;
} node;

static bool node_eq(node a, node b) { return a.cell == b.cell && a.digit == b.digit && a.on == b.on; }
static node link_from(const sudoku_link *k) { return (node){ k->from_cell, k->from_digit, k->from_on }; }
static node link_to(const sudoku_link *k) { return (node){ k->to_cell, k->to_digit, k->to_on }; }

/* A branch's path: its nodes from the assumption to the end, and for each
 * node after the first the link that leads into it. */
typedef struct path {
    int len;
    node at[SUDOKU_STEP_MAX_LINKS + 1];
    const sudoku_link *in[SUDOKU_STEP_MAX_LINKS + 1];
} path;

static bool in_branch(const sudoku_link *k, int branch) { return k->chain == branch && k->depth == 0; }

/* The link of the branch that leads into x from its first parent, or NULL. */
static const sudoku_link *first_parent_link(const sudoku_step *s, int branch, node x)
{
    for (int i = 0; i < s->nlinks; i++) {
        const sudoku_link *k = &s->links[i];
        if (in_branch(k, branch) && !k->premise && node_eq(link_to(k), x))
            return k;
    }
    return NULL;
}

static bool is_parent(const sudoku_step *s, int branch, node x)
{
    for (int i = 0; i < s->nlinks; i++)
        if (in_branch(&s->links[i], branch) && node_eq(link_from(&s->links[i]), x))
            return true;
    return false;
}

/*
 * Where a branch ends: the node no other node of the branch comes from
 * (the chains.c steps list it first: its links come from the end
 * backwards); in a cycle every node leads on, and the first link's 'to' is
 * the node it closes on.
 */
static node branch_end(const sudoku_step *s, int branch, const sudoku_link *first)
{
    if (!is_parent(s, branch, link_to(first)))
        return link_to(first);
    for (int i = 0; i < s->nlinks; i++)
        if (in_branch(&s->links[i], branch) && !is_parent(s, branch, link_to(&s->links[i])))
            return link_to(&s->links[i]);
    return link_to(first);
}

/* The walk back from the end stops at the node with no parent (the
 * assumption) or at the end again (a cycle). */
static void branch_path(const sudoku_step *s, int branch, path *p)
{
    static _Thread_local node back[SUDOKU_STEP_MAX_LINKS + 1];
    static _Thread_local const sudoku_link *back_in[SUDOKU_STEP_MAX_LINKS + 1];
    p->len = 0;
    const sudoku_link *first = NULL;
    for (int i = 0; i < s->nlinks && !first; i++)
        if (in_branch(&s->links[i], branch))
            first = &s->links[i];
    if (!first)
        return;
    node end = branch_end(s, branch, first), x = end;
    int len = 0;
    back[len] = x;
    back_in[len] = NULL;
    while (len < SUDOKU_STEP_MAX_LINKS) {
        const sudoku_link *k = first_parent_link(s, branch, x);
        if (!k)
            break;
        back_in[len] = k;
        x = link_from(k);
        back[++len] = x;
        back_in[len] = NULL;
        if (node_eq(x, end))
            break; /* a cycle: back at its start */
    }
    len++;
    for (int i = 0; i < len; i++) {
        p->at[i] = back[len - 1 - i];
        p->in[i] = i ? back_in[len - 1 - i] : NULL;
    }
    p->len = len;
}

static void put_cell(text *t, const sudoku_layout *l, int cell)
{
    char name[16];
    put(t, "%s", sudoku_cell_name(l, cell, name, sizeof name));
}

/* ------------------------------------------------------------ Eureka */

/* '=' from a false node to a true one (a strong link), '-' otherwise. */
static char eureka_link(node a, node b) { return !a.on && b.on ? '=' : '-'; }

/* "(1)r8c7-r8c1=r2c1-(1=4)r5c1": nodes of one cell make one term. */
static void put_eureka(text *t, const sudoku_layout *l, const path *p)
{
    int last_digit = 0;
    for (int i = 0; i < p->len;) {
        int j = i + 1;
        while (j < p->len && p->at[j].cell == p->at[i].cell)
            j++;
        if (i)
            put(t, "%c", eureka_link(p->at[i - 1], p->at[i]));
        if (j - i > 1 || p->at[i].digit != last_digit) {
            put(t, "(");
            for (int k = i; k < j; k++) {
                if (k > i)
                    put(t, "%c", eureka_link(p->at[k - 1], p->at[k]));
                put(t, "%c", sudoku_digit_char(p->at[k].digit));
            }
            put(t, ")");
        }
        put_cell(t, l, p->at[i].cell);
        last_digit = p->at[j - 1].digit;
        i = j;
    }
}

/* ------------------------------------------------------------ SE style */

static void put_node(text *t, const sudoku_layout *l, node x)
{
    put_cell(t, l, x.cell);
    put(t, "%s%c", x.on ? "=" : "<>", sudoku_digit_char(x.digit));
}

static void put_digits(text *t, sudoku_mask m)
{
    for (const char *sep = ""; m; m &= (sudoku_mask)(m - 1), sep = ",")
        put(t, "%s%c", sep, sudoku_digit_char(mask_first_digit(m)));
}

static void put_unit(text *t, const sudoku_layout *l, int unit)
{
    char name[24];
    put(t, "%s", sudoku_unit_name(l, unit, name, sizeof name));
}

/* " (hidden pair: 3,7 in row 3)": the rule or nested chain that made the node follow. */
static void put_rule(text *t, const sudoku_layout *l, const sudoku_link *k)
{
    switch (k->rule) {
    case SUDOKU_LINK_POINTING:
    case SUDOKU_LINK_CLAIMING:
        put(t, " (%s: ", k->rule == SUDOKU_LINK_POINTING ? "pointing" : "claiming");
        put_digits(t, k->rule_digits);
        put(t, " in ");
        put_unit(t, l, k->rule_unit[0]);
        put(t, " is confined to ");
        put_unit(t, l, k->rule_unit[1]);
        put(t, ")");
        break;
    case SUDOKU_LINK_HIDDEN_PAIR:
    case SUDOKU_LINK_NAKED_PAIR:
        put(t, " (%s pair: ", k->rule == SUDOKU_LINK_HIDDEN_PAIR ? "hidden" : "naked");
        put_digits(t, k->rule_digits);
        put(t, " in ");
        put_unit(t, l, k->rule_unit[0]);
        put(t, ")");
        break;
    case SUDOKU_LINK_X_WING:
        put(t, " (X-Wing: ");
        put_digits(t, k->rule_digits);
        put(t, " in ");
        put_unit(t, l, k->rule_unit[0]);
        put(t, " and ");
        put_unit(t, l, k->rule_unit[1]);
        put(t, ")");
        break;
    case SUDOKU_LINK_NESTED_CHAIN:
        put(t, " (nested forcing chain)");
        break;
    default:
        break;
    }
}

/* " [r4c6<>1, r2c6<>1]": what x needs besides the node before it. */
static void put_premises(text *t, const sudoku_layout *l, const sudoku_step *s, int branch, node x)
{
    const char *sep = " [";
    for (int i = 0; i < s->nlinks; i++) {
        const sudoku_link *k = &s->links[i];
        if (!in_branch(k, branch) || !k->premise || !node_eq(link_to(k), x))
            continue;
        put(t, "%s", sep);
        put_node(t, l, link_from(k));
        sep = ", ";
    }
    if (*sep == ',')
        put(t, "]");
}

/* "r6c5=7 -> r6c5<>9 -> r4c5=9 [r4c4<>9] -> ..." */
static void put_implications(text *t, const sudoku_layout *l, const sudoku_step *s, int branch, const path *p)
{
    for (int i = 0; i < p->len; i++) {
        if (i)
            put(t, " -> ");
        put_node(t, l, p->at[i]);
        if (!p->in[i])
            continue;
        put_rule(t, l, p->in[i]);
        put_premises(t, l, s, branch, p->at[i]);
    }
}

/* ------------------------------------------------------------ the step */

void explain_chain(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    static _Thread_local path p;
    int branches = 0, nested = 0;
    for (int i = 0; i < s->nlinks; i++) {
        if (s->links[i].depth == 0 && s->links[i].chain + 1 > branches)
            branches = s->links[i].chain + 1;
        if (s->links[i].depth > 0)
            nested++;
    }
    bool eureka = s->technique == SUDOKU_FORCING_CHAIN && branches == 1;
    for (int b = 0; b < branches; b++) {
        branch_path(s, b, &p);
        if (eureka) {
            put_eureka(t, l, &p);
            continue;
        }
        put(t, "%s", b ? "; " : "");
        if (branches > 1)
            put(t, "(%d) ", b + 1);
        put_implications(t, l, s, b, &p);
    }
    if (nested)
        put(t, " [with %d links of nested chains]", nested);
    if (s->truncated)
        put(t, " [...]");
}
