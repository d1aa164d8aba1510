#!/usr/bin/env bash
# Instructions per event of a P1 case, counted by callgrind: repeatable to the instruction,
# where the clock on the shared 2-core machine is not. Counts only inside the case's function
# (its 5 repetitions of 10M events), so startup and the other cases do not count.
#   Benchmarks/instructions.sh built|inline|compiled|traced
set -euo pipefail
cd "$(dirname "$0")"
case "${1:-}" in
  built)    filter="built";    function='$s10Benchmarks21signalsBuiltAtRunTimeyS2iF' ;;
  inline)   filter="inline";   function='$s10Benchmarks13signalsInlineyS2iF' ;;
  compiled) filter="compiled"; function='$s10Benchmarks6script_6tracedS2i_SbtF' ;;
  traced)   filter="traced";   function='$s10Benchmarks6script_6tracedS2i_SbtF' ;;
  *) echo "usage: $0 built|inline|compiled|traced" >&2; exit 2 ;;
esac
swift build -c release --product Benchmarks >/dev/null
# Valgrind 3.19 cannot read this binary's DWARF 5; the symbols are enough.
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip --strip-debug -o "$stripped" .build/release/Benchmarks
collected=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$function" \
  "$stripped" "$filter" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
echo "$1: $((collected / 50000000)) instructions per event"
