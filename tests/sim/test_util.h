// Helpers shared by the sim tests: build a registered scene with parameter overrides and run it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#if SMALLSTEPS_FLOAT_CORE
#include "backend/float_bridge.h"
#endif

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

// A backend a test runs on: its name, the scalar it computes in ("double" or "float"), and the solver it makes.
struct TestBackend {
  std::string name;
  std::string scalar;
  BackendKind kind;
  std::function<SelectedBackend()> make;
};
// The CPU in this build's scalar; the CPU in the float core beside the double one, where the build has it
// (backend/float_bridge.h: FP32 against FP64); CUDA where a device is present.
inline std::vector<TestBackend> backends_here() {
  std::vector<TestBackend> kinds{{"cpu", sizeof(Real) == sizeof(float) ? "float" : "double", BackendKind::Cpu,
                                  [] { return select_backend(BackendKind::Cpu); }}};
#if SMALLSTEPS_FLOAT_CORE
  kinds.push_back({"cpu (float core)", "float", BackendKind::Cpu, [] {
                     return SelectedBackend{make_float_solver(false), BackendKind::Cpu, "cpu (float core)"};
                   }});
#endif
  if (cuda_availability().available)
    kinds.push_back({"cuda", cuda_scalar(), BackendKind::Cuda, [] { return select_backend(BackendKind::Cuda); }});
  return kinds;
}
// The backends to hold against the CPU in this build's scalar: backends_here() but the first.
inline std::vector<TestBackend> other_backends() {
  std::vector<TestBackend> others = backends_here();
  others.erase(others.begin());
  return others;
}
inline std::string no_other_backend() {
  return "no CUDA device (" + cuda_availability().detail + ") and no float core beside this build's core";
}
// A tolerance stated for each scalar a backend computes in (by_precision, for one backend of the build).
inline double by_scalar(const TestBackend& backend, double in_double, double in_float) {
  return backend.scalar == "float" ? in_float : in_double;
}
// Whether the backend computes in another scalar than the host's copy of the State (a float backend in a
// double build): the host's computations over that State are then finer than the backend's own.
inline bool mixed_scalar(const TestBackend& backend) {
  return backend.scalar != (sizeof(Real) == sizeof(float) ? "float" : "double");
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
