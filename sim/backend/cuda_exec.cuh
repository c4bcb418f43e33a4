// CudaExec: the execution policy of the CUDA backend — device buffers and one kernel launch per
// parallel_for, running the same stage functors as the CPU (DESIGN.md, single-source kernels).
#pragma once

#include <cuda_runtime.h>

#include <cub/device/device_scan.cuh>

#include <stdexcept>
#include <string>
#include <vector>

namespace sim {

inline void cuda_check(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw std::runtime_error(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(err));
}

// Owning device array; move-only.
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { cudaFree(ptr_); }

  void resize(size_t n) {
    if (n == size_) return;
    cudaFree(ptr_);
    ptr_ = nullptr;
    size_ = n;
    if (n > 0) cuda_check(cudaMalloc(&ptr_, n * sizeof(T)), "cudaMalloc");
  }
  T* data() { return ptr_; }
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

struct CudaExec {
  template <class T>
  using Buffer = DeviceBuffer<T>;

  static constexpr int kBlock = 256;

  template <class T>
  static void upload(Buffer<T>& dst, const std::vector<T>& src) {
    dst.resize(src.size());
    if (!src.empty())
      cuda_check(cudaMemcpy(dst.data(), src.data(), src.size() * sizeof(T), cudaMemcpyHostToDevice),
                 "upload");
  }
  template <class T>
  static void download(std::vector<T>& dst, Buffer<T>& src) {
    dst.resize(src.size());
    if (!dst.empty())
      cuda_check(cudaMemcpy(dst.data(), src.data(), dst.size() * sizeof(T), cudaMemcpyDeviceToHost),
                 "download");
  }
  template <class T>
  static void copy(Buffer<T>& dst, Buffer<T>& src) {
    dst.resize(src.size());
    if (src.size() > 0)
      cuda_check(cudaMemcpyAsync(dst.data(), src.data(), src.size() * sizeof(T), cudaMemcpyDeviceToDevice),
                 "copy");
  }
  template <class T>
  static void resize(Buffer<T>& b, size_t n) {
    b.resize(n);
  }
  template <class T>
  static void fill_zero(Buffer<T>& b) {
    if (b.size() > 0) cuda_check(cudaMemsetAsync(b.data(), 0, b.size() * sizeof(T)), "memset");
  }
  template <class T>
  static T* data(Buffer<T>& b) {
    return b.data();
  }
  template <class T>
  static size_t size(const Buffer<T>& b) {
    return b.size();
  }

  // out[i] = in[0] + ... + in[i − 1]; out may not alias in. cub's working memory lives in `scratch`, which
  // the caller keeps, so the scan allocates only when it needs more than last time.
  static void exclusive_scan(Buffer<int>& in, Buffer<int>& out, Buffer<unsigned char>& scratch) {
    out.resize(in.size());
    if (in.size() == 0) return;
    size_t bytes = 0;
    cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in.data(), out.data(), int(in.size())), "scan size");
    if (scratch.size() < bytes) scratch.resize(bytes);
    bytes = scratch.size();
    cuda_check(cub::DeviceScan::ExclusiveSum(scratch.data(), bytes, in.data(), out.data(), int(in.size())), "scan");
  }

  template <class F>
  static void parallel_for(int n, const F& f) {
    if (n <= 0) return;
    parallel_for_kernel<<<(n + kBlock - 1) / kBlock, kBlock>>>(n, f);
  }

  static void synchronize() {
    cuda_check(cudaGetLastError(), "kernel launch");
    cuda_check(cudaDeviceSynchronize(), "synchronize");
  }
};

}  // namespace sim
