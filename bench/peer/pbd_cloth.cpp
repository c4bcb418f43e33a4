// pbd_cloth: the hanging_cloth benchmark of bench_xpbd run in PositionBasedDynamics (Bender et al.,
// github.com/InteractiveComputerGraphics/PositionBasedDynamics), for the side-by-side comparison of
// issue 19 (bench/pbd_side_by_side.sh builds it against a PBD checkout and runs it beside bench_xpbd).
//
// It only calls PBD's API; no PBD code is copied here. For each cloth size W it builds the constraint graph
// of sim/scenes/hanging_cloth.cpp + cloth_grid.cpp in a PBD::SimulationModel: a W x W particle grid of
// spacing size/(W-1) (size 1 m) lying flat in the x-z plane at y = 1.5 m, particle (i, j) at
// (-size/2 + i h, 1.5, j h) with mass areal_density (W-1)^2 h^2 / W^2 (0.2 kg/m^2), particles (0,0) and
// (W-1,0) pinned (mass 0 in PBD: inverse mass 0), and, in cloth_grid.cpp's order, stretch (grid edges,
// k = 1e7 N/m), shear (both diagonals, k = 1e7 N/m) and bending (edges skipping one particle, k = 10 N/m)
// as DistanceConstraint_XPBD (SimulationModel::addDistanceConstraint_XPBD). PBD's XPBD distance
// constraint takes a stiffness k and uses alpha~ = 1/(k h^2) (XPBD::solve_DistanceConstraint), i.e.
// compliance alpha = 1/k, which is smallsteps' compliance_from_stiffness(k); so k is passed unchanged.
//
// PBD groups the constraints itself (SimulationModel::initConstraintGroups, greedy first fit: a
// constraint joins the first group that touches neither of its particles) and PBD's own
// TimeStepController steps the model: per frame of 1/60 s, n substeps of h = (1/60)/n, each a
// semi-implicit Euler prediction with gravity (0, -9.81, 0), k Gauss-Seidel sweeps over the groups
// (OpenMP inside each group, lambda reset at the first sweep), and the first-order velocity update
// v = (x - x_old)/h; no collision detection is set, so nothing collides (smallsteps' hanging_cloth has a
// ground plane at y = 0, which the cloth reaches only late: see the lowest particle below). PBD's velocity
// pass after the substeps
// (TimeStepController::velocityConstraintProjection) does nothing for distance constraints but still
// sweeps them maxIterationsV times; --velocity-iterations sets maxIterationsV (default 0 here, PBD's
// default 5) and the JSON records it.
//
// Timing: warm-up frames, then timed frames, each TimeStepController::step timed with steady_clock.
// ns_per_projection = ms_per_frame_mean * 1e6 / (constraints * substeps * iterations), as bench_xpbd's.
// After the timed frames it reports the state so that both sides can be seen to simulate the same
// falling cloth: kinetic and gravitational energy (-sum m g.x over free particles, smallsteps' metrics),
// the stretch strain eps = max((|x_a - x_b| - L)/L, 0) over the grid edges (max and mean, as smallsteps'
// stretch_max and stretch_mean), and the lowest particle height (also the lowest over all frames, taken
// between frames outside the timed interval: smallsteps' cloth has a ground at y = 0, PBD's none).
//
// usage: pbd_cloth [--sizes 100,387] [--frames N] [--warmup N] [--settings 30x1,1x30]
//                  [--velocity-iterations N] [--out path.json]
// Threads: what the OpenMP runtime offers (OMP_NUM_THREADS).

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "Common/Common.h"
#include "Simulation/Constraints.h"
#include "Simulation/Simulation.h"
#include "Simulation/SimulationModel.h"
#include "Simulation/TimeManager.h"
#include "Simulation/TimeStepController.h"
#include "Utils/Logger.h"
#include "Utils/Timing.h"

// PBD's libraries reference these statics; its demos define them in the same way (Demos/Common/DemoBase.cpp).
INIT_LOGGING
INIT_TIMING

