/*
 * fields.c - a record's named values written as TSV, CSV or JSON Lines
 * (fields.h says what a record is).
 */
#include "fields.h"
#include "numbers.h"

#include <stdio.h>
#include <string.h>

void fields_add(record_fields *r, const char *name, const char *value, bool raw)
{
    if (r->count < MAX_FIELDS)
        r->f[r->count++] = (field){ name, value, raw, false };
}

void fields_add_number(record_fields *r, const char *name, long value)
{
    if (r->count >= MAX_FIELDS)
        return;
    snprintf(r->numbers[r->count], sizeof r->numbers[0], "%ld", value);
    fields_add(r, name, r->numbers[r->count], true);
}

void fields_add_rating(record_fields *r, const char *name, int tenths)
{
    if (tenths < 0 || r->count >= MAX_FIELDS) {
        fields_add(r, name, NULL, true);
        return;
    }
    fields_add(r, name, rating_text(tenths, r->numbers[r->count], sizeof r->numbers[0]), true);
}

static void put_tsv_value(strbuf *out, const char *s)
{
    while (s && *s) {
        size_t plain = strcspn(s, "\t\n\r\\"); /* copied as a run */
        sb_put(out, s, plain);
        s += plain;
        if (*s == '\t')
            sb_puts(out, "\\t");
        else if (*s == '\n')
            sb_puts(out, "\\n");
        else if (*s == '\r')
            sb_puts(out, "\\r");
        else if (*s == '\\')
            sb_puts(out, "\\\\");
        else
            break; /* the end */
        s++;
    }
}

/* RFC 4180: quoted when it holds a comma, a quote or a line break. */
static void put_csv_value(strbuf *out, const char *s)
{
    if (!s)
        return;
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"')
            sb_putc(out, '"');
        sb_putc(out, *s);
    }
    sb_putc(out, '"');
}

/* 'read': a record read from the input, whose JSON ends with its reason
 * and error keys. */
static void put_record(enum format format, const record_fields *r, bool read, strbuf *out)
{
    const char *sep = "";
    if (format == FORMAT_JSON)
        sb_putc(out, '{');
    /* JSON: the columns first, in the header's order, then the keys of
     * JSON alone, so that the object's first keys are the TSV columns. */
    for (int i = 0; i < 2 * r->count; i++) {
        const field *f = &r->f[i % r->count];
        if (format == FORMAT_JSON) {
            if (f->json_only != (i >= r->count))
                continue;
            sb_printf(out, "%s\"%s\":", sep, f->name);
            if (!f->value)
                sb_puts(out, "null");
            else if (f->raw)
                sb_puts(out, f->value);
            else
                sb_put_json(out, f->value);
            sep = ",";
            continue;
        }
        if (f->json_only || i >= r->count)
            continue;
        sb_puts(out, sep);
        if (format == FORMAT_TSV)
            put_tsv_value(out, f->value);
        else
            put_csv_value(out, f->value);
        sep = format == FORMAT_TSV ? "\t" : ",";
    }
    if (format == FORMAT_JSON && read) {
        sb_puts(out, ",\"reason\":");
        if (r->reason)
            sb_put_json(out, r->reason);
        else
            sb_puts(out, "null");
        sb_puts(out, ",\"error\":");
        if (r->error)
            sb_put_json(out, r->error);
        else
            sb_puts(out, "null");
    }
    sb_puts(out, format == FORMAT_JSON ? "}\n" : format == FORMAT_CSV ? "\r\n" : "\n");
}

void fields_put(enum format format, const record_fields *r, strbuf *out)
{
    put_record(format, r, true, out);
}

void fields_put_made(enum format format, const record_fields *r, strbuf *out)
{
    put_record(format, r, false, out);
}

void fields_put_header(enum format format, const char *const *names, strbuf *out)
{
    for (int i = 0; names[i]; i++) {
        if (i)
            sb_puts(out, format == FORMAT_TSV ? "\t" : ",");
        sb_puts(out, names[i]);
    }
    sb_puts(out, format == FORMAT_CSV ? "\r\n" : "\n");
}
