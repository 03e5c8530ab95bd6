/*
 * explain.c - steps and positions written for people: one line per step in
 * the usual notation (r2c5<>3, r4c7=5), and the pencil-mark grid.
 */
#include "sudoku.h"
#include "grid/bits.h"
#include "grid/text.h"
#include "grade/explain_chain.h"

#include <string.h>

/* "4,7" */
static void put_digits(text *t, sudoku_mask m)
{
    for (const char *sep = ""; m; m &= (sudoku_mask)(m - 1), sep = ",")
        put(t, "%s%c", sep, sudoku_digit_char(mask_first_digit(m)));
}

static const char *unit_name(const sudoku_layout *l, int u, char *buf, size_t size)
{
    return sudoku_unit_name(l, u, buf, size);
}

/* "rows 2,7" or "columns 3,8": fish lines, all of one kind. */
static void put_lines(text *t, const sudoku_layout *l, const uint8_t *units, int count)
{
    put(t, "%s ", units[0] < l->n ? "rows" : "columns");
    for (int i = 0; i < count; i++)
        put(t, "%s%d", i ? "," : "", units[i] % l->n + 1);
}

static void put_cells(text *t, const sudoku_layout *l, const uint8_t *cells, int count)
{
    char name[16];
    for (int i = 0; i < count; i++)
        put(t, "%s%s", i ? "," : "", sudoku_cell_name(l, cells[i], name, sizeof name));
}

/* Cells as "r3c89" or "r12c5": one row and its columns, or rows sharing one set of columns. */
static void put_cell_group(text *t, unsigned rows, unsigned cols)
{
    put(t, "r");
    for (int r = 0; rows >> r; r++)
        if (rows >> r & 1u)
            put(t, "%c", sudoku_digit_char(r + 1));
    put(t, "c");
    for (int c = 0; cols >> c; c++)
        if (cols >> c & 1u)
            put(t, "%c", sudoku_digit_char(c + 1));
}

/*
 * The cells that lose exactly the digits 'm', written as groups: by rows
 * when 'by_rows' (rows with the same columns merged: r12c5), else by
 * columns (columns with the same rows merged: r3c89). Returns the number
 * of groups; writes only when 't' is not NULL.
 */
static int put_mask_groups(text *t, const sudoku_layout *l, const sudoku_step *s, sudoku_mask m, bool by_rows,
                           const char **sep)
{
    unsigned line[SUDOKU_MAX_N] = { 0 }; /* per row (or column): the other coordinate */
    for (int c = 0; c < l->ncells; c++)
        if (s->elim[c] == m) {
            int r = sudoku_row_of(l, c), k = sudoku_col_of(l, c);
            line[by_rows ? r : k] |= 1u << (by_rows ? k : r);
        }
    int groups = 0;
    for (int i = 0; i < l->n; i++) {
        if (!line[i])
            continue;
        unsigned same = 0, other = line[i];
        for (int j = i; j < l->n; j++)
            if (line[j] == other) {
                same |= 1u << j;
                if (j > i)
                    line[j] = 0;
            }
        groups++;
        if (t) {
            put(t, "%s", *sep);
            put_cell_group(t, by_rows ? same : other, by_rows ? other : same);
            put(t, "<>");
            for (sudoku_mask d = m; d; d &= (sudoku_mask)(d - 1))
                put(t, "%c", sudoku_digit_char(mask_first_digit(d)));
            *sep = ", ";
        }
    }
    return groups;
}

/*
 * " => r3c89<>246, r12c5<>7": cells that lose the same digits are written
 * together, grouped by rows or by columns, whichever takes fewer groups;
 * the sets of digits in the order of the first cell that loses them.
 */
static void put_eliminations(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    const char *sep = " => ";
    for (int c = 0; c < l->ncells; c++) {
        sudoku_mask m = s->elim[c];
        bool seen = false;
        for (int e = 0; e < c && !seen; e++)
            seen = s->elim[e] == m;
        if (!m || seen)
            continue;
        bool by_rows = put_mask_groups(NULL, l, s, m, true, &sep) <= put_mask_groups(NULL, l, s, m, false, &sep);
        put_mask_groups(t, l, s, m, by_rows, &sep);
    }
}

