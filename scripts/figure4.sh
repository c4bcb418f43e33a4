#!/usr/bin/env bash
# Giles & Andrews 2024 Figure 4 as a labelled grid of rendered frames: the frictionless 10,000:1 heavy
# stack at t = 10 s under each rigid solver (rows: xpbd, pgs with 25 iterations, direct with 20 pivoting
# steps) and each stabilisation (columns: 1 substep, a fixed 100, adaptive damping at 1 substep, adaptive
# substeps at α 0.1), the box's drop and drift under each picture. The experiment adaptive_stack holds the
# same twelve runs as data and plots. Each run renders headless (Xvfb when there is no display); a run
# that collapses past the scene's bounds ends there and shows its last frame, labelled with the reason.
# Usage: scripts/figure4.sh [--frames N] [--out FILE]
#   --frames N  frames of 1/60 s (default 600: the paper's 10 s)
#   --out FILE  the grid, a PNG (default docs/experiments/adaptive_stack/figure4.png)
# Needs the release build (cmake --build --preset release), ffmpeg and the DejaVu font (scripts/setup.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
frames=600 out="$root/docs/experiments/adaptive_stack/figure4.png"
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "figure4: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --frames) frames="$2" ;;
    --out) out="$2" ;;
    *) echo "figure4: unknown argument '$1' (usage: [--frames N] [--out FILE])" >&2; exit 2 ;;
  esac
  shift 2
done
[[ "$frames" =~ ^[1-9][0-9]*$ ]] || { echo "figure4: --frames takes a positive count, not '$frames'" >&2; exit 2; }
bin="$root/build/release/bin/smallsteps"
[ -x "$bin" ] || { echo "figure4: $bin is missing: cmake --build --preset release first" >&2; exit 2; }
command -v ffmpeg >/dev/null || { echo "figure4: ffmpeg is missing (scripts/setup.sh installs it)" >&2; exit 2; }
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -f "$font" ] || { echo "figure4: $font is missing (Debian: fonts-dejavu-core)" >&2; exit 2; }
display=()
if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null || { echo "figure4: no display and no xvfb-run" >&2; exit 2; }
  display=(xvfb-run -a)
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
solvers=(xpbd pgs direct)
modes=("1 substep|--adaptive off --substeps 1"
       "fixed 100 substeps|--adaptive off --substeps 100"
       "adaptive damping, 1 substep|--adaptive damping --substeps 1"
       "adaptive substeps, alpha 0.1|--adaptive substeps --adaptive-alpha 0.1")
inputs=() filters="" tiles=""
k=0
for solver in "${solvers[@]}"; do
  for mode in "${modes[@]}"; do
    label="${mode%%|*}" args="${mode#*|}"
    run="$work/$k"
    echo "figure4: $solver, $label"
    # shellcheck disable=SC2086  # args is a list of options
    if "${display[@]}" "$bin" run --scene heavy_stack --rigid-solver "$solver" $args --frames "$frames" \
        --no-progress --no-caption --size 480x360 --record "$run/" --metrics "$run.csv" >"$run.log" 2>&1; then
      result="$(python3 - "$run.csv" <<'EOF'
import csv, sys
last = list(csv.DictReader(open(sys.argv[1])))[-1]
print("box drop %.2g m, drift %.2g m" % (float(last["tracked_body_drop_m"]), float(last["tracked_body_drift_m"])))
EOF
)"
    else
      why="$(grep -m1 -oE '(body|particle) [0-9]+ [a-z ]+' "$run.log" | sed 's/ at *$//' || true)"
      result="$(python3 - "$run.csv" "${why:-it stopped (see the log)}" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("collapsed at t = %.2f s: %s" % (float(rows[-1]["time_s"]) if rows else 0.0, sys.argv[2]))
EOF
)"
    fi
    last="$(ls "$run"/frame_*.png 2>/dev/null | tail -1)"
    [ -n "$last" ] || { echo "figure4: $solver, $label rendered no frame:" >&2; tail -3 "$run.log" >&2; exit 1; }
    printf '%s, %s\n%s' "$solver" "$label" "$result" >"$work/$k.txt"
    inputs+=(-i "$last")
    filters+="[$k:v]pad=480:410:0:0:white,drawtext=fontfile=$font:textfile=$work/$k.txt:x=10:y=366:"
    filters+="fontsize=15:line_spacing=4:fontcolor=black[t$k];"
    tiles+="[t$k]"
    k=$((k + 1))
  done
done
mkdir -p "$(dirname "$out")"
ffmpeg -loglevel error -y "${inputs[@]}" -filter_complex "${filters}${tiles}xstack=inputs=$k:grid=4x3" \
  -frames:v 1 "$out"
echo "figure4: $out"
