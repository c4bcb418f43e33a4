// Wavefront OBJ files → TriangleMesh, parsed by tinyobjloader (Debian libtinyobjloader-dev). All shapes
// merge into one mesh over the file's shared vertex list; polygons are triangulated; normals, texture
// coordinates, materials, points and lines are ignored. Any file that cannot give a usable mesh raises
// MeshError naming the file and the problem; no input crashes the loader.
#pragma once

#include <stdexcept>
#include <string>

#include "mesh/triangle_mesh.h"

namespace sim {

struct MeshError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws MeshError for a missing or unreadable file, a parse error, no vertices, no faces, a non-finite
// coordinate, a vertex index out of range, or only zero-area triangles.
TriangleMesh load_obj(const std::string& path);

}  // namespace sim
