// Screen-space particle picking and the drag plane (the viewer's mouse grab).
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "render/camera.h"

namespace app {

// The particle whose projection lies within tolerance_px of the cursor, nearest the camera among those;
// −1 when none. Particles with pickable[i] == false are skipped (pinned ones).
int pick_particle(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px,
                  const std::vector<glm::vec3>& positions, const std::vector<bool>& pickable,
                  float tolerance_px = 8.0f);

// Where the cursor's ray meets the camera-facing plane through `anchor` (the grabbed particle).
glm::vec3 drag_target(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px, glm::vec3 anchor);

}  // namespace app
