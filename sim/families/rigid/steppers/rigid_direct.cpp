#include "families/rigid/steppers/rigid_direct.h"

#include <Eigen/Dense>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "families/rigid/steppers/dependent_rows.h"
#include "families/rigid/steppers/island_matrix.h"
#include "families/rigid/steppers/rigid_pgs.h"
#include "linalg/lcp.h"

namespace sim {
inline namespace SIM_PRECISION {

using SparseA = Eigen::SparseMatrix<double>;

struct DirectCache::Island {
  std::vector<int> bilateral;  // the key: row indices, ascending
  std::vector<int> kept;       // the bilateral rows less the dependent ones, as A_BB orders them
  std::vector<int> dropped;    // the dependent ones, ascending
  SparseA ABB;                 // its pattern (values refilled every substep)
  Eigen::SimplicialLDLT<SparseA, Eigen::Lower, Eigen::AMDOrdering<int>> ldlt;  // analysed once
};

DirectCache::DirectCache() = default;
DirectCache::~DirectCache() = default;
void DirectCache::clear() { islands_.clear(); }

DirectCache::Island& DirectCache::island(const std::vector<RigidRow>& rows,
                                         const std::vector<int>& bilateral) {
  for (const auto& known : islands_)
    if (known->bilateral == bilateral) return *known;
  auto entry = std::make_unique<Island>();
  entry->bilateral = bilateral;
  entry->dropped = dependent_rows(rows, bilateral);
  std::set_difference(bilateral.begin(), bilateral.end(), entry->dropped.begin(), entry->dropped.end(),
                      std::back_inserter(entry->kept));
  std::vector<Eigen::Triplet<double>> pattern;
  for_each_coupling(
      rows, entry->kept, [](int, int) { return true; },
      [&](int p, int q, int) {
        pattern.emplace_back(p, q, 0.0);
        if (p != q) pattern.emplace_back(q, p, 0.0);
      });
  const Eigen::Index n = Eigen::Index(entry->kept.size());
  entry->ABB.resize(n, n);
  entry->ABB.setFromTriplets(pattern.begin(), pattern.end());
  if (n > 0) entry->ldlt.analyzePattern(entry->ABB);
  islands_.push_back(std::move(entry));
  return *islands_.back();
}

namespace {

int find_root(std::vector<int>& parent, int i) {
  while (parent[size_t(i)] != i) i = parent[size_t(i)] = parent[size_t(parent[size_t(i)])];
  return i;
}

// The rows of each island (bodies joined by rows), islands in the order of their first row, each island's
// rows ascending.
std::vector<std::vector<int>> islands_of(const std::vector<RigidRow>& rows, int bodies) {
  std::vector<int> parent(static_cast<size_t>(bodies));
  std::iota(parent.begin(), parent.end(), 0);
  for (const RigidRow& r : rows)
    if (r.a >= 0 && r.b >= 0) parent[size_t(find_root(parent, r.a))] = find_root(parent, r.b);
  std::vector<int> island_of_root(size_t(bodies), -1);
  std::vector<std::vector<int>> islands;
  for (int i = 0; i < int(rows.size()); ++i) {
    const RigidRow& r = rows[size_t(i)];
    if (r.a < 0 && r.b < 0) continue;  // nothing it can move
    const int root = find_root(parent, r.a >= 0 ? r.a : r.b);
    int& island = island_of_root[size_t(root)];
    if (island < 0) {
      island = int(islands.size());
      islands.emplace_back();
    }
    islands[size_t(island)].push_back(i);
  }
  return islands;
}

// The island's index of row `row` (the island's rows ascending).
int local_index(const std::vector<int>& island, int row) {
  return int(std::lower_bound(island.begin(), island.end(), row) - island.begin());
}

// Velocity changes M⁻¹ Jᵀ P of impulses over the bodies (zero outside the island being solved), so that A P
// is J Δu + diag(γ + ε) P without A.
struct BodyDelta {
  std::vector<Vec3> v, omega;
  explicit BodyDelta(int bodies) : v(size_t(bodies), Vec3{0.0, 0.0, 0.0}), omega(v) {}
  void clear(const std::vector<RigidRow>& all, const std::vector<int>& island) {
    for (const int i : island) {
      const RigidRow& r = all[size_t(i)];
      if (r.a >= 0) v[size_t(r.a)] = omega[size_t(r.a)] = Vec3{0.0, 0.0, 0.0};
      if (r.b >= 0) v[size_t(r.b)] = omega[size_t(r.b)] = Vec3{0.0, 0.0, 0.0};
    }
  }
  // Δu of the impulses P of the island's rows `which` (island indices), alone.
  void set(const std::vector<RigidRow>& all, const std::vector<int>& island, const std::vector<int>& which,
           const Eigen::VectorXd& P) {
    clear(all, island);
    for (const int k : which) apply_row_impulse(all[size_t(island[size_t(k)])], P(k), v.data(), omega.data());
  }
  Real row(const RigidRow& r) const { return row_velocity(r, v.data(), omega.data()); }
};

// An island's system in its own indices: b and A's diagonal over all its rows, the joints' A_BB (sparse,
// factorised; the cache's), A_BU and A_UU dense for the Schur complement of the contacts (few, and coupled
// to each other through the joints).
struct IslandSystem {
  Eigen::MatrixXd ABU, AUU;
  Eigen::VectorXd b, diag;
  std::vector<int> B, U, F, bilateral;  // island indices; B the kept bilateral rows, as A_BB orders them
};

IslandSystem assemble(const std::vector<RigidRow>& all, const std::vector<int>& island, const Vec3* v,
                      const Vec3* omega, DirectCache::Island*& joints, DirectCache& cache) {
  const int m = int(island.size());
  IslandSystem s;
  s.b.resize(m);
  s.diag.resize(m);
  std::vector<int> bilateral;  // row indices into all
  for (int i = 0; i < m; ++i) {
    const RigidRow& r = all[size_t(island[size_t(i)])];
    s.b(i) = r.target + r.bias - row_velocity(r, v, omega);
    s.diag(i) = regularised_diagonal(r);
    if (r.kind == RowKind::Bilateral) {
      bilateral.push_back(island[size_t(i)]);
      s.bilateral.push_back(i);
    }
    if (r.kind == RowKind::Unilateral) s.U.push_back(i);
    if (r.kind == RowKind::Friction) s.F.push_back(i);
  }
  joints = &cache.island(all, bilateral);
  for (const int k : joints->kept) s.B.push_back(local_index(island, k));
  // A_BB's values on the cached pattern (SimplicialLDLT reads the lower triangle)
  SparseA& ABB = joints->ABB;
  for (int j = 0; j < ABB.outerSize(); ++j)
    for (SparseA::InnerIterator it(ABB, j); it; ++it) {
      const RigidRow& ri = all[size_t(joints->kept[size_t(it.row())])];
      it.valueRef() =
          it.row() == j ? regularised_diagonal(ri) : row_coupling(ri, all[size_t(joints->kept[size_t(j)])]);
    }
  // A_BU and A_UU over the pairs that share a body
  s.ABU = Eigen::MatrixXd::Zero(Eigen::Index(s.B.size()), Eigen::Index(s.U.size()));
  s.AUU = Eigen::MatrixXd::Zero(Eigen::Index(s.U.size()), Eigen::Index(s.U.size()));
  if (!s.U.empty()) {
    std::vector<int> list = joints->kept;  // B then U, as row indices into all
    for (const int u : s.U) list.push_back(island[size_t(u)]);
    const int nB = int(s.B.size());
    for_each_coupling(
        all, list, [nB](int p, int) { return p >= nB; },
        [&](int p, int q, int body) {
          const Real c = coupling_through(all[size_t(list[size_t(p)])], all[size_t(list[size_t(q)])], body);
          if (q < nB) {
            s.ABU(q, p - nB) += c;
          } else {
            s.AUU(p - nB, q - nB) += c;
            if (p != q) s.AUU(q - nB, p - nB) += c;
          }
        });
    for (size_t k = 0; k < s.U.size(); ++k) s.AUU(Eigen::Index(k), Eigen::Index(k)) = s.diag(s.U[k]);
  }
  return s;
}

// One island: its system, then the staggered rounds. Returns false when it must fall back (why in
// stats.reason); P holds the impulses on success.
bool solve_island(const std::vector<RigidRow>& all, const std::vector<int>& island, const Vec3* v,
                  const Vec3* omega, int pivot_steps, Eigen::VectorXd& P, DirectStats& stats,
                  DirectCache& cache, BodyDelta& delta) {
  DirectCache::Island* joints = nullptr;
  const IslandSystem s = assemble(all, island, v, omega, joints, cache);
  const auto& ldlt = joints->ldlt;
  if (!s.B.empty()) {
    joints->ldlt.factorize(joints->ABB);
    if (ldlt.info() != Eigen::Success) {
      stats.reason = FallbackReason::Factorisation;
      return false;
    }
  }
  // A_BB⁻¹ A_BU and the contacts' Schur complement (Eigen is not asked to multiply an empty block: its
  // null data pointer is undefined behaviour under UBSan)
  const bool coupled = !s.B.empty() && !s.U.empty();
  const Eigen::MatrixXd X = coupled ? Eigen::MatrixXd(ldlt.solve(s.ABU)) : s.ABU;
  const Eigen::MatrixXd S = coupled ? Eigen::MatrixXd(s.AUU - s.ABU.transpose() * X) : s.AUU;
  std::vector<bool> active(s.U.size());
  for (size_t k = 0; k < s.U.size(); ++k) active[k] = all[size_t(island[size_t(s.U[k])])].impulse > 0.0;
  P.setZero();
  for (const int f : s.F) P(f) = all[size_t(island[size_t(f)])].impulse;  // held, from the warm start
  const auto row = [&](int k) -> const RigidRow& { return all[size_t(island[size_t(k)])]; };
  // (A P)_k = J_k Δu + (γ_k + ε_k) P_k, with Δu = M⁻¹ Jᵀ P in `delta`
  const auto AP = [&](int k) { return delta.row(row(k)) + (s.diag(k) - row(k).diag + row(k).gamma) * P(k); };
  // the joints and contacts with the friction held: b − A_·F P_F
  const auto solve_normal = [&]() {
    delta.set(all, island, s.F, P);
    const auto held = [&](const std::vector<int>& rows) {
      Eigen::VectorXd g(Eigen::Index(rows.size()));
      for (size_t k = 0; k < rows.size(); ++k) g(Eigen::Index(k)) = s.b(rows[k]) - delta.row(row(rows[k]));
      return g;
    };
    const Eigen::VectorXd y = s.B.empty() ? Eigen::VectorXd(0) : Eigen::VectorXd(ldlt.solve(held(s.B)));
    Eigen::VectorXd PU(Eigen::Index(s.U.size()));
    if (!s.U.empty()) {
      const Eigen::VectorXd bU = held(s.U);
      const Eigen::VectorXd q = coupled ? Eigen::VectorXd(s.ABU.transpose() * y - bU) : Eigen::VectorXd(-bU);
      const LcpResult lcp = solve_lcp_bpp(S, q, pivot_steps, active);
      stats.pivots += lcp.pivots;
      if (!lcp.converged) {
        stats.reason = FallbackReason::Pivots;
        return false;
      }
      PU = lcp.z;
      active = lcp.active;
    }
    const Eigen::VectorXd PB = coupled ? Eigen::VectorXd(y - X * PU) : y;
    for (size_t k = 0; k < s.B.size(); ++k) P(s.B[k]) = PB(Eigen::Index(k));
    for (size_t k = 0; k < s.U.size(); ++k) P(s.U[k]) = PU(Eigen::Index(k));
    return true;
  };
  // a friction row's bound from its normal's impulse
  const auto bound = [&](int f) { return row(f).mu * std::max(P(local_index(island, row(f).normal)), 0.0); };
  std::vector<int> all_rows(island.size());
  std::iota(all_rows.begin(), all_rows.end(), 0);
  if (!solve_normal()) return false;
  constexpr int kRounds = 3, kFrictionSweeps = 10;  // Gauss-Seidel over the friction rows, the rest held
  for (int round = 1; round < kRounds && !s.F.empty(); ++round) {
    delta.set(all, island, all_rows, P);
    for (int sweep = 0; sweep < kFrictionSweeps; ++sweep)
      for (const int f : s.F) {
        const Real next = std::min(std::max(P(f) + (s.b(f) - AP(f)) / s.diag(f), -bound(f)), bound(f));
        apply_row_impulse(row(f), next - P(f), delta.v.data(), delta.omega.data());
        P(f) = next;
      }
    stats.pgs_sweeps += kFrictionSweeps;
    if (!solve_normal()) return false;
  }
  bool clamped = false;
  for (const int f : s.F) {
    const Real held = std::min(std::max(P(f), -bound(f)), bound(f));
    clamped = clamped || held != P(f);
    P(f) = held;
  }
  if (clamped && !solve_normal()) return false;
  if (!P.allFinite()) {
    stats.reason = FallbackReason::NotFinite;
    return false;
  }
  // every bilateral row must hold as the regularised system asks, the dependent ones too: a residual beyond
  // a tenth of the targets (and beyond the rounding of A P) means they contradict each other (two fixed
  // joints fighting)
  if (!s.bilateral.empty()) {
    delta.set(all, island, all_rows, P);
    double residual = 0.0, target = 0.0;
    for (const int k : s.bilateral) {
      residual = std::max(residual, std::fabs(AP(k) - s.b(k)));
      target = std::max(target, std::fabs(s.b(k)));
    }
    const Real rounding = resolvable(1e-9) * s.diag.cwiseAbs().maxCoeff() * P.cwiseAbs().maxCoeff();
    if (!(residual <= 0.1 * target + rounding + 1e-12)) {
      stats.reason = FallbackReason::Contradiction;
      return false;
    }
  }
  delta.clear(all, island);
  return true;
}

}  // namespace

DirectStats solve_direct(std::vector<RigidRow>& rows, int bodies, Vec3* v, Vec3* omega, Vec3* bias_v,
                         Vec3* bias_omega, int pivot_steps, int fallback_sweeps, DirectCache& cache) {
  DirectStats stats;
  BodyDelta delta(bodies);
  for (const std::vector<int>& island : islands_of(rows, bodies)) {
    ++stats.islands;
    Eigen::VectorXd P(island.size());
    if (solve_island(rows, island, v, omega, pivot_steps, P, stats, cache, delta)) {
      for (size_t k = 0; k < island.size(); ++k) {
        RigidRow& r = rows[size_t(island[k])];
        r.impulse = P(Eigen::Index(k));
        apply_row_impulse(r, r.impulse, v, omega);
      }
    } else {
      delta.clear(rows, island);
      ++stats.fallbacks;
      stats.pgs_sweeps += solve_pgs(rows, island, v, omega, bias_v, bias_omega, fallback_sweeps, true);
    }
  }
  return stats;
}

}  // namespace SIM_PRECISION
}  // namespace sim
