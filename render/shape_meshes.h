// The unit meshes of the rigid-body shapes (sim::BodyShape), drawn instanced by shaders/body.vert: a vertex
// at unit point p with normal n and capsule side s ∈ {−1, 0, 1} is placed at x + R(q) (scale ∘ p + s ℓ ŷ)
// for a body at x turned by q, so one capsule mesh serves every radius r (scale r) and half length ℓ.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "families/rigid/rigid_family.h"
#include "render/gl.h"

namespace render {

struct ShapeMesh {
  std::vector<glm::vec3> point;   // on the unit shape
  std::vector<glm::vec3> normal;  // unit
  std::vector<float> side;        // capsule: which cap the vertex follows (±1); 0 otherwise
  std::vector<unsigned> index;    // triangles, counter-clockwise seen from outside
};

ShapeMesh unit_box();                    // [−1, 1]³, flat faces
ShapeMesh unit_sphere(int rings = 12);   // radius 1, `rings` latitude bands
ShapeMesh unit_capsule(int rings = 12);  // the unit sphere split at its equator into ±1 halves, joined

// A body's scale and half length for that placement, from sim::BodyArrays::size.
glm::vec4 shape_scale(sim::BodyShape shape, sim::Vec3 size);

// The three unit meshes on the GPU, each with a VAO whose attributes 0-2 read its vertices and 3-6 the
// per-instance arrays given to bind_instances.
class ShapeMeshes {
 public:
  ShapeMeshes();
  ~ShapeMeshes();
  ShapeMeshes(const ShapeMeshes&) = delete;
  ShapeMeshes& operator=(const ShapeMeshes&) = delete;

  // pose: 8 floats per body (centre, value, orientation x y z w); scale: vec4 per body; shape: 1 float.
  void bind_instances(GLuint pose, GLuint scale, GLuint shape);
  static constexpr int kShapes = 3;
  GLuint vao(int shape) const { return vao_[shape]; }
  int index_count(int shape) const { return indices_[shape]; }

 private:
  GLuint vao_[kShapes] = {};
  GLuint buffers_[kShapes][4] = {};  // point, normal, side, index
  int indices_[kShapes] = {};
};

}  // namespace render
