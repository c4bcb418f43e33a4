// ModelBuilder: scenes append particles and constraints on the host; finalize() colours and sorts the
// constraints and returns the Model (fixed topology) with the initial State.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "model/state.h"

namespace sim {

struct Built {
  Model model;
  State state;
};

class ModelBuilder {
 public:
  // mass [kg]; 0 pins the particle (inverse mass 0). radius [m]. Returns the particle index.
  int add_particle(Vec3 x, Real mass, Real radius, Vec3 v = {0.0, 0.0, 0.0});
  void pin(int particle);  // inverse mass 0: the particle stays where it is
  // compliance α [m/N] (0 = inextensible), damping β [N·s/m]; the rest length is the current distance
  // unless given (≥ 0). Returns the constraint id used by add_probe().
  int add_distance(int a, int b, Real compliance, Real damping = 0.0, Real rest_length = -1.0,
                   DistanceKind kind = DistanceKind::Other);
  int add_attachment(int particle, Vec3 target, Real compliance);
  void add_probe(std::string name, int distance_id);
  // A triangle of the drawn surface (counter-clockwise seen from its front); not a constraint.
  void add_triangle(int a, int b, int c);
  void set_gravity(Vec3 g) { gravity_ = g; }
  void set_ground(const GroundPlane& ground) { ground_ = ground; }
  void set_bounds(const Aabb& bounds) { bounds_ = bounds; }
  // The SDF collider: its placement and material, φ at its grid nodes (collider.sdf gives the layout;
  // its pointer is ignored) and the mesh to draw.
  void set_collider(const SdfCollider& collider, std::vector<float> phi, ColliderMesh mesh);
  void set_self_collision(const SelfCollision& self) { self_collision_ = self; }
  void add_note(std::string note) { notes_.push_back(std::move(note)); }

  Vec3 position(int particle) const { return x_[size_t(particle)]; }
  int particle_count() const { return int(inv_mass_.size()); }

  // Throws std::invalid_argument on an inconsistent scene (bad index, two attachments on a particle).
  Built finalize() const;

 private:
  std::vector<Vec3> x_, v_;
  std::vector<Real> inv_mass_, radius_;
  std::vector<Int2> distance_particles_;
  std::vector<Real> rest_, compliance_, damping_;
  std::vector<DistanceKind> kind_;
  std::vector<int> attachment_particle_;
  std::vector<Vec3> attachment_target_;
  std::vector<Real> attachment_compliance_;
  std::vector<std::pair<std::string, int>> probes_;
  std::vector<Int3> triangles_;
  Vec3 gravity_{0.0, -9.81, 0.0};
  GroundPlane ground_;
  Aabb bounds_{{-1e3, -1e3, -1e3}, {1e3, 1e3, 1e3}};
  SdfCollider collider_;
  std::vector<float> collider_phi_;
  ColliderMesh collider_mesh_;
  SelfCollision self_collision_;
  std::vector<std::string> notes_;
};

}  // namespace sim
