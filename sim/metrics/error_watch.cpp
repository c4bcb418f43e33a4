#include "metrics/error_watch.h"

#include <cstdio>

namespace sim {

void ErrorWatch::observe(const CommonMetrics& m) {
  if (m.max_extension > worst_ || worst_frame_ == 0) {
    worst_ = m.max_extension;
    worst_frame_ = m.frame;
  }
  if (bound_ > 0.0 && first_frame_ == 0 && m.max_extension > bound_) first_frame_ = m.frame;
}

std::string ErrorWatch::report() const {
  char text[160];
  if (exceeded())
    std::snprintf(text, sizeof text,
                  "constraint extension %.4g m (frame %d) passed the bound %.4g m from frame %d on", worst_,
                  worst_frame_, bound_, first_frame_);
  else
    std::snprintf(text, sizeof text,
                  "constraint extension %.4g m at most (frame %d), within the bound %.4g m", worst_,
                  worst_frame_, bound_);
  return text;
}

}  // namespace sim
