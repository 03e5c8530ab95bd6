/*
 * inputs.c - files, directories, standard input and puzzles given on the
 * command line as one record stream.
 *
 * One walk over the operands serves two purposes: reading every file's
 * records, and adding up the sizes of the files for a progress report.
 * Before a file is read it is checked for what would go wrong: being the
 * file standard output writes to, being compressed or binary, and (when
 * it was found in a directory rather than named) holding no puzzle at all.
 * Directory walking needs POSIX <dirent.h> and <sys/stat.h>, puzzles
 * given as text fmemopen(); everything else in the library is ISO C.
 */
#define _POSIX_C_SOURCE 200809L

#include "inputs.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Directories nested deeper than this are reported, not followed. */
#define MAX_DEPTH 128

/* How much of a file is looked at to tell text from binary data. */
#define SNIFF_BYTES 4096

typedef struct walk walk;

struct walk {
    /* What to do with standard input, each file found, each puzzle given as text. */
    void (*visit_stdin)(walk *w);
    void (*visit_file)(walk *w, const char *path, const struct stat *st, bool named);
    void (*visit_literal)(walk *w, const input_operand *op);
    void (*problem)(walk *w, const char *path, const char *reason, enum input_problem kind);

    /* Reading. */
    int size;
    inputs_record_fn on_record;
    inputs_problem_fn on_problem;
    void *ctx;
    long long bytes_before;  /* consumed from the inputs before the current one */
    bool stopped;            /* the caller asked to stop */

    /* Standard output, when it is a regular file: never read it. */
    bool output_is_file;
    dev_t output_dev;
    ino_t output_ino;

    /* Sizing: the total, or -1 once something has no known size. */
    long long total;

    /* The directories being walked, outermost first, to catch link loops. */
    int depth;
    dev_t dev[MAX_DEPTH];
    ino_t ino[MAX_DEPTH];
};

/* ------------------------------------------------------------ the walk */

static void walk_path(walk *w, const char *path, bool named);

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a directory, hidden ones left out, sorted; NULL on error. */
static char **sorted_entries(walk *w, const char *path, size_t *count)
{
    DIR *dir = opendir(path);
    if (!dir) {
        w->problem(w, path, strerror(errno), INPUT_UNREADABLE);
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
    if (e) /* skipping entries would lose their records: stop */
        w->problem(w, path, "out of memory while listing the directory", INPUT_NO_MEMORY);
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
            w->problem(w, path, "directory loop (a symbolic link to a parent)", INPUT_UNREADABLE);
            return;
        }
    }
    if (w->depth == MAX_DEPTH) {
        w->problem(w, path, "directories nested too deep", INPUT_UNREADABLE);
        return;
    }
    size_t count = 0;
    char **names = sorted_entries(w, path, &count);
    w->dev[w->depth] = st->st_dev;
    w->ino[w->depth] = st->st_ino;
    w->depth++;
    for (size_t i = 0; i < count; i++) {
        if (!w->stopped)
            walk_path(w, names[i], false);
        free(names[i]);
    }
    w->depth--;
    free(names);
}

/* 'named': given on the command line, rather than found in a directory. */
static void walk_path(walk *w, const char *path, bool named)
{
    if (named && strcmp(path, "-") == 0) {
        w->visit_stdin(w);
        return;
    }
    struct stat st;
    if (stat(path, &st) != 0)
        w->problem(w, path, strerror(errno), INPUT_UNREADABLE);
    else if (S_ISDIR(st.st_mode))
        walk_directory(w, path, &st);
    else
        w->visit_file(w, path, &st, named);
}

static void walk_operands(walk *w, const input_operand *operands, int count)
{
    for (int i = 0; i < count && !w->stopped; i++) {
        if (operands[i].literal)
            w->visit_literal(w, &operands[i]);
        else
            walk_path(w, operands[i].text, true);
    }
}

/* ------------------------------------------------------------ what a file is */

const char *inputs_sniff(const unsigned char *data, size_t len)
{
    /* Compressed files, archives, images...: the library's signatures. */
    const char *known = sudoku_sniff_message(data, len);
    if (known)
        return known;
    /* Text has few control bytes and is mostly valid UTF-8 (or ASCII with
     * a few Latin-1 letters); binary data has plenty of both. A few stray
     * NUL or control bytes in a text file are left for the reader to
     * report with their line. */
    size_t odd = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = data[i];
        int n = utf8_length(data + i, len - i);
        if (n == 0) {
            /* Not UTF-8 here; a sequence cut by the end of the block is not counted. */
            if (len - i >= 4)
                odd++;
            n = 1;
        } else if ((c < 0x20 && (c == 0 || !strchr("\t\n\v\f\r", c))) || c == 0x7f) { /* strchr finds a NUL */
            odd++;
        }
        i += (size_t)n;
    }
    return odd * 10 > len ? "binary data, not puzzle text" : NULL;
}

