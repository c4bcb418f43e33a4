#include "world/frame_step.h"

#include <algorithm>
#include <cstdio>

#include "core/quantity_format.h"

namespace sim {
inline namespace SIM_PRECISION {

std::string divergence_message(const World& world, const Settings& settings, const std::string& reason) {
  const std::string head = "diverged at t = " + format_number(world.time(), 4) + " s, frame " +
                           format_count(world.frame()) + " (";
  // the solver that ran: a family's own stepper where one steps its items, the integrator for the particles
  const std::string integrator = info(settings.integrator).label;
  const std::string steppers = Families::stepper(world.model(), settings);
  const std::string solver =
      steppers.empty() ? integrator
                       : steppers + (world.model().particle_count() > 0 ? ", particles by " + integrator : "");
  const std::string step = ", h = " + format_quantity(world.last_substep_dt(), "s") + ", ";
  const std::string stiffness = Families::stiffness(world.model());
  return head + reason + "; " + solver + step + (stiffness.empty() ? "no elastic constraints" : stiffness) + ")";
}

namespace {

// The frame's metrics from its sums, with the total as the energy line counts it: with the grab's elastic
// energy while it holds (what it stores is released when it lets go).
FrameMetrics energies(World& world, const MeasuredSums& sums, const Settings& settings) {
  FrameMetrics m = metrics_from_sums(world.model(), sums, world.last_substep_dt());
  // No multipliers under a force-based integrator: the compliant constraints' energy is their C²/(2α) (an
  // elastic family's own already is).
  if (force_based(settings.integrator)) m.elastic = m.violation;
  m.elastic += world.grab_energy();
  m.potential = m.gravitational + m.elastic;
  m.total = m.kinetic + m.potential;
  return m;
}

// Something does work on the scene this frame: the mouse grab, or a family moving particles along targets.
bool driven(const World& world) { return world.grab().holds() || Families::drives(world.model()); }

}  // namespace

FrameResult step_and_measure(World& world, const Settings& settings) {
  FrameResult r;
  if (!world.energy_reference(settings.gravity_scale))  // the total the frame starts from
    world.set_energy_reference(energies(world, world.measure(settings.gravity_scale), settings).total,
                               settings.gravity_scale);
  world.step(settings);
  const MeasuredSums sums = world.measure(settings.gravity_scale);
  if (const auto reason = divergence_from_sums(sums)) {
    r.divergence = divergence_message(world, settings, *reason);
    return r;
  }
  // Energy beyond ten times what the scene can release is a scheme blowing up before it reaches NaN; with
  // a grab, or a family that moves particles along targets (Families::drives), there is no such bound.
  const double budget = world.energy_budget(settings.gravity_scale);
  const bool closed = !driven(world);
  const double kinetic = sums.particles.kinetic + sums.constraints.kinetic;
  if (closed && budget > 0.0 && kinetic > 10.0 * budget) {
    const std::string reason = "kinetic energy " + format_quantity(kinetic, "J") + " passed 10x the " +
                               format_quantity(budget, "J") + " the scene can release";
    r.divergence = divergence_message(world, settings, reason);
    return r;
  }
  r.metrics = energies(world, sums, settings);
  r.metrics.frame = world.frame();
  r.metrics.time = world.time();
  r.metrics.energy_scale = world.energy_scale(settings.gravity_scale);
  if (driven(world)) world.set_energy_reference(r.metrics.total, settings.gravity_scale);
  const double reference = *world.energy_reference(settings.gravity_scale);
  r.metrics.energy_rise =
      r.metrics.energy_scale > 0.0 ? (r.metrics.total - reference) / r.metrics.energy_scale : 0.0;
  r.metrics.substeps = world.last_substeps();
  const StabilityPlan& plan = world.last_plan();
  r.metrics.stiffness_ratio = plan.r;
  r.metrics.stable_dt = plan.stable_dt;
  r.metrics.substeps_wanted = plan.wanted;
  r.metrics.substeps_clamped = plan.clamped ? 1 : 0;
  r.metrics.substeps_held = plan.held ? 1 : 0;
  r.metrics.damped_dofs = plan.damped;
  r.metrics.substeps_target = plan.target;
  r.metrics.substeps_residual = plan.residual_substeps;
  r.metrics.residual_ratio = plan.residual;
  r.metrics.substeps_source = int(plan.set_by);
  if (settings.integrator == Integrator::Xpbd)
    r.metrics.projections = (long long)world.last_substeps() * settings.iterations * sums.constraints.count;
  r.metrics.step_ms = world.last_step_ms();
  r.metrics.detection_ms = world.last_detection_ms();
  r.metrics.search_ms = world.last_search_ms();
  r.metrics.searches = world.last_searches();
  r.metrics.launches = world.last_launches();
  r.metrics.nodes = world.last_nodes();
  r.metrics.launch_mode = world.last_launch_mode();
  r.metrics.threads = world.last_threads();
  r.metrics.cg_residual = world.last_cg_residual();
  r.metrics.evaluations = world.last_evaluations();
  world.observe(r.metrics);
  return r;
}

}  // namespace SIM_PRECISION
}  // namespace sim
