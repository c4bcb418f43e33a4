#include "render/scene_buffers.h"

#include <algorithm>

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
  buffer_data(buffers_[kTriangles], model.surface_triangles, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kLines], model.distance_particles, GL_DYNAMIC_DRAW);
  std::vector<float> radius(model.particle_radius.begin(), model.particle_radius.end());
  buffer_data(buffers_[kRadius], radius, GL_DYNAMIC_DRAW);
  const GLsizeiptr n = particles_;
  glNamedBufferData(buffers_[kPosition], 3 * n * GLsizeiptr(sizeof(float)), nullptr, GL_DYNAMIC_DRAW);
  glNamedBufferData(buffers_[kNormal], 3 * n * GLsizeiptr(sizeof(float)), nullptr, GL_DYNAMIC_DRAW);
  glNamedBufferData(buffers_[kValue], n * GLsizeiptr(sizeof(float)), nullptr, GL_DYNAMIC_DRAW);
  interop_.reset();  // registered again for the new storage
  collider_.set(model.collider_mesh);
}

void SceneBuffers::update(sim::World& world, ColourBy colour_by) {
  const GLsizeiptr n = particles_;
  sim::DrawSums sums;
  if (n > 0 && world.backend() == sim::BackendKind::Cuda && !interop_)
    interop_ = std::make_unique<CudaGlBuffers>(
        std::vector<GLuint>{buffers_[kPosition], buffers_[kNormal], buffers_[kValue]});
  if (n > 0 && interop_ && interop_->available()) {
    const std::vector<void*> p = interop_->map();
    sums = world.write_draw({static_cast<float*>(p[0]), static_cast<float*>(p[1]), static_cast<float*>(p[2])},
                            colour_by, false);
    interop_->unmap();
    transfer_ = "CUDA-GL interop: no host copy";
  } else if (n > 0) {
    const GLbitfield write = GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT;
    const GLsizeiptr vec3 = 3 * n * GLsizeiptr(sizeof(float)), scalar = n * GLsizeiptr(sizeof(float));
    const sim::DrawArrays host{
        static_cast<float*>(glMapNamedBufferRange(buffers_[kPosition], 0, vec3, write)),
        static_cast<float*>(glMapNamedBufferRange(buffers_[kNormal], 0, vec3, write)),
        static_cast<float*>(glMapNamedBufferRange(buffers_[kValue], 0, scalar, write))};
    if (host.position && host.normal && host.value) sums = world.write_draw(host, colour_by, true);
    for (const Buffer b : {kPosition, kNormal, kValue}) glUnmapNamedBuffer(buffers_[b]);
    transfer_ = world.backend() == sim::BackendKind::Cuda
                    ? "copied through the host, 28 bytes a particle (" + interop_->why_not() + ")"
                    : "written into mapped buffers";
  }
  lo_ = n > 0 ? glm::vec3(sums.lo.x, sums.lo.y, sums.lo.z) : glm::vec3(0.0f);
  hi_ = n > 0 ? glm::vec3(sums.hi.x, sums.hi.y, sums.hi.z) : glm::vec3(0.0f);
  if (collider_.triangle_count() > 0) {
    lo_ = glm::min(lo_, collider_.lo());
    hi_ = glm::max(hi_, collider_.hi());
  }
  value_range_ = {0.0f, std::max(float(sums.value_max), 1e-12f)};
}

}  // namespace render
