// Joints between two ends — rigid bodies, particles or the world — as XPBD constraints on their poses
// (Müller et al. 2020, "Müller 2020", §3.3-3.4): a positional block that brings the two anchor points
// together (ball, hinge and fixed joints, the body-to-world attachment, the mouse grab of a body), an
// angular block that aligns the hinge axes (§3.4.2's a₁ × a₂) or the whole frames (fixed), and a row
// that keeps the hinge angle within its limits (§3.4.3). Müller 2020 projects each of these as one
// scalar row along the current error; here the positional and angular constraints are vectors solved as
// blocks, Δλ = −(K + α̃ I)⁻¹ (C + α̃ λ) (Small Steps Eq. 5 for a vector C), with K the ends' generalised
// inverse mass matrices (rigid_body.h): a scalar row along the error leaves error across it wherever K is
// anisotropic (a body's offset anchor, a thin link's inertia) and, with one iteration a substep, that
// error grew substep by substep on the hinge chain (out-of-plane spin of 200 rad/s on the planar swing).
// Each end's inverse masses may be split n_i/ω ways (Jacobi).
#pragma once

#include "constraints/rigid_body.h"
#include "constraints/xpbd.h"
#include "core/mat3.h"

namespace sim {
inline namespace SIM_PRECISION {

enum class JointKind : int {
  Ball = 0,   // anchors coincide; free rotation
  Hinge = 1,  // anchors coincide; the frames' x axes stay aligned, the angle about them optionally limited
  Fixed = 2,  // anchors coincide; the frames stay aligned
};

// A joint end: body b ≥ 0, the world (−1) or particle p (−2 − p).
inline constexpr int kWorldEnd = -1;
SIM_HD int particle_end(int p) { return -2 - p; }
SIM_HD bool is_body_end(int e) { return e >= 0; }
SIM_HD bool is_particle_end(int e) { return e <= -2; }
SIM_HD int end_particle(int e) { return -2 - e; }
// The node of an end in the joints' colouring and gather lists: body b, or bodies + p for particle p; −1 for
// the world.
SIM_HD int end_node(int e, int bodies) {
  return is_body_end(e) ? e : is_particle_end(e) ? bodies + end_particle(e) : -1;
}

// A joint's constants as one projection reads them.
struct JointSpec {
  JointKind kind;
  Vec3 anchor_a,
      anchor_b;  // each end's anchor in its coordinates (body frame; world; offset from a particle) [m]
  Quat frame_a, frame_b;    // each end's joint frame in its coordinates: x the hinge axis, y its angle's zero
  Real compliance;          // α of the positional block [m/N]
  Real angular_compliance;  // α of the angular block and the limit [rad/(N·m)]
  Real limit_lo, limit_hi;  // hinge angle limits [rad]; lo > hi: none
};

// The multipliers of one joint this substep: the impulses it applied to end a (−: to end b), so that
// force / Δt_s² and torque / Δt_s² are its force and torque estimates.
struct JointLambda {
  Vec3 force;   // λ of the positional block [N·s²]
  Vec3 torque;  // λ of the angular block and the limit row [N·m·s²]
  Real limit;   // λ of the limit row alone [N·m·s²]
};

SIM_HD JointLambda operator+(const JointLambda& a, const JointLambda& b) {
  return {a.force + b.force, a.torque + b.torque, a.limit + b.limit};
}

// Where an anchor and a frame are in the world.
SIM_HD Position anchor_world(const BodyPose& b, Vec3 anchor) { return b.x + rotate(b.q, anchor); }
SIM_HD Quat frame_world(const BodyPose& b, Quat frame) { return b.q * frame; }

// The hinge angle of b's reference axis from a's, about a's axis [rad], in (−π, π].
SIM_HD Real hinge_angle(Quat fa, Quat fb) {
  const Vec3 axis = rotate(fa, {1.0, 0.0, 0.0});
  const Vec3 ra = rotate(fa, {0.0, 1.0, 0.0}), rb = rotate(fb, {0.0, 1.0, 0.0});
  return std::atan2(dot(cross(ra, rb), axis), dot(ra, rb));
}

// How far the joint's frames are from what the joint allows [rad]: the angle between the hinge axes, the
// whole relative rotation of a fixed joint, 0 for a ball.
SIM_HD Real joint_angular_error(JointKind kind, Quat fa, Quat fb) {
  if (kind == JointKind::Hinge) {
    const Vec3 aa = rotate(fa, {1.0, 0.0, 0.0}), ab = rotate(fb, {1.0, 0.0, 0.0});
    return std::atan2(length(cross(aa, ab)), dot(aa, ab));
  }
  if (kind == JointKind::Fixed) return rotation_angle(fb * conjugate(fa));
  return 0.0;
}

// A hinge's angular error: the rotation vector that turns b's axis onto a's (a turned by −C would match),
// u = a_b × a_a scaled to the angle between them (§3.4.2).
SIM_HD Vec3 hinge_axis_error(Quat fa, Quat fb) {
  const Vec3 axis_a = rotate(fa, {1.0, 0.0, 0.0}), axis_b = rotate(fb, {1.0, 0.0, 0.0});
  const Vec3 u = cross(axis_b, axis_a);
  const Real s = length(u);
  return s > 0.0 ? (std::atan2(s, dot(axis_a, axis_b)) / s) * u : Vec3{0.0, 0.0, 0.0};
}

// A fixed joint's angular error: the rotation vector that turns b's frame onto a's.
SIM_HD Vec3 fixed_frame_error(Quat fa, Quat fb) { return rotation_vector(fa * conjugate(fb)); }

// The XPBD update of a vector constraint C with inverse mass matrix K (Small Steps Eq. 5):
// Δλ = −(K + α̃ I)⁻¹ (C + α̃ λ), α̃ = α/h²; zero when K + α̃ I is singular (both ends immovable).
SIM_HD Vec3 block_delta_lambda(const Mat3& K, Vec3 C, Real alpha, Vec3 lambda, Real h) {
  const Real alpha_tilde = alpha / (h * h);
  const Mat3 A = K + alpha_tilde * mat3_identity();
  const Real det = determinant(A);
  if (!(det > kTiny)) return {0.0, 0.0, 0.0};
  return -1.0 * (inverse(A) * (C + alpha_tilde * lambda));
}

// The positional block that brings a's point at offset ra to b's at rb (Müller 2020 §3.3.1 as a block):
// C = p_a − p_b, K = K_a(ra) + K_b(rb); the impulse Δλ goes to a at ra, −Δλ to b at rb.
SIM_HD void positional_block(BodyPose& a, BodyPose& b, Real split_a, Real split_b, Vec3 ra, Vec3 rb,
                             Real alpha, Vec3& lambda, Real h) {
  const Vec3 C = point_gap(b, rb, a, ra);
  if (C.x == 0.0 && C.y == 0.0 && C.z == 0.0 && alpha == 0.0) return;
  const Mat3 K = split_a * positional_inv_mass_matrix(a, ra) + split_b * positional_inv_mass_matrix(b, rb);
  const Vec3 dl = block_delta_lambda(K, C, alpha, lambda, h);
  apply_positional(a, dl, ra);
  apply_positional(b, -dl, rb);
  lambda += dl;
}

// The angular block: C the rotation vector that turns b's frame onto a's (a turned by −C would match), in
// the directions the joint constrains: all three (fixed), or the two across the hinge axis, where the block
// is solved in the plane of e₁, e₂ ⊥ a's axis. K = I_a⁻¹ + I_b⁻¹ there.
SIM_HD void angular_block(BodyPose& a, BodyPose& b, Real split_a, Real split_b, Vec3 C, const Vec3* plane,
                          Real alpha, Vec3& lambda, Real h) {
  const Mat3 K = split_a * inv_inertia_matrix(a) + split_b * inv_inertia_matrix(b);
  Vec3 dl;
  if (!plane) {
    dl = block_delta_lambda(K, C, alpha, lambda, h);
  } else {  // 2 × 2 in the basis e₁, e₂
    const Vec3 e1 = plane[0], e2 = plane[1];
    const Real alpha_tilde = alpha / (h * h);
    const Real k11 = dot(e1, K * e1) + alpha_tilde, k12 = dot(e1, K * e2),
               k22 = dot(e2, K * e2) + alpha_tilde;
    const Real det = k11 * k22 - k12 * k12;
    if (!(det > kTiny)) return;
    const Real r1 = -(dot(e1, C) + alpha_tilde * dot(e1, lambda)),
               r2 = -(dot(e2, C) + alpha_tilde * dot(e2, lambda));
    dl = ((k22 * r1 - k12 * r2) / det) * e1 + ((k11 * r2 - k12 * r1) / det) * e2;
  }
  apply_angular(a, dl);
  apply_angular(b, -dl);
  lambda += dl;
}

// The scalar row that turns a about n by −C (b the other way), C ≥ 0: the hinge limits.
SIM_HD void angular_row(BodyPose& a, BodyPose& b, Real split_a, Real split_b, Real C, Vec3 n, Real alpha,
                        Real& lambda, Vec3& torque, Real h) {
  if (C <= 0.0) return;
  const Real w = split_a * angular_inv_mass(a, n) + split_b * angular_inv_mass(b, n);
  const Real dl = xpbd_delta_lambda(XpbdTerms{C, w, 0.0}, alpha, 0.0, lambda, h);
  lambda += dl;
  apply_angular(a, dl * n);
  apply_angular(b, -dl * n);
  torque += dl * n;
}

// One projection of joint j on the poses of its ends: the angular block and the limits first, so that the
// anchors end the projection together (Müller 2020 §3.4).
SIM_HD void project_joint(const JointSpec& j, BodyPose& a, BodyPose& b, Real split_a, Real split_b,
                          JointLambda& lam, Real h) {
  if (j.kind == JointKind::Fixed) {
    const Vec3 C = fixed_frame_error(frame_world(a, j.frame_a), frame_world(b, j.frame_b));
    angular_block(a, b, split_a, split_b, C, nullptr, j.angular_compliance, lam.torque, h);
  } else if (j.kind == JointKind::Hinge) {
    const Quat fa = frame_world(a, j.frame_a);
    const Vec3 C = hinge_axis_error(fa, frame_world(b, j.frame_b));
    const Vec3 plane[2] = {rotate(fa, {0.0, 1.0, 0.0}), rotate(fa, {0.0, 0.0, 1.0})};
    angular_block(a, b, split_a, split_b, C, plane, j.angular_compliance, lam.torque, h);
    if (j.limit_lo <= j.limit_hi) {
      const Quat fa_now = frame_world(a, j.frame_a);
      const Real angle = hinge_angle(fa_now, frame_world(b, j.frame_b));
      const Vec3 axis = rotate(fa_now, {1.0, 0.0, 0.0});  // the angle grows as a turns about −axis
      if (angle > j.limit_hi)
        angular_row(a, b, split_a, split_b, angle - j.limit_hi, -1.0 * axis, j.angular_compliance, lam.limit,
                    lam.torque, h);
      else if (angle < j.limit_lo)
        angular_row(a, b, split_a, split_b, j.limit_lo - angle, axis, j.angular_compliance, lam.limit,
                    lam.torque, h);
    }
  }
  positional_block(a, b, split_a, split_b, rotate(a.q, j.anchor_a), rotate(b.q, j.anchor_b), j.compliance,
                   lam.force, h);
}

}  // namespace SIM_PRECISION
}  // namespace sim
