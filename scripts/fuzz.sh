#!/usr/bin/env bash
# Long fuzz runs of the libFuzzer harnesses in fuzz/ (ctest runs each for seconds only):
#   scripts/fuzz.sh [--runs N] [--seconds S] [harness ...]     harnesses: every fuzz/<name>_fuzzer.cpp,
#                                                              now obj preset tetgen (default: all)
# Builds them in the sanitize preset (clang, AddressSanitizer + UBSan; scripts/setup.sh installs clang),
# then runs each from its seeds (fuzz/corpus/<name>; the preset harness also assets/presets) with its
# dictionary, until N inputs (default one million) or S seconds. Inputs that reach new code are kept in build/fuzz/corpus/<name> and seed the next
# run; a crashing input is saved as build/fuzz/<name>-crash-* and the script exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1000000
seconds=0
known=()
for source in fuzz/*_fuzzer.cpp; do known+=("$(basename "$source" _fuzzer.cpp)"); done
choices=$(IFS='|'; echo "${known[*]}")
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) if [[ " ${known[*]} " == *" $1 "* ]]; then harnesses+=("$1"); shift; continue; fi
       echo "fuzz.sh: unknown argument '$1' (usage: fuzz.sh [--runs N] [--seconds S] [$choices ...])" >&2
       exit 2 ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${known[@]}")
declare -A seeds=([preset]="assets/presets")  # seed folders besides fuzz/corpus/<name>

cmake --preset sanitize >/dev/null
cmake --build --preset sanitize --target "${harnesses[@]/%/_fuzzer}"

status=0
for name in "${harnesses[@]}"; do
  corpus="build/fuzz/corpus/$name"
  mkdir -p "$corpus"
  limit=(-runs="$runs")
  if [ "$seconds" -gt 0 ]; then limit+=(-max_total_time="$seconds"); fi
  echo "fuzz.sh: $name: ${limit[*]} (corpus $corpus)"
  log="build/fuzz/$name.log"
  rc=0
  # the same input and memory limits as the smoke tests (fuzz/CMakeLists.txt, SMALLSTEPS_FUZZ_LIMITS)
  OMP_NUM_THREADS=1 "build/sanitize/bin/${name}_fuzzer" "${limit[@]}" -timeout=10 -print_final_stats=1 \
    -max_len=1048576 -rss_limit_mb=1024 \
    -dict="fuzz/$name.dict" -artifact_prefix="build/fuzz/$name-" "$corpus" "fuzz/corpus/$name" ${seeds[$name]:-} \
    >"$log" 2>&1 || rc=$?
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY|==[0-9]+==ERROR)|Test unit written" "$log" || true
  [ $rc -eq 0 ] || { echo "fuzz.sh: $name FAILED (exit $rc; full log $log)" >&2; status=1; }
done
exit $status
