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
// the explicit schemes can bear).
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

#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "run/machine.h"
#include "scenes/scene.h"
#include "world/world.h"

namespace {

using json = nlohmann::ordered_json;  // keys in the order written, for readers of the report

// A benchmarked scene: which parameters set its size, the default sizes, how many frames to step before
// timing, the substeps n of the two settings timed (n x 1 and 1 x n) and their solver order, and whether
// backward Euler with Newton-PCG (1 substep, n CG iterations) is timed beside them.
struct BenchScene {
  const char* name;
  std::vector<const char*> size_params;  // each is set to the size (a square cloth, a chain's particles)
  std::vector<int> default_sizes;
  int warmup_frames;
  int n;
  bool square;  // the size is a cloth's W of a W x W grid; else a count (particles, cubes along a beam)
  sim::SolverOrder order = sim::SolverOrder::GaussSeidel;
  bool newton_pcg = false;
  // Sets a size no size_params parameter holds (the fluid's layers become its spacing); null: size_params.
  void (*apply_size)(sim::ParamSet&, int) = nullptr;
  int more_iterations = 0;  // > 0: 1 x this many timed too (Figure 8's 1 x 500)
};

// The fluid column's size is its layers along the height (its 1.2 m): spacing = 1.2 m / layers, and the
// 1:2:1 column then holds layers³/4 particles (74: 101k; 156: 949k, the paper's 936k).
void fluid_layers(sim::ParamSet& params, int layers) {
  if (layers < 4 || layers > 400) throw sim::ParamError("fluid layers " + std::to_string(layers) + " outside [4, 400]");
  params.set("spacing", params.get("column_height") / layers);
}

const BenchScene kScenes[] = {
    {"hanging_cloth", {"width", "height"}, {100, 387}, 5, 30, true},
    // 1 s of simulated time: the cloth has landed on the bunny, so contacts are part of the timing.
    {"bunny_cloth", {"resolution"}, {64, 388}, 60, 30, true},
    {"chain", {"particles"}, {20}, 5, 100, false},
    // Small Steps Figure 7: the 40 x 8 x 8-cube beam (12,800 tets) with Jacobi, as the paper's GPU solver.
    {"fem_beam", {"cells_length"}, {40}, 5, 100, false, sim::SolverOrder::Jacobi, true},
    // Small Steps Figure 2: 10 x 1 against 1 x 10, timed from 0.5 s into the collapse.
    {"fluid_column", {}, {74, 156}, 30, 10, false, sim::SolverOrder::Jacobi, false, fluid_layers},
    // Small Steps Figure 8: 100 x 1, 1 x 100 and 1 x 500 on the 20-link chain at 1:1000 (and 100 links).
    {"rigid_chain", {"links"}, {20, 100}, 30, 100, false, sim::SolverOrder::GaussSeidel, false, nullptr, 500},
    // Small Steps Figure 9: 100 x 1 against 1 x 100 on the capsule stack (10 and 30 layers), contacts found
    // once per frame (the detection time is reported apart), timed while it stands.
    {"capsule_stack", {"layers"}, {10, 30}, 30, 100, false},
    // Giles & Andrews 2024 §4.1.2: the bridge of 20 (and 100) planks while the ball rolls onto it.
    {"bridge", {"planks"}, {20, 100}, 10, 100, false},
};

constexpr const char* kUsage =
    "usage: bench_xpbd [--scene "
    "hanging_cloth|bunny_cloth|chain|fem_beam|fluid_column|rigid_chain|capsule_stack|bridge] [--out "
    "path.json] "
    "[--frames N]\n"
    "                  [--warmup N]\n"
    "                  [--backend cpu|cuda|all] [--sizes 100,387] [--integrators all|name,name]\n"
    "                  [--set param=value]...\n"
    "  --scene    the scene to time (default hanging_cloth)\n"
    "  --out      also write the JSON report to this file (it always goes to stdout)\n"
    "  --frames   timed frames per case (default 30 for cloths up to 200x200, 10 above)\n"
    "  --warmup   frames stepped before the timed ones (default the scene's: 30 for the fluid)\n"
    "  --backend  cpu, cuda or all (default all: cpu, and cuda when a device is present)\n"
    "  --sizes    comma-separated cloth resolutions W (a W x W grid; default 100,387 for hanging_cloth,\n"
    "             64,388 for bunny_cloth), chain lengths in particles (default 20) or beam cubes along\n"
    "             its length (8 x 8 across; default 40, the paper's 12,800 tets) or the fluid column's\n"
    "             layers (layers^3/4 particles; default 74,156: 101k and the paper's 936k scale) or the "
    "rigid\n"
    "             chain's links (default 20,100)\n"
    "  --integrators  time these integrators (all: every one) at n steps per frame instead\n"
    "  --set      a scene parameter over its default (repeatable)\n";
constexpr int kMaxFrames = 100000;
constexpr const char* kNotes =
    "ms_per_frame_mean/min: World::last_step_ms, the wall time of one frame with the backend synchronised, "
    "over the timed frames that follow the warm-up frames. ms_per_substep = ms_per_frame_mean / substeps. "
    "ns_per_projection = ms_per_frame_mean * 1e6 / (substeps * iterations * (distance_constraints + joints + "
    "2 "
    "tets)), 0 for the force-based integrators: "
    "whole-frame time divided by distance-constraint projections, so it includes prediction, velocity "
    "update, contacts and multiplier resets, not the projection alone. detection_ms_mean: the part of "
    "ms_per_frame_mean spent finding contacts (ground, SDF collider, self-collision hash grid), once per "
    "frame. launches_per_frame: backend operations of one step (kernel launches, memsets, scans and copies "
    "on "
    "CUDA; the same loops on the CPU). threads: CPU threads, fixed at all the OpenMP runtime offers "
    "(OMP_NUM_THREADS or the cores; 0 on CUDA) rather than adapting (exec/thread_governor.h). diverged: "
    "sim::check_divergence after the timed frames (null: every "
    "particle finite and inside "
    "the scene bounds).";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  bool help = false;
  const BenchScene* scene = &kScenes[0];
  std::string out_path;       // empty: stdout only
  std::optional<int> frames;  // timed frames per case; unset: default_frames(size)
  std::optional<int> warmup;  // frames stepped before the timed ones; unset: the scene's
  std::vector<sim::BackendKind> backends;
  std::vector<int> sizes;  // empty: the scene's default sizes
  std::vector<sim::Integrator> integrators;  // empty: XPBD n x 1 and 1 x n (and the scene's Newton-PCG)
  std::vector<std::pair<std::string, std::string>> sets;  // scene parameters
};

