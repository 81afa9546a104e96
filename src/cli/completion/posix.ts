/**
 * The bash and zsh completion scripts. Both carry the same reader of the typed words, written in plain
 * sh (positional parameters, no arrays, no variable named like a zsh special), and each shell adds
 * its own way of offering words, file names and profile names.
 */
import { argRows, quoted, valueRows, wordList, type Row } from './tables.js';
import type { Tree } from './tree.js';

/** `case` branches of rows: `'PATH|KEY')` (any path for a global option) setting _inv_k and _inv_w. */
function branches(rows: Row[]): string {
  return rows
    .map((r) => {
      const key =
        r.path === undefined
          ? `*${quoted(`|${r.key}`)}`
          : r.rest
            ? `${quoted(`${r.path}|`)}*`
            : quoted(`${r.path}|${r.key}`);
      return `    ${key}) _inv_k=${r.code} _inv_w=${wordList(r.words)} ;;`;
    })
    .join('\n');
}

/** The sh functions both shells share: the tables and _inv_candidates. */
function reader(tree: Tree): string {
  const verbs = Object.entries(tree.verbs)
    .map(([noun, list]) => `    ${quoted(noun)}) _inv_w=${wordList(list)} ;;`)
    .join('\n');
  const options = Object.entries(tree.options)
    .filter(([path, list]) => path !== '' && list.length > 0)
    .map(([path, list]) => `    ${quoted(path)}) _inv_w=${wordList(list)} ;;`)
    .join('\n');
  return `# _inv_names KIND: the names of KIND (locations, mskus, …) that listing commands left in the completion cache
# (src/cli/completion/names.ts), one a line; a Tab never asks the server.
_inv_names() {
  command cat -- "\${INV_STATE_DIR:-\${XDG_STATE_HOME:-$HOME/.local/state}/inv}/completion/$1" 2>/dev/null
}

# _inv_verbs NOUN: the verbs of NOUN in _inv_w; fails when it has none.
_inv_verbs() {
  case "$1" in
${verbs}
    *) return 1 ;;
  esac
}

# _inv_options PATH: the long options of the command PATH and the global ones, in _inv_w.
_inv_options() {
  _inv_w=''
  case "$1" in
${options}
  esac
  _inv_w="$_inv_w "${wordList(tree.options[''] ?? [])}
}

# _inv_value PATH OPTION: what the value of OPTION is in _inv_k (f files, p profiles, c the cached names of
# the kind in _inv_w, w the words in _inv_w, n nothing to offer), or _inv_k empty when the option takes no value.
_inv_value() {
  _inv_k='' _inv_w=''
  case "$1|$2" in
${branches(valueRows(tree))}
  esac
}

# _inv_arg PATH POSITION: what the positional argument at POSITION (from 0) of the command PATH is.
_inv_arg() {
  _inv_k=n _inv_w=''
  case "$1|$2" in
${branches(argRows(tree))}
  esac
}

# _inv_candidates CURRENT WORD...: what to offer for CURRENT, the word being completed, after the
# WORDs typed before it (inv left out): _inv_k f, p or w (the words in _inv_w, maybe none).
_inv_candidates() {
  local current="$1" cmdpath='' position=0 want='' wantw='' w
  shift
  for w in "$@"; do
    if [ -n "$want" ]; then
      # bash splits --profile=x into three words; the value is the one after "=".
      [ "$w" = = ] || want=''
      continue
    fi
    case "$w" in
      --*=*) continue ;;
      -?*) _inv_value "$cmdpath" "$w"; want="$_inv_k" wantw="$_inv_w"; continue ;;
    esac
    if [ -z "$cmdpath" ]; then cmdpath="$w"
    elif [ "\${cmdpath#* }" = "$cmdpath" ] && _inv_verbs "$cmdpath"; then cmdpath="$cmdpath $w"
    else position=$((position + 1)); fi
  done
  if [ -n "$want" ]; then _inv_k="$want" _inv_w="$wantw"
  else
    _inv_k=w
    case "$current" in
      -*) _inv_options "$cmdpath" ;;
      *)
        if [ -z "$cmdpath" ]; then _inv_w=${wordList(tree.commands)}
        elif [ "\${cmdpath#* }" = "$cmdpath" ] && _inv_verbs "$cmdpath"; then :
        else _inv_arg "$cmdpath" "$position"; fi ;;
    esac
  fi
  if [ "$_inv_k" = n ]; then _inv_k=w _inv_w=''; fi
}
`;
}

/** The bash script: `complete -F _inv_complete inv`. */
export function bashScript(tree: Tree): string {
  return `# inv completion for bash: source <(inv completion bash)
${reader(tree)}
_inv_complete() {
  local current="\${COMP_WORDS[COMP_CWORD]}"
  # bash makes "=" a word of its own: complete the value after --option=.
  [ "$current" = = ] && current=''
  _inv_candidates "$current" "\${COMP_WORDS[@]:1:COMP_CWORD-1}"
  case "$_inv_k" in
    f) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$current") ;;
    p) mapfile -t COMPREPLY < <(compgen -W "$(command inv profile list --names 2>/dev/null)" -- "$current") ;;
    c)
      # Names are server text: matched as plain strings (compgen -W would expand them) and escaped for the line. The
      # word may hold the line's quoting (Shelf\\ A after a first Tab, "Shelf A): matched without it.
      local name typed="$current"
      case "$typed" in
        \\'*) typed="\${typed#?}" ;;
        \\"*) typed="\${typed#?}" ;;
        *) typed="\${typed//\\\\/}" ;;
      esac
      COMPREPLY=()
      while IFS= read -r name; do
        case "$name" in "$typed"*) COMPREPLY+=("$(printf '%q' "$name")") ;; esac
      done < <(_inv_names "$_inv_w") ;;
    *) mapfile -t COMPREPLY < <(compgen -W "$_inv_w" -- "$current") ;;
  esac
}
complete -F _inv_complete inv
`;
}

/** The zsh script: a completion function for compsys (autoloaded from fpath as _inv, or sourced after compinit). */
export function zshScript(tree: Tree): string {
  return `#compdef inv
# inv completion for zsh: source <(inv completion zsh)  (after compinit), or save it as _inv in $fpath
${reader(tree)}
_inv() {
  _inv_candidates "$PREFIX" "\${(@)words[2,CURRENT-1]}"
  case "$_inv_k" in
    f) _files ;;
    p) local -a names; names=(\${(f)"$(command inv profile list --names 2>/dev/null)"}); compadd -a names ;;
    c) local -a names; names=(\${(f)"$(_inv_names $_inv_w)"}); compadd -a names ;;
    *) compadd -- \${=_inv_w} ;;
  esac
}

if [ "$funcstack[1]" = _inv ]; then _inv "$@"; else compdef _inv inv; fi
`;
}
