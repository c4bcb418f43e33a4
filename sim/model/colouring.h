// Graph colouring of pair constraints and tetrahedra: no two constraints of one colour share a particle,
// so a colour can be projected in parallel while colours run one after another (Gauss-Seidel order), and
// the permutation that sorts a family's arrays by colour.
// Grouped colouring gives the constraints of one key (the distance family's: compliance and kind) colours
// of their own, the lowest key first: one Gauss-Seidel sweep leaves its error in whatever was projected
// before the last touch of a particle, so the stiffest constraints go last and carry the least. (Mixed in one
// sweep, a 10 N/m bend edge across a crease, compressed by up to 2L, drags the 10⁷ N/m stretch edges it
// shares particles with by a fifth of that every substep: half-stretched edges at the folds of a draped
// cloth.)
#pragma once

#include <utility>
#include <vector>

#include "core/index.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Colouring {
  std::vector<int> order;    // order[k] = original index of the k-th constraint once sorted by colour
  std::vector<int> offsets;  // colour c is order[offsets[c] .. offsets[c+1])
};

// First-fit colouring in constraint order within each group of equal compliance α [m/N] and kind, groups
// in descending α (then by kind, so that a colour holds one kind: the stretch edges' colours are the
// ones that touch the collider): deterministic for a given input.
// Pairs grouped by key, groups in ascending key order (stable within a group), coloured group after group.
Colouring colour_grouped(const std::vector<Int2>& particles_of_constraint,
                         const std::vector<std::pair<double, int>>& key, int particle_count);

// First-fit colouring of pairs of nodes in input order, negative ends (the world) shared by none: the
// rigid joints, over bodies and particles.
Colouring colour_pairs(const std::vector<Int2>& pairs, int node_count);

// First-fit colouring of tetrahedra in input order: no two tets of a colour share a corner.
Colouring colour_tets(const std::vector<Int4>& tets, int particle_count);

// v[k] = v_inserted[order[k]].
template <class T>
void permute(std::vector<T>& v, const std::vector<int>& order) {
  std::vector<T> sorted;
  sorted.reserve(order.size());
  for (int c : order) sorted.push_back(v[size_t(c)]);
  v = std::move(sorted);
}

// Where each inserted constraint went: sorted_index[order[k]] = k.
inline std::vector<int> sorted_index(const std::vector<int>& order) {
  std::vector<int> index(order.size());
  for (size_t k = 0; k < order.size(); ++k) index[size_t(order[k])] = int(k);
  return index;
}

}  // namespace SIM_PRECISION
}  // namespace sim
