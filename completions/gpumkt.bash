# bash completion for gpumkt. Generated from the program definition by `gpumkt completion bash`;
# do not edit (run `npm run generate` in the source tree to regenerate).
# Completing never starts gpumkt or touches the network: every list is embedded below, and profile
# names are read from the config file with awk.
#
# Install one of:
#   system:   /usr/share/bash-completion/completions/gpumkt
#   per user: ${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/gpumkt
#   or add to ~/.bashrc:  source <(gpumkt completion bash)

# The typed word without its quoting: sets _gpumkt_word, and _gpumkt_quote to an opening quote.
_gpumkt_dequote() {
  _gpumkt_quote=''
  case $1 in
    \"*) _gpumkt_quote='"'; _gpumkt_word=${1#\"} ;;
    \'*) _gpumkt_quote="'"; _gpumkt_word=${1#\'} ;;
    *) _gpumkt_word=${1//\\\\/$'\001'}; _gpumkt_word=${_gpumkt_word//\\/}; _gpumkt_word=${_gpumkt_word//$'\001'/\\} ;;
  esac
}

# Offers the arguments that start with the typed word, quoted so each stays one shell word.
_gpumkt_add() {
  local v e
  for v in "$@"; do
    [[ $v == "$_gpumkt_word"* ]] || continue
    if [[ -n $_gpumkt_quote ]]; then
      COMPREPLY+=("$v")
    else
      printf -v e '%q' "$v"
      COMPREPLY+=("$e")
    fi
  done
  return 0
}

