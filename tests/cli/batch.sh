#!/bin/sh
# Batch-run tests for the sudoku program: checks that compare runs with
# each other rather than with expected files.
#
#   SUDOKU=build/sudoku sh tests/cli/batch.sh   ('make test-cli' runs it
#                                               after run.sh)
#
#   jobs_*       the same command with -j 1, -j 2 and -j 5 gives the same
#                standard output, standard error and exit status, byte for
#                byte, over puzzles/, tests/cli/, standard input and the
#                first 300 lines of each dataset in $SHARED/data (left out
#                when absent)
#   progress_*   the progress line on standard error: shown on a terminal
#                (a pseudo-terminal made by util-linux 'script') once a run
#                lasts more than a second, never with --no-progress, never
#                on a file or a pipe unless --progress asks for it
#   progress_typing, progress_singular: none while standard input is a
#                terminal being read; "1 puzzle" for one
#   output_first_* a record read from a pipe is written before the next
#                one arrives, with one job and with two
#   parallel_*   GNU parallel splitting the input into chunks gives the
#                same records as one process, apart from the source and
#                line columns
#
# Each check counts as a case; a check whose tool is missing is skipped,
# not failed. POSIX sh.

suite=batch
. "$(dirname "$0")/../harness.sh"
SHARED=${SHARED:-../shared}


# ------------------------------------------------------------ the harness



# ------------------------------------------------------------ -j identity

# The inputs: directories, files, standard input and, when present, the
# first 300 lines of each public dataset, 10 of the forum's hardest (60 and
# 2 with SUDOKU_TESTS=quick, as make check runs it). The
# grades stop the table after dynamic forcing chains (+): the forum puzzles
# (puzzles/forum.txt and hardest.txt among them) would otherwise take a
# second or more each in the nested chains, nine runs over; jobs_nested
# below checks levels 3 and 4 on two puzzles.
mkdir "$tmp/data" || exit 2
if [ -d "$SHARED/data" ]; then
    most=300 forum=10
    [ "${SUDOKU_TESTS:-}" = quick ] && most=60 forum=2
    for f in "$SHARED"/data/*.txt; do
        lines=$most
        case "$f" in *forum_hardest*) lines=$forum ;; esac
        [ -f "$f" ] && head -n $lines "$f" >"$tmp/data/${f##*/}"
    done
    datanote="with the first $most lines of $SHARED/data/*.txt ($forum of the forum files)"
else
    datanote="without $SHARED/data (absent)"
fi

# same_for_jobs OPTIONS...: runs 'sudoku OPTIONS... INPUTS' with -j 1, 2
# and 5 and compares everything; the --summary times are left out.
same_for_jobs() {
    for j in 1 2 5; do
        "$SUDOKU" "$@" -j $j --no-progress puzzles tests/cli - "$tmp/data" \
            <puzzles/forum.txt >"$tmp/out$j" 2>"$tmp/err$j"
        echo $? >"$tmp/status$j"
        sed -e '/^time: /d' -e 's/,"seconds":[0-9.]*,"per_second":[0-9]*}}$/}}/' "$tmp/out$j" >"$tmp/o" &&
            mv "$tmp/o" "$tmp/out$j"
    done
    ok=0
    if [ ! -s "$tmp/out1" ]; then
        why "no output with -j 1"
        ok=1
    fi
    # tests/cli holds malformed records (65) and nothing unreadable.
    if [ "$(cat "$tmp/status1")" != 65 ]; then
        why "-j 1: status $(cat "$tmp/status1"), expected 65"
        ok=1
    fi
    for j in 2 5; do
        for what in out err status; do
            if ! cmp -s "$tmp/${what}1" "$tmp/$what$j"; then
                why "-j 1 and -j $j differ in $what: sudoku $*"
                diff "$tmp/${what}1" "$tmp/$what$j" | head -n 10 >>"$tmp/why"
                ok=1
            fi
        done
    done
    return $ok
}

echo "(-j identity $datanote)"
tcheck jobs_grade_tsv       same_for_jobs grade -f tsv -T dynamic-chain-plus
tcheck jobs_grade_json      same_for_jobs grade --json --summary -T dynamic-chain-plus
tcheck jobs_grade_serate    same_for_jobs grade -f serate -T dynamic-chain-plus
tcheck jobs_check_text      same_for_jobs check --count 3 --summary
tcheck jobs_check_csv       same_for_jobs check -f csv
tcheck jobs_solve_line      same_for_jobs solve
tcheck jobs_solve_json      same_for_jobs solve -f json

