// The rigid family's metrics: the bodies' energies (into the common sums), angular momentum about the origin
// and fitness to continue; the joints' largest anchor separation and angular error, their elastic energy
// from λ; the contacts' points, those that pushed in the last substep, their normal force over it
// (contact_normal_force, constraints/body_contact.h) and the deepest overlap, for the bodies' own pairs and
// the particles' pairs with bodies apart; the tracked body's height, sinking and drift.
#pragma once

#include <climits>
#include <cmath>
#include <vector>

#include "families/rigid/rigid_data.h"
#include "metrics/common_metrics.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"

namespace sim {

// One kind of contact pairs' sums.
struct ContactSums {
  int points = 0;
  int touching = 0;
  double force = 0.0;      // [N]
  double depth_max = 0.0;  // [m]
  SIM_HD static ContactSums combine(const ContactSums& a, const ContactSums& b) {
    return {a.points + b.points, a.touching + b.touching, a.force + b.force,
            max_number(a.depth_max, b.depth_max)};
  }
};

struct RigidSums {
  Vec3 angular_momentum{0.0, 0.0, 0.0};  // Σ x × m v + Iω [kg·m²/s]
  int bodies = 0;
  int body_bad = INT_MAX;  // lowest index of a body with a DivergenceReason, INT_MAX for none
  int body_bad_reason = kFinite;
  double joint_separation_max = 0.0;  // [m]
  double joint_separation_sum = 0.0;  // Σ |p_a − p_b| [m]
  double joint_error_sum = 0.0;       // Σ ‖p_a − p_b‖₁ [m]
  double joint_angle_max = 0.0;       // [rad]
  double body_kinetic = 0.0;          // Σ ½ m|v|² + ½ ωᵀIω of the bodies [J]
  int joints = 0;
  ContactSums contacts;           // the bodies' own pairs
  ContactSums particle_contacts;  // the particles' pairs with bodies
  // Filled on the host after the reduction (zero in it): the tracked body's centre and the diverged body's
  // [m], and the pairs the last detection left out (FamilyHooks::add_frame_stats).
  Vec3 tracked_body_x{0.0, 0.0, 0.0};
  Vec3 bad_x{0.0, 0.0, 0.0};
  int contacts_dropped = 0;
  // the velocity-level solvers' work over the frame (families/rigid/steppers/), filled on the host
  long long solver_iterations = 0;
  long long lcp_pivots = 0;
  int lcp_fallbacks = 0;
  int lcp_fallback_reason = 0;  // FallbackReason of the last

