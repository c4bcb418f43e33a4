// RunOptions: everything a headless run needs, gathered from defaults, a JSON preset and the command
// line (in that order of precedence, later wins).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "params/param.h"
#include "run/scripted_drag.h"
#include "run/scripted_setting.h"
#include "scenes/scene.h"

namespace app {

struct RunOptions {
  const sim::SceneDef* scene;
  sim::ParamSet scene_params;
  sim::ParamSet settings;
  int frames = 300;
  sim::BackendKind backend = sim::BackendKind::Auto;
  std::string metrics_path;          // .csv or .json; empty writes none
  bool progress = true;              // progress bar when stderr is a terminal
  std::vector<std::string> compare;  // A/B settings overrides ("substeps=1,iterations=30"); empty: one pane
  std::string record;                // recording to start with: out.mp4 or out_dir/; empty: none
  // exit 3 when a failure check passes its bound, the lengths' replaced by this when > 0 [m]; 0: each its own
  std::optional<double> fail_on_error;
  std::vector<ScriptedDrag> drags;      // mouse drags the rendered run plays by itself (--drag, "drag")
  std::vector<ScriptedSetting> at;      // settings changed at simulated times (--at, "at"), in every pane

  explicit RunOptions(const sim::SceneDef& s);
  void select_scene(const sim::SceneDef& s);  // resets the scene parameters to that scene's defaults
};

inline constexpr const char* kDefaultScene = "bunny_cloth";
inline constexpr int kMaxFrames = 10000000;

// A frame count as written (--frames, a preset's "frames"): a whole number in [1, kMaxFrames]; throws
// sim::ParamError naming `source`, the text (quoted) and the allowed range.
int parse_frames(const std::string& text, const std::string& source);

}  // namespace app