# The nested chains' work spaces are per thread and per nesting depth: a
# level-3 and a level-4 puzzle (puzzles/forum.txt, lines 1 and 5), graded
# at once by two threads, give what one thread gives.
nested_jobs() {
    sed -n '1p;5p' puzzles/forum.txt >"$tmp/nested.txt"
    "$SUDOKU" grade -j 1 --no-progress "$tmp/nested.txt" >"$tmp/n1" 2>&1
    "$SUDOKU" grade -j 2 --no-progress "$tmp/nested.txt" >"$tmp/n2" 2>&1
    if ! cmp -s "$tmp/n1" "$tmp/n2"; then
        why "-j 1 and -j 2 differ:"
        diff "$tmp/n1" "$tmp/n2" | head -n 10 >>"$tmp/why"
        return 1
    fi
    if [ "$(grep -c 'nested-chain-mfc\|nested-chain-dfc' "$tmp/n1")" != 2 ]; then
        why "not one level-3 and one level-4 grade:"
        cat "$tmp/n1" >>"$tmp/why"
        return 1
    fi
}
tcheck jobs_nested          nested_jobs

# -j N starts N workers: counted in /proc while the program waits on a FIFO
# for its input (the workers start before it reads). Their stacks must hold
# the per-thread tables too; when they did not, no worker started, every
# record was done on the main thread and the outputs were still the same.
workers_started() {
    mkfifo "$tmp/wait.fifo" || { why "mkfifo failed"; return 1; }
    "$SUDOKU" check -j 3 --no-progress "$tmp/wait.fifo" >"$tmp/w.out" 2>&1 &
    pid=$!
    sleep 1
    threads=$(ls "/proc/$pid/task" 2>/dev/null | wc -l)
    cat puzzles/sample.txt >"$tmp/wait.fifo"
    wait $pid || why "status $?"
    [ "$threads" = 4 ] || why "$threads threads with -j 3, not 4 (the main one and three workers)"
    [ ! -s "$tmp/why" ]
}
if [ -d /proc/self/task ] && command -v mkfifo >/dev/null 2>&1; then
    tcheck jobs_workers_start workers_started
else
    skip jobs_workers_start "no /proc/PID/task or mkfifo here"
fi

# The per-thread tables fit the room asked for them on top of a worker's
# stack (TLS_ROOM in programs/batch.c): else glibc takes what is over out
# of the stack the worker needs for itself, and nothing says so.
tls_fits_room() {
    room_kb=$(sed -n 's/^#define TLS_ROOM (\([0-9]*\)L \* 1024L)$/\1/p' programs/batch.c)
    tls=$(readelf -lW "$SUDOKU" | awk '$1 == "TLS" { print $6 }')
    if [ -z "$room_kb" ] || [ -z "$tls" ]; then
        why "TLS_ROOM in programs/batch.c or the TLS segment of $SUDOKU not found"
        return 1
    fi
    [ $((tls)) -le $((room_kb * 1024)) ] || why "thread-local storage of $((tls)) bytes, TLS_ROOM $((room_kb * 1024))"
    [ ! -s "$tmp/why" ]
}
if command -v readelf >/dev/null 2>&1; then
    tcheck jobs_tls_fits_room tls_fits_room
else
    skip jobs_tls_fits_room "no readelf here"
fi

# ------------------------------------------------------------ progress

# A run that lasts more than a second whatever the speed of the machine:
# 1000 puzzles from a file, then one more file's worth from standard input,
# which arrives after two seconds. Standard output goes to /dev/null, so
# what the terminal shows is standard error alone.
i=0
while [ $i -lt 50 ]; do
    cat puzzles/easy.txt
    i=$((i + 1))
done >"$tmp/big.txt"
slow="(sleep 2; cat puzzles/easy.txt) | \"$SUDOKU\" grade -j 1 -q \"$tmp/big.txt\" -"

# has_progress FILE: a progress line ('N puzzles, R/s, T s'), the last one
# counting every puzzle.
has_progress() {
    tr '\r' '\n' <"$1" | grep -q '^.*1020 puzzles, [0-9]*/s, [0-9.]*s' && return 0
    why "no progress line counting 1020 puzzles in $2:"
    od -c "$1" | head -n 8 >>"$tmp/why"
    return 1
}

no_progress() {
    if [ -s "$1" ]; then
        why "$2 is not empty:"
        od -c "$1" | head -n 8 >>"$tmp/why"
        return 1
    fi
}

# on_terminal OUTPUT COMMAND: runs the shell command on a pseudo-terminal.
on_terminal() {
    script -qefc "$2" /dev/null </dev/null >"$1" 2>&1
}

