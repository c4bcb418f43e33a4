// The CPU's two-at-a-time distance projection (ProjectDistanceColour::lanes, core/lanes.h) against the
// one-at-a-time one it stands for: one colour's constraints, projected by the CPU sweep in blocks of two
// and by a plain loop, give the same bits in every position and multiplier — damped constraints among
// undamped ones, coincident ends, pinned and rigid pairs (no correction), fresh and carried multipliers,
// and a colour of odd size whose last constraint has no partner.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "exec/cpu_exec.h"
#include "families/distance/distance_stages.h"

namespace sim {
namespace {

struct Colour {
  std::vector<Int2> particles;
  std::vector<Real> rest_length, compliance, damping, lambda, w;
  std::vector<Position> x, x_prev;

  // n constraints on 2n particles, each its own pair: a colour.
  explicit Colour(int n, unsigned seed) {
    std::mt19937 rng(seed);
    const auto uniform = [&](Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(rng); };
    for (int k = 0; k < n; ++k) {
      particles.push_back({2 * k + 1, 2 * k});  // ends in either order
      rest_length.push_back(uniform(0.01, 0.1));
      compliance.push_back(k % 3 == 0 ? 0.0 : uniform(1e-8, 1e-3));
      damping.push_back(k % 7 == 3 ? uniform(0.1, 10.0) : 0.0);
      lambda.push_back(uniform(-1e-4, 1e-4));
      for (int e = 0; e < 2; ++e) {
        w.push_back(k % 5 == 1 && e == 0 ? 0.0 : uniform(0.5, 200.0));
        const Vec3 p{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
        x.push_back(p);
        x_prev.push_back(p + Vec3{uniform(-1e-3, 1e-3), uniform(-1e-3, 1e-3), uniform(-1e-3, 1e-3)});
      }
    }
    if (n < 5) return;
    x[2 * 2] = x[2 * 2 + 1];  // constraint 2: coincident ends
    w[2 * 4] = w[2 * 4 + 1] = 0.0;
    compliance[4] = 0.0;  // constraint 4: both ends pinned, rigid (D = 0)
  }

  ProjectDistanceColour stage(bool fresh, Real h) {
    const DistanceArgs args{particles.data(),  rest_length.data(),
                            compliance.data(), damping.data(),
                            lambda.data(),     x_prev.data(),
                            w.data(),          h,
                            1.0 / (h * h),     fresh};
    return {args, x.data(), 0};
  }
};

bool same_bits(const void* a, const void* b, size_t bytes) { return std::memcmp(a, b, bytes) == 0; }

void expect_same(const Colour& a, const Colour& b) {
  for (size_t i = 0; i < a.x.size(); ++i)
    EXPECT_TRUE(same_bits(&a.x[i], &b.x[i], sizeof(Vec3))) << "particle " << i;
  for (size_t k = 0; k < a.lambda.size(); ++k)
    EXPECT_TRUE(same_bits(&a.lambda[k], &b.lambda[k], sizeof(Real))) << "constraint " << k;
}

TEST(DistanceLanes, TwoAtATimeIsOneAtATimeBitForBit) {
  for (const bool fresh : {true, false})
    for (const int n : {64, 63, 1}) {
      Colour one(n, 5), two(n, 5);
      const Real h = 1.0 / 600.0;
      const ProjectDistanceColour single = one.stage(fresh, h);
      for (int t = 0; t < n; ++t) single(t);
      const ProjectDistanceColour paired = two.stage(fresh, h);
      CpuExec::sweep_colours(
          1, [n](int) { return n; }, [&](int) { return paired; });
      expect_same(one, two);
      // the projection moved something, and the degenerate constraints nothing
      EXPECT_FALSE(same_bits(one.x.data(), Colour(n, 5).x.data(), one.x.size() * sizeof(Vec3)));
    }
}

TEST(DistanceLanes, DegenerateConstraintsMoveNothing) {
  Colour c(8, 9);
  const Colour before = c;
  const ProjectDistanceColour paired = c.stage(false, 1.0 / 600.0);
  paired.lanes<Lanes>(2);  // constraints 2 (coincident ends) and 3
  paired.lanes<Lanes>(4);  // constraints 4 (pinned, rigid) and 5
  for (const int k : {2, 4}) {
    for (const int e : {2 * k, 2 * k + 1}) EXPECT_TRUE(same_bits(&c.x[e], &before.x[e], sizeof(Vec3)));
    EXPECT_EQ(c.lambda[size_t(k)], before.lambda[size_t(k)]);
  }
  EXPECT_NE(c.lambda[3], before.lambda[3]);
}

}  // namespace
}  // namespace sim
