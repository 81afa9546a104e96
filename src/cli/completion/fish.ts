/** The fish completion script: one function reads the typed tokens and prints what to offer. */
import { argRows, quoted, valueRows, wordList, type Row } from './tables.js';
import type { Tree } from './tree.js';

/** `case` lines of rows, each printing its code and then its words. */
function cases(rows: Row[]): string {
  return rows
    .map((r) => {
      const key =
        r.path === undefined ? quoted(`*|${r.key}`) : r.rest ? quoted(`${r.path}|*`) : quoted(`${r.path}|${r.key}`);
      return `        case ${key}\n            echo ${r.code} ${r.words.map(quoted).join(' ')}`;
    })
    .join('\n');
}

/** The fish script: `complete -c inv -f -a '(__inv_complete)'`. */
export function fishScript(tree: Tree): string {
  const verbs = Object.entries(tree.verbs)
    .map(([noun, list]) => `        case ${quoted(noun)}\n            printf '%s\\n' ${list.map(quoted).join(' ')}`)
    .join('\n');
  const options = Object.entries(tree.options)
    .filter(([path, list]) => path !== '' && list.length > 0)
    .map(([path, list]) => `        case ${quoted(path)}\n            printf '%s\\n' ${list.map(quoted).join(' ')}`)
    .join('\n');
  return `# inv completion for fish: inv completion fish | source
# __inv_names KIND: the names of KIND (locations, mskus, …) that listing commands left in the completion
# cache, one a line; a Tab never asks the server.
function __inv_names
    set -l dir $INV_STATE_DIR
    if test -z "$dir"
        set -l base $XDG_STATE_HOME
        test -z "$base"; and set base $HOME/.local/state
        set dir $base/inv
    end
    command cat -- $dir/completion/$argv[1] 2>/dev/null
end

# __inv_verbs NOUN: the verbs of NOUN, one a line (none when it is not a noun).
function __inv_verbs
    switch $argv[1]
${verbs}
    end
end

# __inv_is_noun PATH: whether PATH is one word that has verbs.
function __inv_is_noun
    not string match -q '* *' -- $argv[1]; and test (count (__inv_verbs $argv[1])) -gt 0
end

# __inv_options PATH: the long options of the command PATH and the global ones.
function __inv_options
    switch $argv[1]
${options}
    end
    printf '%s\\n' ${(tree.options[''] ?? []).map(quoted).join(' ')}
end

# __inv_value PATH OPTION: what the option's value is: f (files), p (profiles), c and a kind of cached
# names, n (nothing) or w and
# the words; nothing when the option takes no value.
function __inv_value
    switch "$argv[1]|$argv[2]"
${cases(valueRows(tree))}
    end
end

# __inv_arg PATH POSITION: what the positional argument at POSITION (from 0) of the command PATH is.
function __inv_arg
    switch "$argv[1]|$argv[2]"
${cases(argRows(tree))}
        case '*'
            echo n
    end
end

# __inv_complete: what to offer for the token being completed, after the ones typed before it.
function __inv_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l current (commandline -ct)
    set -l cmdpath ''
    set -l position 0
    set -l want
    for w in $tokens
        if set -q want[1]
            set want
            continue
        end
        switch $w
            case '--*=*'
                continue
            case '-'
            case '-*'
                set want (string split ' ' -- (__inv_value "$cmdpath" $w))
                continue
        end
        if test -z "$cmdpath"
            set cmdpath $w
        else if __inv_is_noun $cmdpath
            set cmdpath "$cmdpath $w"
        else
            set position (math $position + 1)
        end
    end
    if not set -q want[1]
        if string match -q -- '-*' $current
            set want w (__inv_options $cmdpath)
        else if test -z "$cmdpath"
            set want w ${wordList(tree.commands)}
        else if __inv_is_noun $cmdpath
            set want w (__inv_verbs $cmdpath)
        else
            set want (string split ' ' -- (__inv_arg $cmdpath $position))
        end
    end
    switch $want[1]
        case f
            __fish_complete_path $current
        case p
            command inv profile list --names 2>/dev/null
        case c
            __inv_names $want[2]
        case w
            set -e want[1]
            string split ' ' -- $want
    end
end

complete -c inv -e
complete -c inv -f -a '(__inv_complete)'
`;
}
