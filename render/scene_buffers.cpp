#include "render/scene_buffers.h"

#include <algorithm>

#include "metrics/report.h"

namespace render {
SceneBuffers::SceneBuffers() {
  glCreateBuffers(kBufferCount, buffers_);
  glCreateVertexArrays(1, &surface_vao_);
  glCreateVertexArrays(1, &sphere_vao_);
  glCreateVertexArrays(1, &line_vao_);
  glCreateVertexArrays(1, &joint_vao_);
  const GLsizei vec3 = sizeof(glm::vec3), scalar = sizeof(float);
  vertex_attribute(surface_vao_, 0, buffers_[kPosition], 3, vec3);
  vertex_attribute(surface_vao_, 1, buffers_[kNormal], 3, vec3);
  vertex_attribute(surface_vao_, 2, buffers_[kValue], 1, scalar);
  glVertexArrayElementBuffer(surface_vao_, buffers_[kTriangles]);
  vertex_attribute(sphere_vao_, 0, buffers_[kPosition], 3, vec3, 1);
  vertex_attribute(sphere_vao_, 1, buffers_[kValue], 1, scalar, 1);
  vertex_attribute(sphere_vao_, 2, buffers_[kRadius], 1, scalar, 1);
  vertex_attribute(line_vao_, 0, buffers_[kPosition], 3, vec3);
  glVertexArrayElementBuffer(line_vao_, buffers_[kLines]);
  vertex_attribute(joint_vao_, 0, buffers_[kJointPoint], 3, vec3,
                   1);  // value and radius: constant attributes
  shapes_.bind_instances(buffers_[kBodyPose], buffers_[kBodyScale], buffers_[kBodyShape]);
}

SceneBuffers::~SceneBuffers() {
  interop_.reset();  // unregistered from CUDA before OpenGL deletes the buffers
  glDeleteVertexArrays(1, &surface_vao_);
  glDeleteVertexArrays(1, &sphere_vao_);
  glDeleteVertexArrays(1, &line_vao_);
  glDeleteVertexArrays(1, &joint_vao_);
  glDeleteBuffers(kBufferCount, buffers_);
}

void SceneBuffers::set_model(const sim::Model& model) {
  interop_.reset();  // unregistered before the buffers get new storage; registered again on update
  particles_ = model.particle_count();
  triangles_ = int(model.surface_triangles.size());
  distances_ = model.distance_count();
  fluid_ = model.fluid.count > 0;
  tets_ = model.tet_count() > 0;
  buffer_data(buffers_[kTriangles], model.surface_triangles, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kLines], model.distance.particles, GL_DYNAMIC_DRAW);
  std::vector<float> radius(model.particle_radius.begin(), model.particle_radius.end());
  radius_max_ = radius.empty() ? 0.0f : *std::max_element(radius.begin(), radius.end());
  buffer_data(buffers_[kRadius], radius, GL_DYNAMIC_DRAW);
  bodies_ = model.body_count();
  joints_ = model.joint_count();
  std::vector<glm::vec4> scale;
  std::vector<float> shape;
  for (int b = 0; b < bodies_; ++b) {
    scale.push_back(shape_scale(model.body.shape[size_t(b)], model.body.size[size_t(b)]));
    shape.push_back(float(int(model.body.shape[size_t(b)])));
  }
  buffer_data(buffers_[kBodyScale], scale, GL_DYNAMIC_DRAW);
  buffer_data(buffers_[kBodyShape], shape, GL_DYNAMIC_DRAW);
  for (int k = 0; k < kWritten; ++k)  // at least one float each: CUDA does not register empty buffers
    glNamedBufferData(buffers_[k], std::max<GLsizeiptr>(written_bytes(k), sizeof(float)), nullptr,
                      GL_DYNAMIC_DRAW);
  collider_.set(model.collider_mesh);
  const sim::ColliderMesh walls = container_walls_mesh(model.container, model.ground.enabled ? model.ground.height : 0.0);
  walls_.set(walls, container_wall_edges(walls));
}

