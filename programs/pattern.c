/*
 * pattern.c - what a step's pattern is, as candidates and units with
 * roles, read from the step data alone: its marks when the technique set
 * some, otherwise its cells and digits (subsets), otherwise its digits in
 * its base units (intersections, fish). Pictures, JSON and the marked text
 * grid all use this, so every technique is shown the same way.
 */
#include "path.h"
#include "grid/bits.h"

#include <string.h>

static const char *const role_names[PATTERN_ROLES] = {
    [SUDOKU_ROLE_PATTERN] = "pattern", [SUDOKU_ROLE_PIVOT] = "pivot", [SUDOKU_ROLE_PINCER] = "pincer",
    [SUDOKU_ROLE_EXTRA] = "extra",     [SUDOKU_ROLE_ON] = "on",       [SUDOKU_ROLE_OFF] = "off",
    [SUDOKU_ROLE_BASE] = "base",       [SUDOKU_ROLE_COVER] = "cover",
};

const char *pattern_role_name(int role)
{
    return role >= 0 && role < PATTERN_ROLES ? role_names[role] : "pattern";
}

bool step_is_single(const sudoku_step *s)
{
    return s->technique == SUDOKU_FULL_HOUSE || s->technique == SUDOKU_HIDDEN_SINGLE_BOX ||
           s->technique == SUDOKU_HIDDEN_SINGLE_LINE || s->technique == SUDOKU_NAKED_SINGLE;
}

void pattern_build(pattern *p, const sudoku_grid *before, const sudoku_step *s)
{
    const sudoku_layout *l = before->layout;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < s->nbase; i++)
        p->unit_role[s->base[i]] = 1 + SUDOKU_ROLE_BASE;
    for (int i = 0; i < s->ncover; i++)
        if (!p->unit_role[s->cover[i]])
            p->unit_role[s->cover[i]] = 1 + SUDOKU_ROLE_COVER;

    if (s->nmarks > 0) {
        for (int i = 0; i < s->nmarks; i++) {
            const sudoku_mark *m = &s->marks[i];
            int role = m->role < PATTERN_ROLES ? m->role : SUDOKU_ROLE_PATTERN;
            if (m->digits)
                p->role[m->cell][role] |= m->digits;
            else
                p->whole[m->cell] |= (uint8_t)(1u << role);
        }
        return;
    }
    /* Singles show their placement, nothing more. */
    if (step_is_single(s))
        return;
    if (s->ncells > 0) {
        for (int i = 0; i < s->ncells; i++) {
            int c = s->cells[i];
            p->role[c][SUDOKU_ROLE_PATTERN] |= (sudoku_mask)(before->cand[c] & s->digits);
        }
        return;
    }
    for (int i = 0; i < s->nbase; i++)
        for (int k = 0; k < l->n; k++) {
            int c = l->unit_cell[s->base[i]][k];
            p->role[c][SUDOKU_ROLE_PATTERN] |= (sudoku_mask)(before->cand[c] & s->digits);
        }
}

int pattern_role_of(const pattern *p, int cell, int d)
{
    for (int r = 0; r < PATTERN_ROLES; r++)
        if (p->role[cell][r] & sudoku_bit(d))
            return r;
    return -1;
}
