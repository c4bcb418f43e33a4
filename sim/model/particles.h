// What every Model and State holds whatever its families: the particles (Small Steps Algorithm 1's x, v and
// inverse masses), the drawn surface over them, the particles whose sag the metrics report, and the named
// constraints whose force estimate λ/Δt_s² (Small Steps §4, Figure 4) the metrics follow. Structure of arrays
// named entity_field; registry/model.h and registry/state.h add each family's part beside these.
#pragma once

#include <string>
#include <tuple>

#include "core/index.h"
#include "core/position.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

template <template <class> class Array>
struct ParticleArrays {
  Array<Real> particle_inv_mass;         // w = 1/m [1/kg]; 0 pins the particle
  Array<Real> particle_radius;           // contact radius [m]
  Array<Vec3> particle_rest_x;           // position in the rest configuration [m] (self-collision exclusion)
  Array<Int3> surface_triangles;         // particle indices of the drawn surface (cloth)
  Array<int> particle_triangle_offsets;  // particle i's triangle slots are [offsets[i], offsets[i+1]) (n + 1)
  Array<int> particle_triangle_slots;    // slot 3t + e of triangle t's corner e: a vertex normal's terms
  Array<int> tracked_particles;          // whose mean displacement from rest the metrics report (a beam tip)

  auto fields() { return tie(*this); }
  auto fields() const { return tie(*this); }
  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.particle_inv_mass, s.particle_radius, s.particle_rest_x, s.surface_triangles,
                    s.particle_triangle_offsets, s.particle_triangle_slots, s.tracked_particles);
  }
};

template <template <class> class Array>
struct ParticleState {
  Array<Position> particle_x;  // x [m]
  Array<Vec3> particle_v;      // v [m/s]

  auto fields() { return std::tie(particle_x, particle_v); }
  auto fields() const { return std::tie(particle_x, particle_v); }
};

// A constraint whose force estimate λ/Δt_s² the scene reports every frame, by the family that holds it
// (its index in registry/family_list.h) and its index among that family's constraints after finalize()
// sorted them; the family reads its multiplier (FamilyHooks' probe_reading).
struct Probe {
  std::string name;
  int family = -1;
  int index = -1;
  bool torque = false;  // the reading has a torque too (a joint's angular block)
};

}  // namespace SIM_PRECISION
}  // namespace sim