/* The type of a uniqueness step: the last character of SE's name ("... type 3"). */
static int uniqueness_type(const sudoku_step *s)
{
    size_t len = strlen(s->name);
    return len ? s->name[len - 1] - '0' : 0;
}

/* The cells of the marks with 'role' from index 'from' on, and their digits. */
static int marks_with_role(const sudoku_step *s, int from, enum sudoku_role role, uint8_t *cells,
                           sudoku_mask *digits)
{
    int count = 0;
    *digits = 0;
    for (int i = from; i < s->nmarks; i++)
        if (s->marks[i].role == role) {
            cells[count++] = s->marks[i].cell;
            *digits |= s->marks[i].digits;
        }
    return count;
}

/*
 * "r1c1,r1c4,r3c4,r3c1 on 3,7, extra 5 in r1c1,r1c4": the loop in its
 * order, then what its extra candidates do (marks: the loop's cells, then
 * the extra cells, then a type 3 set's other cells).
 */
static void put_unique_loop(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    uint8_t cells[SUDOKU_MAX_CELLS];
    sudoku_mask digits;
    char unit[16];
    int type = uniqueness_type(s);
    int extra = marks_with_role(s, s->ncells, SUDOKU_ROLE_EXTRA, cells, &digits);

    put_cells(t, l, s->cells, s->ncells);
    put(t, " on ");
    put_digits(t, s->digits);
    switch (type) {
    case 1:
        put(t, ", only %s", extra ? sudoku_cell_name(l, cells[0], unit, sizeof unit) : "?");
        put(t, " has more candidates");
        break;
    case 2:
        put(t, ", extra ");
        put_digits(t, digits);
        put(t, " in ");
        put_cells(t, l, cells, extra);
        break;
    case 3: {
        bool naked = s->nbase > 0;
        int u = naked ? s->base[0] : s->cover[0];
        sudoku_mask extra_digits = 0, set_digits = 0;
        for (int i = 0; i < extra && i < 2; i++)
            extra_digits |= s->marks[s->ncells + i].digits;
        for (int i = 2; i < extra; i++)
            set_digits |= s->marks[s->ncells + i].digits;
        put(t, ", extra ");
        put_digits(t, extra_digits);
        put(t, " in ");
        put_cells(t, l, cells, extra < 2 ? extra : 2);
        put(t, "; with ");
        put_cells(t, l, cells + 2, extra > 2 ? extra - 2 : 0);
        put(t, " a %s set of ", naked ? "naked" : "hidden");
        put_digits(t, naked ? (sudoku_mask)(set_digits | extra_digits) : (sudoku_mask)(set_digits | s->digits));
        put(t, " in %s", unit_name(l, u, unit, sizeof unit));
        break;
    }
    case 4: {
        /* The digit that stays is the one locked in the two cells. */
        sudoku_mask gone = 0;
        for (int c = 0; c < l->ncells; c++)
            gone |= s->elim[c];
        uint8_t pair[2];
        int npair = 0;
        for (int c = 0; c < l->ncells && npair < 2; c++)
            if (s->elim[c])
                pair[npair++] = (uint8_t)c;
        put(t, ", ");
        put_digits(t, (sudoku_mask)(s->digits & ~gone));
        put(t, " in %s only in ", s->nbase ? unit_name(l, s->base[0], unit, sizeof unit) : "?");
        put_cells(t, l, pair, npair);
        break;
    }
    default:
        break;
    }
}

/* "r1c1,r1c5 hold 3,6 ..." (marks: the BUG cells with their BUG digits,
 * then a type 3 set's cells or type 4's common digit). */
