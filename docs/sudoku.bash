# bash completion for sudoku(1).
#
# Installed as share/bash-completion/completions/sudoku, where the
# bash-completion package loads it on demand; or source it from ~/.bashrc.
# It needs nothing from bash-completion itself. It completes:
#   the command                  solve check grade explain hint print generate canon transform techniques help
#   after "help"                 the commands
#   each command's options       as programs/cli.c accepts them
#   --format values per command  solve: line grid tsv csv json, ...
#   --size values                9 8
#   --scale values (grade)       se basic
#   otherwise                    files and directories
# Option values are completed both as "--format json" and "--format=json".

_sudoku()
{
    local cur prev cmd i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=
    [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()

    # With '=' in COMP_WORDBREAKS (the default), "--format=js" arrives as
    # the words "--format" "=" "js" (or "--format" "=" while typing '=').
    local eq=
    if [ "$cur" = "=" ]; then
        eq=1
        cur=
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
        eq=1
        prev=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == --*=* ]]; then
        # '=' not a word break: complete the value after it, keeping the option.
        prev=${cur%%=*}
        cur=${cur#*=}
        eq=2
    fi

    if [ "$COMP_CWORD" -le 1 ]; then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W '--help --version -h -V' -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W 'solve check grade explain hint print generate canon transform techniques help' -- "$cur")
        fi
        return 0
    fi
    cmd=${COMP_WORDS[1]}
    if [ "$cmd" = help ]; then
        [ "$COMP_CWORD" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W 'solve check grade explain hint print generate canon transform techniques' -- "$cur")
        return 0
    fi
    if [ "$cmd" = generate ]; then
        _sudoku_generate
        return 0
    fi

    # After "--" every word is an operand.
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [ "${COMP_WORDS[i]}" = "--" ]; then
            _sudoku_files "$cur"
            return 0
        fi
    done

    local formats=
    case $cmd in
    solve) formats='line grid tsv csv json svg' ;;
    check) formats='text tsv csv json' ;;
    grade) formats='text serate tsv csv json' ;;
    explain) formats='text json svg html' ;;
    hint) formats='text json svg' ;;
    canon | transform) formats='line tsv csv json' ;;
    print) formats='html' ;;
    *) return 0 ;;    # not a command: the program will say so
    esac

    # The value of an option. A short option takes no "=VALUE".
    case $prev in
    -f | --format | -s | --size)
        [ "${prev#--}" = "$prev" ] && [ -n "$eq" ] && return 0
        case $prev in
        -f | --format) _sudoku_values "$formats" "$cur" "$eq" "$prev" ;;
        *) _sudoku_values '9 8' "$cur" "$eq" "$prev" ;;
        esac
        return 0
        ;;
    -l | --level)
        [ "$cmd" = hint ] && { _sudoku_values '1 2 3' "$cur" "$eq" "$prev"; return 0; }
        ;;
    -o | --output-dir)
        [ "$cmd" = solve ] || [ "$cmd" = explain ] || [ "$cmd" = hint ] || return 0
        [ "${prev#--}" = "$prev" ] && [ -n "$eq" ] && return 0
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return 0
        ;;
    -n | --per-page)
        [ "$cmd" = print ] && { _sudoku_values '1 2 4 6' "$cur" "$eq" "$prev"; return 0; }
        ;;
    --step | --steps)
        [ "$cmd" = explain ] && return 0    # a step's number
        ;;
    -T | --techniques)
        [ "$cmd" = grade ] || [ "$cmd" = explain ] || [ "$cmd" = hint ] || [ "$cmd" = print ] || return 0
        # The technique ids of lib/grade/engine.c's table, in its order.
        _sudoku_values 'full-house hidden-single-box hidden-single-line direct-pointing direct-claiming direct-hidden-pair naked-single direct-hidden-triple pointing claiming naked-pair x-wing hidden-pair naked-triple swordfish hidden-triple xy-wing xyz-wing unique-loop naked-quad jellyfish hidden-quad bug aligned-pair-exclusion forcing-chain aligned-triple-exclusion nishio-chain multiple-chain dynamic-chain dynamic-chain-plus nested-chain-fc nested-chain-mfc nested-chain-dfc' "$cur" "$eq" "$prev"
        return 0
        ;;
    --scale)
        [ "$cmd" = grade ] && _sudoku_values 'se basic' "$cur" "$eq" "$prev"
        return 0
        ;;
    -j | --jobs | -e | --puzzle)
        return 0    # a number, a puzzle: nothing to offer
        ;;
    -c | --count)
        [ "$cmd" = check ] && return 0
        ;;
    --seed)
        [ "$cmd" = transform ] && return 0    # a number
        ;;
    esac
    [ -n "$eq" ] && return 0

    if [[ $cur == -* ]]; then
        local opts='-e --puzzle -H --with-source -q --quiet --summary -j --jobs --progress --no-progress -s --size -h --help -V --version'
        case $cmd in
        solve) opts="$opts -f --format --json -o --output-dir" ;;
        grade) opts="$opts -f --format --json -T --techniques --scale" ;;
        check) opts="$opts -c --count -a --all -m --minimal -f --format --json" ;;
        canon) opts="$opts -f --format --json" ;;
        transform) opts="$opts --seed -f --format --json" ;;
        explain) opts="$opts -f --format --json --candidates -T --techniques --step --steps --position -o --output-dir" ;;
        hint) opts="$opts -l --level -f --format --json -T --techniques -o --output-dir" ;;
        print) opts="$opts -n --per-page -f --format -T --techniques" ;;
        esac
        mapfile -t COMPREPLY < <(compgen -W "$opts --" -- "$cur")
        return 0
    fi
    _sudoku_files "$cur"
    return 0
}

