#include "model/builder.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "model/colouring.h"
#include "model/incidence.h"
#include "rigid/shape.h"

namespace sim {

int ModelBuilder::add_particle(Vec3 x, Real mass, Real radius, Vec3 v) {
  if (!is_finite(x) || !is_finite(v) || !(mass >= 0.0) || !(radius >= 0.0))
    throw std::invalid_argument("particle with non-finite position/velocity or negative mass/radius");
  built_.state.particle_x.push_back(x);
  built_.state.particle_v.push_back(v);
  built_.model.particle_inv_mass.push_back(mass > 0.0 ? 1.0 / mass : 0.0);
  built_.model.particle_radius.push_back(radius);
  return particle_count() - 1;
}

void ModelBuilder::pin(int particle) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("pin of invalid particle " + std::to_string(particle));
  built_.model.particle_inv_mass[size_t(particle)] = 0.0;
}

int ModelBuilder::add_distance(int a, int b, Real compliance, Real damping, Real rest_length, DistanceKind kind) {
  if (a < 0 || b < 0 || a >= particle_count() || b >= particle_count() || a == b)
    throw std::invalid_argument("distance constraint between invalid particles " + std::to_string(a) +
                                " and " + std::to_string(b));
  if (!(compliance >= 0.0) || !(damping >= 0.0))
    throw std::invalid_argument("distance constraint with negative compliance or damping");
  Model& m = built_.model;
  m.distance.particles.push_back({a, b});
  m.distance.rest_length.push_back(rest_length >= 0.0 ? rest_length : length(position(a) - position(b)));
  m.distance.compliance.push_back(compliance);
  m.distance.damping.push_back(damping);
  m.distance.kind.push_back(kind);
  return m.distance_count() - 1;
}

int ModelBuilder::add_attachment(int particle, Vec3 target, Real compliance) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("attachment to invalid particle " + std::to_string(particle));
  Model& m = built_.model;
  for (int p : m.attachment.particle)
    if (p == particle)
      throw std::invalid_argument("particle " + std::to_string(particle) + " has two attachments");
  m.attachment.particle.push_back(particle);
  m.attachment.compliance.push_back(compliance);
  built_.state.attachment.target.push_back(target);
  return m.attachment_count() - 1;
}

int ModelBuilder::add_body(BodyShape shape, Vec3 size, Real mass, Vec3 x, Quat q, Vec3 v, Vec3 omega) {
  const std::string name = "body " + std::to_string(body_count());
  if (const auto why = shape_problem(shape, size)) throw std::invalid_argument(name + ": " + *why);
  if (!(mass >= 0.0) || !std::isfinite(mass))
    throw std::invalid_argument(name + " has a negative or non-finite mass");
  if (!is_finite(x) || !is_finite(v) || !is_finite(omega) || !std::isfinite(q.w) || !is_finite(imag(q)))
    throw std::invalid_argument(name + " has a non-finite pose or velocity");
  Model& m = built_.model;
  const Vec3 inertia = shape_inertia(shape, size, mass);
  m.body.inv_mass.push_back(mass > 0.0 ? 1.0 / mass : 0.0);
  m.body.inv_inertia.push_back(mass > 0.0 ? Vec3{1.0 / inertia.x, 1.0 / inertia.y, 1.0 / inertia.z}
                                          : Vec3{0.0, 0.0, 0.0});
  m.body.shape.push_back(shape);
  m.body.size.push_back(size);
  m.body.material.push_back(SurfaceMaterial{});
  State& st = built_.state;
  st.body.x.push_back(x);
  st.body.q.push_back(normalized(q));
  st.body.v.push_back(mass > 0.0 ? v : Vec3{0.0, 0.0, 0.0});
  st.body.omega.push_back(mass > 0.0 ? omega : Vec3{0.0, 0.0, 0.0});
  return body_count() - 1;
}

void ModelBuilder::set_body_material(int body, const SurfaceMaterial& material) {
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
  built_.model.body.material[size_t(body)] = material;
}

