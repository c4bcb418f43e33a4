// Exec::reduce (issue 11): the metric reductions that run on the backend. On the CPU the result must not
// depend on the thread count, sums must be exact where the closed form is, and the lowest bad index wins.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstring>

#include "exec/cpu_exec.h"
#include "metrics/metric_sums.h"

namespace sim {
namespace {

// Σ i over [0, n) as ConstraintSums::count-like integer and as a double sum of 1/(i + 1).
struct HarmonicTerm {
  SIM_HD ConstraintSums operator()(int i) const {
    ConstraintSums s;
    s.elastic = 1.0 / (i + 1.0);
    s.max_extension = double(i);
    s.max_residual = double(i % 7);
    s.count = 1;
    return s;
  }
};

TEST(CpuReduce, SumsMaximaAndCountsOverAMillionTerms) {
  std::vector<unsigned char> scratch;
  constexpr int n = 1000003;  // not a multiple of the chunk
  const ConstraintSums s = CpuExec::reduce<ConstraintSums>(n, HarmonicTerm{}, scratch);
  EXPECT_EQ(s.count, n);
  EXPECT_EQ(s.max_extension, n - 1.0);
  EXPECT_EQ(s.max_residual, 6.0);
  EXPECT_NEAR(s.elastic, std::log(double(n)) + 0.5772156649, 1e-6);  // H_n ≈ ln n + γ
}

TEST(CpuReduce, SameBitsOnOneAndTwoThreads) {
  std::vector<unsigned char> scratch;
  const int before = omp_get_max_threads();
  omp_set_num_threads(1);
  const ConstraintSums one = CpuExec::reduce<ConstraintSums>(300001, HarmonicTerm{}, scratch);
  omp_set_num_threads(2);
  const ConstraintSums two = CpuExec::reduce<ConstraintSums>(300001, HarmonicTerm{}, scratch);
  omp_set_num_threads(before);
  EXPECT_EQ(std::memcmp(&one.elastic, &two.elastic, sizeof(double)), 0);
}

TEST(CpuReduce, NothingToReduceGivesTheIdentity) {
  std::vector<unsigned char> scratch;
  const ParticleSums s = CpuExec::reduce<ParticleSums>(
      0, [](int) { return ParticleSums{}; }, scratch);
  EXPECT_EQ(s.bad, INT_MAX);
  EXPECT_EQ(s.kinetic, 0.0);
}

TEST(CpuReduce, TheLowestBadParticleIsReportedWithItsReason) {
  std::vector<unsigned char> scratch;
  const auto term = [](int i) {
    ParticleSums s;
    if (i == 90000 || i == 12345 || i == 70000) {
      s.bad = i;
      s.bad_reason = i == 12345 ? kOutOfBounds : kNonFinitePosition;
    }
    return s;
  };
  const ParticleSums s = CpuExec::reduce<ParticleSums>(100000, term, scratch);
  EXPECT_EQ(s.bad, 12345);
  EXPECT_EQ(s.bad_reason, kOutOfBounds);
}

}  // namespace
}  // namespace sim
