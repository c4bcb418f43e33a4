#include "run/run_options.h"

#include <cmath>

#include "params/decimal.h"
#include "params/quoted.h"
#include "registry/settings.h"

namespace app {

RunOptions::RunOptions(const sim::SceneDef& s)
    : scene(&s), scene_params(s.default_params()), settings("settings", sim::settings_table()) {}

void RunOptions::select_scene(const sim::SceneDef& s) {
  scene = &s;
  scene_params = s.default_params();
}

int parse_frames(const std::string& text, const std::string& source) {
  const std::string allowed = " (allowed: integers in [1, " + std::to_string(kMaxFrames) + "])";
  if (const std::optional<std::string> problem = sim::decimal_problem(text))
    throw sim::ParamError(source + ": " + sim::in_quotes(text) + " " + *problem + allowed);
  const double frames = *sim::finite_decimal(text);
  if (frames != std::floor(frames) || frames < 1.0 || frames > double(kMaxFrames))
    throw sim::ParamError(source + ": " + sim::in_quotes(text) + " is not a frame count" + allowed);
  return int(frames);
}

}  // namespace app
