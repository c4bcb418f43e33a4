// Projected Gauss-Seidel over the velocity-level rows (rigid_rows.h): the iterative solver Giles & Andrews
// 2024 ran on the swinging box and the bridge, 25 iterations a substep (§4). Unit by unit, in the model's
// order, alternately forwards and backwards (symmetric Gauss-Seidel),
//   ΔP = A_uu⁻¹ (goal − J u − γ P),  P ← clamp(P + ΔP),  u += M⁻¹ Jᵀ (P_new − P_old),
// where a unit is one row — a contact normal or friction row, a hinge limit: clamped to P ≥ 0 on unilateral
// rows and to |P| ≤ μ P_normal on friction rows (the box Coulomb model) — or a joint's bilateral rows as one
// block, A_uu = J M⁻¹ Jᵀ + γ over its rows, solved exactly by LDLᵀ (a block Gauss-Seidel). Row by row, a
// thin link's anchor rows, coupled through its rotation, took most of the 25 sweeps to agree among
// themselves: the swinging box came apart at 20 and 30 substeps a frame, the counts Algorithm 1 asks for.
// Warm-started from the impulses already in the rows (the last substep's, velocity_stepper.h), which
// are applied to u first. Serial, so the same bits on any number of threads.
// Baumgarte's bias is solved apart, as a split impulse (Catto 2006's pseudo-velocities): a second pass
// over the rows with an error to correct (joints, overlaps: not open contacts, which would stop the
// correction's motion towards them, nor friction) with goal = bias, from zero, on velocities that move the
// poses this substep and are then forgotten. In the real velocities the warm start carries the bias's
// impulse into the next substep, where it pushes again: on the swinging box, 25 warm-started sweeps with
// Eq. 3's bias in the real velocities (β = 1) diverged at frame 11 with 100 substeps a frame and at frame 1
// with 400, before any contact; split, the box swings 10 s with its joints within 4 µm.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "families/rigid/steppers/rigid_rows.h"

namespace sim {
inline namespace SIM_PRECISION {

// One unit of the sweeps: rows order[first] … order[first + size − 1], and a block's factorisation.
struct PgsUnit {
  using Block = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
  int first = 0;
  int size = 1;
  Eigen::LDLT<Block> ldlt;
};

// The units of `order` (a joint's block rows follow each other there), blocks factorised.
inline std::vector<PgsUnit> pgs_units(const std::vector<RigidRow>& rows, const std::vector<int>& order) {
  std::vector<PgsUnit> units;
  for (int k = 0; k < int(order.size());) {
    PgsUnit u;
    u.first = k;
    u.size = std::max(rows[size_t(order[size_t(k)])].block, 1);
    if (u.size > 1) {
      PgsUnit::Block A(u.size, u.size);
      for (int i = 0; i < u.size; ++i)
        for (int j = 0; j < u.size; ++j) {
          const RigidRow& ri = rows[size_t(order[size_t(k + i)])];
          A(i, j) = row_coupling(ri, rows[size_t(order[size_t(k + j)])]) + (i == j ? ri.gamma : 0.0);
        }
      u.ldlt.compute(A);
    }
    units.push_back(std::move(u));
    k += units.back().size;
  }
  return units;
}

// Sweeps of PGS over the units, at most `iterations`, stopping early once no impulse changes by more than
// `tolerance` of the largest; returns the sweeps run. bias: solve the correcting rows' bias into their
// bias_impulse rather than their target into their impulse. The rows' impulses are applied to v, omega first
// when warm is true.
inline int pgs_sweeps(std::vector<RigidRow>& rows, const std::vector<int>& order,
                      const std::vector<PgsUnit>& units, Vec3* v, Vec3* omega, int iterations, bool warm,
                      bool bias, Real tolerance = resolvable(1e-10)) {
  const auto impulse = [bias](RigidRow& r) -> Real& { return bias ? r.bias_impulse : r.impulse; };
  for (const int i : order) {
    RigidRow& r = rows[size_t(i)];
    if (!warm) impulse(r) = 0.0;
    if (impulse(r) != 0.0) apply_row_impulse(r, impulse(r), v, omega);
  }
  int sweep = 0;
  while (sweep < iterations) {
    ++sweep;
    Real largest_change = 0.0, largest = 0.0;
    const auto change = [&](RigidRow& r, Real next) {
      Real& P = impulse(r);
      const Real dP = next - P;
      P = next;
      apply_row_impulse(r, dP, v, omega);
      largest_change = max_number(largest_change, std::fabs(dP));
      largest = max_number(largest, std::fabs(next));
    };
    const bool backward = sweep % 2 == 0;
    for (size_t k = 0; k < units.size(); ++k) {
      const PgsUnit& u = units[backward ? units.size() - 1 - k : k];
      RigidRow& first = rows[size_t(order[size_t(u.first)])];
      if (bias && !first.corrects) continue;
      if (u.size > 1) {  // a joint's block, exactly
        Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1> residual(u.size);
        for (int i = 0; i < u.size; ++i) {
          RigidRow& r = rows[size_t(order[size_t(u.first + i)])];
          residual(i) = (bias ? r.bias : r.target) - row_velocity(r, v, omega) - r.gamma * impulse(r);
        }
        const auto dP = u.ldlt.solve(residual).eval();
        if (!dP.allFinite()) continue;
        for (int i = 0; i < u.size; ++i) {
          RigidRow& r = rows[size_t(order[size_t(u.first + i)])];
          change(r, impulse(r) + dP(i));
        }
        continue;
      }
      RigidRow& r = first;
      if (!(r.diag > 0.0)) continue;  // neither end moves
      Real lo, hi;
      row_bounds(rows, r, lo, hi);
      const Real goal = bias ? r.bias : r.target;
      const Real dP = (goal - row_velocity(r, v, omega) - r.gamma * impulse(r)) / r.diag;
      change(r, std::min(std::max(impulse(r) + dP, lo), hi));
    }
    if (largest_change <= tolerance * largest) break;
  }
  return sweep;
}

// The real impulses (warm-started when warm) on v, omega, then the bias's split impulses on the
// pseudo-velocities bias_v, bias_omega (zero on entry); returns the sweeps run.
inline int solve_pgs(std::vector<RigidRow>& rows, const std::vector<int>& order, Vec3* v, Vec3* omega,
                     Vec3* bias_v, Vec3* bias_omega, int iterations, bool warm) {
  const std::vector<PgsUnit> units = pgs_units(rows, order);
  const int sweeps = pgs_sweeps(rows, order, units, v, omega, iterations, warm, false);
  return sweeps + pgs_sweeps(rows, order, units, bias_v, bias_omega, iterations, false, true);
}

}  // namespace SIM_PRECISION
}  // namespace sim
