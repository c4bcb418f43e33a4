#include "render/grab_mark.h"

namespace render {

GrabMarkLines::GrabMarkLines() : program_(std::make_unique<ShaderProgram>("grab.vert", "lines.frag")) {
  glCreateVertexArrays(1, &vao_);
  glVertexArrayAttribFormat(vao_, 0, 3, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribFormat(vao_, 1, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float));
  glVertexArrayAttribBinding(vao_, 0, 0);
  glVertexArrayAttribBinding(vao_, 1, 0);
}

GrabMarkLines::~GrabMarkLines() { glDeleteVertexArrays(1, &vao_); }

void GrabMarkLines::draw(const SceneBuffers& scene, const GrabMark& mark, const OrbitCamera& camera, float aspect) {
  // Both attributes read one element, at stride 0, for every vertex: the particle's position (the orientation
  // then its default, the identity), or the body's pose, centre at 0 and orientation at 16 bytes.
  if (mark.particle >= 0 && mark.particle < scene.particle_count()) {
    glVertexArrayVertexBuffer(vao_, 0, scene.position_buffer(), GLintptr(mark.particle) * GLintptr(3 * sizeof(float)), 0);
    glEnableVertexArrayAttrib(vao_, 0);
    glDisableVertexArrayAttrib(vao_, 1);
    glVertexAttrib4f(1, 0.0f, 0.0f, 0.0f, 1.0f);
  } else if (mark.body >= 0 && mark.body < scene.body_count()) {
    glVertexArrayVertexBuffer(vao_, 0, scene.pose_buffer(), GLintptr(mark.body) * GLintptr(8 * sizeof(float)), 0);
    glEnableVertexArrayAttrib(vao_, 0);
    glEnableVertexArrayAttrib(vao_, 1);
  } else {
    return;
  }
  program_->set("u_view", camera.view());
  program_->set("u_proj", camera.projection(aspect));
  program_->set("u_local", mark.particle >= 0 ? glm::vec3(0.0f) : mark.local);
  program_->set("u_target", mark.target);
  program_->set("u_tick", 0.006f * glm::length(camera.eye() - mark.target));  // a few pixels at any zoom
  program_->set("u_colour", glm::vec3(kGrabMarkColour[0], kGrabMarkColour[1], kGrabMarkColour[2]));
  program_->use();
  glDisable(GL_DEPTH_TEST);  // over whatever is in front of it
  glBindVertexArray(vao_);
  glDrawArrays(GL_LINES, 0, 8);
  glBindVertexArray(0);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace render
