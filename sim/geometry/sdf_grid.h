// A signed distance field φ on a regular grid (negative inside the surface), sampled by trilinear
// interpolation with the exact gradient of the interpolant. Written once for both backends: the view
// holds a pointer to host or device values. Used by the collider contacts (Small Steps §4.3, Eq. 10
// with C = φ(x) − r) and by the penetration metric.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/hd.h"
#include "core/index.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// Grid node (i, j, k) sits at origin + cell·(i, j, k); φ is stored x fastest: phi[(k·ny + j)·nx + i].
struct SdfGridView {
  const float* phi = nullptr;  // [m], nx·ny·nz values
  Vec3 origin{};               // [m]
  Real cell = 0.0;             // node spacing [m]
  int nx = 0, ny = 0, nz = 0;  // nodes per axis (≥ 2 each)
  // Per brick of kSdfSlopeBrick³ cells, a bound on |∇φ| there and one cell around (sdf_slope_bricks) [-];
  // null: none given, and nothing is concluded from it.
  const float* slope = nullptr;
};

// The cells a slope bound covers along each axis (the brick's, plus one on every side).
inline constexpr int kSdfSlopeBrick = 8;

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
  Real phi;   // signed distance [m]
  Vec3 grad;  // ∇φ [-]: unit length on a true distance field, not renormalised here
  Int3 cell;  // the cell interpolated (the box point's, outside the grid); 0 for a non-finite point
};

SIM_HD Real sdf_clamp(Real v, Real lo, Real hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Trilinear φ and its gradient at p. Outside the grid box, φ is the value at the nearest point of the
// box plus the distance to the box, with the gradient pointing away from the box: far from the mesh it
// only needs to say "outside, and at least about this far".
SIM_HD SdfSample sample_sdf(const SdfGridView& g, Vec3 p) {
  // A diverged (non-finite) point is "far outside, no direction": no contact is made with it and the
  // divergence check reports it after the frame, instead of an index computed from NaN.
  if (!is_finite(p)) return {1e30, {0.0, 0.0, 0.0}, {0, 0, 0}};
  const Vec3 hi_corner = sdf_node_position(g, g.nx - 1, g.ny - 1, g.nz - 1);
  const Vec3 q{sdf_clamp(p.x, g.origin.x, hi_corner.x), sdf_clamp(p.y, g.origin.y, hi_corner.y),
               sdf_clamp(p.z, g.origin.z, hi_corner.z)};
  const Vec3 u = (1.0 / g.cell) * (q - g.origin);
  const int i = int(sdf_clamp(floor(u.x), 0.0, Real(g.nx - 2)));
  const int j = int(sdf_clamp(floor(u.y), 0.0, Real(g.ny - 2)));
  const int k = int(sdf_clamp(floor(u.z), 0.0, Real(g.nz - 2)));
  const Int3 cell{i, j, k};
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
  if (d_out <= 0.0) return {phi, grad_in, cell};
  return {phi + d_out, (1.0 / d_out) * outside, cell};
}

// Bricks of kSdfSlopeBrick³ cells along each axis of a grid of nodes − 1 cells.
SIM_HD int sdf_slope_bricks_along(int nodes) { return (nodes - 1 + kSdfSlopeBrick - 1) / kSdfSlopeBrick; }

// The slope bound of the brick holding cell c (given g.slope).
SIM_HD Real sdf_slope_at(const SdfGridView& g, Int3 c) {
  const int bx = sdf_slope_bricks_along(g.nx), by = sdf_slope_bricks_along(g.ny);
  const int brick = (c.c / kSdfSlopeBrick * by + c.b / kSdfSlopeBrick) * bx + c.a / kSdfSlopeBrick;
  return Real(g.slope[brick]);
}

// Per brick, a Lipschitz bound of sample_sdf between two points less than a cell apart of which the
// first lies in the brick (its box point, if outside the grid). Inside a cell each component of the
// trilinear gradient is a convex combination of the cell's four node differences along its axis, so
// |∂φ/∂x| is at most the largest |Δφ| between x-neighbours of the cell over the cell size, and likewise
// for y and z; φ is continuous across cells, and a segment shorter than a cell stays within the
// neighbouring cells, which the brick's bound takes in. Outside the box φ is φ at the nearest box point
// (a projection, which moves less than the point) plus the distance to the box (1-Lipschitz): one more.
// A true distance field gives about √3 + 1; a mesh with holes flips the sign of φ across some cells, and
// only the bricks around them get a large bound. Rounded up to float. Host only: it reads every node.
inline std::vector<float> sdf_slope_bricks(const SdfGridView& g) {
  const int bx = sdf_slope_bricks_along(g.nx), by = sdf_slope_bricks_along(g.ny),
            bz = sdf_slope_bricks_along(g.nz);
  std::vector<float> slope(size_t(bx) * size_t(by) * size_t(bz));
  const auto phi = [&](int i, int j, int k) { return Real(g.phi[sdf_node_index(g, i, j, k)]); };
  for (int kb = 0; kb < bz; ++kb)
    for (int jb = 0; jb < by; ++jb)
      for (int ib = 0; ib < bx; ++ib) {
        // the nodes of the brick's cells and one cell around, clamped to the grid
        const int i0 = std::max(ib * kSdfSlopeBrick - 1, 0),
                  i1 = std::min((ib + 1) * kSdfSlopeBrick + 1, g.nx - 1);
        const int j0 = std::max(jb * kSdfSlopeBrick - 1, 0),
                  j1 = std::min((jb + 1) * kSdfSlopeBrick + 1, g.ny - 1);
        const int k0 = std::max(kb * kSdfSlopeBrick - 1, 0),
                  k1 = std::min((kb + 1) * kSdfSlopeBrick + 1, g.nz - 1);
        Real d[3] = {0.0, 0.0, 0.0};  // the largest |Δφ| along x, y, z [m]
        for (int k = k0; k <= k1; ++k)
          for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) {
              if (i < i1) d[0] = max_number(d[0], std::fabs(phi(i + 1, j, k) - phi(i, j, k)));
              if (j < j1) d[1] = max_number(d[1], std::fabs(phi(i, j + 1, k) - phi(i, j, k)));
              if (k < k1) d[2] = max_number(d[2], std::fabs(phi(i, j, k + 1) - phi(i, j, k)));
            }
        const Real bound = length(Vec3{d[0], d[1], d[2]}) / g.cell + 1.0;
        float f = float(bound);
        if (Real(f) < bound) f = std::nextafter(f, INFINITY);
        slope[(size_t(kb) * size_t(by) + size_t(jb)) * size_t(bx) + size_t(ib)] = f;
      }
  return slope;
}

}  // namespace SIM_PRECISION
}  // namespace sim
