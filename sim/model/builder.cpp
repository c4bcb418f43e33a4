#include "model/builder.h"

#include <stdexcept>

#include "model/colouring.h"

namespace sim {

int ModelBuilder::add_particle(Vec3 x, Real mass, Real radius, Vec3 v) {
  if (!is_finite(x) || !is_finite(v) || !(mass >= 0.0) || !(radius >= 0.0))
    throw std::invalid_argument("particle with non-finite position/velocity or negative mass/radius");
  x_.push_back(x);
  v_.push_back(v);
  inv_mass_.push_back(mass > 0.0 ? 1.0 / mass : 0.0);
  radius_.push_back(radius);
  return int(x_.size()) - 1;
}

void ModelBuilder::pin(int particle) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("pin of invalid particle " + std::to_string(particle));
  inv_mass_[size_t(particle)] = 0.0;
}

int ModelBuilder::add_distance(int a, int b, Real compliance, Real damping, Real rest_length, DistanceKind kind) {
  if (a < 0 || b < 0 || a >= particle_count() || b >= particle_count() || a == b)
    throw std::invalid_argument("distance constraint between invalid particles " + std::to_string(a) +
                                " and " + std::to_string(b));
  if (!(compliance >= 0.0) || !(damping >= 0.0))
    throw std::invalid_argument("distance constraint with negative compliance or damping");
  distance_particles_.push_back({a, b});
  rest_.push_back(rest_length >= 0.0 ? rest_length : length(x_[size_t(a)] - x_[size_t(b)]));
  compliance_.push_back(compliance);
  damping_.push_back(damping);
  kind_.push_back(kind);
  return int(rest_.size()) - 1;
}

int ModelBuilder::add_attachment(int particle, Vec3 target, Real compliance) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("attachment to invalid particle " + std::to_string(particle));
  for (int p : attachment_particle_)
    if (p == particle)
      throw std::invalid_argument("particle " + std::to_string(particle) + " has two attachments");
  attachment_particle_.push_back(particle);
  attachment_target_.push_back(target);
  attachment_compliance_.push_back(compliance);
  return int(attachment_particle_.size()) - 1;
}

void ModelBuilder::add_probe(std::string name, int distance_id) {
  if (distance_id < 0 || distance_id >= int(rest_.size()))
    throw std::invalid_argument("probe '" + name + "' names no distance constraint");
  probes_.emplace_back(std::move(name), distance_id);
}

void ModelBuilder::add_triangle(int a, int b, int c) {
  const int n = particle_count();
  if (a < 0 || b < 0 || c < 0 || a >= n || b >= n || c >= n)
    throw std::invalid_argument("surface triangle with invalid particles");
  triangles_.push_back({a, b, c});
}

void ModelBuilder::set_collider(const SdfCollider& collider, std::vector<float> phi, ColliderMesh mesh) {
  const SdfGridView& g = collider.sdf;
  if (g.nx < 2 || g.ny < 2 || g.nz < 2 || !(g.cell > 0.0) || phi.size() != size_t(g.nx) * size_t(g.ny) * size_t(g.nz))
    throw std::invalid_argument("collider field does not match its grid");
  if (!(collider.scale > 0.0) || !is_finite(collider.position))
    throw std::invalid_argument("collider with a non-positive scale or a non-finite position");
  collider_ = collider;
  collider_.sdf.phi = nullptr;
  collider_phi_ = std::move(phi);
  collider_mesh_ = std::move(mesh);
}

Built ModelBuilder::finalize() const {
  Built out;
  Model& m = out.model;
  State& s = out.state;
  const int n = particle_count();
  m.particle_inv_mass = inv_mass_;
  m.particle_radius = radius_;
  m.gravity = gravity_;
  m.ground = ground_;
  m.bounds = bounds_;
  m.surface_triangles = triangles_;
  m.particle_rest_x = x_;
  m.collider = collider_;
  m.collider_phi = collider_phi_;
  m.collider_mesh = collider_mesh_;
  m.self_collision = self_collision_;
  m.notes = notes_;

  const Colouring colouring = colour_constraints(distance_particles_, n);
  m.colour_offsets = colouring.offsets;
  std::vector<int> sorted_index(colouring.order.size());
  m.particle_constraint_count.assign(size_t(n), 0);
  for (size_t k = 0; k < colouring.order.size(); ++k) {
    const size_t c = size_t(colouring.order[k]);
    sorted_index[c] = int(k);
    m.distance_particles.push_back(distance_particles_[c]);
    m.distance_rest_length.push_back(rest_[c]);
    m.distance_compliance.push_back(compliance_[c]);
    m.distance_damping.push_back(damping_[c]);
    m.distance_kind.push_back(kind_[c]);
    ++m.particle_constraint_count[size_t(distance_particles_[c].a)];
    ++m.particle_constraint_count[size_t(distance_particles_[c].b)];
  }
  for (const auto& [name, id] : probes_) m.probes.push_back({name, sorted_index[size_t(id)]});
  m.attachment_particle = attachment_particle_;
  m.attachment_compliance = attachment_compliance_;

  s.particle_x = x_;
  s.particle_v = v_;
  for (int i = 0; i < n; ++i)
    if (inv_mass_[size_t(i)] == 0.0) s.particle_v[size_t(i)] = {0.0, 0.0, 0.0};
  s.distance_lambda.assign(rest_.size(), 0.0);
  s.attachment_target = attachment_target_;
  s.attachment_lambda.assign(attachment_particle_.size(), 0.0);
  return out;
}

}  // namespace sim
