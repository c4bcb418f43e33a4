#!/usr/bin/env bash
# One command that verifies and benchmarks the CUDA backend on the NVIDIA GPU present (issue 11):
#   1. configures and builds Release with CUDA for this GPU's architecture (build/gpu), unless --prebuilt
#      names binaries built elsewhere (scripts/gpu-bundle.sh makes them, for a GPU machine without the
#      project's Debian packages); CUDA computes in float there, the CPU in double (a build with
#      -DSMALLSTEPS_CUDA_REAL=double gives the FP64 numbers to set beside them);
#   2. runs every test binary; the CUDA tests (backend agreement and metrics on every scene, the same bits
#      with and without CUDA graphs and grid sweeps) must run, not skip;
#   3. runs bench_xpbd --backend all on hanging_cloth (100, 387), bunny_cloth (64, 388; and in tiles,
#      sweep_tiles=1, with the 387 hanging cloth on CUDA), the chain
#      (100 x 1 and 1 x 100) and the rigid chain (100 x 1, 1 x 100, 1 x 500; 20 and 100 links), the contact
#      scenes, the FEM beam, a box on the bunny's cloth and a ball in the fluid, each CUDA case sent every
#      way Settings::cuda_launch offers (auto, which is graph, and plain), and
#      every integrator on hanging_cloth 100 x 100; the fluid column at the paper's scale on CUDA alone;
#      and profiles chain, rigid chain, capsule stack, bunny, bunny-box and fluid scenes kernel by kernel
#      (SMALLSTEPS_CUDA_PROFILE, sent plain) into the report;
#   4. records, through EGL (no X server needed), the paper-scale bunny (388², 30 x 1), its A/B (1 x 30
#      beside 30 x 1, assets/presets/figure1_bunny.json) and the 949k fluid column on CUDA into bench/results/videos/: MP4
#      where ffmpeg is installed, else 60 numbered PNGs a video packed as a .tar (scripts/frames_to_mp4.sh
#      makes the MP4 elsewhere); each run's render time per frame goes into the report;
#   5. writes bench/results/<gpu>-<date>.json and a markdown summary beside it (scripts/gpu_report.py), each
#      benchmark line with its ratio to the same GPU's latest earlier report and issue 39's targets.
# The report is rewritten after every step and merged with the day's report already there, so a run cut
# short (a lent machine allows 10 minutes a command) keeps what it measured, and --stage finishes the rest.
# Without an NVIDIA GPU it says so and exits 0 without building. Exit 1 when a test fails, a CUDA test
# skips, or a benchmark diverges.
# Usage: scripts/gpu-check.sh [--prebuilt DIR] [--quick] [--stage tests|bench|all]
#   --prebuilt DIR  DIR/bin holds the binaries, DIR/lib the shared libraries they need, DIR/assets the bunny
#   --quick         fewer timed frames, no 388² bunny and no 949k fluid (a first look within a few minutes)
#   --stage S       the tests (2) alone, the benchmarks and the recording (3, 4) alone, or all (the default)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prebuilt="" quick=0 stage=all
usage="usage: [--prebuilt DIR] [--quick] [--stage tests|bench|all]"
while [ $# -gt 0 ]; do
  case "$1" in
    --prebuilt)
      [ $# -ge 2 ] || { echo "gpu-check: --prebuilt needs a folder" >&2; exit 2; }
      prebuilt="$(cd "$2" && pwd)" || { echo "gpu-check: no folder '$2'" >&2; exit 2; }
      shift 2 ;;
    --quick) quick=1; shift ;;
    --stage)
      case "${2:-}" in
        tests | bench | all) stage="$2" ;;
        *) echo "gpu-check: --stage takes tests, bench or all, not '${2:-}'" >&2; exit 2 ;;
      esac
      shift 2 ;;
    *) echo "gpu-check: unknown argument '$1' ($usage)" >&2; exit 2 ;;
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
mkdir -p "$root/bench/results"
out="$root/bench/results/$slug-$(date -u +%Y-%m-%d).json"
status=0
report() {  # merges what $work holds into the day's report; its exit status judges the whole report
  GPU_NAME="$gpu_name" GPU_ARCH="$arch" GPU_DRIVER="$driver" python3 "$root/scripts/gpu_report.py" "$work" "$out"
}
step() { echo "gpu-check: $(date -u +%T) $*"; }

