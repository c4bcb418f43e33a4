// Attachment of a particle to a moving target point p (the mouse-drag constraint):
// C = |x − p| with ∇C = (x − p)/|x − p|, the distance constraint of distance.h with L = 0 and an
// immovable second end. Compliance α gives a spring of stiffness 1/α [N/m] (Small Steps Eq. 5).
#pragma once

#include "constraints/distance.h"

namespace sim {
inline namespace SIM_PRECISION {

struct AttachmentCorrection {
  Vec3 dx;       // [m]
  Real dlambda;  // [N·s²]
};

SIM_HD AttachmentCorrection project_attachment(Vec3 x, Vec3 target, Real w, Real alpha, Real lambda, Real h) {
  const DistanceEval e = distance_eval(x, target, 0.0);
  if (e.C <= 0.0) return {{0.0, 0.0, 0.0}, 0.0};
  const Real dl = xpbd_delta_lambda({e.C, w, 0.0}, alpha, 0.0, lambda, h);
  return {(w * dl) * e.n, dl};
}

}  // namespace SIM_PRECISION
}  // namespace sim
