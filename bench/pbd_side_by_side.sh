#!/usr/bin/env bash
# pbd_side_by_side.sh: smallsteps against PositionBasedDynamics (PBD, Bender et al.) on the same hanging cloth,
# on the CPU, in one run (issue 19). It builds PBD from a checkout you supply (the project neither
# downloads nor vendors PBD), builds bench/peer/pbd_cloth.cpp against PBD's libraries, then at each cloth
# size runs bench_xpbd (smallsteps) and pbd_cloth (PBD) one after the other with the same OpenMP threads,
# frames and settings (30 substeps x 1 iteration and 1 x 30), checks that both built the same constraint
# graph (equal particle and distance-constraint counts), steps each side's cloth once more untimed to show
# that both simulate the same falling cloth (energies, grid-edge strain), and writes a JSON and a markdown
# table.
#
# Usage: bench/pbd_side_by_side.sh PBD_CHECKOUT DISCREGRID_CHECKOUT GENERICPARAMETERS_CHECKOUT
#            [--sizes 100,387] [--frames N] [--warmup N] [--out-json PATH] [--out-md PATH]
#            [--threads 2] [--jobs 2] [--build-dir DIR] [--bench-xpbd PATH] [--velocity-iterations 0]
#            [--smallsteps-ground on|off]
#
#   PBD_CHECKOUT         a work tree of github.com/InteractiveComputerGraphics/PositionBasedDynamics,
#                        tested at d0894bd (it bundles Eigen in extern/eigen)
#   DISCREGRID_CHECKOUT  a work tree of InteractiveComputerGraphics/Discregrid at the commit PBD's
#                        CMakeLists.txt pins (ddf20dc for d0894bd)
#   GENERICPARAMETERS_CHECKOUT  a work tree of InteractiveComputerGraphics/GenericParameters at its pinned
#                        commit (a4e2744 for d0894bd)
#   PBD's CMake would download the last two (ExternalProject_Add); this script hands them to it instead
#   (-DDiscregrid_INCLUDE_DIR/_LIB/_DEBUG_LIB, -DGenericParameters_INCLUDE_DIR), so no network is needed.
#   Make the work trees with git clone + checkout, e.g.
#       git clone https://github.com/InteractiveComputerGraphics/PositionBasedDynamics pbd && git -C pbd checkout d0894bd
#       git clone https://github.com/InteractiveComputerGraphics/Discregrid dg && git -C dg checkout ddf20dc
#       git clone https://github.com/InteractiveComputerGraphics/GenericParameters gp && git -C gp checkout a4e2744
#   or, from local (bare) mirrors that may lack a few large data blobs,
#       bench/peer/worktree_from_mirror.sh MIRROR_GIT_DIR DEST [COMMIT]
#   Keep them outside this repository. PBD's CMake writes Utils/Version.h into its checkout.
#
#   --sizes     cloth resolutions W, a W x W grid (default 100,387: 59,002 and 894,746 constraints)
#   --frames    timed frames per case (default bench_xpbd's: 30 up to W = 200, 10 above)
#   --warmup    frames stepped before the timed ones (default 5, bench_xpbd's for hanging_cloth)
#   --out-json, --out-md  the report (default bench/results/pbd-side-by-side-cpu-<cores>core-<cpu>-<date>.json
#               and .md, <cpu> from /proc/cpuinfo, e.g. amd-epyc or intel-xeon)
#   --threads   OMP_NUM_THREADS for both sides (default 2)
#   --jobs      parallel compile jobs of the PBD build (default 2; it runs under nice -n 19)
#   --build-dir where Discregrid, PBD and pbd_cloth are built and each run's raw outputs are kept
#               (default build/peer, git-ignored; rebuilt incrementally)
#   --bench-xpbd  the smallsteps benchmark (default build/release/bin/bench_xpbd; its smallsteps CLI beside
#               it gives the untimed sanity run)
#   --velocity-iterations  PBD TimeStepController's maxIterationsV (default 0: PBD's velocity sweeps do
#               nothing for distance constraints; PBD's own default is 5)
#   --smallsteps-ground  on (default): smallsteps' hanging_cloth as bench_xpbd times it, with its ground
#               plane y = 0, which PBD's run lacks; off: --set ground=0, so both sides do the same work.
#               The ground matters once the cloth reaches it: with the default frames, at 100 x 100 and
#               1 x 30 (under-converged, the cloth stretches far) it does so in the last timed frames; the
#               report warns when PBD's cloth came within 0.1 m of y = 0.
#
# The PBD build takes about 2 minutes on 2 cores. Timings are only as good as the machine is quiet.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prog=pbd_side_by_side
die() { echo "$prog: $*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

sizes="100,387" frames="" warmup="" out_json="" out_md="" threads=2 jobs=2 velocity_iterations=0 ground=on
build_dir="$root/build/peer" bench_xpbd="$root/build/release/bin/bench_xpbd"
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --sizes | --frames | --warmup | --out-json | --out-md | --threads | --jobs | --build-dir | --bench-xpbd | \
      --velocity-iterations | --smallsteps-ground)
      [ $# -ge 2 ] || { echo "$prog: $1 needs a value (see --help)" >&2; exit 2; }
      case "$1" in
        --sizes) sizes="$2" ;;
        --frames) frames="$2" ;;
        --warmup) warmup="$2" ;;
        --out-json) out_json="$2" ;;
        --out-md) out_md="$2" ;;
        --threads) threads="$2" ;;
        --jobs) jobs="$2" ;;
        --build-dir) build_dir="$2" ;;
        --bench-xpbd) bench_xpbd="$2" ;;
        --velocity-iterations) velocity_iterations="$2" ;;
        --smallsteps-ground) ground="$2" ;;
      esac
      shift 2 ;;
    -*) echo "$prog: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) positional+=("$1"); shift ;;
  esac
