#include "render/renderer.h"

#include <algorithm>
#include <cmath>

namespace render {
namespace {

// A fluid's particles are drawn as water where the surface is drawn and the particles are not.
bool draws_water(const sim::Model& model, const DrawOptions& options) {
  return options.surface && !options.particles && model.fluid.count > 0;
}

}  // namespace

Renderer::Renderer()
    : surface_(std::make_unique<ShaderProgram>("surface.vert", "surface.frag")),
      depth_(std::make_unique<ShaderProgram>("depth.vert", "depth.frag")),
      sphere_(std::make_unique<ShaderProgram>("sphere.vert", "sphere.frag")),
      lines_(std::make_unique<ShaderProgram>("lines.vert", "lines.frag")),
      ground_(std::make_unique<ShaderProgram>("ground.vert", "ground.frag")),
      body_(std::make_unique<ShaderProgram>("body.vert", "body.frag")),
      light_dir_(glm::normalize(glm::vec3(0.45f, 1.0f, 0.35f))) {}

void Renderer::set_common(const ShaderProgram& p, const OrbitCamera& camera, const Viewport& viewport,
                          bool shadows) const {
  p.set("u_view", camera.view());
  p.set("u_proj", camera.projection(viewport.aspect()));
  p.set("u_eye", camera.eye());
  p.set("u_light_dir", light_dir_);
  p.set("u_light_view_proj", shadow_map_.light_view_proj());
  p.set("u_shadow_map", 0);
  p.set("u_shadows", shadows ? 1 : 0);
}

void Renderer::draw_mesh(GLuint vao, int triangles) const {
  glBindVertexArray(vao);
  glDrawElements(GL_TRIANGLES, 3 * triangles, GL_UNSIGNED_INT, nullptr);
}

void Renderer::draw_spheres(const SceneBuffers& scene, const DrawOptions& options, bool light_pass) {
  sphere_->set("u_light_pass", light_pass ? 1 : 0);
  sphere_->set("u_radius_scale", options.particle_scale);
  if (light_pass) {
    sphere_->set("u_view", shadow_map_.light_view());
    sphere_->set("u_proj", shadow_map_.light_proj());
  }
  sphere_->use();
  glBindVertexArray(scene.sphere_vao());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, scene.particle_count());
}

void Renderer::draw_bodies(const SceneBuffers& scene, bool light_pass) {
  body_->set("u_light_pass", light_pass ? 1 : 0);
  body_->use();
  const ShapeMeshes& shapes = scene.shapes();
  for (int s = 0; s < ShapeMeshes::kShapes; ++s) {
    body_->set("u_shape", s);
    glBindVertexArray(shapes.vao(s));
    glDrawElementsInstanced(GL_TRIANGLES, shapes.index_count(s), GL_UNSIGNED_INT, nullptr,
                            scene.body_count());
  }
}

// Each joint as a dark bead at its anchor, a little wider than the thinnest body.
void Renderer::draw_joints(const SceneBuffers& scene, const sim::Model& model) {
  double thinnest = 1e30;
  for (const sim::Vec3& size : model.body.size) thinnest = std::min(thinnest, double(size.x));
  sphere_->set("u_use_value", 0);
  sphere_->set("u_colour", glm::vec3(0.12f, 0.13f, 0.18f));
  sphere_->set("u_light_pass", 0);
  sphere_->set("u_radius_scale", 1.0f);
  sphere_->use();
  glBindVertexArray(scene.joint_vao());
  glVertexAttrib1f(1, 0.0f);  // the value: unused, flat colour
  glVertexAttrib1f(2, float(model.body_count() > 0 ? 1.3 * thinnest : 0.01));  // the radius [m]
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, scene.joint_count());
}

