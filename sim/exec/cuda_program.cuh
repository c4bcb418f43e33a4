// A frame program (issue 39 items 2 and 3): a stretch of a frame's stages, each a loop of a functor over its
// items, run by one kernel that synchronises between them, instead of a kernel each. With one block
// (Settings::cuda_launch program) a small scene's stretch between read-backs, a whole frame of the chain,
// costs one launch and a __syncthreads a stage; with a cooperative grid (fused) a large one costs one
// launch and a grid synchronisation a stage. Each stage reaches its functor through a device function
// pointer (run_items<F>) and its arguments through a byte table, as a kernel launch would pass them, so
// every item is computed by the same code as in its own kernel: the same bits
// (tests/sim/determinism_test.cpp).
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstring>

#include "exec/cuda_check.cuh"

namespace sim {

// Items [first, n) of a stage, every stride-th, with its arguments (int n, F f) at `args` as a kernel
// parameter list lays them out (LaunchQueue::pack).
using ProgramRun = void (*)(const unsigned char* args, int first, int stride);

template <class F>
__device__ void run_items(const unsigned char* args, int first, int stride) {
  static_assert(alignof(F) <= 16, "program arguments are laid out at 16-byte boundaries");
  int n = 0;
  memcpy(&n, args, sizeof n);
  constexpr size_t offset = (sizeof(int) + alignof(F) - 1) / alignof(F) * alignof(F);
  const F& f = *reinterpret_cast<const F*>(args + offset);
  for (int i = first; i < n; i += stride) f(i);
}

template <class F>
__device__ ProgramRun run_items_address = run_items<F>;

// The device address of run_items<F>, read once.
template <class F>
ProgramRun program_run() {
  static const ProgramRun address = [] {
    ProgramRun p = nullptr;
    cuda_check(cudaMemcpyFromSymbol(&p, run_items_address<F>, sizeof p), "program function address");
    return p;
  }();
  return address;
}

// One stage of a program: a functor's loop, or a zeroing or copy of bytes.
struct ProgramStep {
  enum Kind : int { Items, Zero, Copy };
  Kind kind = Items;
  ProgramRun run = nullptr;   // Items: the stage's loop
  size_t args = 0;            // Items: where its arguments start in the program's argument bytes
  void* dst = nullptr;        // Zero, Copy
  const void* src = nullptr;  // Copy
  size_t bytes = 0;           // Zero, Copy
};

// Threads a block of a program. A program may call any stage, so it is compiled for the most registers any
// takes (255 with the rigid contacts): its blocks are bounded to this size so that one always fits.
inline constexpr int kProgramBlock = 256;

// Runs steps[0..count) in order: one block synchronising with __syncthreads, or a cooperative grid with
// grid.sync().
__global__ void __launch_bounds__(kProgramBlock)
    program_kernel(const ProgramStep* steps, int count, const unsigned char* args) {
  const int first = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int stride = int(blockDim.x * gridDim.x);
  for (int k = 0; k < count; ++k) {
    const ProgramStep& s = steps[k];
    if (s.kind == ProgramStep::Items) {
      s.run(args + s.args, first, stride);
    } else {
      unsigned char* dst = static_cast<unsigned char*>(s.dst);
      const unsigned char* src = static_cast<const unsigned char*>(s.src);
      for (size_t b = size_t(first); b < s.bytes; b += size_t(stride))
        dst[b] = s.kind == ProgramStep::Copy ? src[b] : 0;
    }
    if (k + 1 == count) break;
    if (gridDim.x == 1)
      __syncthreads();
    else
      cooperative_groups::this_grid().sync();
  }
}

}  // namespace sim
