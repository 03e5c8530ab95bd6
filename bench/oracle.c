/*
 * oracle.c - compares our ratings with Sudoku Explainer's.
 *
 * usage: oracle [-v] [-n MAX] [TSV]
 *
 * TSV has SE's ratings, one puzzle a line: puzzle, source, er, ep, ed,
 * hardest technique name, ... (../shared/reference/se121_ratings.tsv, the
 * default). Prints the agreement on ER/EP/ED overall and per ER band of
 * SE's, the puzzle time, and with -v every puzzle that differs:
 *   DIFF puzzle  se ER/EP/ED (name)  ours ER/EP/ED (name)
 * Exit status 0 when every puzzle agrees, 1 otherwise, 2 on a usage error.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku.h"

#include <stdbool.h>
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

/* "6.6" -> 66; "-" or junk -> -1. */
static int tenths(const char *s)
{
    int whole, frac;
    if (sscanf(s, "%d.%1d", &whole, &frac) != 2)
        return -1;
    return whole * 10 + frac;
}

static void rating_text(int r, char *buf, size_t size)
{
    if (r < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%d.%d", r / 10, r % 10);
}

/* Splits a tab-separated line in place; returns the number of fields. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

#define BANDS 21 /* ER 0-1, 1-2, ..., 20+ */

int main(int argc, char **argv)
{
    bool verbose = false;
    long max = -1;
    const char *path = "../shared/reference/se121_ratings.tsv";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = true;
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            max = atol(argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: oracle [-v] [-n MAX] [TSV]\n");
            return 2;
        } else
            path = argv[i];
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }

    long total = 0, same = 0, band_total[BANDS] = { 0 }, band_same[BANDS] = { 0 };
    double seconds = 0;
    char line[4096];
    while (fgets(line, sizeof line, f) && (max < 0 || total < max)) {
        char *field[8];
        if (split(line, field, 8) < 6 || strcmp(field[0], "puzzle") == 0)
            continue;
        int se_er = tenths(field[2]), se_ep = tenths(field[3]), se_ed = tenths(field[4]);
        if (se_er < 0)
            continue;

        FILE *in = fmemopen(field[0], strlen(field[0]), "r");
        sudoku_reader *r = sudoku_reader_new(in, "oracle", 0);
        sudoku_record rec;
        sudoku_grid g;
        char why[160];
        bool ok = sudoku_reader_next(r, &rec) && rec.ok && sudoku_grid_from_record(&g, &rec, why, sizeof why);
        sudoku_reader_free(r);
        fclose(in);
        if (!ok) {
            fprintf(stderr, "oracle: cannot read %s\n", field[0]);
            continue;
        }

        sudoku_rating rt;
        double t0 = now();
        sudoku_rate(&g, &rt);
        seconds += now() - t0;

        int band = se_er / 10 < BANDS ? se_er / 10 : BANDS - 1;
        bool agree = rt.er == se_er && rt.ep == se_ep && rt.ed == se_ed;
        total++;
        band_total[band]++;
        if (agree) {
            same++;
            band_same[band]++;
        } else if (verbose) {
            char a[16], b[16], c[16];
            rating_text(rt.er, a, sizeof a);
            rating_text(rt.ep, b, sizeof b);
            rating_text(rt.ed, c, sizeof c);
            printf("DIFF\t%s\tse %s/%s/%s (%s)\tours %s/%s/%s (%s)\n", field[0], field[2], field[3], field[4],
                   field[5], a, b, c, rt.hardest_name[0] ? rt.hardest_name : "-");
        }
    }
    fclose(f);

    printf("oracle: %ld of %ld puzzles agree on ER/EP/ED (%.1f%%), %.3f ms a puzzle\n", same, total,
           total ? 100.0 * same / total : 0.0, total ? 1000 * seconds / total : 0.0);
    for (int b = 0; b < BANDS; b++)
        if (band_total[b])
            printf("  SE ER %2d.0-%2d.9: %4ld of %4ld\n", b, b, band_same[b], band_total[b]);
    return same == total ? 0 : 1;
}
