// Tetrahedral elasticity as XPBD constraints (Macklin & Müller 2021, "A Constraint-based Formulation of
// Stable Neo-Hookean Materials", Eqs. 9-16; Small Steps §6.3 runs its beam on such elements). A tet with
// rest edge matrix D_m = [X₁ − X₀, X₂ − X₀, X₃ − X₀] and rest volume V = det(D_m)/6 deforms by
// F = D_s D_m⁻¹. Its energy V Ψ(F) is split into a deviatoric and a hydrostatic constraint, each an
// energy U = C²/(2α):
//   neo_hookean  C_D = |F|_F (= √tr FᵀF),  α_D = 1/(μ V);  C_H = det F − γ,  α_H = 1/(λ V),  γ = 1 + μ/λ,
//                with λ = λ_Lamé + μ so that the pair linearises to linear elasticity at F = I (the rest
//                state is stable: the two gradients cancel there);
//   stvk         C_D = |E|_F with Green strain E = ½(FᵀF − I), α_D = 1/(2μ V)  (St. Venant-Kirchhoff's
//                μ|E|²), and the volume term C_H = det F − 1, α_H = 1/(λ_Lamé V) in place of StVK's
//                (λ/2) tr(E)², which offers no resistance to inversion.
// ∂C/∂F: F/|F|_F, F E/|E|_F, and cof F = ∂ det F/∂F. The vertex gradients are the columns of
// (∂C/∂F) D_m⁻ᵀ for vertices 1-3 and minus their sum for vertex 0. An inverted tet (det F < 0) is pushed
// back by C_H, whose gradient cof F never vanishes there.
#pragma once

#include <cmath>

#include "constraints/xpbd.h"
#include "core/mat3.h"

namespace sim {

enum class TetModel : int { NeoHookean, StVK };

struct Lame {
  Real lambda;  // λ [Pa]
  Real mu;      // μ [Pa]
};

// Lamé parameters from Young's modulus E [Pa] and Poisson's ratio ν [-] (ν < ½).
inline Lame lame_from_young(Real E, Real nu) {
  return {E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu)), E / (2.0 * (1.0 + nu))};
}

// One tet's two compliances [1/(Pa·m³)], γ [-], and the constraint values at rest (for the energy).
struct TetCompliance {
  Real deviatoric, hydrostatic;
  Real gamma;
  Real rest_deviatoric, rest_hydrostatic;  // C_D(I), C_H(I)
};

inline TetCompliance tet_compliance(TetModel model, Lame lame, Real volume) {
  if (model == TetModel::NeoHookean) {
    const Real lambda = lame.lambda + lame.mu;
    const Real gamma = 1.0 + lame.mu / lambda;
    return {1.0 / (lame.mu * volume), 1.0 / (lambda * volume), gamma, std::sqrt(3.0), 1.0 - gamma};
  }
  return {1.0 / (2.0 * lame.mu * volume), 1.0 / (lame.lambda * volume), 1.0, 0.0, 0.0};
}

struct TetConstraint {
  Real C;      // [-]
  Mat3 dC_dF;  // [-]
};

SIM_HD Mat3 edge_matrix(const Vec3 x[4]) { return {x[1] - x[0], x[2] - x[0], x[3] - x[0]}; }

SIM_HD TetConstraint tet_deviatoric(TetModel model, Mat3 F) {
  const Mat3 zero{};
  if (model == TetModel::NeoHookean) {
    const Real r = std::sqrt(frobenius_dot(F, F));
    return {r, r > 1e-12 ? (1.0 / r) * F : zero};
  }
  const Mat3 E = 0.5 * (transpose(F) * F - mat3_identity());
  const Real r = std::sqrt(frobenius_dot(E, E));
  return {r, r > 1e-12 ? (1.0 / r) * (F * E) : zero};
}

SIM_HD TetConstraint tet_hydrostatic(Mat3 F, Real gamma) { return {determinant(F) - gamma, cofactor(F)}; }

// ∂C/∂x_i of the four vertices from ∂C/∂F.
SIM_HD void tet_vertex_gradients(Mat3 dC_dF, Mat3 inv_rest, Vec3 g[4]) {
  const Mat3 G = dC_dF * transpose(inv_rest);
  g[1] = G.c0;
  g[2] = G.c1;
  g[3] = G.c2;
  g[0] = -(G.c0 + G.c1 + G.c2);
}

// One XPBD projection (Eqs. 4, 8; no damping) of constraint c on the positions x, updating x and λ.
// split[i] scales vertex i's inverse mass in the Δλ denominator (Jacobi mass splitting, 1 for
// Gauss-Seidel), as project_distance does.
SIM_HD void project_tet_constraint(const TetConstraint& c, Mat3 inv_rest, Vec3 x[4], const Real w[4],
                                   const Real split[4], Real alpha, Real& lambda, Real h) {
  Vec3 g[4];
  tet_vertex_gradients(c.dC_dF, inv_rest, g);
  Real gwg = 0.0;
  for (int i = 0; i < 4; ++i) gwg += split[i] * w[i] * length_squared(g[i]);
  const Real dl = xpbd_delta_lambda({c.C, gwg, 0.0}, alpha, 0.0, lambda, h);
  lambda += dl;
  for (int i = 0; i < 4; ++i) x[i] += (w[i] * dl) * g[i];
}

// Both constraints of one tet, the deviatoric first and the hydrostatic last (volume is what the eye
// judges), each on the positions the other left. lambda[0] = λ_D, lambda[1] = λ_H.
SIM_HD void project_tet(TetModel model, Real gamma, Mat3 inv_rest, Real alpha_d, Real alpha_h, Vec3 x[4],
                        const Real w[4], const Real split[4], Real lambda[2], Real h) {
  project_tet_constraint(tet_deviatoric(model, edge_matrix(x) * inv_rest), inv_rest, x, w, split, alpha_d,
                         lambda[0], h);
  project_tet_constraint(tet_hydrostatic(edge_matrix(x) * inv_rest, gamma), inv_rest, x, w, split, alpha_h,
                         lambda[1], h);
}

}  // namespace sim
