#!/usr/bin/env bash
# One command that verifies and benchmarks the CUDA backend on the NVIDIA GPU present (issue 11):
#   1. configures and builds Release with CUDA for this GPU's architecture (build/gpu), unless --prebuilt
#      names binaries built elsewhere (scripts/gpu-bundle.sh makes them, for a GPU machine without the
#      project's Debian packages);
#   2. runs every test binary; the CUDA tests (backend agreement and metrics on every scene, run-to-run
#      determinism on CUDA) must run, not skip;
#   3. runs bench_xpbd --backend all on hanging_cloth (100, 387), bunny_cloth (64, 388), the chain
#      (100 x 1 and 1 x 100) and the rigid chain (100 x 1, 1 x 100, 1 x 500; 20 and 100 links), the contact
#      scenes, a box on the bunny's cloth and a ball in the fluid, and every integrator on hanging_cloth
#      100 x 100;
#   4. records 300 frames of the default scene on CUDA under Xvfb, when Xvfb is installed;
#   5. writes bench/results/<gpu>-<date>.json and a markdown summary beside it.
# Without an NVIDIA GPU it says so and exits 0 without building. Exit 1 when a test fails, a CUDA test
# skips, or a benchmark diverges.
# Usage: scripts/gpu-check.sh [--prebuilt DIR] [--quick]
#   --prebuilt DIR  DIR/bin holds the binaries, DIR/lib the shared libraries they need, DIR/assets the bunny
#   --quick         fewer timed frames and no 388² bunny (a first look within a few minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prebuilt="" quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prebuilt)
      [ $# -ge 2 ] || { echo "gpu-check: --prebuilt needs a folder" >&2; exit 2; }
      prebuilt="$(cd "$2" && pwd)" || { echo "gpu-check: no folder '$2'" >&2; exit 2; }
      shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "gpu-check: unknown argument '$1' (usage: [--prebuilt DIR] [--quick])" >&2; exit 2 ;;
  esac
done

if ! command -v nvidia-smi >/dev/null 2>&1 || ! gpu="$(nvidia-smi --query-gpu=name,compute_cap,driver_version \
    --format=csv,noheader 2>/dev/null | head -1)" || [ -z "$gpu" ]; then
  echo "gpu-check: no NVIDIA GPU here (nvidia-smi finds none): nothing built, nothing measured"
  exit 0
fi
gpu_name="$(echo "$gpu" | cut -d, -f1 | sed 's/^ *//; s/ *$//')"
arch="$(echo "$gpu" | cut -d, -f2 | tr -d ' .')"
driver="$(echo "$gpu" | cut -d, -f3 | tr -d ' ')"
slug="$(echo "$gpu_name" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/^-//; s/-$//')"
date="$(date -u +%Y-%m-%d)"
echo "gpu-check: $gpu_name (sm_$arch, driver $driver)"

if [ -n "$prebuilt" ]; then
  bin="$prebuilt/bin"
  export LD_LIBRARY_PATH="$prebuilt/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  [ -d "$prebuilt/assets" ] && export SMALLSTEPS_ASSET_DIR="$prebuilt/assets"
else
  build="$root/build/gpu"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$arch"
  cmake --build "$build"
  bin="$build/bin"
  "$root/scripts/fetch_bunny.sh" >/dev/null 2>&1 || true
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0

# 2. Tests: each binary writes its results as JSON; the CUDA ones must have run.
for t in sim_tests determinism_tests; do
  echo "gpu-check: $t"
  "$bin/$t" --gtest_output="json:$work/$t.json" >"$work/$t.log" 2>&1 || { status=1; tail -40 "$work/$t.log"; }
done

# 3. Benchmarks.
frames=() bunny_sizes="64,388"
if [ "$quick" = 1 ]; then frames=(--frames 5); bunny_sizes="64"; fi
for case in "hanging_cloth 100,387" "bunny_cloth $bunny_sizes" "chain 20" "rigid_chain 20,100" "capsule_stack 10,30" "bridge 20,100"; do
  set -- $case
  echo "gpu-check: bench_xpbd --scene $1 --sizes $2"
  "$bin/bench_xpbd" --scene "$1" --sizes "$2" --backend all "${frames[@]}" --out "$work/bench-$1.json" \
    >/dev/null 2>"$work/bench-$1.log" || { status=1; cat "$work/bench-$1.log"; }
  cat "$work/bench-$1.log"
done
# The fluid column (issue 15) on CUDA alone at 101k and the paper's 936k scale, with neighbour lists and
# with the 27-cell walk (the CPU's 101k numbers are committed; its 936k frame takes seconds).
fluid_sizes="74,156"
[ "$quick" = 1 ] && fluid_sizes="74"
for walk in list cells; do
  echo "gpu-check: bench_xpbd --scene fluid_column --sizes $fluid_sizes --set neighbour_walk=$walk"
  "$bin/bench_xpbd" --scene fluid_column --sizes "$fluid_sizes" --backend cuda --set neighbour_walk=$walk \
    "${frames[@]}" --out "$work/bench-fluid-$walk.json" >/dev/null 2>"$work/bench-fluid-$walk.log" ||
    { status=1; cat "$work/bench-fluid-$walk.log"; }
  cat "$work/bench-fluid-$walk.log"
done
# Particles against a body (issue 17): the box dropped on the draped bunny, the ball in the fluid.
for case in "bunny_cloth $bunny_sizes drop=box bunny-box" "fluid_column $fluid_sizes drop=ball fluid-ball"; do
  set -- $case
  echo "gpu-check: bench_xpbd --scene $1 --sizes $2 --set $3"
  "$bin/bench_xpbd" --scene "$1" --sizes "$2" --set "$3" --backend all "${frames[@]}" --out "$work/bench-$4.json" \
    >/dev/null 2>"$work/bench-$4.log" || { status=1; cat "$work/bench-$4.log"; }
  cat "$work/bench-$4.log"
done
# Every integrator on the 100 x 100 cloth at a stiffness the explicit schemes bear (issue 14's benchmark).
echo "gpu-check: bench_xpbd --integrators all"
"$bin/bench_xpbd" --scene hanging_cloth --sizes 100 --integrators all --set stretch_stiffness=0.5 \
  --set shear_stiffness=0.5 --set bend_stiffness=0.5 --backend all "${frames[@]}" \
  --out "$work/bench-integrators.json" >/dev/null 2>"$work/bench-integrators.log" ||
  { status=1; cat "$work/bench-integrators.log"; }
cat "$work/bench-integrators.log"

# 4. A recorded run of the default scene on CUDA (the viewer's renderer, offscreen under Xvfb).
record="skipped: Xvfb is not installed"
if command -v Xvfb >/dev/null 2>&1; then
  Xvfb :93 -screen 0 1280x720x24 >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
  if DISPLAY=:93 "$bin/smallsteps" run --backend cuda --frames 300 --record "$work/record/" --no-progress \
      --metrics "$work/record.csv" >"$work/record.log" 2>&1; then
    record="$(grep -E '^30 |ms/frame' "$work/record.log" | tail -1)"
  else
    status=1
    record="failed: $(tail -3 "$work/record.log" | tr '\n' ' ')"
  fi
  kill "$xvfb" 2>/dev/null || true
fi

# 5. The report.
mkdir -p "$root/bench/results"
out="$root/bench/results/$slug-$date.json"
GPU_NAME="$gpu_name" GPU_ARCH="$arch" GPU_DRIVER="$driver" RECORD="$record" WORK="$work" OUT="$out" \
  STATUS="$status" python3 - <<'EOF' || status=1
import glob, json, os
work = os.environ["WORK"]
report = {"gpu": os.environ["GPU_NAME"], "sm": os.environ["GPU_ARCH"], "driver": os.environ["GPU_DRIVER"],
          "tests": {}, "benchmarks": {}, "record": os.environ["RECORD"]}
cuda_skipped = []
for path in sorted(glob.glob(os.path.join(work, "*_tests.json"))):
    data = json.load(open(path))
    counts = {"run": 0, "failed": 0, "skipped": 0}
    for suite in data.get("testsuites", []):
        for case in suite.get("testsuite", []):
            name = suite["name"] + "." + case["name"]
            if case.get("result") == "SKIPPED" or case.get("status") == "NOTRUN":
                counts["skipped"] += 1
                if "Cuda" in name or "BackendAgreement" in name or "BackendMetrics" in name:
                    cuda_skipped.append(name)
            else:
                counts["run"] += 1
                counts["failed"] += 1 if case.get("failures") else 0
    report["tests"][os.path.basename(path)[:-5]] = counts
report["cuda_tests_skipped"] = cuda_skipped
for path in sorted(glob.glob(os.path.join(work, "bench-*.json"))):
    report["benchmarks"][os.path.basename(path)[6:-5]] = json.load(open(path))
json.dump(report, open(os.environ["OUT"], "w"), indent=2)
lines = [f"# CUDA check on {report['gpu']} (sm_{report['sm']}, driver {report['driver']})", "",
         "| binary | run | failed | skipped |", "| --- | --- | --- | --- |"]
lines += [f"| {k} | {v['run']} | {v['failed']} | {v['skipped']} |" for k, v in report["tests"].items()]
lines += ["", "| scene | backend | size | n x k | ms/frame | launches/frame | diverged |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
for scene, b in report["benchmarks"].items():
    for c in b["cases"]:
        lines.append(f"| {scene} | {c['backend']} | {c['size']} | {c['substeps']}x{c['iterations']} | "
                     f"{c['ms_per_frame_mean']:.3f} | {c['launches_per_frame']} | {c['diverged'] or 'no'} |")
lines += ["", f"record: {report['record']}"]
if cuda_skipped:
    lines += ["", "CUDA tests that skipped: " + ", ".join(cuda_skipped)]
open(os.environ["OUT"][:-5] + ".md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
bad = cuda_skipped or any(v["failed"] for v in report["tests"].values()) or any(
    c["diverged"] for b in report["benchmarks"].values() for c in b["cases"])
raise SystemExit(1 if bad else 0)
EOF
echo "gpu-check: report in $out (exit status $status)"
exit "$status"
