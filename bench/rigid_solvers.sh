#!/usr/bin/env bash
# The rigid scenes under each rigid solver (Giles & Andrews 2024 §4; families/rigid/velocity/), whole runs of
# the CLI on the CPU: ms/frame (the run summary's mean step time), N (mean substeps a frame), the direct
# solver's fallbacks and pivots a frame, the largest joint separation and the tracked body's drop, as JSON.
#   bench/rigid_solvers.sh [SMALLSTEPS] [FRAMES] > bench/results/rigid-solvers-<machine>-<date>.json
set -euo pipefail
bin=${1:-build/release/bin/smallsteps}
frames=${2:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=()
for scene in swinging_box heavy_stack bridge rigid_chain capsule_stack; do
  for solver in xpbd pgs direct; do
    for adaptive in off substeps; do
      csv="$tmp/$scene-$solver-$adaptive.csv"
      rc=0
      "$bin" run --scene "$scene" --rigid-solver "$solver" --adaptive "$adaptive" --frames "$frames" \
        --threads 1 --no-progress --metrics "$csv" > "$tmp/out.txt" 2>&1 || rc=$?
      ms=$(grep -oP 'step time\s+\K[0-9.]+' "$tmp/out.txt" || echo null)
      cases+=("$(python3 - "$csv" "$scene" "$solver" "$adaptive" "$rc" "$ms" <<'PY'
import csv, json, sys, os
path, scene, solver, adaptive, rc, ms = sys.argv[1:]
rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
num = lambda k: [float(r[k]) for r in rows] if rows else []
n = num('substeps')
out = {'scene': scene, 'rigid_solver': solver, 'adaptive': adaptive, 'exit': int(rc),
       'frames': len(rows), 'ms_per_frame': None if ms == 'null' else float(ms),
       'N_mean': sum(n) / len(n) if n else None,
       'fallbacks': int(sum(num('lcp_fallbacks'))) if rows else None,
       'pivots_per_frame': sum(num('lcp_pivots')) / len(rows) if rows else None,
       'joint_separation_max_m': max(num('joint_separation_max_m')) if rows else None,
       'tracked_body_drop_m': num('tracked_body_drop_m')[-1] if rows else None}
print(json.dumps(out))
PY
)")
    done
  done
done
machine=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
printf '{"machine": "%s, %s cores", "frames": %s, "threads": 1,\n "cases": [\n  %s\n ]}\n' \
  "$machine" "$(nproc)" "$frames" "$(IFS=$'\n'; echo "${cases[*]}" | paste -sd, | sed 's/},{/},\n  {/g')"
