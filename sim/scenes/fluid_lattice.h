// The rest state of a particle fluid sampled on a cubic lattice of spacing d: the particle mass that gives
// an interior particle the rest density ρ₀ under the poly6 sum (PBF Eq. 2), rather than ρ₀ d³, which
// the discrete sum misses by a few per cent, and PBF's denominator D₀ there (constraints/fluid_density.h);
// and the largest eigenvalue μ_max of the density pass over its diagonal, which bounds the pass's denominator
// so that its Jacobi step stays stable on that lattice.
// On an infinite lattice the pass's A = J M⁻¹ Jᵀ is a convolution, so its eigenvectors are plane waves q;
// with g(r) the spiky kernel's gradient (odd) and the lattice's own sum zero at rest,
//   μ(q) = A(q)/A_ii = |Σ_r g(r) sin(q·r)|² / Σ_r |g(r)|²   (scripts/pbf_jacobi_spectrum.py prints it)
// and a Jacobi step over the diagonal alone grows the modes with μ(q) > 2. μ_max is 2.0 at h = 1.2d and 1.5d, 2.8 at
// 2d, 4.2 at 2.5d, and grows as the lattice is compressed (3.0 at 2d and 5 %).
#pragma once

#include "constraints/fluid_density.h"

namespace sim {
inline namespace SIM_PRECISION {

// The largest μ(q) over q in [0, π/d]³ for kernel radius h on a lattice of spacing d [m].
Real lattice_pass_eigenvalue(Real kernel_radius, Real spacing);

// f with mass, rest_denominator and pass_eigenvalue set for the lattice of spacing d [m] (kernel radius and
// ρ₀ from f); the eigenvalue is the lattice's compressed by 5 %.
FluidMaterial rest_lattice_material(FluidMaterial f, Real spacing);

}  // namespace SIM_PRECISION
}  // namespace sim