progress_tty() {
    on_terminal "$tmp/tty" "$slow >/dev/null" || { why "status $?"; return 1; }
    has_progress "$tmp/tty" "the terminal"
}
progress_tty_off() {
    on_terminal "$tmp/tty" "$slow --no-progress >/dev/null" || { why "status $?"; return 1; }
    no_progress "$tmp/tty" "the terminal"
}
progress_tty_short() {
    on_terminal "$tmp/tty" "\"$SUDOKU\" grade -q puzzles/easy.txt >/dev/null" || { why "status $?"; return 1; }
    no_progress "$tmp/tty" "the terminal (a run shorter than a second)"
}
progress_file() {
    # Standard input and output are a terminal, standard error a file.
    on_terminal "$tmp/tty" "$slow 2>\"$tmp/err\"" || { why "status $?"; return 1; }
    no_progress "$tmp/err" "standard error (a file)" && no_progress "$tmp/tty" "the terminal"
}
progress_pipe() {
    on_terminal "$tmp/tty" "$slow 2>&1 >/dev/null | cat >\"$tmp/err\"" || { why "status $?"; return 1; }
    no_progress "$tmp/err" "standard error (a pipe)"
}
progress_typing() {
    # Standard input is the terminal, read after a file that takes more
    # than a second: someone could be typing there, so no progress line.
    on_terminal "$tmp/tty" "\"$SUDOKU\" grade -j 1 \"$tmp/big4.txt\" - >/dev/null" || { why "status $?"; return 1; }
    no_progress "$tmp/tty" "the terminal (standard input is the terminal)"
}
progress_singular() {
    # One puzzle, after two seconds: the line says "1 puzzle" and the
    # seconds it took, not "0/s".
    sh -c "(sleep 2; cat tests/cli/line9.txt) | \"$SUDOKU\" check --progress >/dev/null" 2>"$tmp/err" ||
        { why "status $?"; return 1; }
    tr '\r' '\n' <"$tmp/err" | grep -q '^.*1 puzzle, [0-9.]*s per puzzle, [0-9.]*s$' && return 0
    why "no progress line '1 puzzle, N.Ns per puzzle, ...':"
    od -c "$tmp/err" | head -n 8 >>"$tmp/why"
    return 1
}
progress_forced() {
    sh -c "$slow --progress" 2>"$tmp/err" || { why "status $?"; return 1; }
    has_progress "$tmp/err" "standard error (a file, with --progress)"
}
progress_cleared() {
    # After the results the last progress line is erased ('\r', then ESC [K
    # to the end of the line), so that the terminal shows the results alone.
    sh -c "$slow --progress" 2>"$tmp/err" || { why "status $?"; return 1; }
    [ "$(tail -c 4 "$tmp/err" | od -An -c | tr -d ' ')" = '\r033[K' ] && return 0
    why "standard error does not end by clearing the progress line:"
    tail -c 32 "$tmp/err" | od -c >>"$tmp/why"
    return 1
}

if command -v script >/dev/null 2>&1 && script --version 2>&1 | grep -q util-linux; then
    tcheck progress_tty         progress_tty
    tcheck progress_tty_off     progress_tty_off
    tcheck progress_tty_short   progress_tty_short
    tcheck progress_file        progress_file
    tcheck progress_pipe        progress_pipe
    cat "$tmp/big.txt" "$tmp/big.txt" "$tmp/big.txt" "$tmp/big.txt" >"$tmp/big4.txt"
    tcheck progress_typing      progress_typing
else
    for t in progress_tty progress_tty_off progress_tty_short progress_file progress_pipe progress_typing; do
        skip $t "no util-linux 'script' to make a terminal"
    done
fi
tcheck progress_forced      progress_forced
tcheck progress_cleared     progress_cleared
tcheck progress_singular    progress_singular

# ------------------------------------------------------------ no waiting

# Output never waits for more input: a record read from a pipe is written
# (flushed) before the next one arrives, whatever the number of jobs, even
# though standard output is a file, which is otherwise written in blocks.
output_first() {
    (cat tests/cli/line9.txt; sleep 3; cat tests/cli/line8.txt) |
        "$SUDOKU" solve -j "$1" >"$tmp/first.out" 2>"$tmp/first.err" &
    sleep 1.5
    if [ "$(wc -l <"$tmp/first.out")" -ne 1 ]; then
        why "-j $1: after 1.5 s, $(wc -l <"$tmp/first.out") lines written, expected the first solution"
        wait
        return 1
    fi
    wait
    [ "$(wc -l <"$tmp/first.out")" -eq 2 ] || { why "-j $1: $(wc -l <"$tmp/first.out") lines in the end"; return 1; }
}
tcheck output_first_j1      output_first 1
tcheck output_first_j2      output_first 2

# ------------------------------------------------------------ GNU parallel

