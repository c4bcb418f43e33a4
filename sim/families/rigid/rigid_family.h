// The rigid-body family (Müller et al. 2020, "Müller 2020"): bodies, the joints between bodies, particles
// and the world, and the bodies' contact kinds (contact_kinds.h: with each other and the world's planes,
// with particles). Its pieces: data (rigid_data.h), builder part and joint colouring (rigid_build.h),
// metrics (rigid_metrics.h), failure bounds (rigid_bounds.h), drawing (rigid_draw.h), options
// (rigid_options.h), and its solver stages (rigid_stages.h), which move the bodies by the body stepper the
// settings name (steppers/body_stepper.h) and run the contact kinds (contact_set.h).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/position.h"
#include "families/family.h"
#include "families/rigid/contact_kinds.h"
#include "families/rigid/rigid_bounds.h"
#include "families/rigid/rigid_build.h"
#include "families/rigid/rigid_data.h"
#include "families/rigid/rigid_draw.h"
#include "families/rigid/rigid_metrics.h"
#include "families/rigid/rigid_options.h"
#include "families/rigid/steppers/body_stepper.h"
#include "families/rigid/steppers/rigid_direct.h"

namespace sim {
inline namespace SIM_PRECISION {

struct RigidFamily : FamilyDefaults<RigidFamily> {
  template <template <class> class Array>
  struct ModelPart {
    BodyArrays<Array> body;
    JointArrays<Array> joint;
    BodyContactSettings body_contact;  // the bodies' contacts, host only
    TrackedBody tracked_body;          // host only
    auto fields() { return std::tuple_cat(BodyArrays<Array>::tie(body), JointArrays<Array>::tie(joint)); }
    auto fields() const {
      return std::tuple_cat(BodyArrays<Array>::tie(body), JointArrays<Array>::tie(joint));
    }
    int body_count() const { return int(body.inv_mass.size()); }
    int joint_count() const { return int(joint.ends.size()); }
  };
  // The bodies and joints, then each contact kind's part (state.body_contact.pairs, ...).
  template <template <class> class Array>
  struct StatePart : RigidContactKinds::StateParts<Array> {
    struct {
      Array<Position> x;  // centre of mass [m]
      Array<Quat> q;      // orientation, body → world
      Array<Vec3> v;      // [m/s]
      Array<Vec3> omega;  // ω in world coordinates [rad/s]
    } body;
    struct {
      Array<JointLambda> lambda;  // the last substep's multipliers, colour-sorted
    } joint;
    auto fields() { return fields_of(*this); }
    auto fields() const { return fields_of(*this); }

   private:
    template <class Self>
    static auto fields_of(Self& s) {
      return std::tuple_cat(std::tie(s.body.x, s.body.q, s.body.v, s.body.omega, s.joint.lambda),
                            RigidContactKinds::StateParts<Array>::tie_parts(s));
    }
  };
  // The body stepper (Giles & Andrews 2024 §4; families/rigid/steppers/): XPBD on poses, or velocity-level
  // PGS or the direct solver, with the velocity-level steppers' settings.
  struct Options {
    RigidSolver rigid_solver = RigidSolver::Xpbd;
    int rigid_iterations = 25;  // PGS sweeps a substep (the paper: 25)
    // Baumgarte's β: Eq. 3's −φ/h has 1, which takes out a substep's drift in the next one; with the tens
    // of substeps Algorithm 1 asks for, φ stays at micrometres and the feedback adds no visible energy
    double baumgarte = 1.0;
    int pivot_steps = 20;  // block principal pivoting steps an island (the paper: 20)
    bool warm_start = true;
  };
  static std::vector<SettingSpec<Options>> options() { return rigid_options<Options>(); }
  template <class Builder>
  using BuilderPart = RigidBuilder<Builder>;
  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT& s) {
    finalize_rigid(m, s, ModelT::template family_index<RigidFamily>());
  }
  template <class Core>
  class Stages;

  using Sums = RigidSums;
  using Metrics = RigidMetrics;
  template <class Exec, class ModelA, class StateA>
  static auto measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    const int bodies = int(Exec::size(m.body.inv_mass));
    const int joints = int(Exec::size(m.joint.ends));
    const auto contacts = RigidContactKinds::measure_terms<Exec>(m, s, frame);
    return MeasureRigid<decltype(contacts)>{
        {Exec::data(s.body.x), Exec::data(s.body.q), Exec::data(m.body.inv_mass),
         Exec::data(m.body.inv_inertia), Exec::data(s.particle_x), Exec::data(m.particle_inv_mass)},
        Exec::data(s.body.v),
        Exec::data(s.body.omega),
        Exec::data(m.joint.ends),
        Exec::data(m.joint.kind),
        Exec::data(m.joint.anchor_a),
        Exec::data(m.joint.anchor_b),
        Exec::data(m.joint.frame_a),
        Exec::data(m.joint.frame_b),
        Exec::data(m.joint.compliance),
        Exec::data(m.joint.angular_compliance),
        Exec::data(s.joint.lambda),
        contacts,
        frame,
        bodies,
        joints,
        bodies + joints + contacts.count};
  }
  // The tracked body's centre and a diverged body's, read once the sums are in.
  template <class Exec, class ModelA, class StateA>
  static void complete(Sums& sums, const ModelA& m, const StateA& s) {
    if (m.tracked_body.body >= 0) sums.tracked_body_x = Exec::read(s.body.x, size_t(m.tracked_body.body));
    if (sums.body_bad_reason != kFinite) sums.bad_x = Exec::read(s.body.x, size_t(sums.body_bad));
  }
  static std::optional<Divergence> divergence(const Sums& sums) {
    if (sums.body_bad_reason == kFinite) return std::nullopt;
    return Divergence{"body " + std::to_string(sums.body_bad), sums.body_bad_reason, sums.bad_x};
  }
  // A joint's force as −|λ| of its positional block (tension positive, as a distance constraint's) and the
  // magnitude of its angular block and limit.
  template <class Exec, class StateA>
  static ProbeReading probe(const StateA& s, int index) {
    const JointLambda joint = Exec::read(s.joint.lambda, size_t(index));
    return {-double(length(joint.force)), double(length(joint.torque))};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT& m, Real h) {
    finish_rigid(out, sums, m, h);
  }
  static std::vector<MetricColumn<Metrics>> columns() { return rigid_columns(); }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& r, ResidualParts& out) {
    if (m.joint_count() > 0) out.push_back({"joints", r.joint_separation_max, "m"});
    RigidContactKinds::residuals(m, r, out);
  }
  template <class ModelT>
  static void failures(const ModelT& m, const Metrics& r, FailureChecks& out) {
    rigid_failures(m, r, out);
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& r, ReportLines& out) {
    if (m.body_count() == 0) return;
    out.push_back(
        {"bodies", format_text("%d bodies, %d joints: separation max ", m.body_count(), m.joint_count()) +
                       format_length(r.joint_separation_max) + ", angular error max " +
                       format_quantity(r.joint_angle_max, "rad") + ", |L| " +
                       format_number(double(length(r.angular_momentum)), 4) + " kg m^2/s"});
    RigidContactKinds::report(m, r, out);
    if (r.lcp_fallbacks > 0)
      out.push_back({"rigid solver",
                     format_text("%d islands fell back from the direct solver to PGS in the last frame: %s",
                                 r.lcp_fallbacks, fallback_text(FallbackReason(r.lcp_fallback_reason))),
                     true});
    else if (r.rigid_solver_iterations > 0 || r.lcp_pivots > 0)  // the velocity-level solve's own work
      out.push_back({"rigid solver", format_count(r.rigid_solver_iterations) + " PGS sweeps and " +
                                         format_count(r.lcp_pivots) +
                                         " pivoting steps in the last frame, no fallback"});
    if (m.tracked_body.body >= 0)
      out.push_back({"tracked", m.tracked_body.name + ": height " + format_length(r.tracked_body_height) +
                                    ", " + format_signed(r.tracked_body_drop, "m", "sank", "rose") +
                                    ", drifted " + format_length(r.tracked_body_drift)});
  }
  template <class ModelT>
  static void add_sizes(const ModelT& m, std::vector<ModelSize>& out) {
    if (m.body_count() > 0) out.push_back({"bodies", "bodies", m.body_count()});
    if (m.joint_count() > 0) out.push_back({"joints", "joints", m.joint_count()});
  }
  template <class ModelT, class StateT>
  static void add_mass(const ModelT& m, const StateT& s, double& mass, double& top) {
    for (size_t b = 0; b < m.body.inv_mass.size(); ++b)
      if (m.body.inv_mass[b] > 0.0) {
        mass += 1.0 / m.body.inv_mass[b];
        top = std::max(top, double(s.body.x[b].y));
      }
  }
  template <class ModelT>
  static bool holds_grab(const ModelT& m, const Grab& g) {
    return g.body >= 0 && g.body < m.body_count();
  }
  // A host stepper (steppers/body_stepper.h) where there are bodies to move.
  template <class ModelT, class SettingsT>
  static std::optional<HostOnly> host_only(const ModelT& m, const SettingsT& s) {
    const BodyStepperEntry& stepper = body_stepper(s.rigid_solver);
    if (!stepper.on_host() || m.body_count() == 0) return std::nullopt;
    return HostOnly{"rigid_solver", stepper.name, body_stepper(RigidSolver::Xpbd).name,
                    "a serial velocity-level solve on the host"};
  }
  template <class ModelT>
  static const char* options_idle(const ModelT& m) {
    return m.body_count() == 0 ? "the scene has no rigid bodies" : nullptr;
  }
  template <class ModelT, class SettingsT>
  static std::string stepper(const ModelT& m, const SettingsT& s) {
    const BodyStepperEntry& entry = body_stepper(s.rigid_solver);
    return entry.on_host() && m.body_count() > 0 ? "rigid bodies by the " + entry.name + " solver" : "";
  }
  template <class ModelT>
  static const char* force_form_refusal(const ModelT& m) {
    return m.body_count() > 0
               ? "rigid bodies' joints and contacts are XPBD constraints on poses (Müller et al. "
                 "2020) with no force form here"
               : nullptr;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/rigid/rigid_stages.h"
