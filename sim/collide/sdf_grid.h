// A signed distance field φ on a regular grid (negative inside the surface), sampled by trilinear
// interpolation with the exact gradient of the interpolant. Written once for both backends: the view
// holds a pointer to host or device values. Used by the collider contacts (Small Steps §4.3, Eq. 10
// with C = φ(x) − r) and by the penetration metric.
#pragma once

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {

// Grid node (i, j, k) sits at origin + cell·(i, j, k); φ is stored x fastest: phi[(k·ny + j)·nx + i].
struct SdfGridView {
  const float* phi = nullptr;  // [m], nx·ny·nz values
  Vec3 origin{};               // [m]
  Real cell = 0.0;             // node spacing [m]
  int nx = 0, ny = 0, nz = 0;  // nodes per axis (≥ 2 each)
};

// Where node (i, j, k) of a grid layout (SdfGridView, or the host's SdfGrid) sits, and where its φ is stored.
template <class Grid>
SIM_HD Vec3 sdf_node_position(const Grid& g, int i, int j, int k) {
  return g.origin + g.cell * Vec3{Real(i), Real(j), Real(k)};
}
template <class Grid>
SIM_HD size_t sdf_node_index(const Grid& g, int i, int j, int k) {
  return (size_t(k) * size_t(g.ny) + size_t(j)) * size_t(g.nx) + size_t(i);
}

struct SdfSample {
  Real phi;  // signed distance [m]
  Vec3 grad;  // ∇φ [-]: unit length on a true distance field, not renormalised here
};

SIM_HD Real sdf_clamp(Real v, Real lo, Real hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Trilinear φ and its gradient at p. Outside the grid box, φ is the value at the nearest point of the
// box plus the distance to the box, with the gradient pointing away from the box: far from the mesh it
// only needs to say "outside, and at least about this far".
SIM_HD SdfSample sample_sdf(const SdfGridView& g, Vec3 p) {
  // A diverged (non-finite) point is "far outside, no direction": no contact is made with it and the
  // divergence check reports it after the frame, instead of an index computed from NaN.
  if (!is_finite(p)) return {1e30, {0.0, 0.0, 0.0}};
  const Vec3 hi_corner = sdf_node_position(g, g.nx - 1, g.ny - 1, g.nz - 1);
  const Vec3 q{sdf_clamp(p.x, g.origin.x, hi_corner.x), sdf_clamp(p.y, g.origin.y, hi_corner.y),
               sdf_clamp(p.z, g.origin.z, hi_corner.z)};
  const Vec3 u = (1.0 / g.cell) * (q - g.origin);
  const int i = int(sdf_clamp(floor(u.x), 0.0, Real(g.nx - 2)));
  const int j = int(sdf_clamp(floor(u.y), 0.0, Real(g.ny - 2)));
  const int k = int(sdf_clamp(floor(u.z), 0.0, Real(g.nz - 2)));
  const Real fx = u.x - Real(i), fy = u.y - Real(j), fz = u.z - Real(k);
  auto at = [&](int di, int dj, int dk) { return Real(g.phi[sdf_node_index(g, i + di, j + dj, k + dk)]); };
  const Real c000 = at(0, 0, 0), c100 = at(1, 0, 0), c010 = at(0, 1, 0), c110 = at(1, 1, 0);
  const Real c001 = at(0, 0, 1), c101 = at(1, 0, 1), c011 = at(0, 1, 1), c111 = at(1, 1, 1);
  // Interpolate along x, then y, then z; differentiate each stage for the gradient.
  const Real c00 = c000 + fx * (c100 - c000), c10 = c010 + fx * (c110 - c010);
  const Real c01 = c001 + fx * (c101 - c001), c11 = c011 + fx * (c111 - c011);
  const Real c0 = c00 + fy * (c10 - c00), c1 = c01 + fy * (c11 - c01);
  const Real phi = c0 + fz * (c1 - c0);
  const Real dx0 = (c100 - c000) + fy * ((c110 - c010) - (c100 - c000));
  const Real dx1 = (c101 - c001) + fy * ((c111 - c011) - (c101 - c001));
  const Vec3 grad_in = (1.0 / g.cell) * Vec3{dx0 + fz * (dx1 - dx0), (c10 - c00) + fz * ((c11 - c01) - (c10 - c00)),
                                             c1 - c0};
  const Vec3 outside = p - q;
  const Real d_out = length(outside);
  if (d_out <= 0.0) return {phi, grad_in};
  return {phi + d_out, (1.0 / d_out) * outside};
}

}  // namespace sim
