/*
 * hint.c - the hint command: the next step from a puzzle or a pencil-mark
 * position, at three levels of help (1: the technique and where to look,
 * 2: also its digits and cells, 3: the whole step), as text, JSON or SVG;
 * and what is wrong with a position that no longer leads to the solution.
 */
#include "hint.h"
#include "outdir.h"
#include "grid/bits.h"

#include <stdlib.h>
#include <string.h>

/* "box 5", "row 2, row 7": where the step's pattern lies, without giving it away. */
static void where_to_look(const path_entry *e, const pattern *p, char *buf, size_t size)
{
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = e->before.layout;
    char name[24];
    size_t len = 0;
    buf[0] = '\0';
    if (e->is_trial) {
        snprintf(buf, size, "%s", sudoku_cell_name(l, e->t.cell, name, sizeof name));
        return;
    }
    if (s->nbase > 0) {
        for (int i = 0; i < s->nbase && len < size; i++)
            len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                                    sudoku_unit_name(l, s->base[i], name, sizeof name));
        return;
    }
    if (s->place_unit >= 0 || s->place_cell >= 0) {
        int u = s->place_unit >= 0 ? s->place_unit : l->cell_unit[s->place_cell][SUDOKU_BOX];
        snprintf(buf, size, "%s", sudoku_unit_name(l, u, name, sizeof name));
        return;
    }
    /* The one unit all the pattern's cells share, else the boxes they lie in. */
    int shared[3] = { -1, -1, -1 };
    bool first = true;
    unsigned boxes = 0;
    for (int c = 0; c < l->ncells; c++) {
        bool in = p->whole[c] != 0;
        for (int r = 0; r < PATTERN_ROLES; r++)
            in |= p->role[c][r] != 0;
        if (!in)
            continue;
        boxes |= 1u << sudoku_box_of(l, c);
        for (int k = 0; k < 3; k++)
            shared[k] = first || shared[k] == l->cell_unit[c][k] ? l->cell_unit[c][k] : -2;
        first = false;
    }
    for (int k = 0; k < 3; k++)
        if (shared[k] >= 0) {
            snprintf(buf, size, "%s", sudoku_unit_name(l, shared[k], name, sizeof name));
            return;
        }
    len = (size_t)snprintf(buf, size, "boxes ");
    const char *sep = "";
    for (int b = 0; b < l->n && len < size; b++)
        if (boxes >> b & 1u) {
            len += (size_t)snprintf(buf + len, size - len, "%s%d", sep, b + 1);
            sep = ",";
        }
}

/* "Digits: 3,7; cells: r2c5,r2c7" - the pattern, or the single's cell. */
static void put_pattern_cells(strbuf *out, const path_entry *e, const pattern *p)
{
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = e->before.layout;
    char name[16];
    sudoku_mask digits = s->digits;
    if (s->place_cell >= 0)
        digits = sudoku_bit(s->place_digit);
    sb_printf(out, "%s: ", mask_is_single(digits) ? "Digit" : "Digits");
    for (sudoku_mask m = digits; m; m &= (sudoku_mask)(m - 1))
        sb_printf(out, "%c%s", sudoku_digit_char(mask_first_digit(m)), m & (sudoku_mask)(m - 1) ? "," : "");
    const char *sep = "; cells: ";
    int shown = 0;
    for (int c = 0; c < l->ncells; c++) {
        bool in = p->whole[c] != 0 || (c == s->place_cell && !s->nmarks && !s->ncells);
        for (int r = 0; r < PATTERN_ROLES; r++)
            in |= p->role[c][r] != 0;
        if (in) {
            sb_printf(out, "%s%s", shown ? "," : sep, sudoku_cell_name(l, c, name, sizeof name));
            shown++;
        }
    }
    sb_putc(out, '\n');
}

/* ------------------------------------------------------------ chains */

static bool is_chain(const path_entry *e)
{
    return !e->is_trial && e->step.technique >= 0 &&
           sudoku_technique_get(e->step.technique)->family == SUDOKU_FAMILY_CHAINS;
}

/* "r2c4=8" or "r2c4<>8" */
static void put_node(strbuf *out, const sudoku_layout *l, int cell, int digit, bool on)
{
    char name[16];
    sb_printf(out, "%s%s%c", sudoku_cell_name(l, cell, name, sizeof name), on ? "=" : "<>", sudoku_digit_char(digit));
}

/* What the step decides: "r2c4 (its 8 goes)", "r4c7 (it is 5)", or the candidate 3 of several cells. */
static void put_decided(strbuf *out, const path_entry *e)
{
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = e->before.layout;
    char name[16];
    if (s->place_cell >= 0) {
        sb_printf(out, "the digit of %s", sudoku_cell_name(l, s->place_cell, name, sizeof name));
        return;
    }
    sudoku_mask digits = 0;
    int cells = 0;
    for (int c = 0; c < l->ncells; c++)
        if (s->elim[c]) {
            digits |= s->elim[c];
            cells++;
        }
    if (mask_is_single(digits))
        sb_printf(out, "candidate %c of ", sudoku_digit_char(mask_first_digit(digits)));
    else
        sb_puts(out, "candidates of ");
    int shown = 0;
    for (int c = 0; c < l->ncells; c++)
        if (s->elim[c]) {
            if (shown == 6) {
                sb_printf(out, " and %d more cells", cells - shown);
                break;
            }
            sb_printf(out, "%s%s", shown ? ", " : "", sudoku_cell_name(l, c, name, sizeof name));
            shown++;
        }
}

