// The grab's mark (issue 53 item 1): while the mouse or a scripted drag holds something, a line from the
// held point to the target it is pulled to, and a small cross at the held point, drawn over the scene.
// The held point is read on the GPU from the buffers the frame was drawn from (the particle's position,
// or the body's pose: centre + R(q) local), so nothing is read back from the simulation to draw it.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "render/camera.h"
#include "render/gl.h"
#include "render/scene_buffers.h"
#include "render/shader_program.h"

namespace render {

// Magenta: unlike the cloth's orange and blue, the particles' amber, the bodies' grey and the sky.
inline constexpr float kGrabMarkColour[3] = {0.90f, 0.10f, 0.75f};

struct GrabMark {
  int particle = -1;          // held particle, or −1
  int body = -1;              // held body, or −1
  glm::vec3 local{0.0f};      // the body's held point, body coordinates [m]
  glm::vec3 target{0.0f};     // [m]
  bool holds() const { return particle >= 0 || body >= 0; }
};

class GrabMarkLines {
 public:
  GrabMarkLines();
  ~GrabMarkLines();
  GrabMarkLines(const GrabMarkLines&) = delete;
  GrabMarkLines& operator=(const GrabMarkLines&) = delete;
  // Draws the mark into the bound framebuffer's current viewport (aspect: of that viewport); nothing when
  // the mark holds nothing these buffers have.
  void draw(const SceneBuffers& scene, const GrabMark& mark, const OrbitCamera& camera, float aspect);

 private:
  std::unique_ptr<ShaderProgram> program_;
  GLuint vao_ = 0;
};

}  // namespace render