void Renderer::shadow_pass(const SceneBuffers& scene, const sim::Model& model, const DrawOptions& options) {
  GLint target = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  // The previous draw left the shadow map bound to unit 0; it must not be sampleable while it is the depth
  // attachment being rendered (a feedback loop).
  glBindTextureUnit(0, 0);
  glm::vec3 lo = scene.lo();
  if (model.ground.enabled) lo.y = std::min(lo.y, float(model.ground.height));  // the ground receives shadows
  const glm::vec3 pad(0.05f * glm::length(scene.hi() - lo) + 0.05f);
  shadow_map_.begin(light_dir_, lo - pad, scene.hi() + pad);
  depth_->set("u_light_view_proj", shadow_map_.light_view_proj());
  depth_->use();
  if (options.surface && scene.triangle_count() > 0) draw_mesh(scene.surface_vao(), scene.triangle_count());
  if (scene.collider().triangle_count() > 0) draw_mesh(scene.collider().vao(), scene.collider().triangle_count());
  if (options.particles) draw_spheres(scene, options, true);
  if (scene.body_count() > 0) {
    body_->set("u_light_view_proj", shadow_map_.light_view_proj());
    draw_bodies(scene, true);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(target));
}

void Renderer::draw(const SceneBuffers& scene, const sim::Model& model, const OrbitCamera& camera,
                    const Viewport& viewport, const DrawOptions& options) {
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  if (options.shadows) shadow_pass(scene, model, options);
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(viewport.x, viewport.y, viewport.width, viewport.height);
  glClearColor(kBackground[0], kBackground[1], kBackground[2], 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glBindTextureUnit(0, shadow_map_.texture());

  const bool draw_surface = options.surface && scene.triangle_count() > 0;
  const bool draw_collider = scene.collider().triangle_count() > 0;
  if (draw_surface || draw_collider) set_common(*surface_, camera, viewport, options.shadows);
  if (draw_surface) {
    surface_->set("u_front_colour", glm::vec3(0.86f, 0.42f, 0.26f));
    surface_->set("u_back_colour", glm::vec3(0.32f, 0.46f, 0.72f));
    surface_->set("u_use_value", options.colour_by == ColourBy::Flat ? 0 : 1);
    surface_->set("u_value_range", scene.value_range(options.colour_auto));
    surface_->use();
    draw_mesh(scene.surface_vao(), scene.triangle_count());
  }
  if (draw_surface || draw_collider) surface_->set("u_use_value", 0);  // static meshes carry no quantity
  if (draw_collider) {
    surface_->set("u_front_colour", glm::vec3(0.78f, 0.76f, 0.72f));
    surface_->set("u_back_colour", glm::vec3(0.78f, 0.76f, 0.72f));
    surface_->use();
    draw_mesh(scene.collider().vao(), scene.collider().triangle_count());
  }
  if (scene.walls().triangle_count() > 0) {  // the far walls only: their fronts face inward
    set_common(*surface_, camera, viewport, options.shadows);
    surface_->set("u_front_colour", glm::vec3(0.62f, 0.68f, 0.74f));
    surface_->set("u_back_colour", glm::vec3(0.62f, 0.68f, 0.74f));
    surface_->use();
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    draw_mesh(scene.walls().vao(), scene.walls().triangle_count());
    glDisable(GL_CULL_FACE);
  }
  if (options.particles) {
    set_common(*sphere_, camera, viewport, options.shadows);
    sphere_->set("u_use_value", options.colour_by == ColourBy::Flat ? 0 : 1);
    sphere_->set("u_value_range", scene.value_range(options.colour_auto));
    sphere_->set("u_colour", glm::vec3(0.93f, 0.62f, 0.22f));
    draw_spheres(scene, options, false);
  }
  if (scene.body_count() > 0) {
    set_common(*body_, camera, viewport, options.shadows);
    body_->set("u_use_value", options.colour_by == ColourBy::Speed ? 1 : 0);
    body_->set("u_value_range", scene.value_range(options.colour_auto));
    body_->set("u_colour", glm::vec3(0.55f, 0.60f, 0.68f));
    draw_bodies(scene, false);
  }
  if (options.constraints && scene.joint_count() > 0) {
    set_common(*sphere_, camera, viewport, options.shadows);
    draw_joints(scene, model);
  }
  // The ground goes after the objects: it covers most of the screen, and the depth test then rejects its
  // hidden fragments before they are shaded (a software rasteriser like llvmpipe feels this most).
  if (model.ground.enabled) {
    const glm::vec3 centre = 0.5f * (scene.lo() + scene.hi());
    const float extent = std::max(4.0f * glm::length(scene.hi() - scene.lo()), 2.0f);
    set_common(*ground_, camera, viewport, options.shadows);
    ground_->set("u_height", float(model.ground.height));
    ground_->set("u_extent", extent);
    ground_->set("u_centre", glm::vec2(centre.x, centre.z));
    ground_->set("u_cell", std::pow(10.0f, std::floor(std::log10(extent / 4.0f))));
    ground_->use();
    empty_vao_.bind();
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
  if (draws_water(model, options)) {  // over the opaque scene, which it refracts
    const sim::FluidBlock& f = model.fluid;
    fluid_.draw(scene, {f.first, f.count, float(model.particle_radius[size_t(f.first)]), float(f.spacing())},
                camera, {viewport.x, viewport.y, viewport.width, viewport.height},
                {options.particle_scale, options.colour_by == ColourBy::Speed, light_dir_});
  }
  const bool constraint_lines = options.constraints && scene.distance_count() > 0;
  if (constraint_lines || scene.walls().edge_count() > 0) {
    lines_->set("u_view", camera.view());
    lines_->set("u_proj", camera.projection(viewport.aspect()));
  }
  if (constraint_lines) {
    lines_->set("u_colour", glm::vec3(0.12f, 0.13f, 0.18f));
    lines_->use();
    glBindVertexArray(scene.line_vao());
    glDrawElements(GL_LINES, 2 * scene.distance_count(), GL_UNSIGNED_INT, nullptr);
  }
  if (scene.walls().edge_count() > 0) {  // the tank's edges, near walls' too, over the water: a glass tank
    lines_->set("u_colour", glm::vec3(0.22f, 0.26f, 0.32f));
    lines_->use();
    glDisable(GL_DEPTH_TEST);
    glBindVertexArray(scene.walls().edge_vao());
    glDrawElements(GL_LINES, 2 * scene.walls().edge_count(), GL_UNSIGNED_INT, nullptr);
    glEnable(GL_DEPTH_TEST);
  }
  glBindVertexArray(0);
}

namespace {
// 2 at 1280 wide; at least 1.4 (capitals about 10 px tall) in a half of 640 × 360, where the compact caption
// (app/viewer/pane_caption.h) then fits its three lines
float caption_scale(const Viewport& viewport) { return std::clamp(float(viewport.width) / 640.0f, 1.4f, 2.0f); }
}  // namespace

float caption_height(int lines, const Viewport& viewport) {
  return 8.0f + Caption::height(lines, caption_scale(viewport));
}

std::vector<std::string> caption_lines(const std::vector<std::string>& lines, const Viewport& viewport) {
  return Caption::wrapped(lines, float(viewport.width) - 16.0f, caption_scale(viewport));  // 8 px margins
}

float legend_height(const Viewport& viewport) { return 8.0f + Caption::legend_height(caption_scale(viewport)); }

void Renderer::draw_caption(const std::vector<std::string>& lines, const Viewport& viewport) {
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  caption_.draw(caption_lines(lines, viewport), glm::vec2(8.0f, 8.0f),
                glm::vec2(float(viewport.width), float(viewport.height)), caption_scale(viewport));
}

void Renderer::draw_grab(const SceneBuffers& scene, const GrabMark& mark, const OrbitCamera& camera,
                         const Viewport& viewport) {
  if (!mark.holds()) return;
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  grab_mark_.draw(scene, mark, camera, viewport.aspect());
}

void Renderer::draw_legend(const SceneBuffers& scene, const DrawOptions& options, const Viewport& viewport) {
  if (options.colour_by == ColourBy::Flat) return;
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  caption_.draw_legend(scene.range_text(options.colour_auto), viewport.x,
                       glm::vec2(float(viewport.width), float(viewport.height)), caption_scale(viewport));
}

}  // namespace render
