/*
 * fuzz_report.c - the command line's per-record output (programs/report.c) on
 * any record the reader can produce.
 *
 * Each record of the input (up to MAX_RECORDS, ok or not) goes through
 * report_record for every command and every format the command takes
 * (format_allowed in programs/cli.c), check with and without --count, explain
 * with and without --candidates, hint at each level, grade and explain with
 * --quiet too (they still do the work); pictures and pages start and end as
 * SVG and HTML documents do (tests/cli/pictures.sh checks them with
 * xmllint). The source name holds every character the formats
 * must escape, or bytes that are not UTF-8. Checked:
 *   - no internal error (status 70: a solution failed verification), and
 *     the same verdict whatever the command and format;
 *   - the buffers: no allocation failure, no NUL inside, standard error in
 *     whole lines;
 *   - JSON: one line holding one well-formed object (a strict validator:
 *     strings of well-formed UTF-8 with valid escapes and no raw control
 *     characters, numbers, literals, nested objects and arrays), with the keys of the
 *     TSV/CSV header first;
 *   - TSV: one line with the header's column count; CSV: one RFC 4180
 *     record ending in CRLF with the header's field count;
 *   - solve's line format, grade's serate format and --quiet.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_common.h"
#include "report.h"

#define MAX_RECORDS 4

/*
 * The table ends before the forcing chains (as -T aligned-pair-exclusion):
 * each record is graded and explained about fifteen times, and the nested
 * chains of a hard puzzle take seconds each time. Where logic stalls, the
 * trials are written instead, which this harness checks too; the chains
 * themselves are fuzzed by fuzz_engine.
 */
#define LAST_TECHNIQUE SUDOKU_ALIGNED_PAIR_EXCLUSION

/*
 * Source names (file names can hold any byte but NUL), one per input by
 * its size: quotes, backslash, tab, CR, LF, a control character, a comma
 * and UTF-8; then bytes that are not UTF-8 (stray, overlong, surrogate,
 * past U+10FFFF, cut short) around a well-formed 4-byte character.
 */
static const char *const sources[] = {
    "in \"put\"\\\t,\r\n\x01 \xc3\xa9.txt",
    "bad \xff\xfe \xc3( \xe0\x80\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xf0\x9f\x98\x80 \xc1\xbf end\xe2\x82",
};
static const char *source;

/* The formats each command takes, in enum format order: programs/cli.c's format_allowed. */
#define NFORMATS 9
static const bool format_allowed[][NFORMATS] = {
    [CMD_SOLVE] = { true, true, false, true, true, true, false, true, false },
    [CMD_CHECK] = { false, false, true, true, true, true, false, false, false },
    [CMD_GRADE] = { false, false, true, true, true, true, true, false, false },
    [CMD_EXPLAIN] = { false, false, true, false, false, true, false, true, true },
    [CMD_HINT] = { false, false, true, false, false, true, false, true, false },
    [CMD_CANON] = { true, false, false, true, true, true, false, false, false },
    [CMD_TRANSFORM] = { true, false, false, true, true, true, false, false, false },
};

/* canon and transform print a line for any puzzle: only input that is no
 * puzzle changes their status. */
static bool any_verdict(const options *opt) { return opt->command == CMD_CANON || opt->command == CMD_TRANSFORM; }

/* ------------------------------------------------------------ JSON */

static const char *json_value(const char *p, int depth);

static const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* The length of a well-formed UTF-8 character at p (RFC 3629), or 0. */
static int utf8_char(const unsigned char *p)
{
    unsigned cp;
    int len;
    if (p[0] < 0x80)
        return 1;
    if ((p[0] & 0xE0) == 0xC0) {
        cp = p[0] & 0x1Fu;
        len = 2;
    } else if ((p[0] & 0xF0) == 0xE0) {
        cp = p[0] & 0x0Fu;
        len = 3;
    } else if ((p[0] & 0xF8) == 0xF0) {
        cp = p[0] & 0x07u;
        len = 4;
    } else {
        return 0;
    }
    for (int i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3Fu);
    }
    static const unsigned least[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static const char *json_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"')
            return p + 1;
        if (c < 0x20) /* the end of the text included */
            return NULL;
        if (c >= 0x80) {
            int len = utf8_char((const unsigned char *)p);
            if (!len)
                return NULL;
            p += len;
        } else if (c == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!is_hex(p[i]))
                        return NULL;
                p += 5;
            } else if (*p && strchr("\"\\/bfnrt", *p)) {
                p++;
            } else {
                return NULL;
            }
        } else {
            p++;
        }
    }
}

