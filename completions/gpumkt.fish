# fish completion for gpumkt. Generated from the program definition by `gpumkt completion fish`;
# do not edit (run `npm run generate` in the source tree to regenerate).
# Completing never starts gpumkt or touches the network: every list is embedded below, and profile
# names are read from the config file with awk.
#
# Install one of:
#   system:   /usr/share/fish/vendor_completions.d/gpumkt.fish
#   per user: ~/.config/fish/completions/gpumkt.fish

# Which command path the words before the cursor name, how many arguments follow it, and --config.
# Cached per command line: fish evaluates every condition below for one Tab.
set -g __gpumkt_commands 'util-index' 'history' 'volume' 'range' 'memory' 'latest' 'utilization' 'volatility' 'rolling' 'forward' 'token-prices' 'token-volume' 'workload' 'coding' 'frontier' 'power' 'sites' 'buyers' 'gpus' 'memory-types' 'labs' 'status' 'api' 'config' 'config get' 'config set' 'config unset' 'config list' 'config path' 'config help' 'sandbox' 'completion' 'sync' 'lake' 'lake read' 'lake log' 'lake help' 'help'
set -g __gpumkt_valued '*|--base-url' '*|--profile' '*|--config' '*|--timeout' '*|--retries' 'util-index|--gpu' 'util-index|--region' 'util-index|--base-date' 'util-index|--from' 'util-index|--to' 'util-index|-f' 'util-index|--format' 'util-index|-o' 'util-index|--output' 'util-index|--columns' 'util-index|--order' 'util-index|--query' 'util-index|--append' 'util-index|--partition-by' 'util-index|--csv-dialect' 'util-index|--lock-timeout' 'util-index|--y' 'history|--at' 'history|--from' 'history|--to' 'history|--granularity' 'history|--limit' 'history|-f' 'history|--format' 'history|-o' 'history|--output' 'history|--columns' 'history|--order' 'history|--query' 'history|--append' 'history|--partition-by' 'history|--csv-dialect' 'history|--lock-timeout' 'history|--y' 'volume|--from' 'volume|--to' 'volume|--granularity' 'volume|--limit' 'volume|-f' 'volume|--format' 'volume|-o' 'volume|--output' 'volume|--columns' 'volume|--order' 'volume|--query' 'volume|--append' 'volume|--partition-by' 'volume|--csv-dialect' 'volume|--lock-timeout' 'volume|--y' 'range|--from' 'range|--to' 'range|--granularity' 'range|--limit' 'range|-f' 'range|--format' 'range|-o' 'range|--output' 'range|--columns' 'range|--order' 'range|--query' 'range|--append' 'range|--partition-by' 'range|--csv-dialect' 'range|--lock-timeout' 'range|--y' 'memory|--type' 'memory|--category' 'memory|--from' 'memory|--to' 'memory|-f' 'memory|--format' 'memory|-o' 'memory|--output' 'memory|--columns' 'memory|--order' 'memory|--query' 'memory|--append' 'memory|--partition-by' 'memory|--csv-dialect' 'memory|--lock-timeout' 'memory|--y' 'latest|-f' 'latest|--format' 'latest|-o' 'latest|--output' 'latest|--columns' 'latest|--query' 'latest|--partition-by' 'latest|--csv-dialect' 'latest|--lock-timeout' 'utilization|-f' 'utilization|--format' 'utilization|-o' 'utilization|--output' 'utilization|--columns' 'utilization|--query' 'utilization|--partition-by' 'utilization|--csv-dialect' 'utilization|--lock-timeout' 'volatility|--window-days' 'volatility|--from' 'volatility|--to' 'volatility|-f' 'volatility|--format' 'volatility|-o' 'volatility|--output' 'volatility|--columns' 'volatility|--order' 'volatility|--query' 'volatility|--append' 'volatility|--partition-by' 'volatility|--csv-dialect' 'volatility|--lock-timeout' 'volatility|--y' 'rolling|--from' 'rolling|--to' 'rolling|-f' 'rolling|--format' 'rolling|-o' 'rolling|--output' 'rolling|--columns' 'rolling|--order' 'rolling|--query' 'rolling|--append' 'rolling|--partition-by' 'rolling|--csv-dialect' 'rolling|--lock-timeout' 'rolling|--y' 'forward|--tenor' 'forward|-f' 'forward|--format' 'forward|-o' 'forward|--output' 'forward|--columns' 'forward|--query' 'forward|--partition-by' 'forward|--csv-dialect' 'forward|--lock-timeout' 'token-prices|--date' 'token-prices|--from' 'token-prices|--to' 'token-prices|-f' 'token-prices|--format' 'token-prices|-o' 'token-prices|--output' 'token-prices|--columns' 'token-prices|--order' 'token-prices|--query' 'token-prices|--append' 'token-prices|--partition-by' 'token-prices|--csv-dialect' 'token-prices|--lock-timeout' 'token-prices|--y' 'token-volume|--from' 'token-volume|--to' 'token-volume|-f' 'token-volume|--format' 'token-volume|-o' 'token-volume|--output' 'token-volume|--columns' 'token-volume|--order' 'token-volume|--query' 'token-volume|--append' 'token-volume|--partition-by' 'token-volume|--csv-dialect' 'token-volume|--lock-timeout' 'token-volume|--y' 'workload|--family' 'workload|--from' 'workload|--to' 'workload|-f' 'workload|--format' 'workload|-o' 'workload|--output' 'workload|--columns' 'workload|--order' 'workload|--query' 'workload|--append' 'workload|--partition-by' 'workload|--csv-dialect' 'workload|--lock-timeout' 'workload|--y' 'coding|--from' 'coding|--to' 'coding|-f' 'coding|--format' 'coding|-o' 'coding|--output' 'coding|--columns' 'coding|--order' 'coding|--query' 'coding|--append' 'coding|--partition-by' 'coding|--csv-dialect' 'coding|--lock-timeout' 'coding|--y' 'frontier|--table' 'frontier|-f' 'frontier|--format' 'frontier|-o' 'frontier|--output' 'frontier|--columns' 'frontier|--order' 'frontier|--query' 'frontier|--partition-by' 'frontier|--csv-dialect' 'frontier|--lock-timeout' 'power|--from' 'power|--to' 'power|-f' 'power|--format' 'power|-o' 'power|--output' 'power|--columns' 'power|--order' 'power|--query' 'power|--append' 'power|--partition-by' 'power|--csv-dialect' 'power|--lock-timeout' 'power|--y' 'sites|--city' 'sites|--country' 'sites|--lat' 'sites|--lon' 'sites|--radius' 'sites|--scope' 'sites|--aggregate' 'sites|-f' 'sites|--format' 'sites|-o' 'sites|--output' 'sites|--columns' 'sites|--query' 'sites|--partition-by' 'sites|--csv-dialect' 'sites|--lock-timeout' 'buyers|--tier' 'buyers|-f' 'buyers|--format' 'buyers|-o' 'buyers|--output' 'buyers|--columns' 'buyers|--query' 'buyers|--partition-by' 'buyers|--csv-dialect' 'buyers|--lock-timeout' 'gpus|-f' 'gpus|--format' 'gpus|--query' 'memory-types|--category' 'memory-types|-f' 'memory-types|--format' 'memory-types|--query' 'labs|-f' 'labs|--format' 'labs|--query' 'status|-f' 'status|--format' 'api|-q' 'api|--param' 'api|--query' 'api|-f' 'api|--format' 'api|-o' 'api|--output' 'api|--columns' 'api|--order' 'sandbox|--port' 'sandbox|--host' 'sync|--datasets' 'sync|-f' 'sync|--format' 'sync|--granularity' 'sync|--from' 'sync|--lock-timeout' 'sync|--table-format' 'sync|--endpoint-url' 'sync|--aws-profile' 'lake read|--as-of' 'lake read|--vintage' 'lake read|-f' 'lake read|--format' 'lake read|-o' 'lake read|--output' 'lake read|--columns' 'lake read|--query' 'lake read|--endpoint-url' 'lake read|--aws-profile' 'lake log|--key' 'lake log|--from' 'lake log|--to' 'lake log|-f' 'lake log|--format' 'lake log|-o' 'lake log|--output' 'lake log|--columns' 'lake log|--query' 'lake log|--endpoint-url' 'lake log|--aws-profile'
function __gpumkt_state
    set -l line (commandline -pc)
    test "$line" = "$__gpumkt_line"; and return
    set -g __gpumkt_line $line
    set -g __gpumkt_path ''
    set -g __gpumkt_nargs 0
    set -g __gpumkt_cfg ''
    set -l expect ''
    set -l ended 0
    for t in (commandline -opc)[2..-1]
        if test -n "$expect"
            test "$expect" = --config; and set -g __gpumkt_cfg $t
            set expect ''
        else if test $ended = 0; and string match -q -- "-?*" $t
            if test "$t" = --
                set ended 1
            else if string match -q -- "--config=*" $t
                set -g __gpumkt_cfg (string replace -- --config= "" $t)
            else if contains -- "$__gpumkt_path|$t" $__gpumkt_valued; or contains -- "*|$t" $__gpumkt_valued
                set expect $t
            end
        else if test $__gpumkt_nargs = 0; and contains -- (string trim -- "$__gpumkt_path $t") $__gpumkt_commands
            set -g __gpumkt_path (string trim -- "$__gpumkt_path $t")
        else
            set -g __gpumkt_nargs (math $__gpumkt_nargs + 1)
        end
    end
