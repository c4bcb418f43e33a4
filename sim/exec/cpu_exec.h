// CpuExec: the execution policy of the CPU backend — host vectors and an OpenMP parallel-for over
// a team of threads (cpu_team.h). Small loops run serially: a parallel region costs more than a 20-particle
// chain. (The CUDA policy's working memory, `scratch`, is not needed here.)
#pragma once

#include <algorithm>
#include <chrono>
#include <numeric>
#include <type_traits>
#include <vector>

#include "core/index.h"
#include "core/lanes.h"
#include "exec/cpu_team.h"
#include "exec/launch_mode.h"
#include "exec/reduce_element.h"
#include "exec/tile_sweep.h"

namespace sim {
inline namespace SIM_PRECISION {

// Loops of fewer items run on the calling thread. The default suits the few nanoseconds an item of most
// passes costs (a parallel region and its barrier cost about 2 µs on two threads); a functor whose items
// cost tens (an SDF sample and a contact's friction) declares a lower `static constexpr int kSerialBelow`.
inline constexpr int kCpuSerialBelow = 2048;
template <class F, class = void>
struct SerialBelow : std::integral_constant<int, kCpuSerialBelow> {};
template <class F>
struct SerialBelow<F, std::void_t<decltype(F::kSerialBelow)>>
    : std::integral_constant<int, F::kSerialBelow> {};

// A colour functor that also projects Lanes::kCount items at once declares kLanes and lanes<Lanes>(i)
// (core/lanes.h): the sweep then runs blocks of that many, the last partial block item by item.
template <class F, class = void>
struct HasLanes : std::false_type {};
template <class F>
struct HasLanes<F, std::void_t<decltype(F::kLanes)>> : std::bool_constant<F::kLanes == Lanes::kCount> {};

// Items [begin, end) of f on this thread: Lanes::kCount at a time where f has lanes, the rest one by one.
template <class F>
void run_items(const F& f, int begin, int end) {
  int k = begin;
  if constexpr (HasLanes<F>::value)
    for (; k + Lanes::kCount <= end; k += Lanes::kCount) f.template lanes<Lanes>(k);
  for (; k < end; ++k) f(k);
}

struct CpuExec {
  template <class T>
  using Buffer = std::vector<T>;

  static constexpr bool kHostMemory = true;  // buffers are host memory

  template <class T>
  static void upload(Buffer<T>& dst, const std::vector<T>& src) {
    dst = src;
  }
  template <class T>
  static void download(std::vector<T>& dst, const Buffer<T>& src) {
    dst = src;
  }
  template <class T>
  static void copy_to_host(T* dst, const Buffer<T>& src, size_t n) {
    std::copy(src.begin(), src.begin() + std::ptrdiff_t(n), dst);
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
  static const T* data(const Buffer<T>& b) {
    return b.data();
  }
  template <class T>
  static T read(const Buffer<T>& b, size_t i) {
    return b[i];
  }
  template <class T>
  static size_t size(const Buffer<T>& b) {
    return b.size();
  }

  // out[i] = in[0] + ... + in[i − 1]; out may not alias in.
  static void exclusive_scan(Buffer<int>& in, Buffer<int>& out, Buffer<unsigned char>&) {
    out.resize(in.size());
    std::exclusive_scan(in.begin(), in.end(), out.begin(), 0);
  }

  // T::combine over the elements 0, ..., n − 1 (reduce_element.h), T{} its identity: chunks of a fixed size
  // reduced in parallel, then combined in chunk order, so the result has the same bits on any number of
  // threads.
  template <class T, class F>
  static T reduce(int n, const F& f, Buffer<unsigned char>&) {
    constexpr int kChunk = 4096;
    const int chunks = n > 0 ? (n + kChunk - 1) / kChunk : 0;
    std::vector<T> partial(size_t(chunks), T{});
#pragma omp parallel for schedule(static) if (chunks > 1)
    for (int c = 0; c < chunks; ++c) {
      T acc{};
      const int end = std::min(n, (c + 1) * kChunk);
      for (int i = c * kChunk; i < end; ++i) reduce_element(f, i, acc);
      partial[size_t(c)] = acc;
    }
    T total{};
    for (const T& p : partial) total = T::combine(total, p);
    return total;
  }

  template <class F>
  static void parallel_for(int n, const F& f) {
#pragma omp parallel for schedule(static) if (n >= SerialBelow<F>::value)
    for (int i = 0; i < n; ++i) f(i);
  }

  // Gauss-Seidel over colours: colour c, in order, runs size(c) items of the functor pass(c). One parallel
  // region for the whole sweep with a barrier between colours, not a region per colour: at 100² the
  // team's start and end per colour took 13.7 % of a frame (docs/PERFORMANCE.md). Sweeps under the functor's
  // SerialBelow items run on the calling thread.
  template <class Size, class ColourPass>
  static void sweep_colours(int colours, const Size& size, const ColourPass& pass) {
    using F = decltype(pass(0));
    int total = 0;
    for (int c = 0; c < colours; ++c) total += size(c);
#pragma omp parallel if (total >= SerialBelow<F>::value)
    for (int c = 0; c < colours; ++c) {
      const F f = pass(c);
      const int n = size(c);
      if constexpr (HasLanes<F>::value) {
        constexpr int L = Lanes::kCount;
        const int blocks = (n + L - 1) / L;
#pragma omp for schedule(static)
        for (int b = 0; b < blocks; ++b) {
          if (L * (b + 1) <= n)
            f.template lanes<Lanes>(L * b);
          else
            for (int i = L * b; i < n; ++i) f(i);
        }
      } else {
#pragma omp for schedule(static)
        for (int i = 0; i < n; ++i) f(i);
      }
    }
  }

  // Gauss-Seidel in tiles (exec/tile_sweep.h), with the bits of a tile at a time: a phase's colour c, one
  // range over its tiles, is shared among the threads, colour after colour (a tile's colours on one thread
  // took 1.11 times as long single-threaded on a 387 x 387 cloth, 2-core AMD EPYC: as many short runs
  // through the constraint arrays, which a sweep reads once either way). `items`: the constraints in all.
  template <class F>
  static void sweep_tiles(const std::vector<TilePhase>& phases, int items, const F& f) {
    constexpr int L = HasLanes<F>::value ? Lanes::kCount : 1;
#pragma omp parallel if (items >= SerialBelow <F>::value)
    for (const TilePhase& p : phases)
      for (int c = 0; c < p.colours; ++c) {
        const int begin = p.begin(c, 0), n = p.end(c, p.tiles - 1) - begin;
#pragma omp for schedule(static)
        for (int b = 0; b < (n + L - 1) / L; ++b)
          run_items(f, begin + L * b, begin + std::min(n, L * (b + 1)));
      }
  }

  static void synchronize() {}

  // The CPU has no launches to queue (CUDA's frame graphs, exec/cuda_graph.cuh): each device operation a
  // stage counts is one parallel loop the host runs.
  struct GraphCache {};
  struct FrameLaunches {
    FrameLaunches(GraphCache&, CudaLaunch) {}
    long long host_launches(long long operations) const { return operations; }
  };

  using Team = CpuTeam;  // the OpenMP team a solver's frames run on

  // The time spent in spans of a frame's work, read after synchronize(): here the host clock, since
  // parallel_for returns when its loop is done.
  class Stopwatch {
   public:
    void reset() { ms_ = 0.0; }
    void start() { start_ = std::chrono::steady_clock::now(); }
    void stop() {
      ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
    }
    double elapsed_ms() const { return ms_; }

   private:
    std::chrono::steady_clock::time_point start_;
    double ms_ = 0.0;  // [ms]
  };
};

}  // namespace SIM_PRECISION
}  // namespace sim
