/*
 * outdir.c - writing documents to files of their own (outdir.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "outdir.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A source's name in its files' names: its last component, letters,
 * digits and . _ + - kept, anything else '_' (no hidden files, no
 * separators, no '~'). Standard input is "stdin", '<arg 3>' "arg3". */
static void base_name(const char *source, strbuf *name)
{
    const char *src = source, *slash = strrchr(src, '/');
    if (slash && slash[1])
        src = slash + 1;
    if (strcmp(source, "<stdin>") == 0)
        src = "stdin";
    size_t start = name->len;
    for (const char *p = src; *p; p++) {
        char c = *p;
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '+' || c == '-' || (c == '.' && name->len > start);
        if (c == '<' || c == '>' || c == ' ')
            continue; /* '<arg 3>' is arg3 */
        sb_putc(name, keep ? c : '_');
    }
    if (name->len == start)
        sb_puts(name, "puzzle");
}

/* ------------------------------------------------------------ sources noted */

/*
 * The sources noted, each with its stem (its base name, or base~N), and
 * per base name how many sources have it so far: two hash tables (open
 * addressing, at most half full), shared by the reading thread and the
 * workers under 'lock'. A stem, once made, stays where it is until
 * outdir_forget().
 */
typedef struct name_slot {
    char *key;
    char *stem;   /* sources: the stem */
    int count;    /* bases: how many sources have this base name */
} name_slot;

typedef struct name_table {
    name_slot *slot;
    size_t cap, used;
} name_table;

static name_table sources, bases;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t hash(const char *s)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return (size_t)h;
}

/* The slot of 'key', or the empty one where it goes; the table has room. */
static name_slot *find(const name_table *t, const char *key)
{
    size_t mask = t->cap - 1, i = hash(key) & mask;
    while (t->slot[i].key && strcmp(t->slot[i].key, key) != 0)
        i = (i + 1) & mask;
    return &t->slot[i];
}

/* Room for one key more; false when out of memory. */
static bool make_room(name_table *t)
{
    if (2 * (t->used + 1) <= t->cap)
        return true;
    name_table grown = { calloc(t->cap ? 2 * t->cap : 64, sizeof *t->slot), t->cap ? 2 * t->cap : 64, t->used };
    if (!grown.slot)
        return false;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].key)
            *find(&grown, t->slot[i].key) = t->slot[i];
    free(t->slot);
    *t = grown;
    return true;
}

/* The stem of 'source', noted now when it was not; NULL when out of
 * memory. Called with 'lock' held. */
static const char *stem_of(const char *source)
{
    if (sources.cap && find(&sources, source)->key)
        return find(&sources, source)->stem;
    char *key = strdup(source);
    strbuf stem = { 0 };
    base_name(source, &stem);
    name_slot *base = NULL;
    if (key && !stem.failed && make_room(&sources) && make_room(&bases)) {
        base = find(&bases, stem.data);
        if (!base->key && (base->key = strdup(stem.data)) != NULL)
            bases.used++;
        if (!base->key)
            base = NULL;
    }
    if (base && base->count)
        sb_printf(&stem, "~%d", base->count + 1);
    if (!base || stem.failed) {
        free(key);
        sb_free(&stem);
        return NULL;
    }
    base->count++;
    name_slot *slot = find(&sources, key);
    *slot = (name_slot){ key, stem.data, 0 };
    sources.used++;
    return slot->stem;
}

bool outdir_note_source(const char *source)
{
    pthread_mutex_lock(&lock);
    bool ok = stem_of(source) != NULL;
    pthread_mutex_unlock(&lock);
    return ok;
}

void outdir_forget(void)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < sources.cap; i++) {
        free(sources.slot[i].key);
        free(sources.slot[i].stem);
    }
    for (size_t i = 0; i < bases.cap; i++)
        free(bases.slot[i].key);
    free(sources.slot);
    free(bases.slot);
    sources = bases = (name_table){ 0 };
    pthread_mutex_unlock(&lock);
}

/* The file's name: the source's stem, then "-LINE", the suffix and the
 * extension. A source not noted before is noted now (in the order
 * records come, which is input order with one job). */
static void file_name(const sudoku_record *rec, const char *suffix, const char *ext, strbuf *name)
{
    pthread_mutex_lock(&lock);
    const char *stem = stem_of(rec->source);
    if (stem)
        sb_puts(name, stem);
    else
        name->failed = true;
    pthread_mutex_unlock(&lock);
    sb_printf(name, "-%ld%s.%s", rec->line, suffix, ext);
}

void outdir_take(const options *opt, const sudoku_record *rec, const char *suffix, const char *ext, const strbuf *doc,
                 strbuf *out, strbuf *err, record_result *res)
{
    if (!opt->output_dir) {
        if (doc->data)
            sb_puts(out, doc->data);
        out->failed |= doc->failed;
        return;
    }
    strbuf path = { 0 };
    sb_puts(&path, opt->output_dir);
    if (path.len && path.data[path.len - 1] != '/')
        sb_putc(&path, '/');
    file_name(rec, suffix, ext, &path);
    if (path.failed || doc->failed) {
        out->failed = true; /* out of memory: the record is made again, or the run stops */
        sb_free(&path);
        return;
    }
    FILE *f = fopen(path.data, "w");
    bool ok = f && sb_write(doc, f);
    int why = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        why = errno;
    }
    if (ok) {
        sb_puts(out, path.data);
        sb_putc(out, '\n');
    } else {
        sb_puts(err, "sudoku: ");
        sb_put_name(err, path.data);
        sb_printf(err, ": cannot write: %s\n", strerror(why));
        res->status = worse_status(res->status, EXIT_IOERR);
    }
    sb_free(&path);
}

bool outdir_prepare(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    if (mkdir(dir, 0777) == 0)
        return true;
    strbuf name = { 0 };
    sb_put_name(&name, dir);
    fprintf(stderr, "sudoku: %s: cannot make the output directory: %s\n", name.data ? name.data : "",
            errno == EEXIST ? "not a directory" : strerror(errno));
    sb_free(&name);
    return false;
}
