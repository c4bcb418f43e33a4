// The residual term of the substep rule (issue 50 item 3), beyond Giles & Andrews 2024's Algorithm 1: Eq. 5
// reads the geometric stiffness of the exact step and cannot see how far an unconverged solve is from it, so
// N also answers the solver's own residual, as a step-size controller does its error estimate (Hairer,
// Nørsett & Wanner, Solving ODEs I, §II.4). Each family measures its residual as its failure measure over
// its failure bound, e (metrics/failure_check.h), with the order p of that measure in Δt_s (e ∝ Δt_s^p, as
// measured per solver and family: docs/SCENES.md). To hold e at the tolerance τ:
//     N_residual = ⌈N e^{1/p} / τ^{1/p}⌉                                              (residual term)
// The frame asks N = clamp(max(N_Algorithm1, N_residual), N_min, N_max), which N reaches through the slew
// (solver/xpbd/substep_slew.h), rising as fast as the residual's energy allows. Its fall has a two-part
// hysteresis, both measured on the swinging box:
//   the ask is the largest of the last kHoldFrames frames' (TargetHold): a one-iteration XPBD solve rings
//   from frame to frame (e 0.002, 0.09, 0.002, ...), and so do Algorithm 1's asks (8, 40, 8, ...);
//   N falls by at most the fraction ρ = adaptive_release a frame: a residual cannot see a load that grows
//   after N fell. Under projected Gauss-Seidel at the velocity level, Algorithm 1's N fell from 20 to 13
//   within a frame at each turning point, the warm-started impulses lagged the new step and the links came
//   2 mm apart (e 0.2, where the order-1.4 model predicts 0.05) before the residual term could answer; on
//   XPBD N fell from 200 to 51 while the box began its swing, and the slewed rise that followed let the
//   links come 2.4 mm apart. Falling 3 % a frame, N follows the load down over a quarter swing (0.8 s: a
//   factor 4).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {

// The N that brings e to τ from a frame run at `substeps`: its order-p scaling, ⌈N (e/τ)^{1/p}⌉ ≥ 1.
inline int residual_substeps(double residual, double order, double tolerance, int substeps) {
  if (!(residual > 0.0) || !(tolerance > 0.0) || !(order > 0.0)) return 1;
  const double n = double(substeps) * std::pow(residual / tolerance, 1.0 / order);
  return n >= 1e9 ? 1000000000 : std::max(1, int(std::ceil(n - 1e-9)));
}

// The hysteresis on the asks: the largest of the last kHoldFrames frames', with the term that asked it.
template <class Source>
class TargetHold {
 public:
  static constexpr int kHoldFrames = 15;  // a quarter of a second at 60 Hz
  struct Ask {
    int substeps = 0;
    Source source{};
  };

  Ask next(Ask asked) {
    recent_[next_slot_] = asked;
    next_slot_ = (next_slot_ + 1) % kHoldFrames;
    count_ = std::min(count_ + 1, kHoldFrames);
    return *std::max_element(recent_.begin(), recent_.begin() + count_,
                             [](const Ask& a, const Ask& b) { return a.substeps < b.substeps; });
  }
  void reset() { count_ = next_slot_ = 0; }

 private:
  std::array<Ask, kHoldFrames> recent_{};
  int count_ = 0, next_slot_ = 0;
};

}  // namespace SIM_PRECISION
}  // namespace sim
