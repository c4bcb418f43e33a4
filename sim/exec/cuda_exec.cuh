// CudaExec: the execution policy of the CUDA backend — device buffers and one kernel per parallel_for,
// running the same stage functors as the CPU (docs/ARCHITECTURE.md, "Layers": one source, two backends).
// Inside a frame (FrameLaunches) the kernels are queued and sent as Settings::cuda_launch says: as CUDA graphs
// (exec/cuda_graph.cuh) with a Gauss-Seidel sweep's colours in one cooperative grid (exec/cuda_sweep.cuh), or
// as plain launches, one a stage and a colour (exec/launch_mode.h).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <stdexcept>
#include <string>
#include <vector>

#include "exec/colour_sweep.h"
#include "exec/cuda_check.cuh"
#include "exec/cuda_graph.cuh"
#include "exec/cuda_profile.cuh"
#include "exec/cuda_sweep.cuh"
#include "exec/launch_mode.h"
#include "exec/reduce_element.h"
#include "exec/tile_sweep.h"

namespace sim {
inline namespace SIM_PRECISION {

// The frame's queue on this thread while a frame is sent as graphs (CudaExec::FrameLaunches; null: plain,
// launched at once).
inline thread_local LaunchQueue* active_launch_queue = nullptr;

// What is queued goes to the device before the host waits for it, reads what it wrote or frees its memory.
inline void send_queued_launches() {
  if (active_launch_queue) active_launch_queue->flush();
}

// func(args...) on grid × block: a node of the frame's queue, or a launch now.
template <class... Args>
void launch_kernel(const void* func, dim3 grid, dim3 block, bool cooperative, const Args&... args) {
  if (LaunchQueue* q = active_launch_queue) {
    q->kernel(func, grid, block, cooperative, args...);
    return;
  }
  void* p[] = {const_cast<void*>(static_cast<const void*>(&args))...};
  ++cuda_host_calls;
  KernelProfile* profile = KernelProfile::active();
  if (profile) profile->start(func);
  cuda_check(cooperative ? cudaLaunchCooperativeKernel(func, grid, block, p, 0, 0)
                         : cudaLaunchKernel(func, grid, block, p, 0, 0),
             "kernel launch");
  if (profile) profile->stop();
}

// Tile blockIdx.x of phase p (exec/tile_sweep.h): its colours in order, the block's threads over a colour's
// items, a block barrier between colours.
template <class F>
__global__ void tile_phase_kernel(TilePhase p, F f) {
  const int i = int(blockIdx.x);
  for (int c = 0; c < p.colours; ++c) {
    const int end = p.end(c, i);
    for (int k = p.begin(c, i) + int(threadIdx.x); k < end; k += int(blockDim.x)) f(k);
    __syncthreads();
  }
}

// Owning device array; move-only.
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    try {
      if (ptr_) send_queued_launches();  // queued nodes may still use this memory
    } catch (const std::exception&) {
      // a destructor cannot throw: the failed launch shows again at the frame's synchronize
    }
    cudaFree(ptr_);
  }

  void resize(size_t n) {
    if (n == size_) return;
    send_queued_launches();  // queued nodes may still use the old memory
    cudaFree(ptr_);
    ptr_ = nullptr;
    size_ = n;
    if (n > 0) cuda_check(cudaMalloc(&ptr_, n * sizeof(T)), "cudaMalloc");
  }
  T* data() { return ptr_; }
  const T* data() const { return ptr_; }
  size_t size() const { return size_; }

 private:
  T* ptr_ = nullptr;
  size_t size_ = 0;
};

template <class F>
__global__ void parallel_for_kernel(int n, F f) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) f(i);
}

inline constexpr int kReduceBlock = 256;
inline constexpr int kReduceBlocks = 1024;  // fixed, so the combining order, and the bits, never change

struct CombineOp {
  template <class T>
  __device__ T operator()(const T& a, const T& b) const {
    return T::combine(a, b);
  }
};

template <class T>
struct ReadAt {
  const T* values;
  __device__ T operator()(int i) const { return values[i]; }
};

