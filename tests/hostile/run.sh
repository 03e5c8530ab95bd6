#!/bin/sh
# Hostile inputs: what the sudoku program does with input that is broken,
# strange, huge or malicious.
#
#   SUDOKU=build/sudoku sh tests/hostile/run.sh      (what 'make test-hostile' runs)
#   VALGRIND="valgrind --error-exitcode=99 ..." ...  (what 'make valgrind' runs)
#
# The rules every case checks (the issue's words): each problem is reported
# on standard error as 'file:line: what is wrong', the exit status is the
# documented one (65 malformed input, 66 an operand that cannot be read;
# see 'sudoku --help'), the other puzzles are still processed, and nothing
# crashes or reads out of bounds ('make check' runs this under ASan and
# UBSan, 'make valgrind' under valgrind).
#
# Each case runs one command and compares its exact standard output,
# standard error and exit status with what is expected:
#
#   tcase NAME STATUS CMD...         standard input is /dev/null
#   tests/hostile/expected/NAME.out  the exact standard output (missing: empty)
#   tests/hostile/expected/NAME.err  the exact standard error (missing: empty)
#
# The inputs are in tests/hostile/inputs/ (made once by hand and with a
# short script: random.bin is 4096 bytes from Python's random.Random(20240601),
# bytes.bin the bytes 0 to 255 in order). What is too big to commit (a 10 MB
# line, 100,000 bad lines, 200,000 puzzles) or cannot be committed (a
# symbolic link loop, a file nobody may read) is made in a scratch directory
# when the tests run, with its expected output; those cases run there, so
# messages name files relative to it. Some cases also have a time limit
# (a few seconds: enough for a slow machine and the sanitizers, far too
# little for anything that goes quadratic) or a memory limit (maximum RSS,
# measured with GNU time -v); the limits are not checked under valgrind, or
# without /usr/bin/time, and the summary says so.
# POSIX sh; no other language needed.

suite=hostile
. "$(dirname "$0")/../harness.sh"
VALGRIND=${VALGRIND:-} # a command prefix, split into words

I=tests/hostile/inputs    # the committed inputs
E=tests/hostile/expected  # their expected outputs
W=$tmp/work               # generated inputs; their cases run here
X=$tmp/expected           # and their expected outputs
mkdir "$W" "$X" || exit 2
unchecked=0

# The puzzle most cases use (Wikipedia's), its solution, and an 8x8 one.
P=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
S=534678912672195348198342567859761423426853791713924856961537284287419635345286179
P8=18....7...26.81.8.3.6.4.4..231...2.......5.14.67.....6...6.41.5.

# A 'time' utility that takes -p (POSIX); -v (GNU) also gives the maximum RSS.
timer=
for t in /usr/bin/time /bin/time; do
    if [ -x "$t" ] && "$t" -p true 2>/dev/null; then
        timer=$t
        break
    fi
done
gnu_time=
if [ -n "$timer" ] && "$timer" -v true 2>&1 | grep -q 'Maximum resident set size'; then
    gnu_time=1
fi

# ------------------------------------------------------------ the harness

sudoku() { $VALGRIND "$SUDOKU" "$@"; }

# Set before a case, reset by it:
input=/dev/null   # its standard input
where=$root       # where it runs
exp=$E            # where its expected outputs are
limit=            # seconds it may take at most
rss=              # kilobytes of maximum RSS it may use at most

reset_case() {
    input=/dev/null where=$root exp=$E limit='' rss=''
}

# Runs "$@" (a 'sudoku ...' command when a limit is set) in $where, with
# the time utility when a limit is to be checked; sets got, secs and kb.
run_case() {
    secs='' kb=''
    if [ -n "$VALGRIND" ] || [ -z "$timer" ] || { [ -z "$limit" ] && [ -z "$rss" ]; } ||
        { [ -n "$rss" ] && [ -z "$gnu_time" ]; }; then
        (cd "$where" && "$@") <"$input" >"$tmp/out" 2>"$tmp/err"
        got=$?
        return
    fi
    shift # 'sudoku': the binary is run directly, so that it is what is timed
    opt=-p
    [ -n "$rss" ] && opt=-v
    # shellcheck disable=SC2016 # $1 and $@ are the inner shell's
    (cd "$where" && "$timer" $opt sh -c 'e=$1; shift; exec "$@" 2>"$e"' sh "$tmp/err" "$SUDOKU" "$@") \
        <"$input" >"$tmp/out" 2>"$tmp/time"
    got=$?
    if [ $opt = -p ]; then
        secs=$(awk '$1 == "real" { print $2 }' "$tmp/time")
    else
        kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/time")
        # "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:01.23"
        secs=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time.*: //p' "$tmp/time" |
            awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    fi
}

