/*
 * text.h - appending to a caller's fixed-size buffer, snprintf-style: it
 * never overflows, always stays terminated, and counts the length the
 * whole text would need, so callers can tell the buffer was too small.
 */
#ifndef SUDOKU_TEXT_H
#define SUDOKU_TEXT_H

#include <stdarg.h>
#include <stdio.h>

typedef struct text {
    char *buf;
    size_t size;
    size_t len;       /* the whole text's length, even past 'size' */
} text;

static inline text text_start(char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    return (text){ buf, size, 0 };
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void put(text *t, const char *fmt, ...)
{
    size_t room = t->len < t->size ? t->size - t->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

#endif /* SUDOKU_TEXT_H */