done
if [ ${#positional[@]} -ne 3 ]; then
  echo "$prog: expected 3 checkouts (PBD, Discregrid, GenericParameters), got ${#positional[@]}" >&2
  echo "usage: $0 PBD_CHECKOUT DISCREGRID_CHECKOUT GENERICPARAMETERS_CHECKOUT [options] (see --help)" >&2
  exit 2
fi

# --- arguments ----------------------------------------------------------------------------------------
is_uint() { [[ "$1" =~ ^[0-9]+$ ]]; }
[[ "$sizes" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--sizes '$sizes' is not a comma-separated list of integers"
IFS=, read -ra size_list <<<"$sizes"
for w in "${size_list[@]}"; do
  if [ "$w" -lt 3 ] || [ "$w" -gt 2048 ]; then die "--sizes: $w is outside [3, 2048]"; fi
done
[ -z "$frames" ] || { is_uint "$frames" && [ "$frames" -ge 1 ]; } || die "--frames '$frames' is not a positive integer"
[ -z "$warmup" ] || is_uint "$warmup" || die "--warmup '$warmup' is not a non-negative integer"
{ is_uint "$threads" && [ "$threads" -ge 1 ]; } || die "--threads '$threads' is not a positive integer"
{ is_uint "$jobs" && [ "$jobs" -ge 1 ]; } || die "--jobs '$jobs' is not a positive integer"
is_uint "$velocity_iterations" || die "--velocity-iterations '$velocity_iterations' is not a non-negative integer"
case "$ground" in
  on) ground_set=() ;;
  off) ground_set=(--set ground=0) ;;
  *) die "--smallsteps-ground '$ground' is not on or off" ;;
esac
for tool in cmake make python3 git nice; do command -v "$tool" >/dev/null || die "'$tool' is not installed"; done

# --- the checkouts ----------------------------------------------------------------------------------------
# A directory, absolute, without whitespace (PBD's flags are passed on as words).
checkout_dir() {
  local what="$1" path="$2" how="$3"
  [ -e "$path" ] || die "$what checkout '$path' does not exist. $how"
  [ -d "$path" ] || die "$what checkout '$path' is not a directory. $how"
  path="$(cd "$path" && pwd -P)"
  [[ "$path" =~ [[:space:]] ]] && die "$what checkout '$path' has whitespace in its path; move it"
  if [ -f "$path/HEAD" ] && [ -d "$path/objects" ] && [ -d "$path/refs" ]; then
    die "$what checkout '$path' is a bare git repository (a mirror), not a work tree. Make one with:" \
      "bench/peer/worktree_from_mirror.sh '$path' DEST"
  fi
  case "$path/" in "$root"/*) die "$what checkout '$path' is inside this repository; keep it outside (the project does not vendor PBD)" ;; esac
  printf '%s\n' "$path"
}
# The commit of a git work tree whose top is exactly dir, else "".
commit_of() {
  local top
  top="$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)" || return 0
  [ "$(cd "$top" && pwd -P)" = "$1" ] || return 0
  git -C "$1" rev-parse HEAD 2>/dev/null || true
}
how="Make work trees with git clone + checkout or bench/peer/worktree_from_mirror.sh (see --help)."
pbd="$(checkout_dir PositionBasedDynamics "${positional[0]}" "$how")"
dg="$(checkout_dir Discregrid "${positional[1]}" "$how")"
gp="$(checkout_dir GenericParameters "${positional[2]}" "$how")"

grep -qs 'project(PositionBasedDynamics)' "$pbd/CMakeLists.txt" ||
  die "'$pbd' is not a PositionBasedDynamics checkout (its CMakeLists.txt has no project(PositionBasedDynamics)). $how"
for f in Simulation/SimulationModel.h Simulation/TimeStepController.h PositionBasedDynamics/XPBD.cpp \
  extern/eigen/Eigen/Dense version.txt; do
  [ -f "$pbd/$f" ] || die "PositionBasedDynamics checkout '$pbd' lacks $f (an incomplete work tree or another version). $how"
done
grep -q 'addDistanceConstraint_XPBD' "$pbd/Simulation/SimulationModel.h" ||
  die "PositionBasedDynamics checkout '$pbd' has no SimulationModel::addDistanceConstraint_XPBD (too old?); tested at d0894bd"
{ grep -qs 'project(Discregrid)' "$dg/CMakeLists.txt" && [ -f "$dg/discregrid/CMakeLists.txt" ]; } ||
  die "'$dg' is not a Discregrid checkout (no project(Discregrid) in CMakeLists.txt, or no discregrid/). $how"
{ grep -qs 'project(GenericParameters)' "$gp/CMakeLists.txt" && [ -f "$gp/GenericParameters/ParameterObject.h" ]; } ||
  die "'$gp' is not a GenericParameters checkout (no project(GenericParameters) or GenericParameters/ParameterObject.h). $how"

pbd_commit="$(commit_of "$pbd")" dg_commit="$(commit_of "$dg")" gp_commit="$(commit_of "$gp")"
# The dependency commits this PBD's CMakeLists.txt pins (GIT_TAG after each repository).
pinned() { grep -A1 "$1.git" "$pbd/CMakeLists.txt" | sed -n 's/.*GIT_TAG *"\{0,1\}\([0-9a-f]*\)"\{0,1\}.*/\1/p' | head -1; }
dg_pin="$(pinned Discregrid)" gp_pin="$(pinned GenericParameters)"
warn_commit() {  # what commit pin
  if [ -z "$2" ]; then
    echo "$prog: warning: $1 checkout is not a git work tree; its commit is not recorded" >&2
  elif [ -n "$3" ] && [ "${2:0:7}" != "${3:0:7}" ]; then
    echo "$prog: warning: $1 is at ${2:0:7}, but PBD's CMakeLists.txt pins ${3:0:7}" >&2
  fi
}
warn_commit PositionBasedDynamics "$pbd_commit" d0894bd
warn_commit Discregrid "$dg_commit" "$dg_pin"
warn_commit GenericParameters "$gp_commit" "$gp_pin"

# --- smallsteps -------------------------------------------------------------------------------------------
[ -x "$bench_xpbd" ] || die "bench_xpbd '$bench_xpbd' is missing; build it: cmake --preset release && cmake --build --preset release --target bench_xpbd"
smallsteps_cli="$(dirname "$bench_xpbd")/smallsteps"
[ -x "$smallsteps_cli" ] || die "the smallsteps CLI '$smallsteps_cli' (beside bench_xpbd, for the sanity run) is missing; build it: cmake --build --preset release --target smallsteps"
report_py="$root/bench/peer/side_by_side_report.py"
driver_src="$root/bench/peer/pbd_cloth.cpp"
{ [ -f "$report_py" ] && [ -f "$driver_src" ]; } || die "bench/peer/ is incomplete (side_by_side_report.py, pbd_cloth.cpp)"

# --- outputs ----------------------------------------------------------------------------------------------
date_utc="$(date -u +%F)"
cpu_model="$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)"
case "$cpu_model" in
  *EPYC*) cpu_slug=amd-epyc ;;
  *Ryzen*) cpu_slug=amd-ryzen ;;
  *Xeon*) cpu_slug=intel-xeon ;;
  *Core*) cpu_slug=intel-core ;;
  *) cpu_slug="$(printf '%s' "${cpu_model:-cpu}" | tr '[:upper:]' '[:lower:]' | sed 's/([^)]*)//g; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//' | cut -d- -f1-2)" ;;