tcase() {
    name=$1 want=$2
    shift 2
    run_case "$@"
    ok=1
    why=
    note=
    if [ "$got" != "$want" ]; then
        ok=0
        why="$why
  --- status: expected $want, got $got"
    fi
    if ! same "$exp/$name.out" "$tmp/out"; then
        ok=0
        why="$why
$(show_diff stdout "$exp/$name.out" "$tmp/out")"
    fi
    if ! same "$exp/$name.err" "$tmp/err"; then
        ok=0
        why="$why
$(show_diff stderr "$exp/$name.err" "$tmp/err")"
    fi
    if [ -n "$limit" ] || [ -n "$rss" ]; then
        if [ -n "$VALGRIND" ]; then
            note=" (limits not checked under valgrind)"
            unchecked=$((unchecked + 1))
        elif [ -z "$timer" ] || { [ -n "$rss" ] && [ -z "$gnu_time" ]; }; then
            note=" (limits not checked: no usable /usr/bin/time)"
            unchecked=$((unchecked + 1))
        else
            if [ -n "$limit" ] && ! awk -v s="$secs" -v l="$limit" 'BEGIN { exit !(s != "" && s + 0 <= l + 0) }'; then
                ok=0
                why="$why
  --- took ${secs:-?}s, more than the ${limit}s allowed"
            fi
            if [ -n "$rss" ] && ! awk -v k="$kb" -v l="$rss" 'BEGIN { exit !(k != "" && k + 0 <= l + 0) }'; then
                ok=0
                why="$why
  --- maximum RSS ${kb:-?} KB, more than the $rss KB allowed"
            fi
            note=" (${secs}s${kb:+, max RSS ${kb} KB})"
        fi
    fi
    reset_case
    if [ $ok = 0 ] && [ -n "${UPDATE_EXPECTED:-}" ] && [ ! -f "$exp/$name.grep" ]; then
        accept_output "$exp/$name"
    fi
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
        echo "ok $name$note"
    else
        failed=$((failed + 1))
        echo "FAIL $name: $*$why"
    fi
}

skip() {
    reset_case
    skipped=$((skipped + 1))
    echo "skip $1: $2"
}

# piped FILE CMD...: CMD with FILE on standard input through a pipe.
piped() {
    _file=$1
    shift
    cat "$_file" | "$@"
}

# n copies of line $1, into file $3.
repeat_line() {
    awk -v line="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) print line }' >"$3"
}

# $2 thousand bytes of character $1, no line end.
bytes_of() {
    dd if=/dev/zero bs=1000 count="$2" 2>/dev/null | tr '\0' "$1"
}

# ------------------------------------------------------------ bytes

# A NUL byte in a puzzle line means binary data: one message, and the rest
# of the file is not read (as grep does); in a comment or in the remark
# after a puzzle it is ignored like any other byte there (test_reader.c).
tcase nul_bytes                65 sudoku check "$I/nul.txt"
# Bytes >= 0x80 in a puzzle line: Latin-1 and UTF-8 letters (the column is
# the byte's); UTF-8 in the remark after a puzzle is fine.
tcase latin1_in_line           65 sudoku check "$I/latin1.txt"
tcase utf8_in_line             65 sudoku check "$I/utf8.txt"
tcase high_byte_in_grid        65 sudoku check "$I/high_in_grid.txt"
# Control bytes and a terminal escape sequence: never echoed raw.
tcase control_bytes            65 sudoku check "$I/control_bytes.txt"
# Every blank character the reader takes, mixed.
tcase blank_chars              0 sudoku check "$I/blank_chars.txt"

# A UTF-8 byte order mark is skipped, in each file, and at the start of a
# later line (files put end to end); a broken one is bytes that are not UTF-8.
tcase bom_accepted             0 sudoku check "$I/bom.txt"
tcase bom_each_file            0 sudoku check "$I/bom.txt" "$I/bom.txt"
tcase bom_crlf_framed_grid     0 sudoku solve "$I/bom_crlf_grid.txt"
tcase bom_only                 65 sudoku check "$I/bom_only.txt"
tcase bom_broken               65 sudoku check "$I/bom_broken.txt"
tcase bom_second_line          0 sudoku check "$I/bom_second_line.txt"

