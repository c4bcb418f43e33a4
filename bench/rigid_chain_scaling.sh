#!/usr/bin/env bash
# How each rigid solver's time a frame grows with the chain (issue 52 item 6): rigid_chain at 20, 100, 250 and
# 500 links under xpbd, pgs and direct (Giles & Andrews 2024 §4; the direct solver's sparse LDLᵀ,
# families/rigid/steppers/rigid_direct.h), at the scene's defaults otherwise, whole runs of the CLI on one CPU
# thread: ms/frame (the run summary's mean step time), the largest joint separation and the direct solver's
# fallbacks; then the bridge under the direct solver at a fixed 100 substeps (its fallbacks, joints, the ball).
#   bench/rigid_chain_scaling.sh [SMALLSTEPS] [FRAMES] > bench/results/rigid-chain-scaling-<machine>-<date>.json
set -euo pipefail
bin=${1:-build/release/bin/smallsteps}
frames=${2:-30}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
summary() {  # CSV, scene, solver, links, exit status, output
  python3 - "$@" <<'PY'
import csv, json, os, re, sys
path, scene, solver, links, rc, out = sys.argv[1:]
rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
ms = re.search(r'step time\s+([0-9.]+)', open(out).read())
num = lambda k: [float(r[k]) for r in rows]
case = {'scene': scene, 'rigid_solver': solver, 'links': int(links), 'exit': int(rc), 'frames': len(rows),
        'ms_per_frame': float(ms.group(1)) if ms else None,
        'joint_separation_max_m': max(num('joint_separation_max_m')) if rows else None,
        'fallbacks': int(sum(num('lcp_fallbacks'))) if rows else None}
if scene == 'bridge' and rows:
    case['ball_drift_m'] = num('tracked_body_drift_m')[-1]
print(json.dumps(case))
PY
}
cases=()
for links in 20 100 250 500; do
  for solver in xpbd pgs direct; do
    rc=0
    "$bin" run --scene rigid_chain --set "links=$links" --rigid-solver "$solver" --frames "$frames" --threads 1 \
      --no-progress --metrics "$tmp/m.csv" > "$tmp/out.txt" 2>&1 || rc=$?
    cases+=("$(summary "$tmp/m.csv" rigid_chain "$solver" "$links" "$rc" "$tmp/out.txt")")
  done
done
rc=0
"$bin" run --scene bridge --rigid-solver direct --adaptive off --substeps 100 --frames 150 --threads 1 \
  --no-progress --metrics "$tmp/m.csv" > "$tmp/out.txt" 2>&1 || rc=$?
cases+=("$(summary "$tmp/m.csv" bridge direct 20 "$rc" "$tmp/out.txt")")
machine=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
printf '{"machine": "%s, %s cores", "frames": %s, "threads": 1,\n "cases": [\n  %s\n ]}\n' \
  "$machine" "$(nproc)" "$frames" "$(IFS=$'\n'; echo "${cases[*]}" | paste -sd, | sed 's/},{/},\n  {/g')"