esac
stem="$root/bench/results/pbd-side-by-side-cpu-$(nproc)core-${cpu_slug:-cpu}-$date_utc"
out_json="${out_json:-$stem.json}" out_md="${out_md:-$stem.md}"
for out in "$out_json" "$out_md"; do
  [ -d "$(dirname "$out")" ] || die "the folder of '$out' does not exist"
  if [ ! -w "$(dirname "$out")" ] || { [ -e "$out" ] && [ ! -w "$out" ]; }; then die "cannot write '$out'"; fi
done

mkdir -p "$build_dir/logs"
build_dir="$(cd "$build_dir" && pwd -P)"
logs="$build_dir/logs"
run_dir="$build_dir/runs/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$run_dir"

# --- build: Discregrid, PBD's libraries, pbd_cloth ----------------------------------------------------------
# A build folder configured from another source folder is started afresh.
fresh_if_moved() {
  if [ -f "$2/CMakeCache.txt" ] && ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$1" "$2/CMakeCache.txt"; then
    rm -rf "$2"
  fi
}
step() {  # name log command...: runs it niced, its output to the log; on failure the log's tail
  local name="$1" log="$2"
  shift 2
  if ! nice -n 19 "$@" >>"$log" 2>&1; then
    tail -n 30 "$log" >&2
    die "$name failed (full log: $log)"
  fi
}
build_start=$SECONDS
echo "$prog: building Discregrid ($dg) in $build_dir/discregrid" >&2
dg_install="$build_dir/install/discregrid"
fresh_if_moved "$dg" "$build_dir/discregrid"
: >"$logs/discregrid.log"
# As PBD's ExternalProject_Add would: Release, no command-line tool, PBD's bundled Eigen.
step "Discregrid configure" "$logs/discregrid.log" cmake -S "$dg" -B "$build_dir/discregrid" -G "Unix Makefiles" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$dg_install" -DBUILD_CMD_EXECUTABLE=OFF \
  -DEIGEN3_INCLUDE_DIR="$pbd/extern/eigen" -DCMAKE_POLICY_VERSION_MINIMUM=3.10
