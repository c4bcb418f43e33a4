// The few numbers a frame's metrics are made of, reduced on the backend (metrics/reduce_metrics.h) so the
// host receives them instead of the State. Each sum has an identity (its default value) and an associative,
// commutative combine, which Exec::reduce applies in a fixed order (the same bits on any thread count); the
// constraints' terms add an element into a running ConstraintSums in place (backend/reduce_element.h).
#pragma once

#include <climits>
#include <cmath>
#include <vector>

#include "core/hd.h"
#include "core/vec3.h"

namespace sim {

// The kinds ConstraintSums::max_residual reports: the four DistanceKinds, then attachments, then the two
// constraints of a tet (families/tet_family.h).
inline constexpr int kResidualKinds = 7;
inline constexpr int kAttachmentResidual = 4;
inline constexpr int kTetDeviatoric = 5;
inline constexpr int kTetHydrostatic = 6;
// Kinds below this one measure C in metres; the tets' constraints are strains, reported apart.
inline constexpr int kFirstStrainResidual = kTetDeviatoric;

// Why a particle makes the state unfit to continue; the lowest index wins, as a host loop would report.
enum DivergenceReason : int { kFinite = 0, kNonFinitePosition = 1, kNonFiniteVelocity = 2, kOutOfBounds = 3 };

struct ParticleSums {
  double kinetic = 0.0;        // Σ ½ m |v|² [J]
  double gravitational = 0.0;  // −Σ m g·x [J]
  double deepest = 0.0;        // max(r − φ(x), 0) into the collider [m]
  Vec3 tracked_displacement{0.0, 0.0, 0.0};  // Σ (x − x_rest) over Model::tracked_particles [m]
  int tracked = 0;
  int bad = INT_MAX;           // lowest index of a particle with a DivergenceReason, INT_MAX for none
  int bad_reason = kFinite;

  SIM_HD static ParticleSums combine(const ParticleSums& a, const ParticleSums& b) {
    ParticleSums s;
    s.kinetic = a.kinetic + b.kinetic;
    s.gravitational = a.gravitational + b.gravitational;
    s.deepest = max_number(a.deepest, b.deepest);
    s.tracked_displacement = a.tracked_displacement + b.tracked_displacement;
    s.tracked = a.tracked + b.tracked;
    const bool first = a.bad <= b.bad;
    s.bad = first ? a.bad : b.bad;
    s.bad_reason = first ? a.bad_reason : b.bad_reason;
    return s;
  }
};

struct ConstraintSums {
  double elastic = 0.0;                      // Σ ½ α (λ/Δt_s²)² [J]
  double violation = 0.0;                    // Σ ½ C²/α over compliant constraints [J]
  double residual_sq = 0.0;                  // Σ |C + α̃λ|² over the length kinds (not the tets') [m²]
  int residual_count = 0;                    // the constraints in residual_sq
  double max_residual[kResidualKinds] = {};  // max |C + α̃λ| per kind [m]
  double max_extension = 0.0;                // max(C, 0) over distances, |C| over attachments [m]
  double stretch_sum = 0.0;                  // Σ ε over stretch edges [-]
  double stretch_max = 0.0;                  // [-]
  double deepest = 0.0;                      // max(r − φ(m), 0) over stretch-edge midpoints [m]
  double volume_error_sum = 0.0;             // Σ |V/V₀ − 1| over tets [-]
  double volume_error_max = 0.0;             // [-]
  int volumes = 0;                           // tets summed
  double density_error_sum = 0.0;            // Σ max(ρ/ρ₀ − 1, 0) over fluid particles [-]
  double density_error_max = 0.0;            // [-]
  double fluid_volume = 0.0;                 // Σ m / max(ρ, ρ₀) [m³]
  int fluid_particles = 0;
  long long cfl_clamps = 0;                  // particle substeps the CFL limit shortened
  int neighbours_max = 0;                    // most neighbours of a fluid particle
  int neighbour_overflow = 0;                // fluid particles with more than a list holds
  int stretch_edges = 0;
  // Rigid bodies (families/rigid_family.h): their energies, angular momentum about the origin, the lowest
  // index of a body with a DivergenceReason; their joints' largest anchor separation and angular error
  double body_kinetic = 0.0;             // Σ ½ m |v|² + ½ ωᵀIω [J]
  double body_gravitational = 0.0;       // −Σ m g·x [J]
  Vec3 angular_momentum{0.0, 0.0, 0.0};  // Σ x × m v + Iω [kg·m²/s]
  int bodies = 0;
  int body_bad = INT_MAX;
  int body_bad_reason = kFinite;
  double joint_separation_max = 0.0;  // [m]
  double joint_separation_sum = 0.0;  // Σ |p_a − p_b| [m]
  double joint_angle_max = 0.0;       // [rad]
  int joints = 0;
  // Their contacts (constraints/body_contact.h): the manifold points of the last detection, those that
  // pushed in the last substep, their normal force over it (contact_normal_force), and the deepest overlap
  // at the current poses
  int contact_points = 0;
  int contacts_touching = 0;
  double contact_force = 0.0;      // [N]
  double contact_depth_max = 0.0;  // [m]
  // the same of the particles' pairs with bodies (families/particle_body_contact_stages.h)
  int particle_contact_points = 0;
  int particle_contacts_touching = 0;
  double particle_contact_force = 0.0;      // [N]
  double particle_contact_depth_max = 0.0;  // [m]
  int count = 0;  // constraints summed

