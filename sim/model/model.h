// Model: what does not change while a scene runs — masses, constraint topology, rest data, colours.
// Structure of arrays named entity_field (DESIGN.md). Distance constraints are stored sorted by colour
// so that one colour is a contiguous range (Gauss-Seidel over graph colours, Small Steps §6).
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "constraints/ground_contact.h"
#include "core/index.h"
#include "core/vec3.h"
#include "model/arrays.h"

namespace sim {

template <template <class> class Array>
struct ModelArrays {
  Array<Real> particle_inv_mass;         // w = 1/m [1/kg]; 0 pins the particle
  Array<Real> particle_radius;           // contact radius [m]
  Array<int> particle_constraint_count;  // distance constraints touching the particle (Jacobi relaxation)
  Array<Int2> distance_particles;        // (a, b) particle indices, sorted by colour
  Array<Real> distance_rest_length;      // L [m]
  Array<Real> distance_compliance;       // α [m/N]
  Array<Real> distance_damping;          // β [N·s/m]
  Array<int> attachment_particle;        // attached particle (at most one attachment per particle)
  Array<Real> attachment_compliance;     // α [m/N]

  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tie(self.particle_inv_mass, self.particle_radius, self.particle_constraint_count,
                    self.distance_particles, self.distance_rest_length, self.distance_compliance,
                    self.distance_damping, self.attachment_particle, self.attachment_compliance);
  }
};

struct Aabb {
  Vec3 lo, hi;  // [m]
  bool contains(Vec3 p) const {
    return p.x >= lo.x && p.y >= lo.y && p.z >= lo.z && p.x <= hi.x && p.y <= hi.y && p.z <= hi.z;
  }
};

// A constraint whose force estimate λ/Δt_s² the scene reports every frame.
struct Probe {
  std::string name;
  int distance_index;  // index into the colour-sorted distance arrays
};

struct Model : ModelArrays<HostVector> {
  std::vector<int> colour_offsets;  // colour c owns distance constraints [offsets[c], offsets[c+1])
  Vec3 gravity{0.0, -9.81, 0.0};    // [m/s²]
  GroundPlane ground;
  Aabb bounds{{-1e3, -1e3, -1e3}, {1e3, 1e3, 1e3}};  // leaving it counts as divergence
  std::vector<Probe> probes;
  std::vector<Int3> surface_triangles;  // particle indices of the drawn surface (cloth); host only

  int particle_count() const { return int(particle_inv_mass.size()); }
  int distance_count() const { return int(distance_rest_length.size()); }
  int attachment_count() const { return int(attachment_particle.size()); }
  int colour_count() const { return int(colour_offsets.size()) - 1; }
};

}  // namespace sim
