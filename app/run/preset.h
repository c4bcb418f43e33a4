// JSON presets: a file that sets the scene, frame count, backend, solver settings and scene parameters,
// and optionally an A/B comparison and a recording (what --compare and --record give on the command line,
// which wins over the preset).
//   {"scene": "chain", "frames": 600, "backend": "auto",
//    "settings": {"substeps": 100, "iterations": 1, "solver": "gs"},
//    "params": {"particles": 20, "heavy_mass": 100000},
//    "compare": [{"substeps": 1, "iterations": 30}, {"substeps": 30, "iterations": 1}],
//    "record": "figure1.mp4"}
// Every key is checked; a malformed file or an unknown key throws sim::ParamError naming it.
#pragma once

#include <string>

#include "run/run_options.h"

namespace app {

// Both return true when the preset named a scene.
bool apply_preset_file(const std::string& path, RunOptions& options);
bool apply_preset_text(const std::string& json_text, const std::string& origin, RunOptions& options);

}  // namespace app
