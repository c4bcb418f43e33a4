#include "render/shape_meshes.h"

#include <cmath>

namespace render {

namespace {

constexpr float kPi = 3.14159265358979f;

// A UV sphere of `rings` bands and 2·rings segments; with `split`, the upper half's vertices get side +1
// and the lower half's −1, the equator doubled so that the band between them is a capsule's cylinder.
ShapeMesh uv_sphere(int rings, bool split) {
  ShapeMesh m;
  const int segments = 2 * rings;
  std::vector<int> ring_start;
  for (int r = 0; r <= rings; ++r) {
    const float theta = kPi * float(r) / float(rings);  // from the top
    const bool equator = split && 2 * r == rings;
    for (int copy = 0; copy < (equator ? 2 : 1); ++copy) {
      ring_start.push_back(int(m.point.size()));
      for (int s = 0; s <= segments; ++s) {
        const float phi = 2.0f * kPi * float(s) / float(segments);
        const glm::vec3 p(std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi));
        m.point.push_back(p);
        m.normal.push_back(p);
        m.side.push_back(!split ? 0.0f : (2 * r < rings || (equator && copy == 0)) ? 1.0f : -1.0f);
      }
    }
  }
  for (size_t band = 0; band + 1 < ring_start.size(); ++band)
    for (int s = 0; s < segments; ++s) {
      const unsigned a = unsigned(ring_start[band] + s), b = unsigned(ring_start[band + 1] + s);
      m.index.insert(m.index.end(), {a, a + 1, b, b, a + 1, b + 1});
    }
  return m;
}

}  // namespace

ShapeMesh unit_box() {
  ShapeMesh m;
  for (int axis = 0; axis < 3; ++axis)
    for (const float sign : {-1.0f, 1.0f}) {
      glm::vec3 n(0.0f);
      n[axis] = sign;
      glm::vec3 u(0.0f), v(0.0f);
      u[(axis + 1) % 3] = 1.0f;
      v[(axis + 2) % 3] = 1.0f;
      if (sign < 0.0f) std::swap(u, v);  // counter-clockwise seen from outside
      const unsigned base = unsigned(m.point.size());
      for (const glm::vec2 c : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
        m.point.push_back(n + c.x * u + c.y * v);
        m.normal.push_back(n);
        m.side.push_back(0.0f);
      }
      m.index.insert(m.index.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  return m;
}

ShapeMesh unit_sphere(int rings) { return uv_sphere(rings, false); }
ShapeMesh unit_capsule(int rings) { return uv_sphere(rings + rings % 2, true); }

glm::vec4 shape_scale(sim::BodyShape shape, sim::Vec3 size) {
  switch (shape) {
    case sim::BodyShape::Box:
      return {float(size.x), float(size.y), float(size.z), 0.0f};
    case sim::BodyShape::Capsule:
      return {float(size.x), float(size.x), float(size.x), float(size.y)};
    case sim::BodyShape::Sphere:
      return {float(size.x), float(size.x), float(size.x), 0.0f};
  }
  return glm::vec4(0.0f);
}

ShapeMeshes::ShapeMeshes() {
  const ShapeMesh meshes[kShapes] = {unit_box(), unit_capsule(), unit_sphere()};  // BodyShape order
  glCreateVertexArrays(kShapes, vao_);
  for (int s = 0; s < kShapes; ++s) {
    glCreateBuffers(4, buffers_[s]);
    buffer_data(buffers_[s][0], meshes[s].point, GL_STATIC_DRAW);
    buffer_data(buffers_[s][1], meshes[s].normal, GL_STATIC_DRAW);
    buffer_data(buffers_[s][2], meshes[s].side, GL_STATIC_DRAW);
    buffer_data(buffers_[s][3], meshes[s].index, GL_STATIC_DRAW);
    vertex_attribute(vao_[s], 0, buffers_[s][0], 3, sizeof(glm::vec3));
    vertex_attribute(vao_[s], 1, buffers_[s][1], 3, sizeof(glm::vec3));
    vertex_attribute(vao_[s], 2, buffers_[s][2], 1, sizeof(float));
    glVertexArrayElementBuffer(vao_[s], buffers_[s][3]);
    indices_[s] = int(meshes[s].index.size());
  }
}

ShapeMeshes::~ShapeMeshes() {
  glDeleteVertexArrays(kShapes, vao_);
  for (int s = 0; s < kShapes; ++s) glDeleteBuffers(4, buffers_[s]);
}

void ShapeMeshes::bind_instances(GLuint pose, GLuint scale, GLuint shape) {
  const GLsizei stride = 8 * sizeof(float);
  for (int s = 0; s < kShapes; ++s) {
    const GLuint vao = vao_[s];
    // centre and value at offset 0, orientation at 16 bytes, both from the pose buffer's binding point 3
    glEnableVertexArrayAttrib(vao, 3);
    glEnableVertexArrayAttrib(vao, 4);
    glVertexArrayVertexBuffer(vao, 3, pose, 0, stride);
    glVertexArrayAttribFormat(vao, 3, 4, GL_FLOAT, GL_FALSE, 0);
    glVertexArrayAttribFormat(vao, 4, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float));
    glVertexArrayAttribBinding(vao, 3, 3);
    glVertexArrayAttribBinding(vao, 4, 3);
    glVertexArrayBindingDivisor(vao, 3, 1);
    vertex_attribute(vao, 5, scale, 4, sizeof(glm::vec4), 1);
    vertex_attribute(vao, 6, shape, 1, sizeof(float), 1);
  }
}

}  // namespace render
