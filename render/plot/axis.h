// Axis: the range and ticks of a plot axis, chosen from the data: round ends and 4 to 10 ticks in steps
// of 1, 2 or 5 × 10^k on a linear axis, whole decades on a logarithmic one (where values ≤ 0 are left out).
#pragma once

#include <string>
#include <vector>

namespace render {

struct Axis {
  double lo = 0.0, hi = 1.0;  // the ends shown, in data units (both > 0 on a log axis)
  bool log = false;
  std::vector<double> ticks;  // from lo to hi

  double fraction(double v) const;    // where v lies from lo (0) to hi (1)
  std::string label(double v) const;  // a tick's text: "0.5", "2e+03", "1e-06"
};

// The axis over the finite values given (and, on a log axis, the positive ones). No such value: [0, 1]
// (log: [1, 10]).
Axis make_axis(const std::vector<double>& values, bool log);

}  // namespace render
