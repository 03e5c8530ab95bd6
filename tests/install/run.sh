#!/bin/sh
# Install test: 'make install' into a scratch directory, then use what was
# installed the way a user would, then 'make uninstall'.
#
#   sh tests/install/run.sh                       (build/, built if needed)
#   make test-install                             (the $(BUILD) in force)
#
# Environment: BUILD (default build), MAKE (default make), and CC, CFLAGS,
# LDFLAGS for the example program; 'make test-install' passes its own, so
# that under the sanitizer pass of 'make check' the example links with the
# sanitized library it installed.
#
# What it checks:
#   - make install PREFIX=/usr DESTDIR=$tmp/root puts the six files in place,
#     with their modes, the same bytes as in the tree, and a .pc whose
#     Version is SUDOKU_VERSION of include/sudoku.h;
#   - tests/install/example.c compiles and links against the INSTALLED
#     header and library with the flags 'pkg-config --cflags --libs sudoku'
#     gives, and agrees with the installed program;
#   - the installed program runs; the man page renders without a warning
#     (groff -ww -z; mandoc -Tlint too when it is there) and mentions every
#     option, format and exit status the program knows; the completion
#     script completes what the program accepts;
#   - make uninstall with the same variables leaves no file behind;
#   - the default PREFIX is /usr/local, and DESTDIR may hold a space.
# Parts that need pkg-config, groff, mandoc or bash are skipped (and
# counted) when the tool is missing. POSIX sh.

LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd) || exit 2
root=$(cd "$here/../.." && pwd) || exit 2
cd "$root" || exit 2
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-install.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
skipped=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL $1"
    [ -z "$2" ] || sed 's/^/  | /' "$2"
}
skip() {
    skipped=$((skipped + 1))
    echo "skip $1"
}
# check NAME CMD...: passes when CMD succeeds.
check() {
    _name=$1
    shift
    if "$@" >"$tmp/check.out" 2>&1; then pass; else fail "$_name" "$tmp/check.out"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }
# has_words LIST WORD...: every WORD is a word of the space-separated LIST.
has_words() {
    _list=" $1 "
    shift
    for _w; do
        case $_list in *" $_w "*) ;; *) return 1 ;; esac
    done
}

version=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"$/\1/p' include/sudoku.h)
[ -n "$version" ] || { echo "run.sh: no SUDOKU_VERSION in include/sudoku.h" >&2; exit 2; }

# The files 'make install PREFIX=$2' puts under DESTDIR $1, one a line.
installed_files() {
    printf '%s\n' "$1$2/bin/sudoku" "$1$2/lib/libsudoku.a" "$1$2/include/sudoku.h" \
        "$1$2/share/man/man1/sudoku.1" "$1$2/lib/pkgconfig/sudoku.pc" \
        "$1$2/share/bash-completion/completions/sudoku"
}
# What is left under a DESTDIR: files and links (directories may stay).
leftovers() { find "$1" ! -type d; }

# ------------------------------------------------------------ install

dest=$tmp/root
usr=$dest/usr
if "$MAKE" -C "$root" --no-print-directory install PREFIX=/usr DESTDIR="$dest" BUILD="$BUILD" \
    >"$tmp/install.log" 2>&1; then
    pass
else
    fail "make install PREFIX=/usr DESTDIR=$dest BUILD=$BUILD" "$tmp/install.log"
    echo "$passed passed, $failed failed"
    exit 1
fi

installed_files "$dest" /usr >"$tmp/files"
while IFS= read -r f; do
    check "installed: $f" test -f "$f"
done <"$tmp/files"
check "bin/sudoku is executable" test -x "$usr/bin/sudoku"
for f in lib/libsudoku.a include/sudoku.h share/man/man1/sudoku.1 lib/pkgconfig/sudoku.pc \
    share/bash-completion/completions/sudoku; do
    check "mode 644: $f" sh -c 'ls -l "$1" | grep "^-rw-r--r--"' sh "$usr/$f"
