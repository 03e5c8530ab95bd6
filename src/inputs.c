/*
 * inputs.c - files, directories and standard input as one record stream.
 *
 * One walk over the operands serves two purposes: reading every file's
 * records, and adding up the sizes of the files for a progress report.
 * Directory walking needs POSIX <dirent.h> and <sys/stat.h>; everything
 * else in the library is ISO C.
 */
#define _POSIX_C_SOURCE 200809L

#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Directories nested deeper than this are reported, not followed. */
#define MAX_DEPTH 128

typedef struct walk walk;

struct walk {
    /* What to do with standard input and with each file found. */
    void (*visit_stdin)(walk *w);
    void (*visit_file)(walk *w, const char *path, const struct stat *st);
    void (*error)(walk *w, const char *path, const char *reason);

    /* Reading. */
    int size;
    inputs_record_fn on_record;
    inputs_error_fn on_error;
    void *ctx;
    long long bytes_before;  /* consumed from the inputs before the current one */

    /* Sizing: the total, or -1 once something has no known size. */
    long long total;

    /* The directories being walked, outermost first, to catch link loops. */
    int depth;
    dev_t dev[MAX_DEPTH];
    ino_t ino[MAX_DEPTH];
};

/* ------------------------------------------------------------ the walk */

static void walk_path(walk *w, const char *path);

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a directory, hidden ones left out, sorted; NULL on error. */
static char **sorted_entries(walk *w, const char *path, size_t *count)
{
    DIR *dir = opendir(path);
    if (!dir) {
        w->error(w, path, strerror(errno));
        return NULL;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    bool slash = path[0] && path[strlen(path) - 1] == '/';
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue; /* hidden entries, "." and ".." */
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 64;
            char **grown = realloc(names, ncap * sizeof *names);
            if (!grown)
                break;
            names = grown;
            cap = ncap;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len)))
            break;
        snprintf(names[n++], len, "%s%s%s", path, slash ? "" : "/", e->d_name);
    }
    if (e)
        w->error(w, path, "out of memory: some entries skipped");
    closedir(dir);
    if (names)
        qsort(names, n, sizeof *names, compare_names);
    *count = n;
    return names;
}

static void walk_directory(walk *w, const char *path, const struct stat *st)
{
    for (int i = 0; i < w->depth; i++) {
        if (w->dev[i] == st->st_dev && w->ino[i] == st->st_ino) {
            w->error(w, path, "directory loop (a symbolic link to a parent)");
            return;
        }
    }
    if (w->depth == MAX_DEPTH) {
        w->error(w, path, "directories nested too deep");
        return;
    }
    size_t count = 0;
    char **names = sorted_entries(w, path, &count);
    w->dev[w->depth] = st->st_dev;
    w->ino[w->depth] = st->st_ino;
    w->depth++;
    for (size_t i = 0; i < count; i++) {
        walk_path(w, names[i]);
        free(names[i]);
    }
    w->depth--;
    free(names);
}

static void walk_path(walk *w, const char *path)
{
    if (strcmp(path, "-") == 0) {
        w->visit_stdin(w);
        return;
    }
    struct stat st;
    if (stat(path, &st) != 0)
        w->error(w, path, strerror(errno));
    else if (S_ISDIR(st.st_mode))
        walk_directory(w, path, &st);
    else
        w->visit_file(w, path, &st);
}

/* ------------------------------------------------------------ reading */

static void read_stream(walk *w, FILE *in, const char *name)
{
    sudoku_reader *r = sudoku_reader_new(in, name, w->size);
    sudoku_record *rec = malloc(sizeof *rec);
    if (!r || !rec) {
        sudoku_reader_free(r);
        free(rec);
        w->on_error(name, "out of memory", w->ctx);
        return;
    }
    while (sudoku_reader_next(r, rec))
        w->on_record(rec, w->bytes_before + sudoku_reader_offset(r), w->ctx);
    w->bytes_before += sudoku_reader_offset(r);
    if (sudoku_reader_io_error(r))
        w->on_error(name, strerror(errno ? errno : EIO), w->ctx);
    free(rec);
    sudoku_reader_free(r);
}

static void read_stdin(walk *w) { read_stream(w, stdin, "<stdin>"); }

static void read_file(walk *w, const char *path, const struct stat *st)
{
    (void)st;
    FILE *f = fopen(path, "rb");
    if (!f) {
        w->on_error(path, strerror(errno), w->ctx);
        return;
    }
    read_stream(w, f, path);
    fclose(f);
}

static void report_error(walk *w, const char *path, const char *reason) { w->on_error(path, reason, w->ctx); }

void inputs_read(char *const *operands, int count, int size,
                 inputs_record_fn on_record, inputs_error_fn on_error, void *ctx)
{
    walk w = { .visit_stdin = read_stdin, .visit_file = read_file, .error = report_error,
               .size = size, .on_record = on_record, .on_error = on_error, .ctx = ctx };
    if (count == 0) {
        read_stdin(&w);
        return;
    }
    for (int i = 0; i < count; i++)
        walk_path(&w, operands[i]);
}

/* ------------------------------------------------------------ sizing */

static void size_stdin(walk *w) { w->total = -1; }

static void size_file(walk *w, const char *path, const struct stat *st)
{
    (void)path;
    if (!S_ISREG(st->st_mode))
        w->total = -1; /* a pipe or device: its size is not known */
    else if (w->total >= 0)
        w->total += (long long)st->st_size;
}

static void ignore_error(walk *w, const char *path, const char *reason)
{
    (void)w;
    (void)path;
    (void)reason; /* reported when the inputs are read */
}

long long inputs_total_bytes(char *const *operands, int count)
{
    walk w = { .visit_stdin = size_stdin, .visit_file = size_file, .error = ignore_error };
    if (count == 0)
        return -1;
    for (int i = 0; i < count && w.total >= 0; i++)
        walk_path(&w, operands[i]);
    return w.total;
}
