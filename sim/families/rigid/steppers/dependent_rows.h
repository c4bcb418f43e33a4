// Joint rows that depend on others of the same pair of bodies (Giles & Andrews 2024 §4.1.2's bridge: two
// ball joints along an edge are 6 rows for the 5 degrees of freedom a hinge removes). Two bodies have 6
// relative degrees of freedom, and joints between the same two bodies constrain them in the bodies' own
// frames, so a dependency among a pair's rows holds in every pose: such a row is dropped (its impulse 0)
// and the others carry its load. Solved with them, the direct solver's ε (rigid_direct.h) alone would fix
// the dependent rows' share as 1/ε times a second-order disagreement of their targets: huge opposite
// impulses that no motion shows but the geometric stiffness reads (the adaptive bridge ran N_max
// throughout). Dependencies through a loop of bodies (a chain anchored at both ends, a bridge pulled
// straight) come and go with the pose; they stay, regularised by ε.
#pragma once

#include <vector>

#include "families/rigid/steppers/rigid_rows.h"

namespace sim {
inline namespace SIM_PRECISION {

// A bilateral row whose LDLᵀ pivot, in the pair's rows scaled to a unit diagonal, falls below this depends
// on the pair's other rows (the bridge's second edge joint: about 1e-16; no finer than Real resolves).
inline constexpr Real kDependentPivot = resolvable(1e-10);

// The rows among `bilateral` (row indices into rows) that depend on others of their pair, ascending.
std::vector<int> dependent_rows(const std::vector<RigidRow>& rows, const std::vector<int>& bilateral);

}  // namespace SIM_PRECISION
}  // namespace sim
