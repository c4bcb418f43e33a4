// SceneBuffers: one World's drawable data on the GPU — particle positions, per-vertex normals of the
// surface triangles (area-weighted, recomputed every frame), the coloured quantity and radii per
// particle, the index lists of surface triangles and distance constraints, the static collider mesh, and
// the rigid bodies' poses (instances of render/shape_meshes.h) and joint points.
// The World's backend writes the per-frame arrays itself (sim/draw/draw_arrays.h): on CUDA into the
// buffers mapped through CUDA-GL interop, otherwise into the buffers mapped into host memory.
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <string>
#include <vector>

#include "registry/model.h"
#include "render/cuda_gl_buffers.h"
#include "render/gl.h"
#include "render/shape_meshes.h"
#include "render/static_mesh.h"
#include "world/world.h"

namespace render {

// The per-particle quantity mapped to the colour ramp.
using ColourBy = sim::DrawQuantity;
inline constexpr const char* kColourByNames[] = {"flat", "speed", "constraint/density error", "strain"};
inline constexpr const char* kColourByFlags[] = {"flat", "speed", "error", "strain"};  // --colour-by's words
// Each quantity's fixed range, from 0 to this (issue 40 item 2): speed 3 m/s; constraint error 10 mm (a
// fluid's density error 1 %, the same number as a fraction); strain 10 % — so a chain at rest shows blue,
// not the ramp stretched over its round-off. The auto range (DrawOptions::colour_auto) spans each frame's
// own largest value instead.
inline constexpr float kColourRangeMax[] = {1.0f, 3.0f, 0.01f, 0.1f};

class SceneBuffers {
 public:
  SceneBuffers();
  ~SceneBuffers();
  SceneBuffers(const SceneBuffers&) = delete;
  SceneBuffers& operator=(const SceneBuffers&) = delete;

  // Topology and radii; call when the World's Model was built or replaced.
  void set_model(const sim::Model& model);
  // Positions, normals and the coloured quantity of the World's current State, written by its backend.
  // Not while the World steps.
  void update(sim::World& world, ColourBy colour_by);
  // How update() reached the buffers: "CUDA-GL interop", or host-mapped and why.
  const std::string& transfer() const { return transfer_; }

  int particle_count() const { return particles_; }
  int triangle_count() const { return triangles_; }
  int distance_count() const { return distances_; }
  int body_count() const { return bodies_; }
  int joint_count() const { return joints_; }
  glm::vec3 lo() const { return lo_; }  // bounds of the particles' centres, the collider and the walls [m]
  glm::vec3 hi() const { return hi_; }
  // The colour ramp's ends: 0 to the quantity's fixed maximum, or to this frame's largest value (auto).
  glm::vec2 value_range(bool auto_range) const {
    return {0.0f, auto_range ? value_max_ : kColourRangeMax[int(colour_by_)]};
  }
  float value_max() const { return value_max_; }  // this frame's largest coloured value
  float radius_max() const { return radius_max_; }  // the largest particle radius [m]
  // The legend's line: the quantity, named for this Model (a fluid's density error, a tet mesh's volume
  // error, else the constraints' error in metres), and the ramp's range in its unit, "speed 0 to 3 m/s".
  std::string range_text(bool auto_range) const;

  GLuint surface_vao() const { return surface_vao_; }
  GLuint sphere_vao() const { return sphere_vao_; }
  GLuint line_vao() const { return line_vao_; }
  GLuint position_buffer() const { return buffers_[kPosition]; }  // vec3 per particle [m]
  GLuint pose_buffer() const { return buffers_[kBodyPose]; }  // per body: centre [m], value; orientation xyzw
  const ShapeMeshes& shapes() const { return shapes_; }  // instanced over the bodies
  GLuint joint_vao() const { return joint_vao_; }        // joint points as sphere impostor instances
  const StaticMesh& collider() const { return collider_; }
  const StaticMesh& walls() const { return walls_; }  // the container's, if any

 private:
  // the first five are written every frame by the backend (kWritten), in DrawArrays order
  enum Buffer {
    kPosition,
    kNormal,
    kValue,
    kBodyPose,
    kJointPoint,
    kRadius,
    kTriangles,
    kLines,
    kBodyScale,
    kBodyShape,
    kBufferCount
  };
  static constexpr int kWritten = 5;
  GLsizeiptr written_bytes(int buffer) const;  // this frame's bytes of a written buffer
  // The backend writes the per-frame arrays through CUDA-GL interop (false: given up, interop_ says why)
  // or through buffers mapped into host memory (false: OpenGL could not map them).
  bool write_through_interop(sim::World& world, ColourBy colour_by, sim::DrawSums& sums);
  bool write_through_host(sim::World& world, ColourBy colour_by, sim::DrawSums& sums);
  GLuint buffers_[kBufferCount] = {};
  GLuint surface_vao_ = 0, sphere_vao_ = 0, line_vao_ = 0, joint_vao_ = 0;
  int particles_ = 0, triangles_ = 0, distances_ = 0, bodies_ = 0, joints_ = 0;
  bool fluid_ = false, tets_ = false;  // what ConstraintError measures: density or volume error, not metres
  ShapeMeshes shapes_;
  std::unique_ptr<CudaGlBuffers> interop_;  // the per-frame buffers registered with CUDA, on CUDA
  std::string transfer_;
  glm::vec3 lo_{0.0f}, hi_{0.0f};
  float value_max_ = 1.0f;
  float radius_max_ = 0.0f;
  ColourBy colour_by_ = ColourBy::Flat;
  StaticMesh collider_;
  StaticMesh walls_;
};

}  // namespace render