step "Discregrid build" "$logs/discregrid.log" cmake --build "$build_dir/discregrid" -j "$jobs"
step "Discregrid install" "$logs/discregrid.log" cmake --install "$build_dir/discregrid"
dg_lib="$dg_install/lib/libDiscregrid.a"
[ -f "$dg_lib" ] || die "the Discregrid build made no $dg_lib (log: $logs/discregrid.log)"

echo "$prog: building PositionBasedDynamics ($pbd) in $build_dir/pbd" >&2
fresh_if_moved "$pbd" "$build_dir/pbd"
: >"$logs/pbd.log"
pbd_cmake_options=(-G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DPBD_LIBS_ONLY=ON -DUSE_PYTHON_BINDINGS=OFF
  -DUSE_OpenMP=ON -DUSE_DOUBLE_PRECISION=ON
  -DDiscregrid_INCLUDE_DIR="$dg_install/include" -DDiscregrid_LIB="$dg_lib" -DDiscregrid_DEBUG_LIB="$dg_lib"
  -DGenericParameters_INCLUDE_DIR="$gp/GenericParameters" -DCMAKE_POLICY_VERSION_MINIMUM=3.10)
step "PBD configure" "$logs/pbd.log" cmake -S "$pbd" -B "$build_dir/pbd" "${pbd_cmake_options[@]}"
step "PBD build" "$logs/pbd.log" cmake --build "$build_dir/pbd" -j "$jobs" --target PositionBasedDynamics Simulation Utils
pbd_libs=("$build_dir/pbd/lib/libSimulation.a" "$build_dir/pbd/lib/libPositionBasedDynamics.a" "$build_dir/pbd/lib/libUtils.a")
for lib in "${pbd_libs[@]}"; do [ -f "$lib" ] || die "the PBD build made no $lib (log: $logs/pbd.log)"; done

