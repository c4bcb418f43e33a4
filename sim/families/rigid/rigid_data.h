// The rigid-body family's data (Müller et al. 2020, "Müller 2020"): bodies with a pose, linear and angular
// velocity, mass and principal inertia from their shape (geometry/body_shape.h), and the joints between
// bodies, particles and the world (constraints/joint.h), stored sorted by colour (no two joints of a colour
// share a body or a particle) with each end's list of joint slots (the Jacobi gather); and what reads an
// end's pose, a body's energy and momentum.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "constraints/body_contact.h"
#include "constraints/joint.h"
#include "core/index.h"
#include "core/position.h"

namespace sim {
inline namespace SIM_PRECISION {

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

// A body whose height and sideways drift the metrics report (a stack's top), from where the scene put it.
struct TrackedBody {
  int body = -1;              // none
  Vec3 start{0.0, 0.0, 0.0};  // [m]
  std::string name;           // what the UI calls it ("box", "ball")
  // [m] a stack's top may come down at most this far below its start before the stack counts as fallen
  // (issue 52 item 5: a tenth of the stack's height, rigid_bounds.h); 0: the body is meant to move (a ball)
  Real collapse_bound = 0.0;
};

// A joint end's pose from the arrays it lives in (body, particle or the world).
struct EndPoses {
  const Position* body_x;
  const Quat* body_q;
  const Real* body_w;
  const Vec3* body_inv_inertia;
  const Position* particle_x;
  const Real* particle_w;
  SIM_HD BodyPose operator()(int e) const {
    if (is_body_end(e)) return {body_x[e], body_q[e], body_w[e], body_inv_inertia[e]};
    const Vec3 zero{0.0, 0.0, 0.0};
    if (is_particle_end(e))
      return {particle_x[end_particle(e)], quat_identity(), particle_w[end_particle(e)], zero};
    return {zero, quat_identity(), 0.0, zero};
  }
};

// The joints' model arrays as pointers into a backend's memory, and what a projection or a velocity row
// reads of joint j.
struct JointTable {
  const Int2* ends;
  const JointKind* kind;
  const Vec3 *anchor_a, *anchor_b;
  const Quat *frame_a, *frame_b;
  const Real *compliance, *angular_compliance, *limit_lo, *limit_hi;
  SIM_HD JointSpec spec(int j) const {
    return {kind[j],       anchor_a[j],           anchor_b[j], frame_a[j], frame_b[j],
            compliance[j], angular_compliance[j], limit_lo[j], limit_hi[j]};
  }
};

// The table of a backend's joint model (Exec: that backend's data access).
template <class Exec, class JointModel>
JointTable joint_table(const JointModel& j) {
  return {Exec::data(j.ends),       Exec::data(j.kind),
          Exec::data(j.anchor_a),   Exec::data(j.anchor_b),
          Exec::data(j.frame_a),    Exec::data(j.frame_b),
          Exec::data(j.compliance), Exec::data(j.angular_compliance),
          Exec::data(j.limit_lo),   Exec::data(j.limit_hi)};
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

}  // namespace SIM_PRECISION
}  // namespace sim
