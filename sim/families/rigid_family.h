// The rigid-body family's data and metric term (Müller et al. 2020, "Müller 2020"): bodies with a pose,
// linear and angular velocity, mass and principal inertia from their shape (rigid/mass_properties.h), and
// the joints between bodies, particles and the world (constraints/joint.h), stored sorted by colour (no two
// joints of a colour share a body or a particle) with each end's list of joint slots (the Jacobi gather).
// Its solver stages are families/rigid_stages.h.
#pragma once

#include <climits>
#include <tuple>
#include <vector>

#include "constraints/body_contact.h"
#include "constraints/joint.h"
#include "core/index.h"
#include "families/family.h"
#include "metrics/metric_terms.h"

namespace sim {

template <template <class> class Array>
struct BodyArrays {
  Array<Real> inv_mass;     // 1/m [1/kg]; 0: the body does not move
  Array<Vec3> inv_inertia;  // principal I⁻¹ in body coordinates [1/(kg·m²)]; 0: it does not turn
  Array<BodyShape> shape;
  // box: half extents; capsule: (radius, half length of its cylinder along body y, 0); sphere: (radius, 0, 0)
  // [m]
  Array<Vec3> size;
  Array<SurfaceMaterial> material;  // friction and restitution of its contacts

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.inv_mass, s.inv_inertia, s.shape, s.size, s.material);
  }
};

template <template <class> class Array>
struct JointArrays {
  Array<Int2> ends;  // (a, b): body ≥ 0, kWorldEnd, or particle_end(p); sorted by colour
  Array<JointKind> kind;
  Array<Vec3> anchor_a, anchor_b;  // [m] in each end's coordinates (JointSpec)
  Array<Quat> frame_a, frame_b;
  Array<Real> compliance;          // α [m/N]
  Array<Real> angular_compliance;  // α [rad/(N·m)]
  Array<Real> damping;             // relative velocity damped at rate μ [1/s] (Müller 2020 §3.6)
  Array<Real> limit_lo, limit_hi;  // hinge limits [rad]; lo > hi: none
  // node i's slots are [offsets[i], offsets[i+1]): bodies 0..B−1, then particles B..B+P−1; slot 2j + e of
  // joint j's end e, ascending per node (the world has none)
  Array<int> incidence_offsets;
  Array<int> incidence_slots;
  // Host side only: colour c owns joints [colour_offsets[c], colour_offsets[c+1]).
  std::vector<int> colour_offsets;

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.ends, s.kind, s.anchor_a, s.anchor_b, s.frame_a, s.frame_b, s.compliance,
                    s.angular_compliance, s.damping, s.limit_lo, s.limit_hi, s.incidence_offsets,
                    s.incidence_slots);
  }
};

// A joint end's pose from the arrays it lives in (body, particle or the world).
struct EndPoses {
  const Vec3* body_x;
  const Quat* body_q;
  const Real* body_w;
  const Vec3* body_inv_inertia;
  const Vec3* particle_x;
  const Real* particle_w;
  SIM_HD BodyPose operator()(int e) const {
    if (is_body_end(e)) return {body_x[e], body_q[e], body_w[e], body_inv_inertia[e]};
    const Vec3 zero{0.0, 0.0, 0.0};
    if (is_particle_end(e))
      return {particle_x[end_particle(e)], quat_identity(), particle_w[end_particle(e)], zero};
    return {zero, quat_identity(), 0.0, zero};
  }
};

SIM_HD JointSpec joint_spec(const JointKind* kind, const Vec3* anchor_a, const Vec3* anchor_b,
                            const Quat* frame_a, const Quat* frame_b, const Real* compliance,
                            const Real* angular_compliance, const Real* lo, const Real* hi, int j) {
  return {kind[j],       anchor_a[j],           anchor_b[j], frame_a[j], frame_b[j],
          compliance[j], angular_compliance[j], lo[j],       hi[j]};
}

// ½ m |v|² + ½ ωᵀ I ω [J] of a body.
SIM_HD double body_kinetic(Real w, Vec3 inv_inertia, Quat q, Vec3 v, Vec3 omega) {
  double e = w > 0.0 ? 0.5 * double(length_squared(v)) / w : 0.0;
  const Vec3 wb = rotate_inverse(q, omega);
  return e + 0.5 * double(dot(wb, apply_inertia(inv_inertia, wb)));
}

// The angular momentum of a body about the origin, x × m v + R I Rᵀ ω [kg·m²/s].
SIM_HD Vec3 body_angular_momentum(Real w, Vec3 inv_inertia, Quat q, Vec3 x, Vec3 v, Vec3 omega) {
  Vec3 L = w > 0.0 ? (1.0 / w) * cross(x, v) : Vec3{0.0, 0.0, 0.0};
  return L + rotate(q, apply_inertia(inv_inertia, rotate_inverse(q, omega)));
}

