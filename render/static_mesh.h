// StaticMesh: a triangle mesh that does not move (the scene's collider, e.g. the Stanford bunny, or a
// container's walls), uploaded
// once with area-weighted vertex normals and drawn with the surface shader.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "core/index.h"
#include "registry/model.h"
#include "render/gl.h"

namespace render {

// normals[v] = Σ over the triangles at v of (b − a) × (c − a): weighted by twice the area, unnormalised.
void area_weighted_normals(const std::vector<glm::vec3>& x, const std::vector<sim::Int3>& triangles,
                           std::vector<glm::vec3>& normals);

// The container's four walls from the ground to their drawn height, each wall's front facing inward:
// drawn with back faces culled, only the far walls show and the fluid stays in view.
sim::ColliderMesh container_walls_mesh(const sim::ContainerWalls& walls, double floor);
// The tank's edges over container_walls_mesh's vertices (issue 53 item 5): each wall's bottom, top and one
// upright, so that the near walls, which are not drawn, still show where the water is held.
std::vector<sim::Int2> container_wall_edges(const sim::ColliderMesh& walls);

class StaticMesh {
 public:
  StaticMesh();
  ~StaticMesh();
  StaticMesh(const StaticMesh&) = delete;
  StaticMesh& operator=(const StaticMesh&) = delete;

  void set(const sim::ColliderMesh& mesh, const std::vector<sim::Int2>& edges = {});
  int triangle_count() const { return triangles_; }
  int edge_count() const { return edges_; }
  GLuint vao() const { return vao_; }
  GLuint edge_vao() const { return edge_vao_; }  // the edges as lines (position only)
  glm::vec3 lo() const { return lo_; }  // bounds [m]; lo > hi when empty
  glm::vec3 hi() const { return hi_; }

 private:
  enum Buffer { kPosition, kNormal, kTriangles, kEdges, kBufferCount };
  GLuint buffers_[kBufferCount] = {};
  GLuint vao_ = 0, edge_vao_ = 0;
  int triangles_ = 0, edges_ = 0;
  glm::vec3 lo_{1e30f}, hi_{-1e30f};
};

}  // namespace render