/*
 * The chains' starts (the nodes of the outermost chains that no link
 * leads to) and the conclusion: "Start: r2c4=8; conclusion: r2c4<>8".
 */
static void put_chain_ends(strbuf *out, const path_entry *e)
{
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = e->before.layout;
    int shown = 0;
    sb_puts(out, "Start: ");
    for (int i = 0; i < s->nlinks && shown < 8; i++) {
        const sudoku_link *k = &s->links[i];
        if (k->depth || k->premise)
            continue;
        bool root = true, seen = false;
        for (int j = 0; j < s->nlinks && root; j++) {
            const sudoku_link *o = &s->links[j];
            root = o->depth || !(o->to_cell == k->from_cell && o->to_digit == k->from_digit && o->to_on == k->from_on);
            seen |= j < i && !o->depth && !o->premise && o->from_cell == k->from_cell &&
                    o->from_digit == k->from_digit && o->from_on == k->from_on;
        }
        if (!root || seen)
            continue;
        if (shown)
            sb_puts(out, ", ");
        put_node(out, l, k->from_cell, k->from_digit, k->from_on);
        shown++;
    }
    if (!shown)
        sb_puts(out, "-");
    const char *to = strstr(e->text, " => ");
    sb_puts(out, "; conclusion: ");
    sb_puts(out, to ? to + 4 : e->text);
    sb_putc(out, '\n');
}

void hint_output(const options *opt, const sudoku_record *rec, const sudoku_grid *g, const uint8_t *solution,
                 strbuf *out, strbuf *err, record_result *res)
{
    strbuf doc = { 0 };
    if (g->empty == 0) { /* nothing left to hint at */
        if (opt->format == FORMAT_JSON) {
            sb_puts(out, "null\n");
        } else if (opt->format == FORMAT_SVG) {
            svg_declaration(&doc);
            svg_solution(&doc, g, NULL, "Solved", "h");
            outdir_take(opt, rec, "", "svg", &doc, out, err, res);
            sb_free(&doc);
        } else {
            sb_puts(out, "Solved: every cell is filled\n");
        }
        return;
    }
    path_entry *e = malloc(sizeof *e);
    pattern *p = malloc(sizeof *p);
    if (!e || !p) {
        free(e);
        free(p);
        out->failed = true;
        return;
    }
    path_next(g, solution, opt->last_technique, e);
    pattern_build(p, g, &e->step);
    int level = opt->level ? opt->level : 3;
    if (opt->format == FORMAT_JSON) {
        json_step(out, e, 1);
        sb_putc(out, '\n');
    } else if (opt->format == FORMAT_SVG) {
        svg_declaration(&doc);
        svg_step(&doc, e, NULL, 1, level, "h"); /* a position's digits: all drawn alike */
        outdir_take(opt, rec, "", "svg", &doc, out, err, res);
    } else if (level >= 3) {
        sb_printf(out, "%s\n", e->text);
    } else if (is_chain(e)) {
        /* Where to look means nothing for a chain over half the grid: what it decides does. */
        sb_printf(out, "Look for: %s, which decides ", e->step.name);
        put_decided(out, e);
        sb_putc(out, '\n');
        if (level == 2)
            put_chain_ends(out, e);
    } else {
        char where[256];
        where_to_look(e, p, where, sizeof where);
        if (e->is_trial)
            sb_printf(out, "Logic is stuck: try a candidate of %s\n", where);
        else
            sb_printf(out, "Look for: %s in %s\n", e->step.name, where);
        if (level == 2)
            put_pattern_cells(out, e, p);
    }
    sb_free(&doc);
    free(p);
    free(e);
}

/* ------------------------------------------------------------ wrong positions */

/* The digits of the record alone, its pencil marks left out. */
static bool digits_only(const sudoku_record *rec, sudoku_grid *g)
{
    sudoku_grid_init(g, rec->layout);
    for (int c = 0; c < rec->layout->ncells; c++)
        if (rec->given[c] && !sudoku_grid_place(g, c, rec->given[c]))
            return false;
    return true;
}

bool hint_wrong_position(const sudoku_record *rec, strbuf *why)
{
    const sudoku_layout *l = rec->layout;
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    char name[16];
    if (!rec->ok || !digits_only(rec, &g))
        return false;
    long n = sudoku_solve(&g, 2, solution, NULL);
    if (n == 1) {
        /* The digits are right: some cell lost the candidate the solution needs. */
        int shown = 0;
        for (int c = 0; c < l->ncells; c++)
            if (!rec->given[c] && !(rec->cand[c] & sudoku_bit(solution[c]))) {
                sb_printf(why, "%s%s lost candidate %c", shown ? ", " : "", sudoku_cell_name(l, c, name, sizeof name),
                          sudoku_digit_char(solution[c]));
                shown++;
            }
        return shown > 0;
    }
    if (n != 0)
        return false;
    /* No solution: a digit whose removal leaves exactly one is a wrong placement. */
    int shown = 0;
    for (int c = 0; c < l->ncells; c++) {
        if (!rec->given[c])
            continue;
        sudoku_grid without;
        sudoku_grid_init(&without, l);
        bool ok = true;
        for (int k = 0; k < l->ncells && ok; k++)
            if (k != c && rec->given[k])
                ok = sudoku_grid_place(&without, k, rec->given[k]);
        if (ok && sudoku_solve(&without, 2, solution, NULL) == 1)
            sb_printf(why, "%s%s=%c is wrong (the solution has %c)", shown++ ? ", or " : "",
                      sudoku_cell_name(l, c, name, sizeof name), sudoku_digit_char(rec->given[c]),
                      sudoku_digit_char(solution[c]));
    }
    return shown > 0;
}
