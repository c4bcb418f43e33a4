// Per-frame measurements of a World: energies, constraint error, force estimates, divergence.
//   kinetic  T = Σ ½ mᵢ |vᵢ|²;  gravitational  −Σ mᵢ g·xᵢ
//   elastic  Σ ½ α f² over compliant constraints, f = λ / Δt_s² the force the last substep applied: equal
//     to XPBD's ½ C²/α at the converged Eq. 2 (C = −α̃λ), and bounded by the applied force where one
//     iteration leaves C set by the inverse masses, in which case ½ C²/α is mostly solver error (kept
//     apart as `violation`, never in the total). total = kinetic + gravitational + elastic (Figure 6
//     plots the first two).
//   residual |C + α̃λ| of Eq. 2 per constraint, α̃ = α / Δt_s²: zero at the implicit solution; the intended
//     deformation of a soft constraint is not error (|C| over a 10 N/m bend edge would be)
//   force estimate of a distance constraint f = −λ / Δt_s² (Small Steps §4, Figure 4), tension positive
//   stretch ε = (|x_a − x_b| − L) / L over the cloth's stretch edges, compression counted as 0
//   (the visible stretching of Small Steps Figure 1)
//   penetration max(r − φ(x), 0) into the SDF collider, over the particles and the midpoints of the
//   stretch edges (which touch it too, families/contact_stages.h)
//   extension max(C, 0) against the Model's constraint error bound (metrics/error_watch.h follows it)
// Pinned particles (w = 0) carry no energy.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "metrics/metric_sums.h"
#include "model/model.h"
#include "model/state.h"
#include "solver/integrator.h"
#include "solver/settings.h"

