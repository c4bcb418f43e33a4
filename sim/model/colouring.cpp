#include "model/colouring.h"

namespace sim {

Colouring colour_constraints(const std::vector<Int2>& particles_of_constraint, int particle_count) {
  Colouring result;
  result.offsets.push_back(0);
  std::vector<int> remaining(particles_of_constraint.size());
  for (size_t k = 0; k < remaining.size(); ++k) remaining[k] = int(k);
  std::vector<int> taken_in_colour(size_t(particle_count), -1);  // last colour that used the particle
  std::vector<int> deferred;
  for (int colour = 0; !remaining.empty(); ++colour) {
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
  return result;
}

}  // namespace sim