# pbd_cloth: compiled exactly as PBD's CMake compiles its Simulation library (its defines, such as
# USE_DOUBLE, its include folders and its flags), read from the generated flags.make.
flags_make="$build_dir/pbd/Simulation/CMakeFiles/Simulation.dir/flags.make"
[ -f "$flags_make" ] || die "no $flags_make: PBD's CMake layout differs from the tested d0894bd"
field() { sed -n "s/^$1 = //p" "$flags_make" | head -1; }
read -ra pbd_defines <<<"$(field CXX_DEFINES)"
read -ra pbd_includes <<<"$(field CXX_INCLUDES)"
read -ra pbd_flags <<<"$(field CXX_FLAGS)"
pbd_cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_dir/pbd/CMakeCache.txt" | head -1)"
pbd_cxx="${pbd_cxx:-c++}"
driver="$build_dir/pbd_cloth"
driver_cmd=("$pbd_cxx" "${pbd_defines[@]}" "${pbd_includes[@]}" "${pbd_flags[@]}" "$driver_src" -o "$driver"
  "${pbd_libs[@]}" "$dg_lib")
echo "$prog: compiling pbd_cloth" >&2
: >"$logs/pbd_cloth.log"
printf '%q ' "${driver_cmd[@]}" >>"$logs/pbd_cloth.log"
echo >>"$logs/pbd_cloth.log"
step "pbd_cloth compile" "$logs/pbd_cloth.log" "${driver_cmd[@]}"
build_seconds=$((SECONDS - build_start))
echo "$prog: builds done in ${build_seconds} s" >&2

# --- the run --------------------------------------------------------------------------------------------
export OMP_NUM_THREADS="$threads"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
# The CPUs' busy share over one second (/proc/stat): other programs running skew both sides' timings.
read -r _ u1 n1 s1 i1 w1 q1 sq1 _ </proc/stat
sleep 1
read -r _ u2 n2 s2 i2 w2 q2 sq2 _ </proc/stat
busy=$(((u2 + n2 + s2 + q2 + sq2) - (u1 + n1 + s1 + q1 + sq1)))
total=$((busy + (i2 + w2) - (i1 + w1)))
busy_percent=$((total > 0 ? 100 * busy / total : 0))
if [ "$busy_percent" -gt 10 ]; then
  echo "$prog: warning: the CPUs were ${busy_percent}% busy just before the run (load average $load_before);" \
    "other programs skew both sides' timings" >&2
fi
for w in "${size_list[@]}"; do
  f="${frames:-$([ "$w" -le 200 ] && echo 30 || echo 10)}" m="${warmup:-5}"
  echo "$prog: ${w}x${w}: smallsteps (bench_xpbd), $m warm-up + $f timed frames, OMP_NUM_THREADS=$threads" >&2
  "$bench_xpbd" --scene hanging_cloth --backend cpu --sizes "$w" --frames "$f" --warmup "$m" "${ground_set[@]}" \
    --out "$run_dir/smallsteps-$w.json" >/dev/null || die "bench_xpbd failed at ${w}x${w}"
  echo "$prog: ${w}x${w}: PBD (pbd_cloth), $m warm-up + $f timed frames, OMP_NUM_THREADS=$threads" >&2
  "$driver" --sizes "$w" --frames "$f" --warmup "$m" --velocity-iterations "$velocity_iterations" \
    --out "$run_dir/pbd-$w.json" >/dev/null || die "pbd_cloth failed at ${w}x${w}"
  python3 "$report_py" check "$run_dir/smallsteps-$w.json" "$run_dir/pbd-$w.json" ||
    die "constraint counts differ at ${w}x${w} (raw outputs in $run_dir); no report written"
  # Untimed: smallsteps' state after the same frames, for the sanity table.
  for nk in 30x1 1x30; do
    "$smallsteps_cli" run --scene hanging_cloth --set width="$w" --set height="$w" "${ground_set[@]}" --frames $((f + m)) \
      --substeps "${nk%x*}" --iterations "${nk#*x}" --backend cpu --threads "$threads" --no-progress \
      --metrics "$run_dir/sanity-$w-$nk.csv" >"$run_dir/sanity-$w-$nk.txt" 2>&1 ||
      die "the smallsteps sanity run failed at ${w}x${w} $nk (see $run_dir/sanity-$w-$nk.txt)"
  done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

