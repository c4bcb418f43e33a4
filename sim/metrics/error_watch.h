// ErrorWatch: a run's constraint extension (CommonMetrics::max_extension, how far a constraint is pulled
// past its rest state) against a bound, frame after frame. A run can stay finite and in bounds (no
// divergence) and still fail physically — a chain asked to hold 10⁹ kg ends metres longer than its
// 0.2 m — and then it must say so. The bound is the Model's (the shortest rest length: a link pulled to
// twice its length no longer holds) or one the user gives (--fail-on-error M).
#pragma once

#include <string>

#include "metrics/common_metrics.h"

namespace sim {

class ErrorWatch {
 public:
  explicit ErrorWatch(double bound = 0.0) : bound_(bound) {}  // bound [m]; 0 watches nothing

  void observe(const CommonMetrics& m);
  bool exceeded() const { return first_frame_ > 0; }
  double bound() const { return bound_; }
  int first_frame() const { return first_frame_; }
  double worst() const { return worst_; }  // largest max_extension [m]
  int worst_frame() const { return worst_frame_; }
  // "constraint extension 6.75 m (frame 600) passed the bound 0.01 m from frame 3 on", or, when not
  // passed, "constraint extension 0.002 m at most (frame 40), within the bound 0.01 m".
  std::string report() const;

 private:
  double bound_;
  int first_frame_ = 0;  // first frame over the bound; 0: none
  double worst_ = 0.0;   // [m]
  int worst_frame_ = 0;
};

}  // namespace sim
