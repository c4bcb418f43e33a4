// The tethers' metrics while they are on: how far a particle is past its tether's length (zero once
// projected) and how many tethers are taut (at their length: holding their particle back).
#pragma once

#include <vector>

#include "core/index.h"
#include "core/position.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TetherSums {
  double overshoot_max = 0.0;  // max(|x − x_a| − L, 0) [m]
  int taut = 0;
  int tethers = 0;  // measured: all of them while they are on, none while off
  SIM_HD static TetherSums combine(const TetherSums& a, const TetherSums& b) {
    return {max_number(a.overshoot_max, b.overshoot_max), a.taut + b.taut, a.tethers + b.tethers};
  }
};

// Tether k: a taut one is within a micrometre of its length, or past it.
struct MeasureTethers {
  const int* particle;
  const int* anchor;
  const Real* max_length;
  const Position* x;
  int count;
  SIM_HD void operator()(int k, ConstraintSums& s, TetherSums& own) const {
    const double C = length(x[particle[k]] - x[anchor[k]]) - max_length[k];
    own.overshoot_max = max_number(own.overshoot_max, max_number(C, 0.0));
    own.taut += C > -1e-6 ? 1 : 0;
    own.tethers += 1;
    s.count += 1;
  }
};

struct TetherMetrics {
  double tether_overshoot_max = 0.0;  // [m]
  int tethers_taut = 0;
  int tethers_on = 0;  // the tethers projected this frame (0: the option is off)
};

inline std::vector<MetricColumn<TetherMetrics>> tether_columns() {
  using M = TetherMetrics;
  return {{"tether_overshoot_max_m", [](const M& m) { return m.tether_overshoot_max; }},
          {"tethers_taut", [](const M& m) { return double(m.tethers_taut); }, true}};
}

inline void report_tethers(const TetherMetrics& m, ReportLines& out) {
  if (m.tethers_on == 0) return;
  out.push_back(
      {"tethers", format_text("%d taut of %d, past their length by ", m.tethers_taut, m.tethers_on) +
                      format_length(m.tether_overshoot_max) + " at most"});
}

}  // namespace SIM_PRECISION
}  // namespace sim
