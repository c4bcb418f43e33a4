// Renderer: draws one World's SceneBuffers into a viewport — shadow pass from a directional light, the
// ground grid, the two-sided cloth surface, particles as sphere impostors coloured by a quantity, rigid
// bodies as instanced boxes, capsules and spheres, and optionally the constraints as lines and the joints
// as dots, a fluid as water — plus captions, the colour legend and the grab's mark. Programs and the shadow
// map are shared by panes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "registry/model.h"
#include "render/camera.h"
#include "render/caption.h"
#include "render/fluid_surface.h"
#include "render/grab_mark.h"
#include "render/gl.h"
#include "render/scene_buffers.h"
#include "render/shader_program.h"
#include "render/shadow_map.h"

namespace render {

struct Viewport {
  int x = 0, y = 0, width = 1, height = 1;  // GL window coordinates (origin bottom-left) [px]
  float aspect() const { return float(width) / float(height > 0 ? height : 1); }
};

struct DrawOptions {
  bool surface = true;       // triangle surface, where the scene has one; a fluid's water (fluid_surface.h)
  bool particles = true;     // sphere impostors (a fluid's too, instead of its water)
  bool constraints = false;  // distance constraints as lines (wireframe), joints as dots
  bool shadows = true;
  ColourBy colour_by = ColourBy::Flat;  // the cloth's two colours, grey bodies; a quantity on request
  bool colour_auto = false;  // the ramp spans each frame's largest value, not the quantity's fixed range
  float particle_scale = 1.0f;  // impostor radius / contact radius
};

inline constexpr float kBackground[3] = {0.80f, 0.83f, 0.88f};

// The heights a caption of `lines` lines (as drawn: caption_lines) and the colour legend take at a
// viewport's top and bottom [px].
float caption_height(int lines, const Viewport& viewport);
// A caption's lines as drawn in `viewport`, at a scale legible at 640 × 360 and in each A/B pane: each
// broken at its spaces to the viewport's width.
std::vector<std::string> caption_lines(const std::vector<std::string>& lines, const Viewport& viewport);
float legend_height(const Viewport& viewport);

class Renderer {
 public:
  Renderer();
  // Clears the viewport and draws the scene into the currently bound framebuffer.
  void draw(const SceneBuffers& scene, const sim::Model& model, const OrbitCamera& camera, const Viewport& viewport,
            const DrawOptions& options);
  void draw_caption(const std::vector<std::string>& lines, const Viewport& viewport);
  // The colour legend at the viewport's bottom-left, when the drawing is coloured by a quantity.
  void draw_legend(const SceneBuffers& scene, const DrawOptions& options, const Viewport& viewport);
  // The grab's line and cross (render/grab_mark.h) over the scene drawn into the viewport.
  void draw_grab(const SceneBuffers& scene, const GrabMark& mark, const OrbitCamera& camera,
                 const Viewport& viewport);

 private:
  void shadow_pass(const SceneBuffers& scene, const sim::Model& model, const DrawOptions& options);
  void set_common(const ShaderProgram& p, const OrbitCamera& camera, const Viewport& viewport, bool shadows) const;
  void draw_mesh(GLuint vao, int triangles) const;
  void draw_spheres(const SceneBuffers& scene, const DrawOptions& options, bool light_pass);
  void draw_bodies(const SceneBuffers& scene, bool light_pass);
  void draw_joints(const SceneBuffers& scene, const sim::Model& model);

  std::unique_ptr<ShaderProgram> surface_, depth_, sphere_, lines_, ground_, body_;
  Caption caption_;
  GrabMarkLines grab_mark_;
  ShadowMap shadow_map_;
  FluidSurface fluid_;
  EmptyVertexArray empty_vao_;
  glm::vec3 light_dir_;
};

}  // namespace render
