// Screen-space particle picking, ray picking of rigid bodies, and the drag plane (the viewer's mouse grab).
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "registry/model.h"
#include "render/camera.h"

namespace app {

// The particle whose projection lies within tolerance_px of the cursor, nearest the camera among those;
// −1 when none. Particles with pickable[i] == false are skipped (pinned ones).
int pick_particle(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px,
                  const std::vector<glm::vec3>& positions, const std::vector<bool>& pickable,
                  float tolerance_px = 8.0f);

// A rigid body under the cursor: the first movable body the cursor's ray hits, and where.
struct BodyPick {
  int body = -1;          // none: −1
  glm::vec3 point{0.0f};  // the hit on its surface [m]
  sim::Vec3 local{};      // the same point in body coordinates [m]
};
BodyPick pick_body(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px,
                   const sim::Model& model, const std::vector<sim::Vec3>& x, const std::vector<sim::Quat>& q);

// Where the cursor's ray meets the camera-facing plane through `anchor` (the grabbed particle).
glm::vec3 drag_target(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px, glm::vec3 anchor);

}  // namespace app
