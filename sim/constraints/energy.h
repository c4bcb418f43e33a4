// Compliant constraints as elastic energy, for the force-based integrators (settings/integrator.h: backward
// Euler with Newton-PCG, solver/force/newton_pcg.h, and the explicit schemes, solver/force/explicit_schemes.h): a
// constraint C with compliance α stores U = C²/(2α) (Small Steps Eq. 1's potential), so its force is f = −∇U
// = −(C/α)∇C and its stiffness ∇²U = (1/α)(∇C∇Cᵀ + C∇²C). Each constraint type below gives its gradient ∇U,
// its stiffness product K p and the diagonal of K, with K the Gauss-Newton part (1/α)∇C∇Cᵀ plus, where
// stated, the curvature term C∇²C when it keeps K positive semi-definite (as conjugate gradients needs).
// A zero compliance (an inextensible link, a hard attachment) has no energy; it acts as the stiff spring
// α_e = h² (Σ w)/κ, κ times stiffer than its particles' inertia over the step, m/h², so that its own
// ω h = √κ, with ω h each integrator's IntegratorInfo::hard_omega_h (settings/integrator.h): as stiff as the
// scheme bears.
#pragma once

#include "constraints/distance.h"
#include "constraints/tet_elasticity.h"

namespace sim {
inline namespace SIM_PRECISION {

// The compliance a constraint acts with as an energy: α, or α_e for α = 0. w_sum: Σ of its particles'
// inverse masses [1/kg], > 0 (a constraint between pinned particles has no term: the callers skip it);
// h: the step [s]; kappa: κ.
SIM_HD Real energy_compliance(Real alpha, Real w_sum, Real h, Real kappa) {
  return alpha > 0.0 ? alpha : h * h * w_sum / kappa;
}

// An attachment or the mouse grab (a tool holding the material, not the material under test) acts with
// no more stiffness than the scheme bears: α_e = max(α, h² w/κ). A grab of α = 10⁻⁵ m/N is a 10⁵ N/m
// spring, which no explicit scheme holds at the steps that suit the cloth it pulls.
SIM_HD Real attachment_energy_compliance(Real alpha, Real w, Real h, Real kappa) {
  const Real bearable = h * h * w / kappa;
  return alpha > bearable ? alpha : bearable;
}

// What an energy term is asked for.
enum class EnergyTerm : int {
  Gradient,  // ∇U [N]
  Product,   // K p [N] for a direction p [m]
  Diagonal,  // diag K [N/m], per component
  Value,     // U [J] in x, a constraint's U shared evenly among its particles (y, z 0): the line search
};

// Distance C = |x_a − x_b| − L: ∇_a U = (C/α) n, and K_aa = −K_ab = (1/α)(n nᵀ + (C⁺/ℓ)(I − n nᵀ)) with the
// curvature term only under tension (C > 0), where it is positive. Returns end a's term; end b's is its
// negative (Gradient, Product) or the same (Diagonal; Value, half of U = C²/(2α) each). u: p_a − p_b for
// Product.
SIM_HD Vec3 distance_energy_term(EnergyTerm term, Vec3 xa, Vec3 xb, Real rest_length, Real alpha, Vec3 u) {
  const Vec3 d = xa - xb;
  const Real len = length(d);
  if (len <= 1e-12) return {0.0, 0.0, 0.0};
  const Vec3 n = (1.0 / len) * d;
  const Real C = len - rest_length;
  const Real geometric = C > 0.0 ? C / len : 0.0;
  switch (term) {
    case EnergyTerm::Gradient:
      return (C / alpha) * n;
    case EnergyTerm::Product: {
      const Real along = dot(n, u);
      return (1.0 / alpha) * (along * n + geometric * (u - along * n));
    }
    case EnergyTerm::Value:
      return {Real(0.25) * C * C / alpha, 0.0, 0.0};
    default: {
      const Vec3 n2{n.x * n.x, n.y * n.y, n.z * n.z};
      return (1.0 / alpha) * (n2 + geometric * (Vec3{1.0, 1.0, 1.0} - n2));
    }
  }
}

// Attachment C = |x − p|: U = |x − p|²/(2α) exactly, ∇U = (x − p)/α, K = I/α.
SIM_HD Vec3 attachment_energy_term(EnergyTerm term, Vec3 x, Vec3 target, Real alpha, Vec3 p) {
  switch (term) {
    case EnergyTerm::Gradient:
      return (1.0 / alpha) * (x - target);
    case EnergyTerm::Product:
      return (1.0 / alpha) * p;
    case EnergyTerm::Value:
      return {Real(0.5) * dot(x - target, x - target) / alpha, 0.0, 0.0};
    default:
      return {Real(1) / alpha, Real(1) / alpha, Real(1) / alpha};
  }
}

// The first Piola-Kirchhoff stress P = ∂U/∂F of a tet's two constraints (per unit of the α's volume
// scaling, which α carries): StVK  P_D = F E/α_D; Neo-Hookean  P_D = F/α_D (U_D = |F|²/(2α_D), quadratic);
// both  P_H = (det F − γ) cof F/α_H.
SIM_HD Mat3 tet_stress(TetModel model, Mat3 F, Real gamma, Real alpha_d, Real alpha_h) {
  const Mat3 Pd = model == TetModel::NeoHookean ? F : F * (0.5 * (transpose(F) * F - mat3_identity()));
  return (1.0 / alpha_d) * Pd + ((determinant(F) - gamma) / alpha_h) * cofactor(F);
}

// The energy whose gradient tet_stress is: U = C_D²/(2α_D) + C_H²/(2α_H) [J, per the α's volume scaling].
SIM_HD Real tet_energy(TetModel model, Mat3 F, Real gamma, Real alpha_d, Real alpha_h) {
  const Real cd = tet_deviatoric(model, F).C, ch = tet_hydrostatic(F, gamma).C;
  return 0.5 * cd * cd / alpha_d + 0.5 * ch * ch / alpha_h;
}

// dP for a change dF of F: StVK's Gauss-Newton F sym(Fᵀ dF)/α_D (its dF E term, negative under
// compression, left out), Neo-Hookean's exact dF/α_D, and the hydrostatic Gauss-Newton (cof F : dF) cof F/α_H
// (its (det F − γ) ∂cof F term left out).
SIM_HD Mat3 tet_stress_differential(TetModel model, Mat3 F, Mat3 dF, Real alpha_d, Real alpha_h) {
  Mat3 dPd = dF;
  if (model == TetModel::StVK) {
    const Mat3 FtdF = transpose(F) * dF;
    dPd = F * (0.5 * (FtdF + transpose(FtdF)));
  }
  const Mat3 cof = cofactor(F);
  return (1.0 / alpha_d) * dPd + (frobenius_dot(cof, dF) / alpha_h) * cof;
}

// Vertex terms of a tet from a stress-like matrix P: P D_m⁻ᵀ's columns for vertices 1-3, minus their sum
// for vertex 0 (as tet_vertex_gradients).
SIM_HD void tet_energy_terms(EnergyTerm term, TetModel model, Real gamma, Mat3 inv_rest, Real alpha_d,
                             Real alpha_h, const Vec3 x[4], const Vec3 p[4], Vec3 out[4]) {
  const Mat3 F = edge_matrix(x) * inv_rest;
  if (term == EnergyTerm::Gradient) {
    tet_vertex_gradients(tet_stress(model, F, gamma, alpha_d, alpha_h), inv_rest, out);
  } else if (term == EnergyTerm::Product) {
    tet_vertex_gradients(tet_stress_differential(model, F, edge_matrix(p) * inv_rest, alpha_d, alpha_h),
                         inv_rest, out);
  } else if (term == EnergyTerm::Value) {
    const Real quarter = 0.25 * tet_energy(model, F, gamma, alpha_d, alpha_h);
    for (int i = 0; i < 4; ++i) out[i] = {quarter, 0.0, 0.0};
  } else {  // K's diagonal: e_kᵀ K e_k for each vertex and component, one unit direction at a time
    for (int i = 0; i < 4; ++i) {
      Real diag[3];
      for (int k = 0; k < 3; ++k) {
        Vec3 unit[4] = {};
        (&unit[i].x)[k] = 1.0;
        Vec3 q[4];
        tet_vertex_gradients(
            tet_stress_differential(model, F, edge_matrix(unit) * inv_rest, alpha_d, alpha_h), inv_rest, q);
        diag[k] = (&q[i].x)[k];
      }
      out[i] = {diag[0], diag[1], diag[2]};
    }
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
