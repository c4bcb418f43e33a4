// Quat: unit quaternions for rigid-body orientations (Müller et al. 2020, "Detailed Rigid Body Simulation
// with Extended Position Based Dynamics", §3: q ← q + ½ h [ω, 0] q, then normalised), on host and device.
// q = w + xi + yj + zk maps body coordinates to world coordinates: x_world = q x_body q*.
#pragma once

#include <cmath>

#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Quat {
  Real w, x, y, z;
};

SIM_HD_INLINE Quat quat_identity() { return {1.0, 0.0, 0.0, 0.0}; }
SIM_HD_INLINE Vec3 imag(Quat q) { return {q.x, q.y, q.z}; }
SIM_HD_INLINE Quat operator*(Quat a, Quat b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
SIM_HD_INLINE Quat conjugate(Quat q) { return {q.w, -q.x, -q.y, -q.z}; }
SIM_HD Quat normalized(Quat q) {
  const Real n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return n > 0.0 ? Quat{q.w / n, q.x / n, q.y / n, q.z / n} : quat_identity();
}
// q v q* for a unit q.
SIM_HD_INLINE Vec3 rotate(Quat q, Vec3 v) {
  const Vec3 u = imag(q);
  const Vec3 t = 2.0 * cross(u, v);
  return v + q.w * t + cross(u, t);
}
// q* v q: a world vector in the body's coordinates.
SIM_HD_INLINE Vec3 rotate_inverse(Quat q, Vec3 v) { return rotate(conjugate(q), v); }
// The rotation by `angle` [rad] about the unit `axis`.
SIM_HD Quat quat_axis_angle(Vec3 axis, Real angle) {
  const Real s = std::sin(Real(0.5) * angle);
  return {std::cos(Real(0.5) * angle), s * axis.x, s * axis.y, s * axis.z};
}
// The shortest rotation taking unit `from` to unit `to`.
SIM_HD Quat quat_from_to(Vec3 from, Vec3 to) {
  const Real c = dot(from, to);
  if (c < -1.0 + 1e-12) {  // opposite: half a turn about any axis perpendicular to `from`
    const Vec3 axis =
        normalized_or(cross(from, std::fabs(from.x) < 0.9 ? Vec3{1.0, 0.0, 0.0} : Vec3{0.0, 1.0, 0.0}),
                      Vec3{0.0, 0.0, 1.0});
    return {0.0, axis.x, axis.y, axis.z};
  }
  const Vec3 u = cross(from, to);
  return normalized(Quat{Real(1) + c, u.x, u.y, u.z});
}

// q turned by the small rotation vector φ [rad] (world frame): q + ½ [φ, 0] q, normalised (Müller et al.
// 2020, Eqs. 8-9).
SIM_HD Quat rotated_by(Quat q, Vec3 phi) {
  const Quat dq = Quat{0.0, phi.x, phi.y, phi.z} * q;
  const Real half = 0.5;
  return normalized(Quat{q.w + half * dq.w, q.x + half * dq.x, q.y + half * dq.y, q.z + half * dq.z});
}
// The rotation by the rotation vector φ [rad] (the exponential map): angle |φ| about φ/|φ|.
SIM_HD Quat quat_exp(Vec3 phi) {
  const Real angle = length(phi);
  return angle > 0 ? quat_axis_angle((1 / angle) * phi, angle) : quat_identity();
}
// q turned exactly by the rotation vector φ [rad] (world frame): exp(φ) q, normalised.
SIM_HD Quat turned(Quat q, Vec3 phi) { return normalized(quat_exp(phi) * q); }

// The rotation vector θ u [rad] of the rotation r (the shorter way round): r = (cos θ/2, u sin θ/2).
SIM_HD Vec3 rotation_vector(Quat r) {
  const Real s = length(imag(r));
  if (s == 0.0) return {0.0, 0.0, 0.0};
  const Real angle = 2.0 * std::atan2(s, std::fabs(r.w));
  return ((r.w < 0.0 ? -angle : angle) / s) * imag(r);
}
// The angle of the rotation r [rad], in [0, π].
SIM_HD Real rotation_angle(Quat r) { return 2.0 * std::atan2(length(imag(r)), std::fabs(r.w)); }

// The rotation vector [rad] that turns q_from into q: that of q q_from⁻¹.
SIM_HD Vec3 rotation_between(Quat q, Quat q_from) { return rotation_vector(q * conjugate(q_from)); }

}  // namespace SIM_PRECISION
}  // namespace sim