int ModelBuilder::add_joint(JointKind kind, int a, int b, Vec3 point, Vec3 axis, const JointOptions& o) {
  Model& m = built_.model;
  const std::string name = "joint " + std::to_string(m.joint_count());
  const auto valid = [&](int e) {
    return e == kWorldEnd || (is_body_end(e) && e < body_count()) ||
           (is_particle_end(e) && end_particle(e) < particle_count());
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
    const State& st = built_.state;
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
  m.joint.ends.push_back({a, b});
  m.joint.kind.push_back(kind);
  m.joint.anchor_a.push_back(anchor_a);
  m.joint.anchor_b.push_back(anchor_b);
  m.joint.frame_a.push_back(frame_a);
  m.joint.frame_b.push_back(frame_b);
  m.joint.compliance.push_back(o.compliance);
  m.joint.angular_compliance.push_back(o.angular_compliance);
  m.joint.damping.push_back(o.damping);
  m.joint.limit_lo.push_back(o.limit_lo);
  m.joint.limit_hi.push_back(o.limit_hi);
  return m.joint_count() - 1;
}

void ModelBuilder::add_joint_probe(std::string name, int joint_id) {
  if (joint_id < 0 || joint_id >= built_.model.joint_count())
    throw std::invalid_argument("probe '" + name + "' of invalid joint " + std::to_string(joint_id));
  Probe probe;
  probe.name = std::move(name);
  probe.joint_index = joint_id;
  built_.model.probes.push_back(std::move(probe));
}

void ModelBuilder::add_tet(int a, int b, int c, int d) {
  const int n = particle_count();
  const int corner[4] = {a, b, c, d};
  for (int e = 0; e < 4; ++e) {
    if (corner[e] < 0 || corner[e] >= n)
      throw std::invalid_argument("tet corner " + std::to_string(corner[e]) + " is not a particle");
    for (int f = 0; f < e; ++f)
      if (corner[e] == corner[f])
        throw std::invalid_argument("tet with corner " + std::to_string(corner[e]) + " twice");
  }
  const Vec3 x[4] = {position(a), position(b), position(c), position(d)};
  const Mat3 rest = edge_matrix(x);
  const Real six_volume = determinant(rest);
  const std::string name = "tet (" + std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) +
                           ", " + std::to_string(d) + ")";
  if (degenerate_tet(rest))
    throw std::invalid_argument(name + " is degenerate: its corners are (nearly) coplanar");
  if (six_volume < 0.0) throw std::invalid_argument(name + " is inverted: its rest volume is negative");
  Model& m = built_.model;
  m.tet.particles.push_back({a, b, c, d});
  m.tet.inv_rest.push_back(inverse(rest));
  m.tet.rest_volume.push_back(six_volume / 6.0);
}

void ModelBuilder::set_tet_material(const TetMaterial& material) {
  if (!(material.young > 0.0) || !(material.poisson > 0.0 && material.poisson < 0.5) ||
      !(material.density > 0.0))
    throw std::invalid_argument("tet material needs E > 0, 0 < ν < 0.5 and ρ > 0");
  built_.model.tet.material = material;
}

void ModelBuilder::track_particle(int particle) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("tracked particle " + std::to_string(particle) + " does not exist");
  built_.model.tracked_particles.push_back(particle);
}

void ModelBuilder::track_body(int body, std::string name) {
  if (body < 0 || body >= body_count())
    throw std::invalid_argument("tracked body " + std::to_string(body) + " does not exist");
  built_.model.tracked_body = {body, built_.state.body.x[size_t(body)], std::move(name)};
}

void ModelBuilder::add_probe(std::string name, int distance_id) {
  if (distance_id < 0 || distance_id >= built_.model.distance_count())
    throw std::invalid_argument("probe '" + name + "' names no distance constraint");
  built_.model.probes.push_back({std::move(name), distance_id});
}

void ModelBuilder::add_triangle(int a, int b, int c) {
  const int n = particle_count();
  if (a < 0 || b < 0 || c < 0 || a >= n || b >= n || c >= n)
    throw std::invalid_argument("surface triangle with invalid particles");
  built_.model.surface_triangles.push_back({a, b, c});
}

