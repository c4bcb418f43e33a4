// Determinism (docs/ARCHITECTURE.md; the state hash of Box2D v3's test/test_determinism.c): for every
// registered scene and every solver mode, the State after N frames has the same bits with 1 and with 2 OpenMP
// threads, and when every parallel loop runs its items backwards or in a shuffled order
// (tests/sim/shuffled_exec.h). The shuffled runs are what catch an order dependence that 2 threads happen
// not to hit; a deliberately broken colouring shows that they do. On CUDA, a run whose frames are sent as
// CUDA graphs (Settings::cuda_launch) gives the bits of one launching kernel by kernel, colour by colour,
// which also makes it run-to-run.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstdio>
#include <functional>
#include <map>
#include <string>

#include "registry/state_hash.h"
#include "shuffled_exec.h"
#include "test_util.h"

namespace sim {
namespace {

// Sizes that take every loop past kCpuSerialBelow (exec/cpu_exec.h), so that 2 threads really split
// them, and scenes that reach their contacts within the frames run. Scenes not listed run with their
// defaults.
const std::map<std::string, ParamValues> kTestParams = {
    {"chain", {{"particles", 3000}, {"heavy_mass", 100.0}, {"angle", 60.0}}},
    {"hanging_cloth", {{"width", 64}, {"height", 64}, {"drop_height", 0.3}}},
    // with a box dropped on the cloth (its particles' contacts with a body)
    {"bunny_cloth",
     {{"resolution", 48}, {"layers", 2}, {"sdf_resolution", 64}, {"cloth_height", 1.05}, {"drop", "box"}}},
    {"fem_beam",
     {{"cells_length", 20},
      {"cells_height", 6},
      {"cells_width", 6},
      {"length", 2.0},
      {"height", 0.6},
      {"width", 0.6},
      {"elevation", 0.5}}},
    // 13³ = 2,197 particles, with vorticity so that every fluid pass runs, and a ball on the column
    {"fluid_column",
     {{"column_height", 0.6},
      {"spacing", 0.045},
      {"vorticity", 0.5},
      {"drop", "ball"},
      {"drop_x", 0.3},
      {"drop_height", 0.5}}},
};
constexpr int kFrames = 20;
constexpr int kFluidFrames = 8;  // the fluid's passes cost the most per particle; 160 iterations still

struct Mode {
  SolverOrder order;
  ContactDetection detection;
};

std::string mode_name(const Mode& m) {
  return std::string(m.order == SolverOrder::Jacobi ? "jacobi" : "gs") +
         (m.detection == ContactDetection::PerSubstep ? "_substep" : "_frame");
}

// The fluid's own schedules follow the mode, so that its four cases cover both neighbour walks and both
// rebuild schedules (the solver order and contact detection do not reach its Jacobi passes).
Built build(const std::string& scene, const Mode& m) {
  const auto it = kTestParams.find(scene);
  ParamValues params =
      it == kTestParams.end() ? ParamValues{} : it->second;
  if (scene == "fluid_column") {
    params["neighbour_walk"] = m.order == SolverOrder::Jacobi ? "cells" : "list";
    if (m.detection == ContactDetection::PerFrame) {
      params["neighbour_rebuild"] = "verlet";
      params["search_margin"] = 0.3;
    }
  }
  return test::build_scene(scene, params);
}

// threads > 0: a fixed CPU team (Settings::threads), so the adaptive one cannot fall back to 1 on a busy
// machine and leave the 2-thread run untested.
Settings settings(const Mode& m, int threads, CudaLaunch launch = CudaLaunch::Auto) {
  Settings s = test::make_settings(10, 2, m.order);
  s.cuda_launch = launch;
  s.contact_detection = m.detection;
  s.threads = threads;
  return s;
}

uint64_t hash_after_frames(World& world, const Mode& m, int threads = 0,
                           CudaLaunch launch = CudaLaunch::Auto) {
  test::run_frames(world, settings(m, threads, launch),
                   world.model().fluid.count > 0 ? kFluidFrames : kFrames);
  return state_hash(world.state());
}

uint64_t cpu_hash(const std::string& scene, const Mode& m, int threads) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(threads);  // the team's upper bound, even on a machine with fewer cores
  World world(build(scene, m), BackendKind::Cpu);
  const uint64_t h = hash_after_frames(world, m, threads);
  omp_set_num_threads(before);
  return h;
}

uint64_t shuffled_hash(const std::string& scene, const Mode& m, uint64_t seed) {
  World world(build(scene, m), test::shuffled_backend(seed));
  return hash_after_frames(world, m);
}

using Case = std::tuple<std::string, Mode>;

class Determinism : public ::testing::TestWithParam<Case> {};

TEST_P(Determinism, SameBitsOnAnyThreadCountAndLoopOrder) {
  const auto& [scene, mode] = GetParam();
  const uint64_t one = cpu_hash(scene, mode, 1);
  EXPECT_EQ(cpu_hash(scene, mode, 2), one) << "2 threads differ from 1";
  EXPECT_EQ(shuffled_hash(scene, mode, 0), one) << "loops run backwards differ";
  EXPECT_EQ(shuffled_hash(scene, mode, 12345), one) << "shuffled loops differ";
}

TEST_P(Determinism, SameBitsSentAutoOrPlainOnCuda) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const auto& [scene, mode] = GetParam();
  World a(build(scene, mode), BackendKind::Cuda), b(build(scene, mode), BackendKind::Cuda);
  EXPECT_EQ(hash_after_frames(a, mode, 0, CudaLaunch::Auto), hash_after_frames(b, mode, 0, CudaLaunch::Plain))
      << "auto (graph) changes the bits";
}

