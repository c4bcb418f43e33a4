// SceneBuffers: one World's drawable data on the GPU — particle positions, per-vertex normals of the
// surface triangles (area-weighted, recomputed every frame), the coloured quantity and radii per
// particle, the index lists of surface triangles and distance constraints, and the static collider mesh.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "model/model.h"
#include "model/state.h"
#include "render/gl.h"
#include "render/static_mesh.h"

namespace render {

// The per-particle quantity mapped to the colour ramp.
enum class ColourBy { Flat, Speed, ConstraintError };
inline constexpr const char* kColourByNames[] = {"flat", "speed", "constraint error"};

class SceneBuffers {
 public:
  SceneBuffers();
  ~SceneBuffers();
  SceneBuffers(const SceneBuffers&) = delete;
  SceneBuffers& operator=(const SceneBuffers&) = delete;

  // Topology and radii; call when the World's Model was built or replaced.
  void set_model(const sim::Model& model);
  // Positions, normals and the coloured quantity of the current State.
  void update(const sim::Model& model, const sim::State& state, ColourBy colour_by);

  int particle_count() const { return particles_; }
  int triangle_count() const { return triangles_; }
  int distance_count() const { return distances_; }
  glm::vec3 lo() const { return lo_; }  // bounds of the particles and the collider [m]
  glm::vec3 hi() const { return hi_; }
  glm::vec2 value_range() const { return value_range_; }
  const std::vector<glm::vec3>& positions() const { return x_; }  // host copy, for picking [m]

  GLuint surface_vao() const { return surface_vao_; }
  GLuint sphere_vao() const { return sphere_vao_; }
  GLuint line_vao() const { return line_vao_; }
  const StaticMesh& collider() const { return collider_; }

 private:
  enum Buffer { kPosition, kNormal, kValue, kRadius, kTriangles, kLines, kBufferCount };
  GLuint buffers_[kBufferCount] = {};
  GLuint surface_vao_ = 0, sphere_vao_ = 0, line_vao_ = 0;
  int particles_ = 0, triangles_ = 0, distances_ = 0;
  std::vector<glm::vec3> x_, normals_;
  std::vector<float> values_;
  std::vector<sim::Int3> triangle_indices_;
  glm::vec3 lo_{0.0f}, hi_{0.0f};
  glm::vec2 value_range_{0.0f, 1.0f};
  StaticMesh collider_;
};

}  // namespace render