done
check "same bytes: bin/sudoku" cmp "$BUILD/sudoku" "$usr/bin/sudoku"
check "same bytes: lib/libsudoku.a" cmp "$BUILD/libsudoku.a" "$usr/lib/libsudoku.a"
check "same bytes: include/sudoku.h" cmp include/sudoku.h "$usr/include/sudoku.h"
check "same bytes: man page" cmp docs/sudoku.1 "$usr/share/man/man1/sudoku.1"
check "same bytes: completion" cmp docs/sudoku.bash "$usr/share/bash-completion/completions/sudoku"

pc=$usr/lib/pkgconfig/sudoku.pc
check "sudoku.pc: Version $version" grep -x "Version: $version" "$pc"
check "sudoku.pc: prefix=/usr" grep -x "prefix=/usr" "$pc"
check "sudoku.pc: libdir under prefix" grep -x 'libdir=${prefix}/lib' "$pc"
check "sudoku.pc: links -lpthread" grep -x 'Libs: -L${libdir} -lsudoku -lpthread' "$pc"
check "sudoku.pc: no @VARIABLE@ left" sh -c '! grep @ "$1"' sh "$pc"

# ------------------------------------------------------------ the program

sudoku=$usr/bin/sudoku
solution=123845697456197283789362451892476315347951862561238749974613528215784936638529174
check "installed: sudoku --version" sh -c '[ "$("$1" --version)" = "sudoku $2" ]' sh "$sudoku" "$version"
check "installed: solve from standard input" \
    sh -c '[ "$("$1" solve <puzzles/sample.txt)" = "$2" ]' sh "$sudoku" "$solution"
check "installed: check -q exit status 0 (unique)" "$sudoku" check -q puzzles/easy.txt
check "installed: check -q exit status 1 (none)" sh -c '"$1" check -q puzzles/none.txt; [ $? = 1 ]' sh "$sudoku"
check "installed: check -q exit status 2 (multiple)" \
    sh -c '"$1" check -q puzzles/multiple.txt; [ $? = 2 ]' sh "$sudoku"
check "installed: grade a directory" sh -c '[ "$("$1" grade -q --summary puzzles | head -n 1 | cut -d" " -f1)" = summary: ]' \
    sh "$sudoku"

# ------------------------------------------------------------ the library

# The flags come from the installed .pc only. The .pc says prefix=/usr, the
# final place, while the files are still under DESTDIR: PKG_CONFIG_SYSROOT_DIR
# makes pkg-config put DESTDIR in front of the -I and -L paths (the way
# cross-compilers use staged roots), which also keeps pkgconf from dropping
# -I/usr/include and -L/usr/lib as system directories. PKG_CONFIG_LIBDIR
# (not _PATH) searches our directory alone, so an installed copy elsewhere
# cannot answer instead. --define-prefix, which relocates ${prefix} to where
# the .pc file is found, is checked as a second way when it is supported.
# The example is compiled from $tmp, where no include/ of the tree is seen.
if have pkg-config; then
    pcdir=$usr/lib/pkgconfig
    check "pkg-config --modversion sudoku" \
        sh -c '[ "$(PKG_CONFIG_LIBDIR="$1" pkg-config --modversion sudoku)" = "$2" ]' sh "$pcdir" "$version"
    if flags=$(PKG_CONFIG_LIBDIR=$pcdir PKG_CONFIG_SYSROOT_DIR=$dest pkg-config --cflags --libs sudoku); then
        pass
        if has_words "$flags" "-I$usr/include" "-L$usr/lib" -lsudoku -lpthread; then
            pass
        else
            echo "$flags" >"$tmp/flags"
            fail "pkg-config flags point into DESTDIR" "$tmp/flags"
        fi
        # shellcheck disable=SC2086 # CFLAGS, flags and LDFLAGS are word lists
        if (cd "$tmp" && $CC -std=c11 -Wall -Wextra -Wpedantic $CFLAGS "$here/example.c" $flags $LDFLAGS \
            -o "$tmp/example") >"$tmp/cc.log" 2>&1; then
            pass
            if "$tmp/example" <puzzles/sample.txt >"$tmp/example.out" 2>&1; then
                pass
                # The same answers as the installed program's.
                { "$sudoku" solve puzzles/sample.txt &&
                    "$sudoku" grade puzzles/sample.txt | cut -d' ' -f2-4; } >"$tmp/expected.out"
                if cmp -s "$tmp/expected.out" "$tmp/example.out"; then
                    pass
                else
                    diff -u "$tmp/expected.out" "$tmp/example.out" >"$tmp/diff"
                    fail "example agrees with sudoku solve and grade" "$tmp/diff"
                fi
            else
                fail "example runs" "$tmp/example.out"
            fi
            check "example: exit status 1 for no solution" sh -c '! "$1" <puzzles/none.txt' sh "$tmp/example"
        else
            fail "compile and link example.c against the installed library" "$tmp/cc.log"
        fi
    else
        fail "pkg-config --cflags --libs sudoku (sysroot)"
    fi
    if PKG_CONFIG_LIBDIR=$pcdir pkg-config --define-prefix --exists sudoku 2>/dev/null; then
        flags=$(PKG_CONFIG_LIBDIR=$pcdir pkg-config --define-prefix --cflags --libs sudoku)
        if has_words "$flags" "-I$usr/include" "-L$usr/lib"; then
            pass
        else
            echo "$flags" >"$tmp/flags"
            fail "pkg-config --define-prefix relocates the .pc" "$tmp/flags"
        fi
    else
        skip "pkg-config --define-prefix: not supported by this pkg-config"
    fi