# 'parallel --pipe -N 50' feeds each sudoku process 50 lines on its
# standard input, so every chunk's output starts with its own TSV header,
# its source column says <stdin> and its line column counts from 1 in the
# chunk. The check: the header lines are exactly one per chunk (removed
# before comparing), every source is <stdin> with a line from 1 to 50, and
# the rest of each record (puzzle, verdict, level, ratings...) is what one
# process gives over the whole input, in the same order (--keep-order).
# parallel's own exit status counts the chunks that held a puzzle without
# one solution, so it is not checked. A temporary HOME keeps parallel's
# citation notice and files out of the user's.
for f in 17clue 8x8-multiple 8x8-none 8x8 easy forum hard hardest multiple none sample; do
    cat "puzzles/$f.txt"
done >"$tmp/one"
cat "$tmp/one" "$tmp/one" >"$tmp/lines.txt" # one puzzle a line, 388 lines

parallel_same() {
    "$SUDOKU" grade -T dynamic-chain-plus --format tsv --no-progress <"$tmp/lines.txt" >"$tmp/single.tsv" 2>/dev/null
    mkdir -p "$tmp/home/.parallel" && : >"$tmp/home/.parallel/will-cite"
    HOME="$tmp/home" parallel --will-cite --pipe --keep-order -N 50 \
        "$SUDOKU" grade -T dynamic-chain-plus --format tsv --no-progress <"$tmp/lines.txt" >"$tmp/par.tsv" 2>"$tmp/par.err"
    header=$(head -n 1 "$tmp/single.tsv")
    lines=$(wc -l <"$tmp/lines.txt")
    chunks=$(((lines + 49) / 50))
    headers=$(grep -c -x -F -e "$header" "$tmp/par.tsv")
    ok=0
    if [ "$headers" != "$chunks" ]; then
        why "$headers header lines for $chunks chunks"
        ok=1
    fi
    grep -v -x -F -e "$header" "$tmp/par.tsv" >"$tmp/par.records"
    if awk -F '\t' '$1 != "<stdin>" || $2 < 1 || $2 > 50 { bad = 1 } END { exit !bad }' "$tmp/par.records"; then
        why "a record does not name <stdin> and a line from 1 to 50"
        ok=1
    fi
    sed 1d "$tmp/single.tsv" | cut -f 3- >"$tmp/single.cut"
    cut -f 3- "$tmp/par.records" >"$tmp/par.cut"
    if [ "$(wc -l <"$tmp/single.cut")" -ne "$lines" ]; then
        why "one process gave $(wc -l <"$tmp/single.cut") records for $lines lines"
        ok=1
    fi
    if ! cmp -s "$tmp/single.cut" "$tmp/par.cut"; then
        why "the records differ from one process's (columns 3 on):"
        diff "$tmp/single.cut" "$tmp/par.cut" | head -n 10 >>"$tmp/why"
        sed 's/^/parallel: /' "$tmp/par.err" | head -n 5 >>"$tmp/why"
        ok=1
    fi
    return $ok
}

if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    tcheck parallel_pipe_tsv    parallel_same
else
    skip parallel_pipe_tsv "no GNU parallel"
fi

# ------------------------------------------------------------ broken pipes

# A reader that leaves early (head -1) ends the run quietly: killed by
# SIGPIPE by default, status 74 and no message when SIGPIPE is ignored.
# Either way nothing is written to standard error. 1200 solutions are
# more than a pipe holds, so the writer always meets the closed pipe.
i=0
while [ $i -lt 60 ]; do cat puzzles/17clue.txt; i=$((i + 1)); done >"$tmp/many.txt"
quiet_pipe() {
    ( trap '' PIPE; "$SUDOKU" solve -j "$1" --no-progress "$tmp/many.txt" 2>"$tmp/pipe.err"
      echo $? >"$tmp/pipe.status" ) | head -n 1 >"$tmp/pipe.out"
    ok=0
    if [ "$(wc -l <"$tmp/pipe.out")" -ne 1 ]; then
        why "head got $(wc -l <"$tmp/pipe.out") lines"
        ok=1
    fi
    if [ -s "$tmp/pipe.err" ]; then
        why "standard error was not empty:"
        head -n 5 "$tmp/pipe.err" >>"$tmp/why"
        ok=1
    fi
    if [ "$(cat "$tmp/pipe.status")" != 74 ]; then
        why "status $(cat "$tmp/pipe.status"), expected 74 (EPIPE with SIGPIPE ignored)"
        ok=1
    fi
    return $ok
}
tcheck head_ends_quietly_j1 quiet_pipe 1
tcheck head_ends_quietly_j2 quiet_pipe 2

# ------------------------------------------------------------ summary

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
