// JSON presets: a file that sets the scene, frame count, backend, settings and scene parameters, and
// optionally an A/B comparison, a recording, scripted drags and setting changes (what --compare, --record,
// --drag and --at give on the command line, which wins over the preset). Read and written through the settings and parameter tables
// (registry/settings.h, scenes/scene.h): every key is a table entry's name.
//   {"scene": "chain", "frames": 600, "backend": "auto",
//    "settings": {"substeps": 100, "iterations": 1, "solver": "gs"},
//    "params": {"particles": 20, "heavy_mass": 100000},
//    "compare": [{"substeps": 1, "iterations": 30}, {"substeps": 30, "iterations": 1}],
//    "record": "figure1.mp4", "at": ["2.5 substeps=10"]}
// Every key is checked; a malformed file, an unknown key or a key given twice (preset_json.h) throws
// sim::ParamError naming the file, the key's path ("settings.frame_dt") and the value as written.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "run/run_options.h"

namespace app {

// Both return true when the preset named a scene.
bool apply_preset_file(const std::string& path, RunOptions& options);
bool apply_preset_text(const std::string& json_text, const std::string& origin, RunOptions& options);

// The preset that gives `options` back when read: its scene, frames, backend, every setting and scene
// parameter (numbers, booleans and choice names as the tables spell them), the comparison and recording.
std::string preset_text(const RunOptions& options);
// Writes preset_text(options) to `path`; throws sim::ParamError when the file cannot be written.
void save_preset(const std::string& path, const RunOptions& options);
// A parameter table's values as a JSON object, each typed by its table entry.
nlohmann::json params_json(const sim::ParamSet& p);

}  // namespace app
