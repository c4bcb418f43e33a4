// The XPBD body stepper's passes over the bodies (Müller et al. 2020, "Müller 2020", Algorithm 2, run
// inside Small Steps Algorithm 1's substeps by families/rigid/rigid_stages.h): the prediction with the
// gyroscopic term, the velocity update from the pose change, and the mouse grab of a body's point.
#pragma once

#include "constraints/rigid_body.h"
#include "core/position.h"
#include "families/rigid/body_ends.h"

namespace sim {
inline namespace SIM_PRECISION {

// Algorithm 2 lines 2-9 for body i, keeping the pose at the start of the substep.
struct PredictBodies {
  Position* x;
  const Vec3* v;
  Vec3* omega;
  Position* x_prev;
  Quat *q, *q_prev;
  const Real* w;
  const Vec3* inv_inertia;
  Vec3 gravity;
  Real h;
  SIM_HD void operator()(int i) const {
    x_prev[i] = x[i];
    q_prev[i] = q[i];
    predict_body(x[i], q[i], v[i], omega[i], w[i], inv_inertia[i], gravity, h);
  }
};

// Algorithm 2 lines 15-18, with the solver's velocity damping e^{−d h} on v and ω (stages.h, UpdateVelocity).
struct UpdateBodyVelocities {
  const Position *x, *x_prev;
  const Quat *q, *q_prev;
  Vec3 *v, *omega;
  Real inv_h;
  Real damping_factor;  // e^{−d Δt_s} [-]
  SIM_HD void operator()(int i) const {
    body_velocity(x[i], q[i], x_prev[i], q_prev[i], inv_h, v[i], omega[i]);
    v[i] = damping_factor * v[i];
    omega[i] = damping_factor * omega[i];
  }
};

// The mouse grab of a body: its point at `local` pulled to this substep's target (Stages::grab_target) by
// one positional block of the grab's compliance (the attachment of Small Steps Eq. 8 on a body point).
struct ProjectBodyGrab {
  EndRefs poses;
  int body;
  Vec3 local;       // [m] body coordinates
  Vec3 target;      // [m]
  Real compliance;  // α [m/N]
  Vec3* lambda;     // [N·s²]
  Real h;
  SIM_HD void operator()(int) const {
    BodyPose a = poses.load(body);
    BodyPose goal{target, quat_identity(), 0.0, {0.0, 0.0, 0.0}};
    positional_block(a, goal, 1.0, 1.0, rotate(a.q, local), {0.0, 0.0, 0.0}, compliance, *lambda, h);
    poses.store(body, a);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