// Index i < bodies: body i's energies, angular momentum and fitness to continue; then joint i − bodies: its
// separation |p_a − p_b|, angular error, and elastic energy from λ (compliant joints); then the contact
// pairs: their points, those touching, their normal force and the deepest overlap; then the same of the
// particles' pairs with bodies, apart.
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
  // Adds element i's share to s (backend/reduce_element.h).
  SIM_HD void operator()(int i, ConstraintSums& s) const {
    if (i < bodies) {
      const BodyPose b = pose(i);
      const Vec3 v = body_v[i], omega = body_omega[i];
      const int reason = !is_finite(b.x) || !std::isfinite(b.q.w) || !is_finite(imag(b.q))
                             ? kNonFinitePosition
                         : !is_finite(v) || !is_finite(omega) ? kNonFiniteVelocity
                         : !frame.bounds.contains(b.x)        ? kOutOfBounds
                                                              : kFinite;
      if (reason != kFinite) {
        if (i < s.body_bad) {  // the lowest index wins, as ConstraintSums::combine has it
          s.body_bad = i;
          s.body_bad_reason = reason;
        }
        return;
      }
      s.body_kinetic += body_kinetic(b.w, b.inv_inertia, b.q, v, omega);
      if (b.w > 0.0) s.body_gravitational += -double(dot(frame.gravity, b.x)) / b.w;
      s.angular_momentum = s.angular_momentum + body_angular_momentum(b.w, b.inv_inertia, b.q, b.x, v, omega);
      s.bodies += 1;
      return;
    }
    if (i >= bodies + joints + body_pairs) {
      add_contact(particle_pairs[i - bodies - joints - body_pairs], s.particle_contact_points,
                  s.particle_contacts_touching, s.particle_contact_force, s.particle_contact_depth_max);
      return;
    }
    if (i >= bodies + joints) {
      add_contact(pairs[i - bodies - joints], s.contact_points, s.contacts_touching, s.contact_force,
                  s.contact_depth_max);
      return;
    }
    const int j = i - bodies;
    const BodyPose a = pose(ends[j].a), b = pose(ends[j].b);
    const double separation = length(anchor_world(a, anchor_a[j]) - anchor_world(b, anchor_b[j]));
    s.joint_separation_max = max_number(s.joint_separation_max, separation);
    s.joint_separation_sum += separation;
    s.joint_angle_max = max_number(s.joint_angle_max, joint_angular_error(kind[j], frame_world(a, frame_a[j]),
                                                                          frame_world(b, frame_b[j])));
    const double h2 = frame.h * frame.h;
    if (h2 > 0.0) {
      const double f = length(lambda[j].force) / h2, tau = length(lambda[j].torque) / h2;
      s.elastic += 0.5 * (compliance[j] * f * f + angular_compliance[j] * tau * tau);
    }
    s.joints += 1;
    s.count += 1;
  }
  // A pair's points, whether it touches, its normal force [N] and its deepest overlap [m], added.
  SIM_HD void add_contact(const ContactPair& c, int& points, int& touching, double& force,
                          double& depth_max) const {
    const BodyPose a = pose(c.ends.a), b = pose(c.ends.b);
    double deepest = 0.0, normal_force = 0.0;
    for (int k = 0; k < c.count; ++k) {
      deepest = max_number(deepest, -contact_separation(c, c.point[k], a, b));
      normal_force += contact_normal_force(c.point[k], frame.h);
    }
    points += c.count;
    touching += c.touching;
    force += normal_force;
    depth_max = max_number(depth_max, deepest);
  }
};

struct RigidFamily {
  template <template <class> class Array>
  struct ModelPart {
    BodyArrays<Array> body;
    JointArrays<Array> joint;
    auto fields() { return std::tuple_cat(BodyArrays<Array>::tie(body), JointArrays<Array>::tie(joint)); }
    auto fields() const {
      return std::tuple_cat(BodyArrays<Array>::tie(body), JointArrays<Array>::tie(joint));
    }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Vec3> x;      // centre of mass [m]
      Array<Quat> q;      // orientation, body → world
      Array<Vec3> v;      // [m/s]
      Array<Vec3> omega;  // ω in world coordinates [rad/s]
    } body;
    struct {
      Array<JointLambda> lambda;  // the last substep's multipliers, colour-sorted
    } joint;
    struct {
      // the contacts of the last detection with their last substep's multipliers: the bodies' own, sorted
      // by colour (families/body_contact_stages.h), and the particles' with bodies, particle by particle
      // (families/particle_body_contact_stages.h)
      Array<ContactPair> pairs;
      Array<ContactPair> particle_pairs;
    } contact;
    auto fields() {
      return std::tie(body.x, body.q, body.v, body.omega, joint.lambda, contact.pairs,
                      contact.particle_pairs);
    }
    auto fields() const {
      return std::tie(body.x, body.q, body.v, body.omega, joint.lambda, contact.pairs,
                      contact.particle_pairs);
    }
  };
  template <class Exec>
  class Stages;

  template <class Exec, class ModelA, class StateA>
  static MeasureRigid measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    const int bodies = int(Exec::size(m.body.inv_mass));
    const int joints = int(Exec::size(m.joint.ends));
    const int body_pairs = int(Exec::size(s.contact.pairs));
    return {{Exec::data(s.body.x), Exec::data(s.body.q), Exec::data(m.body.inv_mass),
             Exec::data(m.body.inv_inertia), Exec::data(s.particle_x), Exec::data(m.particle_inv_mass)},
            Exec::data(s.body.v),
            Exec::data(s.body.omega),
            Exec::data(m.joint.ends),
            Exec::data(m.joint.kind),
            Exec::data(m.joint.anchor_a),
            Exec::data(m.joint.anchor_b),
            Exec::data(m.joint.frame_a),
            Exec::data(m.joint.frame_b),
            Exec::data(m.joint.compliance),
            Exec::data(m.joint.angular_compliance),
            Exec::data(s.joint.lambda),
            Exec::data(s.contact.pairs),
            Exec::data(s.contact.particle_pairs),
            frame,
            bodies,
            joints,
            body_pairs,
            bodies + joints + body_pairs + int(Exec::size(s.contact.particle_pairs))};
  }
};

}  // namespace sim
