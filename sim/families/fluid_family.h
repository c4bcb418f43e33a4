// The fluid family: one Position Based Fluids density constraint per fluid particle (Macklin & Müller
// 2013; constraints/fluid_density.h), the particles [first, first + count) of the Model, all of one mass.
// Its solver stages (families/fluid_stages.h) sort the fluid by cell (collide/neighbour_search.h) and
// project the density constraints Jacobi-style: every particle computes its own λ from one copy of the
// positions, then its own Δx from the λ of its neighbours, so no two threads write one particle. The State
// keeps, per fluid particle, what the metrics report: ρ/ρ₀ at the end of the frame, the CFL clamps of the
// frame and the neighbour count.
#pragma once

#include <cmath>
#include <tuple>

#include "collide/neighbour_search.h"
#include "constraints/fluid_density.h"
#include "families/family.h"

namespace sim {

// Which particles are fluid and how their neighbours are found. Host only: the stages read it at upload.
struct FluidBlock {
  int first = 0;  // the fluid's particles are [first, first + count)
  int count = 0;
  FluidMaterial material;
  NeighbourWalk walk = NeighbourWalk::List;
  // false: only when a fluid particle has moved more than margin/2 since the last build (Verlet lists:
  // then no pair that came within h can be missing), checked at every substep
  bool rebuild_per_substep = true;
  Real margin = 0.0;  // search radius beyond h [m]

  Real search_radius() const { return material.kernel_radius + margin; }  // R [m]
  // d of the rest lattice the mass was calibrated on (scenes/fluid_lattice.h): m ≈ ρ₀ d³ [m]
  Real spacing() const { return std::cbrt(material.mass / material.rest_density); }
  // Room per neighbour list; 0 for the cell walk, which has no cap.
  int list_capacity() const {
    return walk == NeighbourWalk::List ? sim::list_capacity(search_radius(), spacing()) : 0;
  }
};

// Fluid particle i's share of the metrics: its compression max(ρ/ρ₀ − 1, 0), its volume m/max(ρ, ρ₀)
// (compressed particles shrink; a thinned surface counts at rest), its clamps and neighbours.
struct MeasureFluid {
  const Real* density;  // ρ/ρ₀ per fluid particle [-]
  const int* clamps;
  const int* neighbours;
  Real rest_volume;  // m/ρ₀ [m³]
  int capacity;      // of a neighbour list; 0: no cap
  int count;
  SIM_HD void operator()(int i, ConstraintSums& s) const {
    const double ratio = density[i];
    const double error = max_number(ratio - 1.0, 0.0);
    s.density_error_sum += error;
    s.density_error_max = max_number(s.density_error_max, error);
    s.fluid_volume += rest_volume / max_number(ratio, 1.0);
    s.fluid_particles += 1;
    s.count += 1;  // one density constraint
    s.cfl_clamps += clamps[i];
    if (neighbours[i] > s.neighbours_max) s.neighbours_max = neighbours[i];
    s.neighbour_overflow += capacity > 0 && neighbours[i] > capacity ? 1 : 0;
  }
};

struct FluidFamily {
  template <template <class> class Array>
  struct ModelPart {
    FluidBlock fluid;
    std::tuple<> fields() const { return {}; }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Real> density;    // ρ/ρ₀ at the end of the last frame [-]
      Array<int> clamps;      // substeps of the last frame whose displacement the CFL limit shortened
      Array<int> neighbours;  // within h at the end of the frame (a list's overflow: what it was offered)
    } fluid;
    auto fields() { return std::tie(fluid.density, fluid.clamps, fluid.neighbours); }
    auto fields() const { return std::tie(fluid.density, fluid.clamps, fluid.neighbours); }
  };
  template <class Exec>
  class Stages;

  template <class Exec, class ModelA, class StateA, class Frame>
  static MeasureFluid measure_term(const ModelA& m, const StateA& s, const Frame&) {
    return {Exec::data(s.fluid.density),      Exec::data(s.fluid.clamps), Exec::data(s.fluid.neighbours),
            m.fluid.material.density_scale(), m.fluid.list_capacity(),    int(Exec::size(s.fluid.density))};
  }
};

}  // namespace sim