  SIM_HD static ConstraintSums combine(const ConstraintSums& a, const ConstraintSums& b) {
    ConstraintSums s;
    s.elastic = a.elastic + b.elastic;
    s.violation = a.violation + b.violation;
    s.residual_sq = a.residual_sq + b.residual_sq;
    s.residual_count = a.residual_count + b.residual_count;
    for (int k = 0; k < kResidualKinds; ++k)
      s.max_residual[k] = max_number(a.max_residual[k], b.max_residual[k]);
    s.max_extension = max_number(a.max_extension, b.max_extension);
    s.stretch_sum = a.stretch_sum + b.stretch_sum;
    s.stretch_max = max_number(a.stretch_max, b.stretch_max);
    s.deepest = max_number(a.deepest, b.deepest);
    s.volume_error_sum = a.volume_error_sum + b.volume_error_sum;
    s.volume_error_max = max_number(a.volume_error_max, b.volume_error_max);
    s.volumes = a.volumes + b.volumes;
    s.density_error_sum = a.density_error_sum + b.density_error_sum;
    s.density_error_max = max_number(a.density_error_max, b.density_error_max);
    s.fluid_volume = a.fluid_volume + b.fluid_volume;
    s.fluid_particles = a.fluid_particles + b.fluid_particles;
    s.cfl_clamps = a.cfl_clamps + b.cfl_clamps;
    s.neighbours_max = a.neighbours_max > b.neighbours_max ? a.neighbours_max : b.neighbours_max;
    s.neighbour_overflow = a.neighbour_overflow + b.neighbour_overflow;
    s.stretch_edges = a.stretch_edges + b.stretch_edges;
    s.body_kinetic = a.body_kinetic + b.body_kinetic;
    s.body_gravitational = a.body_gravitational + b.body_gravitational;
    s.angular_momentum = a.angular_momentum + b.angular_momentum;
    s.bodies = a.bodies + b.bodies;
    const bool first = a.body_bad <= b.body_bad;
    s.body_bad = first ? a.body_bad : b.body_bad;
    s.body_bad_reason = first ? a.body_bad_reason : b.body_bad_reason;
    s.joint_separation_max = max_number(a.joint_separation_max, b.joint_separation_max);
    s.joint_separation_sum = a.joint_separation_sum + b.joint_separation_sum;
    s.joint_angle_max = max_number(a.joint_angle_max, b.joint_angle_max);
    s.joints = a.joints + b.joints;
    s.contact_points = a.contact_points + b.contact_points;
    s.contacts_touching = a.contacts_touching + b.contacts_touching;
    s.contact_force = a.contact_force + b.contact_force;
    s.contact_depth_max = max_number(a.contact_depth_max, b.contact_depth_max);
    s.particle_contact_points = a.particle_contact_points + b.particle_contact_points;
    s.particle_contacts_touching = a.particle_contacts_touching + b.particle_contacts_touching;
    s.particle_contact_force = a.particle_contact_force + b.particle_contact_force;
    s.particle_contact_depth_max = max_number(a.particle_contact_depth_max, b.particle_contact_depth_max);
    s.count = a.count + b.count;
    return s;
  }
};

// Particles, then distance constraints, then attachments, in one reduction: one copy back per frame.
struct FrameSums {
  ParticleSums particles;
  ConstraintSums constraints;

  SIM_HD static FrameSums combine(const FrameSums& a, const FrameSums& b) {
    return {ParticleSums::combine(a.particles, b.particles),
            ConstraintSums::combine(a.constraints, b.constraints)};
  }
};

// A frame's reductions as they reach the host.
struct MeasuredSums {
  ParticleSums particles;
  ConstraintSums constraints;        // distance constraints and attachments
  std::vector<double> probe_lambda;  // λ of each Model::probes entry [N·s²]
  std::vector<double>
      probe_torque;  // a joint probe's |λ| of its angular block and limit [N·m·s²]; 0 otherwise
  Vec3 bad_x{};                      // position of the particle particles.bad, when there is one [m]
  Vec3 tracked_body_x{};             // Model::tracked_body's centre, when there is one [m]
};

}  // namespace sim
