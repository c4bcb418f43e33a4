#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace render {

glm::vec3 OrbitCamera::forward() const {
  return -glm::vec3(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
}

glm::vec3 OrbitCamera::eye() const { return target - distance * forward(); }

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0.0f, 1.0f, 0.0f)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
  return glm::perspective(fov_y, std::max(aspect, 1e-3f), 0.01f * distance, 200.0f * distance);
}

void OrbitCamera::orbit(glm::vec2 drag_px) {
  yaw -= 0.008f * drag_px.x;
  pitch = std::clamp(pitch + 0.008f * drag_px.y, -1.5f, 1.5f);
}

void OrbitCamera::pan(glm::vec2 drag_px, float viewport_h_px) {
  const float metres_per_px = 2.0f * distance * std::tan(0.5f * fov_y) / std::max(viewport_h_px, 1.0f);
  const glm::vec3 right = glm::normalize(glm::cross(forward(), glm::vec3(0.0f, 1.0f, 0.0f)));
  const glm::vec3 up = glm::cross(right, forward());
  target += metres_per_px * (-drag_px.x * right + drag_px.y * up);
}

void OrbitCamera::zoom(float wheel_steps) { distance = std::clamp(distance * std::pow(0.88f, wheel_steps), 1e-3f, 1e5f); }

void OrbitCamera::frame(glm::vec3 lo, glm::vec3 hi, float aspect, float top, float bottom) {
  // From the current direction, the nearest distance at which every corner of the box lies inside the
  // view with kMargin to spare on the tighter side: corner c at (x, y, z) in the camera's right/up/back
  // frame about the centre needs distance ≥ z + |x|/tan(half fov_x) and ≥ z + |y|/tan(half fov_y), the
  // vertical tangent narrowed to the free band's share; then the target moves so that the centre shows in
  // the band's middle, at NDC y = bottom − top (the band spans −1 + 2·bottom to 1 − 2·top).
  constexpr float kMargin = 1.08f;
  const float band = std::clamp(1.0f - top - bottom, 0.2f, 1.0f);  // the free band's share of the height
  const glm::vec3 centre = 0.5f * (lo + hi);
  target = centre;
  const glm::vec3 f = forward();
  const glm::vec3 right = glm::normalize(glm::cross(f, glm::vec3(0.0f, 1.0f, 0.0f)));
  const glm::vec3 up = glm::cross(right, f);
  const float tan_y = band * std::tan(0.5f * fov_y) / kMargin;
  const float tan_x = tan_y * std::max(aspect, 1e-3f);
  float needed = 1e-3f;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 c((corner & 1 ? hi : lo).x, (corner & 2 ? hi : lo).y, (corner & 4 ? hi : lo).z);
    const glm::vec3 d = c - target;
    const float towards_eye = -glm::dot(d, f);
    needed = std::max({needed, towards_eye + std::abs(glm::dot(d, right)) / tan_x,
                       towards_eye + std::abs(glm::dot(d, up)) / tan_y});
  }
  distance = needed;
  target = centre - (bottom - top) * distance * std::tan(0.5f * fov_y) * up;
}

Ray OrbitCamera::ray_through(glm::vec2 pixel, glm::vec2 viewport_px) const {
  const glm::vec2 ndc(2.0f * pixel.x / viewport_px.x - 1.0f, 1.0f - 2.0f * pixel.y / viewport_px.y);
  const glm::mat4 inverse = glm::inverse(projection(viewport_px.x / viewport_px.y) * view());
  const glm::vec4 near = inverse * glm::vec4(ndc, -1.0f, 1.0f);
  const glm::vec4 far = inverse * glm::vec4(ndc, 1.0f, 1.0f);
  const glm::vec3 a = glm::vec3(near) / near.w, b = glm::vec3(far) / far.w;
  return {eye(), glm::normalize(b - a)};
}

glm::vec3 OrbitCamera::project(glm::vec3 world, glm::vec2 viewport_px) const {
  const glm::vec4 v = view() * glm::vec4(world, 1.0f);
  const glm::vec4 clip = projection(viewport_px.x / viewport_px.y) * v;
  if (clip.w <= 0.0f) return {0.0f, 0.0f, -v.z};
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return {(0.5f * ndc.x + 0.5f) * viewport_px.x, (0.5f - 0.5f * ndc.y) * viewport_px.y, -v.z};
}

}  // namespace render
