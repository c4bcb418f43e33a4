#include "runner.h"

#include <cstdio>
#include <memory>

#include "collide/body_detection.h"
#include "error_verdict.h"
#include "exit_codes.h"
#include "frame_step.h"
#include "metrics/error_watch.h"
#include "metrics/metrics.h"
#include "metrics_writer.h"
#include "model/state_hash.h"
#include "progress_bar.h"
#include "world.h"

namespace app {
namespace {

void print_summary(const RunOptions& o, sim::World& world, const sim::Settings& s,
                   const sim::FrameMetrics& last, double total_step_ms, double total_detection_ms,
                   int frames_done) {
  const sim::Model& m = world.model();
  std::printf("scene        %s (%d particles, %d distance constraints in %d colours, %d tets)\n",
              o.scene->name.c_str(), m.particle_count(), m.distance_count(), m.colour_count(), m.tet_count());
  std::printf("solver       %s, frame dt %.6g s\n", sim::describe(s).c_str(), double(s.frame_dt));
  std::printf("simulated    %d frames, %.4g s\n", frames_done, world.time());
  std::printf("step time    %.3f ms/frame (mean), %s\n", frames_done ? total_step_ms / frames_done : 0.0,
              sim::cost_line(last, s.integrator).c_str());
  if (const std::string line = sim::stability_line(last, sim::active_stabilization(s)); !line.empty())
    std::printf("last frame   %s\n", line.c_str());
  std::printf("energy       kinetic %.6g J, gravitational %.6g J, elastic %.6g J, total %.6g J\n",
              last.kinetic, last.gravitational, last.elastic, last.total);
  std::printf("residual     |C + α̃λ| max %.4g m, rms %.4g m;", last.max_residual, last.rms_residual);
  for (int kind = 0; kind < sim::kResidualKinds; ++kind)
    if (last.max_residual_by_kind[size_t(kind)] > 0.0)
      std::printf(" %s %.3g", sim::residual_kind_name(kind), last.max_residual_by_kind[size_t(kind)]);
  std::printf("\n");
  if (last.stretch_max > 0.0)
    std::printf("stretch      max %.4g %%, mean %.4g %%\n", 100.0 * last.stretch_max, 100.0 * last.stretch_mean);
  if (m.collider.enabled) std::printf("penetration  max %.4g m into the collider\n", last.max_penetration);
  if (m.tet_count() > 0)
    std::printf("volume       |V/V0 - 1| mean %.4g %%, max %.4g %% over %d tets\n", 100.0 * last.volume_error_mean,
                100.0 * last.volume_error_max, m.tet_count());
  if (m.body_count() > 0)
    std::printf(
        "bodies       %d bodies, %d joints: separation max %.4g m, angular error max %.4g rad, |L| %.6g "
        "kg m^2/s\n",
        m.body_count(), m.joint_count(), last.joint_separation_max, last.joint_angle_max,
        double(sim::length(last.angular_momentum)));
  if (m.body_count() > 0 && m.body_contact.enabled)
    std::printf("contacts     %d points, %d touching: force %.6g N, deepest %.4g m\n", last.contact_points,
                last.contacts_touching, last.contact_force, last.contact_depth_max);
  if (m.body_count() > 0 && m.particle_count() > 0 && m.body_contact.enabled && m.body_contact.particles)
    std::printf("particles    %d contacts with bodies, %d touching: force %.6g N, deepest %.4g m\n",
                last.particle_contact_points, last.particle_contacts_touching, last.particle_contact_force,
                last.particle_contact_depth_max);
  if (last.contacts_dropped > 0)
    std::printf("contacts     %d pairs left out at the last detection: a body had more than %d\n",
                last.contacts_dropped, sim::kBodyContactSlots);
  if (m.tracked_body.body >= 0)
    std::printf("tracked      %s: height %.6g m, sank %.4g m, drifted %.4g m\n", m.tracked_body.name.c_str(),
                last.tracked_body_height, last.tracked_body_drop, last.tracked_body_drift);
  if (m.tracked_particles.size() > 0)
    std::printf("tip          deflection %.4g m (mean sag of %zu tracked particles)\n", last.tip_deflection,
                m.tracked_particles.size());
  std::printf("detection    %.3f ms/frame (mean, included in the step time)\n",
              frames_done ? total_detection_ms / frames_done : 0.0);
  std::printf("launches     %lld backend operations in the last frame (kernel launches on CUDA)\n",
              last.launches);
  if (last.threads > 0)
    std::printf("threads      %d CPU threads in the last frame (settings 'threads': %s)\n", last.threads,
                s.threads > 0 ? "fixed" : "0, adapting to the free cores");
  for (size_t i = 0; i < m.probes.size(); ++i) {
    std::printf("force        %s: %.6g N", m.probes[i].name.c_str(), last.probe_force[i]);
    if (m.probes[i].joint_index >= 0) std::printf(", torque %.6g N m", last.probe_torque[i]);
    std::printf("\n");
  }
  std::printf("state hash   %016llx (FNV-1a of the final State: equal for identical runs)\n",
              static_cast<unsigned long long>(sim::state_hash(world.state())));
}

}  // namespace

int run_headless(const RunOptions& o) {
  const sim::Settings settings = sim::settings_from_params(o.settings);
  sim::World world(o.scene->build(o.scene_params), o.backend);
  std::printf("backend      %s\n", world.backend_description().c_str());
  for (const std::string& note : world.model().notes) std::fprintf(stderr, "smallsteps: note: %s\n", note.c_str());
  std::fflush(stdout);

  std::unique_ptr<MetricsWriter> writer;
  if (!o.metrics_path.empty())
    writer = std::make_unique<MetricsWriter>(o.metrics_path, o, world.model(), world.backend_description());

  ProgressBar progress(o.frames, o.progress);
  sim::ErrorWatch watch(world.model().extension_bound);
  sim::FrameMetrics last;
  double total_ms = 0.0, total_detection_ms = 0.0;
  for (int f = 0; f < o.frames; ++f) {
    const sim::FrameResult r = sim::step_and_measure(world, settings);
    total_ms += world.last_step_ms();
    total_detection_ms += world.last_detection_ms();
    if (r.divergence) {
      progress.finish();
      if (writer) writer->finish(*r.divergence);
      std::fprintf(stderr, "smallsteps: %s\n", r.divergence->c_str());
      return kExitPhysicsFailed;
    }
    last = r.metrics;
    watch.observe(last);
    if (writer) writer->write(last);
    progress.update(f + 1, total_ms / (f + 1));
  }
  progress.finish();
  if (writer) writer->finish("completed");
  print_summary(o, world, settings, last, total_ms, total_detection_ms, o.frames);
  if (writer) std::printf("metrics      %s\n", o.metrics_path.c_str());
  return report_constraint_error(watch, o.fail_on_error);
}

}  // namespace app