else
    skip "pkg-config: not installed (library link test)"
fi

# ------------------------------------------------------------ the man page

man1=$usr/share/man/man1/sudoku.1
if have groff; then
    if groff -ww -z -man "$man1" >"$tmp/groff.out" 2>&1 && [ ! -s "$tmp/groff.out" ]; then
        pass
    else
        fail "groff -ww -z -man: no warnings" "$tmp/groff.out"
    fi
    groff -ww -man -Tutf8 "$man1" >"$tmp/man.txt" 2>"$tmp/groff.err"
    if [ -s "$tmp/man.txt" ] && [ ! -s "$tmp/groff.err" ] && grep -q "Usage error" "$tmp/man.txt"; then
        pass
    else
        fail "groff -man -Tutf8 renders the page" "$tmp/groff.err"
    fi
else
    skip "groff: not installed (man page rendering)"
fi
if have mandoc; then
    check "mandoc -Tlint: no warnings" mandoc -Tlint "$man1"
else
    skip "mandoc: not installed (optional man page lint)"
fi

# The page against the program: every option of every command's --help,
# every --format value (as the usage error lists them) and every exit
# status of 'sudoku --help'. In roff source a '-' is written '\-'.
roff() { printf '%s\n' "$1" | sed 's/-/\\-/g'; }
# The options a command's help lists, one a line.
help_options() {
    "$sudoku" "$1" --help | sed -n 's/^  \(-[A-Za-z]\), \(--[a-z-]*\).*/\1\
\2/p; s/^      \(--[a-z-]*\).*/\1/p'
}
# The --format values a command takes, one a line.
formats_of() {
    "$sudoku" "$1" --format '?' 2>&1 | sed -n "s/.*--format takes \(.*\), not .*/\1/p" |
        sed 's/,//g; s/ or / /' | tr ' ' '\n'
}
for cmd in solve check grade explain print generate canon transform; do
    check "man page: command $cmd" grep -q "^\.B $cmd\$" "$man1"
    help_options "$cmd" >"$tmp/opts"
    check "help of $cmd lists options" test -s "$tmp/opts"
    while IFS= read -r o; do
        check "man page: $cmd option $o" grep -q -F -e "$(roff "$o")" "$man1"
    done <"$tmp/opts"
    for f in $(formats_of "$cmd"); do
        check "man page: $cmd format $f" grep -q -F -e "$f" "$man1"
    done
done
"$sudoku" --help | sed -n 's/^ *\([0-9][0-9]*\)  .*/\1/p' >"$tmp/statuses"
check "sudoku --help lists exit statuses" test -s "$tmp/statuses"
while IFS= read -r s; do
    check "man page: exit status $s" grep -q -x "\.B $s" "$man1"
