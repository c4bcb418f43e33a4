// What a constraint family is: everything of one kind of constraint (distance constraints, tetrahedra,
// contacts against the ground, rigid bodies and their joints, ...) in its own folder families/<name>/, so
// that the layers above it name no family. A family is a struct deriving from FamilyDefaults<itself>,
// which supplies "nothing" for every piece it leaves out, and registers itself with one line in
// registry/family_list.h. Its pieces:
//   data      ModelPart<Array>, StatePart<Array>: its Model and State members (model.distance.rest_length,
//             state.distance.lambda), with fields() listing the arrays a backend copies;
//   builder   BuilderPart<Builder>: the calls scenes make on registry/builder.h's ModelBuilder
//             (b.add_distance(...)), and finalize(model, state): sort, colour, size the multipliers;
//   solver    Stages<Core>: the hooks of FamilyHooks below, called by the steppers (solver/) at their places
//             in Small Steps Algorithm 1, on a Core (solver/solver_core.h) of either backend;
//   metrics   Sums (reduced on the backend), measure_term<Exec>(model, state, frame) giving each
//             constraint's share of ConstraintSums and of Sums, complete<Exec>, divergence, probe; Metrics
//             (its part of registry/frame_metrics.h's FrameMetrics) from finish(), its CSV columns(),
//             its report() lines for the run summary and the viewer's Stats panel, its residuals() and
//             failures() (the bound past which its physics failed: the `physics` line, --fail-on-error);
//   settings  Options and options(): its entries in the settings table (settings/setting_spec.h);
//   drawing   draw_term<Exec>(model, state): its share of a particle's drawn value (draw/draw_vertex.h);
//             bodies and points it draws itself (FamilyHooks::draw);
//   world     host_only(model, settings): a solver the settings ask for that runs on the CPU only;
//             holds_grab(model, grab): a grab of one of its own items; and what World::energy_budget and
//             its messages ask (force_form_refusal, drives, stiffness, add_mass, same_shape).
// docs/ARCHITECTURE.md, "Adding a constraint family", walks through one.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "constraints/stability_criterion.h"
#include "core/hd.h"
#include "draw/draw_arrays.h"
#include "metrics/common_metrics.h"
#include "metrics/failure_check.h"
#include "metrics/metric_column.h"
#include "metrics/metric_sums.h"
#include "metrics/metric_terms.h"
#include "metrics/report.h"
#include "model/grab.h"
#include "settings/setting_spec.h"

