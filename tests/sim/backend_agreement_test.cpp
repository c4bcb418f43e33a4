// CPU and CUDA run the same stage code: after 100 frames positions agree to 1e-4 relative to the
// scene's extent (bunny_cloth: SDF contacts, friction and the self-collision hash grid included). Runs where a CUDA device exists; reported skipped elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "test_util.h"

namespace sim {
namespace {

struct Case {
  const char* scene;
  SolverOrder order;
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.scene << (c.order == SolverOrder::Jacobi ? " jacobi" : " gs");
}

class BackendAgreement : public ::testing::TestWithParam<Case> {};

TEST_P(BackendAgreement, PositionsAgreeAfter100Frames) {
  const CudaAvailability cuda = cuda_availability();
  if (!cuda.available) GTEST_SKIP() << "no CUDA device: " << cuda.detail;
  const Case c = GetParam();
  World cpu(test::build_scene(c.scene), BackendKind::Cpu);
  World gpu(test::build_scene(c.scene), BackendKind::Cuda);
  const Settings s = test::make_settings(20, 2, c.order);
  test::run_frames(cpu, s, 100);
  test::run_frames(gpu, s, 100);
  const auto& a = cpu.state().particle_x;
  const auto& b = gpu.state().particle_x;
  ASSERT_EQ(a.size(), b.size());
  double scale = 0.0, diff = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    scale = std::max({scale, double(std::abs(a[i].x)), double(std::abs(a[i].y)), double(std::abs(a[i].z))});
    diff = std::max(diff, double(length(a[i] - b[i])));
  }
  EXPECT_LE(diff, 1e-4 * scale) << "max |x_cpu - x_cuda| = " << diff << " m, scale " << scale << " m";
}

INSTANTIATE_TEST_SUITE_P(Scenes, BackendAgreement,
                         ::testing::Values(Case{"bunny_cloth", SolverOrder::GaussSeidel},
                                           Case{"chain", SolverOrder::GaussSeidel},
                                           Case{"hanging_cloth", SolverOrder::GaussSeidel},
                                           Case{"hanging_cloth", SolverOrder::Jacobi}),
                         [](const auto& info) {
                           return std::string(info.param.scene) +
                                  (info.param.order == SolverOrder::Jacobi ? "_jacobi" : "_gs");
                         });

}  // namespace
}  // namespace sim
