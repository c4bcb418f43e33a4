#include "run/run_options.h"

#include "registry/settings.h"

namespace app {

RunOptions::RunOptions(const sim::SceneDef& s)
    : scene(&s), scene_params(s.default_params()), settings("settings", sim::settings_table()) {}

void RunOptions::select_scene(const sim::SceneDef& s) {
  scene = &s;
  scene_params = s.default_params();
}

}  // namespace app