done <"$tmp/statuses"

# ------------------------------------------------------------ completion

# The installed script, sourced in a non-interactive bash; each case sets
# COMP_WORDS and COMP_CWORD as bash does, calls the function, and prints
# COMPREPLY sorted. Files are completed in a scratch directory.
if have bash; then
    mkdir -p "$tmp/comp/set 1" && : >"$tmp/comp/puzzles.txt" && : >"$tmp/comp/set 1/a.txt"
    cat >"$tmp/comp.bash" <<'EOF'
. "$1" || exit 1
complete -p sudoku || exit 1
c() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _sudoku
    printf '%s|' "$*"
    if [ ${#COMPREPLY[@]} -gt 0 ]; then printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '; fi
    echo
}
c sudoku ''
c sudoku gr
c sudoku --v
c sudoku solve --f
c sudoku solve --format ''
c sudoku check -f ''
c sudoku grade --format ''
c sudoku explain --format ''
c sudoku grade --format = s
c sudoku grade --format=j
c sudoku solve -s ''
c sudoku check --size = ''
c sudoku grade -j ''
c sudoku check --count ''
c sudoku check --c
c sudoku grade --c
c sudoku explain --c
c sudoku explain --j
c sudoku hint -f ''
c sudoku hint --l
c sudoku hint --level ''
c sudoku solve --no
c sudoku solve ''
c sudoku solve se
c sudoku grade 'set 1/'
c sudoku solve -- --
c sudoku frobnicate ''
c sudoku help g
c sudoku help grade ''
c sudoku check --a
c sudoku solve --wi
c sudoku solve -e ''
c sudoku grade --puzzle ''
c sudoku canon -f ''
c sudoku transform --se
c sudoku transform --seed ''
c sudoku check --m
c sudoku help t
c sudoku generate --sym
c sudoku generate --symmetry r
c sudoku generate --format ''
c sudoku generate --level e
c sudoku generate --technique xy
c sudoku generate --er ''
c sudoku grade --sc
c sudoku grade --scale ''
c sudoku grade --scale=b
c sudoku solve --scale ''
c sudoku print --per-page ''
c sudoku explain --st
c sudoku print -f ''
EOF
    cat >"$tmp/comp.expected" <<'EOF'
complete -F _sudoku sudoku
sudoku |canon check explain generate grade help hint print solve techniques transform 
sudoku gr|grade 
sudoku --v|--version 
sudoku solve --f|--format 
sudoku solve --format |csv grid json line svg tsv 
sudoku check -f |csv json text tsv 
sudoku grade --format |csv json serate text tsv 
sudoku explain --format |html json svg text 
sudoku grade --format = s|serate 
sudoku grade --format=j|--format=json 
sudoku solve -s |8 9 
sudoku check --size = |8 9 
sudoku grade -j |
sudoku check --count |
sudoku check --c|--count 
sudoku grade --c|
sudoku explain --c|--candidates 
sudoku explain --j|--jobs --json 
sudoku hint -f |json svg text 
sudoku hint --l|--level 
sudoku hint --level |1 2 3 
sudoku solve --no|--no-progress 
sudoku solve |puzzles.txt set 1 
sudoku solve se|set 1 
sudoku grade set 1/|set 1/a.txt 
sudoku solve -- --|
sudoku frobnicate |
sudoku help g|generate grade 
sudoku help grade |
sudoku check --a|--all 
sudoku solve --wi|--with-source 
sudoku solve -e |
sudoku grade --puzzle |
sudoku canon -f |csv json line tsv 
sudoku transform --se|--seed 
sudoku transform --seed |
sudoku check --m|--minimal 
sudoku help t|techniques transform 
sudoku generate --sym|--symmetry 
sudoku generate --symmetry r|rot180 rot90 
sudoku generate --format |csv grid html json line svg tsv 
sudoku generate --level e|easy expert extreme 
sudoku generate --technique xy|xy-wing xyz-wing 
sudoku generate --er |
sudoku grade --sc|--scale 
sudoku grade --scale |basic se 
sudoku grade --scale=b|--scale=basic 
sudoku solve --scale |
sudoku print --per-page |1 2 4 6 
sudoku explain --st|--step --steps 
sudoku print -f |html 
EOF
    if (cd "$tmp/comp" && bash --norc --noprofile "$tmp/comp.bash" \
        "$usr/share/bash-completion/completions/sudoku") >"$tmp/comp.out" 2>&1 &&
        cmp -s "$tmp/comp.expected" "$tmp/comp.out"; then
        pass
    else
        diff -u "$tmp/comp.expected" "$tmp/comp.out" >"$tmp/diff"
        fail "bash completion cases" "$tmp/diff"
    fi

    # Every option in each command's help and every format it takes.
    cat >"$tmp/comp2.bash" <<'EOF'
. "$1" || exit 1
COMP_WORDS=(sudoku "$2" "$3" "")
[ "$3" = - ] && COMP_WORDS=(sudoku "$2" -)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_sudoku
printf '%s\n' "${COMPREPLY[@]}"
EOF
    compfile=$usr/share/bash-completion/completions/sudoku
    for cmd in solve check grade explain hint print generate canon transform; do
        bash --norc --noprofile "$tmp/comp2.bash" "$compfile" "$cmd" - >"$tmp/offered"
        help_options "$cmd" >"$tmp/opts"
        check "completion: every option of $cmd --help" sh -c '
            while IFS= read -r o; do grep -q -x -e "$o" "$2" || { echo "missing $o"; exit 1; }; done <"$1"' \
            sh "$tmp/opts" "$tmp/offered"
        bash --norc --noprofile "$tmp/comp2.bash" "$compfile" "$cmd" --format | sort >"$tmp/offered"
        formats_of "$cmd" | sort >"$tmp/formats"
        check "completion: the --format values of $cmd" cmp "$tmp/formats" "$tmp/offered"
    done
else
    skip "bash: not installed (completion)"
fi

# ------------------------------------------------------------ uninstall

if "$MAKE" -C "$root" --no-print-directory uninstall PREFIX=/usr DESTDIR="$dest" BUILD="$BUILD" \
    >"$tmp/uninstall.log" 2>&1; then
    pass
else
    fail "make uninstall PREFIX=/usr DESTDIR=$dest" "$tmp/uninstall.log"
fi
leftovers "$dest" >"$tmp/left"
if [ ! -s "$tmp/left" ]; then pass; else fail "make uninstall leaves nothing" "$tmp/left"; fi

# ------------------------------------------------------------ defaults

# No PREFIX: /usr/local. A DESTDIR with a space in it.
dest2="$tmp/stage root"
if "$MAKE" -C "$root" --no-print-directory install DESTDIR="$dest2" BUILD="$BUILD" >"$tmp/install2.log" 2>&1; then
    pass
    installed_files "$dest2" /usr/local >"$tmp/files"
    while IFS= read -r f; do
        check "default prefix: $f" test -f "$f"
    done <"$tmp/files"
    check "default prefix: sudoku.pc says prefix=/usr/local" \
        grep -x "prefix=/usr/local" "$dest2/usr/local/lib/pkgconfig/sudoku.pc"
    installed_files "$dest2" /usr/local | sort >"$tmp/files"
    leftovers "$dest2" | sort >"$tmp/left"
    check "default prefix: nothing else installed" cmp "$tmp/files" "$tmp/left"
else
    fail "make install DESTDIR='$dest2' (default PREFIX)" "$tmp/install2.log"
fi
"$MAKE" -C "$root" --no-print-directory uninstall DESTDIR="$dest2" BUILD="$BUILD" >"$tmp/uninstall2.log" 2>&1 ||
    fail "make uninstall DESTDIR='$dest2'" "$tmp/uninstall2.log"
leftovers "$dest2" >"$tmp/left"
if [ ! -s "$tmp/left" ]; then pass; else fail "make uninstall (default prefix) leaves nothing" "$tmp/left"; fi

# ------------------------------------------------------------ summary

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "install: $passed passed, $failed failed"
[ $failed = 0 ]
