// bench_xpbd: wall time of the substepped XPBD solver on a cloth scene: hanging_cloth, or bunny_cloth
// (Small Steps Figure 1: cloth over the Stanford bunny, contacts with the bunny's SDF, the ground and the
// cloth itself found once per frame), on the chain (§6.1, where launch latency dominates a GPU), or on the
// FEM beam (§6.3, Figure 7: 100 x 1 and 1 x 100 with Jacobi, and backward Euler with 100 CG iterations). For
// each size (387 or 388 per side is ~150k particles and ~900k distance constraints, the paper's scale;
// the chain's size is its particle count), each setting (30 substeps x 1 iteration and 1 substep x 30
// iterations for the cloths, 100 x 1 and 1 x 100 for the chain, Gauss-Seidel over colours) and each
// backend (cpu; cuda when a device is present) it
// steps warm-up frames (for bunny_cloth, until the cloth lies on the bunny), then times frames with
// World::last_step_ms (the backend synchronised) and reports ms per frame (mean, min), of which contact
// detection, ms per substep, ns per constraint projection, the model sizes, divergence and the machine.
//
// With --integrators it times the listed integrators instead, each at n steps per frame (the same steps as
// XPBD's n x 1: equal work in steps, not in force passes), with --set for scene parameters (a stiffness
// the explicit schemes can bear). The scenes and their settings: bench_xpbd_scenes.cpp; the command line:
// bench_xpbd_options.cpp.
//
// usage: bench_xpbd [--scene
// hanging_cloth|bunny_cloth|chain|fem_beam|fluid_column|rigid_chain|capsule_stack|bridge]
// [--out path.json]
// [--frames N]
//                   [--warmup N]
//                   [--backend cpu|cuda|all] [--sizes 100,387] [--integrators all|name,name]
//                   [--set param=value]...

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_xpbd_options.h"
#include "bench_xpbd_scenes.h"
#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "run/machine.h"
#include "scenes/scene.h"
#include "world/world.h"

