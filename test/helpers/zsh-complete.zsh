# zsh -f zsh-complete.zsh LINE...: prints, for each LINE, the completions zsh's own completion system offers
# after it with `inv completion zsh` loaded, one a line, then a line <<<END>>>. One interactive zsh runs in a
# pseudo-terminal (zpty); each LINE is typed followed by Tab (bound to a widget that runs complete-word), what
# reaches compadd is printed between two markers, and Ctrl-U clears the line for the next one.
# `source zsh-complete.zsh --setup` is what that inner shell runs first.
if [[ $1 == --setup ]]; then
  PROMPT=''
  bindkey -e
  autoload -U compinit && compinit -u -D
  source <(inv completion zsh)
  zstyle ':completion:*' insert-tab false
  _capture_mark() { print -rn -- $'\n<<<MARK>>>\n' }
  # Nothing is inserted or listed: the line stays as typed, and the next Ctrl-U clears it.
  _capture_end() {
    compstate[insert]=''
    compstate[list]=''
    _capture_mark
  }
  # _main_complete empties compprefuncs and comppostfuncs after each use: they are set again at every Tab.
  _capture_complete() {
    compprefuncs=(_capture_mark)
    comppostfuncs=(_capture_end)
    zle complete-word
  }
  zle -N _capture_complete
  bindkey '^I' _capture_complete
  # Records the matches of every compadd call that adds matches (calls that only fetch, -O/-A/-D, pass through).
  compadd() {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
      builtin compadd "$@"
      return $?
    fi
    local -a __hits
    builtin compadd -O __hits "$@"
    (( $#__hits )) && print -rl -- $__hits
  }
  print -r -- READY
  return
fi
zmodload zsh/zpty || exit 3
zpty capture zsh -f -i
zpty -w capture "source ${(q)0:A} --setup"
zpty -r capture out '*READY*' || exit 4
for line in "$@"; do
  zpty -w -n capture "$line"$'\t'
  zpty -r capture out '*<<<MARK>>>*<<<MARK>>>*' || exit 5
  out=${out//$'\r'/}
  out=${out#*<<<MARK>>>$'\n'}
  print -rn -- ${out%%<<<MARK>>>*}
  print -r -- '<<<END>>>'
  zpty -w -n capture $'\C-u'
done
zpty -d capture
