#include "families/rigid/steppers/dependent_rows.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <utility>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// The rows of one pair that depend on the others: LDLᵀ with diagonal pivoting of J M⁻¹ Jᵀ + γ (without ε),
// scaled to a unit diagonal, factors the largest remaining pivot first, so a dependent row's pivot comes
// last and vanishes to rounding.
void drop_dependent(const std::vector<RigidRow>& rows, const std::vector<int>& pair, std::vector<int>& out) {
  const int n = int(pair.size());
  Eigen::VectorXd scale(n);
  for (int i = 0; i < n; ++i) {
    const RigidRow& r = rows[size_t(pair[size_t(i)])];
    const Real d = row_coupling(r, r) + r.gamma;
    scale(i) = d > 0.0 ? 1.0 / std::sqrt(d) : 0.0;
  }
  Eigen::MatrixXd G(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      const RigidRow& ri = rows[size_t(pair[size_t(i)])];
      const Real g = row_coupling(ri, rows[size_t(pair[size_t(j)])]) + (i == j ? ri.gamma : 0.0);
      G(i, j) = G(j, i) = g * scale(i) * scale(j);
    }
  const Eigen::LDLT<Eigen::MatrixXd> ldlt(G);
  const Eigen::VectorXi position = ldlt.transpositionsP() * Eigen::VectorXi::LinSpaced(n, 0, n - 1);
  const Eigen::VectorXd D = ldlt.vectorD();
  for (int k = 0; k < n; ++k)
    if (!(D(k) > kDependentPivot)) out.push_back(pair[size_t(position(k))]);
}

}  // namespace

std::vector<int> dependent_rows(const std::vector<RigidRow>& rows, const std::vector<int>& bilateral) {
  std::vector<std::pair<std::pair<int, int>, int>> keyed;  // the rows by their pair of bodies (−1: fixed)
  keyed.reserve(bilateral.size());
  for (const int i : bilateral) {
    const RigidRow& r = rows[size_t(i)];
    keyed.push_back({{std::min(r.a, r.b), std::max(r.a, r.b)}, i});
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<int> dropped, pair;
  for (size_t k = 0; k < keyed.size(); ++k) {
    pair.push_back(keyed[k].second);
    if (k + 1 < keyed.size() && keyed[k + 1].first == keyed[k].first) continue;
    drop_dependent(rows, pair, dropped);
    pair.clear();
  }
  std::sort(dropped.begin(), dropped.end());
  return dropped;
}

}  // namespace SIM_PRECISION
}  // namespace sim
