/*
 * optread.c - a command's options read by its table (optread.h), and
 * usage errors.
 */
#include "optread.h"
#include "status.h"
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

/* The command whose help a usage error points to, once it is known. */
static const char *help_command;

void usage_command(const char *name)
{
    help_command = name;
}

int usage_error(const char *fmt, const char *arg)
{
    strbuf shown = { 0 };
    sb_put_name(&shown, arg ? arg : "");
    fputs("sudoku: ", stderr);
    fprintf(stderr, fmt, shown.failed || !shown.data ? "" : shown.data);
    sb_free(&shown);
    if (help_command)
        fprintf(stderr, "\nTry 'sudoku %s --help'.\n", help_command);
    else
        fputs("\nTry 'sudoku --help'.\n", stderr);
    return EXIT_USAGE;
}

int opt_unknown(const char *arg, const char *shown)
{
    if (strcmp(arg, shown) != 0) {
        char message[96];
        snprintf(message, sizeof message, "unknown option '%s' in '%%s'", shown);
        return usage_error(message, arg);
    }
    return usage_error("unknown option '%s'", shown);
}

static const opt_def *find_short(const opt_reader *r, char c)
{
    for (size_t i = 0; i < r->ndefs; i++)
        if (r->defs[i].short_name == c && (r->defs[i].scope & r->scope))
            return &r->defs[i];
    return NULL;
}

static const opt_def *find_long(const opt_reader *r, const char *name, size_t len)
{
    for (size_t i = 0; i < r->ndefs; i++)
        if (strlen(r->defs[i].long_name) == len && strncmp(r->defs[i].long_name, name, len) == 0 &&
            (r->defs[i].scope & r->scope))
            return &r->defs[i];
    return NULL;
}

static int unknown(const opt_reader *r, const char *arg, const char *shown)
{
    return r->unknown ? r->unknown(r->ctx, arg, shown) : opt_unknown(arg, shown);
}

/* The option as typed, without its "=VALUE", for a message. */
static int missing_value(const char *arg)
{
    char name[32];
    size_t n = strcspn(arg, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), arg);
    return usage_error("%s needs a value", name);
}

/* --name, --name=VALUE, --name VALUE */
static int read_long(const opt_reader *r, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    size_t len = strcspn(arg + 2, "=");
    const opt_def *d = find_long(r, arg + 2, len);
    const char *val = arg[2 + len] == '=' ? arg + 3 + len : NULL;
    if (!d)
        return unknown(r, arg, arg);
    if (!d->takes_value && val) {
        char message[96];
        snprintf(message, sizeof message, "--%s takes no value, not '%%s'", d->long_name);
        return usage_error(message, val);
    }
    int at = *i;
    if (d->takes_value && !val) {
        if (*i + 1 >= argc)
            return missing_value(arg);
        val = argv[++*i];
    }
    return r->option(r->ctx, d, val, at);
}

/* -x, clustered flags -qH, a value attached -j2 or next -j 2 */
static int read_short(const opt_reader *r, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    int status = -1;
    for (const char *p = arg + 1; *p && status < 0; p++) {
        const opt_def *d = find_short(r, *p);
        char shown[3] = { '-', *p, '\0' };
        if (!d)
            return unknown(r, arg, p == arg + 1 && !p[1] ? arg : shown);
        const char *val = NULL;
        int at = *i;
        if (d->takes_value) {
            if (p[1])
                val = p + 1;
            else if (*i + 1 < argc)
                val = argv[++*i];
            else
                return missing_value(shown);
        }
        status = r->option(r->ctx, d, val, at);
        if (d->takes_value)
            break;
    }
    return status;
}

int opt_read(const opt_reader *r, int argc, char **argv, int first)
{
    bool options_done = false;
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        int status = -1;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0)
            status = r->operand(r->ctx, arg, i);
        else if (strcmp(arg, "--") == 0)
            options_done = true;
        else if (arg[1] == '-')
            status = read_long(r, argc, argv, &i);
        else
            status = read_short(r, argc, argv, &i);
        if (status >= 0)
            return status;
    }
    return -1;
}