// Every way of sending a frame (Settings::cuda_launch) gives the bits of a launch a stage and a colour, on
// a particle scene, a cloth with its sweeps, bodies with joints and contacts, and the fluid's reductions.
class LaunchDeterminism : public ::testing::TestWithParam<std::tuple<std::string, CudaLaunch>> {};

TEST_P(LaunchDeterminism, SameBitsAsPlainLaunchesOnCuda) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const auto& [scene, launch] = GetParam();
  const Mode gs{SolverOrder::GaussSeidel, ContactDetection::PerFrame};
  World a(build(scene, gs), BackendKind::Cuda), b(build(scene, gs), BackendKind::Cuda);
  EXPECT_EQ(hash_after_frames(a, gs, 0, launch), hash_after_frames(b, gs, 0, CudaLaunch::Plain));
  EXPECT_EQ(a.last_launch_mode(), resolved_launch(launch));
}

std::string launch_case_name(const ::testing::TestParamInfo<std::tuple<std::string, CudaLaunch>>& info) {
  static const char* const kNames[] = {"auto", "graph", "plain"};
  return std::get<0>(info.param) + "_" + kNames[int(std::get<1>(info.param))];
}

INSTANTIATE_TEST_SUITE_P(Scenes, LaunchDeterminism,
                         ::testing::Combine(::testing::Values("chain", "hanging_cloth", "rigid_chain",
                                                              "capsule_stack", "fluid_column"),
                                            ::testing::Values(CudaLaunch::Auto, CudaLaunch::Graph)),
                         launch_case_name);

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const SceneDef& scene : scene_registry())
    for (const SolverOrder order : {SolverOrder::GaussSeidel, SolverOrder::Jacobi})
      for (const ContactDetection detection : {ContactDetection::PerFrame, ContactDetection::PerSubstep})
        cases.push_back({scene.name, {order, detection}});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryScene, Determinism, ::testing::ValuesIn(all_cases()), [](const auto& info) {
  return std::get<0>(info.param) + "_" + mode_name(std::get<1>(info.param));
});

// Adaptive substepping (solver/xpbd/stability.h) in its hybrid mode, which runs every part of it: the
// families' geometric stiffness summed per DOF, r reduced, the residual term read from the World's own
// measurement (solver/xpbd/residual_rule.h), N chosen, held and slewed (solver/xpbd/substep_slew.h), and Eq.
// 6's damping past N_max (kept at 8, so that the damping engages); the residual mode; and a fixed N changed
// half way, which the slew takes over frames.
uint64_t adaptive_hash(const std::string& scene, SelectedBackend backend, int threads,
                       Stabilization mode = Stabilization::Hybrid, CudaLaunch launch = CudaLaunch::Auto) {
  const Mode gs{SolverOrder::GaussSeidel, ContactDetection::PerFrame};
  World world(build(scene, gs), std::move(backend));
  Settings s = settings(gs, threads, launch);
  s.adaptive = mode;
  s.substeps = 4;
  s.max_substeps = 8;
  test::run_frames(world, s, kFrames / 2);
  s.substeps = 12;  // the slider moved (the adaptive modes keep their own N)
  test::run_frames(world, s, kFrames - kFrames / 2);
  return state_hash(world.state());
}

class AdaptiveDeterminism : public ::testing::TestWithParam<std::string> {};

// hash(backend, threads): the same bits on 1 and 2 CPU threads and in a shuffled loop order.
void expect_same_bits(const std::function<uint64_t(SelectedBackend, int)>& hash) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(1);
  const uint64_t one = hash(select_backend(BackendKind::Cpu), 1);
  omp_set_num_threads(2);
  EXPECT_EQ(hash(select_backend(BackendKind::Cpu), 2), one) << "2 threads differ from 1";
  omp_set_num_threads(before);
  EXPECT_EQ(hash(test::shuffled_backend(12345), 0), one) << "shuffled loops differ";
}