namespace sim {

// "other", "stretch", "shear", "bend", "attachment", "tet_deviatoric", "tet_hydrostatic"
const char* residual_kind_name(int kind);

struct FrameMetrics {
  int frame = 0;
  double time = 0.0;                  // [s]
  double kinetic = 0.0;               // [J]
  double gravitational = 0.0;         // [J]
  double elastic = 0.0;               // Σ ½ α (λ/Δt_s²)² [J]
  double potential = 0.0;             // gravitational + elastic [J]
  double total = 0.0;                 // kinetic + potential [J]
  double violation = 0.0;             // Σ ½ C²/α over compliant constraints [J]; solver error, not energy
  double max_residual = 0.0;          // max |C + α̃λ| over distance constraints and attachments [m]
                                      // (the tets' strain residuals only in max_residual_by_kind)
  double rms_residual = 0.0;          // [m]
  // max |C + α̃λ| per kind [m; tets: -]: DistanceKind's Other, Stretch, Shear, Bend, attachments, then the
  // tets' deviatoric and hydrostatic constraints; 0 for none
  std::array<double, kResidualKinds> max_residual_by_kind{};
  // Largest pull past the rest state [m]: max(C, 0) over distance constraints (a folded cloth compresses
  // its soft bend edges by design; compression is not failure), |C| over attachments.
  double max_extension = 0.0;
  double extension_over_bound = 0.0;  // max_extension / Model::extension_bound [-]; > 1: the physics failed
  std::vector<double> probe_force;    // [N], tension positive, in Model::probes order
  std::vector<double> probe_torque;   // a joint probe's torque estimate |λ|/Δt_s² [N·m]; 0 otherwise
  double stretch_max = 0.0;           // largest ε over stretch edges [-]
  double stretch_mean = 0.0;          // mean ε over stretch edges [-]
  double max_penetration = 0.0;       // deepest particle or stretch-edge midpoint in the collider past r [m]
  double volume_error_mean = 0.0;     // mean |V/V₀ − 1| over tets [-]
  double volume_error_max = 0.0;      // [-]
  // Fluids (PBF): compression max(ρ/ρ₀ − 1, 0) over the fluid particles at the end of the frame, the volume
  // Σ m/max(ρ, ρ₀) (thinned surface particles count at rest), the substeps the CFL limit shortened
  double density_error_mean = 0.0;    // [-]
  double density_error_max = 0.0;     // [-]
  double fluid_volume = 0.0;          // [m³]
  double fluid_rest_volume = 0.0;     // N m/ρ₀ [m³]
  long long cfl_clamps = 0;           // particle substeps this frame
  int neighbours_max = 0;             // most neighbours of a fluid particle
  int neighbour_overflow = 0;         // fluid particles with more neighbours than a list holds
  // Rigid bodies: the joints' largest anchor separation |p_a − p_b| and angular error (hinge axes apart,
  // a fixed joint's relative turn), and the bodies' angular momentum about the origin
  double joint_separation_max = 0.0;     // [m]
  double joint_separation_sum = 0.0;     // Σ over joints, the total positional error Σ|C| [m]
  double joint_angle_max = 0.0;          // [rad]
  Vec3 angular_momentum{0.0, 0.0, 0.0};  // [kg·m²/s]
  // Their contacts: manifold points found, those that pushed in the last substep, their normal force over
  // it (λ_n/Δt_s² and the velocity pass's impulse/Δt_s, constraints/body_contact.h), and the deepest overlap
  // of a contact point at the end of the frame
  int contact_points = 0;
  int contacts_touching = 0;
  double contact_force = 0.0;      // [N]
  double contact_depth_max = 0.0;  // [m]
  int contacts_dropped = 0;        // pairs found beyond a body's slots at the last detection (StepStats)
  // The same of the particles' contacts with bodies (cloth under a box, fluid around a ball)
  int particle_contact_points = 0;
  int particle_contacts_touching = 0;
  double particle_contact_force = 0.0;      // [N]
  double particle_contact_depth_max = 0.0;  // [m]
  // Model::tracked_body (a stack's top): its height, how far it sank and how far it moved sideways from
  // where the scene put it
  double tracked_body_height = 0.0;  // [m]
  double tracked_body_drop = 0.0;    // [m]
  double tracked_body_drift = 0.0;   // [m]
  // Sag of the tracked particles (a beam's free end): their mean rest height minus their mean height [m]
  double tip_deflection = 0.0;
  double cg_residual = 0.0;   // implicit Euler: |r|/|r₀| of the frame's last linear solve [-]
  long long evaluations = 0;  // explicit force-based schemes: acceleration passes over the frame
  int substeps = 0;
  // Settings::adaptive (solver/stability.h): r = max K_d,ii/M_ii (Eq. 9) and h̄ = 2√(α/r) (Eq. 10) from the
  // multipliers the frame started with, the N Eq. 11 asked before the clamp, whether N_min or N_max set N,
  // and the degrees of freedom Eq. 6 damped (damping and hybrid)
  double stiffness_ratio = 0.0;  // [1/s²]
  double stable_dt = 0.0;        // [s]; 0: no load
  int substeps_wanted = 0;
  int substeps_clamped = 0;  // 1: clamped
  int substeps_held = 0;     // 1: held above substeps_wanted by Settings::adaptive_release
  int damped_dofs = 0;
  // Constraint projections this frame (distances, attachments, two per tet), n·k per constraint (contacts
  // vary and are not counted): "equal cost" in this project's comparisons means equal projections. Predict,
  // the λ resets, Eq. 10's allowance and the velocity update run once per substep on top, so at equal n·k
  // wall time favours iterations; step_ms says by how much.
  long long projections = 0;  // 0 under implicit Euler
  double step_ms = 0.0;       // wall time of the step [ms]
  double detection_ms = 0.0;  // of which contact detection [ms]
  double search_ms = 0.0;     // of which the fluid's neighbour searches [ms]
  int searches = 0;           // the fluid's neighbour lists built this frame (Verlet lists: fewer)
  long long launches = 0;     // backend operations of the step (kernel launches on CUDA, StepStats)
  int threads = 0;            // CPU threads the step ran on (0 on CUDA, StepStats)
};

// The cost a comparison holds equal, for captions, by the integrator that stepped the frame:
// "N constraint projections/frame" under XPBD, "N force passes/frame" under an explicit scheme, the last
// linear solve's residual under implicit Euler (which projects nothing).
std::string cost_line(const FrameMetrics& m, Integrator integrator);

// What the stability criterion did this frame under `mode` (Settings::adaptive), for captions and Stats:
// "adaptive: N = 37 (h_bar 0.45 ms, r = 1.9e+05/s^2)", the clamp, the DOFs damped; empty when off.
std::string stability_line(const FrameMetrics& m, Stabilization mode);

// The metrics of a frame from its sums (metrics/reduce_metrics.h), reduced by a backend or by
// measure_sums; h: the substep Δt_s [s] that produced the multipliers.
FrameMetrics metrics_from_sums(const Model& model, const MeasuredSums& sums, Real h);
// Why the state the sums were reduced from is not fit to continue (NaN, infinity, a particle outside the
// scene bounds), if so.
std::optional<std::string> divergence_from_sums(const MeasuredSums& sums);

// The same reductions over a host State; gravity_scale as in Settings.
MeasuredSums measure_sums(const Model& model, const State& state, Real h, Real gravity_scale = 1.0);
FrameMetrics measure(const Model& model, const State& state, Real h, Real gravity_scale = 1.0);

std::optional<std::string> check_divergence(const Model& model, const State& state);

}  // namespace sim
