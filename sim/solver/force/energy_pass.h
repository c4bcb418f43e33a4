// The families' elastic energy as the force-based integrators ask for it (constraints/energy.h): one pass
// adds every family's gradient ∇U, stiffness product K p or stiffness diagonal at the current positions
// core.x into one per-particle buffer. Shared by implicit Euler (solver/force/newton_pcg.h) and the explicit
// schemes (solver/force/explicit_schemes.h), so each family writes its energy once.
#pragma once

#include "constraints/energy.h"
#include "families/family.h"
#include "solver/solver_core.h"

namespace sim {
inline namespace SIM_PRECISION {

// What an energy pass asks of a family (FamilyHooks::add_energy): out += the term at the current x.
struct EnergyPass {
  EnergyTerm term;
  const Vec3* p;  // the direction of a Product [m]
  Vec3* out;      // [N] or [N/m]
  Real h;         // [s], for the zero-compliance springs
  Real kappa;     // κ [-] of the zero-compliance springs, α_e = h² Σw / κ (energy_compliance)
  Real fraction;  // how far through the frame the evaluation is: where moving attachment targets are [-]
};

// out = Σ over the families of the term at core.x.
template <class Exec, class FamilyStages>
void family_energy(SolverCore<Exec>& core, FamilyStages& families, const EnergyPass& pass,
                   typename Exec::template Buffer<Vec3>& out) {
  core.clear(out);
  EnergyPass at = pass;
  at.out = Exec::data(out);
  for_each_family(families, [&](auto& f) { f.add_energy(core, at); });
}

}  // namespace SIM_PRECISION
}  // namespace sim
