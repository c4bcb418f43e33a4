// Issue 51 item 8: CPU against CUDA at sizes where the device's layouts matter — a 128² cloth on the
// bunny (16,384 particles), a 48,778-particle fluid column, the 30-layer capsule stack (61 bodies) — by what
// each measures, with the tolerances stated beside each check; and the 388² drape at its CUDA default
// against 20 substeps (issue 52 item 8). Runs where a CUDA device exists
// (scripts/gpu-check.sh); reported skipped elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "assets/asset_path.h"
#include "need_asset.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

// Both backends stepped `frames` frames of `s`; the last frame's metrics of each.
std::pair<FrameMetrics, FrameMetrics> run_both(const std::string& scene, const ParamValues& params,
                                               const Settings& s, int frames) {
  World cpu(test::build_scene(scene, params), BackendKind::Cpu);
  World gpu(test::build_scene(scene, params), BackendKind::Cuda);
  FrameResult a{}, b{};
  for (int f = 0; f < frames; ++f) {
    a = step_and_measure(cpu, s);
    b = step_and_measure(gpu, s);
    if (a.divergence || b.divergence) ADD_FAILURE() << scene << " diverged at frame " << f;
    if (a.divergence || b.divergence) break;
  }
  return {a.metrics, b.metrics};
}

// The 128² drape 1 s in, 30 × 1, landed on the bunny: its mean stretch within 20 % (contacts' stick/slip
// amplify rounding), no point deeper than a tenth of the particle radius, the centre of mass within 1 %.
TEST(AgreementAtScale, BunnyCloth128MeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const auto [a, b] = run_both("bunny_cloth", {{"resolution", 128}}, test::make_settings(30, 1), 60);
  EXPECT_NEAR(a.stretch_mean, b.stretch_mean, 0.2 * a.stretch_mean);
  EXPECT_LT(b.max_penetration, 2.0 * a.max_penetration + 1e-4);  // [m]
  EXPECT_NEAR(a.gravitational, b.gravitational, 0.01 * std::abs(a.gravitational));
}

// A 48,778-particle column (59 layers) 1 s into its collapse, 10 × 1, the cells walk CUDA defaults to: the
// centre of mass within 2 %, the mean density error within half its value, the volume within 1 %.
TEST(AgreementAtScale, FluidColumn50kMeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const ParamValues column{{"spacing", 1.2 / 59}, {"neighbour_walk", "cells"}};
  const auto [a, b] = run_both("fluid_column", column, test::make_settings(10, 1), 60);
  EXPECT_NEAR(a.gravitational, b.gravitational, 0.02 * std::abs(a.gravitational));
  EXPECT_NEAR(a.density_error_mean, b.density_error_mean, 0.5 * a.density_error_mean + 1e-4);
  EXPECT_NEAR(a.fluid_volume, b.fluid_volume, 0.01 * a.fluid_volume);
}

// The 30-layer stack after 2 s at 100 × 1: the box's height within 1 cm, the contact forces summing to the
// same load within 2 %, no contact deeper than twice the CPU's plus 1 mm.
TEST(AgreementAtScale, CapsuleStack30LayersMeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const auto [a, b] = run_both("capsule_stack", {{"layers", 30}}, test::make_settings(100, 1), 120);
  EXPECT_NEAR(a.tracked_body_height, b.tracked_body_height, 0.01);  // [m]
  EXPECT_NEAR(a.contact_force, b.contact_force, 0.02 * a.contact_force);
  EXPECT_LT(b.contact_depth_max, 2.0 * a.contact_depth_max + 1e-3);  // [m]
}

// The paper-scale drape at its CUDA defaults (388², 100 × 1: bunny_cloth's cuda_settings) holds its landing
// on the ear tips — worst edge at 0.71 of the failure bound, measured on the CPU (docs/SCENES.md,
// bunny_landing) — while the old default of 20 × 1 tears there (95 mm on an H100 against a bound of twice
// the 4.1 mm edge), over the landing's first 60 frames on the device (issue 52 item 8).
TEST(AgreementAtScale, BunnyCloth388HoldsAtItsCudaDefaultAndTearsAtTwenty) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  SMALLSTEPS_NEED_ASSET(!find_asset("stanford-bunny.obj").path.empty(), "stanford-bunny.obj");
  const SceneDef& bunny = find_scene("bunny_cloth");
  ParamSet params = bunny.default_params();
  params.use_device_defaults(true);
  ASSERT_EQ(params.get_int("resolution"), 388);
  ParamSet values("settings", settings_table());
  bunny.use_setting_defaults(values, true);
  const Settings defaults = settings_from_params(values);
  ASSERT_EQ(defaults.substeps, 100);
  Settings twenty = defaults;
  twenty.substeps = 20;
  const auto worst = [&](const Settings& s) -> double {  // the largest extension over its bound, 60 frames
    World world(bunny.build(params), BackendKind::Cuda);
    double over = 0.0;
    for (int f = 0; f < 60; ++f) {
      const FrameResult r = step_and_measure(world, s);
      if (r.divergence) return INFINITY;
      over = std::max(over, r.metrics.extension_over_bound);
    }
    return over;
  };
  EXPECT_LT(worst(defaults), 1.0) << "100 x 1 holds";
  EXPECT_GT(worst(twenty), 1.0) << "20 x 1 tears";
}

}  // namespace
}  // namespace sim