end

# True at command path $argv[1] (flags of that command).
function __gpumkt_at
    __gpumkt_state
    test "$__gpumkt_path" = "$argv[1]"
end

# True at command path $argv[1] when the next argument is number $argv[2] (from 0; '>=N' for N or more).
function __gpumkt_pos
    __gpumkt_state
    test "$__gpumkt_path" = "$argv[1]"; or return 1
    switch $argv[2]
        case '>=*'
            test $__gpumkt_nargs -ge (string sub -s 3 -- $argv[2])
        case '*'
            test $__gpumkt_nargs = $argv[2]
    end
end

# Comma-separated lists: completes the item after the last comma, leaving out items already given.
function __gpumkt_list
    set -l token (string replace -r -- "^--[^=]*=" "" (commandline -ct))
    set -l head (string match -r -- "^.*," $token)
    set -l given (string split -- , "$head")
    for v in $argv
        contains -- $v $given; or printf "%s%s\n" "$head" $v
    end
end

# Profile names from the config file: --config on the line, GPUMKT_CONFIG, XDG_CONFIG_HOME, ~/.config.
function __gpumkt_profiles
    __gpumkt_state
    set -l file $__gpumkt_cfg
    if test -z "$file"
        if set -q GPUMKT_CONFIG; and test -n "$GPUMKT_CONFIG"
            set file $GPUMKT_CONFIG
        else if set -q XDG_CONFIG_HOME; and string match -q -- "/*" $XDG_CONFIG_HOME
            set file $XDG_CONFIG_HOME/gpumkt/config.json
        else
            set file ~/.config/gpumkt/config.json
        end
    end
    test -f "$file" -a -r "$file"; or return
    awk '{ t = t $0 "\\n" }
