// Joints between two ends — rigid bodies, particles or the world — as XPBD constraints on their poses
// (Müller et al. 2020, "Müller 2020", §3.3-3.4): a positional row that brings the two anchor points
// together (ball, hinge and fixed joints, the body-to-world attachment, the mouse grab of a body), and
// angular rows that align the hinge axes (Eq. 24's Δq_hinge = a₁ × a₂), the whole frames (fixed:
// Δq = 2 Im(q₁ q₂⁻¹)) or keep the hinge angle within its limits (§3.4.3). Each row is one scalar
// constraint C ≥ 0 with direction n, updated by Small Steps Eq. 5 (xpbd_delta_lambda) with the
// generalised inverse masses of rigid_body.h; each end's inverse masses may be split n_i/ω ways (Jacobi).
#pragma once

#include "constraints/rigid_body.h"
#include "constraints/xpbd.h"

namespace sim {

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
  Real compliance;          // α of the positional row [m/N]
  Real angular_compliance;  // α of the angular rows [rad/(N·m)]
  Real limit_lo, limit_hi;  // hinge angle limits [rad]; lo > hi: none
};

// The multipliers of one joint this substep, and the impulses they applied to end a (−: to end b).
struct JointLambda {
  Real positional;  // λ [N·s²]
  Real angular;     // [N·m·s²]
  Real limit;       // [N·m·s²]
  Vec3 force;       // Σ Δλ n of the positional row [N·s²]; force estimate force / h² [N]
  Vec3 torque;      // Σ Δλ n of the angular rows [N·m·s²]
};

// Where an anchor and a frame are in the world.
SIM_HD Vec3 anchor_world(const BodyPose& b, Vec3 anchor) { return b.x + rotate(b.q, anchor); }
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

// One scalar row: C ≥ 0 decreases along −n as end a moves (rotates) along n; Δλ by Small Steps Eq. 5 from the
// ends' inverse masses w_a, w_b (split by split_a, split_b); returns the correction Δλ n [kg·m or kg·m²].
SIM_HD Vec3 solve_row(Real C, Vec3 n, Real w_a, Real w_b, Real alpha, Real& lambda, Real h) {
  const Real dl = xpbd_delta_lambda(XpbdTerms{C, w_a + w_b, 0.0}, alpha, 0.0, lambda, h);
  lambda += dl;
  return dl * n;
}

// The angular row that turns a about n by −C (b the other way).
SIM_HD void angular_row(BodyPose& a, BodyPose& b, Real split_a, Real split_b, Real C, Vec3 n, Real alpha,
                        Real& lambda, Vec3& torque, Real h) {
  if (C <= 0.0) return;
  const Vec3 p =
      solve_row(C, n, split_a * angular_inv_mass(a, n), split_b * angular_inv_mass(b, n), alpha, lambda, h);
  apply_angular(a, p);
  apply_angular(b, -p);
  torque += p;
}

// The positional row that brings a's point at offset ra to b's at rb (Müller 2020 §3.3.1): C = |p_a − p_b|
// along n = (p_a − p_b)/C; force accumulates Δλ n.
SIM_HD void positional_row(BodyPose& a, BodyPose& b, Real split_a, Real split_b, Vec3 ra, Vec3 rb, Real alpha,
                           Real& lambda, Vec3& force, Real h) {
  const Vec3 d = (a.x + ra) - (b.x + rb);
  const Real C = length(d);
  if (C <= 0.0) return;
  const Vec3 n = (1.0 / C) * d;
  const Vec3 p = solve_row(C, n, split_a * positional_inv_mass(a, ra, n),
                           split_b * positional_inv_mass(b, rb, n), alpha, lambda, h);
  apply_positional(a, p, ra);
  apply_positional(b, -p, rb);
  force += p;
}

// One projection of joint j's rows on the poses of its ends, angular rows first so that the anchors end
// the projection together (Müller 2020 §3.4).
SIM_HD void project_joint(const JointSpec& j, BodyPose& a, BodyPose& b, Real split_a, Real split_b,
                          JointLambda& lam, Real h) {
  if (j.kind == JointKind::Fixed) {
    const Vec3 phi = rotation_vector(frame_world(b, j.frame_b) * conjugate(frame_world(a, j.frame_a)));
    const Real C = length(phi);  // a turned by φ would match b's frame
    if (C > 0.0)
      angular_row(a, b, split_a, split_b, C, (-1.0 / C) * phi, j.angular_compliance, lam.angular, lam.torque,
                  h);
  } else if (j.kind == JointKind::Hinge) {
    const Vec3 axis_a = rotate(frame_world(a, j.frame_a), {1.0, 0.0, 0.0});
    const Vec3 axis_b = rotate(frame_world(b, j.frame_b), {1.0, 0.0, 0.0});
    const Vec3 u = cross(axis_b, axis_a);  // turning a about −u aligns its axis with b's
    const Real s = length(u);
    if (s > 0.0)
      angular_row(a, b, split_a, split_b, std::atan2(s, dot(axis_a, axis_b)), (1.0 / s) * u,
                  j.angular_compliance, lam.angular, lam.torque, h);
    if (j.limit_lo <= j.limit_hi) {
      const Quat fa = frame_world(a, j.frame_a);
      const Real angle = hinge_angle(fa, frame_world(b, j.frame_b));
      const Vec3 axis = rotate(fa, {1.0, 0.0, 0.0});  // the angle grows as a turns about −axis
      if (angle > j.limit_hi)
        angular_row(a, b, split_a, split_b, angle - j.limit_hi, -1.0 * axis, j.angular_compliance, lam.limit,
                    lam.torque, h);
      else if (angle < j.limit_lo)
        angular_row(a, b, split_a, split_b, j.limit_lo - angle, axis, j.angular_compliance, lam.limit,
                    lam.torque, h);
    }
  }
  positional_row(a, b, split_a, split_b, rotate(a.q, j.anchor_a), rotate(b.q, j.anchor_b), j.compliance,
                 lam.positional, lam.force, h);
}

}  // namespace sim
