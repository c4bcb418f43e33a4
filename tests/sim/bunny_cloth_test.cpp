// The cloth-on-bunny scene (Small Steps Figure 1, §4.2-4.4) against physical bounds: no particle sinks
// into the bunny, friction brings the draped cloth to rest while a frictionless cloth slides off a steep
// slope, 30 substeps × 1 iteration stretch far less than 1 × 30 at equal cost (equal projections), and
// self-collision keeps two stacked layers apart. Small cloths keep each test to seconds on two cores.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "assets/asset_path.h"
#include "test_util.h"
#include "need_asset.h"

namespace sim {
namespace {

using Overrides = ParamValues;

bool bunny_available() { return !find_asset("stanford-bunny.obj").path.empty(); }

World bunny_world(Overrides overrides) {
  overrides.emplace("resolution", 32);
  overrides.emplace("sdf_resolution", 64);
  return World(test::build_scene("bunny_cloth", overrides), BackendKind::Cpu);
}

FrameMetrics run_and_measure(World& world, const Settings& s, int frames) {
  test::run_frames(world, s, frames);
  EXPECT_FALSE(check_divergence(world.model(), world.state()).has_value());
  return measure(world.model(), world.state(), s.substep_dt());
}

Real cloth_radius(const World& world) { return world.model().particle_radius[0]; }

TEST(BunnyCloth, UsesTheBunnyWhenItsFileIsFound) {
  SMALLSTEPS_NEED_ASSET(bunny_available(), "stanford-bunny.obj");
  World world = bunny_world({});
  // No note: not that the bunny is unavailable, nor about the scan's holes (closed when its field is built).
  EXPECT_TRUE(world.model().notes.empty()) << world.model().notes[0];
  EXPECT_GT(world.model().collider_mesh.triangles.size(), 60000u);
}

TEST(BunnyCloth, NoParticleSinksIntoTheBunny) {
  SMALLSTEPS_NEED_ASSET(bunny_available(), "stanford-bunny.obj");
  World world = bunny_world({});
  const FrameMetrics m = run_and_measure(world, test::make_settings(30, 1), 150);
  EXPECT_LT(m.max_penetration, 0.1 * cloth_radius(world))
      << "a particle overlaps the bunny by " << m.max_penetration << " m (radius " << cloth_radius(world) << " m)";
}

// The particles lying on the collider (within 5 mm of touching it) and their root-mean-square speed.
struct Touching {
  int count = 0;
  double rms_speed = 0.0;  // [m/s]
};

Touching touching_particles(World& world) {
  const Model& m = world.model();
  const SdfCollider collider = m.bound_collider();
  Touching t;
  double sum_sq = 0.0;
  for (size_t i = 0; i < world.state().particle_x.size(); ++i) {
    if (collider.sample(world.state().particle_x[i]).phi - m.particle_radius[i] > 0.005) continue;
    ++t.count;
    sum_sq += length_squared(world.state().particle_v[i]);
  }
  t.rms_speed = t.count > 0 ? std::sqrt(sum_sq / t.count) : 0.0;
  return t;
}

// Friction holds the draped cloth still on the bunny, while without friction the cloth slides off it
// entirely. The free edges may still swing in the air: there is no air drag, so only the part on the
// bunny is asked to rest.
TEST(BunnyCloth, FrictionHoldsTheDrapedClothAtRestAndWithoutItTheClothSlidesOff) {
  SMALLSTEPS_NEED_ASSET(bunny_available(), "stanford-bunny.obj");
  World rough = bunny_world({{"friction_static", 0.8}, {"friction_dynamic", 0.8}});
  World smooth = bunny_world({{"friction_static", 0.0}, {"friction_dynamic", 0.0}});
  run_and_measure(rough, test::make_settings(30, 1), 240);
  run_and_measure(smooth, test::make_settings(30, 1), 240);
  const Touching held = touching_particles(rough), slid = touching_particles(smooth);
  // The cloth lands at about 2.2 m/s; at rest after 4 s, the part on the bunny moves 100 times slower.
  EXPECT_GT(held.count, 40) << "with friction the cloth should still lie on the bunny";
  EXPECT_LT(held.rms_speed, 0.022) << held.count << " particles on the bunny move at " << held.rms_speed << " m/s rms";
  EXPECT_LT(slid.count, held.count / 10) << "without friction " << slid.count << " particles stayed on the bunny";
}

// A cloth dropped off-centre onto a sphere: its centre lands where the surface slopes at ~45°.
double final_offset(double friction) {
  World world(test::build_scene("bunny_cloth", {{"collider", "sphere"},
                                                {"resolution", 16},
                                                {"cloth_size", 0.5},
                                                {"cloth_height", 1.1},
                                                {"cloth_offset_x", 0.4},
                                                {"friction_static", friction},
                                                {"friction_dynamic", friction},
                                                {"sdf_resolution", 64}}),
              BackendKind::Cpu);
  test::run_frames(world, test::make_settings(20, 1), 180);
  double x = 0.0;
  for (const Vec3& p : world.state().particle_x) x += p.x;
  return x / double(world.state().particle_x.size());
}

TEST(BunnyCloth, OnASphereFrictionlessClothSlidesDownTheSlopeWhileFrictionHoldsIt) {
  const double held = final_offset(1.5), slid = final_offset(0.0);
  EXPECT_LT(held, 0.5) << "with μ = 1.5 the cloth should stay on the sphere (radius 0.5 m)";
  EXPECT_GT(slid, 0.6) << "with μ = 0 the cloth should slide down the side of the sphere";
}

// Small Steps Figure 1 at 32²: measured 0.21 % against 0.82 % mean stretch (the soft bending projected
// before the stretch edges in every sweep, model/colouring.h, helps the iterations most).
TEST(BunnyCloth, SubstepsStretchFarLessThanIterationsAtEqualCost) {
  SMALLSTEPS_NEED_ASSET(bunny_available(), "stanford-bunny.obj");
  World substeps = bunny_world({}), iterations = bunny_world({});
  const FrameMetrics a = run_and_measure(substeps, test::make_settings(30, 1), 90);
  const FrameMetrics b = run_and_measure(iterations, test::make_settings(1, 30), 90);
  EXPECT_LT(a.stretch_mean, 0.33 * b.stretch_mean)
      << "mean stretch 30x1 " << a.stretch_mean << ", 1x30 " << b.stretch_mean;
  EXPECT_LT(a.stretch_max, b.stretch_max);
}

// The closest distance between a particle of the upper layer and one of the lower, and the upper
// layer's mean height above the lower's.
struct LayerGap {
  double closest;  // [m]
  double mean_height;  // [m]
};

LayerGap stacked_layers_gap(bool self_collision) {
  World world(test::build_scene("bunny_cloth", {{"layers", 2},
                                                {"resolution", 16},
                                                {"cloth_size", 0.5},
                                                {"cloth_height", 0.3},
                                                {"cloth_offset_x", 5.0},
                                                {"self_collision", self_collision ? 1.0 : 0.0},
                                                {"sdf_resolution", 32}}),
              BackendKind::Cpu);
  test::run_frames(world, test::make_settings(20, 1), 90);
  const auto& x = world.state().particle_x;
  const size_t per_layer = x.size() / 2;
  LayerGap gap{1e9, 0.0};
  for (size_t i = per_layer; i < x.size(); ++i) {
    for (size_t j = 0; j < per_layer; ++j) gap.closest = std::min(gap.closest, double(length(x[i] - x[j])));
    gap.mean_height += (x[i].y - x[i - per_layer].y) / double(per_layer);
  }
  return gap;
}

TEST(SelfCollision, KeepsTwoStackedLayersApart) {
  World probe(test::build_scene("bunny_cloth", {{"resolution", 16}, {"cloth_size", 0.5}, {"sdf_resolution", 32}}),
              BackendKind::Cpu);
  const double contact = 2.0 * probe.model().particle_radius[0];
  const LayerGap with = stacked_layers_gap(true), without = stacked_layers_gap(false);
  EXPECT_GT(with.closest, 0.8 * contact) << "layers came within " << with.closest << " m (contact " << contact << ")";
  // The upper layer's particles settle into the hollows between four lower ones, s/√2 away sideways
  // (s = 2r, the grid spacing): √(s² − s²/2) ≈ 0.71 s above them.
  EXPECT_GT(with.mean_height, 0.6 * contact);
  EXPECT_LT(without.mean_height, 0.2 * contact) << "without self-collision the layers should fall through";
}

}  // namespace
}  // namespace sim
