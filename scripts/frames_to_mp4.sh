#!/usr/bin/env bash
# Makes an MP4 from the numbered PNGs a recording wrote (smallsteps run --record DIR/), or from the .tar of
# them that scripts/gpu-check.sh packs on a GPU machine without ffmpeg: the encoding the recorder itself
# uses (H.264, yuv420p, 60 frames a second: one video frame per simulated frame).
# Usage: scripts/frames_to_mp4.sh FRAMES_DIR|FRAMES.tar OUT.mp4
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: frames_to_mp4.sh FRAMES_DIR|FRAMES.tar OUT.mp4" >&2; exit 2; }
command -v ffmpeg >/dev/null 2>&1 || { echo "frames_to_mp4: ffmpeg is not installed" >&2; exit 2; }
src="$1" out="$2"
if [ -f "$src" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  tar -C "$tmp" -xf "$src"
  src="$(dirname "$(find "$tmp" -name 'frame_000001.png' | head -1)")"
fi
[ -f "$src/frame_000001.png" ] || { echo "frames_to_mp4: no frame_000001.png in $1" >&2; exit 2; }
ffmpeg -loglevel error -y -framerate 60 -start_number 1 -i "$src/frame_%06d.png" -c:v libx264 -preset veryfast \
  -crf 20 -pix_fmt yuv420p "$out"
echo "frames_to_mp4: $(ls "$src"/frame_*.png | wc -l) frames into $out"
