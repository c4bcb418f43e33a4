// JSON presets: a file that sets the scene, frame count, backend, solver settings and scene parameters.
//   {"scene": "chain", "frames": 600, "backend": "auto",
//    "settings": {"substeps": 100, "iterations": 1, "solver": "gs"},
//    "params": {"particles": 20, "heavy_mass": 100000}}
// Every key is checked; a malformed file or an unknown key throws sim::ParamError naming it.
#pragma once

#include <string>

#include "run_options.h"

namespace app {

// Both return true when the preset named a scene.
bool apply_preset_file(const std::string& path, RunOptions& options);
bool apply_preset_text(const std::string& json_text, const std::string& origin, RunOptions& options);

}  // namespace app
