#include "families/rigid/steppers/rigid_direct.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "families/rigid/steppers/rigid_pgs.h"
#include "linalg/lcp.h"

namespace sim {
namespace {

int find_root(std::vector<int>& parent, int i) {
  while (parent[size_t(i)] != i) i = parent[size_t(i)] = parent[size_t(parent[size_t(i)])];
  return i;
}

// The rows of each island (bodies joined by rows), islands in the order of their first row.
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

Eigen::MatrixXd sub(const Eigen::MatrixXd& A, const std::vector<int>& r, const std::vector<int>& c) {
  Eigen::MatrixXd S(r.size(), c.size());
  for (size_t i = 0; i < r.size(); ++i)
    for (size_t j = 0; j < c.size(); ++j) S(Eigen::Index(i), Eigen::Index(j)) = A(r[i], c[j]);
  return S;
}
Eigen::VectorXd sub(const Eigen::VectorXd& x, const std::vector<int>& r) {
  Eigen::VectorXd s(r.size());
  for (size_t i = 0; i < r.size(); ++i) s(Eigen::Index(i)) = x(r[i]);
  return s;
}

// The bilateral rows B less those that depend on the others, which go to `dropped` (their impulse stays 0):
// LDLᵀ of J M⁻¹ Jᵀ + γ (without ε) with diagonal pivoting factors the largest remaining pivot first, so a
// dependent row's pivot comes last and vanishes to rounding (the bridge's two ball joints an edge: 6 rows
// for 5 degrees of freedom), while a row that is only nearly dependent (a taut straight chain, 1e-11 of the
// largest pivot on the bridge) stays. Solved with them, ε alone would fix the dependent rows' share, as 1/ε
// times a second-order disagreement of their targets: huge opposite impulses that no motion shows, but
// that the geometric stiffness reads (the adaptive bridge ran N_max throughout).
std::vector<int> independent_rows(const Eigen::MatrixXd& A, const std::vector<int>& B,
                                  std::vector<int>& dropped) {
  if (B.empty()) return B;
  const Eigen::LDLT<Eigen::MatrixXd> ldlt(sub(A, B, B));
  const int n = int(B.size());
  const Eigen::VectorXi position = ldlt.transpositionsP() * Eigen::VectorXi::LinSpaced(n, 0, n - 1);
  const Eigen::VectorXd D = ldlt.vectorD();
  const double largest = D.cwiseAbs().maxCoeff();
  std::vector<bool> keep(size_t(n), true);
  for (int k = 0; k < n; ++k)
    if (!(std::fabs(D(k)) > kDependentPivot * largest)) keep[size_t(position(k))] = false;
  std::vector<int> kept;
  for (int i = 0; i < n; ++i) (keep[size_t(i)] ? kept : dropped).push_back(B[size_t(i)]);
  return kept;
}

// The bilateral rows B (island indices) to solve with: those of the frame's first factorisation of this
// island's rows (DependentRows), else those independent_rows keeps, remembered.
std::vector<int> kept_rows(const Eigen::MatrixXd& A, const Eigen::VectorXd& eps,
                           const std::vector<int>& island, const std::vector<int>& B,
                           DependentRows& dependent) {
  std::vector<int> rows(B.size());
  for (size_t k = 0; k < B.size(); ++k) rows[k] = island[size_t(B[k])];
  const auto same = [&](const DependentRows::Island& d) { return d.bilateral == rows; };
  auto known = std::find_if(dependent.islands.begin(), dependent.islands.end(), same);
  if (known == dependent.islands.end()) {
    std::vector<int> dropped;
    independent_rows(A - Eigen::MatrixXd(eps.asDiagonal()), B, dropped);
    DependentRows::Island entry{rows, {}};
    for (const int d : dropped) entry.dropped.push_back(island[size_t(d)]);
    known = dependent.islands.insert(dependent.islands.end(), std::move(entry));
  }
  std::vector<int> kept;
  for (const int b : B)
    if (std::find(known->dropped.begin(), known->dropped.end(), island[size_t(b)]) == known->dropped.end())
      kept.push_back(b);
  return kept;
}

// One island: A and b assembled over its m rows, then the staggered rounds. Returns false when it must fall
// back (why in stats.reason); P holds the impulses on success.
bool solve_island(const std::vector<RigidRow>& all, const std::vector<int>& island, const Vec3* v,
                  const Vec3* omega, int pivot_steps, Eigen::VectorXd& P, DirectStats& stats,
                  DependentRows& dependent) {
  const int m = int(island.size());
  Eigen::MatrixXd A(m, m);
  Eigen::VectorXd b(m), eps(m);
  std::vector<int> B, U, F;
  for (int i = 0; i < m; ++i) {
    const RigidRow& ri = all[size_t(island[size_t(i)])];
    for (int j = 0; j <= i; ++j) A(i, j) = A(j, i) = row_coupling(ri, all[size_t(island[size_t(j)])]);
    eps(i) = kDirectRegularisation * A(i, i);
    A(i, i) += ri.gamma + eps(i);
    b(i) = ri.target + ri.bias - row_velocity(ri, v, omega);
    P(i) = ri.impulse;
    (ri.kind == RowKind::Bilateral ? B : ri.kind == RowKind::Unilateral ? U : F).push_back(i);
  }
  std::vector<int> local(all.size(), -1);  // a friction row's normal, as an island index
  for (int i = 0; i < m; ++i) local[size_t(island[size_t(i)])] = i;
  for (const int f : F) P(f) = 0.0;  // the held friction starts at the warm start, clamped below
  const std::vector<int> all_bilateral = B;
  B = kept_rows(A, eps, island, all_bilateral, dependent);
  for (const int d : all_bilateral)
    if (std::find(B.begin(), B.end(), d) == B.end()) P(d) = 0.0;
  const Eigen::MatrixXd ABB = sub(A, B, B), ABU = sub(A, B, U), AUU = sub(A, U, U);
  Eigen::LDLT<Eigen::MatrixXd> ldlt;
  if (!B.empty()) {
    ldlt.compute(ABB);
    if (ldlt.info() != Eigen::Success) {
      stats.reason = FallbackReason::Factorisation;
      return false;
    }
  }
  // A_BB⁻¹ A_BU and the contacts' Schur complement (Eigen is not asked to multiply an empty block: its
  // null data pointer is undefined behaviour under UBSan)
  const bool coupled = !B.empty() && !U.empty();
  const Eigen::MatrixXd X =
      coupled ? Eigen::MatrixXd(ldlt.solve(ABU)) : Eigen::MatrixXd::Zero(B.size(), U.size());
  const Eigen::MatrixXd S = coupled ? Eigen::MatrixXd(AUU - ABU.transpose() * X) : AUU;
  std::vector<bool> active(U.size());
  for (size_t k = 0; k < U.size(); ++k) active[k] = all[size_t(island[size_t(U[k])])].impulse > 0.0;
  for (const int f : F) P(f) = all[size_t(island[size_t(f)])].impulse;
  const int rounds = F.empty() ? 1 : 3;
  for (int round = 0; round < rounds; ++round) {
    Eigen::VectorXd bb = b;  // the friction held
    for (const int f : F) bb -= A.col(f) * P(f);
    const Eigen::VectorXd bB = sub(bb, B), bU = sub(bb, U);
    const Eigen::VectorXd y = B.empty() ? Eigen::VectorXd(0) : Eigen::VectorXd(ldlt.solve(bB));
    Eigen::VectorXd PU(U.size());
    if (!U.empty()) {
      const Eigen::VectorXd q = coupled ? Eigen::VectorXd(ABU.transpose() * y - bU) : Eigen::VectorXd(-bU);
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
    for (size_t k = 0; k < B.size(); ++k) P(B[k]) = PB(Eigen::Index(k));
    for (size_t k = 0; k < U.size(); ++k) P(U[k]) = PU(Eigen::Index(k));
    if (F.empty()) break;
    constexpr int kFrictionSweeps = 10;  // Gauss-Seidel over the friction rows, the rest held
    for (int sweep = 0; sweep < kFrictionSweeps; ++sweep)
      for (const int f : F) {
        const RigidRow& r = all[size_t(island[size_t(f)])];
        const Real bound = r.mu * std::max(P(local[size_t(r.normal)]), 0.0);
        const Real next = P(f) + (b(f) - A.row(f).dot(P)) / A(f, f);
        P(f) = std::min(std::max(next, -bound), bound);
      }
    stats.pgs_sweeps += kFrictionSweeps;
  }
  if (!P.allFinite()) {
    stats.reason = FallbackReason::NotFinite;
    return false;
  }
  // every bilateral row must hold, the dropped ones too: a residual beyond a tenth of the targets (and beyond
  // the rounding of A P, large where a taut chain is near singular) means they contradict each other (two
  // fixed joints fighting)
  if (!all_bilateral.empty()) {
    const Eigen::VectorXd AP = A * P - eps.cwiseProduct(P);
    const Real residual = sub(AP - b, all_bilateral).cwiseAbs().maxCoeff();
    const Real rounding = 1e-9 * A.cwiseAbs().maxCoeff() * P.cwiseAbs().maxCoeff();
    if (!(residual <= 0.1 * sub(b, all_bilateral).cwiseAbs().maxCoeff() + rounding + 1e-12)) {
      stats.reason = FallbackReason::Contradiction;
      return false;
    }
  }
  return true;
}

}  // namespace

DirectStats solve_direct(std::vector<RigidRow>& rows, int bodies, Vec3* v, Vec3* omega, Vec3* bias_v,
                         Vec3* bias_omega, int pivot_steps, int fallback_sweeps, DependentRows& dependent) {
  DirectStats stats;
  for (const std::vector<int>& island : islands_of(rows, bodies)) {
    ++stats.islands;
    Eigen::VectorXd P(island.size());
    if (solve_island(rows, island, v, omega, pivot_steps, P, stats, dependent)) {
      for (size_t k = 0; k < island.size(); ++k) {
        RigidRow& r = rows[size_t(island[k])];
        r.impulse = P(Eigen::Index(k));
        apply_row_impulse(r, r.impulse, v, omega);
      }
    } else {
      ++stats.fallbacks;
      stats.pgs_sweeps += solve_pgs(rows, island, v, omega, bias_v, bias_omega, fallback_sweeps, true);
    }
  }
  return stats;
}

}  // namespace sim
