#include "viewer/picking.h"

namespace app {

int pick_particle(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px,
                  const std::vector<glm::vec3>& positions, const std::vector<bool>& pickable, float tolerance_px) {
  int best = -1;
  float best_depth = 0.0f;
  for (size_t i = 0; i < positions.size(); ++i) {
    if (i < pickable.size() && !pickable[i]) continue;
    const glm::vec3 p = camera.project(positions[i], viewport_px);
    if (p.z <= 0.0f || glm::length(glm::vec2(p) - cursor_px) > tolerance_px) continue;
    if (best < 0 || p.z < best_depth) {
      best = int(i);
      best_depth = p.z;
    }
  }
  return best;
}

glm::vec3 drag_target(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px, glm::vec3 anchor) {
  const render::Ray ray = camera.ray_through(cursor_px, viewport_px);
  const glm::vec3 n = camera.forward();
  const float denom = glm::dot(ray.direction, n);
  if (std::abs(denom) < 1e-6f) return anchor;
  return ray.origin + (glm::dot(anchor - ray.origin, n) / denom) * ray.direction;
}

}  // namespace app