/*
 * What the stream is when it is not text, from its first block, then back
 * to where it was. Streams that cannot seek back (pipes, terminals) are
 * not looked at, since what is read from them could not be read again.
 */
static const char *sniff_stream(FILE *in)
{
    long start = ftell(in);
    if (start < 0 || fseek(in, start, SEEK_SET) != 0) {
        clearerr(in);
        return NULL;
    }
    unsigned char block[SNIFF_BYTES];
    size_t n = fread(block, 1, sizeof block, in);
    bool back = fseek(in, start, SEEK_SET) == 0;
    clearerr(in);
    return back ? inputs_sniff(block, n) : NULL;
}

/*
 * Whether a file found in a directory holds puzzle text: some record reads
 * as a puzzle (at whatever size, so that --size still reports a file of
 * the other size), or there is no record at all. The file is rewound.
 */
static bool holds_puzzles(walk *w, FILE *in, const char *path)
{
    sudoku_record *rec = malloc(sizeof *rec);
    sudoku_reader *r = rec ? sudoku_reader_new(in, path, 0) : NULL;
    if (!r) {
        free(rec);
        return true; /* read it anyway: reading reports the lack of memory */
    }
    bool any = false, found = false;
    while (!found && sudoku_reader_next(r, rec)) {
        any = true;
        found = rec->ok;
    }
    sudoku_reader_free(r);
    free(rec);
    if (fseek(in, 0, SEEK_SET) != 0)
        w->problem(w, path, strerror(errno), INPUT_UNREADABLE);
    clearerr(in);
    return found || !any;
}

static bool is_output(const walk *w, const struct stat *st)
{
    return w->output_is_file && S_ISREG(st->st_mode) && st->st_dev == w->output_dev &&
           st->st_ino == w->output_ino;
}

static const char *file_kind(mode_t mode)
{
    return S_ISFIFO(mode) ? "a FIFO" : S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ? "a block device"
         : S_ISSOCK(mode) ? "a socket" : "not a regular file";
}

/* ------------------------------------------------------------ reading */

static void read_stream(walk *w, FILE *in, const char *name)
{
    sudoku_reader *r = sudoku_reader_new(in, name, w->size);
    sudoku_record *rec = malloc(sizeof *rec);
    if (!r || !rec) {
        sudoku_reader_free(r);
        free(rec);
        w->problem(w, name, "out of memory", INPUT_NO_MEMORY);
        return;
    }
    while (!w->stopped && sudoku_reader_next(r, rec))
        if (!w->on_record(rec, w->bytes_before + sudoku_reader_offset(r), w->ctx))
            w->stopped = true;
    w->bytes_before += sudoku_reader_offset(r);
    if (!w->stopped && sudoku_reader_io_error(r))
        w->problem(w, name, strerror(errno ? errno : EIO), INPUT_UNREADABLE);
    free(rec);
    sudoku_reader_free(r);
}

/* A named input's checks: not the output file, not compressed or binary. */
static bool worth_reading(walk *w, FILE *in, const char *name, const struct stat *st, bool named)
{
    if (is_output(w, st)) {
        w->problem(w, name, named ? "input file is output file" : "skipped: input file is output file",
                   named ? INPUT_UNREADABLE : INPUT_SKIPPED);
        return false;
    }
    const char *what = sniff_stream(in);
    if (what) {
        if (named) {
            w->problem(w, name, what, INPUT_NOT_TEXT);
        } else {
            char reason[128];
            snprintf(reason, sizeof reason, "skipped: %s", what);
            w->problem(w, name, reason, INPUT_SKIPPED);
        }
        return false;
    }
    return true;
}

/* Inputs are read in blocks of this size, not the system's 4 KB: a
 * system call per 50 puzzle lines was a few percent of solve's time. A
 * pipe's read still returns what is there without waiting for more. */
#define READ_BLOCK (64 * 1024)

static void read_stdin(walk *w)
{
    static char block[READ_BLOCK];
    static bool sized;
    struct stat st;
    if (!sized) { /* once, before stdin is first read */
        sized = true;
        if (fstat(STDIN_FILENO, &st) == 0 && (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode)))
            setvbuf(stdin, block, _IOFBF, sizeof block);
    }
    if (fstat(STDIN_FILENO, &st) == 0 && !worth_reading(w, stdin, "<stdin>", &st, true))
        return;
    read_stream(w, stdin, "<stdin>");
}

static void read_file(walk *w, const char *path, const struct stat *st, bool named)
{
    if (!named && !S_ISREG(st->st_mode)) {
        /* As grep -r does: a FIFO could block forever, a device never end. */
        char reason[64];
        snprintf(reason, sizeof reason, "skipped: %s, not a regular file", file_kind(st->st_mode));
        w->problem(w, path, reason, INPUT_SKIPPED);
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        w->problem(w, path, strerror(errno), INPUT_UNREADABLE);
        return;
    }
    char *block = S_ISREG(st->st_mode) ? malloc(READ_BLOCK) : NULL;
    if (block)
        setvbuf(f, block, _IOFBF, READ_BLOCK);
    struct stat opened;
    if (fstat(fileno(f), &opened) != 0)
        opened = *st;
    if (worth_reading(w, f, path, &opened, named)) {
        if (!named && !holds_puzzles(w, f, path))
            w->problem(w, path, "skipped: no puzzle in it", INPUT_SKIPPED);
        else
            read_stream(w, f, path);
    }
    fclose(f);
    free(block);
}

