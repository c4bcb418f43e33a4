#!/usr/bin/env bash
# The capsule stack's sideways creep (issue 52 item 7): the box on the crib over 10 minutes at the scene's
# defaults (Figure 9's 100 × 1) and at 250 substeps, and over 60 s at 50 and 200 substeps, with twice the
# friction, ten times the rolling resistance and under PGS, each on one thread; the box's drift and drop
# (metrics tracked_body_drift_m, tracked_body_drop_m) at 1, 10, 60, 120, 300 and 600 s into
# bench/results/capsule-creep-<machine>-<date>.json. About 25 minutes on the 2-core EPYC.
# Usage: bench/capsule_creep.sh [--name MACHINE]     (MACHINE defaults to cpu-<cores>core-<cpu>)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
name="cpu-$(nproc)core-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/([^)]*)//g' |
  tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//' | cut -c1-40)"
if [ "${1:-}" = --name ] && [ $# -ge 2 ]; then name="$2"; elif [ $# -gt 0 ]; then
  echo "capsule_creep: usage: bench/capsule_creep.sh [--name MACHINE]" >&2; exit 2
fi
cmake --build "$root/build/release" --target smallsteps 2>/dev/null || cmake --workflow --preset release
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
run() {  # NAME FRAMES ARGS...
  local case="$1" frames="$2"; shift 2
  OMP_NUM_THREADS=1 "$root/build/release/bin/smallsteps" run --scene capsule_stack --frames "$frames" --threads 1 \
    --no-progress --metrics "$work/$case.csv" "$@" > "$work/$case.log" 2>&1 || true
  echo "$case $*" >> "$work/cases"
}
run defaults 36000
run substeps_250 36000 --substeps 250
run substeps_50 3600 --substeps 50
run substeps_200 3600 --substeps 200
run friction_1 3600 --set friction=1.0
run rolling_resistance_1mm 3600 --set rolling_resistance=0.001
run pgs 3600 --rigid-solver pgs
out="$root/bench/results/capsule-creep-$name-$(date -u +%Y-%m-%d).json"
python3 - "$work" "$out" "$name" <<'PY'
import csv, json, sys
work, out, machine = sys.argv[1:4]
cases = []
for line in open(f"{work}/cases"):
    case, *args = line.split()
    rows = list(csv.DictReader(open(f"{work}/{case}.csv")))
    at = {}
    for t in (1, 10, 60, 120, 300, 600):
        if len(rows) >= t * 60:
            r = rows[t * 60 - 1]
            at[str(t)] = {"drift_m": float(r["tracked_body_drift_m"]), "drop_m": float(r["tracked_body_drop_m"])}
    times = sorted(int(t) for t in at)
    rate = None
    if len(times) >= 3 and times[-1] > 10:  # the drift's rate after its first 10 s
        rate = (at[str(times[-1])]["drift_m"] - at["10"]["drift_m"]) / (times[-1] - 10)
    cases.append({"case": case, "args": " ".join(args), "seconds": len(rows) / 60.0, "at_s": at,
                  "drift_rate_after_10_s_m_per_s": rate})
json.dump({"benchmark": "capsule_creep", "machine": machine,
           "notes": "bench/capsule_creep.sh: the capsule stack's box, its sideways drift and its drop from its "
                    "start, at each time; each case on one thread, CPU backend",
           "cases": cases}, open(out, "w"), indent=2)
print("capsule_creep:", out)
PY
