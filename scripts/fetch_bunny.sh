#!/usr/bin/env bash
# Puts stanford-bunny.obj, the Stanford Bunny from the Stanford 3D Scanning Repository
# (graphics.stanford.edu/data/3Dscanrep, credit: Stanford Computer Graphics Laboratory), into a folder
# for the mesh tests. Sources in order: --from DIR, $SMALLSTEPS_ASSET_DIR, then a download of the OBJ
# in alecjacobson/common-3d-test-models (35,947 vertices, 69,451 triangles).
# Usage: scripts/fetch_bunny.sh [--to DIR] [--from DIR]    (--to defaults to assets/fetched in the repo)
set -euo pipefail

name=stanford-bunny.obj
url=https://raw.githubusercontent.com/alecjacobson/common-3d-test-models/master/data/stanford-bunny.obj
root="$(cd "$(dirname "$0")/.." && pwd)"
to="$root/assets/fetched"
from=""
while [ $# -gt 0 ]; do
  if [[ "$1" == --to || "$1" == --from ]] && [ $# -lt 2 ]; then
    echo "fetch_bunny: $1 needs a folder" >&2
    exit 2
  fi
  case "$1" in
    --to) to="$2"; shift 2 ;;
    --from) from="$2"; shift 2 ;;
    -h | --help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "fetch_bunny: unknown argument '$1' (usage: --to DIR, --from DIR)" >&2; exit 2 ;;
  esac
done

dest="$to/$name"
part="$dest.part"
tried=()

is_obj() { [ -s "$1" ] && grep -q '^v ' "$1" && grep -q '^f ' "$1"; }

if [ -e "$dest" ]; then
  if is_obj "$dest"; then
    echo "fetch_bunny: $dest is already there, nothing to do"
    exit 0
  fi
  echo "fetch_bunny: $dest exists but is not an OBJ with v and f lines; remove it and run again" >&2
  exit 1
fi
mkdir -p "$to"
trap 'rm -f "$part" "$part.err"' EXIT

# Copies DIR/stanford-bunny.obj when it is a usable OBJ; $2 says where DIR came from.
copy_from() {
  local src="$1/$name"
  if is_obj "$src"; then
    if cp "$src" "$part" && mv "$part" "$dest"; then
      echo "fetch_bunny: copied $src to $dest"
      exit 0
    fi
    tried+=("$2: $src (could not copy it to $to)")
    return
  fi
  tried+=("$2: $src (missing, empty or not an OBJ)")
}

download() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --connect-timeout 15 --max-time 300 -o "$part" "$url"
  elif command -v wget >/dev/null 2>&1; then
    wget -q --tries=2 --timeout=15 -O "$part" "$url"
  else
    echo "neither curl nor wget is installed" >&2
    return 1
  fi
}

if [ -n "$from" ]; then copy_from "$from" "--from"; fi
if [ -n "${SMALLSTEPS_ASSET_DIR:-}" ]; then copy_from "$SMALLSTEPS_ASSET_DIR" "SMALLSTEPS_ASSET_DIR"; fi

echo "fetch_bunny: downloading $url"
if ! download 2>"$part.err"; then
  reason="$(tr '\n' ' ' <"$part.err")"
elif ! is_obj "$part"; then
  reason="what came back is not an OBJ with v and f lines"
elif ! mv "$part" "$dest"; then
  reason="could not move it to $dest"
else
  echo "fetch_bunny: downloaded $dest"
  exit 0
fi
tried+=("download of $url: ${reason:-failed}")

echo "fetch_bunny: could not get $name. Tried:" >&2
printf '  %s\n' "${tried[@]}" >&2
echo "Place $name in $to yourself, or pass --from DIR." >&2
exit 1
