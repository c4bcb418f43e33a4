// MouseGrab: what the left button holds, a particle or a rigid body at a point of it, where that point was
// when grabbed, and the target it is pulled to (a compliant attachment applied inside every substep,
// sim/model/grab.h). The mouse (viewer_input.cpp) and the scripted drags (run/scripted_drag.h) both hold
// through it; the viewer gives sent() to every pane's World as a frame starts and draws mark() over each
// pane: a line from the held point, as drawn, to the target.
#pragma once

#include <glm/glm.hpp>

#include "model/grab.h"
#include "render/grab_mark.h"

namespace app {

class MouseGrab {
 public:
  // Holds particle `particle`, or body `body` at `local` (body coordinates [m]), of pane `pane`'s World,
  // grabbed where it is now, `at` [m]; the target starts there.
  void hold_particle(int pane, int particle, glm::vec3 at);
  void hold_body(int pane, int body, sim::Vec3 local, glm::vec3 at);
  void pull_to(glm::vec3 target) { target_ = target; }  // [m]
  void release();

  bool holds() const { return particle_ >= 0 || body_ >= 0; }
  int pane() const { return pane_; }
  int particle() const { return particle_; }  // −1: none
  int body() const { return body_; }          // −1: none
  sim::Vec3 local() const { return local_; }    // the body's held point, body coordinates [m]
  glm::vec3 anchor() const { return anchor_; }  // where the held point was when grabbed [m]
  glm::vec3 target() const { return target_; }  // [m]
  float& compliance() { return compliance_; }   // α of the attachment [m/N] (the Scene panel's slider)
  sim::Grab sent() const;                       // what the next frame holds
  render::GrabMark mark() const;                // what to draw while it holds

 private:
  int pane_ = 0;
  int particle_ = -1;
  int body_ = -1;
  sim::Vec3 local_{};  // the held point of the body, in its coordinates [m]
  glm::vec3 anchor_{0.0f};
  glm::vec3 target_{0.0f};
  float compliance_ = 1e-5f;  // [m/N]
};

}  // namespace app
