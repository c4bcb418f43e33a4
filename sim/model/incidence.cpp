#include "model/incidence.h"

#include <cstddef>

namespace sim {

Incidence pair_incidence(const std::vector<Int2>& particles_of_constraint, int particle_count) {
  Incidence out;
  out.offsets.assign(size_t(particle_count) + 1, 0);
  for (const Int2& p : particles_of_constraint) {
    ++out.offsets[size_t(p.a) + 1];
    ++out.offsets[size_t(p.b) + 1];
  }
  for (size_t i = 1; i < out.offsets.size(); ++i) out.offsets[i] += out.offsets[i - 1];
  out.slots.resize(2 * particles_of_constraint.size());
  std::vector<int> fill(out.offsets.begin(), out.offsets.end() - 1);
  for (size_t k = 0; k < particles_of_constraint.size(); ++k) {  // ascending k gives ascending slots
    const Int2 p = particles_of_constraint[k];
    out.slots[size_t(fill[size_t(p.a)]++)] = int(2 * k);
    out.slots[size_t(fill[size_t(p.b)]++)] = int(2 * k + 1);
  }
  return out;
}

}  // namespace sim