// Fewer timed frames for large cloths keeps a run to minutes on a small CPU.
int default_frames(int size) { return size <= 200 ? 30 : 10; }

// A frame count given to `flag`, in [least, kMaxFrames].
int parse_frames(const std::string& flag, const std::string& text, int least) {
  size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || value < least || value > kMaxFrames)
    throw UsageError(flag + " '" + text + "' is not an integer in [" + std::to_string(least) + ", " +
                     std::to_string(kMaxFrames) + "]");
  return int(value);
}

// The comma-separated items of text ("100,387" -> {"100", "387"}).
std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

// Each size must be a valid width of the scene; its parameter table names the allowed range.
std::vector<int> parse_sizes(const std::string& text, const BenchScene& scene) {
  sim::ParamSet params = sim::find_scene(scene.name).default_params();
  std::vector<int> sizes;
  for (const std::string& item : split_commas(text)) {
    try {
      if (scene.apply_size) {
        const int size = std::stoi(item);
        scene.apply_size(params, size);
        sizes.push_back(size);
        continue;
      }
      params.set_text(scene.size_params[0], item);
    } catch (const sim::ParamError& e) {
      throw UsageError(std::string("--sizes '") + text + "': " + e.what());
    } catch (const std::logic_error&) {
      throw UsageError(std::string("--sizes '") + text + "': '" + item + "' is not a whole number");
    }
    sizes.push_back(params.get_int(scene.size_params[0]));
  }
  return sizes;
}

// Integrator names as the settings table spells them (it names the allowed ones), or all of them.
std::vector<sim::Integrator> parse_integrators(const std::string& text) {
  if (text == "all") {
    std::vector<sim::Integrator> every;
    for (const sim::IntegratorInfo& i : sim::kIntegrators) every.push_back(i.id);
    return every;
  }
  sim::ParamSet settings = sim::settings_to_params(sim::Settings{});
  std::vector<sim::Integrator> out;
  for (const std::string& item : split_commas(text)) {
    try {
      settings.set_text("integrator", item);
    } catch (const sim::ParamError& e) {
      throw UsageError(std::string("--integrators '") + text + "': " + e.what());
    }
    out.push_back(sim::settings_from_params(settings).integrator);
  }
  return out;
}

