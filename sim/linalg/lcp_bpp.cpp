#include "linalg/lcp.h"

#include <algorithm>
#include <cmath>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// z on the free set F (A_FF z_F = −q_F by Cholesky, LDLᵀ), 0 elsewhere, and w = A z + q.
void solve_on(const Eigen::MatrixXd& A, const Eigen::VectorXd& q, const std::vector<bool>& free, LcpResult& r) {
  const int n = int(q.size());
  std::vector<int> index;
  for (int i = 0; i < n; ++i)
    if (free[size_t(i)]) index.push_back(i);
  r.z.setZero(n);
  if (!index.empty()) {
    const int m = int(index.size());
    Eigen::MatrixXd Aff(m, m);
    Eigen::VectorXd rhs(m);
    for (int a = 0; a < m; ++a) {
      rhs(a) = -q(index[size_t(a)]);
      for (int b = 0; b < m; ++b) Aff(a, b) = A(index[size_t(a)], index[size_t(b)]);
    }
    const Eigen::VectorXd zf = Aff.ldlt().solve(rhs);
    for (int a = 0; a < m; ++a) r.z(index[size_t(a)]) = zf(a);
  }
  r.w = A * r.z + q;
  for (int i = 0; i < n; ++i)
    if (free[size_t(i)]) r.w(i) = 0.0;  // zero by construction, without its rounding
}

}  // namespace

LcpResult solve_lcp_bpp(const Eigen::MatrixXd& A, const Eigen::VectorXd& q, int max_pivots,
                        const std::vector<bool>& active, double tolerance) {
  const int n = int(q.size());
  const double tol = tolerance * std::max(1.0, q.cwiseAbs().maxCoeff());
  constexpr int kBlockStepsWithoutProgress = 3;  // Júdice & Pires' p̄
  LcpResult r;
  r.active = active.size() == size_t(n) ? active : std::vector<bool>(size_t(n), false);
  int fewest = n + 1;  // the fewest infeasible indices seen
  int block_steps = kBlockStepsWithoutProgress;
  for (;; ++r.pivots) {
    solve_on(A, q, r.active, r);
    std::vector<int> infeasible;
    for (int i = 0; i < n; ++i)
      if (r.active[size_t(i)] ? r.z(i) < -tol : r.w(i) < -tol) infeasible.push_back(i);
    if (infeasible.empty()) {
      r.converged = true;
      return r;
    }
    if (r.pivots >= max_pivots) return r;
    if (int(infeasible.size()) < fewest) {
      fewest = int(infeasible.size());
      block_steps = kBlockStepsWithoutProgress;
    } else if (block_steps > 0) {
      --block_steps;
    } else {  // Murty's rule: only the largest infeasible index
      infeasible = {infeasible.back()};
    }
    for (const int i : infeasible) r.active[size_t(i)] = !r.active[size_t(i)];
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
