// CpuExec: the execution policy of the CPU backend — host vectors and an OpenMP parallel-for over
// every core. Small loops run serially: a parallel region costs more than a 20-particle chain.
#pragma once

#include <numeric>
#include <vector>

namespace sim {

struct CpuExec {
  template <class T>
  using Buffer = std::vector<T>;

  static constexpr int kSerialBelow = 2048;

  template <class T>
  static void upload(Buffer<T>& dst, const std::vector<T>& src) {
    dst = src;
  }
  template <class T>
  static void download(std::vector<T>& dst, const Buffer<T>& src) {
    dst = src;
  }
  template <class T>
  static void copy(Buffer<T>& dst, const Buffer<T>& src) {
    dst = src;
  }
  template <class T>
  static void resize(Buffer<T>& b, size_t n) {
    b.resize(n);
  }
  template <class T>
  static void fill_zero(Buffer<T>& b) {
    T* p = b.data();
    parallel_for(int(b.size()), [p](int i) { p[i] = T{}; });
  }
  template <class T>
  static T* data(Buffer<T>& b) {
    return b.data();
  }
  template <class T>
  static size_t size(const Buffer<T>& b) {
    return b.size();
  }

  // out[i] = in[0] + ... + in[i − 1]; out may not alias in. (The CUDA policy's working memory, `scratch`,
  // is not needed here.)
  static void exclusive_scan(Buffer<int>& in, Buffer<int>& out, Buffer<unsigned char>&) {
    out.resize(in.size());
    std::exclusive_scan(in.begin(), in.end(), out.begin(), 0);
  }

  template <class F>
  static void parallel_for(int n, const F& f) {
#pragma omp parallel for schedule(static) if (n >= kSerialBelow)
    for (int i = 0; i < n; ++i) f(i);
  }

  static void synchronize() {}
};

}  // namespace sim
