// The rigid family's builder part (registry/builder.h's ModelBuilder inherits it) and its finalize: the
// joints sorted by colour over bodies and particles (the world shared by none), the probes renumbered, and
// the Jacobi gather lists — nodes 0..B−1 are the bodies, then, when some joint ends on a particle, every
// particle — and the multipliers.
#pragma once

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "families/rigid/rigid_data.h"
#include "geometry/body_shape.h"
#include "model/colouring.h"
#include "model/incidence.h"

namespace sim {
inline namespace SIM_PRECISION {

struct RigidFamily;

// A joint's compliances, damping and hinge limits (JointArrays).
struct JointOptions {
  Real compliance = 0.0;          // α [m/N]
  Real angular_compliance = 0.0;  // α [rad/(N·m)]
  Real damping = 0.0;             // μ [1/s]
  Real limit_lo = 1.0;            // hinge limits [rad]; lo > hi: none
  Real limit_hi = -1.0;
};

template <class Builder>
struct RigidBuilder {
  // A rigid body of `shape` and `size` (BodyArrays::size) with uniform density: mass [kg] (0: it never
  // moves), centre at x [m], turned by q, moving at v [m/s] and ω [rad/s] (world). Throws for a bad shape or
  // mass. Returns the body index.
  int add_body(BodyShape shape, Vec3 size, Real mass, Vec3 x, Quat q = quat_identity(),
               Vec3 v = {0.0, 0.0, 0.0}, Vec3 omega = {0.0, 0.0, 0.0}) {
    const std::string name = "body " + std::to_string(body_count());
    if (const auto why = shape_problem(shape, size)) throw std::invalid_argument(name + ": " + *why);
    if (!(mass >= 0.0) || !std::isfinite(mass))
      throw std::invalid_argument(name + " has a negative or non-finite mass");
    if (!is_finite(x) || !is_finite(v) || !is_finite(omega) || !std::isfinite(q.w) || !is_finite(imag(q)))
      throw std::invalid_argument(name + " has a non-finite pose or velocity");
    auto& body = self().model().body;
    const Vec3 inertia = shape_inertia(shape, size, mass);
    body.inv_mass.push_back(mass > 0.0 ? 1.0 / mass : 0.0);
    body.inv_inertia.push_back(mass > 0.0
                                   ? Vec3{Real(1) / inertia.x, Real(1) / inertia.y, Real(1) / inertia.z}
                                   : Vec3{0.0, 0.0, 0.0});
    body.shape.push_back(shape);
    body.size.push_back(size);
    body.material.push_back(SurfaceMaterial{});
    auto& st = self().state().body;
    st.x.push_back(x);
    st.q.push_back(normalized(q));
    st.v.push_back(mass > 0.0 ? v : Vec3{0.0, 0.0, 0.0});
    st.omega.push_back(mass > 0.0 ? omega : Vec3{0.0, 0.0, 0.0});
    return body_count() - 1;
  }
  // Body `body`'s friction and restitution (constraints/body_contact.h); throws for μ < 0, μ_k > μ_s or e
  // outside [0, 1].
  void set_body_material(int body, const SurfaceMaterial& material) {
    const std::string name = "body " + std::to_string(body);
    if (body < 0 || body >= body_count()) throw std::invalid_argument(name + " does not exist");
    const SurfaceMaterial& s = material;
    if (!(s.mu_static >= 0.0) || !(s.mu_dynamic >= 0.0) || !std::isfinite(s.mu_static) ||
        !std::isfinite(s.mu_dynamic))
      throw std::invalid_argument(name + " needs friction coefficients of at least 0");
    if (s.mu_dynamic > s.mu_static)
      throw std::invalid_argument(name + ": dynamic friction above static friction");
    if (!(s.restitution >= 0.0 && s.restitution <= 1.0))
      throw std::invalid_argument(name + " needs a restitution in [0, 1]");
    self().model().body.material[size_t(body)] = material;
  }
  void set_body_contact(const BodyContactSettings& settings) { self().model().body_contact = settings; }
  const BodyContactSettings& body_contact() const { return self().model().body_contact; }
  // The body whose height and drift the metrics report (a stack's top), from where it is now, by name.
  // Tracks body `body` (the metrics' tracked_body_* columns); collapse_bound: TrackedBody's [m].
  void track_body(int body, std::string name, Real collapse_bound = 0.0) {
    if (body < 0 || body >= body_count())
      throw std::invalid_argument("tracked body " + std::to_string(body) + " does not exist");
    self().model().tracked_body = {body, self().state().body.x[size_t(body)], std::move(name),
                                   collapse_bound};
  }
  // A joint between ends a and b (a body index, kWorldEnd or particle_end(p), constraints/joint.h) at the
  // world point `point` [m], its frame's x axis along `axis` (the hinge axis), anchors and frames taken from
  // the ends' current poses so that it starts satisfied. Throws for bad ends. Returns the joint id
  // (add_joint_probe).
  int add_joint(JointKind kind, int a, int b, Vec3 point, Vec3 axis, const JointOptions& o = {}) {
    auto& j = self().model().joint;
    const std::string name = "joint " + std::to_string(j.ends.size());
    const auto valid = [&](int e) {
      return e == kWorldEnd || (is_body_end(e) && e < body_count()) ||
             (is_particle_end(e) && end_particle(e) < self().particle_count());
    };
    if (!valid(a) || !valid(b))
      throw std::invalid_argument(name + " has an end that is no body, particle or the world");
    if (a == b) throw std::invalid_argument(name + " joins an end to itself");
    if (!is_finite(point) || !(length(axis) > 0.0) || !is_finite(axis))
      throw std::invalid_argument(name + " needs a finite point and a non-zero axis");
    if (!(o.compliance >= 0.0) || !(o.angular_compliance >= 0.0) || !(o.damping >= 0.0))
      throw std::invalid_argument(name + " has a negative compliance or damping");
    const Quat frame =
        quat_from_to({1.0, 0.0, 0.0}, (1.0 / length(axis)) * axis);  // the joint frame in the world
    const auto local = [&](int e, Vec3& anchor, Quat& f) {
      const auto& st = self().state();
      if (is_body_end(e)) {
        const Quat q = st.body.q[size_t(e)];
        anchor = rotate_inverse(q, point - st.body.x[size_t(e)]);
        f = conjugate(q) * frame;
      } else {
        anchor = is_particle_end(e) ? point - st.particle_x[size_t(end_particle(e))] : point;
        f = frame;
      }
    };
    Vec3 anchor_a, anchor_b;
    Quat frame_a, frame_b;
    local(a, anchor_a, frame_a);
    local(b, anchor_b, frame_b);
    j.ends.push_back({a, b});
    j.kind.push_back(kind);
    j.anchor_a.push_back(anchor_a);
    j.anchor_b.push_back(anchor_b);
    j.frame_a.push_back(frame_a);
    j.frame_b.push_back(frame_b);
    j.compliance.push_back(o.compliance);
    j.angular_compliance.push_back(o.angular_compliance);
    j.damping.push_back(o.damping);
    j.limit_lo.push_back(o.limit_lo);
    j.limit_hi.push_back(o.limit_hi);
    return int(j.ends.size()) - 1;
  }
  // Reports joint `joint_id`'s force and torque estimates every frame under `name`.
  void add_joint_probe(std::string name, int joint_id) {
    if (joint_id < 0 || joint_id >= int(self().model().joint.ends.size()))
      throw std::invalid_argument("probe '" + name + "' of invalid joint " + std::to_string(joint_id));
    self().model().probes.push_back(
        {std::move(name), Builder::template family_index<RigidFamily>(), joint_id, true});
  }
  int body_count() const { return int(self().model().body.inv_mass.size()); }

 private:
  Builder& self() { return static_cast<Builder&>(*this); }
  const Builder& self() const { return static_cast<const Builder&>(*this); }
};

template <class ModelT, class StateT>
void finalize_rigid(ModelT& m, StateT& s, int family) {
  const int bodies = m.body_count();
  const int particles = m.particle_count();
  auto& j = m.joint;
  const bool particle_ends = std::any_of(j.ends.begin(), j.ends.end(),
                                         [](Int2 e) { return is_particle_end(e.a) || is_particle_end(e.b); });
  const int nodes = j.ends.empty() ? 0 : bodies + (particle_ends ? particles : 0);
  std::vector<Int2> node_pairs;
  for (const Int2 e : j.ends) node_pairs.push_back({end_node(e.a, bodies), end_node(e.b, bodies)});
  const Colouring colouring = colour_pairs(node_pairs, nodes);
  j.colour_offsets = colouring.offsets;
  std::apply([&](auto&... field) { (permute(field, colouring.order), ...); },
             std::tie(j.ends, j.kind, j.anchor_a, j.anchor_b, j.frame_a, j.frame_b, j.compliance,
                      j.angular_compliance, j.damping, j.limit_lo, j.limit_hi));
  permute(node_pairs, colouring.order);
  const std::vector<int> sorted = sorted_index(colouring.order);
  for (auto& probe : m.probes)
    if (probe.family == family) probe.index = sorted[size_t(probe.index)];
  if (nodes > 0) {
    Incidence incidence = pair_incidence(node_pairs, nodes);
    j.incidence_offsets = std::move(incidence.offsets);
    j.incidence_slots = std::move(incidence.slots);
  }
  s.joint.lambda.assign(j.ends.size(), JointLambda{});
}

}  // namespace SIM_PRECISION
}  // namespace sim
