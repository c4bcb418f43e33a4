#include "registry/builder.h"

#include <stdexcept>
#include <string>

#include "model/incidence.h"

namespace sim {
inline namespace SIM_PRECISION {

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

void ModelBuilder::track_particle(int particle) {
  if (particle < 0 || particle >= particle_count())
    throw std::invalid_argument("tracked particle " + std::to_string(particle) + " does not exist");
  built_.model.tracked_particles.push_back(particle);
}

void ModelBuilder::add_triangle(int a, int b, int c) {
  const int n = particle_count();
  if (a < 0 || b < 0 || c < 0 || a >= n || b >= n || c >= n)
    throw std::invalid_argument("surface triangle with invalid particles");
  built_.model.surface_triangles.push_back({a, b, c});
}

Built ModelBuilder::finalize() const {
  Built out = built_;
  Model& m = out.model;
  State& s = out.state;
  const int n = particle_count();
  m.particle_rest_x.assign(s.particle_x.begin(), s.particle_x.end());
  m.extension_bound = 0.0;  // the families set it
  Families::finalize(m, s);
  Incidence corners = triangle_incidence(m.surface_triangles, n);
  m.particle_triangle_offsets = std::move(corners.offsets);
  m.particle_triangle_slots = std::move(corners.slots);
  for (int i = 0; i < n; ++i)
    if (m.particle_inv_mass[size_t(i)] == 0.0) s.particle_v[size_t(i)] = {0.0, 0.0, 0.0};
  return out;
}

}  // namespace SIM_PRECISION
}  // namespace sim
