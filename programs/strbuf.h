/*
 * strbuf.h - a growable text buffer: what one record's output is built in
 * before it is written, so that workers can format in parallel and the
 * writer can emit records in input order.
 */
#ifndef SUDOKU_STRBUF_H
#define SUDOKU_STRBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct strbuf {
    char *data;       /* NUL-terminated; NULL until something is added */
    size_t len, cap;
    bool failed;      /* an allocation failed: the text is cut short */
    bool fixed;       /* the caller's memory: never grown or freed */
} strbuf;

#if defined(__GNUC__) || defined(__clang__)
#define STRBUF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define STRBUF_PRINTF(f, a)
#endif

void sb_printf(strbuf *sb, const char *fmt, ...) STRBUF_PRINTF(2, 3);
void sb_puts(strbuf *sb, const char *s);
void sb_put(strbuf *sb, const char *s, size_t n); /* n bytes of s (no NUL among them) */
void sb_putc(strbuf *sb, char c);
void sb_clear(strbuf *sb);   /* empties it, keeping the memory */
/* A buffer in the caller's memory ('size' > 0), for text that must be
 * made without allocating: what does not fit is cut, and 'failed' set. */
strbuf sb_fixed(char *buf, size_t size);
void sb_free(strbuf *sb);

/*
 * A name (a file's, an argument) for a message people read: control bytes
 * become C escapes (\n, \r, \t, \x1b), a backslash is doubled, and bytes
 * that are not UTF-8 become \xHH, so that a name cannot move the cursor,
 * start a terminal escape sequence or split a message into two lines.
 */
void sb_put_name(strbuf *sb, const char *name);

/* The length of the well-formed UTF-8 sequence at p (at most n bytes
 * available), or 0 when there is none. */
int utf8_length(const unsigned char *p, size_t n);

/* A JSON string, quoted and escaped; bytes that are not UTF-8 (file names
 * can hold any) become U+FFFD, so that every record stays valid JSON. */
void sb_put_json(strbuf *sb, const char *s);

/* Writes the text to 'out'; false on a write error. */
bool sb_write(const strbuf *sb, FILE *out);

#endif /* SUDOKU_STRBUF_H */