static void put_bug(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    uint8_t cells[SUDOKU_MAX_CELLS];
    sudoku_mask digits;
    char name[16], unit[16];
    int type = uniqueness_type(s);
    int others = marks_with_role(s, 0, SUDOKU_ROLE_PATTERN, cells, &digits);

    switch (type) {
    case 1:
        put(t, "every other cell is bivalue, %s keeps ", sudoku_cell_name(l, s->cells[0], name, sizeof name));
        put_digits(t, s->digits);
        break;
    case 2:
        put(t, "one of ");
        put_cells(t, l, s->cells, s->ncells);
        put(t, " is ");
        put_digits(t, s->digits);
        break;
    case 3:
        put_cells(t, l, s->cells, s->ncells);
        put(t, " hold one of ");
        put_digits(t, s->digits);
        put(t, "; with ");
        put_cells(t, l, cells, others);
        put(t, " a naked set of ");
        put_digits(t, (sudoku_mask)(digits | s->digits));
        put(t, " in %s", s->nbase ? unit_name(l, s->base[0], unit, sizeof unit) : "?");
        break;
    case 4:
        for (int i = 0; i < s->nmarks && i < s->ncells; i++) {
            put(t, "%s%s=", i ? " or " : "", sudoku_cell_name(l, s->marks[i].cell, name, sizeof name));
            put_digits(t, s->marks[i].digits);
        }
        put(t, ", both hold ");
        put_digits(t, digits);
        put(t, " in %s", s->nbase ? unit_name(l, s->base[0], unit, sizeof unit) : "?");
        break;
    default:
        break;
    }
}

/* " => r3c8=3 (the only place left for 3 in box 3)" */
static void put_direct_placement(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    char name[16], unit[16];
    put(t, " => %s=%c (the only place left for %c in %s)", sudoku_cell_name(l, s->place_cell, name, sizeof name),
        sudoku_digit_char(s->place_digit), sudoku_digit_char(s->place_digit),
        unit_name(l, s->place_unit, unit, sizeof unit));
}

/* "r2c8 (4,9), r5c3 (7,9)": the cells marked with a role, with their candidates. */
static void put_marked(text *t, const sudoku_layout *l, const sudoku_step *s, enum sudoku_role role)
{
    char name[16];
    const char *sep = "";
    for (int i = 0; i < s->nmarks; i++) {
        if (s->marks[i].role != role)
            continue;
        put(t, "%s%s (", sep, sudoku_cell_name(l, s->marks[i].cell, name, sizeof name));
        put_digits(t, s->marks[i].digits);
        put(t, ")");
        sep = ", ";
    }
}

/* "pivot r2c3 (4,7), pincers r2c8 (4,9), r5c3 (7,9)" */
static void put_wing(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    put(t, "pivot ");
    put_marked(t, l, s, SUDOKU_ROLE_PIVOT);
    put(t, ", pincers ");
    put_marked(t, l, s, SUDOKU_ROLE_PINCER);
}

/* "r1c2 (1,4,7), r1c5 (4,7), excluders r1c8 (4,7), r3c4 (1,4): why" */
static void put_aligned_exclusion(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    put_marked(t, l, s, SUDOKU_ROLE_PATTERN);
    put(t, ", excluders ");
    put_marked(t, l, s, SUDOKU_ROLE_EXTRA);
    put(t, ": each filling that uses an eliminated candidate repeats a digit in cells that see each other "
           "or leaves an excluder empty");
}