namespace {

// hanging_cloth's defaults (sim/scenes/hanging_cloth.cpp, cloth_grid.cpp).
constexpr double kSize = 1.0;              // [m], edge length
constexpr double kDropHeight = 1.5;        // [m]
constexpr double kGravity = 9.81;          // [m/s^2]
constexpr double kArealDensity = 0.2;      // [kg/m^2]
constexpr double kStretchStiffness = 1e7;  // [N/m]
constexpr double kShearStiffness = 1e7;    // [N/m]
constexpr double kBendStiffness = 10.0;    // [N/m]
constexpr double kFrameDt = 1.0 / 60.0;    // [s]
constexpr int kMaxFrames = 100000;

constexpr const char* kUsage =
    "usage: pbd_cloth [--sizes 100,387] [--frames N] [--warmup N] [--settings 30x1,1x30]\n"
    "                 [--velocity-iterations N] [--out path.json]\n"
    "  --sizes     cloth resolutions W (W x W particles; default 100,387)\n"
    "  --frames    timed frames per case (default 30 for W <= 200, 10 above, as bench_xpbd)\n"
    "  --warmup    frames stepped before the timed ones (default 5, as bench_xpbd's hanging_cloth)\n"
    "  --settings  substeps x iterations per frame (default 30x1,1x30)\n"
    "  --velocity-iterations  TimeStepController's maxIterationsV (default 0; PBD's own default is 5,\n"
    "              sweeps that do nothing for distance constraints)\n"
    "  --out       also write the JSON report to this file (it always goes to stdout)\n";

constexpr const char* kNotes =
    "PositionBasedDynamics' SimulationModel with DistanceConstraint_XPBD (stiffness k, alpha~ = 1/(k h^2), "
    "compliance 1/k as smallsteps), grouped by SimulationModel::initConstraintGroups (greedy first fit in "
    "insertion order, cloth_grid.cpp's order), stepped by PBD's TimeStepController (semi-implicit Euler "
    "prediction, k Gauss-Seidel sweeps over the groups with OpenMP inside a group, first-order velocity "
    "update), no collision detection. ms_per_frame_mean/min: steady_clock around TimeStepController::step "
    "over the timed frames after the warm-up frames. ns_per_projection = ms_per_frame_mean * 1e6 / "
    "(distance_constraints * substeps * iterations): whole-frame time per projection. The sanity values are "
    "taken after the timed frames: kinetic_J, gravitational_J (-sum m g.x over free particles), stretch_max "
    "and stretch_mean (max((|x_a - x_b| - L)/L, 0) over grid edges), lowest_y_m; lowest_y_all_frames_m: the "
    "lowest particle over every frame, read between frames (outside the timed interval).";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Setting {
  unsigned int substeps, iterations;
};

struct Options {
  std::vector<int> sizes{100, 387};
  int frames = -1;  // < 0: 30 up to W = 200, 10 above
  int warmup = 5;
  std::vector<Setting> settings{{30, 1}, {1, 30}};
  unsigned int velocity_iterations = 0;
  std::string out_path;
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  if (items.empty()) throw UsageError("empty list '" + text + "'");
  return items;
}

long parse_int(const std::string& flag, const std::string& text, long least, long most) {
  size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || value < least || value > most)
    throw UsageError(flag + " '" + text + "' is not an integer in [" + std::to_string(least) + ", " +
                     std::to_string(most) + "]");
  return value;
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::printf("%s", kUsage);
      std::exit(0);
    }
    if (i + 1 >= argc) throw UsageError(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : split_commas(value)) o.sizes.push_back(int(parse_int(arg, s, 3, 2048)));
    } else if (arg == "--frames") {
      o.frames = int(parse_int(arg, value, 1, kMaxFrames));
    } else if (arg == "--warmup") {
      o.warmup = int(parse_int(arg, value, 0, kMaxFrames));
    } else if (arg == "--settings") {
      o.settings.clear();
      for (const std::string& s : split_commas(value)) {
        const size_t x = s.find('x');
        if (x == std::string::npos) throw UsageError("--settings '" + s + "': expected NxK, e.g. 30x1");
        o.settings.push_back({unsigned(parse_int(arg, s.substr(0, x), 1, 1000)),
                              unsigned(parse_int(arg, s.substr(x + 1), 1, 1000))});
      }
    } else if (arg == "--velocity-iterations") {
      o.velocity_iterations = unsigned(parse_int(arg, value, 0, 1000));
    } else if (arg == "--out") {
      if (value.empty()) throw UsageError("--out needs a file path");
      o.out_path = value;
    } else {
      throw UsageError("unknown argument '" + arg + "'");
    }
  }
  return o;
}

