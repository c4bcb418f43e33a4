// The direct velocity-level rigid solver (Giles & Andrews 2024 §4: "block principal pivoting [Júdice and
// Pires 1994] with Cholesky factorization", 20 pivoting steps, on the heavy stack). Per island of bodies
// joined by rows (rigid_rows.h), in doubles:
//   A = J M⁻¹ Jᵀ + diag(γ + ε),  b = target − J u   (Eq. 3 with hλ⁺ = P; sparse, island_matrix.h),
// the bilateral rows B, less those that depend on others of their pair (dependent_rows.h), factorised by
// sparse LDLᵀ in a fill-reducing order (Eigen's SimplicialLDLT, AMD: O(links) on a chain), the unilateral
// rows U (contact normals, hinge limits) as the LCP on the Schur complement
//   w = (A_UU − A_UB A_BB⁻¹ A_BU) P_U + (A_UB A_BB⁻¹ b_B − b_U),  P_U ≥ 0, w ≥ 0, P_Uᵀ w = 0,
// solved by block principal pivoting (linalg/lcp_bpp.cpp, warm-started from the last substep's active set),
// then P_B = A_BB⁻¹ (b_B − A_BU P_U). Friction is staggered: the normal problem is solved with the friction
// impulses held, then Gauss-Seidel sweeps over the friction rows alone clamp them to |P_t| ≤ μ P_n given the
// normal impulses, and the normal problem is solved again, three times; a friction impulse beyond the last
// normal impulses' cone is clamped to it and the normal problem solved once more, so the joints hold with
// the friction that is applied. An island whose factorisation fails, whose LCP runs out of pivots or whose
// bilateral rows cannot all hold (two fixed joints fighting) is solved by PGS instead: a fallback, counted.
#pragma once

#include <memory>
#include <vector>

#include "families/rigid/steppers/rigid_rows.h"

namespace sim {
inline namespace SIM_PRECISION {

// Why an island fell back from the direct solver to PGS (the metrics' lcp_fallback_reason).
enum class FallbackReason : int { None = 0, Factorisation = 1, Pivots = 2, Contradiction = 3, NotFinite = 4 };

inline const char* fallback_text(FallbackReason r) {
  switch (r) {
    case FallbackReason::Factorisation:
      return "the joints' matrix could not be factorised";
    case FallbackReason::Pivots:
      return "the contacts' LCP needed more than pivot_steps pivots";
    case FallbackReason::Contradiction:
      return "joints that contradict each other (no impulses hold them all)";
    case FallbackReason::NotFinite:
      return "impulses that were not finite";
    default:
      return "none";
  }
}

struct DirectStats {
  int islands = 0;
  int pivots = 0;                                // block principal pivoting steps, summed over the islands
  int fallbacks = 0;                             // islands solved by PGS instead
  int pgs_sweeps = 0;                            // sweeps of PGS in the fallbacks and the friction passes
  FallbackReason reason = FallbackReason::None;  // the last fallback's
};

// What the solver keeps for the rest of a frame (clear() at its start), island by island: the bilateral rows
// that depend on others of their pair (dependent_rows.h), the pattern of A_BB, its fill-reducing order and
// symbolic LDLᵀ. The joints do not change within a frame and their rows come first, in the same order every
// substep, so the same rows of the same island carry the same indices; an island whose bilateral rows
// differ (a grab begun, islands joined by a contact) is examined anew.
class DirectCache {
 public:
  struct Island;  // rigid_direct.cpp
  DirectCache();
  ~DirectCache();
  void clear();
  Island& island(const std::vector<RigidRow>& rows, const std::vector<int>& bilateral);

 private:
  std::vector<std::unique_ptr<Island>> islands_;
};

// Solves rows over `bodies` bodies, island by island, and applies the impulses to v, omega; the rows'
// impulses on entry are the warm start (their signs the pivoting's first active set, the friction rows' the
// held friction). fallback_sweeps: the PGS sweeps of a fallback, whose split impulses go to bias_v,
// bias_omega (rigid_pgs.h).
DirectStats solve_direct(std::vector<RigidRow>& rows, int bodies, Vec3* v, Vec3* omega, Vec3* bias_v,
                         Vec3* bias_omega, int pivot_steps, int fallback_sweeps, DirectCache& cache);

}  // namespace SIM_PRECISION
}  // namespace sim
