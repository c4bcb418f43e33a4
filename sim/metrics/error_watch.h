// ErrorWatch: a run's failure checks (metrics/failure_check.h: each family's measure, say a length pulled
// past its rest state, against its bound), frame after frame. A run can stay finite and in bounds (no
// divergence) and still fail physically — a chain asked to hold 10⁹ kg ends metres longer than its 0.2 m —
// and then it must say so: the largest value of each measure, the frame it came, and the first frame it
// passed its bound.
#pragma once

#include <string>
#include <vector>

#include "metrics/failure_check.h"

namespace sim {
inline namespace SIM_PRECISION {

// One measure over the frames watched.
struct WatchedCheck {
  FailureCheck worst;   // the check at the frame of its largest value
  int worst_frame = 0;
  int first_frame = 0;  // the first frame over its bound; 0: none
  // "constraint extension 2.1 mm (bound 4.13 mm)", or "constraint extension 6.75 m at frame 600 (bound
  // 10 mm, passed from frame 3 on)".
  std::string text() const;
};

class ErrorWatch {
 public:
  // A frame's checks, the same measures every frame of a Model (a new one is added as it comes).
  void observe(int frame, const FailureChecks& checks);
  const std::vector<WatchedCheck>& checks() const { return checks_; }
  bool exceeded() const { return first_frame() > 0; }
  int first_frame() const;  // the first frame any check passed its bound; 0: none
  // The first check whose largest value passed bound_for(check, length_bound): length_bound [m] for the
  // lengths when > 0 (--fail-on-error M), each check's own bound otherwise; null when none did.
  const WatchedCheck* over(double length_bound = 0.0) const;
  // Every check's text, "; " between them; "no failure bound" where nothing declares one.
  std::string report() const;

 private:
  std::vector<WatchedCheck> checks_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
