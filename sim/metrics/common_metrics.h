// The per-frame measurements every scene has, whatever its families (each family's own are its Metrics,
// families/family.h; registry/frame_metrics.h puts both in one FrameMetrics):
//   kinetic  T = Σ ½ mᵢ |vᵢ|² (and the families' own degrees of freedom); gravitational  −Σ mᵢ g·xᵢ
//   elastic  Σ ½ α f² over compliant constraints, f = λ / Δt_s² the force the last substep applied: equal
//     to XPBD's ½ C²/α at the converged Eq. 2 (C = −α̃λ), and bounded by the applied force where one
//     iteration leaves C set by the inverse masses, in which case ½ C²/α is mostly solver error (kept
//     apart as `violation`, never in the total). total = kinetic + gravitational + elastic (Figure 6
//     plots the first two).
//   residual |C + α̃λ| of Eq. 2 per constraint, α̃ = α / Δt_s²: zero at the implicit solution; the intended
//     deformation of a soft constraint is not error (|C| over a 10 N/m bend edge would be)
//   force estimate of a probed constraint f = −λ / Δt_s² (Small Steps §4, Figure 4), tension positive
//   extension max(C, 0) against the Model's constraint error bound (metrics/error_watch.h follows it)
// and what the step cost: substeps (and what adaptive substepping decided), projections, wall time.
// Pinned particles (w = 0) carry no energy.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/vec3.h"
#include "metrics/failure_check.h"
#include "metrics/metric_column.h"
#include "metrics/metric_sums.h"
#include "metrics/report.h"
#include "model/particles.h"
#include "settings/integrator.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

struct CommonMetrics {
  int frame = 0;
  double time = 0.0;           // [s]
  double kinetic = 0.0;        // [J]
  double gravitational = 0.0;  // [J]
  double elastic = 0.0;        // Σ ½ α (λ/Δt_s²)² [J]
  double potential = 0.0;      // gravitational + elastic [J]
  double total = 0.0;          // kinetic + potential [J]
  double violation = 0.0;      // Σ ½ C²/α over compliant constraints [J]; solver error, not energy
  // Σ ½ |λ|/Δt_s² |C + α̃λ| over the bilateral constraints: what the solve's residual holds, which a smaller
  // step would release as motion (solver/xpbd/substep_slew.h) [J]; solver error, not energy
  double residual_energy = 0.0;
  // E_s: the scene's energy scale, its moving mass × |g| × its characteristic length (Model::energy_length)
  // plus its initial kinetic energy (World::energy_scale) [J]
  double energy_scale = 0.0;
  // (total − E_ref) / E_s: the total's rise above its reference, the total before the first frame, taken
  // again after each frame something did work on the scene (World::energy_rise) [-]
  double energy_rise = 0.0;
  double max_residual = 0.0;   // max |C + α̃λ| over the constraints measured in metres [m] (the families
                               // report their strains' residuals apart)
  double rms_residual = 0.0;   // [m]
  // Largest pull past the rest state [m], max(C, 0) of the lengths the families measure (compression is
  // not failure: a folded sheet compresses its soft edges by design).
  double max_extension = 0.0;
  double extension_over_bound = 0.0;  // max_extension / Model::extension_bound [-]; > 1: the physics failed
  std::vector<double> probe_force;    // [N], tension positive, in Model::probes order
  std::vector<double> probe_torque;   // a torque probe's estimate |λ|/Δt_s² [N·m]; 0 otherwise
  // Sag of the tracked particles (a beam's free end): their mean rest height minus their mean height [m]
  double tip_deflection = 0.0;
  double cg_residual = 0.0;   // implicit Euler: |r|/|r₀| of the frame's last linear solve [-]
  long long evaluations = 0;  // explicit force-based schemes: acceleration passes over the frame
  int substeps = 0;
  // Settings::adaptive (solver/xpbd/stability.h): r = max K_d,ii/M_ii (Eq. 9) and h̄ = 2√(α/r) (Eq. 10) from
  // the multipliers the frame started with, the N Eq. 11 asked before the clamp, whether N_min or N_max set
  // N, and the degrees of freedom Eq. 6 damped (damping and hybrid)
  double stiffness_ratio = 0.0;  // [1/s²]
  double stable_dt = 0.0;        // [s]; 0: no load
  int substeps_wanted = 0;
  int substeps_clamped = 0;  // 1: clamped
  int substeps_held = 0;     // 1: above the target, falling by Settings::adaptive_release a frame
  int damped_dofs = 0;
  // The N the rules asked for, which the slew moves toward (solver/xpbd/substep_slew.h); the residual term's
  // N and the e it read (solver/xpbd/residual_rule.h); what set N (SubstepSource: 0 fixed, 1 Algorithm 1,
  // 2 residual, 3 clamp, 4 slew, 5 hold)
  int substeps_target = 0;
  int substeps_residual = 0;
  double residual_ratio = 0.0;  // [-]
  int substeps_source = 0;
  // Constraint projections this frame, n·k per constraint the families count (contacts vary and are not
  // counted): "equal cost" in this project's comparisons means equal projections. Predict, the λ resets,
  // Eq. 10's allowance and the velocity update run once per substep on top, so at equal n·k wall time
  // favours iterations; step_ms says by how much.
  long long projections = 0;  // 0 under a force-based integrator
  double step_ms = 0.0;       // wall time of the step [ms]
  double detection_ms = 0.0;  // of which contact detection [ms]
  double search_ms = 0.0;     // of which neighbour searches [ms]
  int searches = 0;           // neighbour lists built this frame (Verlet lists: fewer)
  long long launches = 0;     // calls onto the device's stream of the step (a CUDA graph is one; StepStats)
  long long nodes = 0;        // device operations of the step (kernel nodes on CUDA, loops on the CPU)
  CudaLaunch launch_mode = CudaLaunch::Plain;  // how CUDA sent them (Settings::cuda_launch resolved)
  int threads = 0;            // CPU threads the step ran on (0 on CUDA, StepStats)
};