END {
  n = length(t); d = 0; inp = 0; want = 0; key = ""
  for (i = 1; i <= n; i++) {
    c = substr(t, i, 1)
    if (c == "\\"") {
      s = ""
      for (i++; i <= n; i++) {
        c = substr(t, i, 1)
        if (c == "\\"") break
        if (c == "\\\\") { i++; c = substr(t, i, 1); if (c == "n" || c == "t" || c == "u") c = "\\\\" c }
        s = s c
      }
      key = s; want = 0; continue
    }
    if (c == ":") { if (d == 1 && key == "profiles") want = 1; else if (inp && d == 2 && key !~ /[\\\\[:cntrl:]]/) print key; key = ""; continue }
    if (c == "{" || c == "[") { d++; if (want && c == "{" && d == 2) inp = 1; want = 0; continue }
    if (c == "}" || c == "]") { d--; if (d < 2) inp = 0; want = 0; continue }
    if (c != " " && c != "\\t" && c != "\\n" && c != "\\r") want = 0
  }
}' $file 2>/dev/null
end

# Names learned from the service besides the built-in ones (gpumkt's cache): those of catalogue
# $argv[1] not among $argv[2..].
function __gpumkt_learned
    set -l dir $HOME/.cache/gpumkt
    if set -q XDG_CACHE_HOME; and string match -q -- "/*" $XDG_CACHE_HOME
        set dir $XDG_CACHE_HOME/gpumkt
    end
    set -l file $dir/catalogues/$argv[1].words
    test -f "$file" -a -r "$file"; or return
    while read -l line
        test -n "$line"; and not contains -- $line $argv[2..-1]; and printf '%s\t%s\n' $line 'learned from the service'
    end <$file
end

function __gpumkt_v_gpu_1
    printf '%s\t%s\n' 'H100 SXM' 'GPU model'
    printf '%s\t%s\n' 'H200' 'GPU model'
    printf '%s\t%s\n' 'A100 SXM4' 'GPU model'
    printf '%s\t%s\n' 'B200' 'GPU model'
    printf '%s\t%s\n' 'RTX 5090' 'GPU model'
    printf '%s\t%s\n' 'RTX PRO 6000 WS' 'GPU model'
    printf '%s\t%s\n' '5090' 'alias of RTX 5090'
    printf '%s\t%s\n' '6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'h100' 'alias of H100 SXM'
    printf '%s\t%s\n' 'h100sxm' 'alias of H100 SXM'
    printf '%s\t%s\n' 'h200' 'alias of H200'
    printf '%s\t%s\n' 'a100' 'alias of A100 SXM4'
    printf '%s\t%s\n' 'a100sxm4' 'alias of A100 SXM4'
    printf '%s\t%s\n' 'b200' 'alias of B200'
    printf '%s\t%s\n' 'rtx5090' 'alias of RTX 5090'
    printf '%s\t%s\n' 'pro6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'rtxpro6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'rtxpro6000ws' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'all' 'every model'
    __gpumkt_learned 'gpu-types' 'H100 SXM' 'H200' 'A100 SXM4' 'B200' 'RTX 5090' 'RTX PRO 6000 WS' '5090' '6000' 'h100' 'h100sxm' 'h200' 'a100' 'a100sxm4' 'b200' 'rtx5090' 'pro6000' 'rtxpro6000' 'rtxpro6000ws' 'all'
end

function __gpumkt_v_format_2
    printf '%s\t%s\n' 'table' 'format'
    printf '%s\t%s\n' 'csv' 'format'
    printf '%s\t%s\n' 'tsv' 'format'
    printf '%s\t%s\n' 'json' 'format'
    printf '%s\t%s\n' 'ndjson' 'format'
    printf '%s\t%s\n' 'markdown' 'format'
    printf '%s\t%s\n' 'parquet' 'format'
    printf '%s\t%s\n' 'chart' 'format'
end

function __gpumkt_v_order_3
    printf '%s\t%s\n' 'asc' 'order'
    printf '%s\t%s\n' 'desc' 'order'
end

function __gpumkt_v_csvDialect_4
    printf '%s\t%s\n' 'rfc4180' 'csvDialect'
    printf '%s\t%s\n' 'excel' 'csvDialect'
end

function __gpumkt_v_granularity_5
    printf '%s\t%s\n' 'daily' 'granularity'
    printf '%s\t%s\n' 'hourly' 'granularity'
    printf '%s\t%s\n' 'auto' 'granularity'
end

function __gpumkt_v_type_6
    printf '%s\t%s\n' 'mem_ddr3_4gb' 'DDR3 4Gb (512Mx8) 1600/1866'
    printf '%s\t%s\n' 'mem_ddr4_8gb' 'DDR4 8Gb (1Gx8) 3200'
    printf '%s\t%s\n' 'mem_ddr4_8gb_ett' 'DDR4 8Gb (1Gx8) eTT'
    printf '%s\t%s\n' 'mem_ddr4_16gb' 'DDR4 16Gb (2Gx8) 3200'
    printf '%s\t%s\n' 'mem_ddr4_16gb_ett' 'DDR4 16Gb (2Gx8) eTT'
    printf '%s\t%s\n' 'mem_ddr5_16gb' 'DDR5 16Gb (2Gx8) 4800/5600'
    printf '%s\t%s\n' 'mem_ddr5_16gb_ett' 'DDR5 16Gb (2Gx8) eTT'
    printf '%s\t%s\n' 'mem_mlc_32gb' 'MLC 32Gb (4Gx8)'
    printf '%s\t%s\n' 'mem_mlc_64gb' 'MLC 64Gb (8Gx8)'
    printf '%s\t%s\n' 'mem_slc_1gb' 'SLC 1Gb (128Mx8)'
    printf '%s\t%s\n' 'mem_slc_2gb' 'SLC 2Gb (256Mx8)'
    printf '%s\t%s\n' 'mem_ddr4_udimm_16gb' 'DDR4 UDIMM 16GB 3200'
    printf '%s\t%s\n' 'mem_ddr5_rdimm_32gb' 'DDR5 RDIMM 32GB 4800/5600'
    printf '%s\t%s\n' 'mem_ddr5_udimm_16gb' 'DDR5 UDIMM 16GB 4800/5600'
    printf '%s\t%s\n' 'DDR3 4Gb (512Mx8) 1600/1866' 'mem_ddr3_4gb'
    printf '%s\t%s\n' 'DDR4 8Gb (1Gx8) 3200' 'mem_ddr4_8gb'
    printf '%s\t%s\n' 'DDR4 8Gb (1Gx8) eTT' 'mem_ddr4_8gb_ett'
    printf '%s\t%s\n' 'DDR4 16Gb (2Gx8) 3200' 'mem_ddr4_16gb'
    printf '%s\t%s\n' 'DDR4 16Gb (2Gx8) eTT' 'mem_ddr4_16gb_ett'
    printf '%s\t%s\n' 'DDR5 16Gb (2Gx8) 4800/5600' 'mem_ddr5_16gb'
    printf '%s\t%s\n' 'DDR5 16Gb (2Gx8) eTT' 'mem_ddr5_16gb_ett'
    printf '%s\t%s\n' 'MLC 32Gb (4Gx8)' 'mem_mlc_32gb'
    printf '%s\t%s\n' 'MLC 64Gb (8Gx8)' 'mem_mlc_64gb'
    printf '%s\t%s\n' 'SLC 1Gb (128Mx8)' 'mem_slc_1gb'
    printf '%s\t%s\n' 'SLC 2Gb (256Mx8)' 'mem_slc_2gb'
    printf '%s\t%s\n' 'DDR4 UDIMM 16GB 3200' 'mem_ddr4_udimm_16gb'
    printf '%s\t%s\n' 'DDR5 RDIMM 32GB 4800/5600' 'mem_ddr5_rdimm_32gb'
    printf '%s\t%s\n' 'DDR5 UDIMM 16GB 4800/5600' 'mem_ddr5_udimm_16gb'
    __gpumkt_learned 'memory-types' 'mem_ddr3_4gb' 'mem_ddr4_8gb' 'mem_ddr4_8gb_ett' 'mem_ddr4_16gb' 'mem_ddr4_16gb_ett' 'mem_ddr5_16gb' 'mem_ddr5_16gb_ett' 'mem_mlc_32gb' 'mem_mlc_64gb' 'mem_slc_1gb' 'mem_slc_2gb' 'mem_ddr4_udimm_16gb' 'mem_ddr5_rdimm_32gb' 'mem_ddr5_udimm_16gb' 'DDR3 4Gb (512Mx8) 1600/1866' 'DDR4 8Gb (1Gx8) 3200' 'DDR4 8Gb (1Gx8) eTT' 'DDR4 16Gb (2Gx8) 3200' 'DDR4 16Gb (2Gx8) eTT' 'DDR5 16Gb (2Gx8) 4800/5600' 'DDR5 16Gb (2Gx8) eTT' 'MLC 32Gb (4Gx8)' 'MLC 64Gb (8Gx8)' 'SLC 1Gb (128Mx8)' 'SLC 2Gb (256Mx8)' 'DDR4 UDIMM 16GB 3200' 'DDR5 RDIMM 32GB 4800/5600' 'DDR5 UDIMM 16GB 4800/5600'
end

function __gpumkt_v_category_7
    printf '%s\t%s\n' 'dram' 'category'
    printf '%s\t%s\n' 'flash' 'category'
    printf '%s\t%s\n' 'module' 'category'
end

function __gpumkt_v_curve_8
    printf '%s\t%s\n' 'H100 SXM' 'forward curve'
    printf '%s\t%s\n' 'H200' 'forward curve'
    printf '%s\t%s\n' 'A100 SXM4' 'forward curve'
    printf '%s\t%s\n' 'B200' 'forward curve'
    printf '%s\t%s\n' 'RTX 5090' 'forward curve'
    printf '%s\t%s\n' 'RTX PRO 6000 WS' 'forward curve'
    printf '%s\t%s\n' 'B300' 'forward curve'
    printf '%s\t%s\n' 'GB200' 'forward curve'
    printf '%s\t%s\n' 'GB300' 'forward curve'
    printf '%s\t%s\n' '5090' 'alias of RTX 5090'
    printf '%s\t%s\n' '6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'h100' 'alias of H100 SXM'
    printf '%s\t%s\n' 'h100sxm' 'alias of H100 SXM'
    printf '%s\t%s\n' 'h200' 'alias of H200'
    printf '%s\t%s\n' 'a100' 'alias of A100 SXM4'
    printf '%s\t%s\n' 'a100sxm4' 'alias of A100 SXM4'
    printf '%s\t%s\n' 'b200' 'alias of B200'
    printf '%s\t%s\n' 'rtx5090' 'alias of RTX 5090'
    printf '%s\t%s\n' 'pro6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'rtxpro6000' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'rtxpro6000ws' 'alias of RTX PRO 6000 WS'
    printf '%s\t%s\n' 'b300' 'alias of B300'
    printf '%s\t%s\n' 'gb200' 'alias of GB200'
    printf '%s\t%s\n' 'gb300' 'alias of GB300'
    printf '%s\t%s\n' 'all' 'every curve'
end

function __gpumkt_v_lab_9
    printf '%s\t%s\n' 'anthropic' 'Anthropic (free tier)'
    printf '%s\t%s\n' 'openai' 'OpenAI (free tier)'
    printf '%s\t%s\n' 'google' 'Google (free tier)'
    printf '%s\t%s\n' 'deepseek' 'DeepSeek (free tier)'
    printf '%s\t%s\n' 'minimax' 'MiniMax'
    printf '%s\t%s\n' 'xiaomi' 'Xiaomi'
    printf '%s\t%s\n' 'qwen' 'Qwen'
    printf '%s\t%s\n' 'moonshotai' 'Moonshot AI'
    printf '%s\t%s\n' 'z-ai' 'Z.ai'
    printf '%s\t%s\n' 'mistralai' 'Mistral AI'
    printf '%s\t%s\n' 'meta-llama' 'Meta Llama'
    __gpumkt_learned 'labs' 'anthropic' 'openai' 'google' 'deepseek' 'minimax' 'xiaomi' 'qwen' 'moonshotai' 'z-ai' 'mistralai' 'meta-llama'
end

function __gpumkt_v_lab_10
    printf '%s\t%s\n' 'anthropic' 'all opus sonnet haiku fable'
    printf '%s\t%s\n' 'openai' 'all flagship mini nano pro codex image'
    printf '%s\t%s\n' 'google' 'all flash pro lite image'
end

function __gpumkt_v_product_11
    printf '%s\t%s\n' 'cc-prs' 'Claude PRs (count)'
    printf '%s\t%s\n' 'codex-prs' 'Codex PRs (count)'
    printf '%s\t%s\n' 'copilot-prs' 'Copilot PRs (count)'
    printf '%s\t%s\n' 'cursor-prs' 'Cursor PRs (count)'
    printf '%s\t%s\n' 'devin-prs' 'Devin PRs (count)'
    printf '%s\t%s\n' 'cc-commits' 'Claude Commits (count)'
    printf '%s\t%s\n' 'cc-merge' 'Claude Merge (pct)'
    printf '%s\t%s\n' 'codex-merge' 'Codex Merge (pct)'
    printf '%s\t%s\n' 'copilot-merge' 'Copilot Merge (pct)'
    printf '%s\t%s\n' 'cursor-merge' 'Cursor Merge (pct)'
    printf '%s\t%s\n' 'devin-merge' 'Devin Merge (pct)'
    printf '%s\t%s\n' 'cc-vs-codex' 'Claude vs Codex (count, compare)'
    printf '%s\t%s\n' 'cc-vs-codex-merge' 'Claude vs Codex Merge (pct, compare)'
    __gpumkt_learned 'coding-products' 'cc-prs' 'codex-prs' 'copilot-prs' 'cursor-prs' 'devin-prs' 'cc-commits' 'cc-merge' 'codex-merge' 'copilot-merge' 'cursor-merge' 'devin-merge' 'cc-vs-codex' 'cc-vs-codex-merge'
end

function __gpumkt_v_table_12
    printf '%s\t%s\n' 'models' 'table'
    printf '%s\t%s\n' 'efforts' 'table'
    printf '%s\t%s\n' 'tests' 'table'
    printf '%s\t%s\n' 'release-dates' 'table'
    printf '%s\t%s\n' 'history' 'table'
end

function __gpumkt_v_market_13
    printf '%s\t%s\n' 'wecc-northwest' 'WECC Northwest (Mid C Peak)'
    printf '%s\t%s\n' 'pjm' 'PJM (PJM WH Real Time Peak)'
    printf '%s\t%s\n' 'caiso' 'CAISO (NP15 EZ Gen DA LMP Peak, SP15 EZ Gen DA LMP Peak)'
    printf '%s\t%s\n' 'iso-ne' 'ISO-NE (Nepool MH DA LMP Peak)'
    printf '%s\t%s\n' 'wecc-southwest' 'WECC Southwest (Palo Verde Peak)'
    printf '%s\t%s\n' 'miso' 'MISO (Indiana Hub RT Peak)'
    printf '%s\t%s\n' 'ercot' 'ERCOT (HB_NORTH)'
    printf '%s\t%s\n' 'all' 'every market'
end

function __gpumkt_v_scope_14
    printf '%s\t%s\n' 'neocloud' 'scope'
    printf '%s\t%s\n' 'all' 'scope'
end

function __gpumkt_v_aggregate_15
    printf '%s\t%s\n' 'country' 'aggregate'
    printf '%s\t%s\n' 'gpu_type' 'aggregate'
end

function __gpumkt_v_format_16
    printf '%s\t%s\n' 'table' 'format'
    printf '%s\t%s\n' 'csv' 'format'
    printf '%s\t%s\n' 'tsv' 'format'
    printf '%s\t%s\n' 'json' 'format'
    printf '%s\t%s\n' 'ndjson' 'format'
    printf '%s\t%s\n' 'markdown' 'format'
    printf '%s\t%s\n' 'parquet' 'format'
end

function __gpumkt_v_format_17
    printf '%s\t%s\n' 'text' 'format'
    printf '%s\t%s\n' 'json' 'format'
end

function __gpumkt_v_key_18
    printf '%s\t%s\n' 'api-key' 'key'
    printf '%s\t%s\n' 'base-url' 'key'
    printf '%s\t%s\n' 'timeout' 'key'
    printf '%s\t%s\n' 'retries' 'key'
    printf '%s\t%s\n' 'format' 'key'
end

function __gpumkt_v_command_19
    printf '%s\t%s\n' 'get' 'print the effective value of a key (the API key itself is never printed)'
    printf '%s\t%s\n' 'set' 'save a value in the selected profile; the API key is read from a hidden prompt or stdin'
    printf '%s\t%s\n' 'unset' 'remove a key from the selected profile'
    printf '%s\t%s\n' 'list' 'show every key with its effective value and where it comes from (the API key as ***)'
    printf '%s\t%s\n' 'path' 'print the config file path (--config, GPUMKT_CONFIG, $XDG_CONFIG_HOME/gpumkt, ~/.config/gpumkt)'
end

function __gpumkt_v_shell_20
    printf '%s\t%s\n' 'bash' 'shell'
    printf '%s\t%s\n' 'zsh' 'shell'
    printf '%s\t%s\n' 'fish' 'shell'
end

function __gpumkt_v_format_21
    printf '%s\t%s\n' 'parquet' 'format'
    printf '%s\t%s\n' 'csv' 'format'
end

function __gpumkt_v_granularity_22
    printf '%s\t%s\n' 'daily' 'granularity'
    printf '%s\t%s\n' 'hourly' 'granularity'
end

function __gpumkt_v_tableFormat_23
    printf '%s\t%s\n' 'hive' 'tableFormat'
    printf '%s\t%s\n' 'delta' 'tableFormat'
end

function __gpumkt_v_vintage_24
    printf '%s\t%s\n' 'first' 'vintage'
    printf '%s\t%s\n' 'latest' 'vintage'
end

function __gpumkt_v_command_25
    printf '%s\t%s\n' 'read' 'print the rows of a dataset as the lake knew them (default: now)'
    printf '%s\t%s\n' 'log' 'list every version of the rows asked for, when each was known and its change'
end

function __gpumkt_v_command_26
    printf '%s\t%s\n' 'util-index' 'daily utilization index, each move split into demand and supply effects'
    printf '%s\t%s\n' 'history' 'price-index series (USD per GPU-hour) per GPU model (no key: the public daily series)'
    printf '%s\t%s\n' 'volume' 'market utilization (share of tracked capacity rented, 0 to 1) per GPU model'
    printf '%s\t%s\n' 'range' 'index history with per-row granularity (auto: daily over ~30 days, else hourly)'
    printf '%s\t%s\n' 'memory' 'current memory spot prices (USD per unit; changePct in percent); with --from/--to, daily history'
    printf '%s\t%s\n' 'latest' 'latest settled daily index per GPU model (--current: this hour\'s index)'
    printf '%s\t%s\n' 'utilization' 'current utilization per GPU model, with 7- and 30-day means'
    printf '%s\t%s\n' 'volatility' 'daily rolling volatility (annualised, 0.8 = 80 %) per GPU model'
    printf '%s\t%s\n' 'rolling' 'rolling 24-hour average price (USD per GPU-hour) per GPU model; with --from/--to, its daily history'
    printf '%s\t%s\n' 'forward' 'current forward curves: USD per GPU-hour at 1M, 6M, 1Y, 3Y and 5Y per GPU model'
    printf '%s\t%s\n' 'token-prices' 'token-price index (OTPI): USD per million tokens per AI lab and settled day'
    printf '%s\t%s\n' 'token-volume' 'daily token volume of the closed labs (anthropic, openai, google): tokens, growth index, share'
    printf '%s\t%s\n' 'workload' 'workload cost index per day, closed lab and model family (all = the lab\'s aggregate)'
    printf '%s\t%s\n' 'coding' 'LLM coding-tool analytics: latest values; --from/--to: daily history; --list: products'
    printf '%s\t%s\n' 'frontier' 'the model frontier: capability, cost and benchmarks per model (--table: other tables)'
    printf '%s\t%s\n' 'power' 'daily peak power prices per market (USD/MWh) with traded volume or load; --load, --fuel-mix: hourly operations'
    printf '%s\t%s\n' 'sites' 'datacenter sites of neo-clouds (--scope all: every operator), paged to the end; --aggregate, --map'
    printf '%s\t%s\n' 'buyers' 'compute buyers: companies that raised ≥ $10M since July 2024 (USD) and what for; --tier T1,T2'
    printf '%s\t%s\n' 'gpus' 'list the GPU models (one per line); --aliases adds the short names accepted; --live asks the service, --free its no-key models'
    printf '%s\t%s\n' 'memory-types' 'list the memory types (id, name, category), tab-separated; --live asks the service'
    printf '%s\t%s\n' 'labs' 'list the AI labs of the token-price index (lab, label), tab-separated; --live asks the service'
    printf '%s\t%s\n' 'status' 'is the service healthy, is a key configured (where from, which plan); never prints the key'
    printf '%s\t%s\n' 'api' 'GET any path of the service: JSON body as received, or its data rows with -f'
    printf '%s\t%s\n' 'config' 'show and change settings (api-key, base-url, timeout, retries, format), per profile'
    printf '%s\t%s\n' 'sandbox' 'serve the built-in sandbox API (synthetic data) on loopback until Ctrl-C'
    printf '%s\t%s\n' 'completion' 'print the completion script for bash, zsh or fish (see docs/completions.md)'
    printf '%s\t%s\n' 'sync' 'keep a lake (a folder or s3://) of every dataset the key can read: one partitioned Parquet table per dataset, updated incrementally'
    printf '%s\t%s\n' 'lake' 'read a sync lake\'s rows as they were known at any time: every version, with when it was known'
end

complete -c gpumkt -f
complete -c gpumkt -s V -l version -d 'print the version'
complete -c gpumkt -l base-url -x -d 'API base URL (env GPUMKT_BASE_URL)'
complete -c gpumkt -l profile -x -a '(__gpumkt_profiles)' -d 'config profile to use (env GPUMKT_PROFILE)'
complete -c gpumkt -l config -r -F -d 'config file path (env GPUMKT_CONFIG)'
complete -c gpumkt -l timeout -x -d 'per-attempt timeout: connect, headers, body idle (default 30; 0.1 to 86400)'
complete -c gpumkt -l retries -x -d 'retries on network faults, 429 and 5xx (default 3; 0 disables; at most 100)'
complete -c gpumkt -l no-color -d 'never colour output (also NO_COLOR)'
complete -c gpumkt -s q -l quiet -d 'print no notices or warnings, only errors'
complete -c gpumkt -s v -l verbose -d 'log each request (method, URL, status, time) on stderr; the key is never shown'
complete -c gpumkt -l debug -d 'show the stack trace of an error (for bug reports)'
complete -c gpumkt -l dry-run -d 'print each request as a curl command (the key as "$GPUMKT_API_KEY") and send nothing'
complete -c gpumkt -n 'not __gpumkt_at \'sandbox\'' -l sandbox -d 'query a built-in local sandbox with synthetic data; no key needed'
complete -c gpumkt -l no-pager -d 'never page long output at a terminal (pager: GPUMKT_PAGER, PAGER, else less -FRX)'
complete -c gpumkt -s h -l help -d 'display help for command'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'util-index' -d 'daily utilization index, each move split into demand and supply effects'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'history' -d 'price-index series (USD per GPU-hour) per GPU model (no key: the public daily series)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'volume' -d 'market utilization (share of tracked capacity rented, 0 to 1) per GPU model'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'range' -d 'index history with per-row granularity (auto: daily over ~30 days, else hourly)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'memory' -d 'current memory spot prices (USD per unit; changePct in percent); with --from/--to, daily history'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'latest' -d 'latest settled daily index per GPU model (--current: this hour\'s index)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'utilization' -d 'current utilization per GPU model, with 7- and 30-day means'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'volatility' -d 'daily rolling volatility (annualised, 0.8 = 80 %) per GPU model'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'rolling' -d 'rolling 24-hour average price (USD per GPU-hour) per GPU model; with --from/--to, its daily history'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'forward' -d 'current forward curves: USD per GPU-hour at 1M, 6M, 1Y, 3Y and 5Y per GPU model'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'token-prices' -d 'token-price index (OTPI): USD per million tokens per AI lab and settled day'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'token-volume' -d 'daily token volume of the closed labs (anthropic, openai, google): tokens, growth index, share'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'workload' -d 'workload cost index per day, closed lab and model family (all = the lab\'s aggregate)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'coding' -d 'LLM coding-tool analytics: latest values; --from/--to: daily history; --list: products'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'frontier' -d 'the model frontier: capability, cost and benchmarks per model (--table: other tables)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'power' -d 'daily peak power prices per market (USD/MWh) with traded volume or load; --load, --fuel-mix: hourly operations'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'sites' -d 'datacenter sites of neo-clouds (--scope all: every operator), paged to the end; --aggregate, --map'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'buyers' -d 'compute buyers: companies that raised ≥ $10M since July 2024 (USD) and what for; --tier T1,T2'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'gpus' -d 'list the GPU models (one per line); --aliases adds the short names accepted; --live asks the service, --free its no-key models'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'memory-types' -d 'list the memory types (id, name, category), tab-separated; --live asks the service'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'labs' -d 'list the AI labs of the token-price index (lab, label), tab-separated; --live asks the service'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'status' -d 'is the service healthy, is a key configured (where from, which plan); never prints the key'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'api' -d 'GET any path of the service: JSON body as received, or its data rows with -f'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'config' -d 'show and change settings (api-key, base-url, timeout, retries, format), per profile'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'sandbox' -d 'serve the built-in sandbox API (synthetic data) on loopback until Ctrl-C'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'completion' -d 'print the completion script for bash, zsh or fish (see docs/completions.md)'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'sync' -d 'keep a lake (a folder or s3://) of every dataset the key can read: one partitioned Parquet table per dataset, updated incrementally'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'lake' -d 'read a sync lake\'s rows as they were known at any time: every version, with when it was known'
complete -c gpumkt -n '__gpumkt_pos \'\' 0' -a 'help' -d 'display help for command'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l gpu -x -a '(__gpumkt_v_gpu_1)' -d 'one GPU model (or \'all\': each model separately); default: every model aggregated'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l region -x -d 'occupancy region'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l base-date -x -d 'rebase anchor for the index level (default 2026-01-01)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l columns -x -a '(__gpumkt_list date occupancy intensity eur basis index price effectivePrice revPag priceCoverage capacity rented demandEffect supplyEffect occupancyChange decompositionBasis comparable reportingTypes coverage readings gpu)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'util-index\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l at -x -d 'the value nearest a time instead (YYYY-MM-DD, \'YYYY-MM-DD HH:MM[:SS]\', ISO 8601; UTC unless a zone is given)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l granularity -x -a '(__gpumkt_v_granularity_5)' -d 'row granularity (default: auto, daily over 30 days; daily with a premium key, and in a table at a terminal over 2 days)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l limit -x -d 'rows per model: N most recent of the window, or \'all\''
complete -c gpumkt -n '__gpumkt_at \'history\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l columns -x -a '(__gpumkt_list timestamp index_value gpu gpu_name requested_datetime time_difference is_exact)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'history\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'history\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l granularity -x -a '(__gpumkt_v_granularity_5)' -d 'row granularity (default: auto, daily over 30 days; daily with a premium key, and in a table at a terminal over 2 days)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l limit -x -d 'rows per model: N most recent of the window, or \'all\''
complete -c gpumkt -n '__gpumkt_at \'volume\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l columns -x -a '(__gpumkt_list recorded_at exact_timestamp utilization_ratio gpu)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'volume\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'volume\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l granularity -x -a '(__gpumkt_v_granularity_5)' -d 'row granularity (default: auto, daily over 30 days; daily with a premium key, and in a table at a terminal over 2 days)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l limit -x -d 'rows per model: N most recent of the window, or \'all\''
complete -c gpumkt -n '__gpumkt_at \'range\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l columns -x -a '(__gpumkt_list recorded_at exact_timestamp index_value data_type gpu)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'range\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'range\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l type -x -a '(__gpumkt_v_type_6)' -d 'one memory type, by id (mem_ddr5_16gb) or name; see \'gpumkt memory-types\''
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l category -x -a '(__gpumkt_v_category_7)' -d 'only this category'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l columns -x -a '(__gpumkt_list id memoryType category price changePct weeklyHigh weeklyLow sourceUpdatedAt date updatedAt timestamp)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'memory\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l current -d 'the current (hourly) index instead: GET /api/gpu/{gpuName} per model'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l previous -d 'the settled day before the latest instead: GET /api/daily-index/{gpuName}/previous per model'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l columns -x -a '(__gpumkt_list gpu_name region index_value date last_updated)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'latest\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_pos \'latest\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l columns -x -a '(__gpumkt_list gpu_type region utilization_ratio avg_7d avg_30d recorded_at)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'utilization\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l window-days -x -d 'returns in each rolling window, 1 to 365 (default 30)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l columns -x -a '(__gpumkt_list recorded_at gpu_type region index_value rolling_volatility window_days)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'volatility\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'volatility\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l columns -x -a '(__gpumkt_list gpu_name region average_usd_per_hour last_updated date gpu)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'rolling\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'rolling\' \'>=0\'' -x -a '(__gpumkt_v_gpu_1)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l tenor -x -a '(__gpumkt_list 1M 6M 1Y 3Y 5Y)' -d 'only these tenors, comma-separated: 1M, 6M, 1Y, 3Y, 5Y'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l include-suppressed -d 'add the curves without any mark (price empty, insufficient_data says why)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l columns -x -a '(__gpumkt_list name label months price has_mark as_of_date insufficient_data provenance_updated_at provenance_source gpu)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'forward\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_pos \'forward\' \'>=0\'' -x -a '(__gpumkt_v_curve_8)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l date -x -d 'one settled day instead of a range (default without --from/--to: the latest settled day)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l columns -x -a '(__gpumkt_list date lab indexPerMtok computedAt)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'token-prices\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'token-prices\' \'>=0\'' -x -a '(__gpumkt_v_lab_9)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l columns -x -a '(__gpumkt_list date lab totalTokens growthIndex share totalGrowthIndex)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'token-volume\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l family -x -a '(__gpumkt_list all opus sonnet haiku fable flagship mini nano pro codex image flash lite)' -d 'comma-separated families to keep, e.g. all,opus (\'all\' is each lab\'s aggregate)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l columns -x -a '(__gpumkt_list date lab family cCents lfl qKtok priceEffect intensityEffect mixEffect computedAt)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'workload\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'workload\' \'>=0\'' -x -a '(__gpumkt_v_lab_10)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l list -d 'the service\'s product catalogue (GET /api/llm-coding/products, no key needed)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l columns -x -a '(__gpumkt_list product label kind value changePct date updatedAt id category compare seriesLabels value2)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'coding\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'coding\' \'>=0\'' -x -a '(__gpumkt_v_product_11)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l table -x -a '(__gpumkt_v_table_12)' -d 'the table to print (default: models)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l columns -x -a '(__gpumkt_list slug name lab cap tpt price pIn pOut totalTokens costPerTask bench_coding bench_reasoning bench_math model effort rank cost tokensEst timeSec speedTps speedMeasured costBasis id category metric date score)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l strict -d 'fail (exit 6) when rows break the spec\'s rules, instead of warning'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'frontier\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l load -d 'hourly actual and day-ahead forecast demand (MW) instead; a full key only'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l fuel-mix -d 'hourly generation by fuel (MW) instead; a full key only'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l from -x -d 'first day: YYYY-MM-DD, today, yesterday, or 7d/4w/3m/1y back (default: 29 days before --to)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l to -x -d 'last day, same forms (default: today, UTC)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l settled -d 'leave out rows of today (UTC): the day is not over, so they are provisional'
complete -c gpumkt -n '__gpumkt_at \'power\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l columns -x -a '(__gpumkt_list date market hub peak_price offpeak_price traded_gwh load_gwh trades timestamp region actual_mw forecast_mw coal_mw gas_mw nuclear_mw hydro_mw wind_mw solar_mw other_mw)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'oldest first (asc) or newest first (desc)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l append -x -d 'add only rows newer than the file holds (csv, tsv, ndjson, parquet); creates the file when missing'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l replace-restated -d 'with --append: replace rows the service restated (same key, new values)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l wide -d 'one column per GPU model (time, then a column per model holding the --y value)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l y -x -d 'the numeric column of --format chart, --wide and --stats (default: the main value column)'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l stats -d 'print a summary per model instead of rows: count, first, last, min, max, mean, change, % change'
complete -c gpumkt -n '__gpumkt_at \'power\'' -l spark -d 'like --stats, with a sparkline of each model in a trend column'
complete -c gpumkt -n '__gpumkt_pos \'power\' \'>=0\'' -x -a '(__gpumkt_v_market_13)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l city -x -d 'sites in this city (any case)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l country -x -d 'sites in this country, as the service names it (e.g. "United States")'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l lat -x -d 'with --lon: sites within --radius km of this point'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l lon -x -d 'with --lat: the point\'s longitude'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l radius -x -d 'distance from --lat/--lon in km (service default 50)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l scope -x -a '(__gpumkt_v_scope_14)' -d 'neocloud (default) or all: sites of every operator'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l aggregate -x -a '(__gpumkt_v_aggregate_15)' -d 'sites, power and GPUs per bucket instead of the listing'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l map -d 'the sites as map points (coordinates) instead of the listing'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l columns -x -a '(__gpumkt_list company siteName streetAddress city state country latitude longitude dcTier ownershipModel coloPartner gpuTypes gpuQtyKnown gpuQtyEst chipGeneration powerCapacity category isNeocloud status leaseTerm keyCustomer contractAnnounced gpuOrderDate constructionStart phase1LiveDate fullCapacityTarget sourceNotes key site_count total_power_mw total_gpu_qty)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'sites\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l tier -x -a '(__gpumkt_list T1 T2 T3)' -d 'only these tiers, comma-separated: T1 (trains), T2 (heavy inference), T3 (HPC)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l columns -x -a '(__gpumkt_list name displayName tier workload forWhat what sold date location domain url)' -d 'comma-separated columns to print, in this order (with several models, gpu is always kept: first unless placed)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l raw -d 'print the untouched JSON body of the single request'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l partition-by -x -d 'parquet: write -o/--append as a hive-style folder, one sub-folder per value of <column> (e.g. gpu)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l manifest -d 'also write <file>.manifest.json: command, requests, row counts, sha256'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l csv-dialect -x -a '(__gpumkt_v_csvDialect_4)' -d 'csv: rfc4180 (LF, no BOM; default) or excel (BOM, CRLF, formula guard)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l lock-timeout -x -d 'with --append/--manifest: wait this long for another run\'s lock, then exit 8 (default 0; at most 86400)'
complete -c gpumkt -n '__gpumkt_at \'buyers\'' -l fail-empty -d 'exit 9 when there is nothing new to write (for cron alerts)'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -l aliases -d 'show each model with its aliases, tab-separated (a column with -f)'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -l live -d 'the service\'s own catalogue (GET /api/gpu-types) instead of the built-in list'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -l free -d 'only the models the service serves without a key (GET /api/gpu-types-free)'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -s f -l format -x -a '(__gpumkt_v_format_16)' -d 'output format (default: a table at a terminal, else plain lines, tab-separated)'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'gpus\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'memory-types\'' -l category -x -a '(__gpumkt_v_category_7)' -d 'only this category'
complete -c gpumkt -n '__gpumkt_at \'memory-types\'' -l live -d 'the service\'s own catalogue (GET /api/memory-types) instead of the built-in list'
complete -c gpumkt -n '__gpumkt_at \'memory-types\'' -s f -l format -x -a '(__gpumkt_v_format_16)' -d 'output format (default: a table at a terminal, else plain lines, tab-separated)'
complete -c gpumkt -n '__gpumkt_at \'memory-types\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'memory-types\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'labs\'' -l free -d 'only the labs the service serves without a key (trailing month)'
complete -c gpumkt -n '__gpumkt_at \'labs\'' -l live -d 'the service\'s own catalogue (GET /api/token-types, -free with --free) instead of the built-in list'
complete -c gpumkt -n '__gpumkt_at \'labs\'' -s f -l format -x -a '(__gpumkt_v_format_16)' -d 'output format (default: a table at a terminal, else plain lines, tab-separated)'
complete -c gpumkt -n '__gpumkt_at \'labs\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'labs\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'status\'' -s f -l format -x -a '(__gpumkt_v_format_17)' -d 'text, or json for scripts'
complete -c gpumkt -n '__gpumkt_at \'api\'' -s q -l param -x -d 'a query parameter (repeatable); after api, -q means --param (use --quiet)'
complete -c gpumkt -n '__gpumkt_at \'api\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'api\'' -s f -l format -x -a '(__gpumkt_v_format_2)' -d 'print the body\'s data rows in this format (default: the JSON body as received)'
complete -c gpumkt -n '__gpumkt_at \'api\'' -s o -l output -r -F -d 'write to a file, atomically'
complete -c gpumkt -n '__gpumkt_at \'api\'' -l columns -x -d 'with -f: comma-separated columns of the data rows, in this order'
complete -c gpumkt -n '__gpumkt_at \'api\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'api\'' -l order -x -a '(__gpumkt_v_order_3)' -d 'with -f: the service\'s order (asc) or reversed (desc)'
complete -c gpumkt -n '__gpumkt_at \'api\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'get' -d 'print the effective value of a key (the API key itself is never printed)'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'set' -d 'save a value in the selected profile; the API key is read from a hidden prompt or stdin'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'unset' -d 'remove a key from the selected profile'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'list' -d 'show every key with its effective value and where it comes from (the API key as ***)'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'path' -d 'print the config file path (--config, GPUMKT_CONFIG, $XDG_CONFIG_HOME/gpumkt, ~/.config/gpumkt)'
complete -c gpumkt -n '__gpumkt_pos \'config\' 0' -a 'help' -d 'display help for command'
complete -c gpumkt -n '__gpumkt_pos \'config get\' 0' -x -a '(__gpumkt_v_key_18)'
complete -c gpumkt -n '__gpumkt_pos \'config set\' 0' -x -a '(__gpumkt_v_key_18)'
complete -c gpumkt -n '__gpumkt_pos \'config unset\' 0' -x -a '(__gpumkt_v_key_18)'
complete -c gpumkt -n '__gpumkt_pos \'config help\' 0' -x -a '(__gpumkt_v_command_19)'
complete -c gpumkt -n '__gpumkt_at \'sandbox\'' -l port -x -d 'port to listen on (0 picks a free one)'
complete -c gpumkt -n '__gpumkt_at \'sandbox\'' -l host -x -d 'address to bind (loopback unless told otherwise)'
complete -c gpumkt -n '__gpumkt_pos \'completion\' 0' -x -a '(__gpumkt_v_shell_20)'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l datasets -x -a '(__gpumkt_list util-index history volume range memory latest utilization volatility rolling forward token-prices token-volume workload coding frontier power sites buyers)' -d 'comma-separated datasets to sync (default: every dataset the key\'s plan reads)'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -s f -l format -x -a '(__gpumkt_v_format_21)' -d 'file format of a new lake (default parquet); a lake keeps its format'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l granularity -x -a '(__gpumkt_v_granularity_22)' -d 'grain of the series of a new lake (default daily; hourly needs a full key); a lake keeps its grain'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l from -x -d 'first day a first sync fetches (default 1y back; without a key, the free 3 months); earlier than a dataset holds: rebuilt from there'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l status -d 'print what the lake holds per dataset (range, rows, last run, what is stale) and send nothing'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l json -d 'print the run summary (with --dry-run the plan, with --status the state) as JSON on stdout'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l lock-timeout -x -d 'wait this long for another sync of the same lake, then exit 8 (default 0)'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l table-format -x -a '(__gpumkt_v_tableFormat_23)' -d 'delta keeps the files a commit replaces (time travel), hive deletes them (default hive; s3:// is delta)'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l endpoint-url -x -d 's3://: an S3-compatible endpoint (MinIO, R2, Ceph)'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l aws-profile -x -d 's3://: the AWS profile to sign with'
complete -c gpumkt -n '__gpumkt_at \'sync\'' -l unsafe-single-writer -d 's3://: skip the conditional-write probe'
complete -c gpumkt -n '__gpumkt_pos \'lake\' 0' -a 'read' -d 'print the rows of a dataset as the lake knew them (default: now)'
complete -c gpumkt -n '__gpumkt_pos \'lake\' 0' -a 'log' -d 'list every version of the rows asked for, when each was known and its change'
complete -c gpumkt -n '__gpumkt_pos \'lake\' 0' -a 'help' -d 'display help for command'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l as-of -x -d 'the rows as known then: a date (its end, UTC; today, 7d…), now, or an ISO time'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l vintage -x -a '(__gpumkt_v_vintage_24)' -d 'each row\'s first published version, or the latest known (default)'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -s f -l format -x -a '(__gpumkt_v_format_16)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l columns -x -d 'comma-separated columns to print, in this order'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l endpoint-url -x -d 's3://: an S3-compatible endpoint'
complete -c gpumkt -n '__gpumkt_at \'lake read\'' -l aws-profile -x -d 's3://: the AWS profile'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l key -x -d 'only rows with this key value (gpu, lab, …) or day (repeatable: all must match)'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l from -x -d 'first day of the rows (YYYY-MM-DD, today, 7d…)'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l to -x -d 'last day of the rows, same forms'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l revised -d 'only rows with more than one version'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -s f -l format -x -a '(__gpumkt_v_format_16)' -d 'output format (default: table on a terminal, csv otherwise)'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -s o -l output -r -F -d 'write to a file, atomically; its extension picks the format (else give -f); \'-\' is stdout'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l columns -x -d 'comma-separated columns to print, in this order'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l no-header -d 'leave out the header line (csv, tsv)'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l csv-safe -d 'prefix text cells starting with = + - @ TAB CR with \' (spreadsheet formula guard)'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l query -x -d 'filter and reshape JSON output (-f json, ndjson) with a JMESPath expression, e.g. "[?gpu==\'H200\'].index_value"'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l endpoint-url -x -d 's3://: an S3-compatible endpoint'
complete -c gpumkt -n '__gpumkt_at \'lake log\'' -l aws-profile -x -d 's3://: the AWS profile'
complete -c gpumkt -n '__gpumkt_pos \'lake help\' 0' -x -a '(__gpumkt_v_command_25)'
complete -c gpumkt -n '__gpumkt_pos \'help\' 0' -x -a '(__gpumkt_v_command_26)'