static const char *json_digits(const char *p)
{
    if (*p < '0' || *p > '9')
        return NULL;
    while (*p >= '0' && *p <= '9')
        p++;
    return p;
}

static const char *json_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (!(p = json_digits(p)))
        return NULL;
    if (*p == '.' && !(p = json_digits(p + 1)))
        return NULL;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(p = json_digits(p)))
            return NULL;
    }
    return p;
}

static const char *json_object(const char *p, int depth)
{
    if (*p++ != '{')
        return NULL;
    p = json_ws(p);
    if (*p == '}')
        return p + 1;
    for (;;) {
        if (!(p = json_string(json_ws(p))))
            return NULL;
        p = json_ws(p);
        if (*p++ != ':')
            return NULL;
        if (!(p = json_value(json_ws(p), depth + 1)))
            return NULL;
        p = json_ws(p);
        if (*p == '}')
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *json_array(const char *p, int depth)
{
    if (*p++ != '[')
        return NULL;
    p = json_ws(p);
    if (*p == ']')
        return p + 1;
    for (;;) {
        if (!(p = json_value(json_ws(p), depth + 1)))
            return NULL;
        p = json_ws(p);
        if (*p == ']')
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *p, int depth)
{
    if (depth > 12)
        return NULL;
    if (*p == '{')
        return json_object(p, depth);
    if (*p == '[')
        return json_array(p, depth);
    if (*p == '"')
        return json_string(p);
    if (*p == '-' || (*p >= '0' && *p <= '9'))
        return json_number(p);
    static const char *const literals[] = { "true", "false", "null" };
    for (int i = 0; i < 3; i++)
        if (strncmp(p, literals[i], strlen(literals[i])) == 0)
            return p + strlen(literals[i]);
    return NULL;
}

/* One JSON Lines record: an object, then "\n" and nothing more. */
static void check_json(const strbuf *out, const char *header)
{
    FUZZ_CHECK(out->len >= 3 && out->data[out->len - 1] == '\n', "not a JSON line: \"%s\"", out->data);
    FUZZ_CHECK(memchr(out->data, '\n', out->len) == out->data + out->len - 1, "several lines:\n%s", out->data);
    const char *end = json_object(out->data, 0);
    FUZZ_CHECK(end == out->data + out->len - 1, "not a JSON object at byte %td: %s",
               end ? end - out->data : (ptrdiff_t)-1, out->data);
    /* The header's columns are the object's first keys, in order. */
    const char *p = out->data + 1;
    for (const char *h = header; *h;) {
        size_t n = strcspn(h, "\t");
        FUZZ_CHECK(p[0] == '"' && strncmp(p + 1, h, n) == 0 && p[n + 1] == '"' && p[n + 2] == ':',
                   "key \"%.*s\" not next in %s", (int)n, h, out->data);
        p = json_value(p + n + 3, 1);
        FUZZ_CHECK(p && (*p == ',' || *p == '}'), "after key \"%.*s\" in %s", (int)n, h, out->data);
        p++;
        h += n;
        if (*h)
            h++;
    }
}

/* ------------------------------------------------------------ TSV, CSV */

static int count_char(const char *s, size_t len, char c)
{
    int k = 0;
    for (size_t i = 0; i < len; i++)
        k += s[i] == c;
    return k;
}

static void check_tsv(const strbuf *out, int columns)
{
    FUZZ_CHECK(out->len >= 1 && out->data[out->len - 1] == '\n', "not a TSV line: \"%s\"", out->data);
    FUZZ_CHECK(count_char(out->data, out->len, '\n') == 1 && !memchr(out->data, '\r', out->len),
               "a line break inside:\n%s", out->data);
    int fields = count_char(out->data, out->len, '\t') + 1;
    FUZZ_CHECK(fields == columns, "%d fields, %d columns: %s", fields, columns, out->data);
}

/* One RFC 4180 record: fields quoted or plain, a CRLF at the end only. */
static void check_csv(const strbuf *out, int columns)
{
    const char *p = out->data, *end = out->data + out->len;
    int fields = 1;
    for (;;) {
        if (p < end && *p == '"') {
            for (p++;; p++) {
                FUZZ_CHECK(p < end, "an unterminated quoted field: %s", out->data);
                if (*p == '"') {
                    if (p + 1 < end && p[1] == '"')
                        p++;
                    else
                        break;
                }
            }
            p++;
        } else {
            while (p < end && *p != ',' && *p != '"' && *p != '\r' && *p != '\n')
                p++;
            FUZZ_CHECK(p == end || *p != '"', "a quote in a plain field: %s", out->data);
        }
        FUZZ_CHECK(p < end, "no CRLF at the end: %s", out->data);
        if (*p == ',') {
            fields++;
            p++;
            continue;
        }
        FUZZ_CHECK(p + 2 == end && p[0] == '\r' && p[1] == '\n', "not one CSV record: %s", out->data);
        break;
    }
    FUZZ_CHECK(fields == columns, "%d fields, %d columns: %s", fields, columns, out->data);
}

/* ------------------------------------------------------------ records */

static void check_buffer(const strbuf *sb, const char *what)
{
    FUZZ_CHECK(!sb->failed, "%s: allocation failed", what);
    FUZZ_CHECK(sb->len == 0 || (sb->data && strlen(sb->data) == sb->len), "%s: a NUL inside", what);
}

/* The command's TSV header without its line end: the JSON keys that come first. */
static const char *tsv_header(const options *opt)
{
    static strbuf header;
    options tsv = *opt;
    tsv.format = FORMAT_TSV;
    tsv.quiet = false;
    sb_clear(&header);
    report_header(&tsv, &header);
    FUZZ_CHECK(header.len > 1 && header.data[header.len - 1] == '\n', "TSV header");
    header.data[--header.len] = '\0';
    return header.data;
}

typedef struct seen {
    int verdict;        /* -1 until the first call */
    strbuf out, err, header;
} seen;

static void report(seen *s, const sudoku_record *rec, const options *opt)
{
    record_result res = { .verdict = NVERDICTS, .status = -1, .level = -2, .er = -2 };
    sb_clear(&s->out);
    sb_clear(&s->err);
    sb_clear(&s->header);
    report_record(opt, rec, &s->out, &s->err, &res);
    report_header(opt, &s->header);
    check_buffer(&s->out, "out");
    check_buffer(&s->err, "err");
    check_buffer(&s->header, "header");

    FUZZ_CHECK(res.status != EXIT_SOFTWARE, "internal error: %s", s->err.data ? s->err.data : "");
    FUZZ_CHECK(res.verdict >= VERDICT_UNIQUE && res.verdict < NVERDICTS, "verdict %d", (int)res.verdict);
    FUZZ_CHECK((res.verdict == VERDICT_INVALID) == !rec->ok, "verdict %s for a record with ok %d",
               verdict_name(res.verdict), rec->ok);
    static const int status[] = { EXIT_UNIQUE, EXIT_NONE, EXIT_MULTIPLE, EXIT_DATAERR };
    /* check also finds fault with a wrong solution given in a CSV column. */
    char why_not[160];
    bool bad_given = opt->command == CMD_CHECK && rec->ok && rec->has_solution &&
                     !sudoku_given_solution_ok(rec, why_not, sizeof why_not);
    int want = bad_given ? worse_status(status[res.verdict], EXIT_DATAERR) : status[res.verdict];
    if (any_verdict(opt))
        want = rec->ok ? EXIT_UNIQUE : EXIT_DATAERR;
    FUZZ_CHECK(res.status == want, "status %d for %s", res.status, verdict_name(res.verdict));
    if (s->verdict < 0)
        s->verdict = (int)res.verdict;
    FUZZ_CHECK((int)res.verdict == s->verdict, "verdict %s, before %s", verdict_name(res.verdict),
               verdict_name((enum verdict)s->verdict));
    bool rated = res.verdict == VERDICT_UNIQUE && (opt->command == CMD_GRADE || opt->command == CMD_EXPLAIN);
    FUZZ_CHECK(rated ? res.level >= SUDOKU_LEVEL_EASY && res.level <= SUDOKU_LEVEL_EXTREME && res.er >= -1
                     : res.level == -1 && res.er == -1,
               "level %d er %d", res.level, res.er);
    if (s->err.len)
        FUZZ_CHECK(s->err.data[s->err.len - 1] == '\n', "standard error ends mid-line: %s", s->err.data);
    if (res.verdict == VERDICT_INVALID)
        FUZZ_CHECK(s->err.len > 0, "a failed record without a message");

    if (opt->quiet) {
        FUZZ_CHECK(s->out.len == 0 && s->header.len == 0, "output with --quiet: %s", s->out.data);
        return;
    }
    bool unique = res.verdict == VERDICT_UNIQUE;
    int ncells = rec->ok ? rec->layout->ncells : 0;
    switch (opt->format) {
    case FORMAT_JSON:
        FUZZ_CHECK(s->header.len == 0, "a header for JSON");
        if (opt->command == CMD_HINT) { /* the step object alone, for a puzzle with one solution */
            if (!unique)
                FUZZ_CHECK(s->out.len == 0, "a hint for a puzzle without one solution");
            else if (strcmp(s->out.data, "null\n") != 0) /* null: the grid is full */
                check_json(&s->out, "n\ttechnique\tname\trating\tplacement\teliminations\tpattern\ttext");
        } else {
            check_json(&s->out, opt->command == CMD_EXPLAIN ? "source\tline\tpuzzle\tverdict" : tsv_header(opt));
        }
        break;
    case FORMAT_SVG:
    case FORMAT_HTML: {
        /* An HTML record is its puzzle's section of the run's one page (batch.c writes the page around it). */
        const char *start = opt->format == FORMAT_SVG ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
                                                      : "<section class=\"solving\" id=\"p1-puzzle\">\n";
        const char *end = opt->format == FORMAT_SVG ? "</svg>\n" : "</section>\n";
        if (unique)
            FUZZ_CHECK(s->out.len > strlen(start) + strlen(end) && strncmp(s->out.data, start, strlen(start)) == 0 &&
                           strcmp(s->out.data + s->out.len - strlen(end), end) == 0,
                       "a picture or page that does not start or end as one");
        else
            FUZZ_CHECK(s->out.len == 0, "a picture for a puzzle without one solution");
        break;
    }
    case FORMAT_TSV:
    case FORMAT_CSV: {
        const char *h = s->header.data;
        FUZZ_CHECK(h && s->header.len > 1, "no header");
        int columns = count_char(h, s->header.len, opt->format == FORMAT_TSV ? '\t' : ',') + 1;
        if (opt->format == FORMAT_TSV)
            check_tsv(&s->out, columns);
        else
            check_csv(&s->out, columns);
        break;
    }
    case FORMAT_LINE: {
        /* One line a record: the solution, or the verdict as a placeholder;
         * with -H after 'SOURCE:LINE:'. */
        const char *verdict = verdict_name(res.verdict);
        if (any_verdict(opt)) { /* the form or the disguised puzzle, whatever the verdict */
            size_t want_len = rec->ok ? (size_t)ncells + 1 : strlen(verdict) + 1;
            FUZZ_CHECK(s->out.len == want_len && s->out.data[s->out.len - 1] == '\n' &&
                           (rec->ok ? strspn(s->out.data, ".123456789") == (size_t)ncells
                                    : strncmp(s->out.data, verdict, want_len - 1) == 0),
                       "%s line: %s", opt->command == CMD_CANON ? "canon" : "transform",
                       s->out.data ? s->out.data : "");
            break;
        }
        size_t tail = unique ? (size_t)ncells + 1 : strlen(verdict) + 1;
        FUZZ_CHECK(s->out.len >= tail && (opt->with_source ? s->out.len > tail : s->out.len == tail) &&
                       count_char(s->out.data, s->out.len, '\n') == 1 && s->out.data[s->out.len - 1] == '\n',
                   "not one line: %s", s->out.data ? s->out.data : "");
        const char *line = s->out.data + s->out.len - tail;
        if (unique)
            FUZZ_CHECK(s->err.len == 0 && strspn(line, "123456789") == (size_t)ncells, "a solution line: %s", line);
        else
            FUZZ_CHECK(strncmp(line, verdict, tail - 1) == 0 && s->err.len > 0, "a placeholder line: %s", line);
        break;
    }
    case FORMAT_GRID:
        if (unique)
            FUZZ_CHECK(s->out.len > (size_t)ncells, "a grid of %zu bytes", s->out.len);
        else
            FUZZ_CHECK(s->out.len == strlen(verdict_name(res.verdict)) + 2, "a grid placeholder of %zu bytes",
                       s->out.len);
        break;
    case FORMAT_SERATE:
        if (unique)
            FUZZ_CHECK(count_char(s->out.data, s->out.len, '\n') == 1 && strstr(s->out.data, " ED=") &&
                           s->out.data[s->out.len - 1] == '\n',
                       "serate line: %s", s->out.data);
        else
            FUZZ_CHECK(s->out.len == 0, "a serate line for a puzzle without one solution");
        break;
    case FORMAT_TEXT:
        if (opt->command == CMD_EXPLAIN)
            FUZZ_CHECK(unique ? s->out.len > 0 && strstr(s->out.data, "\nSolution ") && strstr(s->out.data, "\nRating: ")
                              : s->out.len == 0,
                       "explain: %s", s->out.data ? s->out.data : "");
        else if (opt->command == CMD_HINT)
            FUZZ_CHECK(unique ? s->out.len > 0 && s->out.data[s->out.len - 1] == '\n' : s->out.len == 0,
                       "hint: %s", s->out.data ? s->out.data : "");
        else /* one line; check --all adds a line a solution, up to --count */
            FUZZ_CHECK(s->out.len > 0 && s->out.data[s->out.len - 1] == '\n' &&
                           (opt->all ? count_char(s->out.data, s->out.len, '\n') <= 1 + opt->count
                                     : count_char(s->out.data, s->out.len, '\n') == 1),
                       "text: %s", s->out.data ? s->out.data : "");
        break;
    case NFORMATS:
        break;
    }
}

static seen state;

/* The library's form: the same for the clues under a transformation, and
 * the transformation found maps the clues onto it. */
static void check_canon(const sudoku_record *rec)
{
    if (!rec->ok)
        return;
    const sudoku_layout *l = rec->layout;
    uint8_t form[SUDOKU_MAX_CELLS], moved[SUDOKU_MAX_CELLS], again[SUDOKU_MAX_CELLS];
    sudoku_transformation t;
    uint64_t aut, aut2;
    FUZZ_CHECK(sudoku_canon(l, rec->given, form, &t, &aut) && aut >= 1, "no form");
    sudoku_transform(&t, rec->given, moved);
    FUZZ_CHECK(memcmp(moved, form, (size_t)l->ncells) == 0, "the transformation found does not give the form");
    sudoku_transformation_random(l, (uint64_t)rec->line, &t);
    sudoku_transform(&t, rec->given, moved);
    FUZZ_CHECK(sudoku_canon(l, moved, again, NULL, &aut2), "no form of the transformed clues");
    FUZZ_CHECK(memcmp(again, form, (size_t)l->ncells) == 0 && aut2 == aut, "the form is not invariant");
}

static bool on_record(const sudoku_record *rec, void *ctx)
{
    int *count = ctx;
    fuzz_check_record(rec, source);
    state.verdict = -1;
    check_canon(rec);
    for (int cmd = CMD_SOLVE; cmd <= CMD_TRANSFORM; cmd++) {
        for (int f = 0; f < NFORMATS; f++) {
            if (!format_allowed[cmd][f])
                continue;
            options opt = { .command = (enum command)cmd, .format = (enum format)f, .jobs = 1,
                            .last_technique = LAST_TECHNIQUE };
            report(&state, rec, &opt);
            if (cmd == CMD_CHECK) {
                opt.count = 2; /* counted up to 3: both "2" and ">2" */
                report(&state, rec, &opt);
                if (opt.format == FORMAT_TEXT || opt.format == FORMAT_JSON) { /* and the solutions listed */
                    opt.all = true;
                    report(&state, rec, &opt);
                }
                opt.minimal = true; /* the redundant clues, one search a clue */
                report(&state, rec, &opt);
            } else if (cmd == CMD_SOLVE && opt.format == FORMAT_LINE) {
                opt.with_source = true; /* -H */
                report(&state, rec, &opt);
            } else if (cmd == CMD_EXPLAIN) {
                opt.candidates = true;
                report(&state, rec, &opt);
            } else if (cmd == CMD_HINT) {
                for (opt.level = 1; opt.level <= 2; opt.level++)
                    report(&state, rec, &opt);
            }
        }
        /* Quiet: grade and explain still do the work, into nothing. */
        if (cmd == CMD_GRADE || cmd == CMD_EXPLAIN) {
            options quiet = { .command = (enum command)cmd, .format = FORMAT_TEXT, .quiet = true, .jobs = 1,
                              .last_technique = LAST_TECHNIQUE };
            report(&state, rec, &quiet);
        }
    }
    return ++*count < MAX_RECORDS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int count = 0;
    source = sources[size % 2];
    fuzz_read_all(data, size, source, 0, on_record, &count);
    return 0;
}
