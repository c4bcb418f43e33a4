// CpuTeam: the OpenMP team one CPU solver's frames run on — the size Settings::threads asks for, or, when
// it asks for 0, the ThreadGovernor's choice learnt from the frames' wall times and the idle cores. A Span
// sets the calling thread's team for a step (timed: the governor learns from it) or a measurement, and
// restores it after, so two solvers (the A/B panes) and the tests' own omp_set_num_threads never see each
// other's choice.
#pragma once

#include <omp.h>

#include <algorithm>
#include <chrono>

#include "exec/idle_cores.h"
#include "exec/thread_governor.h"

namespace sim {
inline namespace SIM_PRECISION {

class CpuTeam {
 public:
  CpuTeam() : max_(omp_get_max_threads()), governor_(max_) {}

  // requested > 0: that many threads (at most OMP_NUM_THREADS, or the cores); 0: the governor decides.
  void choose(int requested) {
    adaptive_ = requested <= 0;
    size_ = adaptive_ ? governor_.threads() : std::min(requested, max_);
  }
  int size() const { return size_; }

  class Span {
   public:
    Span(CpuTeam& team, bool timed) : team_(team), timed_(timed), saved_(omp_get_max_threads()) {
      omp_set_num_threads(team.size_);
    }
    ~Span() {
      omp_set_num_threads(saved_);
      if (timed_ && team_.adaptive_)
        team_.governor_.record(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count(),
            team_.idle_.latest());
    }
    Span(const Span&) = delete;
    Span& operator=(const Span&) = delete;

   private:
    CpuTeam& team_;
    bool timed_;
    int saved_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  };

 private:
  int max_;
  ThreadGovernor governor_;
  IdleCores idle_;
  bool adaptive_ = true;
  int size_ = max_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
