// Which constraint ends touch each particle, in compressed-row form: the gather lists of Jacobi-style
// projections (docs/ARCHITECTURE.md, determinism). A constraint k with `arity` particles owns the correction slots
// arity·k … arity·k + arity − 1, one per end; particle i's slots are slots[offsets[i] .. offsets[i+1]),
// ascending, so a particle sums its corrections in one fixed order on any backend and thread count
// instead of receiving them through floating-point atomics in whatever order threads arrive.
#pragma once

#include <vector>

#include "core/index.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Incidence {
  std::vector<int> offsets;  // particle_count + 1 entries
  std::vector<int> slots;    // one per element end: 2 per pair constraint, 3 per triangle
};

// Incidence of two-particle constraints: slot 2k is constraint k's end a, slot 2k + 1 its end b; a negative
// end (a joint's world end) has no slot in any list.
Incidence pair_incidence(const std::vector<Int2>& particles_of_constraint, int particle_count);
// Incidence of triangles (the drawn surface: each particle's normal sums its triangles'): slot 3t + e is
// triangle t's corner e.
Incidence triangle_incidence(const std::vector<Int3>& triangles, int particle_count);

// Incidence of tetrahedra: slot 4t + e is tet t's corner e.
Incidence tet_incidence(const std::vector<Int4>& tets, int particle_count);

}  // namespace SIM_PRECISION
}  // namespace sim
