#!/usr/bin/env bash
# A fixed thread count under load (issue 41): the 100² hanging cloth at --threads 1 and --threads 2 with 0,
# 1 and 2 competing CPU-bound processes (`while :; do :; done`, started and ended here by their own pids),
# each pair of runs repeated and the median of the run summary's mean step time taken, as JSON.
#   bench/threads_under_load.sh [SMALLSTEPS] [FRAMES] [REPEATS] > bench/results/<machine>-threads-under-load-<date>.json
# Extra environment (e.g. GOMP_SPINCOUNT=300000 for libgomp's own default) is passed through to the runs.
set -euo pipefail
bin=${1:-build/sim/bin/smallsteps}
frames=${2:-30}
repeats=${3:-5}
tmp=$(mktemp -d)
spinners=()
stop_spinners() {
  for pid in "${spinners[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
  spinners=()
}
trap 'stop_spinners; rm -rf "$tmp"' EXIT
step_ms() {  # threads -> the run's mean ms/frame
  "$bin" run --scene hanging_cloth --set width=100 --set height=100 --frames "$frames" --threads "$1" \
    --no-progress > "$tmp/out.txt" 2>&1
  grep -oP 'step time\s+\K[0-9.]+' "$tmp/out.txt"
}
rows=()
for load in 0 1 2; do
  stop_spinners
  for ((k = 0; k < load; ++k)); do
    bash -c 'while :; do :; done' &
    spinners+=($!)
  done
  sleep 1
  one=() two=()
  for ((r = 0; r < repeats; ++r)); do  # alternated, so a drift in the machine's load hits both alike
    one+=("$(step_ms 1)")
    two+=("$(step_ms 2)")
  done
  rows+=("$(python3 - "$load" "${one[*]}" "${two[*]}" <<'PY'
import json, statistics, sys
load, one, two = int(sys.argv[1]), [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
m1, m2 = statistics.median(one), statistics.median(two)
print(json.dumps({"competing_processes": load, "threads_1_ms": one, "threads_2_ms": two,
                  "threads_1_median_ms": m1, "threads_2_median_ms": m2, "ratio_2_over_1": round(m2 / m1, 3)}))
PY
)")
done
stop_spinners
python3 - "$frames" "$repeats" "$(uptime)" "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)" \
  "${GOMP_SPINCOUNT:-}" "${OMP_WAIT_POLICY:-}" "${rows[@]}" <<'PY'
import json, sys
frames, repeats, uptime, cores, cpu, spin, policy = sys.argv[1:8]
print(json.dumps({"machine": f"{cores}-core{cpu}", "scene": "hanging_cloth width=100 height=100",
                  "frames": int(frames), "repeats": int(repeats), "uptime_before_write": uptime.strip(),
                  "GOMP_SPINCOUNT": spin or None, "OMP_WAIT_POLICY": policy or None,
                  "cases": [json.loads(r) for r in sys.argv[8:]]}, indent=2))
PY
