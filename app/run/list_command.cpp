#include "run/list_command.h"

#include <cstdio>

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

}  // namespace

int list_scenes() {
  std::printf("scenes (parameters: name, default, range, unit, meaning):\n");
  for (const sim::SceneDef& scene : sim::scene_registry()) {
    std::printf("\n  %s — %s\n", scene.name.c_str(), scene.description.c_str());
    print_table(scene.default_params());
  }
  std::printf("\nsolver settings (--substeps, --iterations, --solver, --jacobi-omega, --frame-dt):\n");
  print_table(sim::ParamSet("settings", sim::settings_table()));
  return kExitOk;
}

}  // namespace app
