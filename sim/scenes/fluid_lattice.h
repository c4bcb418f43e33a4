// The rest state of a particle fluid sampled on a cubic lattice of spacing d: the particle mass that gives
// an interior particle the rest density ρ₀ under the poly6 sum (PBF Eq. 2), rather than ρ₀ d³, which
// the discrete sum misses by a few per cent, and PBF's denominator D₀ there (constraints/fluid_density.h).
#pragma once

#include "constraints/fluid_density.h"

namespace sim {
inline namespace SIM_PRECISION {

// f with mass and rest_denominator set for the lattice of spacing d [m] (kernel radius and ρ₀ from f).
FluidMaterial rest_lattice_material(FluidMaterial f, Real spacing);

}  // namespace SIM_PRECISION
}  // namespace sim