namespace {

using bench::BenchScene;
using bench::Options;
using bench::UsageError;

using json = nlohmann::ordered_json;  // keys in the order written, for readers of the report

constexpr const char* kNotes =
    "ms_per_frame_mean/min: World::last_step_ms, the wall time of one frame with the backend synchronised, "
    "over the timed frames that follow the warm-up frames. ms_per_substep = ms_per_frame_mean / substeps. "
    "ns_per_projection = ms_per_frame_mean * 1e6 / (substeps * iterations * (distance_constraints + joints + "
    "2 "
    "tets)), 0 for the force-based integrators: "
    "whole-frame time divided by distance-constraint projections, so it includes prediction, velocity "
    "update, contacts and multiplier resets, not the projection alone. detection_ms_mean: the part of "
    "ms_per_frame_mean spent finding contacts (ground, SDF collider, self-collision hash grid), once per "
    "frame. nodes_per_frame: device operations of one step (kernels, memsets and copies on CUDA, a "
    "Gauss-Seidel sweep one a grid of colours when sent as graph, one a colour otherwise; the same loops on "
    "the CPU). launches_per_frame: the calls that put them on the CUDA stream (a graph is "
    "one); on the CPU, nodes_per_frame. launch: Settings::cuda_launch asked (bench_xpbd --launch), "
    "launch_resolved: what auto chose. adaptive: Settings::adaptive (bench_xpbd --setting); "
    "substeps_mean: the substeps the timed frames ran, on average (an adaptive rule's N). "
    "threads: CPU threads, fixed at all the OpenMP runtime offers "
    "(OMP_NUM_THREADS or the cores; 0 on CUDA) rather than adapting (exec/thread_governor.h). diverged: "
    "sim::check_divergence after the timed frames (null: every "
    "particle finite and inside "
    "the scene bounds).";

// Fewer timed frames for large cloths keeps a run to minutes on a small CPU.
int default_frames(int size) { return size <= 200 ? 30 : 10; }

sim::Settings timed_settings(int substeps, int iterations, sim::SolverOrder order) {
  sim::Settings s;
  s.substeps = substeps;
  s.iterations = iterations;
  s.order = order;
  s.threads = omp_get_max_threads();  // a fixed team: timings without the adaptive team's tries
  return s;
}

sim::Settings newton_pcg(int cg_iterations) {
  sim::Settings s = timed_settings(1, 1, sim::SolverOrder::GaussSeidel);
  s.integrator = sim::Integrator::ImplicitEuler;
  s.linear_iterations = cg_iterations;
  return s;
}

void print_table_header() {
  std::fprintf(stderr, "%-7s %-9s %9s %9s %7s %7s %6s %13s %12s %10s %10s %8s  %s\n", "backend", "cloth",
               "particles", "distance", "colours", "n x k", "frames", "ms/frame mean", "ms/frame min",
               "detect ms", "ms/substep", "ns/proj", "diverged");
}

json run_case(const BenchScene& scene, const sim::Built& built, int size, sim::BackendKind backend,
              const sim::Settings& settings, int warmup_frames, int frames) {
  sim::World world(built, backend);
  for (int f = 0; f < warmup_frames; ++f) world.step(settings);
  double total_ms = 0.0, detection_ms = 0.0, search_ms = 0.0, min_ms = std::numeric_limits<double>::infinity();
  double substeps_sum = 0.0;  // N as the frames ran it (an adaptive rule changes it)
  for (int f = 0; f < frames; ++f) {
    world.step(settings);
    substeps_sum += world.last_plan().substeps;
    total_ms += world.last_step_ms();
    detection_ms += world.last_detection_ms();
    search_ms += world.last_search_ms();
    min_ms = std::min(min_ms, world.last_step_ms());
  }
  const std::optional<std::string> diverged = sim::check_divergence(world.model(), world.state());

  const sim::Model& m = world.model();
  const double mean_ms = total_ms / frames;
  const double detection_mean_ms = detection_ms / frames;
  const double ms_per_substep = mean_ms / settings.substeps;
  const double projections =
      settings.integrator == sim::Integrator::Xpbd
          ? double(settings.substeps) * settings.iterations *
                (m.distance_count() + 2.0 * m.tet_count() + m.fluid.count + m.joint_count())
          : 0.0;
  const double ns_per_projection = projections > 0 ? mean_ms * 1e6 / projections : 0.0;
  const std::string grid =
      scene.square ? std::to_string(size) + "x" + std::to_string(size) : std::to_string(size);
  const std::string nxk =
      settings.integrator == sim::Integrator::Xpbd
          ? std::to_string(settings.substeps) + "x" + std::to_string(settings.iterations)
      : settings.integrator == sim::Integrator::ImplicitEuler
          ? "PCG" + std::to_string(settings.linear_iterations)
          : std::string(sim::info(settings.integrator).name).substr(0, 6) + std::to_string(settings.substeps);
  std::fprintf(stderr, "%-7s %-9s %9d %9d %7d %7s %6d %13.3f %12.3f %10.3f %10.4f %8.3f  %s\n",
               sim::backend_name(world.backend()), grid.c_str(), m.particle_count(), m.distance_count(),
               m.colour_count(), nxk.c_str(), frames, mean_ms, min_ms, detection_mean_ms, ms_per_substep,
               ns_per_projection, diverged ? diverged->c_str() : "no");

  return {
      {"backend", sim::backend_name(world.backend())},
      {"backend_description", world.backend_description()},
      {"size", grid},
      {"particles", m.particle_count()},
      {"distance_constraints", m.distance_count()},
      {"tets", m.tet_count()},
      {"bodies", m.body_count()},
      {"joints", m.joint_count()},
      {"integrator", sim::settings_to_params(settings).text("integrator")},
      {"colours", m.colour_count()},
      {"solver", sim::settings_to_params(settings).text("solver")},
      {"launch", sim::settings_to_params(settings).text("cuda_launch")},
      {"launch_resolved", sim::settings_to_params([&] {
                            sim::Settings resolved = settings;
                            resolved.cuda_launch = world.last_launch_mode();
                            return resolved;
                          }()).text("cuda_launch")},
      {"substeps", settings.substeps},
      {"adaptive", sim::settings_to_params(settings).text("adaptive")},
      {"substeps_mean", substeps_sum / frames},
      {"iterations", settings.iterations},
      {"linear_iterations", settings.integrator == sim::Integrator::ImplicitEuler
                                ? json(settings.linear_iterations)
                                : json(nullptr)},
      {"cg_residual_last", settings.integrator == sim::Integrator::ImplicitEuler
                               ? json(world.last_cg_residual())
                               : json(nullptr)},
      {"frame_dt_s", settings.frame_dt},
      {"warmup_frames", warmup_frames},
      {"timed_frames", frames},
      {"ms_per_frame_mean", mean_ms},
      {"ms_per_frame_min", min_ms},
      {"detection_ms_mean", detection_mean_ms},
      {"search_ms_mean", search_ms / frames},  // the fluid's neighbour searches
      {"nodes_per_frame", world.last_nodes()},
      {"launches_per_frame", world.last_launches()},
      {"force_passes_per_frame", world.last_evaluations()},
      {"threads", world.last_threads()},
      {"ms_per_substep", ms_per_substep},
      {"ns_per_projection", ns_per_projection},
      {"diverged", diverged ? json(*diverged) : json(nullptr)},
  };
}

json run_benchmark(const Options& o) {
  const sim::SceneDef& scene = sim::find_scene(o.scene->name);
  const int n = o.steps.value_or(o.scene->n);
  // --setting name=value over every case's settings (an adaptive rule against the fixed N of its mean)
  const auto with_overrides = [&](sim::Settings s) {
    sim::ParamSet p = sim::settings_to_params(s);
    for (const auto& [name, value] : o.setting_overrides) p.set_text(name, value);
    return sim::settings_from_params(p);
  };
  std::vector<sim::Settings> settings = {timed_settings(n, 1, o.scene->order), timed_settings(1, n, o.scene->order)};
  if (o.scene->newton_pcg) settings.push_back(newton_pcg(n));
  if (o.scene->more_iterations > 0)
    settings.push_back(timed_settings(1, o.scene->more_iterations, o.scene->order));
  if (!o.integrators.empty()) {
    settings.clear();
    for (const sim::Integrator i : o.integrators) {
      settings.push_back(timed_settings(n, 1, o.scene->order));
      settings.back().integrator = i;
      settings.back().linear_iterations = 10;
    }
  }
  for (sim::Settings& s : settings) s = with_overrides(s);
  json cases = json::array();
  // What a scene told its user when built (a missing asset and its stand-in: bunny_cloth without the bunny
  // drapes a sphere), on stderr and in the report, so that no number is read as another scene's.
  json scene_notes = json::array();
  print_table_header();
  for (int size : o.sizes) {
    sim::ParamSet params = scene.default_params();
    for (const char* name : o.scene->size_params) params.set(name, size);
    if (o.scene->apply_size) o.scene->apply_size(params, size);
    for (const auto& [name, value] : o.sets) params.set_text(name, value);
    const int frames = o.frames ? *o.frames : default_frames(size);
    for (sim::BackendKind backend : o.backends) {
      // Each backend times the scene a user gets on it: its device defaults (the fluid's neighbour search on
      // CUDA) under what the size and --set chose.
      sim::ParamSet on_backend = params;
      on_backend.use_device_defaults(backend == sim::BackendKind::Cuda);
      const sim::Built built = scene.build(on_backend);
      for (const std::string& note : built.model.notes) {
        if (std::find(scene_notes.begin(), scene_notes.end(), note) != scene_notes.end()) continue;
        std::fprintf(stderr, "bench_xpbd: note: %s\n", note.c_str());
        scene_notes.push_back(note);
      }
      for (const sim::Settings& s : settings)
        for (size_t mode = 0; mode < o.launch_modes.size(); ++mode) {
          if (backend == sim::BackendKind::Cpu && mode > 0) continue;  // the same loops either way
          sim::Settings launched = s;
          launched.cuda_launch = o.launch_modes[mode];
          cases.push_back(run_case(*o.scene, built, size, backend, launched,
                                   o.warmup.value_or(o.scene->warmup_frames), frames));
        }
    }
  }
  json set = json::object();  // the --set scene parameters over the defaults
  for (const auto& [name, value] : o.sets) set[name] = value;
  return {
      {"benchmark", "bench_xpbd"},
      {"scene", o.scene->name},
      {"set", set},
      {"scene_notes", scene_notes},
      {"notes", kNotes},
      {"machine", bench::machine_description()},
      {"cases", cases},
  };
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    options = bench::parse_args(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "bench_xpbd: %s\n%s", e.what(), bench::kUsage);
    return 2;
  }
  if (options.help) {
    std::printf("%s", bench::kUsage);
    return 0;
  }
  // Opened before the run so that an unwritable path fails at once, not after minutes of stepping.
  std::ofstream out_file;
  if (!options.out_path.empty()) {
    out_file.open(options.out_path);
    if (!out_file) {
      std::fprintf(stderr, "bench_xpbd: cannot write --out '%s'\n", options.out_path.c_str());
      return 2;
    }
  }
  try {
    const std::string report = run_benchmark(options).dump(2) + "\n";
    std::printf("%s", report.c_str());
    if (out_file.is_open()) {
      out_file << report;
      out_file.flush();
      if (!out_file) {
        std::fprintf(stderr, "bench_xpbd: writing '%s' failed\n", options.out_path.c_str());
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_xpbd: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
