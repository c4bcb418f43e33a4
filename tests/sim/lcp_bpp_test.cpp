// Block principal pivoting (linalg/lcp.h, Júdice & Pires 1994) against brute force: on random strictly
// monotone LCPs (A = BᵀB + δI, so the solution is unique) of up to 12 unknowns, the z it finds equals the one
// enumeration of every active set finds, to 1e-10; a warm start from the answer takes no pivot; and an LCP
// it cannot finish within its pivots says so.
#include <gtest/gtest.h>

#include <random>

#include "linalg/lcp.h"

namespace sim {
namespace {

struct Problem {
  Eigen::MatrixXd A;
  Eigen::VectorXd q;
};

Problem random_problem(int n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd B(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) B(i, j) = normal(rng);
  Problem p{B.transpose() * B + 0.05 * Eigen::MatrixXd::Identity(n, n), Eigen::VectorXd(n)};
  for (int i = 0; i < n; ++i) p.q(i) = normal(rng);
  return p;
}

// Every one of the 2ⁿ active sets, the one whose solution is feasible and complementary.
Eigen::VectorXd brute_force(const Problem& p) {
  const int n = int(p.q.size());
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<int> free;
    for (int i = 0; i < n; ++i)
      if (mask & (1u << i)) free.push_back(i);
    Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
    if (!free.empty()) {
      const int m = int(free.size());
      Eigen::MatrixXd Aff(m, m);
      Eigen::VectorXd rhs(m);
      for (int a = 0; a < m; ++a) {
        rhs(a) = -p.q(free[size_t(a)]);
        for (int b = 0; b < m; ++b) Aff(a, b) = p.A(free[size_t(a)], free[size_t(b)]);
      }
      const Eigen::VectorXd zf = Aff.fullPivLu().solve(rhs);
      for (int a = 0; a < m; ++a) z(free[size_t(a)]) = zf(a);
    }
    const Eigen::VectorXd w = p.A * z + p.q;
    bool ok = true;
    for (int i = 0; i < n && ok; ++i) ok = (mask & (1u << i)) ? z(i) >= -1e-12 : w(i) >= -1e-12;
    if (ok) return z;
  }
  ADD_FAILURE() << "no active set solves the LCP";
  return Eigen::VectorXd::Zero(n);
}

TEST(LcpBpp, MatchesEnumerationOfEveryActiveSet) {
  std::mt19937_64 rng(2024);
  int pivots_max = 0;
  for (int n = 1; n <= 12; ++n)
    for (int trial = 0; trial < 25; ++trial) {
      const Problem p = random_problem(n, rng);
      const LcpResult r = solve_lcp_bpp(p.A, p.q, 50);
      ASSERT_TRUE(r.converged) << "n = " << n << ", trial " << trial;
      const Eigen::VectorXd expected = brute_force(p);
      EXPECT_LE((r.z - expected).cwiseAbs().maxCoeff(), 1e-10) << "n = " << n << ", trial " << trial;
      EXPECT_GE(r.z.minCoeff(), -1e-12);
      EXPECT_GE(r.w.minCoeff(), -1e-12);
      EXPECT_LE(std::abs(r.z.dot(r.w)), 1e-10);
      pivots_max = std::max(pivots_max, r.pivots);
    }
  EXPECT_LE(pivots_max, 20) << "the paper's 20 pivoting steps do not suffice at n ≤ 12";
}

TEST(LcpBpp, AWarmStartFromTheAnswerTakesNoPivot) {
  std::mt19937_64 rng(7);
  const Problem p = random_problem(10, rng);
  const LcpResult cold = solve_lcp_bpp(p.A, p.q, 50);
  ASSERT_TRUE(cold.converged);
  const LcpResult warm = solve_lcp_bpp(p.A, p.q, 50, cold.active);
  EXPECT_TRUE(warm.converged);
  EXPECT_EQ(warm.pivots, 0);
  EXPECT_LE((warm.z - cold.z).cwiseAbs().maxCoeff(), 1e-12);
}

// A problem that needs pivots, given none: not converged, and it says so.
TEST(LcpBpp, OutOfPivotsItSaysSo) {
  Eigen::MatrixXd A(2, 2);
  A << 2.0, 1.0, 1.0, 2.0;
  const Eigen::VectorXd q = Eigen::Vector2d(-1.0, -1.0);
  const LcpResult none = solve_lcp_bpp(A, q, 0);
  EXPECT_FALSE(none.converged);
  const LcpResult enough = solve_lcp_bpp(A, q, 5);
  ASSERT_TRUE(enough.converged);
  EXPECT_NEAR(enough.z(0), 1.0 / 3.0, 1e-15);  // (A z = −q: z = (1/3, 1/3))
  EXPECT_NEAR(enough.z(1), 1.0 / 3.0, 1e-15);
}

}  // namespace
}  // namespace sim
