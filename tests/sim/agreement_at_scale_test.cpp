// Issue 51 item 8: CPU against CUDA at sizes where the device's layouts matter — a 128² cloth on the
// bunny (16,384 particles), a 48,778-particle fluid column, the 30-layer capsule stack (61 bodies) — by what
// each measures, with the tolerances stated beside each check; and the 388² drape at its CUDA default
// against 20 substeps (issue 52 item 8). Runs where a CUDA device exists
// (scripts/gpu-check.sh); reported skipped elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "assets/asset_path.h"
#include "need_asset.h"
#include "test_util.h"
#include "world/frame_step.h"

namespace sim {
namespace {

// The CPU in this build's scalar and CUDA stepped `frames` frames of `s`, each one's metrics over the last
// `window` frames. A jittering stack or a splashing fluid is measured over a window: the 30-layer stack's
// contact forces swung from 27 to 52 kN between frames, and the column's density error 2-3 times, in
// either scalar (the float core's CPU against the double CPU, 2-core AMD EPYC, 2026-11-28), so that one
// frame's values were 5.3 % and 3.3 times apart where the last second's means were within 0.4 %.
struct Runs {
  std::vector<FrameMetrics> cpu, cuda;
};
Runs run_both(const std::string& scene, const ParamValues& params, const Settings& s, int frames, int window) {
  World cpu(test::build_scene(scene, params), BackendKind::Cpu);
  World gpu(test::build_scene(scene, params), BackendKind::Cuda);
  Runs runs;
  for (int f = 0; f < frames; ++f) {
    const FrameResult a = step_and_measure(cpu, s), b = step_and_measure(gpu, s);
    if (a.divergence || b.divergence) ADD_FAILURE() << scene << " diverged at frame " << f;
    if (a.divergence || b.divergence) break;
    if (f < frames - window) continue;
    runs.cpu.push_back(a.metrics);
    runs.cuda.push_back(b.metrics);
  }
  return runs;
}

// The mean of a measure over a run's window.
template <class Field>
double mean_of(const std::vector<FrameMetrics>& window, Field field) {
  double sum = 0.0;
  for (const FrameMetrics& m : window) sum += double(m.*field);
  return window.empty() ? 0.0 : sum / double(window.size());
}

// The 128² drape 1 s in, 30 × 1, landed on the bunny: its mean stretch within 20 % (contacts' stick/slip
// amplify rounding), no point deeper than a tenth of the particle radius, the centre of mass within 1 %.
TEST(AgreementAtScale, BunnyCloth128MeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const Runs r = run_both("bunny_cloth", {{"resolution", 128}}, test::make_settings(30, 1), 60, 1);
  const FrameMetrics &a = r.cpu.back(), &b = r.cuda.back();
  EXPECT_NEAR(a.stretch_mean, b.stretch_mean, 0.2 * a.stretch_mean);
  EXPECT_LT(b.max_penetration, 2.0 * a.max_penetration + 1e-4);  // [m]
  EXPECT_NEAR(a.gravitational, b.gravitational, 0.01 * std::abs(a.gravitational));
}

// A 48,778-particle column (59 layers) in the second half-second of its collapse, 10 × 1, the cells walk
// CUDA defaults to, over those 30 frames: the centre of mass within 2 %, the mean density error within half
// its value, the volume within 1 %.
TEST(AgreementAtScale, FluidColumn50kMeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const ParamValues column{{"spacing", 1.2 / 59}, {"neighbour_walk", "cells"}};
  const Runs r = run_both("fluid_column", column, test::make_settings(10, 1), 60, 30);
  const double gravitational = mean_of(r.cpu, &FrameMetrics::gravitational);
  EXPECT_NEAR(gravitational, mean_of(r.cuda, &FrameMetrics::gravitational), 0.02 * std::abs(gravitational));
  const double density = mean_of(r.cpu, &FrameMetrics::density_error_mean);
  EXPECT_NEAR(density, mean_of(r.cuda, &FrameMetrics::density_error_mean), 0.5 * density + 1e-4);
  const double volume = mean_of(r.cpu, &FrameMetrics::fluid_volume);
  EXPECT_NEAR(volume, mean_of(r.cuda, &FrameMetrics::fluid_volume), 0.01 * volume);
}

// The 30-layer stack in its second second at 100 × 1, over those 60 frames: the box's height within 1 cm,
// the contact forces summing to the same load within 2 %, no contact deeper than twice the CPU's deepest
// plus 1 mm.
TEST(AgreementAtScale, CapsuleStack30LayersMeasuresAlike) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const Runs r = run_both("capsule_stack", {{"layers", 30}}, test::make_settings(100, 1), 120, 60);
  EXPECT_NEAR(mean_of(r.cpu, &FrameMetrics::tracked_body_height), mean_of(r.cuda, &FrameMetrics::tracked_body_height),
              0.01);  // [m]
  const double force = mean_of(r.cpu, &FrameMetrics::contact_force);
  EXPECT_NEAR(force, mean_of(r.cuda, &FrameMetrics::contact_force), 0.02 * force);
  const auto deepest = [](const std::vector<FrameMetrics>& w) {
    double d = 0.0;
    for (const FrameMetrics& m : w) d = std::max(d, double(m.contact_depth_max));
    return d;
  };
  EXPECT_LT(deepest(r.cuda), 2.0 * deepest(r.cpu) + 1e-3);  // [m]
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
