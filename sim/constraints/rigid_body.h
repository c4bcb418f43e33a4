// Rigid-body XPBD (Müller et al. 2020, "Detailed Rigid Body Simulation with Extended Position Based
// Dynamics", here "Müller 2020"): a body's pose, its generalised inverse masses (Eqs. 2-3), the pose
// corrections of a positional or angular impulse (Eqs. 6-9), the prediction with the gyroscopic term and
// the velocity update from the pose change (Algorithm 2). A particle is a body without rotation
// (inverse inertia 0) and the world one without mass, so one projection serves all three.
#pragma once

#include "constraints/particle_contact.h"
#include "core/mat3.h"
#include "core/quat.h"
#include "geometry/body_shape.h"

namespace sim {
inline namespace SIM_PRECISION {

// What a projection reads and corrects of one end of a constraint.
struct BodyPose {
  Position x;        // centre of mass [m] (core/position.h: in float, the rounded part and its remainder)
  Quat q;            // body → world
  Real w;            // 1/m [1/kg]; 0: immovable
  Vec3 inv_inertia;  // principal I⁻¹ in body coordinates [1/(kg·m²)]; 0: no rotation
};

// The vector from a's point at offset ra to b's at rb, (x_b + r_b) − (x_a + r_a) [m]: each point a Position,
// so that a float build keeps the digits of two nearby points (core/position.h), also where one end is the
// world (x = 0, its anchor an absolute point).
SIM_HD Vec3 point_gap(const BodyPose& a, Vec3 ra, const BodyPose& b, Vec3 rb) {
  return (b.x + rb) - (a.x + ra);
}

// I⁻¹ v with I⁻¹ = R diag(inv_inertia) Rᵀ in world coordinates.
SIM_HD_INLINE Vec3 apply_inv_inertia(const BodyPose& b, Vec3 v) {
  const Vec3 l = rotate_inverse(b.q, v);
  return rotate(b.q, Vec3{b.inv_inertia.x * l.x, b.inv_inertia.y * l.y, b.inv_inertia.z * l.z});
}

// I⁻¹ in world coordinates as a matrix, R diag(inv_inertia) Rᵀ [1/(kg·m²)].
SIM_HD_INLINE Mat3 inv_inertia_matrix(const BodyPose& b) {
  return {apply_inv_inertia(b, {1.0, 0.0, 0.0}), apply_inv_inertia(b, {0.0, 1.0, 0.0}),
          apply_inv_inertia(b, {0.0, 0.0, 1.0})};
}

// Eq. 2 as a matrix: how the point at offset r moves under a positional impulse P applied there,
// Δp = (w I − [r]× I⁻¹ [r]×) P [1/kg] (its quadratic form along unit n is Eq. 2).
SIM_HD_INLINE Mat3 positional_inv_mass_matrix(const BodyPose& b, Vec3 r) {
  const Vec3 e[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  Vec3 c[3];
  for (int k = 0; k < 3; ++k) c[k] = b.w * e[k] - cross(r, apply_inv_inertia(b, cross(r, e[k])));
  return {c[0], c[1], c[2]};
}

// Eq. 2: the generalised inverse mass of the point at offset r along unit n, w + (r × n)ᵀ I⁻¹ (r × n) [1/kg].
SIM_HD_INLINE Real positional_inv_mass(const BodyPose& b, Vec3 r, Vec3 n) {
  const Vec3 rn = cross(r, n);
  return b.w + dot(rn, apply_inv_inertia(b, rn));
}

// Eq. 3: that of a rotation about unit n, nᵀ I⁻¹ n [1/(kg·m²)].
SIM_HD_INLINE Real angular_inv_mass(const BodyPose& b, Vec3 n) { return dot(n, apply_inv_inertia(b, n)); }

// Eqs. 6-9: the positional correction p = Δλ n [kg·m] applied at offset r: x += w p, q turned by
// I⁻¹ (r × p).
SIM_HD_INLINE void apply_positional(BodyPose& b, Vec3 p, Vec3 r) {
  b.x += b.w * p;
  b.q = rotated_by(b.q, apply_inv_inertia(b, cross(r, p)));
}

// Eqs. 6-9 for an angular impulse p: q turned by I⁻¹ p.
SIM_HD_INLINE void apply_angular(BodyPose& b, Vec3 p) { b.q = rotated_by(b.q, apply_inv_inertia(b, p)); }

// I v in body coordinates, I = diag(1/inv_inertia) (0 along an axis the body does not turn about)
// [kg·m²·(unit of v)].
SIM_HD_INLINE Vec3 apply_inertia(Vec3 inv_inertia, Vec3 v) {
  return {inv_inertia.x > 0.0 ? v.x / inv_inertia.x : Real(0),
          inv_inertia.y > 0.0 ? v.y / inv_inertia.y : Real(0),
          inv_inertia.z > 0.0 ? v.z / inv_inertia.z : Real(0)};
}

// Algorithm 2, lines 3-9: x + h v + h² g (Small Steps Eq. 3, predict_position; v itself is set from the
// motion at the substep's end); ω += h I⁻¹(−ω × Iω) (the gyroscopic term, in body
// coordinates, where I is diagonal); q turned by h ω. ω is in world coordinates. The turn is the exact
// rotation by h ω rather than the paper's q + ½ h [ω, 0] q normalised, and body_velocity takes its exact
// inverse: the linearised pair shrinks |ω| by (h|ω|)²/8 every substep (a free body spinning at 6 rad/s
// lost 3% of its angular momentum in 10 s at 1200 substeps a second), the exact pair returns ω unchanged.
SIM_HD void predict_body(Position& x, Quat& q, Vec3 v, Vec3& omega, Real w, Vec3 inv_inertia, Vec3 gravity,
                         Real h) {
  if (w != 0.0) x = predict_position(x, v, gravity, h);
  if (inv_inertia.x == 0.0 && inv_inertia.y == 0.0 && inv_inertia.z == 0.0) return;
  const Vec3 wb = rotate_inverse(q, omega);
  const Vec3 torque = -1.0 * cross(wb, apply_inertia(inv_inertia, wb));
  const Vec3 wb_new =
      wb + h * Vec3{inv_inertia.x * torque.x, inv_inertia.y * torque.y, inv_inertia.z * torque.z};
  omega = rotate(q, wb_new);
  q = turned(q, h * omega);
}

// Algorithm 2, lines 15-18: v = (x − xⁿ)/h; ω the rotation vector of Δq = q qⁿ⁻¹ over h (the shorter way
// round; the paper's 2 Im(Δq)/h to first order).
SIM_HD void body_velocity(Position x, Quat q, Position x_prev, Quat q_prev, Real inv_h, Vec3& v,
                          Vec3& omega) {
  v = inv_h * (x - x_prev);
  omega = inv_h * rotation_between(q, q_prev);
}

}  // namespace SIM_PRECISION
}  // namespace sim
