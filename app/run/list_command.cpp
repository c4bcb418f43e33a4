#include "run/list_command.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "registry/settings.h"
#include "run/exit_codes.h"
#include "scenes/scene.h"

namespace app {
namespace {

void print_table(const sim::ParamSet& p) {
  for (const sim::ParamSpec& s : p.specs()) {
    std::printf("    %-20s %-10s %-22s %-8s %s%s\n", s.name.c_str(), p.text(s.name).c_str(),
                s.range_text().c_str(), s.unit.c_str(), s.help.c_str(), s.rebuild ? " [rebuilds]" : "");
  }
}

std::string cell(std::string text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// One row a parameter: name, default (and the CUDA default where it differs), range, unit, meaning.
void print_markdown_table(const sim::ParamSet& p, bool scene) {
  std::printf("| %s | default | range | unit | meaning |\n|---|---|---|---|---|\n", scene ? "parameter" : "setting");
  for (const sim::ParamSpec& s : p.specs()) {
    std::string value = p.text(s.name);
    if (!std::isnan(s.cuda_default)) {
      sim::ParamSet on_cuda = p;
      on_cuda.use_device_defaults(true);
      value += " (CUDA: " + on_cuda.text(s.name) + ")";
    }
    const std::string help = s.help + (scene && s.rebuild ? " Changing it rebuilds the scene." : "");
    std::printf("| `%s` | %s | %s | %s | %s |\n", s.name.c_str(), cell(value).c_str(), cell(s.range_text()).c_str(),
                s.unit.c_str(), cell(help).c_str());
  }
}

int markdown() {
  std::printf(
      "# smallsteps reference\n\n"
      "The settings and every scene's parameters, as `smallsteps list --markdown` prints them from their tables\n"
      "(settings/settings.cpp and the families' options, sim/scenes/). A ctest compares this file with that output:\n"
      "after changing a table, regenerate it with `build/release/bin/smallsteps list --markdown > "
      "docs/REFERENCE.md`.\n\n"
      "## Settings\n\n"
      "Each is `--name` on the command line (with dashes for underscores: `--frame-dt`), a key of a preset's\n"
      "`\"settings\"` object, and a widget in the viewer's Solver panel; all apply while a scene runs.\n\n");
  print_markdown_table(sim::ParamSet("settings", sim::settings_table()), false);
  std::printf("\n## Scenes\n\nEach parameter is `--set name=value` on the command line and a key of a preset's "
              "`\"params\"`\nobject; the viewer's Scene panel shows them all.\n");
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    std::printf("\n### `%s`\n\n%s.\n", scene.name.c_str(), scene.description.c_str());
    const auto defaults = [](const sim::ParamDefaults& pairs) {
      sim::ParamSet own("settings", sim::settings_table());
      own.use_defaults(pairs);
      std::string list;
      for (const auto& [name, value] : pairs)
        list += (list.empty() ? "" : ", ") + ("`" + name + " = " + own.text(name) + "`");
      return list;
    };
    if (!scene.settings.empty()) std::printf("Its own setting defaults: %s.\n", defaults(scene.settings).c_str());
    if (!scene.cuda_settings.empty())
      std::printf("On a CUDA device: %s.\n", defaults(scene.cuda_settings).c_str());
    std::printf("\n");
    print_markdown_table(scene.default_params(), true);
  }
  return kExitOk;
}

}  // namespace

int list_scenes(bool as_markdown) {
  if (as_markdown) return markdown();
  std::printf("scenes (parameters: name, default, range, unit, meaning):\n");
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    std::printf("\n  %s — %s\n", scene.name.c_str(), scene.description.c_str());
    print_table(scene.default_params());
  }
  std::printf("\nsettings (--name on the command line, \"settings\" in a preset, the viewer's Solver panel):\n");
  print_table(sim::ParamSet("settings", sim::settings_table()));
  return kExitOk;
}

}  // namespace app
