# zsh -f zsh-complete.zsh LINE: prints, one a line, the completions zsh's own completion system offers
# after LINE with `inv completion zsh` loaded. An interactive zsh runs in a pseudo-terminal (zpty), LINE
# is typed followed by Tab (bound to complete-word), and what reaches compadd is printed between two
# markers; `source zsh-complete.zsh --setup` is what that inner shell runs first.
if [[ $1 == --setup ]]; then
  PROMPT=''
  autoload -U compinit && compinit -u -D
  source <(inv completion zsh)
  bindkey '^I' complete-word
  zstyle ':completion:*' insert-tab false
  _capture_mark() { print -rn -- $'\n<<<MARK>>>\n' }
  compprefuncs=(_capture_mark)
  comppostfuncs=(_capture_mark exit)
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
zpty -w -n capture "$1"$'\t'
zpty -r capture out '*<<<MARK>>>*<<<MARK>>>*' || exit 5
out=${out//$'\r'/}
out=${out#*<<<MARK>>>$'\n'}
print -rn -- ${out%%<<<MARK>>>*}
zpty -d capture
