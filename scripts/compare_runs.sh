#!/usr/bin/env bash
# Two smallsteps binaries on the same runs: the final state hash and every per-frame metric but the wall
# times must agree bit for bit. The runs cover what tests/sim/determinism_test.cpp covers (every scene under
# both solver orders and both contact detections, at the test's sizes; adaptive hybrid on five scenes; every
# force-based scheme on the soft cloth) and every scene at its defaults. For a refactor that must not change
# a result:  scripts/compare_runs.sh OLD/bin/smallsteps NEW/bin/smallsteps [--jobs 2]
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_SMALLSTEPS NEW_SMALLSTEPS [--jobs N]" >&2
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
jobs=2
[ "${3:-}" = "--jobs" ] && jobs=${4:-2}
work=$(mktemp -d)
[ -n "${KEEP_RUNS:-}" ] && echo "runs kept in $work" >&2 || trap 'rm -rf "$work"' EXIT

# name|arguments, one run a line
runs=()
declare -A params=(
  [chain]="--set particles=3000 --set heavy_mass=100 --set angle=60"
  [hanging_cloth]="--set width=64 --set height=64 --set drop_height=0.3"
  [bunny_cloth]="--set resolution=48 --set layers=2 --set sdf_resolution=64 --set cloth_height=1.05 --set drop=box"
  [fem_beam]="--set cells_length=20 --set cells_height=6 --set cells_width=6 --set length=2 --set height=0.6 --set width=0.6 --set elevation=0.5"
  [fluid_column]="--set column_height=0.6 --set spacing=0.045 --set vorticity=0.5 --set drop=ball --set drop_x=0.3 --set drop_height=0.5"
)
scenes=$("$old" list | sed -n 's/^  \([a-z_]*\) — .*/\1/p')
for scene in $scenes; do
  p=${params[$scene]:-}
  frames=20
  [ "$scene" = fluid_column ] && frames=8
  for solver in gs jacobi; do
    for detection in frame substep; do
      extra=""
      if [ "$scene" = fluid_column ]; then
        [ $solver = jacobi ] && extra+=" --set neighbour_walk=cells" || extra+=" --set neighbour_walk=list"
        [ $detection = frame ] && extra+=" --set neighbour_rebuild=verlet --set search_margin=0.3"
      fi
      runs+=("${scene}_${solver}_${detection}|--scene $scene $p$extra --frames $frames --substeps 10 --iterations 2 --solver $solver --contact-detection $detection")
    done
  done
  runs+=("${scene}_defaults|--scene $scene --frames 30")
done
for scene in swinging_box bridge hanging_cloth fem_beam bunny_cloth; do
  runs+=("${scene}_hybrid|--scene $scene ${params[$scene]:-} --frames 20 --substeps 4 --iterations 2 --adaptive hybrid --max-substeps 8")
done
for mode in substeps damping; do
  runs+=("swinging_box_$mode|--scene swinging_box --frames 60 --adaptive $mode")
done
schemes=$("$old" run --help | grep -o '(xpbd|[a-z0-9_|]*)' | sort -u | tr -d '()' | tr '|' '\n' | grep -v '^xpbd$' || true)
for scheme in $schemes; do
  runs+=("cloth_$scheme|--scene hanging_cloth --set width=64 --set height=64 --set drop_height=0.3 --set stretch_stiffness=0.1 --set shear_stiffness=0.1 --set bend_stiffness=0 --frames 20 --substeps 10 --iterations 1 --integrator $scheme --damping 10 --linear-iterations 10")
done

run_one() {  # bin tag name args
  local bin=$1 tag=$2 name=$3 args=$4
  local out="$work/$tag/$name"
  mkdir -p "$work/$tag"
  # shellcheck disable=SC2086
  (cd "$work/$tag" && OMP_NUM_THREADS=1 "$bin" run $args --threads 1 --no-progress --metrics "$out.csv" >"$out.log" 2>&1) || true
  grep -E '^state hash' "$out.log" >"$out.hash" || echo "no hash: $(tail -1 "$out.log")" >"$out.hash"
}
export -f run_one
export work
printf '%s\n' "${runs[@]}" | while IFS='|' read -r name args; do
  printf '%s\0%s\0%s\0%s\0' "$old" old "$name" "$args"
  printf '%s\0%s\0%s\0%s\0' "$new" new "$name" "$args"
done | xargs -0 -n 4 -P "$jobs" bash -c 'run_one "$@"' _

python3 - "$work" "${#runs[@]}" <<'PY'
import csv, sys, pathlib
work = pathlib.Path(sys.argv[1])
timing = {"step_ms", "detection_ms", "search_ms", "threads"}
def rows(path):
    if not path.exists():
        return None
    with open(path) as f:
        return [{k: v for k, v in r.items() if k not in timing} for r in csv.DictReader(f)]
added = set()
def common(a, b):  # columns only one binary writes are new metrics, not differences
    if a is None or b is None:
        return a, b
    keys = set(a[0]) & set(b[0]) if a and b else set()
    added.update((set(b[0]) - set(a[0])) if a and b else set())
    return [{k: r[k] for k in keys} for r in a], [{k: r[k] for k in keys} for r in b]
bad = 0
names = sorted(p.stem for p in (work / "old").glob("*.hash"))
for name in names:
    old_hash = (work / "old" / f"{name}.hash").read_text().strip()
    new_hash = (work / "new" / f"{name}.hash").read_text().strip()
    problems = []
    if not old_hash.startswith("state hash"):
        problems.append(f"the old binary did not finish: {old_hash}")
    elif old_hash != new_hash:
        problems.append(f"hash {old_hash!r} -> {new_hash!r}")
    a, b = common(rows(work / "old" / f"{name}.csv"), rows(work / "new" / f"{name}.csv"))
    if a != b:
        if a is None or b is None or len(a) != len(b):
            problems.append("metrics: different frame counts or a file missing")
        else:
            for i, (ra, rb) in enumerate(zip(a, b)):
                diff = sorted(k for k in set(ra) | set(rb) if ra.get(k) != rb.get(k))
                if diff:
                    problems.append(f"metrics differ from frame {i + 1}: " + ", ".join(
                        f"{k} {ra.get(k)} -> {rb.get(k)}" for k in diff[:4]))
                    break
    if problems:
        bad += 1
        print(f"DIFFERS {name}: " + "; ".join(problems))
if added:
    print("columns only the new binary writes: " + ", ".join(sorted(added)))
print(f"{len(names) - bad} of {len(names)} runs agree bit for bit ({sys.argv[2]} asked)")
sys.exit(1 if bad else 0)
PY
