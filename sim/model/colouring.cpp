#include "model/colouring.h"

#include <algorithm>
#include <utility>

namespace sim {
inline namespace SIM_PRECISION {

namespace {

// First-fit colouring of the constraints in `group` (in that order) starting at `colour`, appended to
// result; ends(c, f) calls f(particle) for each particle of constraint c. Returns the next free colour.
template <class Ends>
int first_fit(std::vector<int> remaining, int colour, std::vector<int>& taken_in_colour, Colouring& result,
              Ends ends) {
  std::vector<int> deferred;
  for (; !remaining.empty(); ++colour) {
    deferred.clear();
    for (int c : remaining) {
      bool free = true;
      ends(c, [&](int p) { free = free && taken_in_colour[size_t(p)] != colour; });
      if (!free) {
        deferred.push_back(c);
        continue;
      }
      ends(c, [&](int p) { taken_in_colour[size_t(p)] = colour; });
      result.order.push_back(c);
    }
    result.offsets.push_back(int(result.order.size()));
    remaining.swap(deferred);
  }
  return colour;
}

// First-fit colouring of elements 0 … count − 1 in order; ends(k, f) calls f(node) for each node of k.
template <class Ends>
Colouring colour_in_order(size_t count, int node_count, Ends ends) {
  Colouring result;
  result.offsets.push_back(0);
  std::vector<int> all(count);
  for (size_t k = 0; k < count; ++k) all[k] = int(k);
  std::vector<int> taken_in_colour(size_t(node_count), -1);
  first_fit(all, 0, taken_in_colour, result, ends);
  return result;
}

}  // namespace

Colouring colour_grouped(const std::vector<Int2>& particles_of_constraint,
                         const std::vector<std::pair<double, int>>& keys, int particle_count) {
  Colouring result;
  result.offsets.push_back(0);
  std::vector<int> by_compliance(particles_of_constraint.size());
  for (size_t k = 0; k < by_compliance.size(); ++k) by_compliance[k] = int(k);
  const auto key = [&](int c) { return keys[size_t(c)]; };
  std::stable_sort(by_compliance.begin(), by_compliance.end(), [&](int a, int b) { return key(a) < key(b); });
  std::vector<int> taken_in_colour(size_t(particle_count), -1);  // last colour that used the particle
  int colour = 0;
  for (auto group = by_compliance.begin(); group != by_compliance.end();) {
    const auto group_end =
        std::find_if(group, by_compliance.end(), [&](int c) { return key(c) != key(*group); });
    colour =
        first_fit(std::vector<int>(group, group_end), colour, taken_in_colour, result, [&](int c, auto f) {
          f(particles_of_constraint[size_t(c)].a);
          f(particles_of_constraint[size_t(c)].b);
        });
    group = group_end;
  }
  return result;
}

Colouring colour_pairs(const std::vector<Int2>& pairs, int node_count) {
  return colour_in_order(pairs.size(), node_count, [&](int k, auto f) {
    if (pairs[size_t(k)].a >= 0) f(pairs[size_t(k)].a);
    if (pairs[size_t(k)].b >= 0) f(pairs[size_t(k)].b);
  });
}

Colouring colour_tets(const std::vector<Int4>& tets, int particle_count) {
  return colour_in_order(tets.size(), particle_count, [&](int t, auto f) {
    const Int4 p = tets[size_t(t)];
    f(p.a);
    f(p.b);
    f(p.c);
    f(p.d);
  });
}

}  // namespace SIM_PRECISION
}  // namespace sim
