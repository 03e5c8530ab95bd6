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
    if (sb->fixed) {
        sb->failed = true;
        return false;
    }
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
    /* Formatted once where it fits in the room there is (most records'
     * text does), else measured and formatted again. */
    va_list ap;
    size_t room = sb->data && !sb->failed ? sb->cap - sb->len : 0;
    va_start(ap, fmt);
    int n = room ? vsnprintf(sb->data + sb->len, room, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < room) {
        sb->len += (size_t)n;
        return;
    }
    if (room)
        sb->data[sb->len] = '\0'; /* what did not fit is no part of the text */
    if (n < 0 || !reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void sb_put(strbuf *sb, const char *s, size_t n)
{
    if (!reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_puts(strbuf *sb, const char *s)
{
    sb_put(sb, s, strlen(s));
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

strbuf sb_fixed(char *buf, size_t size)
{
    buf[0] = '\0';
    return (strbuf){ .data = buf, .cap = size, .fixed = true };
}

void sb_free(strbuf *sb)
{
    if (sb->fixed) {
        sb_clear(sb);
        return;
    }
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
    sb->failed = false;
}

bool sb_write(const strbuf *sb, FILE *out)
{
    return sb->len == 0 || fwrite(sb->data, 1, sb->len, out) == sb->len;
}

int utf8_length(const unsigned char *p, size_t n)
{
    if (n == 0)
        return 0;
    size_t len = p[0] < 0x80 ? 1 : p[0] >= 0xC2 && p[0] <= 0xDF ? 2 : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
               : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    /* No overlong forms, surrogates or code points past U+10FFFF. */
    if (len > 1 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
                    (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F)))
        return 0;
    return (int)len;
}

void sb_put_name(strbuf *sb, const char *name)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t n = strlen(name);
    while (n) {
        int len = utf8_length(p, n);
        const char *esc = *p == '\\' ? "\\\\" : *p == '\n' ? "\\n" : *p == '\r' ? "\\r" : *p == '\t' ? "\\t" : NULL;
        if (esc) {
            sb_puts(sb, esc);
        } else if (len == 0 || *p < 0x20 || *p == 0x7f || (*p == 0xC2 && p[1] < 0xA0)) {
            /* Not UTF-8, a control byte, or a C1 control (U+0080-U+009F). */
            int bytes = len ? len : 1;
            for (int i = 0; i < bytes; i++)
                sb_printf(sb, "\\x%02x", p[i]);
            len = bytes;
        } else {
            for (int i = 0; i < len; i++)
                sb_putc(sb, (char)p[i]);
        }
        p += len ? len : 1;
        n -= len ? (size_t)len : 1;
    }
}

void sb_put_json(strbuf *sb, const char *s)
{
    sb_putc(sb, '"');
    size_t left = strlen(s);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int len = utf8_length(p, left);
        if (*p == '"' || *p == '\\') {
            sb_putc(sb, '\\');
            sb_putc(sb, (char)*p);
        } else if (*p < 0x20) {
            sb_printf(sb, "\\u%04x", *p);
        } else if (len == 0) {
            sb_puts(sb, "\\ufffd");
            len = 1;
        } else {
            sb_printf(sb, "%.*s", len, (const char *)p);
        }
        p += len;
        left -= (size_t)len;
    }
    sb_putc(sb, '"');
}
