/*
 * document.c - the writer's side of a run's one document (document.h).
 */
#include "document.h"
#include "path.h"
#include "print.h"

#include <string.h>

bool document_shapes(const options *opt)
{
    return !opt->quiet && (opt->command == CMD_PRINT || (!opt->output_dir && (opt->format == FORMAT_SVG ||
                                                                               opt->format == FORMAT_HTML)));
}

void document_begin(document *d, const options *opt, strbuf *out)
{
    memset(d, 0, sizeof *d);
    if (!document_shapes(opt))
        return;
    if (opt->command == CMD_PRINT)
        print_begin(opt, out);
    else if (opt->format == FORMAT_HTML)
        html_begin(out, "How to solve it");
}

void document_record(document *d, const options *opt, strbuf *rec_out, strbuf *out, strbuf *err, int *status)
{
    if (!document_shapes(opt) || !rec_out->len) {
        if (rec_out->data)
            sb_puts(out, rec_out->data);
        return;
    }
    if (opt->command == CMD_PRINT) {
        print_puzzle(opt, ++d->printed, rec_out->data, out, &d->solutions);
        return;
    }
    if (opt->format == FORMAT_SVG && d->pictures++ > 0) {
        /* Two XML documents in one stream are no document: a file each. */
        if (!d->refused)
            sb_puts(err, "sudoku: several pictures: an SVG file holds one, the first is written; "
                         "use -o DIR for a file each\n");
        d->refused = true;
        *status = worse_status(*status, EXIT_USAGE);
        return;
    }
    sb_puts(out, rec_out->data);
}

void document_end(document *d, const options *opt, strbuf *out)
{
    if (document_shapes(opt)) {
        if (opt->command == CMD_PRINT)
            print_end(opt, d->printed, &d->solutions, out);
        else if (opt->format == FORMAT_HTML)
            html_end(out);
    }
    sb_free(&d->solutions);
}
