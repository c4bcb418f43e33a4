#!/usr/bin/env bash
# Packs what scripts/gpu-check.sh --prebuilt needs into one folder, for a GPU machine that lacks the
# project's Debian packages and a network (the lent H100/H200 machines): the test, benchmark and CLI
# binaries of a CUDA build, the shared libraries they load beyond glibc and libstdc++ (and glvnd's libEGL,
# which the EGL loader opens at run time to render without a display; the driver supplies the vendor
# library), and the bunny.
# The build must carry that GPU's architecture (the default list has sm_75 to sm_120; configure prints it).
# Usage: scripts/gpu-bundle.sh [--build DIR] [--to DIR]   (defaults: build/release, .gpu-bundle)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/release" to="$root/.gpu-bundle"
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "gpu-bundle: $1 needs a folder" >&2; exit 2; }
  case "$1" in
    --build) build="$2" ;;
    --to) to="$2" ;;
    *) echo "gpu-bundle: unknown argument '$1' (usage: --build DIR, --to DIR)" >&2; exit 2 ;;
  esac
  shift 2
done
[ -n "$(find "$build" -name 'cuda_backend.cu.o' 2>/dev/null)" ] ||
  { echo "gpu-bundle: $build is not a CUDA build (configure where nvcc is found)" >&2; exit 2; }
rm -rf "$to"
mkdir -p "$to/bin" "$to/lib" "$to/assets"
binaries=(smallsteps sim_tests determinism_tests bench_xpbd)
for b in "${binaries[@]}"; do cp "$build/bin/$b" "$to/bin/"; done
# Libraries other than the C and C++ runtimes, which every Linux GPU machine has in a newer version.
for b in "${binaries[@]}"; do ldd "$build/bin/$b"; done | awk '/=> \// {print $3}' | sort -u |
  grep -Ev '/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' |
  while read -r lib; do cp -L "$lib" "$to/lib/"; done
egl="$(ldconfig -p | awk '/libEGL\.so\.1 / {print $NF; exit}')"
if [ -n "$egl" ]; then
  cp -L "$egl" "$to/lib/"
  ldd "$egl" | awk '/=> \// {print $3}' | grep -E '/libGLdispatch' | while read -r lib; do cp -L "$lib" "$to/lib/"; done
fi
"$root/scripts/fetch_bunny.sh" --to "$to/assets" >/dev/null
echo "gpu-bundle: $(du -sh "$to" | cut -f1) in $to ($(ls "$to/lib" | wc -l) libraries); run there:"
echo "  scripts/gpu-check.sh --prebuilt ${to#"$root"/}"