// The hanging_cloth graph in a fresh SimulationModel: particles and constraints in cloth_grid.cpp's order.
struct Cloth {
  PBD::SimulationModel* model = nullptr;
  int W = 0;
  std::vector<std::pair<unsigned, unsigned>> stretch_edges;  // the grid edges, for the strain check
  int stretch = 0, shear = 0, bend = 0;
};

Cloth build_cloth(int W) {
  Cloth c;
  c.W = W;
  c.model = new PBD::SimulationModel();
  c.model->init();
  PBD::SimulationModel& model = *c.model;
  const double h = kSize / double(W - 1);
  const double particle_mass = kArealDensity * double(W - 1) * double(W - 1) * h * h / double(W * W);
  PBD::ParticleData& pd = model.getParticles();
  pd.reserve(unsigned(W * W));
  auto id = [W](int i, int j) { return unsigned(j * W + i); };
  for (int j = 0; j < W; ++j)
    for (int i = 0; i < W; ++i) pd.addVertex(Vector3r(-0.5 * kSize + i * h, kDropHeight, j * h));
  for (unsigned p = 0; p < pd.size(); ++p) pd.setMass(p, particle_mass);
  pd.setMass(id(0, 0), 0.0);  // pinned: PBD treats mass 0 as static (inverse mass 0)
  pd.setMass(id(W - 1, 0), 0.0);

  auto edge = [&](unsigned a, unsigned b, double k) {
    if (!model.addDistanceConstraint_XPBD(a, b, Real(k)))
      throw std::runtime_error("addDistanceConstraint_XPBD failed");
  };
  for (int j = 0; j < W; ++j)
    for (int i = 0; i < W; ++i) {
      if (i + 1 < W) {
        edge(id(i, j), id(i + 1, j), kStretchStiffness);
        c.stretch_edges.emplace_back(id(i, j), id(i + 1, j));
      }
      if (j + 1 < W) {
        edge(id(i, j), id(i, j + 1), kStretchStiffness);
        c.stretch_edges.emplace_back(id(i, j), id(i, j + 1));
      }
      if (i + 1 < W && j + 1 < W) {
        edge(id(i, j), id(i + 1, j + 1), kShearStiffness);
        edge(id(i + 1, j), id(i, j + 1), kShearStiffness);
        c.shear += 2;
      }
      if (i + 2 < W) edge(id(i, j), id(i + 2, j), kBendStiffness), ++c.bend;
      if (j + 2 < W) edge(id(i, j), id(i, j + 2), kBendStiffness), ++c.bend;
    }
  c.stretch = int(c.stretch_edges.size());
  model.initConstraintGroups();  // PBD would do it in the first step; done here so that no frame times it
  return c;
}

struct Sanity {
  double kinetic = 0, gravitational = 0, stretch_max = 0, stretch_mean = 0;
  double lowest_y = std::numeric_limits<double>::infinity();
  bool finite = true;
};

Sanity sanity(Cloth& c) {
  Sanity s;
  PBD::ParticleData& pd = c.model->getParticles();
  for (unsigned p = 0; p < pd.size(); ++p) {
    const Vector3r& x = pd.getPosition(p);
    const Vector3r& v = pd.getVelocity(p);
    if (!x.allFinite() || !v.allFinite()) s.finite = false;
    s.lowest_y = std::min(s.lowest_y, double(x.y()));
    const double m = pd.getMass(p);
    if (m == 0.0) continue;
    s.kinetic += 0.5 * m * v.squaredNorm();
    s.gravitational += m * kGravity * x.y();
  }
  double sum = 0;
  for (const auto& e : c.stretch_edges) {
    const double L = (pd.getPosition0(e.first) - pd.getPosition0(e.second)).norm();
    const double d = (pd.getPosition(e.first) - pd.getPosition(e.second)).norm();
    const double eps = std::max((d - L) / L, 0.0);
    s.stretch_max = std::max(s.stretch_max, eps);
    sum += eps;
  }
  s.stretch_mean = c.stretch_edges.empty() ? 0.0 : sum / double(c.stretch_edges.size());
  return s;
}

