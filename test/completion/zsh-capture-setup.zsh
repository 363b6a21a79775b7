# Sourced inside the pseudo-terminal zsh by zsh-capture.zsh: $1 folder holding _gpumkt, $2 mode.
PROMPT='' RPROMPT='' PS2=''
unsetopt beep
fpath=($1 $fpath)
autoload -U compinit && compinit -u -D
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-separator ''
bindkey '^I' complete-word
if [[ $2 == list ]]; then
  __gp_mark() { print -rn -- $'\x01BEGIN\x01\n' }
  __gp_done() { print -rn -- $'\x01END\x01\n'; exit }
  compprefuncs=(__gp_mark)
  comppostfuncs=(__gp_done)
  # Records every match the completion functions add; calls that only ask for matches pass through.
  compadd() {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
      builtin compadd "$@"
      return
    fi
    local -a __hits
    builtin compadd -O __hits "$@"
    local h
    for h in $__hits; do print -r -- "MATCH:$h"; done
    builtin compadd "$@"
  }
else
  __gp_show() {
    local -a w
    w=(${(z)BUFFER})
    print -rn -- $'\n\x01BEGIN\x01\n'
    print -r -- "BUFFER:$BUFFER"
    local x
    for x in $w; do print -r -- "WORD:${(Q)x}"; done
    print -rn -- $'\x01END\x01\n'
    exit
  }
  zle -N __gp_show
  bindkey '^X' __gp_show
fi
