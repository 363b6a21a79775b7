#!/usr/bin/env zsh
# Drives real zsh completion for the tests: starts an interactive zsh on a pseudo-terminal (zpty),
# loads compinit and the _gpumkt function from folder $1 (as a user's $fpath would), types line $3
# and Tab, and prints what the completion system produced.
#   mode "list":   every match offered, one per line (compadd is wrapped to record them)
#   mode "insert": the command line after Tab, and its words as zsh parses them, one per line
# Usage: zsh -f zsh-capture.zsh <fpath-folder> <list|insert> <line>
emulate -L zsh
zmodload zsh/zpty || exit 3
local dir=$1 mode=$2 line=$3 out chunk
local setup=${0:A:h}/zsh-capture-setup.zsh
zpty gpz zsh -f -i || exit 3
zpty -w gpz "source ${(q)setup} ${(q)dir} ${(q)mode}"
zpty -w -n gpz "$line"$'\t'
[[ $mode == insert ]] && zpty -w -n gpz $'\C-x'
# Read until the inner shell exits (the setup makes it exit right after printing), at most ~10 s.
integer tries=0
while (( tries++ < 200 )); do
  if zpty -r -t gpz chunk; then
    out+=$chunk
    [[ $out == *$'\x01END\x01'* ]] && break
  else
    sleep 0.05
  fi
done
zpty -d gpz
[[ $out == *$'\x01END\x01'* ]] || { print -u2 "zsh-capture: no result for: $line"; print -u2 -r -- "$out"; exit 4 }
out=${out#*$'\x01BEGIN\x01'}
out=${out%%$'\x01END\x01'*}
print -r -- "${out//$'\r'/}"