void sudoku_step_describe(const sudoku_grid *before, const sudoku_step *s, char *buf, size_t size)
{
    const sudoku_layout *l = before->layout;
    text t = text_start(buf, size);
    char a[16], b[16], cell[16];

    put(&t, "%s: ", s->name);
    if (sudoku_technique_get(s->technique)->family == SUDOKU_FAMILY_CHAINS) {
        explain_chain(&t, l, s);
        if (s->place_cell >= 0)
            put(&t, " => %s=%c", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
                sudoku_digit_char(s->place_digit));
        else
            put_eliminations(&t, l, s);
        return;
    }
    switch (s->technique) {
    case SUDOKU_UNIQUE_LOOP:
        put_unique_loop(&t, l, s);
        break;
    case SUDOKU_BUG:
        put_bug(&t, l, s);
        break;
    case SUDOKU_FULL_HOUSE:
        put(&t, "%s=%c (the last empty cell of %s)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit), unit_name(l, s->place_unit, a, sizeof a));
        break;
    case SUDOKU_HIDDEN_SINGLE_BOX:
    case SUDOKU_HIDDEN_SINGLE_LINE:
        put(&t, "%s=%c (the only place for %c in %s)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit), sudoku_digit_char(s->place_digit),
            unit_name(l, s->place_unit, a, sizeof a));
        break;
    case SUDOKU_NAKED_SINGLE:
        put(&t, "%s=%c (its only candidate)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit));
        break;
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
        put(&t, "%c in %s is confined to %s", sudoku_digit_char(mask_first_digit(s->digits)),
            unit_name(l, s->base[0], a, sizeof a), unit_name(l, s->cover[0], b, sizeof b));
        break;
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLE:
    case SUDOKU_NAKED_QUAD:
        put_cells(&t, l, s->cells, s->ncells);
        put(&t, " in %s hold only ", unit_name(l, s->base[0], a, sizeof a));
        put_digits(&t, s->digits);
        break;
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLE:
    case SUDOKU_HIDDEN_QUAD:
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_DIRECT_HIDDEN_TRIPLE:
        put_digits(&t, s->digits);
        put(&t, " in %s only in ", unit_name(l, s->base[0], a, sizeof a));
        put_cells(&t, l, s->cells, s->ncells);
        break;
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
        put(&t, "%c in ", sudoku_digit_char(mask_first_digit(s->digits)));
        put_lines(&t, l, s->base, s->nbase);
        put(&t, " is confined to ");
        put_lines(&t, l, s->cover, s->ncover);
        break;
    case SUDOKU_XY_WING:
    case SUDOKU_XYZ_WING:
        put_wing(&t, l, s);
        break;
    case SUDOKU_ALIGNED_PAIR_EXCLUSION:
    case SUDOKU_ALIGNED_TRIPLE_EXCLUSION:
        put_aligned_exclusion(&t, l, s);
        break;
    default:
        break;
    }
    if (s->technique == SUDOKU_FULL_HOUSE || s->technique == SUDOKU_HIDDEN_SINGLE_BOX ||
        s->technique == SUDOKU_HIDDEN_SINGLE_LINE || s->technique == SUDOKU_NAKED_SINGLE)
        return;
    if (s->place_cell >= 0)
        put_direct_placement(&t, l, s);
    else
        put_eliminations(&t, l, s);
}

/* ------------------------------------------------------------ pencil marks */

/* A cell's text: its digit, or its candidates ("1789"). */
static int cell_text(const sudoku_grid *g, int c, char *out)
{
    int len = 0;
    if (g->digit[c]) {
        out[len++] = sudoku_digit_char(g->digit[c]);
    } else {
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
            out[len++] = sudoku_digit_char(mask_first_digit(m));
        if (!len)
            out[len++] = '-'; /* no candidate left: a contradiction, shown as such */
    }
    out[len] = '\0';
    return len;
}

/* "+-------+------+" with each box segment as wide as its rows. */
static void put_frame(text *t, const sudoku_layout *l, const int *width)
{
    int bc = l->desc.box_cols;
    for (int c = 0; c < l->n; c++) {
        if (c % bc == 0)
            put(t, "+");
        for (int k = 0; k < width[c] + 1 + (c % bc == 0); k++)
            put(t, "-");
    }
    put(t, "+\n");
}

/* The reader reads this back as a pencil-mark grid. */
size_t sudoku_grid_format_candidates(const sudoku_grid *g, char *buf, size_t size)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, bc = l->desc.box_cols, br = l->desc.box_rows;
    int width[SUDOKU_MAX_N] = { 0 };
    char cell[SUDOKU_MAX_N + 2];
    text t = text_start(buf, size);

    for (int c = 0; c < l->ncells; c++) {
        int len = cell_text(g, c, cell);
        if (len > width[c % n])
            width[c % n] = len;
    }
    for (int r = 0; r < n; r++) {
        if (r % br == 0)
            put_frame(&t, l, width);
        for (int c = 0; c < n; c++) {
            if (c % bc == 0)
                put(&t, "| ");
            cell_text(g, r * n + c, cell);
            put(&t, "%-*s ", width[c], cell);
        }
        put(&t, "|\n");
    }
    put_frame(&t, l, width);
    return t.len;
}

void sudoku_grid_print_candidates(const sudoku_grid *g, FILE *out)
{
    char buf[SUDOKU_GRID_TEXT_MAX];
    sudoku_grid_format_candidates(g, buf, sizeof buf);
    fputs(buf, out);
}
