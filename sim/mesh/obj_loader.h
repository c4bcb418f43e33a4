// Wavefront OBJ files → TriangleMesh, parsed by tinyobjloader (Debian libtinyobjloader-dev) from the
// file's vertex and face lines alone, once check_obj_text has checked them (obj_text_check.h). All shapes
// merge into one mesh over the file's shared vertex list; polygons are triangulated; normals, texture
// coordinates, materials, groups, points, lines, curves and surfaces are ignored. Any file that cannot give
// a mesh raises MeshError naming the file and the problem; no input crashes the loader. Whether the mesh
// suits a signed distance field (closed, no outliers, not flat) is mesh_quality.h's question.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct MeshError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws MeshError for a missing or unreadable file, binary data, a malformed vertex or face line, a
// coordinate that is not finite in single precision, a vertex index out of range, no vertices, no faces,
// or only zero-area triangles.
TriangleMesh load_obj(const std::string& path);

// The same from a file's contents already in memory; `origin` names it in messages (load_obj passes the
// path; the fuzz harness fuzz/obj_fuzzer.cpp passes its inputs this way).
TriangleMesh load_obj_text(std::string_view text, const std::string& origin);

}  // namespace SIM_PRECISION
}  // namespace sim
