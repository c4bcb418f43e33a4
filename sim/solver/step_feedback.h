// StepFeedback: what the last frame's measurement tells the next frame's choice of N (issue 50): the solver's
// residual in the dimensionless form each family defines (its failure measure over its failure bound,
// metrics/failure_check.h) with the order p of that measure in Δt_s, the energy the residual holds, and the
// scene's energy scale E_s. World fills it from the metrics of the frame it last measured.
#pragma once

namespace sim {
inline namespace SIM_PRECISION {

struct StepFeedback {
  bool valid = false;           // measured after the last step; false: nothing known (a reset, no measure)
  double residual = 0.0;        // e: the largest failure measure over its bound [-]
  double order = 2.0;           // p of that measure: e ∝ Δt_s^p (metrics/failure_check.h)
  double residual_energy = 0.0;  // E_res = Σ ½ |λ|/Δt_s² |C + α̃λ| (metrics/metric_sums.h) [J]
  double energy_scale = 0.0;    // E_s (World::energy_scale) [J]
};

}  // namespace SIM_PRECISION
}  // namespace sim
