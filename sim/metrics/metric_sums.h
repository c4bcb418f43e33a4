// The few numbers a frame's metrics are made of, reduced on the backend (metrics/measure_frame.h) so the
// host receives them instead of the State: the particles' sums and the sums every constraint family adds
// into (energies, Small Steps Eq. 2 residual, extension, constraint count). What only one family measures
// is that family's own Sums type beside these (families/family.h). Each sum has an identity (its default value) and an associative, commutative
// combine, which Exec::reduce applies in a fixed order (the same bits on any thread count); the terms add an
// element into a running sum in place (exec/reduce_element.h).
#pragma once

#include <climits>
#include <cmath>

#include "core/hd.h"
#include "core/min_max.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

// Why an item makes the state unfit to continue; the lowest index wins, as a host loop would report.
enum DivergenceReason : int { kFinite = 0, kNonFinitePosition = 1, kNonFiniteVelocity = 2, kOutOfBounds = 3 };

// The first of two divergences by item index (the lowest wins), for a family's own items.
SIM_HD void first_divergence(int& bad, int& reason, int other_bad, int other_reason) {
  if (other_bad < bad) {
    bad = other_bad;
    reason = other_reason;
  }
}

struct ParticleSums {
  double kinetic = 0.0;                      // Σ ½ m |v|² [J]
  double gravitational = 0.0;                // −Σ m g·x [J]
  Vec3 tracked_displacement{0.0, 0.0, 0.0};  // Σ (x − x_rest) over Model::tracked_particles [m]
  int tracked = 0;
  int bad = INT_MAX;  // lowest index of a particle with a DivergenceReason, INT_MAX for none
  int bad_reason = kFinite;

  SIM_HD static ParticleSums combine(const ParticleSums& a, const ParticleSums& b) {
    ParticleSums s;
    s.kinetic = a.kinetic + b.kinetic;
    s.gravitational = a.gravitational + b.gravitational;
    s.tracked_displacement = a.tracked_displacement + b.tracked_displacement;
    s.tracked = a.tracked + b.tracked;
    s.bad = a.bad;
    s.bad_reason = a.bad_reason;
    first_divergence(s.bad, s.bad_reason, b.bad, b.bad_reason);
    return s;
  }
};

// What every constraint family may add into. A family's degrees of freedom of its own add their
// kinetic and gravitational energy here too.
struct ConstraintSums {
  double kinetic = 0.0;        // of the families' own degrees of freedom [J]
  double gravitational = 0.0;  // [J]
  double elastic = 0.0;        // Σ ½ α (λ/Δt_s²)² [J]
  double violation = 0.0;      // Σ ½ C²/α over compliant constraints [J]
  double residual_sq = 0.0;    // Σ |C + α̃λ|² over the constraints measured in metres [m²]
  int residual_count = 0;      // the constraints in residual_sq
  double max_residual = 0.0;   // max |C + α̃λ| over the same [m]
  double max_extension = 0.0;  // max(C, 0) of a length past its rest value [m]
  // Σ ½ |λ|/Δt_s² · |C + α̃λ| over the bilateral constraints: the energy the one-iteration solve's residual
  // holds as a spring of its effective stiffness (solver/xpbd/substep_slew.h) [J]
  double residual_energy = 0.0;
  int count = 0;               // constraints measured (a frame projects each n·k times)

  SIM_HD static ConstraintSums combine(const ConstraintSums& a, const ConstraintSums& b) {
    ConstraintSums s;
    s.kinetic = a.kinetic + b.kinetic;
    s.gravitational = a.gravitational + b.gravitational;
    s.elastic = a.elastic + b.elastic;
    s.violation = a.violation + b.violation;
    s.residual_sq = a.residual_sq + b.residual_sq;
    s.residual_count = a.residual_count + b.residual_count;
    s.max_residual = max_number(a.max_residual, b.max_residual);
    s.max_extension = max_number(a.max_extension, b.max_extension);
    s.residual_energy = a.residual_energy + b.residual_energy;
    s.count = a.count + b.count;
    return s;
  }
};

// The sums of a family that measures nothing of its own.
struct NoSums {
  SIM_HD static NoSums combine(const NoSums&, const NoSums&) { return {}; }
};

}  // namespace SIM_PRECISION
}  // namespace sim
