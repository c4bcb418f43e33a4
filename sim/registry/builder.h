// ModelBuilder: scenes append particles and each family's constraints on the host, straight into a Model
// and State in insertion order; finalize() lets every family sort, colour and size its part
// (families/family.h, finalize) and returns the Model (fixed topology) with the initial State. The
// families' calls (add_distance, add_body, set_collider, ...) come from their builder parts, of which
// ModelBuilder is made (families/family_set.h).
#pragma once

#include <string>
#include <vector>

#include "registry/model.h"
#include "registry/state.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Built {
  Model model;
  State state;
};

class ModelBuilder : public Families::BuilderParts<ModelBuilder> {
 public:
  // mass [kg]; 0 pins the particle (inverse mass 0). radius [m]. Returns the particle index.
  int add_particle(Vec3 x, Real mass, Real radius, Vec3 v = {0.0, 0.0, 0.0});
  void pin(int particle);  // inverse mass 0: the particle stays where it is
  // Particles whose mean displacement from rest the metrics report (a beam's tip).
  void track_particle(int particle);
  // A triangle of the drawn surface (counter-clockwise seen from its front); not a constraint.
  void add_triangle(int a, int b, int c);
  void set_gravity(Vec3 g) { built_.model.gravity = g; }
  void set_bounds(const Aabb& bounds) { built_.model.bounds = bounds; }
  void set_motion(const Aabb& motion) { built_.model.motion = motion; }  // Model::motion
  void set_grab_radius(Real radius) { built_.model.grab_radius = radius; }  // Model::grab_radius [m]
  void set_energy_length(Real length) { built_.model.energy_length = length; }  // Model::energy_length [m]
  void add_note(std::string note) { built_.model.notes.push_back(std::move(note)); }

  Vec3 position(int particle) const { return built_.state.particle_x[size_t(particle)]; }
  Real radius(int particle) const { return built_.model.particle_radius[size_t(particle)]; }
  int particle_count() const { return built_.model.particle_count(); }

  // The Model and State as built so far, for the families' builder parts.
  Model& model() { return built_.model; }
  const Model& model() const { return built_.model; }
  State& state() { return built_.state; }
  const State& state() const { return built_.state; }
  template <class F>
  static constexpr int family_index() {
    return Model::family_index<F>();
  }

  // Throws std::invalid_argument on an inconsistent scene (bad index, two attachments on a particle).
  Built finalize() const;

 private:
  // Constraints and probes in insertion order (probes name constraints by insertion id); everything else
  // as finalize() returns it, except the multipliers, sized there.
  Built built_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
