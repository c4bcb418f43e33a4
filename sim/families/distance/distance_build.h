// The distance family's builder part (registry/builder.h's ModelBuilder inherits it) and its finalize:
// the constraints coloured — those of one compliance and kind together, the softest first
// (model/colouring.h), in tiles on a large cloth (model/tiling.h) — and sorted by colour, the probes
// renumbered, each particle's incidence list, the Model's extension bound (the shortest rest length: a link
// stretched to twice its length no longer holds) and the multipliers.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "families/distance/distance_data.h"
#include "model/colouring.h"
#include "model/incidence.h"
#include "model/tiling.h"

namespace sim {
inline namespace SIM_PRECISION {

struct DistanceFamily;

// The colouring of distance constraints: grouped by (−α, kind), so the softest come first; with `tiles`, in
// tiles where that takes fewer phases than colours (model/tiling.h: a cloth of ten thousand particles).
inline TiledColouring colour_distances(const std::vector<Int2>& particles,
                                       const std::vector<Real>& compliance,
                                       const std::vector<DistanceKind>& kind, int particle_count,
                                       bool tiles = false) {
  std::vector<std::pair<double, int>> keys(particles.size());
  for (size_t k = 0; k < keys.size(); ++k) keys[k] = {-compliance[k], int(kind[k])};
  if (!tiles) return {colour_grouped(particles, keys, particle_count), {}};
  return colour_grouped_for_sweep(particles, keys, particle_count);
}

template <class Builder>
struct DistanceBuilder {
  // compliance α [m/N] (0 = inextensible), damping β [N·s/m]; the rest length is the current distance
  // unless given (≥ 0). Returns the constraint id used by add_probe().
  int add_distance(int a, int b, Real compliance, Real damping = 0.0, Real rest_length = -1.0,
                   DistanceKind kind = DistanceKind::Other) {
    Builder& self = static_cast<Builder&>(*this);
    if (a < 0 || b < 0 || a >= self.particle_count() || b >= self.particle_count() || a == b)
      throw std::invalid_argument("distance constraint between invalid particles " + std::to_string(a) +
                                  " and " + std::to_string(b));
    if (!(compliance >= 0.0) || !(damping >= 0.0))
      throw std::invalid_argument("distance constraint with negative compliance or damping");
    auto& d = self.model().distance;
    d.particles.push_back({a, b});
    d.rest_length.push_back(rest_length >= 0.0 ? rest_length : length(self.position(a) - self.position(b)));
    d.compliance.push_back(compliance);
    d.damping.push_back(damping);
    d.kind.push_back(kind);
    return int(d.rest_length.size()) - 1;
  }
  // Gauss-Seidel in tiles where that takes fewer phases than colours (model/tiling.h), or a colour at a time.
  void set_sweep_tiles(bool on) { static_cast<Builder&>(*this).model().sweep_tiles = on; }
  // Reports constraint `distance_id`'s force estimate every frame under `name`.
  void add_probe(std::string name, int distance_id) {
    Builder& self = static_cast<Builder&>(*this);
    if (distance_id < 0 || distance_id >= int(self.model().distance.rest_length.size()))
      throw std::invalid_argument("probe '" + name + "' names no distance constraint");
    self.model().probes.push_back(
        {std::move(name), Builder::template family_index<DistanceFamily>(), distance_id});
  }
};

template <class ModelT, class StateT>
void finalize_distances(ModelT& m, StateT& s, int family) {
  auto& d = m.distance;
  TiledColouring tiled =
      colour_distances(d.particles, d.compliance, d.kind, m.particle_count(), m.sweep_tiles);
  const Colouring& colouring = tiled.colouring;
  m.colour_offsets = colouring.offsets;
  m.tiles = std::move(tiled.tiles);
  permute(d.particles, colouring.order);
  permute(d.rest_length, colouring.order);
  permute(d.compliance, colouring.order);
  permute(d.damping, colouring.order);
  permute(d.kind, colouring.order);
  const std::vector<int> sorted = sorted_index(colouring.order);
  for (auto& probe : m.probes)
    if (probe.family == family) probe.index = sorted[size_t(probe.index)];
  for (const Real L : d.rest_length)
    if (L > 0.0 && (m.extension_bound == 0.0 || L < m.extension_bound)) m.extension_bound = L;
  Incidence incidence = pair_incidence(d.particles, m.particle_count());
  d.incidence_offsets = std::move(incidence.offsets);
  d.incidence_slots = std::move(incidence.slots);
  s.distance.lambda.assign(d.rest_length.size(), 0.0);
}

}  // namespace SIM_PRECISION
}  // namespace sim
