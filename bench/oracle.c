/*
 * oracle.c - compares our ratings with Sudoku Explainer's.
 *
 * usage: oracle [-v] [-t] [-n MAX] [TSV]...
 *
 * Each TSV has SE's ratings, one puzzle a line: puzzle, source, er, ep, ed,
 * hardest technique name, SE's CPU seconds (../shared/reference/
 * se121_ratings.tsv, the default). Prints the agreement on ER/EP/ED overall
 * and per ER band of SE's, the puzzle time, and with -v every puzzle that
 * differs:
 *   DIFF puzzle  se ER/EP/ED (name)  ours ER/EP/ED (name)
 * With -t, each puzzle's speed against SE's: sudoku_rate()'s CPU time for
 * it over SE's CPU seconds, per SE band the slowest puzzle, the median and
 * how many fall under 100x and 300x, then the ten slowest puzzles of all.
 * A puzzle rated in under 1 ms is rated again until 20 ms are spent, in
 * batches of about 0.2 ms timed together, and the best time a grading of a
 * batch is kept (the clock's own cost, half a microsecond, is then spread
 * over the batch); one that takes
 * longer is timed once, since the nested chains keep what they found per
 * thread and would serve a second run of the same puzzle from it.
 * Exit status 0 when every puzzle agrees, 1 otherwise, 2 on a usage error.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU seconds of this process: other work on the machine does not count. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One puzzle's speed against SE's. */
typedef struct timed {
    double ratio; /* SE's seconds over ours */
    double ours, se;
    int er;
    char puzzle[128];
} timed;

static int by_ratio(const void *a, const void *b)
{
    double x = ((const timed *)a)->ratio, y = ((const timed *)b)->ratio;
    return (x > y) - (x < y);
}

/* Per SE band (below 9.0, 9.0-10.0, 10.0 and up): the slowest puzzle,
 * the median, how many are under 100x and 300x; then the slowest ten. */
static void print_speeds(timed *t, size_t n)
{
    qsort(t, n, sizeof *t, by_ratio);
    static const char *name[3] = { "ER < 9.0", "9.0-10.0", "ER >= 10.0" };
    printf("speed against SE, puzzle by puzzle (SE's CPU seconds / ours):\n");
    printf("  %-10s %7s %9s %9s %9s %9s\n", "SE band", "puzzles", "slowest", "median", "<100x", "<300x");
    for (int band = 0; band < 3; band++) {
        size_t count = 0, under100 = 0, under300 = 0;
        double slowest = 0, median = 0;
        for (size_t i = 0; i < n; i++) {
            int b = t[i].er < 90 ? 0 : t[i].er < 100 ? 1 : 2;
            if (b != band)
                continue;
            if (count == 0)
                slowest = t[i].ratio;
            count++;
            under100 += t[i].ratio < 100;
            under300 += t[i].ratio < 300;
        }
        if (!count)
            continue;
        for (size_t i = 0, k = 0; i < n; i++) { /* t is sorted: the middle one of the band */
            int b = t[i].er < 90 ? 0 : t[i].er < 100 ? 1 : 2;
            if (b == band && k++ == count / 2)
                median = t[i].ratio;
        }
        printf("  %-10s %7zu %8.0fx %8.0fx %9zu %9zu\n", name[band], count, slowest, median, under100, under300);
    }
    printf("  the slowest ten: puzzle, SE's ER, SE's CPU s, ours ms, ratio\n");
    for (size_t i = 0; i < n && i < 10; i++)
        printf("  %s\t%d.%d\t%.4f\t%.3f\t%.0fx\n", t[i].puzzle, t[i].er / 10, t[i].er % 10, t[i].se,
               1000 * t[i].ours, t[i].ratio);
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
    bool verbose = false, speeds = false;
    long max = -1;
    const char *default_path = "../shared/reference/se121_ratings.tsv";
    const char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    if (!paths)
        return 2;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = true;
        else if (strcmp(argv[i], "-t") == 0)
            speeds = true;
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            max = atol(argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: oracle [-v] [-t] [-n MAX] [TSV]...\n");
            return 2;
        } else
            paths[npaths++] = argv[i];
    }
    if (!npaths)
        paths[npaths++] = default_path;

    long total = 0, same = 0, band_total[BANDS] = { 0 }, band_same[BANDS] = { 0 };
    double seconds = 0;
    timed *speed = NULL;
    size_t timed_count = 0, timed_size = 0;
    char line[4096];
    for (int p = 0; p < npaths; p++) {
        FILE *f = fopen(paths[p], "r");
        if (!f) {
            perror(paths[p]);
            free(paths);
            free(speed);
            return 2;
        }
        while (fgets(line, sizeof line, f) && (max < 0 || total < max)) {
            char *field[8];
            int field_count = split(line, field, 8);
            if (field_count < 6 || strcmp(field[0], "puzzle") == 0)
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
            double best = now() - t0, spent = best;
            seconds += best;
            double se_seconds = field_count >= 7 ? atof(field[6]) : 0;
            if (speeds && se_seconds > 0 && strlen(field[0]) < sizeof speed->puzzle) {
                /* Batches of about 0.2 ms, so that the clock's own cost
                 * (half a microsecond a reading, against the quickest
                 * gradings' 5 us) is spread over many gradings; only the
                 * batches count then, not the first timing. */
                if (best < 0.001) {
                    int batch = best < 0.0002 ? (int)(0.0002 / (best > 1e-7 ? best : 1e-7)) + 1 : 1;
                    if (batch > 1)
                        best = 1.0;
                    for (int runs = 1; spent < 0.02 && runs < 100; runs++) {
                        sudoku_rating again;
                        t0 = now();
                        for (int i = 0; i < batch; i++)
                            sudoku_rate(&g, &again);
                        double t = now() - t0;
                        spent += t;
                        best = t / batch < best ? t / batch : best;
                    }
                }
                if (timed_count == timed_size) {
                    timed_size = timed_size ? 2 * timed_size : 1024;
                    timed *grown = realloc(speed, timed_size * sizeof *speed);
                    if (!grown) {
                        perror("oracle");
                        free(paths);
                        free(speed);
                        return 2;
                    }
                    speed = grown;
                }
                timed *t = &speed[timed_count++];
                t->ours = best;
                t->se = se_seconds;
                t->ratio = se_seconds / (best > 1e-9 ? best : 1e-9);
                t->er = se_er;
                strcpy(t->puzzle, field[0]);
            }

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
    }
    free(paths);

    printf("oracle: %ld of %ld puzzles agree on ER/EP/ED (%.1f%%), %.3f ms a puzzle\n", same, total,
           total ? 100.0 * same / total : 0.0, total ? 1000 * seconds / total : 0.0);
    for (int b = 0; b < BANDS; b++)
        if (band_total[b])
            printf("  SE ER %2d.0-%2d.9: %4ld of %4ld\n", b, b, band_same[b], band_total[b]);
    if (speeds)
        print_speeds(speed, timed_count);
    free(speed);
    return same == total ? 0 : 1;
}
