// The distance family's metrics (metrics/common_metrics.h has the common ones): each constraint's energies
// and Small Steps Eq. 2 residual |C + α̃λ| into the common sums, its residual's maximum by kind, its pull
// past L as the extension, and the stretch ε = max(C/L, 0) of the cloth's stretch edges (the visible
// stretching of Small Steps Figure 1).
#pragma once

#include <vector>

#include "constraints/distance.h"
#include "core/position.h"
#include "families/distance/distance_data.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

struct DistanceSums {
  double max_residual[4] = {};  // max |C + α̃λ| per DistanceKind [m]
  double stretch_sum = 0.0;     // Σ ε over stretch edges [-]
  double stretch_max = 0.0;     // [-]
  int stretch_edges = 0;

  SIM_HD static DistanceSums combine(const DistanceSums& a, const DistanceSums& b) {
    DistanceSums s;
    for (int k = 0; k < 4; ++k) s.max_residual[k] = max_number(a.max_residual[k], b.max_residual[k]);
    s.stretch_sum = a.stretch_sum + b.stretch_sum;
    s.stretch_max = max_number(a.stretch_max, b.stretch_max);
    s.stretch_edges = a.stretch_edges + b.stretch_edges;
    return s;
  }
};

// Distance constraint k.
struct MeasureDistance {
  const Int2* particles;
  const Real* rest_length;
  const Real* compliance;
  const DistanceKind* kind;
  const Real* lambda;
  const Position* x;
  Real h;
  int count;
  SIM_HD void operator()(int k, ConstraintSums& s, DistanceSums& own) const {
    const Int2 p = particles[k];
    const double L = rest_length[k];
    const double C = distance_eval(x[p.a], x[p.b], rest_length[k]).C;
    add_energies(s, C, compliance[k], lambda[k], h);
    const double r = add_residual(s, C, compliance[k], lambda[k], h, true);
    own.max_residual[int(kind[k])] = max_number(own.max_residual[int(kind[k])], r);
    s.max_extension = max_number(s.max_extension, max_number(C, 0.0));
    if (kind[k] != DistanceKind::Stretch || !(L > 0.0)) return;
    const double strain = max_number(C / L, 0.0);
    own.stretch_sum += strain;
    own.stretch_max = max_number(own.stretch_max, strain);
    own.stretch_edges += 1;
  }
};

struct DistanceMetrics {
  // max |C + α̃λ| by what the constraint stands for [m]
  double max_residual_stretch = 0.0, max_residual_shear = 0.0, max_residual_bend = 0.0,
         max_residual_other = 0.0;
  double stretch_max = 0.0;   // largest ε over stretch edges [-]
  double stretch_mean = 0.0;  // mean ε over stretch edges [-]
};

inline void finish_distances(DistanceMetrics& m, const DistanceSums& s) {
  m.max_residual_other = s.max_residual[int(DistanceKind::Other)];
  m.max_residual_stretch = s.max_residual[int(DistanceKind::Stretch)];
  m.max_residual_shear = s.max_residual[int(DistanceKind::Shear)];
  m.max_residual_bend = s.max_residual[int(DistanceKind::Bend)];
  m.stretch_max = s.stretch_max;
  m.stretch_mean = s.stretch_edges > 0 ? s.stretch_sum / s.stretch_edges : 0.0;
}

inline std::vector<MetricColumn<DistanceMetrics>> distance_columns() {
  using M = DistanceMetrics;
  return {{"max_residual_stretch_m", [](const M& m) { return m.max_residual_stretch; }},
          {"max_residual_shear_m", [](const M& m) { return m.max_residual_shear; }},
          {"max_residual_bend_m", [](const M& m) { return m.max_residual_bend; }},
          {"max_residual_other_m", [](const M& m) { return m.max_residual_other; }},
          {"stretch_max", [](const M& m) { return m.stretch_max; }},
          {"stretch_mean", [](const M& m) { return m.stretch_mean; }}};
}

inline void report_distances(int distances, const DistanceMetrics& m, ReportLines& out) {
  if (distances == 0) return;
  std::string kinds;
  const std::pair<const char*, double> by_kind[] = {{"stretch", m.max_residual_stretch},
                                                    {"shear", m.max_residual_shear},
                                                    {"bend", m.max_residual_bend},
                                                    {"other", m.max_residual_other}};
  for (const auto& [name, value] : by_kind)
    if (value > 0.0) kinds += (kinds.empty() ? "" : ", ") + std::string(name) + " " + format_length(value);
  if (!kinds.empty()) out.push_back({"links", "|C + α̃λ| max " + kinds});
  if (m.stretch_max > 0.0)
    out.push_back({"stretch", "max " + format_percent(100.0 * m.stretch_max) + ", mean " +
                                  format_percent(100.0 * m.stretch_mean)});
}

}  // namespace SIM_PRECISION
}  // namespace sim
