// The particle stages of one frame of Small Steps Algorithm 1 that belong to no constraint family, each a
// functor over one index, written once and run by either backend's parallel_for (OpenMP loop or CUDA
// launch): the prediction, the Jacobi gathers and the velocity update (alone, or with the next substep's
// prediction). Members are raw pointers into the backend's arrays; units as in registry/model.h and
// registry/state.h. The families' stages are families/.
#pragma once

#include "constraints/particle_contact.h"
#include "core/position.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// Algorithm 1 line 4 (Eq. 3): xⁿ ← x; x̃ = xⁿ + Δt_s vⁿ + Δt_s² M⁻¹ f_ext with f_ext = m g.
struct Predict {
  Position* x;
  Position* x_prev;
  const Vec3* v;
  const Real* w;
  Vec3 gravity;
  Real h;
  SIM_HD void operator()(int i) const {
    const Position xi = x[i];
    x_prev[i] = xi;
    if (w[i] != 0.0) x[i] = predict_position(xi, v[i], gravity, h);
  }
};

// Algorithm 1 line 11: v = (x − xⁿ) / Δt_s, scaled by e^{−d Δt_s} for velocity damping d, so that |v|
// decays as e^{−d t} whatever the substep count.
struct UpdateVelocity {
  const Position* x;
  const Position* x_prev;
  Vec3* v;
  Real inv_h;
  Real damping_factor;  // e^{−d Δt_s} [-]
  SIM_HD void operator()(int i) const { v[i] = (damping_factor * inv_h) * (x[i] - x_prev[i]); }
};

// Line 11 of one substep and line 4 of the next as one pass, where no stage between them touches the
// particles (FamilyHooks::particles_after_velocity_update): the same arithmetic, one sweep over x fewer.
struct UpdateVelocityPredict {
  UpdateVelocity update;
  Predict predict;
  SIM_HD void operator()(int i) const {
    update(i);
    predict(i);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
