#include "backend/crossover.h"

namespace sim {
inline namespace SIM_PRECISION {

std::string below_crossover(int particles, int bodies, const BackendCrossover& crossover) {
  if (particles >= crossover.particles || bodies >= crossover.bodies) return "";
  return std::to_string(particles) + " particles and " + std::to_string(bodies) +
         " bodies, below the crossover of " + std::to_string(crossover.particles) + " and " +
         std::to_string(crossover.bodies) + " measured on " + crossover.measured_on + ", where the CPU is faster";
}

std::string below_crossover(const std::vector<ModelSize>& sizes, const BackendCrossover& crossover) {
  int particles = 0, bodies = 0;
  for (const ModelSize& size : sizes) {
    if (size.key == "particles") particles = size.count;
    if (size.key == "bodies") bodies = size.count;
  }
  return below_crossover(particles, bodies, crossover);
}

}  // namespace SIM_PRECISION
}  // namespace sim
