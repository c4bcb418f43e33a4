#include "families/rigid/steppers/velocity_stepper.h"

#include <algorithm>
#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr Real kPointMatch = 0.01;  // how near a contact point must be to last substep's to inherit it [m]

// An end's pose and its index in the rows (−1 for what the solve does not move).
struct RowEnd {
  BodyPose pose;
  int index;
};

RowEnd row_end(const RigidHostView& view, int e) {
  const Vec3 zero{0.0, 0.0, 0.0};
  if (!is_body_end(e)) return {{zero, quat_identity(), 0.0, zero}, -1};
  const BodyPose p{view.x[e], view.q[e], view.w[e], view.inv_inertia[e]};
  const bool moves = p.w > 0.0 || p.inv_inertia.x > 0.0 || p.inv_inertia.y > 0.0 || p.inv_inertia.z > 0.0;
  return {p, moves ? e : -1};
}

}  // namespace

void VelocityStepper::reset() {
  joint_impulse_.clear();
  points_.clear();
  h_prev_ = 0.0;
}

void VelocityStepper::substep(const RigidHostView& view, const BodyStepSettings& s) {
  const Real h = view.h;
  // u* = u + h M⁻¹ f: gravity and the gyroscopic torque (ω already carries Eq. 6's damping, the damp hook)
  bodies_.resize(size_t(view.bodies));
  for (int i = 0; i < view.bodies; ++i) {
    const BodyPose p{view.x[i], view.q[i], view.w[i], view.inv_inertia[i]};
    RowBody& b = bodies_[size_t(i)];
    b.w = p.w;
    b.inv_inertia = inv_inertia_matrix(p);
    if (p.w > 0.0) view.v[i] += h * view.gravity;
    const Vec3 wb = rotate_inverse(p.q, view.omega[i]);
    const Vec3 torque = rotate(p.q, -1.0 * cross(wb, apply_inertia(p.inv_inertia, wb)));
    view.omega[i] += h * (b.inv_inertia * torque);
  }
  build(view, s);
  prepare_rows(set_.rows, bodies_);
  warm(view, s);
  bias_v_.assign(size_t(view.bodies), Vec3{0.0, 0.0, 0.0});
  bias_omega_.assign(size_t(view.bodies), Vec3{0.0, 0.0, 0.0});
  solve(set_.rows, view, s, bias_v_.data(), bias_omega_.data());
  write_back(view);
  remember(view);
  for (int i = 0; i < view.bodies; ++i) {  // q⁺ = exp(h ω⁺) q, x⁺ = x + h v⁺, with PGS's split impulses
    const size_t b = size_t(i);
    if (view.w[i] > 0.0) view.x[i] += h * (view.v[i] + bias_v_[b]);
    const Vec3 k = view.inv_inertia[i];
    if (k.x > 0.0 || k.y > 0.0 || k.z > 0.0)
      view.q[i] = turned(view.q[i], h * (view.omega[i] + bias_omega_[b]));
  }
  h_prev_ = h;
}

void VelocityStepper::build(const RigidHostView& view, const BodyStepSettings& s) {
  set_.clear();
  const RowTargets t{view.h, s.beta, view.v_max, length(view.gravity)};
  for (int j = 0; j < view.joints; ++j) {
    const Int2 e = view.joint.ends[j];
    if (is_particle_end(e.a) || is_particle_end(e.b)) continue;  // the particles' passes project it
    const RowEnd a = row_end(view, e.a), b = row_end(view, e.b);
    const JointSpec spec = view.joint.spec(j);
    add_joint_rows(set_, j, spec, a.pose, b.pose, a.index, b.index, t);
  }
  if (view.grab.body >= 0 && view.grab.body < view.bodies) {
    const RowEnd a = row_end(view, view.grab.body);
    add_grab_rows(set_, a.pose, a.index, rotate(a.pose.q, view.grab.local), view.grab_target,
                  view.grab.compliance, t);
  }
  for (int c = 0; c < view.pairs; ++c) {
    const ContactPair& pair = view.pair[c];
    const RowEnd a = row_end(view, pair.ends.a), b = row_end(view, pair.ends.b);
    add_contact_rows(set_, c, pair, a.pose, b.pose, a.index, b.index, t);
  }
}

