// The matrix of an island's rows (Giles & Andrews 2024 Eq. 3), A = J M⁻¹ Jᵀ + diag(γ + ε), by its entries:
// rows i and j couple only through a body both act on (J_i M⁻¹ J_jᵀ sums over the bodies they share), so A
// has an entry for each pair of rows that share a body. A chain's A is block tridiagonal (a link's 6 rows,
// its two joints', couple with each other only), so its sparse LDLᵀ costs O(links) rather than the
// O(links³) of the dense matrix.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "families/rigid/steppers/rigid_rows.h"

namespace sim {
inline namespace SIM_PRECISION {

// The regularisation ε of every row, relative to its diagonal J M⁻¹ Jᵀ: a compliance too small to see that
// keeps nearly dependent rows solvable (a straight bridge between its anchors cannot sag to first order: at
// ε = 1e-12 its impulses grew without bound within 6 frames) and a Schur complement of contacts that depend
// on each other (a box's four corners) definite. No finer than Real resolves (core/vec3.h): a float build's
// 1e-8 would vanish beside the diagonal's rounding, and the island's NaN followed.
inline constexpr Real kDirectRegularisation = resolvable(1e-8);

// A_ii: J M⁻¹ Jᵀ + γ (the row's diag) + ε.
inline Real regularised_diagonal(const RigidRow& r) {
  return r.diag + kDirectRegularisation * (r.diag - r.gamma);
}

// J_i M⁻¹ J_jᵀ through body k alone, an end of both rows.
inline Real coupling_through(const RigidRow& i, const RigidRow& j, int k) {
  const bool ia = i.a == k, ja = j.a == k;
  return dot(ia ? i.lin_a : i.lin_b, ja ? j.mlin_a : j.mlin_b) +
         dot(ia ? i.ang_a : i.ang_b, ja ? j.mang_a : j.mang_b);
}

// Calls wanted(p, q) and, where it answers true, emit(p, q, body) for every pair p ≥ q of `list` (row
// indices into `rows`; p, q indices into `list`) that shares a body: once for each body they share.
template <class Wanted, class Emit>
void for_each_coupling(const std::vector<RigidRow>& rows, const std::vector<int>& list, Wanted wanted,
                       Emit emit) {
  std::vector<std::pair<int, int>> ends;  // (body, list index) for every end a row moves, grouped by body
  ends.reserve(2 * list.size());
  for (int p = 0; p < int(list.size()); ++p) {
    const RigidRow& r = rows[size_t(list[size_t(p)])];
    if (r.a >= 0) ends.push_back({r.a, p});
    if (r.b >= 0) ends.push_back({r.b, p});
  }
  std::sort(ends.begin(), ends.end());
  for (size_t first = 0; first < ends.size();) {
    size_t last = first;
    while (last < ends.size() && ends[last].first == ends[first].first) ++last;
    for (size_t p = first; p < last; ++p)
      for (size_t q = first; q <= p; ++q)
        if (wanted(ends[p].second, ends[q].second)) emit(ends[p].second, ends[q].second, ends[first].first);
    first = last;
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
