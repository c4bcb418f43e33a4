// Helpers shared by the sim tests: build a registered scene with parameter overrides and run it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "registry/frame_metrics.h"
#include "scenes/scene.h"
#include "world/world.h"

namespace sim::test {

// A tolerance stated for each build of the core: `in_double` where Real is double, `in_float` where the core
// computes in float (-DSMALLSTEPS_REAL=float, core/vec3.h), whose results carry a float's rounding.
#if SIM_REAL_FLOAT
constexpr double by_precision(double, double in_float) { return in_float; }
#else
constexpr double by_precision(double in_double, double) { return in_double; }
#endif

inline Built build_scene(const std::string& name, const ParamValues& overrides = {}) {
  const SceneDef& scene = find_scene(name);
  ParamSet p = scene.default_params();
  for (const auto& [key, value] : overrides) p.set(key, value);
  return scene.build(p);
}

// Small sizes of each scene (the bunny at 32², its SDF at 64 cells, a 200-tet beam) for the tests that run
// every scene on every backend.
inline Built build_small_scene(const std::string& name) {
  return build_scene(
      name, name == "bunny_cloth" ? ParamValues{{"resolution", 32}, {"sdf_resolution", 64}}
            : name == "hanging_cloth" ? ParamValues{{"width", 24}, {"height", 24}}
            : name == "fem_beam"      ? ParamValues{{"cells_length", 10},
                                                                      {"cells_height", 2},
                                                                      {"cells_width", 2},
                                                                      {"length", 1.0},
                                                                      {"height", 0.2},
                                                                      {"width", 0.2}}
            : name == "fluid_column"  ? ParamValues{{"spacing", 0.06}}  // 10 × 20 × 10
                                      : ParamValues{});
}

inline std::vector<std::string> scene_names() {
  std::vector<std::string> names;
  for (const SceneDef& scene : scene_registry()) names.push_back(scene.name);
  return names;
}

// The CPU, and CUDA where a device is present.
inline std::vector<BackendKind> backends_here() {
  std::vector<BackendKind> kinds{BackendKind::Cpu};
  if (cuda_availability().available) kinds.push_back(BackendKind::Cuda);
  return kinds;
}

inline Settings make_settings(int substeps, int iterations, SolverOrder order = SolverOrder::GaussSeidel) {
  Settings s;
  s.substeps = substeps;
  s.iterations = iterations;
  s.order = order;
  return s;
}

inline void run_frames(World& world, const Settings& s, int frames) {
  for (int f = 0; f < frames; ++f) world.step(s);
}

// Kinetic plus gravitational energy [J], the "system energy" of Small Steps Figure 6.
inline double mechanical_energy(const Model& model, const State& state) {
  const FrameMetrics m = measure(model, state, 0.0);
  return m.kinetic + m.gravitational;
}

}  // namespace sim::test
