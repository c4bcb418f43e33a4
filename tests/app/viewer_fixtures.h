// Viewers for the tests that render: a hidden window on the CPU backend, and the particle positions a pane
// reads back (as the viewer does to pick).
#pragma once

#include <string>
#include <vector>

#include "render/to_glm.h"
#include "scenes/scene.h"
#include "viewer/viewer.h"

namespace app {

inline ViewOptions hidden(const std::string& scene, int width = 480, int height = 360) {
  RunOptions run(sim::find_scene(scene));
  run.frames = 1000000;
  run.backend = sim::BackendKind::Cpu;
  ViewOptions v(run);
  v.interactive = false;
  v.width = width;
  v.height = height;
  return v;
}

// The pane's particle positions, as the viewer reads them to pick (only the positions leave the backend).
inline std::vector<glm::vec3> positions(const Viewer& viewer, int pane = 0) {
  const std::vector<sim::Vec3>& x = viewer.pane(pane).world->positions();
  std::vector<glm::vec3> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) out[i] = render::to_glm(x[i]);
  return out;
}

}  // namespace app