void ModelBuilder::set_collider(const SdfCollider& collider, std::vector<float> phi, ColliderMesh mesh) {
  const SdfGridView& g = collider.sdf;
  if (g.nx < 2 || g.ny < 2 || g.nz < 2 || !(g.cell > 0.0) || phi.size() != size_t(g.nx) * size_t(g.ny) * size_t(g.nz))
    throw std::invalid_argument("collider field does not match its grid");
  if (!(collider.scale > 0.0) || !is_finite(collider.position))
    throw std::invalid_argument("collider with a non-positive scale or a non-finite position");
  Model& m = built_.model;
  m.collider = collider.bound_to(nullptr, nullptr);
  SdfGridView field = g;
  field.phi = phi.data();
  m.collider_slope = sdf_slope_bricks(field);
  m.collider_phi = std::move(phi);
  m.collider_mesh = std::move(mesh);
}

namespace {

// v[k] = v_inserted[order[k]].
template <class T>
void permute(std::vector<T>& v, const std::vector<int>& order) {
  std::vector<T> sorted;
  sorted.reserve(order.size());
  for (int c : order) sorted.push_back(v[size_t(c)]);
  v = std::move(sorted);
}

}  // namespace

void set_tet_compliance(Model& m) {
  const TetMaterial& material = m.tet.material;
  const Lame lame = lame_from_young(material.young, material.poisson);
  m.tet.constants = tet_compliance(material.model, lame, 1.0);
  m.tet.compliance_deviatoric.resize(m.tet.rest_volume.size());
  m.tet.compliance_hydrostatic.resize(m.tet.rest_volume.size());
  for (size_t t = 0; t < m.tet.rest_volume.size(); ++t) {
    const TetCompliance c = tet_compliance(material.model, lame, m.tet.rest_volume[t]);
    m.tet.compliance_deviatoric[t] = c.deviatoric;
    m.tet.compliance_hydrostatic[t] = c.hydrostatic;
  }
}

namespace {

void check_fluid(const Model& m) {
  const FluidBlock& f = m.fluid;
  if (f.count == 0) return;
  const FluidMaterial& mat = f.material;
  if (f.first < 0 || f.count < 0 || f.first + f.count > m.particle_count())
    throw std::invalid_argument("fluid particles [" + std::to_string(f.first) + ", " +
                                std::to_string(f.first + f.count) + ") outside the " +
                                std::to_string(m.particle_count()) + " particles");
  if (!(mat.rest_density > 0.0) || !(mat.kernel_radius > 0.0) || !(mat.mass > 0.0) ||
      !(mat.rest_denominator > 0.0) || !(mat.relaxation >= 0.0) || !(mat.cfl >= 0.0) || !(f.margin >= 0.0))
    throw std::invalid_argument("fluid material: rest density, kernel radius, mass and D0 must be positive, "
                                "relaxation, CFL and margin not negative");
  if (f.list_capacity() > kMaxListCapacity)
    throw std::invalid_argument("fluid search radius " + std::to_string(f.search_radius()) +
                                " m holds about " + std::to_string(f.list_capacity() / 2) +
                                " neighbours at rest; lists hold at most " +
                                std::to_string(kMaxListCapacity / 2) + ": a smaller kernel radius or margin");
  for (int i = f.first; i < f.first + f.count; ++i) {
    const Real w = m.particle_inv_mass[size_t(i)];
    if (w != 0.0 && std::fabs(w * mat.mass - 1.0) > 1e-9)
      throw std::invalid_argument("fluid particle " + std::to_string(i) + " has mass " + std::to_string(1.0 / w) +
                                  " kg, not the fluid's " + std::to_string(mat.mass) + " kg");
  }
}

}  // namespace

