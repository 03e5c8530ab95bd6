/*
 * inputs.c - files, directories and standard input as one record stream.
 *
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

typedef struct walk {
    int size;
    inputs_record_fn on_record;
    inputs_error_fn on_error;
    void *ctx;
    /* The directories being walked, outermost first, to catch link loops. */
    int depth;
    dev_t dev[MAX_DEPTH];
    ino_t ino[MAX_DEPTH];
} walk;

static void read_stream(const walk *w, FILE *in, const char *name)
{
    sudoku_reader *r = sudoku_reader_new(in, name, w->size);
    if (!r) {
        w->on_error(name, "out of memory", w->ctx);
        return;
    }
    sudoku_record *rec = malloc(sizeof *rec);
    if (!rec) {
        sudoku_reader_free(r);
        w->on_error(name, "out of memory", w->ctx);
        return;
    }
    while (sudoku_reader_next(r, rec))
        w->on_record(rec, w->ctx);
    if (sudoku_reader_io_error(r))
        w->on_error(name, strerror(errno ? errno : EIO), w->ctx);
    free(rec);
    sudoku_reader_free(r);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void read_path(walk *w, const char *path);

static void read_directory(walk *w, const char *path, const struct stat *st)
{
    for (int i = 0; i < w->depth; i++) {
        if (w->dev[i] == st->st_dev && w->ino[i] == st->st_ino) {
            w->on_error(path, "directory loop (a symbolic link to a parent)", w->ctx);
            return;
        }
    }
    if (w->depth == MAX_DEPTH) {
        w->on_error(path, "directories nested too deep", w->ctx);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir) {
        w->on_error(path, strerror(errno), w->ctx);
        return;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue; /* hidden entries, "." and ".." */
        if (count == cap) {
            size_t ncap = cap ? 2 * cap : 64;
            char **grown = realloc(names, ncap * sizeof *names);
            if (!grown)
                break;
            names = grown;
            cap = ncap;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(len)))
            break;
        bool slash = path[0] && path[strlen(path) - 1] == '/';
        snprintf(names[count++], len, "%s%s%s", path, slash ? "" : "/", e->d_name);
    }
    if (e)
        w->on_error(path, "out of memory: some entries skipped", w->ctx);
    closedir(dir);
    if (names)
        qsort(names, count, sizeof *names, compare_names);
    w->dev[w->depth] = st->st_dev;
    w->ino[w->depth] = st->st_ino;
    w->depth++;
    for (size_t i = 0; i < count; i++) {
        read_path(w, names[i]);
        free(names[i]);
    }
    w->depth--;
    free(names);
}

static void read_path(walk *w, const char *path)
{
    if (strcmp(path, "-") == 0) {
        read_stream(w, stdin, "<stdin>");
        return;
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        w->on_error(path, strerror(errno), w->ctx);
        return;
    }
    if (S_ISDIR(st.st_mode)) {
        read_directory(w, path, &st);
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        w->on_error(path, strerror(errno), w->ctx);
        return;
    }
    read_stream(w, f, path);
    fclose(f);
}

void inputs_read(char *const *operands, int count, int size,
                 inputs_record_fn on_record, inputs_error_fn on_error, void *ctx)
{
    walk w = { .size = size, .on_record = on_record, .on_error = on_error, .ctx = ctx };
    if (count == 0) {
        read_stream(&w, stdin, "<stdin>");
        return;
    }
    for (int i = 0; i < count; i++)
        read_path(&w, operands[i]);
}
