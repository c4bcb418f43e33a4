// The rigid family's metrics: the bodies' energies (into the common sums), angular momentum about the origin
// and fitness to continue; the joints' largest anchor separation and angular error, their elastic energy
// from λ; each contact kind's own (families/rigid/contact_kinds.h), reduced with them; the host body
// stepper's work; the tracked body's height, sinking and drift.
#pragma once

#include <climits>
#include <cmath>
#include <vector>

#include "families/rigid/contact_kinds.h"
#include "families/rigid/rigid_data.h"
#include "metrics/common_metrics.h"
#include "metrics/metric_column.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

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
  RigidContactKinds::Sums contacts;  // each contact kind's
  // Filled on the host after the reduction (zero in it): the tracked body's centre and the diverged body's
  // [m].
  Vec3 tracked_body_x{0.0, 0.0, 0.0};
  Vec3 bad_x{0.0, 0.0, 0.0};
  // the host body stepper's work over the frame (families/rigid/steppers/), filled on the host
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
    s.contacts = RigidContactKinds::Sums::combine(a.contacts, b.contacts);
    s.tracked_body_x = a.tracked_body_x + b.tracked_body_x;
    s.bad_x = a.bad_x + b.bad_x;
    s.solver_iterations = a.solver_iterations + b.solver_iterations;
    s.lcp_pivots = a.lcp_pivots + b.lcp_pivots;
    s.lcp_fallbacks = a.lcp_fallbacks + b.lcp_fallbacks;
    s.lcp_fallback_reason =
        a.lcp_fallback_reason > b.lcp_fallback_reason ? a.lcp_fallback_reason : b.lcp_fallback_reason;
    return s;
  }
};

// Index i < bodies: body i; then joint i − bodies; then the contact kinds' pairs (Contacts: their terms
// chained, RigidContactKinds::measure_terms).
template <class Contacts>
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
  Contacts contacts;
  MetricFrame frame;
  int bodies;
  int joints;
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
    if (i >= bodies + joints) {
      contacts(i - bodies - joints, s, own.contacts);
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
                   double(joint_angular_error(kind[j], frame_world(a, frame_a[j]), frame_world(b, frame_b[j]))));
    const double h2 = frame.h * frame.h;
    if (h2 > 0.0) {
      const double f = length(lambda[j].force) / h2, tau = length(lambda[j].torque) / h2;
      s.elastic += 0.5 * (compliance[j] * f * f + angular_compliance[j] * tau * tau);
      // the positional block's Eq. 2 residual: its separation less what its compliance grants the force
      add_residual_energy(s, std::fabs(separation - compliance[j] * f), length(lambda[j].force), frame.h);
    }
    own.joints += 1;
    s.count += 1;
  }
};

struct RigidMetrics : RigidContactKinds::MetricParts {
  // The joints' largest anchor separation |p_a − p_b| and angular error (hinge axes apart, a fixed joint's
  // relative turn), and the bodies' angular momentum about the origin
  double joint_separation_max = 0.0;  // [m]
  double joint_separation_sum = 0.0;  // Σ over joints, the total positional error Σ|C| [m]
  double joint_error_sum = 0.0;  // Σ‖C‖₁, the paper's Σ_i ‖φ_i‖₁ over the joints' positions [m]
  double body_kinetic = 0.0;     // the bodies' kinetic energy [J]
  double joint_angle_max = 0.0;          // [rad]
  Vec3 angular_momentum{0.0, 0.0, 0.0};  // [kg·m²/s]
  // The host body stepper's frame (rigid_solver pgs or direct): PGS sweeps run (the real and the split
  // bias passes, a direct solve's friction passes and fallbacks), pivoting steps, and the islands the direct
  // solver left to PGS, with the last one's FallbackReason
  long long rigid_solver_iterations = 0;
  long long lcp_pivots = 0;
  int lcp_fallbacks = 0;
  int lcp_fallback_reason = 0;
  // The tracked body (a stack's top): its height, how far it sank and how far it moved sideways from where
  // the scene put it
  double tracked_body_height = 0.0;  // [m]
  double tracked_body_drop = 0.0;    // [m]
  double tracked_body_drift = 0.0;   // [m]
  Vec3 tracked_body_x{0.0, 0.0, 0.0};  // where it is (the viewer keeps it in view) [m]
};

template <class ModelT>
void finish_rigid(RigidMetrics& m, const RigidSums& s, const ModelT& model, Real h) {
  RigidContactKinds::finish(m, s.contacts, model, h);
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
  const TrackedBody& tracked = model.tracked_body;
  if (tracked.body >= 0) {
    const Vec3 d = s.tracked_body_x - tracked.start;
    m.tracked_body_x = s.tracked_body_x;
    m.tracked_body_height = s.tracked_body_x.y;
    m.tracked_body_drop = -d.y;
    m.tracked_body_drift = std::sqrt(d.x * d.x + d.z * d.z);
  }
}

inline std::vector<MetricColumn<RigidMetrics>> rigid_columns() {
  using M = RigidMetrics;
  std::vector<MetricColumn<M>> out = {
      {"joint_separation_max_m", [](const M& m) { return m.joint_separation_max; }},
      {"joint_separation_sum_m", [](const M& m) { return m.joint_separation_sum; }},
      {"joint_error_sum_m", [](const M& m) { return m.joint_error_sum; }},
      {"joint_angle_max_rad", [](const M& m) { return m.joint_angle_max; }},
      {"body_kinetic_J", [](const M& m) { return m.body_kinetic; }},
      {"angular_momentum_kgm2s", [](const M& m) { return double(length(m.angular_momentum)); }}};
  RigidContactKinds::add_columns(out);
  out.insert(out.end(),
             {{"rigid_solver_iterations", [](const M& m) { return double(m.rigid_solver_iterations); }, true},
              {"lcp_pivots", [](const M& m) { return double(m.lcp_pivots); }, true},
              {"lcp_fallbacks", [](const M& m) { return double(m.lcp_fallbacks); }, true},
              {"tracked_body_height_m", [](const M& m) { return m.tracked_body_height; }},
              {"tracked_body_drop_m", [](const M& m) { return m.tracked_body_drop; }},
              {"tracked_body_drift_m", [](const M& m) { return m.tracked_body_drift; }}});
  return out;
}

}  // namespace SIM_PRECISION
}  // namespace sim