  SIM_HD static RigidSums combine(const RigidSums& a, const RigidSums& b) {
    RigidSums s;
    s.angular_momentum = a.angular_momentum + b.angular_momentum;
    s.bodies = a.bodies + b.bodies;
    s.body_bad = a.body_bad;
    s.body_bad_reason = a.body_bad_reason;
    first_divergence(s.body_bad, s.body_bad_reason, b.body_bad, b.body_bad_reason);
    s.joint_separation_max = max_number(a.joint_separation_max, b.joint_separation_max);
    s.joint_separation_sum = a.joint_separation_sum + b.joint_separation_sum;
    s.joint_error_sum = a.joint_error_sum + b.joint_error_sum;
    s.body_kinetic = a.body_kinetic + b.body_kinetic;
    s.joint_angle_max = max_number(a.joint_angle_max, b.joint_angle_max);
    s.joints = a.joints + b.joints;
    s.contacts = ContactSums::combine(a.contacts, b.contacts);
    s.particle_contacts = ContactSums::combine(a.particle_contacts, b.particle_contacts);
    s.tracked_body_x = a.tracked_body_x + b.tracked_body_x;
    s.bad_x = a.bad_x + b.bad_x;
    s.contacts_dropped = a.contacts_dropped + b.contacts_dropped;
    s.solver_iterations = a.solver_iterations + b.solver_iterations;
    s.lcp_pivots = a.lcp_pivots + b.lcp_pivots;
    s.lcp_fallbacks = a.lcp_fallbacks + b.lcp_fallbacks;
    s.lcp_fallback_reason = a.lcp_fallback_reason > b.lcp_fallback_reason ? a.lcp_fallback_reason : b.lcp_fallback_reason;
    return s;
  }
};

// Index i < bodies: body i; then joint i − bodies; then the bodies' contact pairs; then the particles'
// pairs with bodies.
struct MeasureRigid {
  EndPoses pose;
  const Vec3* body_v;
  const Vec3* body_omega;
  const Int2* ends;
  const JointKind* kind;
  const Vec3 *anchor_a, *anchor_b;
  const Quat *frame_a, *frame_b;
  const Real *compliance, *angular_compliance;
  const JointLambda* lambda;
  const ContactPair* pairs;
  const ContactPair* particle_pairs;
  MetricFrame frame;
  int bodies;
  int joints;
  int body_pairs;
  int count;
  // Adds element i's share (exec/reduce_element.h).
  SIM_HD void operator()(int i, ConstraintSums& s, RigidSums& own) const {
    if (i < bodies) {
      const BodyPose b = pose(i);
      const Vec3 v = body_v[i], omega = body_omega[i];
      const int reason = !is_finite(b.x) || !std::isfinite(b.q.w) || !is_finite(imag(b.q))
                             ? kNonFinitePosition
                         : !is_finite(v) || !is_finite(omega) ? kNonFiniteVelocity
                         : !frame.bounds.contains(b.x)        ? kOutOfBounds
                                                              : kFinite;
      if (reason != kFinite) {
        first_divergence(own.body_bad, own.body_bad_reason, i, reason);
        return;
      }
      const double kinetic = body_kinetic(b.w, b.inv_inertia, b.q, v, omega);
      s.kinetic += kinetic;
      own.body_kinetic += kinetic;
      if (b.w > 0.0) s.gravitational += -double(dot(frame.gravity, b.x)) / b.w;
      own.angular_momentum =
          own.angular_momentum + body_angular_momentum(b.w, b.inv_inertia, b.q, b.x, v, omega);
      own.bodies += 1;
      return;
    }
    if (i >= bodies + joints + body_pairs) {
      add_contact(particle_pairs[i - bodies - joints - body_pairs], own.particle_contacts, s);
      return;
    }
    if (i >= bodies + joints) {
      add_contact(pairs[i - bodies - joints], own.contacts, s);
      return;
    }
    const int j = i - bodies;
    const BodyPose a = pose(ends[j].a), b = pose(ends[j].b);
    const Vec3 gap = anchor_world(a, anchor_a[j]) - anchor_world(b, anchor_b[j]);
    const double separation = length(gap);
    own.joint_error_sum += std::fabs(gap.x) + std::fabs(gap.y) + std::fabs(gap.z);
    own.joint_separation_max = max_number(own.joint_separation_max, separation);
    own.joint_separation_sum += separation;
    own.joint_angle_max =
        max_number(own.joint_angle_max,
                   joint_angular_error(kind[j], frame_world(a, frame_a[j]), frame_world(b, frame_b[j])));
    const double h2 = frame.h * frame.h;
    if (h2 > 0.0) {
      const double f = length(lambda[j].force) / h2, tau = length(lambda[j].torque) / h2;
      s.elastic += 0.5 * (compliance[j] * f * f + angular_compliance[j] * tau * tau);
    }
    own.joints += 1;
    s.count += 1;
  }
  // A pair's points, whether it touches, its normal force [N] and its deepest overlap [m], added; each point
  // is a constraint the frame projects n·k times.
  SIM_HD void add_contact(const ContactPair& c, ContactSums& sums, ConstraintSums& s) const {
    s.count += c.count;
    const BodyPose a = pose(c.ends.a), b = pose(c.ends.b);
    double deepest = 0.0, normal_force = 0.0;
    for (int k = 0; k < c.count; ++k) {
      deepest = max_number(deepest, -contact_separation(c, c.point[k], a, b));
      normal_force += contact_normal_force(c.point[k], frame.h);
    }
    sums.points += c.count;
    sums.touching += c.touching;
    sums.force += normal_force;
    sums.depth_max = max_number(sums.depth_max, deepest);
  }
};

struct RigidMetrics {
  // The joints' largest anchor separation |p_a − p_b| and angular error (hinge axes apart, a fixed joint's
  // relative turn), and the bodies' angular momentum about the origin
  double joint_separation_max = 0.0;     // [m]
  double joint_separation_sum = 0.0;     // Σ over joints, the total positional error Σ|C| [m]
  double joint_error_sum = 0.0;          // Σ‖C‖₁, the paper's Σ_i ‖φ_i‖₁ over the joints' positions [m]
  double body_kinetic = 0.0;             // the bodies' kinetic energy [J]
  double joint_angle_max = 0.0;          // [rad]
  Vec3 angular_momentum{0.0, 0.0, 0.0};  // [kg·m²/s]
  // Their contacts: manifold points found, those that pushed in the last substep, their normal force over
  // it, and the deepest overlap of a contact point at the end of the frame
  int contact_points = 0;
  int contacts_touching = 0;
  double contact_force = 0.0;      // [N]
  double contact_depth_max = 0.0;  // [m]
  int contacts_dropped = 0;        // pairs found beyond a body's slots at the last detection
  // The velocity-level solvers' frame (rigid_solver pgs or direct): PGS sweeps run (the real and the split
  // bias passes, a direct solve's friction passes and fallbacks), pivoting steps, and the islands the direct
  // solver left to PGS, with the last one's FallbackReason
  long long rigid_solver_iterations = 0;
  long long lcp_pivots = 0;
  int lcp_fallbacks = 0;
  int lcp_fallback_reason = 0;
  // The same of the particles' contacts with bodies (cloth under a box, fluid around a ball)
  int particle_contact_points = 0;
  int particle_contacts_touching = 0;
  double particle_contact_force = 0.0;      // [N]
  double particle_contact_depth_max = 0.0;  // [m]
  // The tracked body (a stack's top): its height, how far it sank and how far it moved sideways from where
  // the scene put it
  double tracked_body_height = 0.0;  // [m]
  double tracked_body_drop = 0.0;    // [m]
  double tracked_body_drift = 0.0;   // [m]
};

inline void finish_rigid(RigidMetrics& m, const RigidSums& s, const TrackedBody& tracked) {
  m.joint_separation_max = s.joint_separation_max;
  m.joint_separation_sum = s.joint_separation_sum;
  m.joint_error_sum = s.joint_error_sum;
  m.body_kinetic = s.body_kinetic;
  m.rigid_solver_iterations = s.solver_iterations;
  m.lcp_pivots = s.lcp_pivots;
  m.lcp_fallbacks = s.lcp_fallbacks;
  m.lcp_fallback_reason = s.lcp_fallback_reason;
  m.joint_angle_max = s.joint_angle_max;
  m.angular_momentum = s.angular_momentum;
  m.contact_points = s.contacts.points;
  m.contacts_touching = s.contacts.touching;
  m.contact_force = s.contacts.force;
  m.contact_depth_max = s.contacts.depth_max;
  m.contacts_dropped = s.contacts_dropped;
  m.particle_contact_points = s.particle_contacts.points;
  m.particle_contacts_touching = s.particle_contacts.touching;
  m.particle_contact_force = s.particle_contacts.force;
  m.particle_contact_depth_max = s.particle_contacts.depth_max;
  if (tracked.body >= 0) {
    const Vec3 d = s.tracked_body_x - tracked.start;
    m.tracked_body_height = s.tracked_body_x.y;
    m.tracked_body_drop = -d.y;
    m.tracked_body_drift = std::sqrt(d.x * d.x + d.z * d.z);
  }
}

inline std::vector<MetricColumn<RigidMetrics>> rigid_columns() {
  using M = RigidMetrics;
  return {
      {"joint_separation_max_m", [](const M& m) { return m.joint_separation_max; }},
      {"joint_separation_sum_m", [](const M& m) { return m.joint_separation_sum; }},
      {"joint_error_sum_m", [](const M& m) { return m.joint_error_sum; }},
      {"joint_angle_max_rad", [](const M& m) { return m.joint_angle_max; }},
      {"body_kinetic_J", [](const M& m) { return m.body_kinetic; }},
      {"angular_momentum_kgm2s", [](const M& m) { return double(length(m.angular_momentum)); }},
      {"contact_points", [](const M& m) { return double(m.contact_points); }, true},
      {"contacts_touching", [](const M& m) { return double(m.contacts_touching); }, true},
      {"contact_force_N", [](const M& m) { return m.contact_force; }},
      {"contact_depth_max_m", [](const M& m) { return m.contact_depth_max; }},
      {"contacts_dropped", [](const M& m) { return double(m.contacts_dropped); }, true},
      {"rigid_solver_iterations", [](const M& m) { return double(m.rigid_solver_iterations); }, true},
      {"lcp_pivots", [](const M& m) { return double(m.lcp_pivots); }, true},
      {"lcp_fallbacks", [](const M& m) { return double(m.lcp_fallbacks); }, true},
      {"particle_contact_points", [](const M& m) { return double(m.particle_contact_points); }, true},
      {"particle_contacts_touching", [](const M& m) { return double(m.particle_contacts_touching); }, true},
      {"particle_contact_force_N", [](const M& m) { return m.particle_contact_force; }},
      {"particle_contact_depth_max_m", [](const M& m) { return m.particle_contact_depth_max; }},
      {"tracked_body_height_m", [](const M& m) { return m.tracked_body_height; }},
      {"tracked_body_drop_m", [](const M& m) { return m.tracked_body_drop; }},
      {"tracked_body_drift_m", [](const M& m) { return m.tracked_body_drift; }}};
}

}  // namespace sim