# Binary files: 4 KB of fixed pseudo-random bytes, the bytes 0-255 in order.
tcase random_bin               65 sudoku check "$I/random.bin"
input=$I/random.bin
tcase random_bin_stdin         65 sudoku check
tcase bytes_bin                65 sudoku solve "$I/bytes.bin"

# ------------------------------------------------------------ lines

# Line ends: CR alone, CRLF mixed with LF, no newline at the end.
tcase cr_only                  0 sudoku check "$I/cr_only.txt"
tcase crlf_mixed               0 sudoku check "$I/crlf_mixed.txt"
tcase no_final_newline         0 sudoku solve "$I/no_final_newline.txt" "$I/no_final_newline_line.txt"
# Nothing to read: no output, 'no puzzle in the input' and status 65, so
# that a script fed an empty variable does not pass.
tcase empty_file               65 sudoku check "$I/empty.txt"
input=$I/empty.txt
tcase empty_stdin              65 sudoku solve
tcase whitespace_only          65 sudoku check "$I/whitespace_only.txt"
tcase frames_only              65 sudoku check "$I/frames_only.txt"
tcase comments_only            65 sudoku check "$I/comments_only.txt"
tcase tabs_everywhere          0 sudoku check "$I/tabs.txt"

# Cell counts: 80, 82, 63, 65, 1 and 5 cells; a 9 in an 8x8 line and grid.
tcase cell_counts              65 sudoku check "$I/cell_counts.txt"
tcase digit9_in_8x8            65 sudoku check "$I/digit9_8x8.txt"

# ------------------------------------------------------------ grids

tcase short_row                65 sudoku check "$I/short_row.txt"
tcase long_row                 65 sudoku check "$I/long_row.txt"
tcase grid_blank_inside        65 sudoku check "$I/grid_blank_inside.txt"
tcase grid_cut_by_line         65 sudoku check "$I/grid_cut_by_line.txt"
tcase grids_back_to_back       0 sudoku check "$I/grids_back_to_back.txt"
tcase grid_tenth_row           65 sudoku check "$I/grid_tenth_row.txt"
tcase hash_in_grid             65 sudoku check "$I/hash_in_grid.txt"
# 9x9 and 8x8 lines and grids in one file; --size 8 on the 9x9 ones and
# --size 9 on the 8x8 ones: each is an error, the others are read.
tcase mixed_sizes              0 sudoku check "$I/mixed_sizes.txt"
tcase mixed_sizes_grid         0 sudoku solve -f grid "$I/mixed_sizes.txt"
tcase size8_on_9x9             65 sudoku check --size 8 "$I/mixed_sizes.txt"
tcase size9_on_8x8             65 sudoku check -s 9 "$I/mixed_sizes.txt"

# Pencil marks: a cell with no candidate ('.' and '0' groups), a 9 in an
# 8x8 grid, 8 and 10 groups in a 9x9 row, a blank among 81 groups.
tcase pencil_empty_cell        65 sudoku check "$I/pencil_empty_cell.txt"
tcase pencil_digit_range       65 sudoku check "$I/pencil_digit_range.txt"
tcase pencil_group_count       65 sudoku check "$I/pencil_group_count.txt"
tcase pencil_line_81           65 sudoku check "$I/pencil_line_81.txt"

# ------------------------------------------------------------ puzzles

# No clue at all: 'multiple' at once, in every command.
limit=2
tcase all_blank_check          2 sudoku check "$I/all_blank.txt"
limit=2
tcase all_blank_solve          2 sudoku solve "$I/all_blank.txt"
limit=2
tcase all_blank_grade          2 sudoku grade "$I/all_blank.txt"
limit=2
tcase all_blank_explain        2 sudoku explain "$I/all_blank.txt"
limit=2
tcase all_blank_8x8_count      2 sudoku check -c 3 "$I/all_blank_8x8.txt"
# Filled grids: a valid one is its own solution; two clues swapped.
tcase filled_valid             0 sudoku check "$I/filled_valid.txt"
tcase filled_valid_grade       0 sudoku grade "$I/filled_valid.txt"
tcase filled_valid_explain     0 sudoku explain "$I/filled_valid.txt"
tcase filled_invalid           1 sudoku check "$I/filled_invalid.txt"
tcase filled_invalid_solve     1 sudoku solve "$I/filled_invalid.txt"
# Every clue the same digit (9x9 and 8x8).
tcase all_same_solve           1 sudoku solve "$I/all_same.txt"
tcase all_same_grade           1 sudoku grade "$I/all_same.txt"
# 16 clues (a 17-clue puzzle less one): never unique.
limit=2
tcase clues16                  2 sudoku check -c 5 "$I/clues16.txt"

