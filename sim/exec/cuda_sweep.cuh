// A Gauss-Seidel sweep over colours as one cooperative grid (issue 39 item 3): the blocks that fit on the
// device at once loop over the items of colour c, synchronise as a grid, and go on to colour c + 1. A sweep
// in tiles (exec/tile_sweep.h) the same way a phase at a time: each block takes tiles of the phase and runs
// their colours with a block barrier between them, and the grid synchronises only between phases. Each item
// is projected once by one thread with the functor of its colour, as in a launch per colour, so the bits are
// those of the colour-by-colour sweep (exec/colour_sweep.h) and of the CPU's one parallel region a sweep.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "exec/colour_sweep.h"
#include "exec/cuda_check.cuh"
#include "exec/tile_sweep.h"

namespace sim {
inline namespace SIM_PRECISION {

// The functors and sizes of up to C colours, carried as one kernel argument.
template <class F, int C>
struct GridSweepArgs {
  alignas(F) unsigned char pass[C * sizeof(F)];  // functor of colour c at c · sizeof(F)
  int size[C];                                   // items of colour c
  int colours;

  __device__ const F& functor(int c) const { return reinterpret_cast<const F*>(pass)[c]; }
};

template <class F, int C>
__global__ void grid_sweep_kernel(GridSweepArgs<F, C> a) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  const int stride = int(blockDim.x * gridDim.x);
  for (int c = 0; c < a.colours; ++c) {
    const F& f = a.functor(c);
    for (int i = int(blockIdx.x * blockDim.x + threadIdx.x); i < a.size[c]; i += stride) f(i);
    if (c + 1 < a.colours) grid.sync();
  }
}

// The phases of a tile sweep one grid covers, carried as one kernel argument with the functor.
template <class F>
struct TileGridArgs {
  TilePhase phase[kGridSweepTilePhases];
  int phases;
  F f;
};

template <class F>
__global__ void tile_grid_kernel(TileGridArgs<F> a) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  for (int q = 0; q < a.phases; ++q) {
    const TilePhase& p = a.phase[q];
    for (int i = int(blockIdx.x); i < p.tiles; i += int(gridDim.x))  // the same i for the whole block
      for (int c = 0; c < p.colours; ++c) {
        const int end = p.end(c, i);
        for (int k = p.begin(c, i) + int(threadIdx.x); k < end; k += int(blockDim.x)) a.f(k);
        __syncthreads();
      }
    if (q + 1 < a.phases) grid.sync();
  }
}

// Whether the device runs cooperative grids, and its multiprocessors (0 where it has none).
inline int cooperative_multiprocessors() {
  static const int count = [] {
    int device = 0, cooperative = 0, sms = 0;
    cuda_check(cudaGetDevice(&device), "device");
    cuda_check(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device),
               "device attribute");
    cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "device attribute");
    return cooperative ? sms : 0;
  }();
  return count;
}

// Colours [0, colours) of pass(c), size(c) items each, in grids of kGridSweepColours<F> colours, each grid
// as many blocks of `block` threads as are resident at once (no more than the largest colour needs).
template <class Size, class ColourPass, class Launch>
void grid_sweep(int colours, const Size& size, const ColourPass& pass, int block, Launch&& launch) {
  using F = decltype(pass(0));
  constexpr int C = kGridSweepColours<F>;
  static_assert(C > 0, "a colour's functor must fit the 4 KB of a kernel's arguments");
  static int resident = [block] {
    int per_sm = 0;
    cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sweep_kernel<F, C>, block, 0),
               "occupancy");
    return std::max(1, per_sm) * cooperative_multiprocessors();
  }();
  for (int first = 0; first < colours; first += C) {
    GridSweepArgs<F, C> a{};
    a.colours = std::min(C, colours - first);
    int largest = 0;
    for (int c = 0; c < a.colours; ++c) {
      const F f = pass(first + c);
      std::memcpy(a.pass + size_t(c) * sizeof(F), &f, sizeof(F));
      a.size[c] = size(first + c);
      largest = std::max(largest, a.size[c]);
    }
    const int blocks = std::max(1, std::min(resident, (largest + block - 1) / block));
    launch(reinterpret_cast<const void*>(&grid_sweep_kernel<F, C>), dim3(blocks), dim3(block), a);
  }
}

// Tile phases in grids of kGridSweepTilePhases phases, each grid as many blocks of `block` threads as are
// resident at once (no more than the phases' most tiles).
template <class F, class Launch>
void tile_grid_sweep(const std::vector<TilePhase>& phases, const F& f, int block, Launch&& launch) {
  static_assert(sizeof(TileGridArgs<F>) <= 3840,
                "a tile sweep's phases and functor must fit a kernel's arguments");
  static int resident = [block] {
    int per_sm = 0;
    cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, tile_grid_kernel<F>, block, 0),
               "occupancy");
    return std::max(1, per_sm) * cooperative_multiprocessors();
  }();
  for (size_t first = 0; first < phases.size(); first += kGridSweepTilePhases) {
    TileGridArgs<F> a{};
    a.phases = int(std::min(phases.size() - first, size_t(kGridSweepTilePhases)));
    a.f = f;
    int most = 0;
    for (int q = 0; q < a.phases; ++q) {
      a.phase[q] = phases[first + size_t(q)];
      most = std::max(most, a.phase[q].tiles);
    }
    launch(reinterpret_cast<const void*>(&tile_grid_kernel<F>), dim3(std::max(1, std::min(resident, most))),
           dim3(block), a);
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
