// The tet family's metrics: each tet's two constraints' Eq. 2 residuals (strains, reported apart from the
// lengths' rms), their strain energy, the volume error |V/V₀ − 1| = |det F − 1| and the tets turned inside
// out (det F ≤ 0).
#pragma once

#include <cmath>
#include <vector>

#include "core/position.h"
#include "families/tet/tet_data.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TetSums {
  double max_residual_deviatoric = 0.0;   // [-]
  double max_residual_hydrostatic = 0.0;  // [-]
  double volume_error_sum = 0.0;          // Σ |V/V₀ − 1| [-]
  double volume_error_max = 0.0;          // [-]
  int volumes = 0;                        // tets summed
  int inverted = 0;                       // tets turned inside out, det F ≤ 0

  SIM_HD static TetSums combine(const TetSums& a, const TetSums& b) {
    TetSums s;
    s.max_residual_deviatoric = max_number(a.max_residual_deviatoric, b.max_residual_deviatoric);
    s.max_residual_hydrostatic = max_number(a.max_residual_hydrostatic, b.max_residual_hydrostatic);
    s.volume_error_sum = a.volume_error_sum + b.volume_error_sum;
    s.volume_error_max = max_number(a.volume_error_max, b.volume_error_max);
    s.volumes = a.volumes + b.volumes;
    s.inverted = a.inverted + b.inverted;
    return s;
  }
};

// Tet t. The elastic energy is the strain energy C²/(2α) of both constraints less its value at rest (where
// the Neo-Hookean constraints are not zero), not the ½α(λ/h²)² of the other families: λ of a constraint
// that is not zero at rest holds the rest stress too.
struct MeasureTet {
  const Int4* particles;
  const Mat3* inv_rest;
  const Real* rest_volume;
  const Real* alpha_d;
  const Real* alpha_h;
  const Real* lambda;  // 2 per tet
  const Position* x;
  TetModel model;
  TetCompliance constants;
  Real h;
  int count;
  SIM_HD void operator()(int t, ConstraintSums& s, TetSums& own) const {
    const Int4 p = particles[t];
    const Vec3 xs[4] = {x[p.a], x[p.b], x[p.c], x[p.d]};
    const Mat3 F = edge_matrix(xs) * inv_rest[t];
    const double Cd = tet_deviatoric(model, F).C;
    const double J = determinant(F);
    const double Ch = J - constants.gamma;
    own.max_residual_deviatoric =
        max_number(own.max_residual_deviatoric, add_residual(s, Cd, alpha_d[t], lambda[2 * t], h, false));
    own.max_residual_hydrostatic = max_number(own.max_residual_hydrostatic,
                                              add_residual(s, Ch, alpha_h[t], lambda[2 * t + 1], h, false));
    const double rd = constants.rest_deviatoric, rh = constants.rest_hydrostatic;
    const double energy = (Cd * Cd - rd * rd) / (2.0 * alpha_d[t]) + (Ch * Ch - rh * rh) / (2.0 * alpha_h[t]);
    s.elastic += energy;
    s.violation += energy;
    const double volume_error = fabs(J - 1.0);  // V/V₀ = det F
    own.volume_error_sum += volume_error;
    own.volume_error_max = max_number(own.volume_error_max, volume_error);
    own.volumes += 1;
    own.inverted += J <= 0.0 ? 1 : 0;
  }
};

struct TetMetrics {
  double max_residual_tet_deviatoric = 0.0;   // max |C_D + α̃λ_D| [-]
  double max_residual_tet_hydrostatic = 0.0;  // max |C_H + α̃λ_H| [-]
  double volume_error_mean = 0.0;             // mean |V/V₀ − 1| over tets [-]
  double volume_error_max = 0.0;              // [-]
  int inverted_tets = 0;                      // det F ≤ 0
};

inline void finish_tets(TetMetrics& m, const TetSums& s) {
  m.max_residual_tet_deviatoric = s.max_residual_deviatoric;
  m.max_residual_tet_hydrostatic = s.max_residual_hydrostatic;
  m.volume_error_mean = s.volumes > 0 ? s.volume_error_sum / s.volumes : 0.0;
  m.volume_error_max = s.volume_error_max;
  m.inverted_tets = s.inverted;
}

inline std::vector<MetricColumn<TetMetrics>> tet_columns() {
  using M = TetMetrics;
  return {{"max_residual_tet_deviatoric", [](const M& m) { return m.max_residual_tet_deviatoric; }},
          {"max_residual_tet_hydrostatic", [](const M& m) { return m.max_residual_tet_hydrostatic; }},
          {"volume_error_mean", [](const M& m) { return m.volume_error_mean; }},
          {"volume_error_max", [](const M& m) { return m.volume_error_max; }},
          {"inverted_tets", [](const M& m) { return double(m.inverted_tets); }, true}};
}

inline void report_tets(int tets, const TetMetrics& m, ReportLines& out) {
  if (tets == 0) return;
  out.push_back({"volume", "|V/V0 - 1| mean " + format_percent(100.0 * m.volume_error_mean) + ", max " +
                               format_percent(100.0 * m.volume_error_max) + " over " + format_count(tets) +
                               " tets, " + format_count(m.inverted_tets) + " inverted"});
  out.push_back({"tets", "|C + α̃λ| max deviatoric " + format_number(m.max_residual_tet_deviatoric) +
                             ", hydrostatic " + format_number(m.max_residual_tet_hydrostatic)});
}

}  // namespace SIM_PRECISION
}  // namespace sim