# Comma-separated lists: completes the item after the last comma, leaving out items already given.
_gpumkt_add_list() {
  local head='' last=$_gpumkt_word v
  case $last in *,*) head=${last%,*},; last=${last##*,} ;; esac
  for v in "$@"; do
    [[ $v == "$last"* && ,$head != *",$v,"* ]] && COMPREPLY+=("$head$v")
  done
  [[ ${#COMPREPLY[@]} -eq 0 ]] || compopt -o nospace 2>/dev/null
  return 0
}

# Profile names from the config file: --config on the line, GPUMKT_CONFIG, XDG_CONFIG_HOME, ~/.config.
_gpumkt_add_profiles() {
  local file=$_gpumkt_cfg line
  local -a names=()
  if [[ -n $file ]]; then
    _gpumkt_dequote "$file"
    file=$_gpumkt_word
    [[ $file == \~/* ]] && file=${HOME-}/${file#\~/}
    _gpumkt_dequote "$cur"
  elif [[ -n ${GPUMKT_CONFIG-} ]]; then
    file=$GPUMKT_CONFIG
  elif [[ ${XDG_CONFIG_HOME-} == /* ]]; then
    file=$XDG_CONFIG_HOME/gpumkt/config.json
  else
    file=${HOME-}/.config/gpumkt/config.json
  fi
  [[ -f $file && -r $file ]] || return 0
  while IFS= read -r line; do names+=("$line"); done < <(awk '{ t = t $0 "\n" }
END {
  n = length(t); d = 0; inp = 0; want = 0; key = ""
  for (i = 1; i <= n; i++) {
    c = substr(t, i, 1)
    if (c == "\"") {
      s = ""
      for (i++; i <= n; i++) {
        c = substr(t, i, 1)
        if (c == "\"") break
        if (c == "\\") { i++; c = substr(t, i, 1); if (c == "n" || c == "t" || c == "u") c = "\\" c }
        s = s c
      }
      key = s; want = 0; continue
    }
    if (c == ":") { if (d == 1 && key == "profiles") want = 1; else if (inp && d == 2 && key !~ /[\\[:cntrl:]]/) print key; key = ""; continue }
    if (c == "{" || c == "[") { d++; if (want && c == "{" && d == 2) inp = 1; want = 0; continue }
    if (c == "}" || c == "]") { d--; if (d < 2) inp = 0; want = 0; continue }
    if (c != " " && c != "\t" && c != "\n" && c != "\r") want = 0
  }
}' "$file" 2>/dev/null)
  _gpumkt_add ${names[@]+"${names[@]}"}
}

# Names learned from the service besides the built-in ones (gpumkt's cache; $1 the catalogue).
_gpumkt_add_learned() {
  local file line v seen
  if [[ ${XDG_CACHE_HOME-} == /* ]]; then file=$XDG_CACHE_HOME/gpumkt; else file=${HOME-}/.cache/gpumkt; fi
  file=$file/catalogues/$1.words
  shift
  local -a names=("$@")
  if [[ -f $file && -r $file ]]; then
    while IFS= read -r line; do
      seen=''
      for v in "${names[@]}"; do [[ $v == "$line" ]] && seen=1 && break; done
      [[ -n $seen || -z $line ]] || names+=("$line")
    done < "$file"
  fi
  _gpumkt_add "${names[@]}"
}

_gpumkt_add_files() {
  local f
  compopt -o filenames 2>/dev/null
  while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "$_gpumkt_word")
}

# Sets `subs` to the subcommands of the command path $1.
_gpumkt_cmds() {
  case $1 in
    '') subs='util-index history volume range memory latest utilization volatility rolling forward token-prices token-volume workload coding frontier power sites buyers gpus memory-types labs status api config sandbox completion sync lake help' ;;
    'config') subs='get set unset list path help' ;;
    'lake') subs='read log help' ;;
    *) subs='' ;;
  esac
}

# Sets `opts` to the flags valid at the command path $1.
_gpumkt_opts() {
  case $1 in
    ''|'config help'|'lake help'|'help') opts='-V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager -h --help' ;;
    'util-index') opts='--gpu --region --base-date --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'history') opts='--at --from --to --settled --granularity --limit -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'volume'|'range') opts='--from --to --settled --granularity --limit -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'memory') opts='--type --category --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'latest') opts='--current --previous -f --format -o --output --columns --no-header --raw --query --csv-safe --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'utilization') opts='-f --format -o --output --columns --no-header --raw --query --csv-safe --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'volatility') opts='--window-days --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'rolling'|'token-volume') opts='--from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'forward') opts='--tenor --include-suppressed -f --format -o --output --columns --no-header --raw --query --csv-safe --strict --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'token-prices') opts='--date --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'workload') opts='--family --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'coding') opts='--list --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'frontier') opts='--table -f --format -o --output --columns --no-header --order --raw --query --csv-safe --strict --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'power') opts='--load --fuel-mix --from --to --settled -f --format -o --output --columns --no-header --order --raw --query --csv-safe --append --partition-by --replace-restated --manifest --csv-dialect --lock-timeout --fail-empty --wide --y --stats --spark -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'sites') opts='--city --country --lat --lon --radius --scope --aggregate --map -f --format -o --output --columns --no-header --raw --query --csv-safe --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'buyers') opts='--tier -f --format -o --output --columns --no-header --raw --query --csv-safe --partition-by --manifest --csv-dialect --lock-timeout --fail-empty -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'gpus') opts='--aliases --live --free -f --format --no-header --query -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'memory-types') opts='--category --live -f --format --no-header --query -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'labs') opts='--free --live -f --format --no-header --query -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'status') opts='-f --format -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'api') opts='-q --param --query -f --format -o --output --columns --no-header --order --csv-safe -h --help -V --version --base-url --profile --config --timeout --retries --no-color -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'config'|'config get'|'config set'|'config unset'|'config list'|'config path'|'completion'|'lake') opts='-h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'sandbox') opts='--port --host -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --no-pager' ;;
    'sync') opts='--datasets -f --format --granularity --from --status --json --lock-timeout --table-format --endpoint-url --aws-profile --unsafe-single-writer -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'lake read') opts='--as-of --vintage -f --format -o --output --columns --no-header --csv-safe --query --endpoint-url --aws-profile -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    'lake log') opts='--key --from --to --revised -f --format -o --output --columns --no-header --csv-safe --query --endpoint-url --aws-profile -h --help -V --version --base-url --profile --config --timeout --retries --no-color -q --quiet -v --verbose --debug --dry-run --sandbox --no-pager' ;;
    *) opts='' ;;
  esac
}

# Succeeds when flag $2 takes a value at path $1; with a third argument, also offers its values.
_gpumkt_val() {
  case "$1|$2" in
    'util-index|--gpu') [[ -z ${3-} ]] || _gpumkt_add_learned 'gpu-types' 'H100 SXM' 'H200' 'A100 SXM4' 'B200' 'RTX 5090' 'RTX PRO 6000 WS' '5090' '6000' 'h100' 'h100sxm' 'h200' 'a100' 'a100sxm4' 'b200' 'rtx5090' 'pro6000' 'rtxpro6000' 'rtxpro6000ws' 'all' ;;
    'util-index|--region'|'util-index|--base-date'|'util-index|--from'|'util-index|--to'|'util-index|--query'|'util-index|--append'|'util-index|--partition-by'|'util-index|--lock-timeout'|'util-index|--y'|'history|--at'|'history|--from'|'history|--to'|'history|--limit'|'history|--query'|'history|--append'|'history|--partition-by'|'history|--lock-timeout'|'history|--y'|'volume|--from'|'volume|--to'|'volume|--limit'|'volume|--query'|'volume|--append'|'volume|--partition-by'|'volume|--lock-timeout'|'volume|--y'|'range|--from'|'range|--to'|'range|--limit'|'range|--query'|'range|--append'|'range|--partition-by'|'range|--lock-timeout'|'range|--y'|'memory|--from'|'memory|--to'|'memory|--query'|'memory|--append'|'memory|--partition-by'|'memory|--lock-timeout'|'memory|--y'|'latest|--query'|'latest|--partition-by'|'latest|--lock-timeout'|'utilization|--query'|'utilization|--partition-by'|'utilization|--lock-timeout'|'volatility|--window-days'|'volatility|--from'|'volatility|--to'|'volatility|--query'|'volatility|--append'|'volatility|--partition-by'|'volatility|--lock-timeout'|'volatility|--y'|'rolling|--from'|'rolling|--to'|'rolling|--query'|'rolling|--append'|'rolling|--partition-by'|'rolling|--lock-timeout'|'rolling|--y'|'forward|--query'|'forward|--partition-by'|'forward|--lock-timeout'|'token-prices|--date'|'token-prices|--from'|'token-prices|--to'|'token-prices|--query'|'token-prices|--append'|'token-prices|--partition-by'|'token-prices|--lock-timeout'|'token-prices|--y'|'token-volume|--from'|'token-volume|--to'|'token-volume|--query'|'token-volume|--append'|'token-volume|--partition-by'|'token-volume|--lock-timeout'|'token-volume|--y'|'workload|--from'|'workload|--to'|'workload|--query'|'workload|--append'|'workload|--partition-by'|'workload|--lock-timeout'|'workload|--y'|'coding|--from'|'coding|--to'|'coding|--query'|'coding|--append'|'coding|--partition-by'|'coding|--lock-timeout'|'coding|--y'|'frontier|--query'|'frontier|--partition-by'|'frontier|--lock-timeout'|'power|--from'|'power|--to'|'power|--query'|'power|--append'|'power|--partition-by'|'power|--lock-timeout'|'power|--y'|'sites|--city'|'sites|--country'|'sites|--lat'|'sites|--lon'|'sites|--radius'|'sites|--query'|'sites|--partition-by'|'sites|--lock-timeout'|'buyers|--query'|'buyers|--partition-by'|'buyers|--lock-timeout'|'gpus|--query'|'memory-types|--query'|'labs|--query'|'api|-q'|'api|--param'|'api|--query'|'api|--columns'|'sandbox|--port'|'sandbox|--host'|'sync|--from'|'sync|--lock-timeout'|'sync|--endpoint-url'|'sync|--aws-profile'|'lake read|--as-of'|'lake read|--columns'|'lake read|--query'|'lake read|--endpoint-url'|'lake read|--aws-profile'|'lake log|--key'|'lake log|--from'|'lake log|--to'|'lake log|--columns'|'lake log|--query'|'lake log|--endpoint-url'|'lake log|--aws-profile') [[ -z ${3-} ]] || : ;;
    'util-index|-f'|'util-index|--format'|'history|-f'|'history|--format'|'volume|-f'|'volume|--format'|'range|-f'|'range|--format'|'memory|-f'|'memory|--format'|'latest|-f'|'latest|--format'|'utilization|-f'|'utilization|--format'|'volatility|-f'|'volatility|--format'|'rolling|-f'|'rolling|--format'|'forward|-f'|'forward|--format'|'token-prices|-f'|'token-prices|--format'|'token-volume|-f'|'token-volume|--format'|'workload|-f'|'workload|--format'|'coding|-f'|'coding|--format'|'frontier|-f'|'frontier|--format'|'power|-f'|'power|--format'|'sites|-f'|'sites|--format'|'buyers|-f'|'buyers|--format'|'api|-f'|'api|--format') [[ -z ${3-} ]] || _gpumkt_add 'table' 'csv' 'tsv' 'json' 'ndjson' 'markdown' 'parquet' 'chart' ;;
    'util-index|-o'|'util-index|--output'|'history|-o'|'history|--output'|'volume|-o'|'volume|--output'|'range|-o'|'range|--output'|'memory|-o'|'memory|--output'|'latest|-o'|'latest|--output'|'utilization|-o'|'utilization|--output'|'volatility|-o'|'volatility|--output'|'rolling|-o'|'rolling|--output'|'forward|-o'|'forward|--output'|'token-prices|-o'|'token-prices|--output'|'token-volume|-o'|'token-volume|--output'|'workload|-o'|'workload|--output'|'coding|-o'|'coding|--output'|'frontier|-o'|'frontier|--output'|'power|-o'|'power|--output'|'sites|-o'|'sites|--output'|'buyers|-o'|'buyers|--output'|'api|-o'|'api|--output'|'lake read|-o'|'lake read|--output'|'lake log|-o'|'lake log|--output') [[ -z ${3-} ]] || _gpumkt_add_files ;;
    'util-index|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'date' 'occupancy' 'intensity' 'eur' 'basis' 'index' 'price' 'effectivePrice' 'revPag' 'priceCoverage' 'capacity' 'rented' 'demandEffect' 'supplyEffect' 'occupancyChange' 'decompositionBasis' 'comparable' 'reportingTypes' 'coverage' 'readings' 'gpu' ;;
    'util-index|--order'|'history|--order'|'volume|--order'|'range|--order'|'memory|--order'|'volatility|--order'|'rolling|--order'|'token-prices|--order'|'token-volume|--order'|'workload|--order'|'coding|--order'|'frontier|--order'|'power|--order'|'api|--order') [[ -z ${3-} ]] || _gpumkt_add 'asc' 'desc' ;;
    'util-index|--csv-dialect'|'history|--csv-dialect'|'volume|--csv-dialect'|'range|--csv-dialect'|'memory|--csv-dialect'|'latest|--csv-dialect'|'utilization|--csv-dialect'|'volatility|--csv-dialect'|'rolling|--csv-dialect'|'forward|--csv-dialect'|'token-prices|--csv-dialect'|'token-volume|--csv-dialect'|'workload|--csv-dialect'|'coding|--csv-dialect'|'frontier|--csv-dialect'|'power|--csv-dialect'|'sites|--csv-dialect'|'buyers|--csv-dialect') [[ -z ${3-} ]] || _gpumkt_add 'rfc4180' 'excel' ;;
    'history|--granularity'|'volume|--granularity'|'range|--granularity') [[ -z ${3-} ]] || _gpumkt_add 'daily' 'hourly' 'auto' ;;
    'history|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'timestamp' 'index_value' 'gpu' 'gpu_name' 'requested_datetime' 'time_difference' 'is_exact' ;;
    'volume|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'recorded_at' 'exact_timestamp' 'utilization_ratio' 'gpu' ;;
    'range|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'recorded_at' 'exact_timestamp' 'index_value' 'data_type' 'gpu' ;;
    'memory|--type') [[ -z ${3-} ]] || _gpumkt_add_learned 'memory-types' 'mem_ddr3_4gb' 'mem_ddr4_8gb' 'mem_ddr4_8gb_ett' 'mem_ddr4_16gb' 'mem_ddr4_16gb_ett' 'mem_ddr5_16gb' 'mem_ddr5_16gb_ett' 'mem_mlc_32gb' 'mem_mlc_64gb' 'mem_slc_1gb' 'mem_slc_2gb' 'mem_ddr4_udimm_16gb' 'mem_ddr5_rdimm_32gb' 'mem_ddr5_udimm_16gb' 'DDR3 4Gb (512Mx8) 1600/1866' 'DDR4 8Gb (1Gx8) 3200' 'DDR4 8Gb (1Gx8) eTT' 'DDR4 16Gb (2Gx8) 3200' 'DDR4 16Gb (2Gx8) eTT' 'DDR5 16Gb (2Gx8) 4800/5600' 'DDR5 16Gb (2Gx8) eTT' 'MLC 32Gb (4Gx8)' 'MLC 64Gb (8Gx8)' 'SLC 1Gb (128Mx8)' 'SLC 2Gb (256Mx8)' 'DDR4 UDIMM 16GB 3200' 'DDR5 RDIMM 32GB 4800/5600' 'DDR5 UDIMM 16GB 4800/5600' ;;
    'memory|--category'|'memory-types|--category') [[ -z ${3-} ]] || _gpumkt_add 'dram' 'flash' 'module' ;;
    'memory|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'id' 'memoryType' 'category' 'price' 'changePct' 'weeklyHigh' 'weeklyLow' 'sourceUpdatedAt' 'date' 'updatedAt' 'timestamp' ;;
    'latest|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'gpu_name' 'region' 'index_value' 'date' 'last_updated' ;;
    'utilization|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'gpu_type' 'region' 'utilization_ratio' 'avg_7d' 'avg_30d' 'recorded_at' ;;
    'volatility|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'recorded_at' 'gpu_type' 'region' 'index_value' 'rolling_volatility' 'window_days' ;;
    'rolling|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'gpu_name' 'region' 'average_usd_per_hour' 'last_updated' 'date' 'gpu' ;;
    'forward|--tenor') [[ -z ${3-} ]] || _gpumkt_add_list '1M' '6M' '1Y' '3Y' '5Y' ;;
    'forward|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'name' 'label' 'months' 'price' 'has_mark' 'as_of_date' 'insufficient_data' 'provenance_updated_at' 'provenance_source' 'gpu' ;;
    'token-prices|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'date' 'lab' 'indexPerMtok' 'computedAt' ;;
    'token-volume|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'date' 'lab' 'totalTokens' 'growthIndex' 'share' 'totalGrowthIndex' ;;
    'workload|--family') [[ -z ${3-} ]] || _gpumkt_add_list 'all' 'opus' 'sonnet' 'haiku' 'fable' 'flagship' 'mini' 'nano' 'pro' 'codex' 'image' 'flash' 'lite' ;;
    'workload|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'date' 'lab' 'family' 'cCents' 'lfl' 'qKtok' 'priceEffect' 'intensityEffect' 'mixEffect' 'computedAt' ;;
    'coding|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'product' 'label' 'kind' 'value' 'changePct' 'date' 'updatedAt' 'id' 'category' 'compare' 'seriesLabels' 'value2' ;;
    'frontier|--table') [[ -z ${3-} ]] || _gpumkt_add 'models' 'efforts' 'tests' 'release-dates' 'history' ;;
    'frontier|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'slug' 'name' 'lab' 'cap' 'tpt' 'price' 'pIn' 'pOut' 'totalTokens' 'costPerTask' 'bench_coding' 'bench_reasoning' 'bench_math' 'model' 'effort' 'rank' 'cost' 'tokensEst' 'timeSec' 'speedTps' 'speedMeasured' 'costBasis' 'id' 'category' 'metric' 'date' 'score' ;;
    'power|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'date' 'market' 'hub' 'peak_price' 'offpeak_price' 'traded_gwh' 'load_gwh' 'trades' 'timestamp' 'region' 'actual_mw' 'forecast_mw' 'coal_mw' 'gas_mw' 'nuclear_mw' 'hydro_mw' 'wind_mw' 'solar_mw' 'other_mw' ;;
    'sites|--scope') [[ -z ${3-} ]] || _gpumkt_add 'neocloud' 'all' ;;
    'sites|--aggregate') [[ -z ${3-} ]] || _gpumkt_add 'country' 'gpu_type' ;;
    'sites|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'company' 'siteName' 'streetAddress' 'city' 'state' 'country' 'latitude' 'longitude' 'dcTier' 'ownershipModel' 'coloPartner' 'gpuTypes' 'gpuQtyKnown' 'gpuQtyEst' 'chipGeneration' 'powerCapacity' 'category' 'isNeocloud' 'status' 'leaseTerm' 'keyCustomer' 'contractAnnounced' 'gpuOrderDate' 'constructionStart' 'phase1LiveDate' 'fullCapacityTarget' 'sourceNotes' 'key' 'site_count' 'total_power_mw' 'total_gpu_qty' ;;
    'buyers|--tier') [[ -z ${3-} ]] || _gpumkt_add_list 'T1' 'T2' 'T3' ;;
    'buyers|--columns') [[ -z ${3-} ]] || _gpumkt_add_list 'name' 'displayName' 'tier' 'workload' 'forWhat' 'what' 'sold' 'date' 'location' 'domain' 'url' ;;
    'gpus|-f'|'gpus|--format'|'memory-types|-f'|'memory-types|--format'|'labs|-f'|'labs|--format'|'lake read|-f'|'lake read|--format'|'lake log|-f'|'lake log|--format') [[ -z ${3-} ]] || _gpumkt_add 'table' 'csv' 'tsv' 'json' 'ndjson' 'markdown' 'parquet' ;;
    'status|-f'|'status|--format') [[ -z ${3-} ]] || _gpumkt_add 'text' 'json' ;;
    'sync|--datasets') [[ -z ${3-} ]] || _gpumkt_add_list 'util-index' 'history' 'volume' 'range' 'memory' 'latest' 'utilization' 'volatility' 'rolling' 'forward' 'token-prices' 'token-volume' 'workload' 'coding' 'frontier' 'power' 'sites' 'buyers' ;;
    'sync|-f'|'sync|--format') [[ -z ${3-} ]] || _gpumkt_add 'parquet' 'csv' ;;
    'sync|--granularity') [[ -z ${3-} ]] || _gpumkt_add 'daily' 'hourly' ;;
    'sync|--table-format') [[ -z ${3-} ]] || _gpumkt_add 'hive' 'delta' ;;
    'lake read|--vintage') [[ -z ${3-} ]] || _gpumkt_add 'first' 'latest' ;;
    *'|--base-url'|*'|--timeout'|*'|--retries') [[ -z ${3-} ]] || : ;;
    *'|--profile') [[ -z ${3-} ]] || _gpumkt_add_profiles ;;
    *'|--config') [[ -z ${3-} ]] || _gpumkt_add_files ;;
    *) return 1 ;;
  esac
}

# Offers values for positional argument number $2 (from 0) of the command path $1.
_gpumkt_arg() {
  case $1 in
    'history'|'volume'|'range'|'latest'|'volatility'|'rolling') _gpumkt_add_learned 'gpu-types' 'H100 SXM' 'H200' 'A100 SXM4' 'B200' 'RTX 5090' 'RTX PRO 6000 WS' '5090' '6000' 'h100' 'h100sxm' 'h200' 'a100' 'a100sxm4' 'b200' 'rtx5090' 'pro6000' 'rtxpro6000' 'rtxpro6000ws' 'all' ;;
    'forward') _gpumkt_add 'H100 SXM' 'H200' 'A100 SXM4' 'B200' 'RTX 5090' 'RTX PRO 6000 WS' 'B300' 'GB200' 'GB300' '5090' '6000' 'h100' 'h100sxm' 'h200' 'a100' 'a100sxm4' 'b200' 'rtx5090' 'pro6000' 'rtxpro6000' 'rtxpro6000ws' 'b300' 'gb200' 'gb300' 'all' ;;
    'token-prices') _gpumkt_add_learned 'labs' 'anthropic' 'openai' 'google' 'deepseek' 'minimax' 'xiaomi' 'qwen' 'moonshotai' 'z-ai' 'mistralai' 'meta-llama' ;;
    'workload') _gpumkt_add 'anthropic' 'openai' 'google' ;;
    'coding') _gpumkt_add_learned 'coding-products' 'cc-prs' 'codex-prs' 'copilot-prs' 'cursor-prs' 'devin-prs' 'cc-commits' 'cc-merge' 'codex-merge' 'copilot-merge' 'cursor-merge' 'devin-merge' 'cc-vs-codex' 'cc-vs-codex-merge' ;;
    'power') _gpumkt_add 'wecc-northwest' 'pjm' 'caiso' 'iso-ne' 'wecc-southwest' 'miso' 'ercot' 'all' ;;
    'api'|'sync') case $2 in 0) : ;; esac ;;
    'config get'|'config unset') case $2 in 0) _gpumkt_add 'api-key' 'base-url' 'timeout' 'retries' 'format' ;; esac ;;
    'config set') case $2 in 0) _gpumkt_add 'api-key' 'base-url' 'timeout' 'retries' 'format' ;; 1) : ;; esac ;;
    'config help') case $2 in 0) _gpumkt_add 'get' 'set' 'unset' 'list' 'path' ;; esac ;;
    'completion') case $2 in 0) _gpumkt_add 'bash' 'zsh' 'fish' ;; esac ;;
    'lake read'|'lake log') case $2 in 0) : ;; 1) : ;; esac ;;
    'lake help') case $2 in 0) _gpumkt_add 'read' 'log' ;; esac ;;
    'help') case $2 in 0) _gpumkt_add 'util-index' 'history' 'volume' 'range' 'memory' 'latest' 'utilization' 'volatility' 'rolling' 'forward' 'token-prices' 'token-volume' 'workload' 'coding' 'frontier' 'power' 'sites' 'buyers' 'gpus' 'memory-types' 'labs' 'status' 'api' 'config' 'sandbox' 'completion' 'sync' 'lake' ;; esac ;;
  esac
  return 0
}

_gpumkt() {
  local cur=${COMP_WORDS[COMP_CWORD]} path='' expect='' ended='' word subs opts i=1 nargs=0
  local _gpumkt_word='' _gpumkt_quote='' _gpumkt_cfg=''
  COMPREPLY=()
  while [[ $i -lt $COMP_CWORD ]]; do
    word=${COMP_WORDS[i]}
    i=$((i + 1))
    if [[ -n $expect ]]; then
      # `--flag=value` arrives as three words: bash splits at '=' (COMP_WORDBREAKS).
      [[ $word == = ]] && continue
      [[ $expect == --config ]] && _gpumkt_cfg=$word
      expect=''
    elif [[ -z $ended && $word == -?* ]]; then
      if [[ $word == -- ]]; then ended=1; elif _gpumkt_val "$path" "$word"; then expect=$word; fi
    else
      _gpumkt_cmds "$path"
      if [[ $nargs -eq 0 && " $subs " == *" $word "* ]]; then path=${path:+$path }$word; else nargs=$((nargs + 1)); fi
    fi
  done
  if [[ -n $expect ]]; then
    [[ $cur == = ]] && cur=''
    _gpumkt_dequote "$cur"
    _gpumkt_val "$path" "$expect" offer
    return 0
  fi
  _gpumkt_dequote "$cur"
  _gpumkt_opts "$path"
  if [[ -z $ended && $cur == -* ]]; then
    # shellcheck disable=SC2086 # the flag list is split on purpose
    _gpumkt_add $opts
    return 0
  fi
  _gpumkt_cmds "$path"
  if [[ -n $subs && $nargs -eq 0 ]]; then
    # shellcheck disable=SC2086
    _gpumkt_add $subs
  else
    _gpumkt_arg "$path" "$nargs"
  fi
  # Nothing else fits an empty word: offer the flags rather than nothing.
  if [[ ${#COMPREPLY[@]} -eq 0 && -z $cur && -z $ended ]]; then
    # shellcheck disable=SC2086
    _gpumkt_add $opts
  fi
  return 0
}

complete -F _gpumkt gpumkt
