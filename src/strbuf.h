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
} strbuf;

#if defined(__GNUC__) || defined(__clang__)
#define STRBUF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define STRBUF_PRINTF(f, a)
#endif

void sb_printf(strbuf *sb, const char *fmt, ...) STRBUF_PRINTF(2, 3);
void sb_puts(strbuf *sb, const char *s);
void sb_putc(strbuf *sb, char c);
void sb_clear(strbuf *sb);   /* empties it, keeping the memory */
void sb_free(strbuf *sb);

/* Writes the text to 'out'; false on a write error. */
bool sb_write(const strbuf *sb, FILE *out);

#endif /* SUDOKU_STRBUF_H */