# ------------------------------------------------------------ all at once

# Every committed input in one run, in name order: the same output with
# one job and with four.
tcase inputs_dir               65 sudoku check -j 1 "$I"
cp "$E/inputs_dir.out" "$X/inputs_dir_j4.out" 2>/dev/null
cp "$E/inputs_dir.err" "$X/inputs_dir_j4.err" 2>/dev/null
exp=$X
tcase inputs_dir_j4            65 sudoku check -j 4 "$I"

# ------------------------------------------------------------ operands

tcase missing_among_hostile    66 sudoku check "$I/latin1.txt" "$I/no-such-file.txt" "$I/filled_valid.txt"
tcase file_with_slash          66 sudoku check "$I/filled_valid.txt/" "$I/filled_valid.txt"
# Standard input that cannot be read (a directory): a read error, 66.
input=$I
tcase stdin_is_directory       66 sudoku check - "$I/filled_valid.txt"

# A directory with a symbolic link back to it, and two that point at each
# other: each loop is reported once, the files are read.
mkdir -p "$W/loop/sub" "$W/pair/a" "$W/pair/b" &&
    printf '%s\n' "$P" >"$W/loop/p.txt" &&
    ln -s .. "$W/loop/sub/up" &&
    printf '%s\n' "$P8" >"$W/pair/a/p.txt" &&
    ln -s ../b "$W/pair/a/to-b" &&
    ln -s ../a "$W/pair/b/to-a" || exit 2
printf '%s unique\n' "$P" "$P8" "$P8" >"$X/dir_symlink_loop.out"
printf 'sudoku: %s: directory loop (a symbolic link to a parent)\n' \
    loop/sub/up pair/a/to-b/to-a pair/b/to-a/to-b >"$X/dir_symlink_loop.err"
where=$W exp=$X
tcase dir_symlink_loop         66 sudoku check loop pair

# A link to itself, and a dangling one in a directory.
ln -s self "$W/self" && mkdir "$W/dangling" && printf '%s\n' "$P" >"$W/dangling/a.txt" &&
    ln -s ../no-such-file "$W/dangling/b.txt" || exit 2
printf '%s unique\n' "$P" >"$X/symlinks_bad.out"
printf 'sudoku: self: Too many levels of symbolic links\nsudoku: dangling/b.txt: No such file or directory\n' \
    >"$X/symlinks_bad.err"
where=$W exp=$X
tcase symlinks_bad             66 sudoku check self dangling

# Directories nested 130 deep: below 128 levels they are reported, not
# followed; what is above is read.
d=deep
i=0
while [ $i -lt 130 ]; do
    d=$d/d
    i=$((i + 1))
done
mkdir -p "$W/$d" && printf '%s\n' "$P" >"$W/$d/p.txt" && printf '%s\n' "$P8" >"$W/deep/top.txt" || exit 2
d=deep
i=0
while [ $i -lt 128 ]; do
    d=$d/d
    i=$((i + 1))
done
printf '%s unique\n' "$P8" >"$X/nested_too_deep.out"
printf 'sudoku: %s: directories nested too deep\n' "$d" >"$X/nested_too_deep.err"
where=$W exp=$X
tcase nested_too_deep          66 sudoku check deep

# A file and a directory nobody may read (root reads them anyway: skipped).
mkdir "$W/locked" "$W/shut" && printf '%s\n' "$P" >"$W/locked/a.txt" && printf '%s\n' "$P" >"$W/locked/b.txt" &&
    printf '%s\n' "$P" >"$W/shut/c.txt" && chmod 000 "$W/locked/b.txt" "$W/shut" || exit 2