// The joints sorted by colour over bodies and particles (the world shared by none), the probes remapped, and
// the Jacobi gather lists: nodes 0..B−1 are the bodies, then, when some joint ends on a particle, every
// particle.
namespace {

void sort_joints(Model& m, int particles) {
  const int bodies = m.body_count();
  const bool particle_ends = std::any_of(m.joint.ends.begin(), m.joint.ends.end(),
                                         [](Int2 e) { return is_particle_end(e.a) || is_particle_end(e.b); });
  const int nodes = m.joint_count() == 0 ? 0 : bodies + (particle_ends ? particles : 0);
  std::vector<Int2> node_pairs;
  for (const Int2 e : m.joint.ends) node_pairs.push_back({end_node(e.a, bodies), end_node(e.b, bodies)});
  const Colouring colouring = colour_pairs(node_pairs, nodes);
  m.joint.colour_offsets = colouring.offsets;
  std::apply([&](auto&... field) { (permute(field, colouring.order), ...); },
             std::tie(m.joint.ends, m.joint.kind, m.joint.anchor_a, m.joint.anchor_b, m.joint.frame_a,
                      m.joint.frame_b, m.joint.compliance, m.joint.angular_compliance, m.joint.damping,
                      m.joint.limit_lo, m.joint.limit_hi));
  permute(node_pairs, colouring.order);
  std::vector<int> sorted_index(colouring.order.size());
  for (size_t k = 0; k < colouring.order.size(); ++k) sorted_index[size_t(colouring.order[k])] = int(k);
  for (Probe& probe : m.probes)
    if (probe.joint_index >= 0) probe.joint_index = sorted_index[size_t(probe.joint_index)];
  if (nodes == 0) return;
  Incidence incidence = pair_incidence(node_pairs, nodes);
  m.joint.incidence_offsets = std::move(incidence.offsets);
  m.joint.incidence_slots = std::move(incidence.slots);
}

}  // namespace

Built ModelBuilder::finalize() const {
  Built out = built_;
  Model& m = out.model;
  State& s = out.state;
  const int n = particle_count();
  m.particle_rest_x = s.particle_x;

  const Colouring colouring =
      colour_constraints(m.distance.particles, m.distance.compliance, m.distance.kind, n);
  m.colour_offsets = colouring.offsets;
  permute(m.distance.particles, colouring.order);
  permute(m.distance.rest_length, colouring.order);
  permute(m.distance.compliance, colouring.order);
  permute(m.distance.damping, colouring.order);
  permute(m.distance.kind, colouring.order);
  std::vector<int> sorted_index(colouring.order.size());
  for (size_t k = 0; k < colouring.order.size(); ++k) sorted_index[size_t(colouring.order[k])] = int(k);
  for (Probe& probe : m.probes)
    if (probe.distance_index >= 0) probe.distance_index = sorted_index[size_t(probe.distance_index)];
  sort_joints(m, n);
  m.extension_bound = 0.0;
  for (const Real L : m.distance.rest_length)
    if (L > 0.0 && (m.extension_bound == 0.0 || L < m.extension_bound)) m.extension_bound = L;
  Incidence incidence = pair_incidence(m.distance.particles, n);
  m.distance.incidence_offsets = std::move(incidence.offsets);
  m.distance.incidence_slots = std::move(incidence.slots);
  const Colouring tet_colours = colour_tets(m.tet.particles, n);
  m.tet.colour_offsets = tet_colours.offsets;
  permute(m.tet.particles, tet_colours.order);
  permute(m.tet.inv_rest, tet_colours.order);
  permute(m.tet.rest_volume, tet_colours.order);
  set_tet_compliance(m);
  Incidence tet_corners = tet_incidence(m.tet.particles, n);
  m.tet.incidence_offsets = std::move(tet_corners.offsets);
  m.tet.incidence_slots = std::move(tet_corners.slots);
  Incidence corners = triangle_incidence(m.surface_triangles, n);
  m.particle_triangle_offsets = std::move(corners.offsets);
  m.particle_triangle_slots = std::move(corners.slots);

  for (int i = 0; i < n; ++i)
    if (m.particle_inv_mass[size_t(i)] == 0.0) s.particle_v[size_t(i)] = {0.0, 0.0, 0.0};
  s.distance.lambda.assign(size_t(m.distance_count()), 0.0);
  s.attachment.lambda.assign(size_t(m.attachment_count()), 0.0);
  s.tet.lambda.assign(2 * m.tet.particles.size(), 0.0);
  s.joint.lambda.assign(size_t(m.joint_count()), JointLambda{});
  check_fluid(m);
  s.fluid.density.assign(size_t(m.fluid.count), 1.0);
  s.fluid.clamps.assign(size_t(m.fluid.count), 0);
  s.fluid.neighbours.assign(size_t(m.fluid.count), 0);
  return out;
}

}  // namespace sim