# generate: its own options (programs/generate_cmd.c's table), and no operands.
_sudoku_generate()
{
    case $prev in
    -f | --format | -s | --size | --symmetry | --level | --technique)
        [ "${prev#--}" = "$prev" ] && [ -n "$eq" ] && return 0
        case $prev in
        -f | --format) _sudoku_values 'line grid tsv csv json svg html' "$cur" "$eq" "$prev" ;;
        -s | --size) _sudoku_values '9 8' "$cur" "$eq" "$prev" ;;
        --symmetry) _sudoku_values 'none rot180 rot90 vertical horizontal both diagonal antidiagonal bidiagonal full' "$cur" "$eq" "$prev" ;;
        --level) _sudoku_values 'easy medium hard expert extreme' "$cur" "$eq" "$prev" ;;
        --technique) _sudoku_values 'full-house hidden-single-box hidden-single-line direct-pointing direct-claiming direct-hidden-pair naked-single direct-hidden-triple pointing claiming naked-pair x-wing hidden-pair naked-triple swordfish hidden-triple xy-wing xyz-wing unique-loop naked-quad jellyfish hidden-quad bug aligned-pair-exclusion forcing-chain aligned-triple-exclusion nishio-chain multiple-chain dynamic-chain dynamic-chain-plus nested-chain-fc nested-chain-mfc nested-chain-dfc' "$cur" "$eq" "$prev" ;;
        esac
        return 0
        ;;
    --from)
        [ "$eq" = 2 ] || _sudoku_files "$cur"    # not after a '=' typed inside the word
        return 0
        ;;
    -n | --count | --er | --ep | --ed | --clues | --pattern | --seed | --max-time | -j | --jobs)
        return 0    # numbers, ranges, a mask: nothing to offer
        ;;
    esac
    [ -n "$eq" ] && return 0
    mapfile -t COMPREPLY < <(compgen -W '-n --count -s --size --symmetry --level --er --ep --ed --technique --clues --pattern --from --seed --max-time -f --format --json -j --jobs --progress --no-progress -q --quiet -h --help -V --version' -- "$cur")
}

# COMPREPLY from a list of values; with eq=2 each keeps its "--option=".
_sudoku_values()
{
    local words=$1 cur=$2 eq=$3 opt=$4 v
    COMPREPLY=()
    for v in $(compgen -W "$words" -- "$cur"); do    # words without spaces
        if [ "$eq" = 2 ]; then
            COMPREPLY+=("$opt=$v")
        else
            COMPREPLY+=("$v")
        fi
    done
}

# Files and directories (operands); names may hold spaces.
_sudoku_files()
{
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

complete -F _sudoku sudoku
