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

#include "core/mat3.h"

namespace sim {
inline namespace SIM_PRECISION {

// The constitutive model of a tet. The Neo-Hookean pair's constraints are not zero at rest (C_D = √3
// there): their Gauss-Newton projection sees shear only through the curvature C ∇²C that XPBD leaves
// out, and converges only when the substep is small against the material's stiffness (the 10 × 2 × 2
// beam at 10⁷ Pa: |V/V₀ − 1| up to 45 % at 2 substeps × 50 iterations, 1 % at 20 × 5). StVK's
// constraints vanish at rest and hold at any substep count.
enum class TetModel : int { StVK, NeoHookean };

struct Lame {
  Real lambda;  // λ [Pa]
  Real mu;      // μ [Pa]
};

// Lamé parameters from Young's modulus E [Pa] and Poisson's ratio ν [-] (ν < ½).
inline Lame lame_from_young(Real E, Real nu) {
  return {Real(E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu))), Real(E / (2.0 * (1.0 + nu)))};
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
    return {Real(1) / (lame.mu * volume), Real(1) / (lambda * volume), gamma, Real(std::sqrt(3.0)),
            Real(1) - gamma};
  }
  return {Real(1) / (2 * lame.mu * volume), Real(1) / (lame.lambda * volume), 1.0, 0.0, 0.0};
}

struct TetConstraint {
  Real C;      // [-]
  Mat3 dC_dF;  // [-]
};

SIM_HD Mat3 edge_matrix(const Vec3 x[4]) { return {x[1] - x[0], x[2] - x[0], x[3] - x[0]}; }

// A rest shape too flat to invert: |det D_m| (six times the volume) at most 10⁻⁹ of its longest edge
// from x₀ cubed. The loaders and ModelBuilder::add_tet refuse such tets.
SIM_HD bool degenerate_tet(Mat3 rest) {
  const Real edge = max_number(length(rest.c0), max_number(length(rest.c1), length(rest.c2)));
  return !(fabs(determinant(rest)) > 1e-9 * edge * edge * edge);
}

SIM_HD TetConstraint tet_deviatoric(TetModel model, Mat3 F) {
  const Mat3 zero{};
  if (model == TetModel::NeoHookean) {
    const Real r = std::sqrt(frobenius_dot(F, F));
    return {r, r > Real(1e-12) ? (1 / r) * F : zero};
  }
  const Mat3 E = 0.5 * (transpose(F) * F - mat3_identity());
  const Real r = std::sqrt(frobenius_dot(E, E));
  return {r, r > Real(1e-12) ? (1 / r) * (F * E) : zero};
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

// One XPBD projection (Eqs. 4, 8, no damping) of both constraints of a tet, solved together as Macklin
// & Müller 2021 §5 do: with W the (split) inverse masses and α̃ = α/h²,
//   [∇C_D W ∇C_Dᵀ + α̃_D   ∇C_D W ∇C_Hᵀ      ] [Δλ_D]   [−C_D − α̃_D λ_D]
//   [∇C_H W ∇C_Dᵀ         ∇C_H W ∇C_Hᵀ + α̃_H] [Δλ_H] = [−C_H − α̃_H λ_H],   Δx = M⁻¹(∇C_Dᵀ Δλ_D + ∇C_Hᵀ Δλ_H).
// Projected one after the other instead, the Neo-Hookean pair fails at large steps: at rest C_D = √3 and
// the two gradients are parallel, so a stiff deviatoric step alone collapses the tet toward a point for
// the hydrostatic step to blow up again (1 substep × 100 iterations of the beam reached |V/V₀ − 1| = 6).
// split[i] scales vertex i's inverse mass in the matrix only (Jacobi mass splitting, 1 for Gauss-Seidel),
// as project_distance does. x and lambda (λ_D, λ_H) are updated.
SIM_HD void project_tet(TetModel model, Real gamma, Mat3 inv_rest, Real alpha_d, Real alpha_h, Vec3 x[4],
                        const Real w[4], const Real split[4], Real lambda[2], Real h) {
  const Mat3 F = edge_matrix(x) * inv_rest;
  const TetConstraint d = tet_deviatoric(model, F);
  const TetConstraint v = tet_hydrostatic(F, gamma);
  Vec3 gd[4], gv[4];
  tet_vertex_gradients(d.dC_dF, inv_rest, gd);
  tet_vertex_gradients(v.dC_dF, inv_rest, gv);
  Real a = 0.0, b = 0.0, c = 0.0;
  for (int i = 0; i < 4; ++i) {
    const Real ws = split[i] * w[i];
    a += ws * length_squared(gd[i]);
    b += ws * dot(gd[i], gv[i]);
    c += ws * length_squared(gv[i]);
  }
  const Real h2 = h * h;
  const Real ad = alpha_d / h2, av = alpha_h / h2;
  a += ad;
  c += av;
  const Real det = a * c - b * b;
  if (!(det > 0.0)) return;  // every corner pinned, or a degenerate tet with stiff constraints
  const Real rd = -d.C - ad * lambda[0], rv = -v.C - av * lambda[1];
  const Real dld = (c * rd - b * rv) / det, dlv = (a * rv - b * rd) / det;
  lambda[0] += dld;
  lambda[1] += dlv;
  for (int i = 0; i < 4; ++i) x[i] += w[i] * (dld * gd[i] + dlv * gv[i]);
}

}  // namespace SIM_PRECISION
}  // namespace sim

namespace sim {
inline namespace SIM_PRECISION {

// Column j of corner e of a tet's geometric stiffness K̃ = f_D ∇²C_D + f_H ∇²C_H (Giles & Andrews 2024
// Eq. 1 with the forces f = λ/Δt_s²), by central differences of the analytic gradients over x_e ± ε e_j
// (Macklin et al. 2019a take the geometric stiffness by finite differences too); ε is 10⁻⁵ of the tet's
// size, so the error is O(ε²) of the curvature. out[c]: the rows of corner c.
SIM_HD void tet_stiffness_column(TetModel model, Real gamma, Mat3 inv_rest, const Vec3 x[4], int e, int j,
                                 Real f_d, Real f_h, Vec3 out[4]) {
  const Real eps = 1e-5 / std::sqrt(frobenius_dot(inv_rest, inv_rest));
  Vec3 g[2][4];
  for (int side = 0; side < 2; ++side) {
    Vec3 xs[4] = {x[0], x[1], x[2], x[3]};
    const Real step = side == 0 ? eps : -eps;
    if (j == 0) xs[e].x += step;
    if (j == 1) xs[e].y += step;
    if (j == 2) xs[e].z += step;
    const Mat3 F = edge_matrix(xs) * inv_rest;
    Vec3 gd[4], gv[4];
    tet_vertex_gradients(tet_deviatoric(model, F).dC_dF, inv_rest, gd);
    tet_vertex_gradients(tet_hydrostatic(F, gamma).dC_dF, inv_rest, gv);
    for (int c = 0; c < 4; ++c) g[side][c] = f_d * gd[c] + f_h * gv[c];
  }
  for (int c = 0; c < 4; ++c) out[c] = (0.5 / eps) * (g[0][c] - g[1][c]);
}

}  // namespace SIM_PRECISION
}  // namespace sim
