// Plausibility checks of a grid's φ against its mesh; see sdf_check.h.
#include "mesh/sdf_check.h"

#include <cmath>
#include <cstdio>

#include "mesh/bvh.h"
#include "mesh/pseudo_normals.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr int kSpotNodes = 48;
constexpr Real kGoldenFraction = 0.6180339887498949;  // (√5 − 1)/2: successive multiples fill [0, 1) evenly

std::string number(Real x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

std::string node_text(size_t node, Real phi) {
  return "node " + std::to_string(node) + " (φ = " + number(phi) + ")";
}

}  // namespace

std::optional<std::string> sdf_payload_problem(const TriangleMesh& mesh, const SdfGrid& g) {
  const size_t nodes = size_t(g.nx) * size_t(g.ny) * size_t(g.nz);
  if (g.phi.size() != nodes)
    return "the grid holds " + std::to_string(g.phi.size()) + " values for " + std::to_string(nodes) +
           " nodes";
  const Real diagonal = g.cell * length(Vec3{Real(g.nx - 1), Real(g.ny - 1), Real(g.nz - 1)});
  const Real farthest = diagonal * (1.0 + 1e-6);  // [m] with room for the rounding to float
  for (size_t n = 0; n < nodes; ++n) {
    if (!std::isfinite(g.phi[n])) return node_text(n, g.phi[n]) + " is not finite";
    if (std::fabs(g.phi[n]) > farthest)
      return node_text(n, g.phi[n]) + " is farther than the grid's diagonal";
  }
  const TriangleBvh bvh = build_triangle_bvh(mesh);
  const PseudoNormals normals = compute_pseudo_normals(mesh);
  for (int s = 0; s < kSpotNodes; ++s) {
    const auto n = size_t(std::fmod(0.5 + s * kGoldenFraction, 1.0) * Real(nodes));
    const int i = int(n % size_t(g.nx)), j = int(n / size_t(g.nx) % size_t(g.ny)),
              k = int(n / (size_t(g.nx) * size_t(g.ny)));
    const Vec3 p = sdf_node_position(g, i, j, k);
    const Real exact = signed_distance(normals, mesh, p, closest_triangle(bvh, p));
    // Stored as float; the search may also reach an equally near triangle by another path.
    const Real tolerance = 1e-6 * std::fabs(exact) + 1e-5 * g.cell;
    if (std::fabs(g.phi[n] - exact) > tolerance) {
      return node_text(n, g.phi[n]) + " differs from the exact signed distance " + number(exact);
    }
  }
  return std::nullopt;
}

}  // namespace SIM_PRECISION
}  // namespace sim
