#include "render/scene_buffers.h"

#include <algorithm>

#include "metrics/metrics.h"

namespace render {
SceneBuffers::SceneBuffers() {
  glCreateBuffers(kBufferCount, buffers_);
  glCreateVertexArrays(1, &surface_vao_);
  glCreateVertexArrays(1, &sphere_vao_);
  glCreateVertexArrays(1, &line_vao_);
  const GLsizei vec3 = sizeof(glm::vec3), scalar = sizeof(float);
  vertex_attribute(surface_vao_, 0, buffers_[kPosition], 3, vec3);
  vertex_attribute(surface_vao_, 1, buffers_[kNormal], 3, vec3);
  glVertexArrayElementBuffer(surface_vao_, buffers_[kTriangles]);
  vertex_attribute(sphere_vao_, 0, buffers_[kPosition], 3, vec3, 1);
  vertex_attribute(sphere_vao_, 1, buffers_[kValue], 1, scalar, 1);
  vertex_attribute(sphere_vao_, 2, buffers_[kRadius], 1, scalar, 1);
  vertex_attribute(line_vao_, 0, buffers_[kPosition], 3, vec3);
  glVertexArrayElementBuffer(line_vao_, buffers_[kLines]);
}

SceneBuffers::~SceneBuffers() {
  glDeleteVertexArrays(1, &surface_vao_);
  glDeleteVertexArrays(1, &sphere_vao_);
  glDeleteVertexArrays(1, &line_vao_);
  glDeleteBuffers(kBufferCount, buffers_);
}

void SceneBuffers::set_model(const sim::Model& model) {
  particles_ = model.particle_count();
  triangles_ = int(model.surface_triangles.size());
  distances_ = model.distance_count();
  triangle_indices_ = model.surface_triangles;
  buffer_data(buffers_[kTriangles], triangle_indices_, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kLines], model.distance_particles, GL_DYNAMIC_DRAW);
  std::vector<float> radius(model.particle_radius.begin(), model.particle_radius.end());
  buffer_data(buffers_[kRadius], radius, GL_DYNAMIC_DRAW);
  collider_.set(model.collider_mesh);
}

void SceneBuffers::update(const sim::Model& model, const sim::State& state, ColourBy colour_by) {
  const size_t n = state.particle_x.size();
  x_.resize(n);
  lo_ = glm::vec3(1e30f);
  hi_ = glm::vec3(-1e30f);
  for (size_t i = 0; i < n; ++i) {
    const sim::Vec3 p = state.particle_x[i];
    x_[i] = glm::vec3(float(p.x), float(p.y), float(p.z));
    lo_ = glm::min(lo_, x_[i]);
    hi_ = glm::max(hi_, x_[i]);
  }
  if (n == 0) lo_ = hi_ = glm::vec3(0.0f);

  area_weighted_normals(x_, triangle_indices_, normals_);
  if (collider_.triangle_count() > 0) {
    lo_ = glm::min(lo_, collider_.lo());
    hi_ = glm::max(hi_, collider_.hi());
  }

  values_.assign(n, 0.0f);
  if (colour_by == ColourBy::Speed) {
    for (size_t i = 0; i < n; ++i) values_[i] = float(sim::length(state.particle_v[i]));
  } else if (colour_by == ColourBy::ConstraintError) {
    const std::vector<double> error = sim::particle_constraint_error(model, state);
    std::copy(error.begin(), error.end(), values_.begin());
  }
  const float top = values_.empty() ? 0.0f : *std::max_element(values_.begin(), values_.end());
  value_range_ = {0.0f, std::max(top, 1e-12f)};

  buffer_data(buffers_[kPosition], x_, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kNormal], normals_, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kValue], values_, GL_DYNAMIC_DRAW);
}

}  // namespace render
