/*
 * outdir.c - writing documents to files of their own (outdir.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "outdir.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* The file's name from the record: the source's last component, letters,
 * digits and . _ + - kept, anything else '_' (no hidden files, no
 * separators), then "-LINE". Standard input is "stdin", '<arg 3>' "arg3". */
static void file_name(const sudoku_record *rec, const char *suffix, const char *ext, strbuf *name)
{
    const char *src = rec->source, *slash = strrchr(src, '/');
    if (slash && slash[1])
        src = slash + 1;
    if (strcmp(rec->source, "<stdin>") == 0)
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
