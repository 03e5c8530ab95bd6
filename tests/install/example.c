/*
 * example.c - a small program built against the INSTALLED libsudoku by
 * tests/install/run.sh, with the flags from 'pkg-config --cflags --libs
 * sudoku'. It is what a user of the library would write: read the first
 * puzzle of standard input as a 9x9 puzzle, solve it, check the answer,
 * grade it, and print
 *
 *   SOLUTION                    the 81 digits
 *   LEVEL ER/EP/ED HARDEST      as 'sudoku grade' prints them
 *
 * Exit status: 0 when the puzzle has exactly one solution, 1 otherwise.
 */
#include <sudoku.h>

#include <stdio.h>

static void put_rating(int tenths, char after)
{
    if (tenths < 0)
        printf("-%c", after);
    else
        printf("%d.%d%c", tenths / 10, tenths % 10, after);
}

int main(void)
{
    const sudoku_layout *layout = sudoku_layout_9x9();
    sudoku_reader *reader = sudoku_reader_new(stdin, "<stdin>", layout->n);
    if (!reader) {
        fputs("example: out of memory\n", stderr);
        return 1;
    }
    sudoku_record rec;
    if (!sudoku_reader_next(reader, &rec) || !rec.ok || rec.layout != layout) {
        fputs("example: no 9x9 puzzle on standard input\n", stderr);
        sudoku_reader_free(reader);
        return 1;
    }
    sudoku_reader_free(reader);

    sudoku_grid grid;
    char why[160];
    if (!sudoku_grid_from_record(&grid, &rec, why, sizeof why)) {
        fprintf(stderr, "example: no solution (%s)\n", why);
        return 1;
    }
    uint8_t solution[SUDOKU_MAX_CELLS];
    long found = sudoku_solve(&grid, 2, solution, NULL);
    if (found != 1) {
        fprintf(stderr, "example: %s\n", found == 0 ? "no solution" : "more than one solution");
        return 1;
    }
    if (!sudoku_solution_valid(&rec, solution)) {
        fputs("example: the solution fails verification\n", stderr);
        return 1;
    }
    for (int c = 0; c < layout->ncells; c++)
        putchar(sudoku_digit_char(solution[c]));
    putchar('\n');

    sudoku_rating rating;
    sudoku_rate(&grid, &rating);
    printf("%s ", sudoku_level_name(rating.level));
    put_rating(rating.er, '/');
    put_rating(rating.ep, '/');
    put_rating(rating.ed, ' ');
    puts(rating.hardest >= 0 ? sudoku_technique_get(rating.hardest)->id : "none");
    return 0;
}
