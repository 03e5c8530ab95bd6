/*
 * strbuf.c - a growable text buffer.
 */
#include "strbuf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for 'more' bytes plus the terminating NUL. */
static bool reserve(strbuf *sb, size_t more)
{
    if (sb->failed)
        return false;
    if (sb->len + more + 1 <= sb->cap)
        return true;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + more + 1)
        cap *= 2;
    char *grown = realloc(sb->data, cap);
    if (!grown) {
        sb->failed = true;
        return false;
    }
    sb->data = grown;
    sb->cap = cap;
    return true;
}

void sb_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void sb_puts(strbuf *sb, const char *s)
{
    size_t n = strlen(s);
    if (!reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
}

void sb_putc(strbuf *sb, char c)
{
    if (!reserve(sb, 1))
        return;
    sb->data[sb->len++] = c;
    sb->data[sb->len] = '\0';
}

void sb_clear(strbuf *sb)
{
    sb->len = 0;
    sb->failed = false;
    if (sb->data)
        sb->data[0] = '\0';
}

void sb_free(strbuf *sb)
{
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
    sb->failed = false;
}

bool sb_write(const strbuf *sb, FILE *out)
{
    return sb->len == 0 || fwrite(sb->data, 1, sb->len, out) == sb->len;
}
