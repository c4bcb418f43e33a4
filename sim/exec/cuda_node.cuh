// QueuedNode: one device operation of a frame as the CUDA backend queues it (exec/cuda_graph.cuh): a kernel
// with its arguments packed as its parameter list, or a zeroing or a copy of device bytes.
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

// Calls of this thread that put work on the device's stream (a launch, a memset, a copy, a whole graph).
inline thread_local long long cuda_host_calls = 0;

// One queued device operation: a kernel with its arguments packed as its parameter list, or a zeroing or a
// copy of device bytes.
struct QueuedNode {
  enum class Kind { Kernel, Memset, Copy };
  Kind kind = Kind::Kernel;
  const void* func = nullptr;
  dim3 grid, block;
  bool cooperative = false;
  std::vector<unsigned char> args;  // the kernel's arguments, each at its alignment
  std::vector<size_t> offsets;      // where each argument starts in args
  void* dst = nullptr;
  const void* src = nullptr;
  size_t bytes = 0;

  // Whether an executable graph built for o can take this node's parameters: a memset of another size
  // cannot (cudaGraphExecMemsetNodeSetParams may refuse a 1-D memset that grows), nor a node that changes
  // between cooperative and not.
  bool same_topology(const QueuedNode& o) const {
    return kind == o.kind && func == o.func && cooperative == o.cooperative &&
           offsets.size() == o.offsets.size() && (kind != Kind::Memset || bytes == o.bytes);
  }
  bool same_parameters(const QueuedNode& o) const {
    return grid.x == o.grid.x && grid.y == o.grid.y && grid.z == o.grid.z && block.x == o.block.x &&
           block.y == o.block.y && block.z == o.block.z && args == o.args && dst == o.dst && src == o.src &&
           bytes == o.bytes;
  }
  std::vector<void*> parameters() {
    std::vector<void*> p;
    for (size_t off : offsets) p.push_back(args.data() + off);
    return p;
  }
  // A kernel node's parameters, its arguments at p (parameters()).
  cudaKernelNodeParams kernel_params(std::vector<void*>& p) const {
    cudaKernelNodeParams kp{};
    kp.func = const_cast<void*>(func);
    kp.gridDim = grid;
    kp.blockDim = block;
    kp.kernelParams = p.data();
    return kp;
  }
  // A memset node's: `bytes` zero bytes at dst.
  cudaMemsetParams memset_params() const {
    cudaMemsetParams mp{};
    mp.dst = dst;
    mp.elementSize = 1;
    mp.width = bytes;
    mp.height = 1;
    return mp;
  }

  // Appends a to the arguments at its alignment.
  template <class A>
  void pack(const A& a) {
    size_t off = (args.size() + alignof(A) - 1) / alignof(A) * alignof(A);
    args.resize(off + sizeof(A));
    std::memcpy(args.data() + off, &a, sizeof(A));
    offsets.push_back(off);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
