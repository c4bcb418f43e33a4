// The body stepper `pgs`: Giles & Andrews 2024's velocity-level substep (velocity_stepper.h) solved by
// projected Gauss-Seidel with the bias as split impulses (rigid_pgs.h), `rigid_iterations` sweeps.
#pragma once

#include <numeric>
#include <vector>

#include "families/rigid/steppers/rigid_pgs.h"
#include "families/rigid/steppers/velocity_stepper.h"

namespace sim {
inline namespace SIM_PRECISION {

class PgsStepper : public VelocityStepper {
 protected:
  void solve(std::vector<RigidRow>& rows, const RigidHostView& view, const BodyStepSettings& s, Vec3* bias_v,
             Vec3* bias_omega) override {
    order_.resize(rows.size());
    std::iota(order_.begin(), order_.end(), 0);
    frame_.iterations +=
        solve_pgs(rows, order_, view.v, view.omega, bias_v, bias_omega, s.iterations, s.warm_start);
  }

 private:
  std::vector<int> order_;  // the sweep order: every row, in order (kept: no allocation a substep)
};

}  // namespace SIM_PRECISION
}  // namespace sim
