/*
 * status.c - which exit status wins (status.h).
 */
#include "status.h"

/* Higher wins when several puzzles end differently. */
static int severity(int status)
{
    switch (status) {
    case EXIT_UNIQUE: return 0;
    case EXIT_MULTIPLE: return 1;
    case EXIT_NONE: return 2;
    case EXIT_DATAERR: return 3;
    case EXIT_NOINPUT: return 4;
    case EXIT_IOERR: return 5;
    default: return 6;
    }
}

int worse_status(int a, int b) { return severity(b) > severity(a) ? b : a; }
