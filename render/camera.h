// Orbit camera: yaw/pitch around a target at a distance, perspective projection, and the screen <-> world
// mappings that picking and dragging need. Pixels are measured from the top-left of the viewport.
#pragma once

#include <glm/glm.hpp>

namespace render {

struct Ray {
  glm::vec3 origin;
  glm::vec3 direction;  // unit
};

class OrbitCamera {
 public:
  glm::vec3 target{0.0f, 0.5f, 0.0f};  // [m]
  float distance = 3.0f;               // [m]
  float yaw = 0.6f;                    // about +y [rad]
  float pitch = 0.35f;                 // above the horizon [rad]
  float fov_y = glm::radians(45.0f);   // [rad]

  glm::vec3 eye() const;
  glm::vec3 forward() const;  // unit, from the eye to the target
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  void orbit(glm::vec2 drag_px);                     // left drag
  void pan(glm::vec2 drag_px, float viewport_h_px);  // right/middle drag: the target follows the cursor
  void zoom(float wheel_steps);                      // positive zooms in
  // Looks at the box from the current direction so that it fills the view's band between `top` and
  // `bottom`, the fractions of its height kept free at either edge (a caption's, a legend's).
  void frame(glm::vec3 lo, glm::vec3 hi, float aspect, float top = 0.0f, float bottom = 0.0f);

  Ray ray_through(glm::vec2 pixel, glm::vec2 viewport_px) const;
  // Pixel position and view depth [m] of a world point; depth ≤ 0 means behind the camera.
  glm::vec3 project(glm::vec3 world, glm::vec2 viewport_px) const;

  bool operator==(const OrbitCamera& o) const {
    return target == o.target && distance == o.distance && yaw == o.yaw && pitch == o.pitch && fov_y == o.fov_y;
  }
  bool operator!=(const OrbitCamera& o) const { return !(*this == o); }
};

}  // namespace render
