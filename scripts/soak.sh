#!/usr/bin/env bash
# Soaks every registered scene (gs and jacobi, default parameters) and the presets of
# bench/soak_presets.txt for 60 s of simulated time (issue 41) and writes the report to
# bench/results/soak-<machine>-<date>.json (bench/soak.cpp says what is measured, docs/PERFORMANCE.md where
# the reports are). Builds the release configuration first if needed. About 40 minutes on the 2-core EPYC.
# Usage: scripts/soak.sh [--seconds S] [--name MACHINE]     (MACHINE defaults to cpu-<cores>core-<cpu>)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds=60
name="cpu-$(nproc)core-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/([^)]*)//g' |
  tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//' | cut -c1-40)"
while [ $# -gt 0 ]; do
  if [ $# -lt 2 ]; then echo "soak: $1 needs a value" >&2; exit 2; fi
  case "$1" in
    --seconds) seconds="$2" ;;
    --name) name="$2" ;;
    *) echo "soak: unknown argument '$1' (usage: --seconds S, --name MACHINE)" >&2; exit 2 ;;
  esac
  shift 2
done
cmake --build "$root/build/release" --target soak 2>/dev/null || cmake --workflow --preset release
out="$root/bench/results/soak-$name-$(date -u +%Y-%m-%d).json"
status=0
cd "$root"
build/release/bin/soak --seconds "$seconds" --presets-from bench/soak_presets.txt --out "$out" || status=$?
echo "soak: report in $out (exit status $status: 0 ok, 3 a case diverged, gave way or gained energy)"
exit "$status"