// The columns of the metrics files that every scene has, before the families' and after them.
const std::vector<MetricColumn<CommonMetrics>>& common_head_columns();
const std::vector<MetricColumn<CommonMetrics>>& common_tail_columns();

// Why a frame's state is unfit to continue: which item (a particle, or one of a family's own), why
// (DivergenceReason) and where it is.
struct Divergence {
  std::string item;
  int reason = 0;
  Vec3 position{};  // [m]
};
// "particle 12 has a non-finite velocity", "particle 3 left the scene bounds at (x, y, z) m".
std::string describe(const Divergence& d);

// The cost a comparison holds equal, for captions, by the integrator that stepped the frame:
// "N constraint projections/frame" under XPBD, "N force passes/frame" under an explicit scheme, the last
// linear solve's residual under implicit Euler (which projects nothing).
std::string cost_line(const CommonMetrics& m, Integrator integrator);

// The last frame's device operations and the calls that sent them (Settings::cuda_launch): "265 device
// operations in 3 host launches (graph)" on CUDA, "265 parallel loops (...)" on the CPU.
std::string launch_line(bool cuda, const CommonMetrics& m);

// What chose this frame's N under `mode` (Settings::adaptive), for captions and Stats: "adaptive: N = 37, set by
// algorithm 1 (h_bar 0.45 ms, r = 1.9e+05/s^2)", the residual term, the clamp, the slew, the DOFs damped;
// under a fixed n empty unless the slew is still on its way to it.
std::string stability_line(const CommonMetrics& m, Stabilization mode);

// The common lines of a frame's report (metrics/report.h): energy, the families' residuals on one line
// ("<family> 4.13 mm, <family> 0.0091"; none when no family holds a constraint), an alarm line for each
// failure check past its bound (metrics/failure_check.h), the tracked particles' sag, the probes' forces.
void report_common(const CommonMetrics& m, const ResidualParts& residuals, const FailureChecks& failures,
                   int tracked_particles, const std::vector<Probe>& probes, ReportLines& out);

}  // namespace SIM_PRECISION
}  // namespace sim
