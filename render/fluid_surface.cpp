#include "render/fluid_surface.h"

namespace render {
namespace {

constexpr float kSplatScale = 1.3f;      // a splat's radius over the contact radius: the gaps close
constexpr float kThicknessScale = 2.0f;  // the thickness' splats are wider still: their sum shows no lattice
constexpr float kFilterSize = 2.0f;      // σ of the depth filter, in splat radii
// σ_r of its depth range, in splat radii: wide enough to smooth a face seen edge-on, whose depth changes fast
// across the screen; narrow enough to keep a splash in front of the water apart from it
constexpr float kDepthRange = 3.0f;
constexpr int kFilterIterations = 2;  // of the horizontal and vertical pass
constexpr float kRefraction = 0.12f;  // shift of what is behind, in viewport heights per metre of water
constexpr float kFoamSpeed[2] = {3.0f, 6.0f};  // [m/s]
// Spray (issue 53 item 5): water thinner than kSprayThickness[1] lone particles' chords is drawn as white
// droplets fading into what is behind them, fully so below kSprayThickness[0]; a lone drop only where its
// chord is kDropCore of its centre's, about its contact radius across, not as its whole splat (a glass bead).
constexpr float kSprayThickness[2] = {1.5f, 4.0f};
constexpr float kDropCore = 0.93f;
// Per metre of water: red goes first, blue last; thick water scatters a deep blue-green.
const glm::vec3 kAbsorption(2.4f, 0.9f, 0.45f);
const glm::vec3 kDeepColour(0.07f, 0.30f, 0.45f);

}  // namespace

FluidSurface::FluidSurface()
    : depth_(std::make_unique<ShaderProgram>("sphere.vert", "fluid_depth.frag")),
      thickness_(std::make_unique<ShaderProgram>("sphere.vert", "fluid_thickness.frag")),
      filter_(std::make_unique<ShaderProgram>("fluid_screen.vert", "fluid_filter.frag")),
      composite_(std::make_unique<ShaderProgram>("fluid_screen.vert", "fluid_composite.frag")) {}

void FluidSurface::set_camera(const glm::mat4& view, const glm::mat4& proj, float splat_radius_scale) const {
  for (const ShaderProgram* p : {depth_.get(), thickness_.get()}) {
    p->set("u_view", view);
    p->set("u_proj", proj);
    p->set("u_light_pass", 0);
    p->set("u_radius_scale", splat_radius_scale * (p == thickness_.get() ? kThicknessScale : 1.0f));
    p->set("u_scene_depth", 1);
  }
  filter_->set("u_depth", 2);
  composite_->set("u_view", view);
  composite_->set("u_proj", proj);
}

void FluidSurface::draw_splats(const SceneBuffers& scene, const FluidParticles& fluid) const {
  glBindVertexArray(scene.sphere_vao());
  glDrawArraysInstancedBaseInstance(GL_TRIANGLE_STRIP, 0, 4, fluid.count, GLuint(fluid.first));
}

void FluidSurface::draw(const SceneBuffers& scene, const FluidParticles& fluid, const OrbitCamera& camera,
                        glm::ivec4 viewport, const FluidLook& look) {
  if (fluid.count <= 0) return;
  GLint target = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &target);
  const glm::ivec2 size(viewport.z, viewport.w);
  targets_.fit(size.x, size.y);
  // The opaque scene as drawn so far: what the water refracts, and what hides the splats behind it.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(target));
  glCopyTextureSubImage2D(targets_.scene_colour(), 0, 0, 0, viewport.x, viewport.y, size.x, size.y);
  glCopyTextureSubImage2D(targets_.scene_depth(), 0, 0, 0, viewport.x, viewport.y, size.x, size.y);
  const glm::mat4 view = camera.view(), proj = camera.projection(float(size.x) / float(size.y));
  set_camera(view, proj, look.splat_scale * kSplatScale);
  glBindTextureUnit(1, targets_.scene_depth());
  const float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f}, far = 1.0f;

  // The nearest splat's depth per pixel.
  glBindFramebuffer(GL_FRAMEBUFFER, targets_.depth_framebuffer(0));
  glViewport(0, 0, size.x, size.y);
  glClearNamedFramebufferfv(targets_.depth_framebuffer(0), GL_COLOR, 0, zero);
  glClearNamedFramebufferfv(targets_.depth_framebuffer(0), GL_DEPTH, 0, &far);
  glEnable(GL_DEPTH_TEST);
  depth_->use();
  draw_splats(scene, fluid);
  glDisable(GL_DEPTH_TEST);

  // The thickness, every splat added, at half resolution.
  glBindFramebuffer(GL_FRAMEBUFFER, targets_.thickness_framebuffer());
  glViewport(0, 0, (size.x + 1) / 2, (size.y + 1) / 2);
  glClearNamedFramebufferfv(targets_.thickness_framebuffer(), GL_COLOR, 0, zero);
  const float splat = fluid.radius * look.splat_scale * kSplatScale, wide = kThicknessScale * splat;
  const float sphere_volume = 4.18879f * wide * wide * wide;  // 4π/3 r³
  thickness_->set("u_volume_scale", fluid.spacing * fluid.spacing * fluid.spacing / sphere_volume);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  thickness_->use();
  draw_splats(scene, fluid);
  glDisable(GL_BLEND);

  filter_depth(proj, splat, size);
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(target));
  glEnable(GL_DEPTH_TEST);
  composite(viewport, look, 2.0f * wide * fluid.spacing * fluid.spacing * fluid.spacing / sphere_volume);
  const GLuint none[4] = {0, 0, 0, 0};
  glBindTextures(1, 4, none);
}