namespace sim {
inline namespace SIM_PRECISION {

// The model or state part of a family without arrays of its own; Owner makes each one a distinct base.
template <class Owner>
struct NoArrays {
  std::tuple<> fields() const { return {}; }
};

// The metric term of a family whose constraints report nothing.
struct NoTerms {
  int count = 0;
  template <class Sums>
  SIM_HD void operator()(int, ConstraintSums&, Sums&) const {}
};

// The drawn value of a family that colours no particle.
struct NoDrawTerm {
  SIM_HD double operator()(int, DrawQuantity) const { return 0.0; }
};

// A probed constraint's multiplier (Model::probes): λ [N·s²] (tension negative, as a distance constraint's)
// and, for a joint, |λ| of its angular block [N·m·s²].
struct ProbeReading {
  double lambda = 0.0;
  double torque = 0.0;
};

// A solver that runs on the CPU only (host memory), as a family names it for World's backend choice: the
// setting that chose it with its value as written, the value of that setting that runs on every backend,
// and why, in words.
struct HostOnly {
  std::string setting;   // a settings_table() name
  std::string value;     // as the setting is written
  std::string fallback;  // a value of the setting that runs everywhere
  std::string why;
};

// "Nothing" for every piece of a family; Owner makes each nested type distinct.
template <class Owner>
struct FamilyDefaults {
  template <template <class> class Array>
  using ModelPart = NoArrays<Owner>;
  template <template <class> class Array>
  using StatePart = NoArrays<Owner>;

  template <class Builder>
  struct BuilderPart {};
  // After the scene has added everything: sort, colour, build incidence lists, size the multipliers.
  template <class ModelT, class StateT>
  static void finalize(ModelT&, StateT&) {}

  using Sums = NoSums;
  struct Metrics {};
  struct Options {};
  template <class Exec, class ModelA, class StateA>
  static NoTerms measure_term(const ModelA&, const StateA&, const MetricFrame&) {
    return {};
  }
  // After the reduction: what the family reads of single items (a tracked body's position).
  template <class Exec, class S, class ModelA, class StateA>
  static void complete(S&, const ModelA&, const StateA&) {}
  // Which of its own items makes the state unfit to continue, if any.
  template <class S>
  static std::optional<Divergence> divergence(const S&) {
    return std::nullopt;
  }
  // A probe's multiplier (Probe::index among the family's sorted constraints).
  template <class Exec, class StateA>
  static ProbeReading probe(const StateA&, int) {
    return {};
  }
  // Metrics from Sums; h: the Δt_s of the last substep [s].
  template <class M, class S, class ModelT>
  static void finish(M&, const S&, const ModelT&, Real) {}
  static std::vector<MetricColumn<Metrics>> columns() { return {}; }
  template <class ModelT, class M>
  static void report(const ModelT&, const M&, ReportLines&) {}
  // Its part of the frame's residual line (metrics/report.h), where it holds constraints.
  template <class ModelT, class M>
  static void residuals(const ModelT&, const M&, ResidualParts&) {}
  // Its failure bounds (metrics/failure_check.h), where it holds constraints: the measure in which they fail,
  // the frame's worst value and the bound past which the physics failed, each bound justified beside it.
  template <class ModelT, class M>
  static void failures(const ModelT&, const M&, FailureChecks&) {}
  // What the family holds in `model`, in numbers (metrics/report.h).
  template <class ModelT>
  static void add_sizes(const ModelT&, std::vector<ModelSize>&) {}
  static std::vector<SettingSpec<Options>> options() { return {}; }
  template <class Exec, class ModelA, class StateA>
  static NoDrawTerm draw_term(const ModelA&, const StateA&) {
    return {};
  }

  // For the frame driver and its messages (world/): why a force-based integrator cannot step the family's
  // constraints in `model` (they have no energy), or null; whether they move particles along prescribed
  // targets (so the scene's energy has no bound); the stiffest of them in words, for a divergence message.
  template <class ModelT>
  static const char* force_form_refusal(const ModelT&) {
    return nullptr;
  }
  template <class ModelT>
  static bool drives(const ModelT&) {
    return false;
  }
  template <class ModelT>
  static std::string stiffness(const ModelT&) {
    return "";
  }
  // Why the family's options (options()) do nothing in `model` ("the scene has no rigid bodies"), or null.
  template <class ModelT>
  static const char* options_idle(const ModelT&) {
    return nullptr;
  }
  // The solver that steps the family's items in `model` under `settings` where the integrator does not (a
  // host stepper), in words for a divergence message, or "".
  template <class ModelT, class SettingsT>
  static std::string stepper(const ModelT&, const SettingsT&) {
    return "";
  }
  // Whether `grab` holds one of the family's own items in `model` (a body's point), where it holds no particle.
  template <class ModelT>
  static bool holds_grab(const ModelT&, const Grab&) {
    return false;
  }
  // Whether `settings` ask for a solver of the family's items in `model` that runs on the CPU only, and
  // which: World refuses such a frame on CUDA, and `--backend auto` takes the CPU for it.
  template <class ModelT, class SettingsT>
  static std::optional<HostOnly> host_only(const ModelT&, const SettingsT&) {
    return std::nullopt;
  }
  // The movable mass [kg] of the family's own degrees of freedom (rigid bodies) and their highest point [m],
  // added for World::energy_budget; and whether two Models of the family give States of the same shape
  // (World::replace_model keeps the running State only then).
  template <class ModelT, class StateT>
  static void add_mass(const ModelT&, const StateT&, double& /*mass*/, double& /*top*/) {}
  template <class ModelT>
  static bool same_shape(const ModelT&, const ModelT&) {
    return true;
  }
};

// The hooks of a family's Stages<Core>, with nothing to do by default. Core: solver/solver_core.h's
// SolverCore (the backend's arrays every family shares, Core::Exec, Core::Substep, Core::HostModel); Sub: the
// substep (h, the frame fraction, the settings).
struct FamilyHooks {
  // The Model was uploaded into core: read its host-side settings, size the family's own buffers.
  template <class Core, class HostModel>
  void upload(Core&, const HostModel&) {}
  // A State was uploaded into core.
  template <class Core>
  void state_uploaded(Core&) {}
  // The settings of the frame about to run, with the families' own options (registry/settings.h).
  template <class Core, class Settings>
  void configure(Core&, const Settings&) {}
  // The mouse grab, set or moved (World::set_grab), and the particles it holds when it starts (GrabHold).
  void set_grab(const Grab&) {}
  void hold(const GrabHold&) {}
  // The grab's ½ α (λ/h²)² where the family holds it (Solver::grab_energy) [J].
  double grab_energy(Real /*h*/) const { return 0.0; }
  // Algorithm 1 line 1 (§4.2): find this frame's contacts along x + dt v + dt² g.
  template <class Core>
  void detect(Core&, Vec3 /*gravity*/, Real /*dt*/) {}
  // The start of a substep, after the prediction: reset the multipliers (line 5's λ = 0).
  template <class Core, class Sub>
  void begin_substep(Core&, const Sub&) {}
  // One solver iteration (lines 6-9): project every constraint of the family once.
  template <class Core, class Sub>
  void project(Core&, const Sub&) {}
  // After the iterations of a substep (line 9), before the velocity update.
  template <class Core, class Sub>
  void end_iterations(Core&, const Sub&) {}
  // After the velocity update (line 11).
  template <class Core, class Sub>
  void end_substep(Core&, const Sub&) {}
  // Whether end_substep reads or writes particles' x or v: where none does, the stepper runs one substep's
  // velocity update and the next one's prediction as one pass (solver/particle_stages.h).
  bool particles_after_velocity_update() const { return false; }
  // After the frame's last substep.
  template <class Core>
  void end_frame(Core&) {}
  // Adaptive substepping (solver/xpbd/stability.h): add the geometric stiffness of the family's constraints
  // from the frame's mean forces (its multipliers summed over the substeps in end_iterations,
  // families/common/frame_multipliers.h; pass.inv_h2 = 1/Δt_s²) to each degree of freedom's column,
  // pass.particle[i] or pass.body[b], each particle or body adding its own (no two threads write one entry).
  // A family whose constraints have none adds nothing.
  template <class Core, class Pass>
  void add_stiffness(Core&, const Pass&) {}
  // A family with degrees of freedom of its own (rigid bodies) reduces their stability criterion from its
  // stiffness columns (constraints/stability_criterion.h), writing Eq. 6's factors at pass.damping_dt > 0,
  // and applies them to its velocities once per substep before the prediction.
  template <class Core>
  StabilitySums stability(Core&, const StabilityPass&) {
    return {};
  }
  template <class Core>
  void damp(Core&) {}
  // Force-based integrators (solver/force/): a family with an elastic energy (kElastic) adds its gradient,
  // stiffness product or stiffness diagonal at the current x to pass.out; a family without one (contacts) is
  // projected once after the step instead.
  static constexpr bool kElastic = false;
  template <class Core, class Pass>
  void add_energy(Core&, const Pass&) {}
  // What the frame's stages counted that the metrics report (the family's own Sums).
  template <class Sums>
  void add_frame_stats(Sums&) const {}
  // Drawing: how many instances (shapes) and points (beads) the family draws, and writing them at `out`
  // (its own share of the arrays: the solver offsets each family's), with their bounds.
  template <class Core>
  DrawCounts draw_counts(const Core&) const {
    return {};
  }
  template <class Core>
  DrawSums draw(Core&, const DrawArrays&, DrawQuantity) {
    return {};
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
