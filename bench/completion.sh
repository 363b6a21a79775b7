#!/usr/bin/env bash
# Prints how long one Tab takes with the committed completion scripts in bash, zsh and fish:
# N completions in a loop inside each shell, divided by N. Needs bash, zsh, fish, awk.
# Usage: bench/completion.sh [N]   (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '{\n  "profiles": {\n    "work": {"timeout": 5},\n    "my local": {},\n    "staging": {}\n  }\n}\n' > "$tmp/config.json"
export GPUMKT_CONFIG=$tmp/config.json

echo "completion latency, mean of $n completions per case (ms per Tab)"

# bash: the function `complete -p gpumkt` names, driven through COMP_WORDS.
bash --norc --noprofile -c '
source completions/gpumkt.bash
n=$1
one() {
  local label=$1; shift
  COMP_WORDS=(gpumkt "$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  local start=$EPOCHREALTIME i
  for (( i = 0; i < n; i++ )); do _gpumkt; done
  local end=$EPOCHREALTIME
  printf "  bash  %-28s %6.2f\n" "$label" "$(awk "BEGIN { print ($end - $start) * 1000 / $n }")"
}
one "gpumkt hi" hi
one "gpumkt history RTX\\ P" history "RTX\\ P"
one "gpumkt memory --type mem_ddr5" memory --type mem_ddr5
one "gpumkt --profile (awk)" --profile ""
' bash "$n"

# zsh: a real interactive zsh on a pseudo-terminal; a widget runs complete-word N times per case.
zsh -f -c '
zmodload zsh/zpty
n=$1
zpty z zsh -f -i
zpty -w z "PROMPT=; fpath=(completions \$fpath); autoload -U compinit; compinit -u -D; zmodload zsh/datetime"
zpty -w z "__bench() { local s=\$EPOCHREALTIME i; repeat $n { BUFFER=\$__line; CURSOR=\$#BUFFER; zle complete-word }; print -r -- RESULT \$(( (EPOCHREALTIME - s) * 1000 / $n )); BUFFER=; zle -I }"
zpty -w z "zle -N __bench; bindkey \"^X\" __bench; zstyle \":completion:*\" list-prompt \"\"; LISTMAX=0"
for line in "gpumkt hi" "gpumkt history RTX\\ P" "gpumkt memory --type mem_ddr5" "gpumkt --profile "; do
  zpty -w z "__line=${(q)line}"
  zpty -w -n z $'"'"'\C-x'"'"'
  out=
  integer tries=0
  while (( tries++ < 400 )); do
    if zpty -r -t z chunk; then out+=$chunk; [[ $out == *RESULT\ [0-9]*$'"'"'\n'"'"'* ]] && break; else sleep 0.05; fi
  done
  ms=${${out##*RESULT }%%$'"'"'\r'"'"'*}
  printf "  zsh   %-28s %6.2f\n" "$line" "$ms"
done
zpty -d z
' zsh "$n"

# fish: `complete -C` N times per case.
fish --no-config -c '
source completions/gpumkt.fish
set n $argv[1]
for line in "gpumkt hi" "gpumkt history RTX\\ P" "gpumkt memory --type mem_ddr5" "gpumkt --profile "
  set s (date +%s%N)
  for i in (seq $n)
    complete -C $line >/dev/null
  end
  set e (date +%s%N)
  printf "  fish  %-28s %6.2f\n" $line (math "($e - $s) / 1000000 / $n")
end
' "$n"

# For scale: starting the CLI itself once (what a binary-calling completion would pay per Tab).
s=$(date +%s%N); node bin/gpumkt.cjs --version >/dev/null; e=$(date +%s%N)
printf '  node bin/gpumkt.cjs --version (one start)  %6.2f\n' "$(awk "BEGIN{print ($e-$s)/1000000}")"