// Ping-pong between the two depth textures, ending in the first.
void FluidSurface::filter_depth(const glm::mat4& proj, float splat_radius, glm::ivec2 size) const {
  filter_->set("u_size", size);
  filter_->set("u_px_per_m", proj[1][1] * 0.5f * float(size.y));
  filter_->set("u_filter_size", kFilterSize * splat_radius);
  filter_->set("u_depth_sigma", kDepthRange * splat_radius);
  glViewport(0, 0, size.x, size.y);
  filter_->use();
  empty_vao_.bind();
  for (int pass = 0; pass < 2 * kFilterIterations; ++pass) {
    const int from = pass % 2;
    glBindFramebuffer(GL_FRAMEBUFFER, targets_.depth_framebuffer(1 - from));
    glBindTextureUnit(2, targets_.depth(from));
    filter_->set("u_direction", from == 0 ? glm::ivec2(1, 0) : glm::ivec2(0, 1));
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
}

void FluidSurface::composite(glm::ivec4 viewport, const FluidLook& look, float lone_chord) const {
  const ShaderProgram& c = *composite_;
  c.set("u_depth", 2);
  c.set("u_thickness", 3);
  c.set("u_scene", 4);
  c.set("u_origin", glm::ivec2(viewport.x, viewport.y));
  c.set("u_size", glm::ivec2(viewport.z, viewport.w));
  c.set("u_texel", 1.0f / glm::vec2(targets_.width(), targets_.height()));
  c.set("u_thickness_texel", 1.0f / glm::vec2(targets_.thickness_width(), targets_.thickness_height()));
  c.set("u_absorption", kAbsorption);
  c.set("u_deep_colour", kDeepColour);
  c.set("u_refraction_px", kRefraction * float(viewport.w));
  c.set("u_foam", look.foam ? 1 : 0);
  c.set("u_foam_speed", glm::vec2(kFoamSpeed[0], kFoamSpeed[1]));
  c.set("u_spray_thickness", lone_chord * glm::vec2(kSprayThickness[0], kSprayThickness[1]));
  c.set("u_drop_core", kDropCore * lone_chord);
  c.set("u_light_dir", look.light_dir);
  const GLuint textures[3] = {targets_.depth(0), targets_.thickness(), targets_.scene_colour()};
  glBindTextures(2, 3, textures);
  glViewport(viewport.x, viewport.y, viewport.z, viewport.w);
  c.use();
  empty_vao_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace render