# 2. Tests: each binary writes its results as JSON; the CUDA ones must have run.
if [ "$stage" != bench ]; then
  for t in sim_tests determinism_tests; do
    step "$t"
    "$bin/$t" --gtest_output="json:$work/$t.json" >"$work/$t.log" 2>&1 || { status=1; tail -40 "$work/$t.log"; }
    report >/dev/null || true
  done
fi

# 3. Benchmarks: bench NAME ARGS... runs bench_xpbd ARGS into the report's benchmarks[NAME].
frames=() bunny_sizes="64,388" fluid_sizes="74,156"
if [ "$quick" = 1 ]; then frames=(--frames 5) bunny_sizes="64" fluid_sizes="74"; fi
launches="auto,plain"  # auto is graph (sim/exec/launch_mode.h)
bench() {  # every CUDA case sent as auto and plain, unless ARGS name --launch
  local name="$1" launch=(--launch auto,plain)
  shift
  [[ " $* " == *" --launch "* ]] && launch=()
  step "bench_xpbd $*"
  "$bin/bench_xpbd" "$@" "${launch[@]}" "${frames[@]}" --out "$work/bench-$name.json" >/dev/null \
    2>"$work/bench-$name.log" ||
    status=1
  cat "$work/bench-$name.log"
  report >/dev/null || true
}
if [ "$stage" != tests ]; then
  bench hanging_cloth --scene hanging_cloth --sizes 100,387 --backend all --launch "$launches"
  bench bunny_cloth --scene bunny_cloth --sizes "$bunny_sizes" --backend all --launch "$launches"
  # the drape at its CUDA default, 100 x 1 (issue 51's target table)
  [ "$quick" = 1 ] || bench bunny_cloth-100 --scene bunny_cloth --sizes 388 --steps 100 --backend cuda --launch "$launches"
  # Gauss-Seidel in tiles (issue 51 item 2, model/tiling.h): 6 phases of 22 colours, a block a tile, against
  # the 12 colours above; the CPU sweeps the same layout a colour at a time with the same bits
  bench bunny_cloth-tiles --scene bunny_cloth --sizes "$bunny_sizes" --set sweep_tiles=1 --backend all --launch auto
  [ "$quick" = 1 ] || bench bunny_cloth-100-tiles --scene bunny_cloth --sizes 388 --steps 100 --set sweep_tiles=1 \
    --backend cuda --launch auto
  bench hanging_cloth-tiles --scene hanging_cloth --sizes 387 --set sweep_tiles=1 --backend cuda --launch auto
  bench chain --scene chain --sizes 20 --backend all --launch "$launches"
  bench rigid_chain --scene rigid_chain --sizes 20,100 --backend all --launch "$launches"
  bench capsule_stack --scene capsule_stack --sizes 10,30 --backend all --launch "$launches"
  bench bridge --scene bridge --sizes 20,100 --backend all --launch "$launches"
  # the paper's 12,800 tets (its 4 / 6 / 12 ms)
  bench fem_beam --scene fem_beam --sizes 40 --backend all --launch "$launches"
  # The fluid column (issue 15) on CUDA alone at 101k and the paper's 949k, with neighbour lists and with
  # the 27-cell walk (the CPU's 101k numbers are committed; its 949k frame takes seconds).
  for walk in list cells; do
    bench "fluid-$walk" --scene fluid_column --sizes "$fluid_sizes" --backend cuda --set neighbour_walk=$walk
  done
  # Particles against a body (issue 17): the box dropped on the draped bunny, the ball in the fluid (both
  # backends at 101k, CUDA alone at 949k).
  bench bunny-box --scene bunny_cloth --sizes "$bunny_sizes" --set drop=box --backend all
  bench fluid-ball --scene fluid_column --sizes 74 --set drop=ball --backend all
  [ "$quick" = 1 ] || bench fluid-ball-949k --scene fluid_column --sizes 156 --set drop=ball --backend cuda
  # Adaptive substepping on CUDA (issue 51 item 7): the residual rule on the swinging box (XPBD rigid solver)
  # and the hanging cloth, then a fixed N of each run's mean N beside it.
  if [ "$quick" != 1 ]; then
    for scene in swinging_box hanging_cloth; do
      bench "$scene-residual" --scene "$scene" --sizes "$([ $scene = swinging_box ] && echo 25 || echo 100)" \
        --backend cuda --setting adaptive=residual --launch auto
      mean=$(python3 -c "import json, sys; print(round(json.load(open(sys.argv[1]))['cases'][0]['substeps_mean']))" \
        "$work/bench-$scene-residual.json" 2>/dev/null || echo 0)
      [ "$mean" -gt 0 ] && bench "$scene-fixed-mean" --scene "$scene" \
        --sizes "$([ $scene = swinging_box ] && echo 25 || echo 100)" --backend cuda --steps "$mean" --launch auto
    done
  fi
  # Every integrator on the 100 x 100 cloth at a stiffness the explicit schemes bear (issue 14's benchmark).
  bench integrators --scene hanging_cloth --sizes 100 --integrators all --set stretch_stiffness=0.5 \
    --set shear_stiffness=0.5 --set bend_stiffness=0.5 --backend all --launch auto

  # Kernel profiles (exec/cuda_profile.cuh) of the issue 39 pathologies, sent plain so that every kernel
  # is timed on its own: 60 frames each, summed by kernel, into the report.
  profile() {  # profile NAME ARGS...: smallsteps run ARGS with SMALLSTEPS_CUDA_PROFILE
    local name="$1"
    shift
    step "profile $name"
    SMALLSTEPS_CUDA_PROFILE="$work/profile-$name.txt" "$bin/smallsteps" run --backend cuda --cuda-launch plain \
      --no-progress --frames 60 "$@" >"$work/profile-$name.log" 2>&1 || status=1
    report >/dev/null || true
  }
  profile chain-20-100x1 --scene chain --substeps 100 --iterations 1
  profile rigid_chain-100-100x1 --scene rigid_chain --set links=100 --substeps 100 --iterations 1
  profile capsule_stack-10-100x1 --scene capsule_stack --substeps 100 --iterations 1
  profile bunny-388-30x1 --scene bunny_cloth --set resolution=388 --substeps 30 --iterations 1
  profile bunny-box-388-1x30 --scene bunny_cloth --set resolution=388 --set drop=box --substeps 1 --iterations 30
  profile fluid-ball-74-10x1 --scene fluid_column --set spacing=0.016216 --set drop=ball --substeps 10 --iterations 1
  [ "$quick" = 1 ] || profile fluid-949k-10x1 --scene fluid_column --set spacing=0.0076923 --substeps 10 --iterations 1

  # 4. Recordings on CUDA through EGL with no display (app/viewer/egl_context.h): the NVIDIA EGL vendor
  # library where the driver keeps it outside glvnd's default folder.
  nvidia_egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
  [ -f "$nvidia_egl" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="${__EGL_VENDOR_LIBRARY_FILENAMES:-$nvidia_egl}"
  videos="$root/bench/results/videos"
  mkdir -p "$videos"
  : >"$work/record.txt"
  record() {  # record NAME ARGS...: smallsteps run ARGS into videos/<gpu>-<date>-NAME.mp4 (or .tar of PNGs)
    local name="$1" stem
    shift
    stem="$videos/$slug-$(date -u +%Y-%m-%d)-$name"
    step "record $name"
    local target="$stem.mp4" args=("$@")
    if ! command -v ffmpeg >/dev/null 2>&1; then  # 60 frames of PNGs: the run's own --frames gives way
      target="$work/$name/" args=()
      while [ $# -gt 0 ]; do
        if [ "$1" = --frames ]; then shift 2; else args+=("$1"); shift; fi
      done
      args+=(--frames 60 --size 960x540)
    fi
    if DISPLAY= "$bin/smallsteps" run --backend cuda --no-progress "${args[@]}" --record "$target" \
        >"$work/record-$name.log" 2>&1; then
      [ -d "$work/$name" ] && tar -C "$work" -cf "$stem.tar" "$name"
      echo "$name: $(grep -E '^(renderer|rendered) ' "$work/record-$name.log" | tr -s ' ' | paste -sd ';')" \
        >>"$work/record.txt"
    else
      status=1
      echo "$name: failed: $(tail -3 "$work/record-$name.log" | tr '\n' ' ')" >>"$work/record.txt"
    fi
    report >/dev/null || true
  }
  record bunny-388 --scene bunny_cloth --set resolution=388 --substeps 30 --iterations 1 --frames 300
  record bunny-388-ab --preset "$root/assets/presets/figure1_bunny.json" --set resolution=388
  [ "$quick" = 1 ] || record fluid-949k --scene fluid_column --set spacing=0.0076923 --frames 240
fi

# 5. The report.
report || status=1
echo "gpu-check: report in $out (exit status $status)"
exit "$status"
