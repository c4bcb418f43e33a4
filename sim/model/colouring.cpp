#include "model/colouring.h"

#include <algorithm>
#include <utility>

namespace sim {

Colouring colour_constraints(const std::vector<Int2>& particles_of_constraint,
                             const std::vector<Real>& compliance, const std::vector<DistanceKind>& kind,
                             int particle_count) {
  Colouring result;
  result.offsets.push_back(0);
  std::vector<int> by_compliance(particles_of_constraint.size());
  for (size_t k = 0; k < by_compliance.size(); ++k) by_compliance[k] = int(k);
  const auto key = [&](int c) { return std::make_pair(-compliance[size_t(c)], kind[size_t(c)]); };
  std::stable_sort(by_compliance.begin(), by_compliance.end(), [&](int a, int b) { return key(a) < key(b); });
  std::vector<int> taken_in_colour(size_t(particle_count), -1);  // last colour that used the particle
  std::vector<int> remaining, deferred;
  int colour = 0;
  for (auto group = by_compliance.begin(); group != by_compliance.end();) {
    const auto group_end =
        std::find_if(group, by_compliance.end(), [&](int c) { return key(c) != key(*group); });
    remaining.assign(group, group_end);
    for (; !remaining.empty(); ++colour) {
      deferred.clear();
      for (int c : remaining) {
        const Int2 p = particles_of_constraint[size_t(c)];
        if (taken_in_colour[size_t(p.a)] == colour || taken_in_colour[size_t(p.b)] == colour) {
          deferred.push_back(c);
          continue;
        }
        taken_in_colour[size_t(p.a)] = colour;
        taken_in_colour[size_t(p.b)] = colour;
        result.order.push_back(c);
      }
      result.offsets.push_back(int(result.order.size()));
      remaining.swap(deferred);
    }
    group = group_end;
  }
  return result;
}

}  // namespace sim