if [ "$(id -u)" != 0 ] && ! cat "$W/locked/b.txt" >/dev/null 2>&1; then
    printf '%s unique\n' "$P" >"$X/unreadable_file.out"
    printf 'sudoku: locked/b.txt: Permission denied\n' >"$X/unreadable_file.err"
    where=$W exp=$X
    tcase unreadable_file      66 sudoku check locked
    printf 'sudoku: shut: Permission denied\n' >"$X/unreadable_dir.err"
    printf '%s unique\n' "$P" >"$X/unreadable_dir.out"
    where=$W exp=$X
    tcase unreadable_dir       66 sudoku check shut locked/a.txt
else
    skip unreadable_file "running as root: permissions do not stop reading"
    skip unreadable_dir "running as root: permissions do not stop reading"
fi

# ------------------------------------------------------------ big inputs

# A 10 MB line (10,000,000 digits), then a puzzle: one error, quickly, in fixed memory.
{ bytes_of 1 10000 && printf '\n%s\n' "$P"; } >"$W/long.txt" || exit 2
printf '%s\n' '- invalid' "$P unique" >"$X/line_10mb.out"
printf 'long.txt:1: 10000000 cells: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8\n' >"$X/line_10mb.err"
where=$W exp=$X limit=2 rss=51200
tcase line_10mb                65 sudoku check long.txt

# 10 MB of NUL bytes and no line end, on standard input: from a file it
# is seen to be binary at once; through a pipe, which cannot be looked at
# before it is read, the reader sees the NUL and stops with one record.
bytes_of '\0' 10000 >"$W/nul10mb.bin" || exit 2
printf 'sudoku: <stdin>: binary data, not puzzle text\n' >"$X/nul_10mb_stdin.err"
input=$W/nul10mb.bin where=$W exp=$X limit=2
tcase nul_10mb_stdin           65 sudoku check
printf '%s\n' '- invalid' >"$X/nul_10mb_pipe.out"
printf '<stdin>:1: binary data (a NUL byte at column 1); the rest is not read\n' >"$X/nul_10mb_pipe.err"
where=$W exp=$X
tcase nul_10mb_pipe            65 piped nul10mb.bin sudoku check

# A 10 MB comment line, and a puzzle with a 10 MB remark: both ignored.
{ printf '#' && bytes_of '#' 10000 && printf '\n%s ' "$P" && bytes_of z 10000 && echo; } >"$W/remarks.txt" || exit 2
printf '%s\n' "$S" >"$X/remarks_10mb.out"
where=$W exp=$X limit=2
tcase remarks_10mb             0 sudoku solve remarks.txt

# A line of 1,000,000 dots.
{ bytes_of . 1000 && echo; } >"$W/dots.txt" || exit 2
printf '%s\n' '- invalid' >"$X/dots_1m.out"
printf 'dots.txt:1: 1000000 cells: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8\n' >"$X/dots_1m.err"
where=$W exp=$X limit=2
tcase dots_1m                  65 sudoku check dots.txt

# 100,000 lines of "x": each reported with its line number, streamed.
repeat_line x 100000 "$W/x.txt" || exit 2
repeat_line '- invalid' 100000 "$X/x_lines_100k.out"
awk 'BEGIN { for (i = 1; i <= 100000; i++)
    printf "x.txt:%d: 1 cell: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8\n", i }' >"$X/x_lines_100k.err"
where=$W exp=$X limit=5 rss=51200
tcase x_lines_100k             65 sudoku check x.txt

# 200,000 puzzles: memory stays bounded (a fixed ring of records).
repeat_line "$P" 200000 "$W/many.txt" || exit 2
repeat_line "$P unique" 200000 "$X/puzzles_200k.out"
where=$W exp=$X rss=51200
tcase puzzles_200k             0 sudoku check many.txt

# ------------------------------------------------------------ memory limits

# Under a memory limit (ulimit -v, in a subshell) with many threads, every
# record is written: worker stacks are small and started with memory set
# aside for the records. Not under valgrind or the sanitizers, which need
# more address space than any such limit allows (they are detected by the
# program failing to run at all under a generous one).
limited() {
    _kb=$1
    shift
    (ulimit -v "$_kb" 2>/dev/null && exec "$@")
}
if [ -n "$VALGRIND" ]; then
    mem_ok=0 mem_why="under valgrind"
elif ! limited 200000 "$SUDOKU" --version >/dev/null 2>&1; then
    mem_ok=0 mem_why="the program does not run under ulimit -v 200000 (a sanitizer build?)"
else
    mem_ok=1
