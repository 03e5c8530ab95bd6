/*
 * explain_chain.c - chaining steps in words. Each branch of a step (its
 * links with one 'chain' number) is written from its assumption to its
 * end, nodes in an order where every node comes after the nodes that imply
 * it: "r1c2=5 -> r1c7<>5 -> r3c8=5". Nodes: rXcY=d when true (ON),
 * rXcY<>d when false (OFF). Nested chains (depth > 0) are summed up by
 * their count, each justifying a link of the main chains.
 */
#include "explain_chain.h"
#include "bits.h"

#include <string.h>

typedef struct node {
    uint8_t cell, digit, on;
} node;

static bool node_eq(node a, node b) { return a.cell == b.cell && a.digit == b.digit && a.on == b.on; }

static void put_node(text *t, const sudoku_layout *l, node x)
{
    char name[16];
    put(t, "%s%s%c", sudoku_cell_name(l, x.cell, name, sizeof name), x.on ? "=" : "<>", sudoku_digit_char(x.digit));
}

static int node_index(const node *nodes, int count, node x)
{
    for (int i = 0; i < count; i++)
        if (node_eq(nodes[i], x))
            return i;
    return -1;
}

/* One branch: its nodes, each once, after all of its parents. */
static void put_branch(text *t, const sudoku_layout *l, const sudoku_step *s, int branch)
{
    static _Thread_local node nodes[2 * SUDOKU_STEP_MAX_LINKS];
    static _Thread_local bool done[2 * SUDOKU_STEP_MAX_LINKS];
    int count = 0;
    for (int i = 0; i < s->nlinks; i++) {
        const sudoku_link *k = &s->links[i];
        if (k->chain != branch || k->depth != 0)
            continue;
        node from = { k->from_cell, k->from_digit, k->from_on }, to = { k->to_cell, k->to_digit, k->to_on };
        if (node_index(nodes, count, from) < 0)
            nodes[count++] = from;
        if (node_index(nodes, count, to) < 0)
            nodes[count++] = to;
    }
    memset(done, 0, (size_t)count * sizeof done[0]);
    const char *sep = "";
    for (int written = 0; written < count;) {
        int before = written;
        for (int j = 0; j < count; j++) {
            if (done[j])
                continue;
            bool ready = true;
            for (int i = 0; i < s->nlinks && ready; i++) {
                const sudoku_link *k = &s->links[i];
                node to = { k->to_cell, k->to_digit, k->to_on };
                if (k->chain != branch || k->depth != 0 || !node_eq(to, nodes[j]))
                    continue;
                node from = { k->from_cell, k->from_digit, k->from_on };
                int f = node_index(nodes, count, from);
                ready = f < 0 || done[f] || f == j;
            }
            if (!ready)
                continue;
            put(t, "%s", sep);
            put_node(t, l, nodes[j]);
            sep = " -> ";
            done[j] = true;
            written++;
        }
        if (written == before) { /* a cycle: the start comes back at the end */
            for (int j = 0; j < count; j++)
                if (!done[j]) {
                    put(t, "%s", sep);
                    put_node(t, l, nodes[j]);
                    done[j] = true;
                    written++;
                }
        }
    }
}

void explain_chain(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    int branches = 0, nested = 0;
    for (int i = 0; i < s->nlinks; i++) {
        if (s->links[i].depth == 0 && s->links[i].chain + 1 > branches)
            branches = s->links[i].chain + 1;
        if (s->links[i].depth > 0)
            nested++;
    }
    for (int b = 0; b < branches; b++) {
        put(t, "%s", b ? "; " : "");
        if (branches > 1)
            put(t, "(%d) ", b + 1);
        put_branch(t, l, s, b);
    }
    if (nested)
        put(t, " [with %d links of nested chains]", nested);
    if (s->truncated)
        put(t, " [...]");
    char name[16];
    const char *sep = " => ";
    if (s->place_cell >= 0) {
        put(t, "%s%s=%c", sep, sudoku_cell_name(l, s->place_cell, name, sizeof name),
            sudoku_digit_char(s->place_digit));
        return;
    }
    for (int d = 1; d <= l->n; d++)
        for (int c = 0; c < l->ncells; c++)
            if (s->elim[c] & sudoku_bit(d)) {
                put(t, "%s%s<>%c", sep, sudoku_cell_name(l, c, name, sizeof name), sudoku_digit_char(d));
                sep = ", ";
            }
}
