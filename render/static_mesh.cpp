#include "render/static_mesh.h"

namespace render {

void area_weighted_normals(const std::vector<glm::vec3>& x, const std::vector<sim::Int3>& triangles,
                           std::vector<glm::vec3>& normals) {
  normals.assign(triangles.empty() ? 0 : x.size(), glm::vec3(0.0f));
  for (const sim::Int3& t : triangles) {
    const glm::vec3 face = glm::cross(x[size_t(t.b)] - x[size_t(t.a)], x[size_t(t.c)] - x[size_t(t.a)]);
    normals[size_t(t.a)] += face;
    normals[size_t(t.b)] += face;
    normals[size_t(t.c)] += face;
  }
}

sim::ColliderMesh container_walls_mesh(const sim::ContainerWalls& walls, double floor) {
  sim::ColliderMesh mesh;
  if (!walls.enabled) return mesh;
  const double top = floor + walls.drawn_height;
  const double x[2] = {walls.lo_x, walls.hi_x}, z[2] = {walls.lo_z, walls.hi_z};
  // The floor's corners counter-clockwise seen from above; each wall a quad over one edge.
  const sim::Vec3 corner[4] = {{x[0], 0.0, z[0]}, {x[0], 0.0, z[1]}, {x[1], 0.0, z[1]}, {x[1], 0.0, z[0]}};
  for (int e = 0; e < 4; ++e) {
    const sim::Vec3 a = corner[e], b = corner[(e + 1) % 4];
    const int base = int(mesh.vertices.size());
    mesh.vertices.push_back({a.x, floor, a.z});
    mesh.vertices.push_back({b.x, floor, b.z});
    mesh.vertices.push_back({b.x, top, b.z});
    mesh.vertices.push_back({a.x, top, a.z});
    mesh.triangles.push_back({base, base + 2, base + 1});  // counter-clockwise seen from inside
    mesh.triangles.push_back({base, base + 3, base + 2});
  }
  return mesh;
}

std::vector<sim::Int2> container_wall_edges(const sim::ColliderMesh& walls) {
  std::vector<sim::Int2> edges;
  for (int base = 0; base + 3 < int(walls.vertices.size()); base += 4)  // a wall: a, b at the floor, b, a at the top
    edges.insert(edges.end(), {{base, base + 1}, {base + 3, base + 2}, {base, base + 3}});
  return edges;
}

StaticMesh::StaticMesh() {
  glCreateBuffers(kBufferCount, buffers_);
  glCreateVertexArrays(1, &vao_);
  vertex_attribute(vao_, 0, buffers_[kPosition], 3, sizeof(glm::vec3));
  vertex_attribute(vao_, 1, buffers_[kNormal], 3, sizeof(glm::vec3));
  glVertexArrayElementBuffer(vao_, buffers_[kTriangles]);
  glCreateVertexArrays(1, &edge_vao_);
  vertex_attribute(edge_vao_, 0, buffers_[kPosition], 3, sizeof(glm::vec3));
  glVertexArrayElementBuffer(edge_vao_, buffers_[kEdges]);
}

StaticMesh::~StaticMesh() {
  glDeleteVertexArrays(1, &vao_);
  glDeleteVertexArrays(1, &edge_vao_);
  glDeleteBuffers(kBufferCount, buffers_);
}

void StaticMesh::set(const sim::ColliderMesh& mesh, const std::vector<sim::Int2>& edges) {
  std::vector<glm::vec3> x;
  x.reserve(mesh.vertices.size());
  lo_ = glm::vec3(1e30f);
  hi_ = glm::vec3(-1e30f);
  for (const sim::Vec3& v : mesh.vertices) {
    x.emplace_back(float(v.x), float(v.y), float(v.z));
    lo_ = glm::min(lo_, x.back());
    hi_ = glm::max(hi_, x.back());
  }
  std::vector<glm::vec3> normals;
  area_weighted_normals(x, mesh.triangles, normals);
  triangles_ = int(mesh.triangles.size());
  buffer_data(buffers_[kPosition], x, GL_STATIC_DRAW);
  buffer_data(buffers_[kNormal], normals, GL_STATIC_DRAW);
  buffer_data(buffers_[kTriangles], mesh.triangles, GL_STATIC_DRAW);
  edges_ = int(edges.size());
  buffer_data(buffers_[kEdges], edges, GL_STATIC_DRAW);
}

}  // namespace render
