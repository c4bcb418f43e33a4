#include "viewer/picking.h"

#include "geometry/body_shape.h"
#include "render/to_glm.h"

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

BodyPick pick_body(const render::OrbitCamera& camera, glm::vec2 cursor_px, glm::vec2 viewport_px,
                   const sim::Model& model, const std::vector<sim::Vec3>& x,
                   const std::vector<sim::Quat>& q) {
  const render::Ray ray = camera.ray_through(cursor_px, viewport_px);
  const sim::Vec3 origin{ray.origin.x, ray.origin.y, ray.origin.z};
  const sim::Vec3 dir{ray.direction.x, ray.direction.y, ray.direction.z};
  BodyPick best;
  sim::Real nearest = 0.0;
  for (int b = 0; b < model.body_count() && size_t(b) < x.size(); ++b) {
    if (model.body.inv_mass[size_t(b)] == 0.0) continue;  // a body that never moves
    const auto t = sim::ray_hit(model.body.shape[size_t(b)], model.body.size[size_t(b)], x[size_t(b)],
                                q[size_t(b)], origin, dir);
    if (!t || (best.body >= 0 && *t >= nearest)) continue;
    nearest = *t;
    const sim::Vec3 hit = origin + *t * dir;
    best = {b, render::to_glm(hit), sim::rotate_inverse(q[size_t(b)], hit - x[size_t(b)])};
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
