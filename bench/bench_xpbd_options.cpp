// bench_xpbd's command line: the usage text and the parser of its options.
#include "bench_xpbd_options.h"

#include <string>
#include <type_traits>

#include "scenes/scene.h"

namespace bench {

const char* const kUsage =
    "usage: bench_xpbd [--scene "
    "hanging_cloth|bunny_cloth|chain|fem_beam|fluid_column|rigid_chain|capsule_stack|bridge|swinging_box] [--out "
    "path.json] "
    "[--frames N]\n"
    "                  [--warmup N] [--steps N] [--setting name=value]...\n"
    "                  [--backend cpu|cuda|all] [--sizes 100,387] [--integrators all|name,name]\n"
    "                  [--set param=value]... [--launch auto,graph,plain]\n"
    "  --scene    the scene to time (default hanging_cloth)\n"
    "  --out      also write the JSON report to this file (it always goes to stdout)\n"
    "  --frames   timed frames per case (default 30 for cloths up to 200x200, 10 above)\n"
    "  --warmup   frames stepped before the timed ones (default the scene's: 30 for the fluid)\n"
    "  --setting  a solver setting over every case's (repeatable; an adaptive rule: adaptive=residual, its\n"
    "             substeps_mean beside the fixed N)\n"
    "  --steps    the n of the n x 1 and 1 x n cases (default the scene's: 30 for the cloths, 100 for the\n"
    "             chains and contact scenes, 10 for the fluid)\n"
    "  --backend  cpu, cuda or all (default all: cpu, and cuda when a device is present)\n"
    "  --sizes    comma-separated cloth resolutions W (a W x W grid; default 100,387 for hanging_cloth,\n"
    "             64,388 for bunny_cloth), chain lengths in particles (default 20) or beam cubes along\n"
    "             its length (8 x 8 across; default 40, the paper's 12,800 tets) or the fluid column's\n"
    "             layers (layers^3/4 particles; default 74,156: 101k and the paper's 936k scale) or the "
    "rigid\n"
    "             chain's links (default 20,100)\n"
    "  --integrators  time these integrators (all: every one) at n steps per frame instead\n"
    "  --set      a scene parameter over its default (repeatable)\n"
    "  --launch   CUDA: the ways to send a frame to time (Settings::cuda_launch), comma-separated (default\n"
    "             auto); the CPU runs once, its loops the same whichever\n";

namespace {

constexpr int kMaxFrames = 100000;

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

// The comma-separated values of `text` for the settings table's entry `setting`, spelled as the table
// spells them (it names the allowed ones), each read back through `member`.
template <class Member>
auto parse_setting_list(const std::string& flag, const char* setting, const std::string& text,
                        Member member) {
  sim::ParamSet settings = sim::settings_to_params(sim::Settings{});
  std::vector<std::decay_t<decltype(sim::Settings{}.*member)>> out;
  for (const std::string& item : split_commas(text)) {
    try {
      settings.set_text(setting, item);
    } catch (const sim::ParamError& e) {
      throw UsageError(flag + " '" + text + "': " + e.what());
    }
    out.push_back(sim::settings_from_params(settings).*member);
  }
  return out;
}

// Integrator names, or all of them.
std::vector<sim::Integrator> parse_integrators(const std::string& text) {
  if (text == "all") {
    std::vector<sim::Integrator> every;
    for (const sim::IntegratorInfo& i : sim::kIntegrators) every.push_back(i.id);
    return every;
  }
  return parse_setting_list("--integrators", "integrator", text, &sim::Settings::integrator);
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
  for (const BenchScene& s : bench_scenes()) {
    if (text == s.name) return s;
    names += std::string(names.empty() ? "" : ", ") + s.name;
  }
  throw UsageError("--scene '" + text + "' is not one of " + names);
}

}  // namespace

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
        arg != "--scene" && arg != "--integrators" && arg != "--set" && arg != "--launch" &&
        arg != "--steps" && arg != "--setting")
      throw UsageError("unknown argument '" + arg + "'");
    if (i + 1 >= argc) throw UsageError(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--out") {
      if (value.empty()) throw UsageError("--out needs a file path");
      o.out_path = value;
    } else if (arg == "--frames") {
      o.frames = parse_frames(arg, value, 1);
    } else if (arg == "--steps") {
      o.steps = parse_frames(arg, value, 1);
      if (*o.steps > 1000) throw UsageError("--steps '" + value + "' is above 1000, the most substeps a frame");
    } else if (arg == "--warmup") {
      o.warmup = parse_frames(arg, value, 0);
    } else if (arg == "--backend") {
      backend = value;
    } else if (arg == "--scene") {
      o.scene = &parse_scene(value);
    } else if (arg == "--integrators") {
      o.integrators = parse_integrators(value);
    } else if (arg == "--launch") {
      o.launch_modes = parse_setting_list("--launch", "cuda_launch", value, &sim::Settings::cuda_launch);
    } else if (arg == "--setting") {
      const size_t eq = value.find('=');
      if (eq == std::string::npos) throw UsageError("--setting '" + value + "': expected name=value");
      o.setting_overrides.emplace_back(value.substr(0, eq), value.substr(eq + 1));
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

}  // namespace bench