TEST_P(AdaptiveDeterminism, SameBitsOnAnyThreadCountAndLoopOrder) {
  const std::string scene = GetParam();
  for (const Stabilization mode : {Stabilization::Hybrid, Stabilization::Residual, Stabilization::Off}) {
    SCOPED_TRACE(int(mode));
    expect_same_bits(
        [&](SelectedBackend b, int threads) { return adaptive_hash(scene, std::move(b), threads, mode); });
  }
}

// On CUDA the substep count changes from frame to frame, and with it the frame's graph (LaunchQueue keeps one
// per topology): replayed graphs give the bits of kernel-by-kernel launches.
TEST_P(AdaptiveDeterminism, SameBitsWithAndWithoutGraphsOnCuda) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const std::string scene = GetParam();
  EXPECT_EQ(adaptive_hash(scene, select_backend(BackendKind::Cuda), 0, Stabilization::Hybrid, CudaLaunch::Graph),
            adaptive_hash(scene, select_backend(BackendKind::Cuda), 0, Stabilization::Hybrid, CudaLaunch::Plain));
}

INSTANTIATE_TEST_SUITE_P(Scenes, AdaptiveDeterminism,
                         ::testing::Values("swinging_box", "bridge", "hanging_cloth", "fem_beam",
                                           "bunny_cloth"));

// The force-based schemes (solver/force/explicit_integrator.h, solver/force/newton_pcg.h) on the cloth
// falling onto the ground, soft enough for all of them (k = 0.1 N/m, damping 10/s): the same bits on 1 and 2
// threads and in shuffled loop orders, their multi-step histories included.
class ForceSchemeDeterminism : public ::testing::TestWithParam<IntegratorInfo> {};

uint64_t scheme_hash(const IntegratorInfo& in, SelectedBackend backend, int threads) {
  World world(test::build_scene("hanging_cloth", {{"width", 64},
                                                  {"height", 64},
                                                  {"drop_height", 0.3},
                                                  {"stretch_stiffness", 0.1},
                                                  {"shear_stiffness", 0.1},
                                                  {"bend_stiffness", 0.0}}),
              std::move(backend));
  Settings s = test::make_settings(10, 1);
  s.integrator = in.id;
  s.damping = 10.0;
  s.linear_iterations = 10;  // implicit Euler: its reductions are what is checked, not its convergence
  s.threads = threads;
  test::run_frames(world, s, kFrames);
  return state_hash(world.state());
}

TEST_P(ForceSchemeDeterminism, SameBitsOnAnyThreadCountAndLoopOrder) {
  const IntegratorInfo in = GetParam();
  expect_same_bits([&](SelectedBackend b, int threads) { return scheme_hash(in, std::move(b), threads); });
}

INSTANTIATE_TEST_SUITE_P(Integrators, ForceSchemeDeterminism,
                         ::testing::ValuesIn(kIntegrators.begin() + 1, kIntegrators.end()),
                         [](const auto& info) { return std::string(info.param.name); });

// The shuffled policy catches what it is there for: with two colours merged, constraints that share a
// particle run in one parallel loop, and the order they run in changes the result.
TEST(ShuffledExec, DetectsAMissingColour) {
  const Mode gs{SolverOrder::GaussSeidel, ContactDetection::PerFrame};
  Built broken = build("hanging_cloth", gs);
  std::vector<int>& offsets = broken.model.colour_offsets;
  ASSERT_GE(offsets.size(), 3u);
  offsets.erase(offsets.begin() + 1);  // colours 0 and 1 become one
  World in_order(broken, test::shuffled_backend(0));
  World shuffled(broken, test::shuffled_backend(12345));
  EXPECT_NE(hash_after_frames(in_order, gs), hash_after_frames(shuffled, gs));
}

// ... and a sum accumulated in arrival order (what floating-point atomics do): the same terms added in
// two orders round differently.
TEST(ShuffledExec, DetectsASumInArrivalOrder) {
  std::vector<double> term(4096);
  for (size_t k = 0; k < term.size(); ++k) term[k] = 1.0 / double(k + 3);
  const auto sums = [&term](uint64_t seed) {
    test::ShuffledExec::reseed(seed);
    std::vector<double> sum(7, 0.0);
    test::ShuffledExec::parallel_for(int(term.size()), [&](int k) { sum[size_t(k) % 7] += term[size_t(k)]; });
    return sum;
  };
  EXPECT_NE(sums(0), sums(12345));
}

}  // namespace
}  // namespace sim
