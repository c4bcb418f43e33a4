// The body stepper `direct`: Giles & Andrews 2024's velocity-level substep (velocity_stepper.h) solved per
// island by LDLᵀ on the joints and block principal pivoting on the contacts (rigid_direct.h), `pivot_steps`
// pivots an island, PGS with `rigid_iterations` sweeps where it falls back.
#pragma once

#include <vector>

#include "families/rigid/steppers/rigid_direct.h"
#include "families/rigid/steppers/velocity_stepper.h"

namespace sim {
inline namespace SIM_PRECISION {

class DirectStepper : public VelocityStepper {
 public:
  void reset() override {
    VelocityStepper::reset();
    cache_.clear();
  }
  void begin_frame() override {
    VelocityStepper::begin_frame();
    cache_.clear();
  }

 protected:
  void solve(std::vector<RigidRow>& rows, const RigidHostView& view, const BodyStepSettings& s, Vec3* bias_v,
             Vec3* bias_omega) override {
    const DirectStats d = solve_direct(rows, view.bodies, view.v, view.omega, bias_v, bias_omega,
                                       s.pivot_steps, s.iterations, cache_);
    frame_.pivots += d.pivots;
    frame_.iterations += d.pgs_sweeps;
    frame_.fallbacks += d.fallbacks;
    if (d.fallbacks > 0) frame_.fallback_reason = int(d.reason);
  }

 private:
  DirectCache cache_;  // the dependent joint rows and the joints' symbolic LDLᵀ, found once a frame
};

}  // namespace SIM_PRECISION
}  // namespace sim
