// FailureCheck: the measure in which a family's constraints fail, the frame's worst value in it and the
// bound past which the physics failed though the state stayed finite (issue 41 item 3). Each family declares
// its own (families/family.h, failures()), with its bound justified there; the common one is the
// constraint extension against the Model's extension_bound. metrics/error_watch.h follows them frame after
// frame; the run's `physics` line, --fail-on-error and the viewer's red Stats line read them as they come.
#pragma once

#include <string>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

struct FailureCheck {
  std::string name;    // what is measured: "constraint extension"
  double value = 0.0;  // the frame's worst, in `unit`
  double bound = 0.0;  // in `unit`; value > bound: the physics failed
  std::string unit;    // "m" (a length: --fail-on-error M replaces its bound), "%", "" (a count or a ratio)
  // p: value ∝ Δt_s^p at a fixed load, the smallest order measured on the scenes (docs/SCENES.md, "The
  // residual term"); the residual term's error model (solver/xpbd/residual_rule.h). 0: not a residual (a
  // count of inverted elements), left out of it
  double order = 0.0;
  bool failed() const { return value > bound; }
};

using FailureChecks = std::vector<FailureCheck>;

// The residual term's e: the largest value over its bound of the checks with an order, and that order.
struct WorstResidual {
  double residual = 0.0;  // [-]
  double order = 2.0;
};
inline WorstResidual worst_residual(const FailureChecks& checks) {
  WorstResidual worst;
  for (const FailureCheck& c : checks)
    if (c.order > 0.0 && c.bound > 0.0 && c.value / c.bound > worst.residual) worst = {c.value / c.bound, c.order};
  return worst;
}

// The bound a check is held to: `length_bound` [m] in place of its own where it is a length and
// length_bound > 0 (--fail-on-error M), its own otherwise.
inline double bound_for(const FailureCheck& check, double length_bound) {
  return check.unit == "m" && length_bound > 0.0 ? length_bound : check.bound;
}

}  // namespace SIM_PRECISION
}  // namespace sim