# --- the report -----------------------------------------------------------------------------------------
ss_commit="$(git -C "$root" rev-parse HEAD 2>/dev/null || true)"
ss_dirty="$(git -C "$root" status --porcelain --untracked-files=no -- sim bench app 2>/dev/null | wc -l)"
ss_flags="$(python3 - "$root/build/release/compile_commands.json" "$(dirname "$(dirname "$bench_xpbd")")/compile_commands.json" <<'PY'
import json, shlex, sys
for path in sys.argv[1:]:
    try:
        entries = json.load(open(path))
    except (OSError, ValueError):
        continue
    for e in entries:
        if e["file"].endswith("sim/backend/cpu_backend.cpp"):
            words = e.get("arguments") or shlex.split(e["command"])
            keep, skip = [], False
            for word in words[1:]:  # the flags: no output, source, include folders or asset paths
                if skip:
                    skip = False
                elif word in ("-o", "-c", "-I", "-isystem"):
                    skip = True
                elif not word.startswith(("-DSMALLSTEPS_", "-I", "-isystem")) and not word.endswith(".cpp"):
                    keep.append(word)
            print(words[0] + " " + " ".join(keep))
            sys.exit(0)
print("unknown (no compile_commands.json beside bench_xpbd)")
PY
)"
pbd_lib_flags="$pbd_cxx ${pbd_defines[*]} ${pbd_flags[*]}"
pbd_version="$(head -1 "$pbd/version.txt" | tr -d '[:space:]')"

export SBS_SIZES="$sizes" SBS_THREADS="$threads" SBS_VELOCITY_ITERATIONS="$velocity_iterations" SBS_GROUND="$ground"
export SBS_COMMAND="bench/pbd_side_by_side.sh ${positional[*]} --sizes $sizes${frames:+ --frames $frames}${warmup:+ --warmup $warmup} --threads $threads --velocity-iterations $velocity_iterations --smallsteps-ground $ground"
export SBS_CPU_MODEL="$cpu_model" SBS_LOAD_BEFORE="$load_before" SBS_LOAD_AFTER="$load_after" SBS_BUSY="$busy_percent"
export SBS_SS_COMMIT="$ss_commit" SBS_SS_DIRTY="$ss_dirty" SBS_SS_BINARY="$bench_xpbd" SBS_SS_FLAGS="$ss_flags"
export SBS_PBD_DIR="$pbd" SBS_PBD_COMMIT="$pbd_commit" SBS_PBD_VERSION="$pbd_version"
export SBS_DG_COMMIT="$dg_commit" SBS_DG_PIN="$dg_pin" SBS_GP_COMMIT="$gp_commit" SBS_GP_PIN="$gp_pin"
export SBS_PBD_CMAKE_OPTIONS="${pbd_cmake_options[*]}" SBS_PBD_LIB_FLAGS="$pbd_lib_flags"
export SBS_DRIVER_FLAGS="${driver_cmd[*]}" SBS_BUILD_SECONDS="$build_seconds" SBS_RUN_DIR="$run_dir"
python3 "$report_py" meta --out "$run_dir/meta.json"
python3 "$report_py" report --work "$run_dir" --meta "$run_dir/meta.json" --out-json "$out_json" --out-md "$out_md"
echo "$prog: wrote $out_json and $out_md (raw outputs in $run_dir)" >&2
cat "$out_md"
