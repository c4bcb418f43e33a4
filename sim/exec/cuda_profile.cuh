// KernelProfile: where a CUDA frame's device time goes, kernel by kernel (issue 39 item 4), in the manner of
// nvprof's summary, for machines without Nsight. With SMALLSTEPS_CUDA_PROFILE=FILE in the environment, every
// kernel launched on its own (Settings::cuda_launch plain; a graph is not taken apart) is
// bracketed by two CUDA events; the spans are read at each synchronize and summed by kernel, and FILE gets
// the table when the program ends: kernel (its demangled name), launches, total and mean device time, and
// its share. The events cost the launches some host time; the device times are the kernels' own.
#pragma once

#include <cuda_runtime.h>
#include <cxxabi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "exec/cuda_check.cuh"

namespace sim {
inline namespace SIM_PRECISION {

class KernelProfile {
 public:
  // The profile the environment asks for, or null.
  static KernelProfile* active() {
    static KernelProfile* profile = [] {
      const char* path = std::getenv("SMALLSTEPS_CUDA_PROFILE");
      return path && *path ? new KernelProfile(path) : nullptr;  // written at exit (std::atexit)
    }();
    return profile;
  }

  // Events around the launch of func that follows and the one that precedes stop().
  void start(const void* func) {
    Span s{func, event(), event()};
    cuda_check(cudaEventRecord(s.start), "profile event");
    spans_.push_back(s);
  }
  void stop() { cuda_check(cudaEventRecord(spans_.back().stop), "profile event"); }

  // The spans recorded since the last collect, their device work done, summed by kernel.
  void collect() {
    for (const Span& s : spans_) {
      float ms = 0.0f;
      cuda_check(cudaEventElapsedTime(&ms, s.start, s.stop), "profile time");
      Total& t = totals_[name(s.func)];
      ++t.launches;
      t.ms += double(ms);
      free_.push_back(s.start);
      free_.push_back(s.stop);
    }
    spans_.clear();
  }

 private:
  struct Span {
    const void* func;
    cudaEvent_t start, stop;
  };
  struct Total {
    long long launches = 0;
    double ms = 0.0;  // [ms]
  };

  explicit KernelProfile(std::string path) : path_(std::move(path)) {
    std::atexit([] { active()->write(); });
  }

  cudaEvent_t event() {
    if (free_.empty()) {
      cudaEvent_t e;
      cuda_check(cudaEventCreate(&e), "profile event");
      return e;
    }
    cudaEvent_t e = free_.back();
    free_.pop_back();
    return e;
  }

  // "sim::f32::parallel_for_kernel<sim::f32::Predict>(int, sim::f32::Predict)" for the kernel's entry (the
  // precision namespace names the scalar it computes in).
  static std::string name(const void* func) {
    const char* mangled = nullptr;
    if (cudaFuncGetName(&mangled, func) != cudaSuccess || !mangled) return "unnamed kernel";
    int status = 0;
    char* plain = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    std::string out = status == 0 && plain ? plain : mangled;
    std::free(plain);
    return out;
  }

  void write() const {
    std::vector<std::pair<std::string, Total>> rows(totals_.begin(), totals_.end());
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
    double all = 0.0;
    for (const auto& r : rows) all += r.second.ms;
    FILE* f = std::fopen(path_.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "smallsteps: cannot write the kernel profile to %s\n", path_.c_str());
      return;
    }
    std::fprintf(f, "%10s %10s %10s %7s  %s\n", "total ms", "launches", "mean us", "share", "kernel");
    for (const auto& [kernel, t] : rows)
      std::fprintf(f, "%10.3f %10lld %10.2f %6.1f%%  %s\n", t.ms, t.launches, 1e3 * t.ms / double(t.launches),
                   all > 0.0 ? 100.0 * t.ms / all : 0.0, kernel.c_str());
    std::fclose(f);
  }

  std::string path_;
  std::vector<Span> spans_;
  std::vector<cudaEvent_t> free_;
  std::map<std::string, Total> totals_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
