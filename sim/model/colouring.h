// Graph colouring of distance constraints: no two constraints of one colour share a particle, so a
// colour can be projected in parallel while colours run one after another (Gauss-Seidel order).
#pragma once

#include <vector>

#include "model/model.h"

namespace sim {

struct Colouring {
  std::vector<int> order;    // order[k] = original index of the k-th constraint once sorted by colour
  std::vector<int> offsets;  // colour c is order[offsets[c] .. offsets[c+1])
};

// First-fit colouring, colour by colour, in constraint order: deterministic for a given input.
Colouring colour_constraints(const std::vector<Int2>& particles_of_constraint, int particle_count);

}  // namespace sim