std::string num(double v) {
  if (!std::isfinite(v)) return "null";
  char text[40];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (ch == '\n') {
      out += "\\n";
      continue;
    }
    out += ch;
  }
  return out + "\"";
}

std::string run_case(Cloth& c, const Setting& setting, int warmup, int frames, unsigned velocity_iterations) {
  PBD::Simulation* sim = PBD::Simulation::getCurrent();
  sim->setModel(c.model);
  Real gravity[3] = {0.0, Real(-kGravity), 0.0};
  sim->setVecValue<Real>(PBD::Simulation::GRAVITATION, gravity);
  PBD::TimeStepController* controller = dynamic_cast<PBD::TimeStepController*>(sim->getTimeStep());
  if (!controller) throw std::runtime_error("Simulation's time step is not a TimeStepController");
  controller->setValue<unsigned int>(PBD::TimeStepController::NUM_SUB_STEPS, setting.substeps);
  controller->setValue<unsigned int>(PBD::TimeStepController::MAX_ITERATIONS, setting.iterations);
  controller->setValue<unsigned int>(PBD::TimeStepController::MAX_ITERATIONS_V, velocity_iterations);
  controller->setValue<int>(PBD::TimeStepController::VELOCITY_UPDATE_METHOD, 0);  // first order, v = dx/h
  sim->reset();  // particles to their rest positions, zero velocity, time 0
  PBD::TimeManager::getCurrent()->setTimeStepSize(Real(kFrameDt));
  if (controller->getValue<unsigned int>(PBD::TimeStepController::NUM_SUB_STEPS) != setting.substeps ||
      controller->getValue<unsigned int>(PBD::TimeStepController::MAX_ITERATIONS) != setting.iterations ||
      controller->getValue<unsigned int>(PBD::TimeStepController::MAX_ITERATIONS_V) != velocity_iterations ||
      sim->getVecValue<Real>(PBD::Simulation::GRAVITATION)[1] != Real(-kGravity))
    throw std::runtime_error("PBD did not take the substeps, iterations, velocity iterations or gravity");

  // The lowest particle over all frames, measured between frames (outside the timed interval): whether
  // the cloth came near smallsteps' ground y = 0, whose contacts only smallsteps would handle.
  double lowest_ever = std::numeric_limits<double>::infinity();
  auto note_lowest = [&c, &lowest_ever]() {
    const PBD::ParticleData& pd = c.model->getParticles();
    for (unsigned p = 0; p < pd.size(); ++p)
      lowest_ever = std::min(lowest_ever, double(pd.getPosition(p).y()));
  };
  for (int f = 0; f < warmup; ++f) {
    controller->step(*c.model);
    note_lowest();
  }
  double total_ms = 0.0, min_ms = std::numeric_limits<double>::infinity();
  for (int f = 0; f < frames; ++f) {
    const auto t0 = std::chrono::steady_clock::now();
    controller->step(*c.model);
    const auto t1 = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    total_ms += ms;
    min_ms = std::min(min_ms, ms);
    note_lowest();
  }
  const Sanity s = sanity(c);

  PBD::SimulationModel& m = *c.model;
  const auto& groups = m.getConstraintGroups();
  size_t smallest = std::numeric_limits<size_t>::max(), largest = 0;
  for (const auto& g : groups) smallest = std::min(smallest, g.size()), largest = std::max(largest, g.size());
  const size_t constraints = m.getConstraints().size();
  const double mean_ms = total_ms / frames;
  const double projections = double(constraints) * setting.substeps * setting.iterations;
  const double ns = mean_ms * 1e6 / projections;
  const std::string grid = std::to_string(c.W) + "x" + std::to_string(c.W);
  const std::string nxk = std::to_string(setting.substeps) + "x" + std::to_string(setting.iterations);
  const int threads = omp_get_max_threads();
  std::fprintf(stderr, "%-9s %9u %9zu %6zu %7s %6d %13.3f %12.3f %8.3f %10.4g %10.4g %9.3g %9.3g %9.4f  %s\n",
               grid.c_str(), m.getParticles().size(), constraints, groups.size(), nxk.c_str(), frames,
               mean_ms, min_ms, ns, s.kinetic, s.gravitational, s.stretch_max, s.stretch_mean, s.lowest_y,
               s.finite ? "no" : "yes");

  std::vector<std::pair<std::string, std::string>> fields;  // key, JSON value, in the order written
  auto field = [&fields](const char* key, const std::string& value) { fields.emplace_back(key, value); };
  field("backend", json_string("pbd"));
  field("size", json_string(grid));
  field("W", std::to_string(c.W));
  field("particles", std::to_string(m.getParticles().size()));
  field("distance_constraints", std::to_string(constraints));
  field("stretch_constraints", std::to_string(c.stretch));
  field("shear_constraints", std::to_string(c.shear));
  field("bend_constraints", std::to_string(c.bend));
  field("groups", std::to_string(groups.size()));
  field("colours", std::to_string(groups.size()));
  field("group_size_min", std::to_string(groups.empty() ? 0 : smallest));
  field("group_size_max", std::to_string(largest));
  field("solver", json_string("gauss-seidel over PBD constraint groups"));
  field("substeps", std::to_string(setting.substeps));
  field("iterations", std::to_string(setting.iterations));
  field("velocity_iterations", std::to_string(velocity_iterations));
  field("frame_dt_s", num(kFrameDt));
  field("warmup_frames", std::to_string(warmup));
  field("timed_frames", std::to_string(frames));
  field("ms_per_frame_mean", num(mean_ms));
  field("ms_per_frame_min", num(min_ms));
  field("ms_per_substep", num(mean_ms / setting.substeps));
  field("ns_per_projection", num(ns));
  field("threads", std::to_string(threads));
  field("kinetic_J", num(s.kinetic));
  field("gravitational_J", num(s.gravitational));
  field("stretch_max", num(s.stretch_max));
  field("stretch_mean", num(s.stretch_mean));
  field("lowest_y_m", num(s.lowest_y));
  field("lowest_y_all_frames_m", num(lowest_ever));
  field("diverged", s.finite ? "null" : json_string("a position or velocity is not finite"));
  std::string j = "    {\n";
  for (size_t i = 0; i < fields.size(); ++i)
    j += "      \"" + fields[i].first + "\": " + fields[i].second + (i + 1 < fields.size() ? ",\n" : "\n");
  return j + "    }";
}