static void read_literal(walk *w, const input_operand *op)
{
    char name[32];
    snprintf(name, sizeof name, "<arg %d>", op->argno);
    size_t len = strlen(op->text);
    if (len == 0)
        return; /* nothing to read, and fmemopen may refuse an empty buffer */
    FILE *f = fmemopen((void *)op->text, len, "r");
    if (!f) {
        w->problem(w, name, strerror(errno), errno == ENOMEM ? INPUT_NO_MEMORY : INPUT_UNREADABLE);
        return;
    }
    read_stream(w, f, name);
    fclose(f);
}

static void report_problem(walk *w, const char *path, const char *reason, enum input_problem kind)
{
    w->on_problem(path, reason, kind, w->ctx);
    if (kind == INPUT_NO_MEMORY)
        w->stopped = true;
}

void inputs_read(const input_operand *operands, int count, int size,
                 inputs_record_fn on_record, inputs_problem_fn on_problem, void *ctx)
{
    walk w = { .visit_stdin = read_stdin, .visit_file = read_file, .visit_literal = read_literal,
               .problem = report_problem, .size = size, .on_record = on_record, .on_problem = on_problem,
               .ctx = ctx };
    struct stat out;
    if (fstat(STDOUT_FILENO, &out) == 0 && S_ISREG(out.st_mode)) {
        w.output_is_file = true;
        w.output_dev = out.st_dev;
        w.output_ino = out.st_ino;
    }
    if (count == 0)
        read_stdin(&w);
    else
        walk_operands(&w, operands, count);
}

/*
 * Plainly someone's attempt at a puzzle, even if it does not read as one:
 * several lines with 17 digits or more (a grid typed or pasted), or one
 * line of 60 cells' worth of digits and blanks or more with at most a few
 * stray characters (a letter typed for a digit). Bars, commas, brackets,
 * quotes and the like do not count as stray: grids and arrays hold them.
 */
static bool is_puzzle_attempt(const char *text)
{
    long cells = 0, digits = 0, stray = 0;
    bool lines = false;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= '1' && *p <= '9')
            digits++;
        if ((*p >= '0' && *p <= '9') || strchr("._*", *p))
            cells++;
        else if (*p == '\n')
            lines = lines || p[1] != '\0';
        else if (!strchr(" \t\r,;|!/[]\"'+-=:", *p))
            stray++;
    }
    return (lines && digits >= 17) || (cells >= 60 && stray <= 3);
}

bool inputs_is_puzzle_text(const char *text, int size)
{
    if (is_puzzle_attempt(text))
        return true;

    size_t len = strlen(text);
    FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
    sudoku_reader *r = f ? sudoku_reader_new(f, "", size) : NULL;
    sudoku_record *rec = malloc(sizeof *rec);
    bool all_ok = r && rec, any = false;
    while (all_ok && sudoku_reader_next(r, rec)) {
        any = true;
        all_ok = rec->ok;
    }
    free(rec);
    sudoku_reader_free(r);
    if (f)
        fclose(f);
    return all_ok && any;
}

/* ------------------------------------------------------------ sizing */

/* Standard input redirected from a file has a size; a pipe or terminal not. */
static void size_stdin(walk *w)
{
    struct stat st;
    if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) && w->total >= 0)
        w->total += (long long)st.st_size;
    else
        w->total = -1;
}

static void size_file(walk *w, const char *path, const struct stat *st, bool named)
{
    (void)path;
    if (!S_ISREG(st->st_mode)) {
        if (named)
            w->total = -1; /* a pipe or device: its size is not known */
    } else if (w->total >= 0) {
        w->total += (long long)st->st_size;
    }
}

static void size_literal(walk *w, const input_operand *op)
{
    if (w->total >= 0)
        w->total += (long long)strlen(op->text);
}

static void ignore_problem(walk *w, const char *path, const char *reason, enum input_problem kind)
{
    (void)w;
    (void)path;
    (void)reason;
    (void)kind; /* reported when the inputs are read */
}

long long inputs_total_bytes(const input_operand *operands, int count)
{
    walk w = { .visit_stdin = size_stdin, .visit_file = size_file, .visit_literal = size_literal,
               .problem = ignore_problem };
    if (count == 0) {
        size_stdin(&w);
        return w.total;
    }
    for (int i = 0; i < count && w.total >= 0; i++)
        walk_operands(&w, &operands[i], 1);
    return w.total;
}