GLsizeiptr SceneBuffers::written_bytes(int buffer) const {
  const GLsizeiptr floats[kWritten] = {3 * GLsizeiptr(particles_), 3 * GLsizeiptr(particles_),
                                       GLsizeiptr(particles_), 8 * GLsizeiptr(bodies_),
                                       3 * GLsizeiptr(joints_)};
  return floats[buffer] * GLsizeiptr(sizeof(float));
}

bool SceneBuffers::write_through_interop(sim::World& world, ColourBy colour_by, sim::DrawSums& sums) {
  const std::vector<void*> p = interop_->map();
  if (p.empty()) return false;  // given up: why_not() says why
  struct Unmap {
    CudaGlBuffers& buffers;
    ~Unmap() { buffers.unmap(); }
  } unmap{*interop_};
  sums = world.write_draw({static_cast<float*>(p[0]), static_cast<float*>(p[1]), static_cast<float*>(p[2]),
                           static_cast<float*>(p[3]), static_cast<float*>(p[4])},
                          colour_by, false);
  transfer_ = "CUDA-GL interop: no host copy";
  return true;
}

bool SceneBuffers::write_through_host(sim::World& world, ColourBy colour_by, sim::DrawSums& sums) {
  const GLbitfield write = GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT;
  float* mapped[kWritten] = {};
  bool all = true;
  for (int k = 0; k < kWritten && all; ++k) {
    if (written_bytes(k) == 0) continue;  // nothing of that kind: its pointer stays null
    mapped[k] = static_cast<float*>(glMapNamedBufferRange(buffers_[k], 0, written_bytes(k), write));
    all = mapped[k] != nullptr;
  }
  if (all) sums = world.write_draw({mapped[0], mapped[1], mapped[2], mapped[3], mapped[4]}, colour_by, true);
  for (int k = 0; k < kWritten; ++k)
    if (mapped[k]) glUnmapNamedBuffer(buffers_[k]);
  if (all)
    transfer_ = world.backend() == sim::BackendKind::Cuda
                    ? "copied through the host, 28 bytes a particle, 32 a body, 12 a joint (" +
                          interop_->why_not() + ")"
                    : "written into mapped buffers";
  return all;
}

void SceneBuffers::update(sim::World& world, ColourBy colour_by) {
  sim::DrawSums sums;
  const bool drawn = particles_ > 0 || bodies_ > 0;
  if (drawn) {
    if (world.backend() == sim::BackendKind::Cuda && !interop_)
      interop_ = std::make_unique<CudaGlBuffers>(std::vector<GLuint>(buffers_, buffers_ + kWritten));
    const bool written =
        (interop_ && interop_->available() && write_through_interop(world, colour_by, sums)) ||
        write_through_host(world, colour_by, sums);
    if (!written) {  // the previous frame stays drawn, with its bounds
      transfer_ = "OpenGL could not map the vertex buffers: the drawing is not updated";
      return;
    }
  }
  lo_ = drawn ? glm::vec3(sums.lo.x, sums.lo.y, sums.lo.z) : glm::vec3(0.0f);
  hi_ = drawn ? glm::vec3(sums.hi.x, sums.hi.y, sums.hi.z) : glm::vec3(0.0f);
  for (const StaticMesh* mesh : {&collider_, &walls_})
    if (mesh->triangle_count() > 0) {
      lo_ = glm::min(lo_, mesh->lo());
      hi_ = glm::max(hi_, mesh->hi());
    }
  value_max_ = std::max(float(sums.value_max), 1e-12f);
  colour_by_ = colour_by;
}

std::string SceneBuffers::range_text(bool auto_range) const {
  const double top = double(value_range(auto_range).y);
  const std::string suffix = auto_range ? " (this frame's largest)" : "";
  const auto percent = [&](const char* name) { return sim::format_text("%s 0 to %.3g %%", name, 100.0 * top); };
  switch (colour_by_) {
    case ColourBy::Speed:
      return sim::format_text("speed 0 to %.3g m/s", top) + suffix;
    case ColourBy::ConstraintError:
      if (fluid_) return percent("density error") + suffix;
      if (tets_) return percent("volume error") + suffix;
      return "constraint error 0 to " + sim::format_length(top) + suffix;
    case ColourBy::Strain:
      return percent("strain") + suffix;
    case ColourBy::Flat:
      break;
  }
  return "";
}

}  // namespace render
