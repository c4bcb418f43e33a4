#include "scenes/scene.h"

#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {

const std::vector<SceneDef>& scene_registry() {
  static const std::vector<SceneDef> scenes = {make_bunny_cloth_scene(),  make_hanging_cloth_scene(),
                                               make_chain_scene(),        make_fem_beam_scene(),
                                               make_fluid_column_scene(), make_rigid_chain_scene(),
                                               make_swinging_box_scene(), make_capsule_stack_scene(),
                                               make_heavy_stack_scene(),  make_bridge_scene()};
  return scenes;
}

const SceneDef& find_scene(const std::string& name) {
  std::string names;
  for (const SceneDef& s : scene_registry()) {
    if (s.name == name) return s;
    names += (names.empty() ? "" : ", ") + s.name;
  }
  throw ParamError("unknown scene " + in_quotes(name) + " (available: " + names + ")");
}

}  // namespace SIM_PRECISION
}  // namespace sim
