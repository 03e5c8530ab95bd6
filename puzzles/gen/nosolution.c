/*
 * nosolution.c - turns puzzles with one solution into puzzles with none,
 * for puzzles/none.txt and puzzles/8x8-none.txt, by adding one clue.
 *
 *   cc -std=c11 -Wall -Wextra -Wpedantic -Iinclude puzzles/gen/nosolution.c \
 *      build/libsudoku.a -o /tmp/nosolution -lpthread
 *   head -n 4 ../shared/data/puzzles1_unbiased.txt | /tmp/nosolution
 *
 * Usage: nosolution [-d] [FILE]...   (standard input when no FILE)
 *
 * Default: the added clue is a wrong digit that the clues do not rule out:
 * the cell is empty, no clue in its row, column or box holds the digit, and
 * after placing it no cell or digit is left without a place. Of all such
 * (cell, digit) pairs the one taken is the one that leaves most cells empty
 * when naked and hidden singles are applied until they stop; a pair whose
 * contradiction singles reach counts least. Ties go to the first in reading
 * order, then digit order. So the contradiction is as well hidden as singles
 * can tell, and the choice does not depend on how the library searches.
 *
 * -d: the added clue duplicates a clue in a unit instead, so the puzzle is
 * broken on sight. The unit cycles through row, column and box from one
 * puzzle to the next; the cell is the first empty one (in reading order)
 * whose unit of that kind holds a digit that its other two units do not,
 * and the digit is the smallest such, so the clash is in that unit only.
 *
 * Each new puzzle goes to standard output, one per line ('.' for blanks);
 * standard error says what was added ("r3c7=5 ..."). Input puzzles that
 * cannot be read, or that do not have exactly one solution, are skipped
 * with a message and make the exit status 1.
 */
#include "sudoku.h"
#include "singles.h"

#include <stdlib.h>
#include <string.h>

static void write_line(const sudoku_layout *l, const uint8_t *given, int cell, int digit)
{
    char line[SUDOKU_MAX_CELLS + 1];
    for (int c = 0; c < l->ncells; c++)
        line[c] = sudoku_digit_char(c == cell ? digit : given[c]);
    line[l->ncells] = '\0';
    puts(line);
}


/* The subtle kind: a wrong candidate digit, as hard to refute as possible. */
static bool add_wrong_candidate(const sudoku_record *rec, const sudoku_grid *g, const uint8_t *solution,
                                int *best_cell, int *best_digit, int *best_left)
{
    const sudoku_layout *l = rec->layout;
    bool found = false;
    for (int c = 0; c < l->ncells; c++) {
        if (g->digit[c])
            continue;
        for (int d = 1; d <= l->n; d++) {
            if (d == solution[c] || !(g->cand[c] & sudoku_bit(d)))
                continue;
            sudoku_grid t = *g;
            if (!sudoku_grid_place(&t, c, d) || sudoku_grid_contradiction(&t, NULL, 0))
                continue;
            if (sudoku_solve(&t, 1, NULL, NULL) != 0)
                continue; /* cannot happen: the puzzle had one solution */
            int left = singles_left(&t);
            if (!found || left > *best_left) {
                found = true;
                *best_cell = c;
                *best_digit = d;
                *best_left = left;
            }
        }
    }
    return found;
}

/* The obvious kind: a digit already given in the cell's row, column or box. */
static bool add_duplicate(const sudoku_record *rec, enum sudoku_unit_kind kind, int *cell, int *digit)
{
    const sudoku_layout *l = rec->layout;
    for (int c = 0; c < l->ncells; c++) {
        if (rec->given[c])
            continue;
        /* Digits given in each of the cell's three units. */
        sudoku_mask in[3] = { 0, 0, 0 };
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < l->n; i++) {
                int d = rec->given[l->unit_cell[l->cell_unit[c][k]][i]];
                if (d)
                    in[k] |= sudoku_bit(d);
            }
        /* Only in the chosen unit, so that is where the clash is. */
        sudoku_mask only = in[kind];
        for (int k = 0; k < 3; k++)
            if (k != (int)kind)
                only &= (sudoku_mask)~in[k];
        int smallest = 0;
        for (int d = l->n; d >= 1; d--)
            if (only & sudoku_bit(d))
                smallest = d;
        if (smallest) {
            *cell = c;
            *digit = smallest;
            return true;
        }
    }
    return false;
}

static int process(FILE *in, const char *name, bool duplicate, long *index)
{
    int status = 0;
    sudoku_reader *r = sudoku_reader_new(in, name, 0);
    if (!r) {
        fputs("nosolution: out of memory\n", stderr);
        return 1;
    }
    sudoku_record rec;
    while (sudoku_reader_next(r, &rec)) {
        char why[160], cname[16];
        sudoku_grid g;
        uint8_t solution[SUDOKU_MAX_CELLS];
        if (!rec.ok) {
            fprintf(stderr, "%s:%ld: skipped: %s\n", rec.source, rec.line, rec.error);
            status = 1;
            continue;
        }
        if (!sudoku_grid_from_record(&g, &rec, why, sizeof why) || sudoku_solve(&g, 2, solution, NULL) != 1) {
            fprintf(stderr, "%s:%ld: skipped: not a puzzle with one solution\n", rec.source, rec.line);
            status = 1;
            continue;
        }
        int cell, digit;
        if (duplicate) {
            static const char *const kind_name[] = { "row", "column", "box" };
            enum sudoku_unit_kind kind = (enum sudoku_unit_kind)(*index % 3);
            if (!add_duplicate(&rec, kind, &cell, &digit)) {
                fprintf(stderr, "%s:%ld: skipped: no clue to duplicate\n", rec.source, rec.line);
                status = 1;
                continue;
            }
            write_line(rec.layout, rec.given, cell, digit);
            fprintf(stderr, "%s:%ld: %s=%d duplicates a clue in its %s\n", rec.source, rec.line,
                    sudoku_cell_name(rec.layout, cell, cname, sizeof cname), digit, kind_name[kind]);
        } else {
            int left = 0;
            if (!add_wrong_candidate(&rec, &g, solution, &cell, &digit, &left)) {
                fprintf(stderr, "%s:%ld: skipped: no wrong candidate survives\n", rec.source, rec.line);
                status = 1;
                continue;
            }
            write_line(rec.layout, rec.given, cell, digit);
            char after[48];
            if (left < 0)
                snprintf(after, sizeof after, "singles find the contradiction");
            else
                snprintf(after, sizeof after, "singles leave %d cells empty", left);
            fprintf(stderr, "%s:%ld: %s=%d (solution has %d); %s\n", rec.source, rec.line,
                    sudoku_cell_name(rec.layout, cell, cname, sizeof cname), digit, solution[cell], after);
        }
        (*index)++;
    }
    if (sudoku_reader_io_error(r))
        status = 1;
    sudoku_reader_free(r);
    return status;
}

int main(int argc, char **argv)
{
    bool duplicate = false;
    int arg = 1, status = 0;
    long index = 0;
    if (arg < argc && strcmp(argv[arg], "-d") == 0) {
        duplicate = true;
        arg++;
    }
    if (arg == argc)
        return process(stdin, "-", duplicate, &index);
    for (; arg < argc; arg++) {
        FILE *in = strcmp(argv[arg], "-") == 0 ? stdin : fopen(argv[arg], "rb");
        if (!in) {
            perror(argv[arg]);
            status = 1;
            continue;
        }
        if (process(in, argv[arg], duplicate, &index))
            status = 1;
        if (in != stdin)
            fclose(in);
    }
    return status;
}
