/*
 * bench.c - puzzles/second of the exact solver on dataset files.
 *
 * usage: bench FILE...
 *
 * Each file is read into memory first, so only solving is timed. Every
 * puzzle is solved as 'sudoku check' does (solutions counted up to 2) and
 * the answer is verified; a wrong answer makes the benchmark fail.
 */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Reads every valid puzzle of a file; returns the count, sets *records. */
static size_t load(const char *path, sudoku_record **records)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 0;
    }
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    size_t n = 0, cap = 1024;
    sudoku_record *recs = malloc(cap * sizeof *recs);
    while (r && recs && sudoku_reader_next(r, &recs[n])) {
        if (!recs[n].ok)
            continue;
        if (++n == cap) {
            cap *= 2;
            sudoku_record *grown = realloc(recs, cap * sizeof *recs);
            if (!grown)
                break;
            recs = grown;
        }
    }
    sudoku_reader_free(r);
    fclose(f);
    *records = recs;
    return n;
}

int main(int argc, char **argv)
{
    int failed = 0;
    printf("%-40s %8s %12s %12s %10s\n", "dataset", "puzzles", "puzzles/s", "us/puzzle", "guesses");
    for (int i = 1; i < argc; i++) {
        sudoku_record *recs = NULL;
        size_t n = load(argv[i], &recs);
        if (!n) {
            free(recs);
            continue;
        }
        sudoku_grid *grids = malloc(n * sizeof *grids);
        for (size_t k = 0; k < n; k++)
            sudoku_grid_from_record(&grids[k], &recs[k], NULL, 0);

        /* Repeat small files so that each measurement lasts long enough. */
        unsigned long guesses = 0;
        size_t solved = 0;
        double start = now(), elapsed;
        int rounds = 0;
        do {
            for (size_t k = 0; k < n; k++) {
                uint8_t solution[SUDOKU_MAX_CELLS];
                sudoku_search_stats st;
                long count = sudoku_solve(&grids[k], 2, solution, &st);
                if (count < 1 || !sudoku_solution_valid(&recs[k], solution)) {
                    fprintf(stderr, "%s: puzzle %zu: wrong answer\n", argv[i], k + 1);
                    failed = 1;
                }
                if (rounds == 0)
                    guesses += st.guesses;
                solved++;
            }
            rounds++;
            elapsed = now() - start;
        } while (elapsed < 0.5);

        printf("%-40s %8zu %12.0f %12.2f %10.1f\n", base_name(argv[i]), n, solved / elapsed,
               1e6 * elapsed / solved, (double)guesses / n);
        free(grids);
        free(recs);
    }
    return failed;
}
