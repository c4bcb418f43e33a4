// The XPBD Lagrange-multiplier update shared by every constraint type.
//
// Small Steps Eq. 8 (damped XPBD, Macklin et al. 2016):
//   Δλ = (−C − α̃λ − γ ∇C·(x − xⁿ)) / ((1 + γ) ∇C M⁻¹ ∇Cᵀ + α̃),   α̃ = α / h²,   γ = α̃ β̃ / h,  β̃ = h² β
// so γ = α β / h. Eq. 5 is the undamped case (β = 0), Eq. 7 the first iteration (λ = 0).
// The position correction that follows is Eq. 4: Δx = M⁻¹ ∇Cᵀ Δλ.
#pragma once

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct XpbdTerms {
  Real C;                // constraint value C(x) [m]
  Real grad_w_grad;      // ∇C M⁻¹ ∇Cᵀ [1/kg]
  Real grad_dot_motion;  // ∇C·(x − xⁿ), motion since the substep began [m]
};

// alpha: compliance [m/N]; beta: damping [N·s/m]; lambda: multiplier so far this substep [N·s²];
// h: substep Δt_s [s]. Returns Δλ [N·s²].
SIM_HD Real xpbd_delta_lambda(const XpbdTerms& t, Real alpha, Real beta, Real lambda, Real h) {
  const Real alpha_tilde = alpha / (h * h);
  const Real gamma = alpha * beta / h;
  const Real denominator = (1 + gamma) * t.grad_w_grad + alpha_tilde;
  if (denominator <= 0) return 0;  // both ends immovable
  return (-t.C - alpha_tilde * lambda - gamma * t.grad_dot_motion) / denominator;
}

// Spring stiffness k [N/m] to compliance α = 1/k [m/N] (k > 0; α = 0, inextensible, is k = ∞).
inline Real compliance_from_stiffness(double k) { return Real(1.0 / k); }

}  // namespace SIM_PRECISION
}  // namespace sim
