// Graph colouring of distance constraints and tetrahedra: no two constraints of one colour share a particle,
// so a colour can be projected in parallel while colours run one after another (Gauss-Seidel order).
// Constraints of one compliance (and kind) get colours of their own, the softest first: one Gauss-Seidel
// sweep leaves its error in whatever was projected before the last touch of a particle, so the stiffest
// constraints go last and carry the least. (Mixed in one sweep, a 10 N/m bend edge across a crease,
// compressed by up to 2L, drags the 10⁷ N/m stretch edges it shares particles with by a fifth of that
// every substep: half-stretched edges at the folds of a draped cloth.)
#pragma once

#include <vector>

#include "model/model.h"

namespace sim {

struct Colouring {
  std::vector<int> order;    // order[k] = original index of the k-th constraint once sorted by colour
  std::vector<int> offsets;  // colour c is order[offsets[c] .. offsets[c+1])
};

// First-fit colouring in constraint order within each group of equal compliance α [m/N] and kind, groups
// in descending α (then by kind, so that a colour holds one kind: the stretch edges' colours are the
// ones that touch the collider): deterministic for a given input.
Colouring colour_constraints(const std::vector<Int2>& particles_of_constraint,
                             const std::vector<Real>& compliance, const std::vector<DistanceKind>& kind,
                             int particle_count);

// First-fit colouring of pairs of nodes in input order, negative ends (the world) shared by none: the
// rigid joints, over bodies and particles.
Colouring colour_pairs(const std::vector<Int2>& pairs, int node_count);

// First-fit colouring of tetrahedra in input order: no two tets of a colour share a corner.
Colouring colour_tets(const std::vector<Int4>& tets, int particle_count);

}  // namespace sim