fi
repeat_line "$P" 2000 "$W/many2k.txt" || exit 2
repeat_line "$P unique" 2000 "$X/memlimit_check_j64.out"
repeat_line "$P8" 300 "$W/many8.txt" || exit 2
# The grades expected under the limit: one job's, without it.
(cd "$W" && "$SUDOKU" grade -j 1 many8.txt) >"$X/memlimit_grade_j256.out" 2>/dev/null
if [ $mem_ok = 1 ]; then
    where=$W exp=$X
    tcase memlimit_check_j64   0 limited 100000 "$SUDOKU" check -j 64 many2k.txt
    where=$W exp=$X
    tcase memlimit_grade_j256  0 limited 60000 "$SUDOKU" grade -j 256 many8.txt
else
    skip memlimit_check_j64 "$mem_why"
    skip memlimit_grade_j256 "$mem_why"
fi

# When memory does run out, the run stops cleanly: status 70, one message
# naming the record it stopped at, and standard output holding exactly the
# records before it, each whole. The limits tried go from too little to
# load the program (status 127, not counted) to enough for the whole run
# (status 0 and all of the output); those in between must stop cleanly.
cp puzzles/hardest.txt "$W/hardest.txt" || exit 2
# -T: the nested chains would take seconds a puzzle, on every run of the loop.
(cd "$W" && "$SUDOKU" explain --candidates -T dynamic-chain-plus -j 1 hardest.txt) >"$tmp/oom.full" 2>/dev/null
oom_runs() {
    stopped=0
    kb=2000
    while [ $kb -le 4000 ]; do
        (cd "$W" && limited $kb "$SUDOKU" explain --candidates -T dynamic-chain-plus -j 64 hardest.txt) >"$tmp/oom.out" 2>"$tmp/oom.err"
        st=$?
        case $st in
        127) ;;
        0)
            if ! cmp -s "$tmp/oom.out" "$tmp/oom.full" || [ -s "$tmp/oom.err" ]; then
                echo "  --- ulimit -v $kb: status 0 but not the whole output, or messages"
                return 1
            fi
            ;;
        70)
            # The records before line N of hardest.txt (one puzzle a line):
            # the explanations up to the (N-1)th blank line, or none.
            n=$(sed -n 's/^sudoku: out of memory at hardest\.txt:\([0-9][0-9]*\): stopped there; the records before it are complete$/\1/p' "$tmp/oom.err")
            if [ -z "$n" ]; then
                if [ "$(cat "$tmp/oom.err")" = "sudoku: out of memory" ] && [ ! -s "$tmp/oom.out" ]; then
                    kb=$((kb + 50)) # too little to start: nothing written
                    continue
                fi
                echo "  --- ulimit -v $kb: status 70 with:"
                sed 's/^/  | /' "$tmp/oom.err"
                return 1
            fi
            if [ "$(wc -l <"$tmp/oom.err")" -ne 1 ]; then
                echo "  --- ulimit -v $kb: more than one message:"
                sed 's/^/  | /' "$tmp/oom.err"
                return 1
            fi
            awk -v n="$n" 'n == 1 { exit } { print } /^$/ && ++blank == n - 1 { exit }' "$tmp/oom.full" >"$tmp/oom.want"
            if ! cmp -s "$tmp/oom.out" "$tmp/oom.want"; then
                echo "  --- ulimit -v $kb: stopped at line $n, but the output is not the records before it"
                return 1
            fi
            stopped=$((stopped + 1))
            ;;
        *)
            echo "  --- ulimit -v $kb: status $st"
            sed 's/^/  | /' "$tmp/oom.err" | head -n 5
            return 1
            ;;
        esac
        kb=$((kb + 50))
    done
}
if [ $mem_ok = 1 ]; then
    if oom_runs >"$tmp/oom.why"; then
        passed=$((passed + 1))
        echo "ok out_of_memory_stops_cleanly ($stopped of the limits tried ran out mid-run)"
    else
        failed=$((failed + 1))
        echo "FAIL out_of_memory_stops_cleanly:"
        cat "$tmp/oom.why"
    fi
else
    skip out_of_memory_stops_cleanly "$mem_why"
fi

# ------------------------------------------------------------ summary

[ $skipped = 0 ] || echo "($skipped skipped)"
[ $unchecked = 0 ] || echo "($unchecked time or memory limits not checked)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