// Block b combines f(i) for i ≡ b·kReduceBlock + thread (mod the grid) into out[b].
template <class T, class F>
__global__ void reduce_kernel(int n, F f, T* out) {
  using BlockReduce = cub::BlockReduce<T, kReduceBlock>;
  __shared__ typename BlockReduce::TempStorage storage;
  T acc{};
  for (int i = int(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += int(blockDim.x * gridDim.x))
    reduce_element(f, i, acc);
  const T block = BlockReduce(storage).Reduce(acc, CombineOp{});
  if (threadIdx.x == 0) out[blockIdx.x] = block;
}

struct CudaExec {
  template <class T>
  using Buffer = DeviceBuffer<T>;

  static constexpr int kBlock = 256;
  static constexpr bool kHostMemory = false;  // buffers live on the device

  template <class T>
  static void upload(Buffer<T>& dst, const std::vector<T>& src) {
    dst.resize(src.size());
    send_queued_launches();
    if (!src.empty())
      cuda_check(cudaMemcpy(dst.data(), src.data(), src.size() * sizeof(T), cudaMemcpyHostToDevice),
                 "upload");
  }
  template <class T>
  static void download(std::vector<T>& dst, Buffer<T>& src) {
    dst.resize(src.size());
    send_queued_launches();
    if (!dst.empty())
      cuda_check(cudaMemcpy(dst.data(), src.data(), dst.size() * sizeof(T), cudaMemcpyDeviceToHost),
                 "download");
  }
  // The first n elements of src into host memory.
  template <class T>
  static void copy_to_host(T* dst, const Buffer<T>& src, size_t n) {
    send_queued_launches();
    if (n > 0) cuda_check(cudaMemcpy(dst, src.data(), n * sizeof(T), cudaMemcpyDeviceToHost), "copy to host");
  }
  template <class T>
  static void copy(Buffer<T>& dst, Buffer<T>& src) {
    dst.resize(src.size());
    if (src.size() == 0) return;
    if (LaunchQueue* q = active_launch_queue) return q->copy(dst.data(), src.data(), src.size() * sizeof(T));
    ++cuda_host_calls;
    cuda_check(cudaMemcpyAsync(dst.data(), src.data(), src.size() * sizeof(T), cudaMemcpyDeviceToDevice),
               "copy");
  }
  template <class T>
  static void resize(Buffer<T>& b, size_t n) {
    b.resize(n);
  }
  template <class T>
  static void fill_zero(Buffer<T>& b) {
    if (b.size() == 0) return;
    if (LaunchQueue* q = active_launch_queue) return q->memset(b.data(), b.size() * sizeof(T));
    ++cuda_host_calls;
    cuda_check(cudaMemsetAsync(b.data(), 0, b.size() * sizeof(T)), "memset");
  }
  template <class T>
  static T* data(Buffer<T>& b) {
    return b.data();
  }
  template <class T>
  static const T* data(const Buffer<T>& b) {
    return b.data();
  }
  template <class T>
  static size_t size(const Buffer<T>& b) {
    return b.size();
  }
  // One value, copied to the host (this waits for the device).
  template <class T>
  static T read_pointer(const T* p) {
    T value{};
    send_queued_launches();
    cuda_check(cudaMemcpy(&value, p, sizeof(T), cudaMemcpyDeviceToHost), "read");
    return value;
  }
  // One element of a buffer.
  template <class T>
  static T read(const Buffer<T>& b, size_t i) {
    return read_pointer(b.data() + i);
  }

  // T::combine over f(0), ..., f(n − 1), T{} its identity: a fixed grid of block reductions, then one
  // block over their results, in `scratch`; the host receives one T (this waits for the device).
  template <class T, class F>
  static T reduce(int n, const F& f, Buffer<unsigned char>& scratch) {
    if (n <= 0) return T{};
    const int blocks = std::min(kReduceBlocks, (n + kReduceBlock - 1) / kReduceBlock);
    if (scratch.size() < (size_t(blocks) + 1) * sizeof(T)) scratch.resize((size_t(blocks) + 1) * sizeof(T));
    T* partial = reinterpret_cast<T*>(scratch.data());
    launch_kernel(reinterpret_cast<const void*>(&reduce_kernel<T, F>), dim3(blocks), dim3(kReduceBlock),
                  false, n, f, partial);
    launch_kernel(reinterpret_cast<const void*>(&reduce_kernel<T, ReadAt<T>>), dim3(1), dim3(kReduceBlock),
                  false, blocks, ReadAt<T>{partial}, partial + blocks);
    return read_pointer(partial + blocks);
  }

  // out[i] = in[0] + ... + in[i − 1]; out may not alias in. cub's working memory lives in `scratch`, which
  // the caller keeps, so the scan allocates only when it needs more than last time.
  static void exclusive_scan(Buffer<int>& in, Buffer<int>& out, Buffer<unsigned char>& scratch) {
    out.resize(in.size());
    if (in.size() == 0) return;
    send_queued_launches();  // cub launches on the stream itself
    ++cuda_host_calls;
    size_t bytes = 0;
    cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in.data(), out.data(), int(in.size())),
               "scan size");
    if (scratch.size() < bytes) scratch.resize(bytes);
    bytes = scratch.size();
    cuda_check(cub::DeviceScan::ExclusiveSum(scratch.data(), bytes, in.data(), out.data(), int(in.size())),
               "scan");
  }

  template <class F>
  static void parallel_for(int n, const F& f) {
    if (n <= 0) return;
    launch_kernel(reinterpret_cast<const void*>(&parallel_for_kernel<F>), dim3((n + kBlock - 1) / kBlock),
                  dim3(kBlock), false, n, f);
  }

  // Gauss-Seidel over colours: in a frame sent as graph on a device that runs cooperative grids, one grid for
  // the colours (exec/cuda_sweep.cuh); otherwise a launch per colour (exec/colour_sweep.h).
  template <class Size, class ColourPass>
  static void sweep_colours(int colours, const Size& size, const ColourPass& pass) {
    if (active_launch_queue && cooperative_multiprocessors() > 0)
      grid_sweep(colours, size, pass, kBlock, [](const void* func, dim3 grid, dim3 block, const auto& args) {
        launch_kernel(func, grid, block, true, args);
      });
    else
      sweep_colour_by_colour<CudaExec>(colours, size, pass);
  }

  // Gauss-Seidel in tiles (exec/tile_sweep.h): in a frame sent as graph on a device that runs cooperative
  // grids, one grid for the phases, synchronised between them (exec/cuda_sweep.cuh); otherwise a launch a
  // phase. Either way a block a tile, a block barrier between its colours.
  template <class F>
  static void sweep_tiles(const std::vector<TilePhase>& phases, int, const F& f) {
    if (active_launch_queue && cooperative_multiprocessors() > 0)
      tile_grid_sweep(phases, f, kBlock, [](const void* func, dim3 grid, dim3 block, const auto& args) {
        launch_kernel(func, grid, block, true, args);
      });
    else
      for (const TilePhase& p : phases)
        if (p.tiles > 0)
          launch_kernel(reinterpret_cast<const void*>(&tile_phase_kernel<F>), dim3(p.tiles), dim3(kBlock),
                        false, p, f);
  }

  // The graphs a solver's frames reuse (exec/cuda_graph.cuh).
  using GraphCache = LaunchQueue;

  // One frame's device work sent as `mode` (not Auto): queued into `graphs` for graph, launched at once for
  // plain. The caller synchronises before it ends.
  class FrameLaunches {
   public:
    FrameLaunches(GraphCache& graphs, CudaLaunch mode) : start_(cuda_host_calls) {
      if (mode == CudaLaunch::Graph) {
        graphs.begin_frame();
        active_launch_queue = &graphs;
      }
    }
    FrameLaunches(const FrameLaunches&) = delete;
    FrameLaunches& operator=(const FrameLaunches&) = delete;
    ~FrameLaunches() {
      active_launch_queue = nullptr;  // after an exception the rest of the frame is dropped with it
    }
    // Calls that put work on the stream since the frame began (a whole graph counts one).
    long long host_launches(long long /*device operations*/) const { return cuda_host_calls - start_; }

   private:
    long long start_;
  };

  static void synchronize() {
    send_queued_launches();
    cuda_check(cudaGetLastError(), "kernel launch");
    cuda_check(cudaDeviceSynchronize(), "synchronize");
    if (KernelProfile* profile = KernelProfile::active()) profile->collect();
  }

  // The time spent in spans of a frame's work, read after synchronize(): CUDA events recorded on the
  // stream around each span, so timing never waits for the device inside the frame.
  class Stopwatch {
   public:
    Stopwatch() = default;
    Stopwatch(const Stopwatch&) = delete;
    Stopwatch& operator=(const Stopwatch&) = delete;
    ~Stopwatch() {
      for (cudaEvent_t e : events_) cudaEventDestroy(e);
    }
    void reset() { spans_ = 0; }
    void start() {
      send_queued_launches();
      cuda_check(cudaEventRecord(event(2 * spans_)), "event record");
    }
    void stop() {
      send_queued_launches();
      cuda_check(cudaEventRecord(event(2 * spans_ + 1)), "event record");
      ++spans_;
    }
    double elapsed_ms() const {
      double ms = 0.0;
      for (size_t s = 0; s < spans_; ++s) {
        float span = 0.0f;
        cuda_check(cudaEventElapsedTime(&span, events_[2 * s], events_[2 * s + 1]), "event time");
        ms += span;
      }
      return ms;
    }

   private:
    cudaEvent_t event(size_t i) {
      while (events_.size() <= i) {
        cudaEvent_t e;
        cuda_check(cudaEventCreate(&e), "event create");
        events_.push_back(e);
      }
      return events_[i];
    }
    std::vector<cudaEvent_t> events_;
    size_t spans_ = 0;
  };

  // The device schedules its own threads: no host team to choose (size 0; cpu_team.h is the CPU's).
  struct Team {
    void choose(int) {}
    int size() const { return 0; }
    struct Span {
      Span(Team&, bool) {}
    };
  };
};

}  // namespace SIM_PRECISION
}  // namespace sim
