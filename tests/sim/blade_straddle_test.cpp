// A cloth dropped across a thin blade (Small Steps §4.3 contacts; issue 10 item 4): the blade, 3 mm thick,
// falls between two rows of particles whose contact spheres leave a 6 mm gap, so particle contacts alone
// let it cut through the cloth (the straddle of a bunny's ear). The stretch edges touch the collider at
// their midpoints (families/common/contact_stages.h), so the cloth must hang on the blade's top instead. The same
// cloth with its edges marked as non-colliding is the negative control: the blade cuts through it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mesh/sdf_build.h"
#include "registry/frame_metrics.h"
#include "test_util.h"

namespace sim {
namespace {

constexpr Real kHalfLength = 0.1, kHeight = 0.1, kHalfThickness = 0.0015;  // the blade [m]
constexpr int kSide = 20;                                                  // particles per cloth side
constexpr Real kClothSize = 0.3, kSpacing = kClothSize / (kSide - 1);      // [m]

// Exact distance to the box |x| ≤ a, 0 ≤ y ≤ h, |z| ≤ t on a 1.5 mm grid.
SdfGrid blade_field() {
  SdfGrid g;
  g.cell = 0.0015;
  g.origin = {-0.13, -0.02, -0.03};
  g.nx = 174, g.ny = 102, g.nz = 41;
  g.phi.resize(size_t(g.nx) * g.ny * g.nz);
  const Vec3 centre{0.0, 0.5 * kHeight, 0.0}, half{kHalfLength, 0.5 * kHeight, kHalfThickness};
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        const Vec3 p = sdf_node_position(g, i, j, k) - centre;
        const Vec3 q{std::abs(p.x) - half.x, std::abs(p.y) - half.y, std::abs(p.z) - half.z};
        const Vec3 outside{std::fmax(q.x, 0.0), std::fmax(q.y, 0.0), std::fmax(q.z, 0.0)};
        g.phi[sdf_node_index(g, i, j, k)] =
            float(length(outside) + std::fmin(std::fmax(q.x, std::fmax(q.y, q.z)), 0.0));
      }
  return g;
}

// A kSide² cloth (stretch, shear, bend) released 5 cm above the blade, its middle rows at z = ±s/2.
World cloth_over_blade(DistanceKind edge_kind) {
  ModelBuilder b;
  const SdfGrid field = blade_field();
  SdfCollider c;
  c.enabled = true;
  c.sdf = field.view();
  c.margin = 0.005;
  b.set_collider(c, field.phi, {});
  const Real radius = 0.3 * kSpacing, mass = 0.1 * kClothSize * kClothSize / (kSide * kSide);
  for (int j = 0; j < kSide; ++j)
    for (int i = 0; i < kSide; ++i)
      b.add_particle({-0.5 * kClothSize + i * kSpacing, kHeight + 0.05, -0.5 * kClothSize + j * kSpacing},
                     mass, radius);
  const auto id = [](int i, int j) { return j * kSide + i; };
  for (int j = 0; j < kSide; ++j)
    for (int i = 0; i < kSide; ++i) {
      if (i + 1 < kSide) b.add_distance(id(i, j), id(i + 1, j), 1e-7, 0.0, -1.0, edge_kind);
      if (j + 1 < kSide) b.add_distance(id(i, j), id(i, j + 1), 1e-7, 0.0, -1.0, edge_kind);
      if (i + 1 < kSide && j + 1 < kSide) {
        b.add_distance(id(i, j), id(i + 1, j + 1), 1e-7, 0.0, -1.0, DistanceKind::Shear);
        b.add_distance(id(i + 1, j), id(i, j + 1), 1e-7, 0.0, -1.0, DistanceKind::Shear);
      }
      if (i + 2 < kSide) b.add_distance(id(i, j), id(i + 2, j), 0.1, 0.0, -1.0, DistanceKind::Bend);
      if (j + 2 < kSide) b.add_distance(id(i, j), id(i, j + 2), 0.1, 0.0, -1.0, DistanceKind::Bend);
    }
  return World(b.finalize(), BackendKind::Cpu);
}

// The lowest midpoint of the grid edges between the two middle rows (j = kSide/2 − 1 and kSide/2) where
// they cross the blade's plane z = 0 over its length: above the top (y = kHeight) when the cloth hangs
// on it, below when the blade cuts between the particles.
Real lowest_crossing(const World& world, const State& s) {
  const Model& m = world.model();
  Real lowest = 1e9;
  for (int k = 0; k < m.distance_count(); ++k) {
    const Int2 e = m.distance.particles[size_t(k)];
    if (std::abs(e.b - e.a) != kSide || std::min(e.a, e.b) / kSide != kSide / 2 - 1) continue;
    const Vec3 a = s.particle_x[size_t(e.a)], b = s.particle_x[size_t(e.b)];
    const Vec3 mid = 0.5 * (a + b);
    if (a.z * b.z < 0.0 && std::abs(mid.x) < kHalfLength - kSpacing) lowest = std::fmin(lowest, mid.y);
  }
  return lowest;
}

TEST(BladeStraddle, ClothHangsOnAThinBladeInsteadOfStraddlingIt) {
  const Settings s = test::make_settings(30, 1);
  World world = cloth_over_blade(DistanceKind::Stretch);
  test::run_frames(world, s, 60);
  const State& st = world.state();
  EXPECT_GT(lowest_crossing(world, st), kHeight) << "an edge across the blade sits below its top: straddled";
  const FrameMetrics m = measure(world.model(), st, s.substep_dt());
  EXPECT_LT(m.max_penetration, 1e-3) << "particles or edge midpoints inside the blade";
  EXPECT_LT(m.stretch_max, 0.10);
}

TEST(BladeStraddle, WithoutEdgeContactsTheBladeCutsBetweenTheParticles) {
  const Settings s = test::make_settings(30, 1);
  World world = cloth_over_blade(DistanceKind::Other);
  test::run_frames(world, s, 60);
  EXPECT_LT(lowest_crossing(world, world.state()), kHeight - 0.01);
}

}  // namespace
}  // namespace sim
