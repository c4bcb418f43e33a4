// The geometric stiffness K̃ = (∂Jᵀ/∂q) λ of the constraints (Giles & Andrews 2024, "Adaptive Sub-stepping",
// Eq. 1, after Tournier et al. 2015), from the frame's mean forces f = Σλ / (N Δt_s²) (a force,
// or a torque, or the conjugate of a dimensionless C), and its diagonalisation K_d,ii = |K̃_i|, the 2-norm of
// column i (Eq. 4, Andrews et al. 2017). Each degree of freedom's column is assembled from 3×3 blocks: the
// block on its own rows (summed over every constraint on it before the norm, since blocks of several
// constraints add) and the blocks on the rows of the other ends (one per constraint, each of which adds its
// squared column norm): K_d,ii = √(|B e_i|² + Σ_other |B_other e_i|²).
// A pinned particle or an immovable body has no degrees of freedom: its rows are left out.
#pragma once

#include <cmath>

#include "core/mat3.h"

namespace sim {
inline namespace SIM_PRECISION {

// What the stiffness pass of one family adds to each degree of freedom (solver/xpbd/stability.h sums them).
struct DofStiffness {
  Mat3 block;  // the column block on the DOF's own rows [N/m; bodies: N·m/rad]
  Vec3 other;  // Σ over other ends of the squared column norms of their blocks [(N/m)²]
};

// The stiffness pass of one frame: every particle's column (a family with DOFs of its own keeps theirs),
// and the multipliers' scale.
struct StiffnessPass {
  DofStiffness* particle;  // per particle
  Real inv_h2;             // 1/Δt_s² of the frame whose multipliers the families summed [1/s²]
};

SIM_HD Vec3 column_norms_squared(Mat3 b) {
  return {length_squared(b.c0), length_squared(b.c1), length_squared(b.c2)};
}

// Eq. 4: K_d,ii of the three degrees of freedom of an assembled block.
SIM_HD Vec3 diagonal_stiffness(const DofStiffness& k) {
  const Vec3 s = column_norms_squared(k.block) + k.other;
  return {std::sqrt(s.x), std::sqrt(s.y), std::sqrt(s.z)};
}

// A distance constraint C = |x_a − x_b| − L with force f (λ/Δt_s², signed as λ): ∇C = ±n, ∂n/∂x_a =
// (I − n nᵀ)/l, so K̃_aa = K̃_bb = −K̃_ab = (f/l)(I − n nᵀ). A pendulum's string pulling with tension T at
// length l gives T/l across it: K_d/m = T/(l m), the pendulum's own ω² = g/l at rest.
SIM_HD Mat3 distance_stiffness(Vec3 xa, Vec3 xb, Real f) {
  const Vec3 d = xa - xb;
  const Real l = length(d);
  if (!(l > 0.0)) return Mat3{};
  const Vec3 n = (1.0 / l) * d;
  const Real s = f / l;
  return {s * (Vec3{1.0, 0.0, 0.0} - n.x * n), s * (Vec3{0.0, 1.0, 0.0} - n.y * n),
          s * (Vec3{0.0, 0.0, 1.0} - n.z * n)};
}

// A force f held at offset r of a body (a ball-and-socket joint's positional block, a contact point: the
// modification for non-penetration keeps the same form with the normal force): the torque r × f turns with
// the body, δ(r × f) = (δθ × r) × f = [f]×[r]× δθ, a block on the body's rotational DOF only (the
// translational rows of Jᵀ are constant). [f]×[r]× = r fᵀ − (f·r) I.
SIM_HD Mat3 point_force_stiffness(Vec3 f, Vec3 r) {
  const Real fr = dot(f, r);
  return {f.x * r - fr * Vec3{1.0, 0.0, 0.0}, f.y * r - fr * Vec3{0.0, 1.0, 0.0},
          f.z * r - fr * Vec3{0.0, 0.0, 1.0}};
}

// An angular constraint (a hinge's axis alignment, a fixed joint's frame) holding torque τ: its rows
// ∂C/∂θ = I + ½[Δθ]× + … turn with the error, giving ½[τ]× at small error, the approximation used here.
SIM_HD Mat3 angular_stiffness(Vec3 tau) {
  const Vec3 t = 0.5 * tau;
  return {cross(t, {1.0, 0.0, 0.0}), cross(t, {0.0, 1.0, 0.0}), cross(t, {0.0, 0.0, 1.0})};
}

}  // namespace SIM_PRECISION
}  // namespace sim
