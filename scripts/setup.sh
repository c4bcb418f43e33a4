#!/usr/bin/env bash
# Installs the Debian packages smallsteps builds and tests with; clang, its sanitizer and libFuzzer
# runtimes, libomp and llvm-symbolizer serve the sanitize preset and the fuzz harnesses. As root it runs
# apt-get; otherwise it prints the command to run. nvcc (/usr/local/cuda/bin) is optional: without it the
# CUDA backend is left out of the build and --backend cuda says so.
#
# usage: scripts/setup.sh [--sim-only]
#   --sim-only  only what the build without the viewer needs (cmake --workflow --preset sim,
#               -DSMALLSTEPS_VIEWER=OFF): no OpenGL, GLFW, ImGui, glad, GLM, Xvfb, ffmpeg or sanitizer runtimes
set -euo pipefail

sim_only=false
for arg in "$@"; do
  case "$arg" in
    --sim-only) sim_only=true ;;
    *) echo "usage: scripts/setup.sh [--sim-only]" >&2; exit 2 ;;
  esac
done

# The simulation, the command line, the experiments' plots (stb), the tests and the structure checks.
packages=(cmake ninja-build g++ pkg-config libgtest-dev nlohmann-json3-dev libcli11-dev
          libtinyobjloader-dev libstb-dev libeigen3-dev python3)
if ! $sim_only; then
  # The viewer and its tests (a virtual display, ffmpeg for recordings), then the sanitize preset's clang.
  # EGL (libegl1, Mesa's libegl-mesa0) renders without a display; DejaVu has the UI's Greek letters.
  packages+=(libglfw3-dev libimgui-dev python3-glad libglm-dev libgl1-mesa-dri libegl1 libegl-mesa0 xvfb xauth
             ffmpeg fonts-dejavu-core clang libclang-rt-14-dev libomp-14-dev llvm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: nvcc found: the CUDA backend will be built"
else
  echo "setup: nvcc not found: building the CPU backend only"
fi
