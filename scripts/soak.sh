#!/usr/bin/env bash
# Soaks every registered scene (gs and jacobi, default parameters) for 200 s of simulated time and
# writes the report to bench/results/soak-<machine>-<date>.json (bench/soak.cpp says what is measured).
# Builds the release configuration first if needed. Takes about 10 minutes on 2 cores.
# Usage: scripts/soak.sh [--seconds S] [--name MACHINE]     (MACHINE defaults to cpu-<cores>core-<cpu>)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds=200
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
"$root/build/release/bin/soak" --seconds "$seconds" --out "$out" || status=$?
echo "soak: report in $out (exit status $status: 0 ok, 3 a case diverged or gained energy)"
exit "$status"
