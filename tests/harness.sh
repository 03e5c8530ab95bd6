# tests/harness.sh - what the shell test suites share, sourced by each:
#
#   suite=cli; . "$(dirname "$0")/../harness.sh"
#
# It makes SUDOKU (the program under test, default build/sudoku) an
# absolute path, moves to the repository root ($root), makes a scratch
# directory ($tmp) that is removed on exit, and zeroes the counters
# passed, failed and skipped. POSIX sh.

LC_ALL=C
export LC_ALL

SUDOKU=${SUDOKU:-build/sudoku}
case $SUDOKU in
/*) ;;
*) SUDOKU=$(pwd)/$SUDOKU ;;
esac

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
cd "$root" || exit 2
if [ ! -x "$SUDOKU" ]; then
    echo "$suite: $SUDOKU is not an executable; build it first" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-$suite.XXXXXX") || exit 2
cleanup() {
    chmod -R u+rwx "$tmp" 2>/dev/null # the suites make unreadable files
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
skipped=0

# tcheck NAME CMD...: the case passes when CMD succeeds; CMD writes why it
# failed to $tmp/why (with why).
tcheck() {
    name=$1
    shift
    : >"$tmp/why"
    if "$@"; then
        passed=$((passed + 1))
        echo "ok $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name:"
        sed 's/^/  /' "$tmp/why"
    fi
}

why() { echo "$*" >>"$tmp/why"; }

# skip NAME REASON (a suite may define its own, after this file).
skip() {
    skipped=$((skipped + 1))
    echo "skip $1: $2"
}

# Compares file $2 (actual) with $1 (expected; missing means empty).
same() {
    if [ -f "$1" ]; then
        cmp -s "$1" "$2"
    else
        [ ! -s "$2" ]
    fi
}

# Shows how $3 (actual) differs from $2 (expected) for output $1.
show_diff() {
    if [ -f "$2" ]; then
        echo "  --- $1 differs from $2:"
        diff -u "$2" "$3" | head -40 | sed 's/^/  /'
    else
        echo "  --- $1: expected nothing (no $2), got:"
        head -20 "$3" | sed 's/^/  | /'
    fi
}

# UPDATE_EXPECTED=1 (a developer's aid, never in CI): a failing case's
# actual output becomes its expected output, $1.out and $1.err (removed when
# empty); review the change with 'git diff' before committing it.
accept_output() {
    for _ext in out err; do
        if [ -s "$tmp/$_ext" ]; then
            cp "$tmp/$_ext" "$1.$_ext"
        else
            rm -f "$1.$_ext"
        fi
    done
}
