// Scenes are data: a name, a description, a parameter table and a builder that turns parameter
// values into a Model and its initial State using only the ModelBuilder API.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "params/param.h"
#include "registry/builder.h"

namespace sim {
inline namespace SIM_PRECISION {

struct SceneDef {
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;
  std::function<Built(const ParamSet&)> build;
  // The scene's own defaults for solver settings (settings_table() names) where the table's do not suit it
  // (a heavy chain needs more substeps than a cloth); they apply wherever the user has not set the setting.
  ParamDefaults settings;
  // Over `settings` where the scene runs on a CUDA device, whose default size is its paper's scale
  // (ParamSpec::cuda_default): what that size needs to hold (the 388² drape's substeps).
  ParamDefaults cuda_settings;
  // What standing means for a scene meant to stand (a stack): a per-frame metric column (metric_columns()
  // names it) that may not rise past `bound` in a long run at the scene's defaults (bench/soak.cpp).
  struct Hold {
    std::string column;  // e.g. "tracked_body_drop_m"
    double bound = 0.0;  // in the column's unit
    std::string what;    // in words, for the soak report
  };
  std::vector<Hold> holds;

  ParamSet default_params() const { return ParamSet("scene '" + name + "'", params); }
  // Its defaults into `s` (a settings_table() set) wherever the user has not set them: the table's, then
  // `settings`, then on a CUDA device `cuda_settings` (no other scene's own defaults stay behind).
  void use_setting_defaults(ParamSet& s, bool cuda) const {
    s.reset_unset();
    s.use_defaults(settings);
    if (cuda) s.use_defaults(cuda_settings);
  }
};

const std::vector<SceneDef>& scene_registry();
// Throws ParamError listing the registered names when there is no such scene.
const SceneDef& find_scene(const std::string& name);

// Each scene file defines one of these; scene_registry() lists them.
SceneDef make_bunny_cloth_scene();
SceneDef make_chain_scene();
SceneDef make_fem_beam_scene();
SceneDef make_fluid_column_scene();
SceneDef make_hanging_cloth_scene();
SceneDef make_rigid_chain_scene();
SceneDef make_swinging_box_scene();
SceneDef make_capsule_stack_scene();
SceneDef make_heavy_stack_scene();
SceneDef make_bridge_scene();

}  // namespace SIM_PRECISION
}  // namespace sim