std::string run_benchmark(const Options& o) {
  std::fprintf(stderr, "%-9s %9s %9s %6s %7s %6s %13s %12s %8s %10s %10s %9s %9s %9s  %s\n", "cloth",
               "particles", "distance", "groups", "n x k", "frames", "ms/frame mean", "ms/frame min",
               "ns/proj", "kinetic J", "grav. J", "eps max", "eps mean", "lowest y", "diverged");
  std::string cases;
  for (int W : o.sizes) {
    Cloth c = build_cloth(W);
    const int frames = o.frames > 0 ? o.frames : (W <= 200 ? 30 : 10);
    for (const Setting& s : o.settings) {
      if (!cases.empty()) cases += ",\n";
      cases += run_case(c, s, o.warmup, frames, o.velocity_iterations);
    }
    PBD::Simulation::getCurrent()->setModel(nullptr);
    c.model->cleanup();
    delete c.model;
  }
  std::string out = "{\n";
  out += "  \"benchmark\": \"pbd_cloth\",\n";
  out += "  \"scene\": \"hanging_cloth\",\n";
  out += "  \"notes\": " + json_string(kNotes) + ",\n";
#ifdef USE_DOUBLE
  out += "  \"real\": \"double\",\n";
#else
  out += "  \"real\": \"float\",\n";
#endif
  out += "  \"omp_max_threads\": " + std::to_string(omp_get_max_threads()) + ",\n";
  out += "  \"cases\": [\n" + cases + "\n  ]\n}\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    options = parse_args(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "pbd_cloth: %s\n%s", e.what(), kUsage);
    return 2;
  }
  std::ofstream out_file;
  if (!options.out_path.empty()) {
    out_file.open(options.out_path);
    if (!out_file) {
      std::fprintf(stderr, "pbd_cloth: cannot write --out '%s'\n", options.out_path.c_str());
      return 2;
    }
  }
  try {
    const std::string report = run_benchmark(options);
    std::printf("%s", report.c_str());
    if (out_file.is_open()) {
      out_file << report;
      out_file.flush();
      if (!out_file) {
        std::fprintf(stderr, "pbd_cloth: writing '%s' failed\n", options.out_path.c_str());
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pbd_cloth: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
