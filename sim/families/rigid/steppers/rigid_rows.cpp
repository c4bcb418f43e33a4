#include "families/rigid/steppers/rigid_rows.h"

#include <algorithm>
#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

const Vec3 kAxes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};

// A bilateral row: target 0, bias −β φ/h (Eq. 3), compliance as γ = α/h².
void bilateral(RigidRow& r, Real phi, Real compliance, const RowTargets& t) {
  r.kind = RowKind::Bilateral;
  r.bias = -t.beta * phi / t.h;
  r.corrects = true;
  r.gamma = compliance / (t.h * t.h);
}

// A unilateral row (φ ≥ 0 allowed): open, it may close by φ/h this substep; overlapping, its bias pushes it
// out at −β φ/h but no faster than v_max.
void unilateral(RigidRow& r, Real phi, Real compliance, const RowTargets& t) {
  r.kind = RowKind::Unilateral;
  r.target = phi >= 0.0 ? -phi / t.h : 0.0;
  r.bias = phi >= 0.0 ? 0.0 : min_number(-t.beta * phi / t.h, t.v_max);
  r.corrects = phi < 0.0;
  r.gamma = compliance / (t.h * t.h);
}

// The rows from `first` on are one block (a joint's bilateral rows).
void mark_block(RowSet& set, size_t first) {
  for (size_t i = first; i < set.rows.size(); ++i)
    set.rows[i].block = i == first ? int(set.rows.size() - first) : 0;
}

}  // namespace

void add_joint_rows(RowSet& set, int j, const JointSpec& spec, const BodyPose& pa, const BodyPose& pb, int ia,
                    int ib, const RowTargets& t) {
  const size_t first = set.rows.size();
  const Vec3 ra = rotate(pa.q, spec.anchor_a), rb = rotate(pb.q, spec.anchor_b);
  const Vec3 C = point_gap(pb, rb, pa, ra);
  const Real Ck[3] = {C.x, C.y, C.z};
  for (int k = 0; k < 3; ++k) {
    RigidRow r = linear_row(ia, ib, ra, rb, kAxes[k]);
    bilateral(r, Ck[k], spec.compliance, t);
    set.add(r, {RowSource::Joint, j, k});
  }
  const Quat fa = frame_world(pa, spec.frame_a), fb = frame_world(pb, spec.frame_b);
  if (spec.kind == JointKind::Fixed) {
    const Vec3 Ca = fixed_frame_error(fa, fb);
    const Real Cak[3] = {Ca.x, Ca.y, Ca.z};
    for (int k = 0; k < 3; ++k) {
      RigidRow r = angular_row(ia, ib, kAxes[k]);
      bilateral(r, Cak[k], spec.angular_compliance, t);
      set.add(r, {RowSource::Joint, j, 3 + k});
    }
    mark_block(set, first);
  } else if (spec.kind == JointKind::Hinge) {
    const Vec3 axis_a = rotate(fa, {1.0, 0.0, 0.0});
    const Vec3 Ca = hinge_axis_error(fa, fb);
    const Vec3 plane[2] = {rotate(fa, {0.0, 1.0, 0.0}), rotate(fa, {0.0, 0.0, 1.0})};
    for (int k = 0; k < 2; ++k) {
      RigidRow r = angular_row(ia, ib, plane[k]);
      bilateral(r, dot(plane[k], Ca), spec.angular_compliance, t);
      set.add(r, {RowSource::Joint, j, 3 + k});
    }
    mark_block(set, first);
    if (spec.limit_lo <= spec.limit_hi) {
      // the angle grows as b turns about +axis against a (hinge_angle): the nearer limit as a unilateral row
      const Real angle = hinge_angle(fa, fb);
      const bool upper = angle > 0.5 * (spec.limit_lo + spec.limit_hi);
      RigidRow r = angular_row(ia, ib, (upper ? 1.0 : -1.0) * axis_a);
      unilateral(r, upper ? spec.limit_hi - angle : angle - spec.limit_lo, spec.angular_compliance, t);
      set.add(r, {RowSource::Joint, j, 6});
    }
  } else {
    mark_block(set, first);
  }
}

void add_contact_rows(RowSet& set, int c, const ContactPair& pair, const BodyPose& pa, const BodyPose& pb,
                      int ia, int ib, const RowTargets& t) {
  Vec3 t1, t2;
  tangents(pair.n, t1, t2);
  const Real mu = pair.material.mu_dynamic;
  for (int k = 0; k < pair.count; ++k) {
    const ContactPoint& p = pair.point[k];
    Vec3 ra, rb;
    contact_offsets(pair, p, pa, pb, ra, rb);
    const Real phi = dot(pair.n, point_gap(pa, ra, pb, rb));
    RigidRow n = linear_row(ia, ib, ra, rb, -1.0 * pair.n);  // φ̇ = nᵀ(ṗ_b − ṗ_a)
    unilateral(n, phi, 0.0, t);
    // restitution of an impact faster than what gravity adds in a substep (constraints/body_contact.h)
    if (pair.material.restitution > 0.0 && p.v_n < -2.0 * t.g * t.h)
      n.target = max_number(n.target, -pair.material.restitution * p.v_n);
    const int normal = int(set.rows.size());
    set.add(n, {RowSource::Contact, c, 3 * k});
    if (!(mu > 0.0)) continue;
    const Vec3 dirs[2] = {t1, t2};
    for (int d = 0; d < 2; ++d) {
      RigidRow f = linear_row(ia, ib, ra, rb, -1.0 * dirs[d]);
      f.kind = RowKind::Friction;
      f.normal = normal;
      f.mu = mu;
      set.add(f, {RowSource::Contact, c, 3 * k + 1 + d});
    }
  }
}

void add_grab_rows(RowSet& set, const BodyPose& pa, int ia, Vec3 ra, Vec3 target, Real compliance,
                   const RowTargets& t) {
  const Vec3 C = (pa.x - Position(target)) + ra;
  const Real Ck[3] = {C.x, C.y, C.z};
  for (int k = 0; k < 3; ++k) {
    RigidRow r = linear_row(ia, -1, ra, {0.0, 0.0, 0.0}, kAxes[k]);
    bilateral(r, Ck[k], compliance, t);
    set.add(r, {RowSource::Grab, 0, k});
  }
}

void prepare_rows(std::vector<RigidRow>& rows, const std::vector<RowBody>& bodies) {
  for (RigidRow& r : rows) {
    Real d = r.gamma;
    if (r.a >= 0) {
      const RowBody& A = bodies[size_t(r.a)];
      r.mlin_a = A.w * r.lin_a;
      r.mang_a = A.inv_inertia * r.ang_a;
      d += dot(r.lin_a, r.mlin_a) + dot(r.ang_a, r.mang_a);
    }
    if (r.b >= 0) {
      const RowBody& B = bodies[size_t(r.b)];
      r.mlin_b = B.w * r.lin_b;
      r.mang_b = B.inv_inertia * r.ang_b;
      d += dot(r.lin_b, r.mlin_b) + dot(r.ang_b, r.mang_b);
    }
    r.diag = d;
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
