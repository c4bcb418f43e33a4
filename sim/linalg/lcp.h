// The linear complementarity problem of the direct rigid solver's contact rows (Giles & Andrews 2024 §3:
// "block principal pivoting (Júdice & Pires 1994) with Cholesky factorisation"): find z with
//   w = A z + q,  z ≥ 0,  w ≥ 0,  zᵀw = 0
// for a symmetric positive definite A (a strictly monotone LCP: the contacts' Schur complement), whose
// solution is unique. Host only (Eigen, Debian's libeigen3-dev).
#pragma once

#include <Eigen/Dense>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

struct LcpResult {
  Eigen::VectorXd z;          // the impulses (unknowns), 0 off the active set
  Eigen::VectorXd w;          // A z + q
  std::vector<bool> active;   // z_i is free (w_i = 0): the set the last pivot ended with
  int pivots = 0;             // block (or single) pivoting steps taken
  bool converged = false;     // complementary and feasible to the tolerance; false: z is the last iterate
};

// Block principal pivoting, Júdice & Pires 1994 ("A block principal pivoting algorithm for large-scale strictly
// monotone linear complementarity problems", Computers & Operations Research 21(5)): solve A_FF z_F = −q_F on
// the free set F (z_G = 0), then move every infeasible index across at once (z_i < 0 leaves F, w_i < 0
// joins it); after p̄ = 3 steps without fewer infeasibilities, Murty's single pivot on the largest infeasible
// index, which cannot cycle on a P-matrix. At most max_pivots steps; start from `active` when it has one
// entry a row (warm start). tolerance: what counts as infeasible, relative to max(|q|, 1).
LcpResult solve_lcp_bpp(const Eigen::MatrixXd& A, const Eigen::VectorXd& q, int max_pivots,
                        const std::vector<bool>& active = {}, double tolerance = 1e-12);

}  // namespace SIM_PRECISION
}  // namespace sim