std::vector<sim::BackendKind> parse_backends(const std::string& text) {
  const sim::CudaAvailability cuda = sim::cuda_availability();
  if (text == "cpu") return {sim::BackendKind::Cpu};
  if (text == "cuda") {
    if (!cuda.available) throw UsageError("--backend cuda was requested but " + cuda.detail);
    return {sim::BackendKind::Cuda};
  }
  if (text == "all") {
    if (cuda.available) return {sim::BackendKind::Cpu, sim::BackendKind::Cuda};
    return {sim::BackendKind::Cpu};
  }
  throw UsageError("--backend '" + text + "' is not one of cpu, cuda, all");
}

const BenchScene& parse_scene(const std::string& text) {
  std::string names;
  for (const BenchScene& s : kScenes) {
    if (text == s.name) return s;
    names += std::string(names.empty() ? "" : ", ") + s.name;
  }
  throw UsageError("--scene '" + text + "' is not one of " + names);
}

Options parse_args(int argc, char** argv) {
  Options o;
  std::string backend = "all", sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      o.help = true;
      return o;
    }
    if (arg != "--out" && arg != "--frames" && arg != "--warmup" && arg != "--backend" && arg != "--sizes" &&
        arg != "--scene" && arg != "--integrators" && arg != "--set")
      throw UsageError("unknown argument '" + arg + "'");
    if (i + 1 >= argc) throw UsageError(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--out") {
      if (value.empty()) throw UsageError("--out needs a file path");
      o.out_path = value;
    } else if (arg == "--frames") {
      o.frames = parse_frames(arg, value, 1);
    } else if (arg == "--warmup") {
      o.warmup = parse_frames(arg, value, 0);
    } else if (arg == "--backend") {
      backend = value;
    } else if (arg == "--scene") {
      o.scene = &parse_scene(value);
    } else if (arg == "--integrators") {
      o.integrators = parse_integrators(value);
    } else if (arg == "--set") {
      const size_t eq = value.find('=');
      if (eq == std::string::npos) throw UsageError("--set '" + value + "': expected param=value");
      o.sets.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    } else {
      sizes = value;
    }
  }
  o.sizes = sizes.empty() ? o.scene->default_sizes : parse_sizes(sizes, *o.scene);
  o.backends = parse_backends(backend);
  return o;
}

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
  for (int f = 0; f < frames; ++f) {
    world.step(settings);
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
      {"substeps", settings.substeps},
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
  std::vector<sim::Settings> settings = {timed_settings(o.scene->n, 1, o.scene->order),
                                         timed_settings(1, o.scene->n, o.scene->order)};
  if (o.scene->newton_pcg) settings.push_back(newton_pcg(o.scene->n));
  if (o.scene->more_iterations > 0)
    settings.push_back(timed_settings(1, o.scene->more_iterations, o.scene->order));
  if (!o.integrators.empty()) {
    settings.clear();
    for (const sim::Integrator i : o.integrators) {
      settings.push_back(timed_settings(o.scene->n, 1, o.scene->order));
      settings.back().integrator = i;
      settings.back().linear_iterations = 10;
    }
  }
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
    const sim::Built built = scene.build(params);
    for (const std::string& note : built.model.notes) {
      if (std::find(scene_notes.begin(), scene_notes.end(), note) != scene_notes.end()) continue;
      std::fprintf(stderr, "bench_xpbd: note: %s\n", note.c_str());
      scene_notes.push_back(note);
    }
    const int frames = o.frames ? *o.frames : default_frames(size);
    for (sim::BackendKind backend : o.backends)
      for (const sim::Settings& s : settings)
        cases.push_back(
            run_case(*o.scene, built, size, backend, s, o.warmup.value_or(o.scene->warmup_frames), frames));
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
    options = parse_args(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "bench_xpbd: %s\n%s", e.what(), kUsage);
    return 2;
  }
  if (options.help) {
    std::printf("%s", kUsage);
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
