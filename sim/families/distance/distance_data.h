// The distance family's data (families/distance/distance_family.h): C = |x_a − x_b| − L per constraint,
// sorted by colour, with each particle's list of the constraint ends that touch it.
#pragma once

#include <tuple>

#include "core/index.h"

namespace sim {
inline namespace SIM_PRECISION {

// What a distance constraint stands for in a cloth: the stretch metric reads the Stretch edges, and they
// are the edges that touch the SDF collider (families/collider/collider_stages.h).
enum class DistanceKind : unsigned char { Other, Stretch, Shear, Bend };

template <template <class> class Array>
struct DistanceArrays {
  Array<Int2> particles;    // (a, b) particle indices, sorted by colour
  Array<Real> rest_length;  // L [m]
  Array<Real> compliance;   // α [m/N]
  Array<Real> damping;      // β [N·s/m]
  Array<DistanceKind> kind;
  Array<int> incidence_offsets;  // particle i's slots are [offsets[i], offsets[i+1]) (n + 1)
  Array<int> incidence_slots;    // slot 2k + e of constraint k's end e, ascending per particle

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.particles, s.rest_length, s.compliance, s.damping, s.kind, s.incidence_offsets,
                    s.incidence_slots);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
