// A change of Δt_s adds no energy (issue 50 item 1): how fast N may move toward the N a frame asks for.
//
// XPBD's velocity is v = (x − xⁿ)/Δt_s, so the residual C an unconverged pass leaves is corrected in later
// substeps as motion: one iteration takes a share Q of it each substep (Q set by the mass ratios and the
// colouring, not by Δt_s), which is the force of a spring of stiffness k = Q m / Δt_s² holding C. At a fixed
// Δt_s that spring balances the load (C* ∝ Δt_s², the order 2 measured for every solver here); a sudden new
// step Δt₂ = s Δt₁ keeps C and multiplies k by 1/s², so the residual's energy E_res = ½ k C² = ½ f C
// (f = λ/Δt_s², metrics/metric_terms.h) becomes E_res / s²: a smaller step gives it back as motion, the
// "popping" Small Steps §4.2 caps for contacts, here of every bilateral constraint (measured: the chain at 2
// substeps set to 25 gains 13 times its energy scale in one frame, the swinging box on XPBD 20 → 100 three).
//
// So N follows its target at a rate that bounds what a frame's change can add to a share β of the scene's
// energy scale E_s:
//     (r² − 1) E_res ≤ β E_s,   r = √(1 + β E_s / E_res),   N_{f+1} ∈ [N_f / r, N_f r]         (slew)
// on a real-valued N (the integer N run jumps by one once the real N passes the half, at the same mean
// rate). A converged solve (E_res → 0: a factorised one leaves 1e-7 m) changes N at once, as Algorithm 1 prints;
// the one-iteration solve of a 1000:1 chain changes it over frames, while its residual relaxes toward the
// new equilibrium (C* ∝ Δt_s²). The rate is symmetric: N falling fast and rising again would pump the
// residual's oscillation (docs/SCENES.md, "A change of the step"). β = 0 turns the slew off. The residual
// modes also let N fall by at most the fraction ρ = adaptive_release a frame (solver/xpbd/residual_rule.h).
#pragma once

#include <algorithm>
#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {

// The largest factor N may change by this frame [-]; infinite when the residual holds no energy.
inline double slew_factor(double residual_energy, double energy_scale, double beta) {
  if (!(beta > 0.0) || !(residual_energy > 0.0) || !(energy_scale > 0.0)) return INFINITY;
  return std::sqrt(1.0 + beta * energy_scale / residual_energy);
}

// N (real-valued) one frame on from `current` toward `target` by at most `factor`, and down by at most the
// fraction `fall` (1: no more than the factor).
inline double slew(double current, double target, double factor, double fall = 1.0) {
  if (!(current > 0.0)) return target;
  const double lo = std::max(std::isfinite(factor) ? current / factor : 0.0, current * (1.0 - fall));
  const double hi = std::isfinite(factor) ? current * factor : INFINITY;
  return std::clamp(target, lo, hi);
}

}  // namespace SIM_PRECISION
}  // namespace sim
