#!/usr/bin/env bash
# Fuzzes frp's whole front end and a short virtual run with libFuzzer:
#
#   Fuzz/fuzz.sh [--differential] [SECONDS] [libFuzzer flags...]      # default: 600 seconds
#
# --differential runs each script fused, unfused and traced and fails on any difference in
# events, error messages or status (DifferentialRun), as DifferentialTests does for the corpus.
#
# The seed corpus is every script of Examples/, Tests/Scripts/ and Tests/Fuzz/ (copied at
# run time), the dictionary the language's words and marks (generated from the catalogue
# and the services, so it cannot drift). Found inputs land in Fuzz/.build/corpus; a crash,
# timeout or out-of-memory input is written as Fuzz/.build/{crash,timeout,oom}-*: keep it
# as Tests/Fuzz/NAME.frp once fixed (FuzzRegressionTests runs them all).
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = "--differential" ]; then
    export FRP_FUZZ_DIFFERENTIAL=1
    shift
fi
seconds="${1:-600}"
shift || true

# libFuzzer reports crashes itself (and saves the input); the Swift backtracer would get there first.
export SWIFT_BACKTRACE=enable=no

# SwiftPM does not notice files added to a path dependency: plan the build anew.
rm -f .build/release.yaml
swift build -c release -Xswiftc -sanitize=fuzzer --product FrpFuzz

seeds=.build/seeds
corpus=.build/corpus
mkdir -p "$seeds" "$corpus"
cp ../Examples/*.frp ../Tests/Scripts/*.frp "$seeds"/
cp ../Tests/Fuzz/*.frp "$seeds"/ 2>/dev/null || true

dictionary=.build/frp.dict
{
    # Sources and operators (one entry each in Catalogue/*.swift), their aliases, and the services.
    grep -oE '\.init\("[a-zA-Z]+"' ../Sources/Language/Catalogue/*.swift | sed -E 's/.*\("(.*)"/"\1"/'
    grep -oE 'aliases: \["[a-zA-Z]+"' ../Sources/Language/Catalogue/*.swift | sed -E 's/.*\["(.*)"/"\1"/'
    grep -oE 'PhotoService\("[a-zA-Z]+"' ../Sources/Services/PhotoSite.swift | sed -E 's/.*\("(.*)"/"\1"/'
    grep -ohE 'keyword: "[a-zA-Z]+"' ../Sources/Language/Catalogue/*.swift | sed -E 's/.*"(.*)"/"\1"/'
    grep -oE 'Function\("[a-zA-Z]+"' ../Sources/Language/Values/Functions.swift | sed -E 's/.*\("(.*)"/"\1"/'
    # Keywords, names, functions, punctuation, durations and marbles.
    for word in let var def import '<-' expect emits it acc and or not matches if then else true false null '??' \
                from ' | ' '|' ':=' '==' '!=' '<=' '>=' '(' ')' '[' ']' '{' '}' ',' '.' '&' \
                '#' '1ms' '10ms' '0.5s' '2s' '1m' '0ms' '1000000000000' '-1' '1e15' \
                '"-a-b-|"' '"--a--b--c--|"' '"-#"' '"(ab)|"' '"^"' '"-a 10ms b|"' '" 1s "' '{a: 1, b: 2}' \
                '"[a-z]+"' '"(a*)*b"' 'acc + [it]' '[acc]'; do
        printf '"%s"\n' "$(printf '%s' "$word" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
    done
    printf '"\\x0A| "\n"\\x0A"\n'   # a line that starts with `|` continues the statement
} | sort -u > "$dictionary"

exec .build/release/FrpFuzz "$corpus" "$seeds" -dict="$dictionary" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix=.build/ -print_final_stats=1 "$@"