void VelocityStepper::warm(const RigidHostView& view, const BodyStepSettings& s) {
  if (!s.warm_start || !(h_prev_ > 0.0) || joint_impulse_.size() != size_t(view.joints)) return;
  const Real scale = view.h / h_prev_;  // P = f h: the same forces over the new step
  for (size_t i = 0; i < set_.rows.size(); ++i) {
    const RowSource& src = set_.source[i];
    Real& P = set_.rows[i].impulse;
    if (src.kind == RowSource::Joint) {
      P = scale * joint_impulse_[size_t(src.index)][size_t(src.slot)];
    } else if (src.kind == RowSource::Grab) {
      P = scale * grab_impulse_[size_t(src.slot)];
    } else {
      const ContactPair& pair = view.pair[src.index];
      const Vec3 r_a = pair.point[src.slot / 3].r_a;
      Real nearest = kPointMatch;
      const auto same_pair = std::equal_range(points_.begin(), points_.end(), CachedPoint{pair.ends, {}, {}},
                                              CachedPoint::by_pair);
      for (auto c = same_pair.first; c != same_pair.second; ++c)
        if (length(c->r_a - r_a) < nearest) {
          nearest = length(c->r_a - r_a);
          P = scale * c->impulse[size_t(src.slot % 3)];
        }
    }
  }
}

void VelocityStepper::write_back(const RigidHostView& view) {
  const Real h = view.h;
  for (int j = 0; j < view.joints; ++j) view.lambda[j] = {};
  for (int c = 0; c < view.pairs; ++c) {
    ContactPair& pair = view.pair[c];
    pair.lambda_t = 0.0;
    pair.touching = 0;
    for (int k = 0; k < pair.count; ++k) pair.point[k].lambda_n = pair.point[k].impulse_n = 0.0;
  }
  if (view.grab_lambda) *view.grab_lambda = {0.0, 0.0, 0.0};
  friction_.assign(size_t(view.pairs), Vec3{0.0, 0.0, 0.0});
  for (size_t i = 0; i < set_.rows.size(); ++i) {
    const RigidRow& r = set_.rows[i];
    const RowSource& src = set_.source[i];
    const Real lambda = r.impulse * h;  // [N·s²] or [N·m·s²]: the impulse applied to end a, over h
    if (src.kind == RowSource::Joint) {
      JointLambda& l = view.lambda[src.index];
      if (src.slot < 3)
        l.force += lambda * r.lin_a;
      else
        l.torque += lambda * r.ang_a;
      if (src.slot == 6) l.limit += lambda;
    } else if (src.kind == RowSource::Grab) {
      if (view.grab_lambda) *view.grab_lambda += lambda * r.lin_a;
    } else {
      ContactPair& pair = view.pair[src.index];
      if (src.slot % 3 == 0) {
        pair.point[src.slot / 3].lambda_n = lambda;
        pair.touching += r.impulse > 0.0 ? 1 : 0;
      } else {
        friction_[size_t(src.index)] += lambda * r.lin_a;
      }
    }
  }
  for (int c = 0; c < view.pairs; ++c) view.pair[c].lambda_t = length(friction_[size_t(c)]);
}

void VelocityStepper::remember(const RigidHostView& view) {
  joint_impulse_.assign(size_t(view.joints), {});
  grab_impulse_ = {};
  points_.clear();
  for (size_t i = 0; i < set_.rows.size(); ++i) {
    const RowSource& src = set_.source[i];
    const Real P = set_.rows[i].impulse;
    if (src.kind == RowSource::Joint) {
      joint_impulse_[size_t(src.index)][size_t(src.slot)] = P;
    } else if (src.kind == RowSource::Grab) {
      grab_impulse_[size_t(src.slot)] = P;
    } else {
      const ContactPair& pair = view.pair[src.index];
      const Vec3 r_a = pair.point[src.slot / 3].r_a;
      if (src.slot % 3 == 0)
        points_.push_back({pair.ends, r_a, {P, 0.0, 0.0}});
      else
        points_.back().impulse[size_t(src.slot % 3)] = P;
    }
  }
  std::stable_sort(points_.begin(), points_.end(), CachedPoint::by_pair);  // warm() looks a pair up
}

}  // namespace SIM_PRECISION
}  // namespace sim
