// FluidSurface: a fluid's particles drawn as a water surface in screen space (van der Laan, Green & Sainz
// 2009, "Screen Space Fluid Rendering with Curvature Flow"; the smoothing is a bilateral filter limited to a
// narrow depth range, after Truong & Yuksel 2018): the particles' sphere splats give the nearest depth per
// pixel (shaders/fluid_depth.frag) and, at half resolution, the water's thickness (fluid_thickness.frag);
// the depth is filtered in a few separable passes (fluid_filter.frag); the composite (fluid_composite.frag)
// shades it with Fresnel reflection, refraction of the opaque scene behind it, Beer-Lambert absorption,
// a highlight, foam where it is fast and white droplets where it is spray, and writes its depth. It reads only the particle buffers, so it
// draws the same on every backend.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "render/camera.h"
#include "render/fluid_targets.h"
#include "render/gl.h"
#include "render/scene_buffers.h"
#include "render/shader_program.h"

namespace render {

// Which particles are the fluid, and their size.
struct FluidParticles {
  int first = 0, count = 0;  // the particles [first, first + count)
  float radius = 0.0f;       // their contact radius [m]
  float spacing = 0.0f;      // of the rest lattice: each particle stands for spacing³ of water [m]
};

struct FluidLook {
  float splat_scale = 1.0f;  // the drawn particle size over its contact radius (DrawOptions::particle_scale)
  bool foam = true;          // the particles' drawn value is their speed: whiten the fast water
  glm::vec3 light_dir{0.0f, 1.0f, 0.0f};  // unit, towards the light
};

class FluidSurface {
 public:
  FluidSurface();
  FluidSurface(const FluidSurface&) = delete;
  FluidSurface& operator=(const FluidSurface&) = delete;
  // Draws the fluid's particles as water over the opaque scene already drawn in the bound framebuffer's
  // viewport (x, y, width, height: GL window coordinates), depth-tested against it.
  void draw(const SceneBuffers& scene, const FluidParticles& fluid, const OrbitCamera& camera,
            glm::ivec4 viewport, const FluidLook& look);

 private:
  void set_camera(const glm::mat4& view, const glm::mat4& proj, float splat_radius_scale) const;
  void draw_splats(const SceneBuffers& scene, const FluidParticles& fluid) const;
  void filter_depth(const glm::mat4& proj, float splat_radius, glm::ivec2 size) const;
  // lone_chord: the thickness a lone particle's splat adds at its centre [m]
  void composite(glm::ivec4 viewport, const FluidLook& look, float lone_chord) const;

  std::unique_ptr<ShaderProgram> depth_, thickness_, filter_, composite_;
  FluidTargets targets_;
  EmptyVertexArray empty_vao_;
};

}  // namespace render
