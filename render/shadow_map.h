// Shadow map of one directional light: a depth texture rendered from an orthographic view that
// encloses the scene's bounds, sampled with hardware comparison and 3×3 PCF in common.glsl.
#pragma once

#include <glm/glm.hpp>

#include "render/gl.h"

namespace render {

class ShadowMap {
 public:
  explicit ShadowMap(int size_px = 2048);
  ~ShadowMap();
  ShadowMap(const ShadowMap&) = delete;
  ShadowMap& operator=(const ShadowMap&) = delete;

  // Fits the light's view to a sphere around the box and binds the depth target (cleared);
  // the caller binds its own framebuffer again when done.
  void begin(glm::vec3 light_dir, glm::vec3 lo, glm::vec3 hi);
  const glm::mat4& light_view() const { return view_; }
  const glm::mat4& light_proj() const { return proj_; }
  const glm::mat4& light_view_proj() const { return view_proj_; }
  GLuint texture() const { return texture_; }

 private:
  int size_;
  GLuint texture_ = 0, framebuffer_ = 0;
  glm::mat4 view_{1.0f}, proj_{1.0f}, view_proj_{1.0f};
};

}  // namespace render
