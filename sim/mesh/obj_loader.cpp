// OBJ loading through tinyobjloader's ObjReader, with the checks tinyobjloader leaves out; see
// obj_loader.h and obj_text_check.h.
#include "mesh/obj_loader.h"

#include <tiny_obj_loader.h>

#include <cctype>
#include <utility>
#include <vector>

#include "assets/text_file.h"
#include "mesh/obj_text_check.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& problem) {
  throw MeshError("load_obj: " + escaped(path) + ": " + problem);
}

std::string read_text(const std::string& path) {
  TextFile file = read_text_file(path, kMaxMeshFileBytes, "an OBJ file");
  if (!file.problem.empty()) fail(path, file.problem);
  return std::move(file.text);
}

// `geometry` (only "v" and "f" lines, from check_obj_text) is parsed from memory.
tinyobj::ObjReader parse(const std::string& path, const std::string& geometry) {
  tinyobj::ObjReaderConfig config;
  config.triangulate = true;
  config.vertex_color = false;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromString(geometry, "", config)) {
    std::string message = reader.Error();
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
    fail(path, "parse error: " + message);
  }
  return reader;
}

std::vector<Vec3> vertices_of(const std::string& path, const tinyobj::attrib_t& attrib) {
  std::vector<Vec3> v(attrib.vertices.size() / 3);
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = {Real(attrib.vertices[3 * i]), Real(attrib.vertices[3 * i + 1]), Real(attrib.vertices[3 * i + 2])};
    if (!is_finite(v[i])) fail(path, "vertex " + std::to_string(i + 1) + " has a non-finite coordinate");
  }
  return v;
}

// Every shape's triangles, in file order, as indices into the shared vertex list.
std::vector<Int3> triangles_of(const std::string& path, const std::vector<tinyobj::shape_t>& shapes,
                               size_t vertex_count) {
  std::vector<Int3> triangles;
  for (const tinyobj::shape_t& shape : shapes) {
    const auto& idx = shape.mesh.indices;
    if (idx.size() % 3 != 0) fail(path, "shape " + in_quotes(shape.name) + " has faces left untriangulated");
    for (size_t f = 0; f < idx.size(); f += 3) {
      const Int3 t{idx[f].vertex_index, idx[f + 1].vertex_index, idx[f + 2].vertex_index};
      for (const int v : {t.a, t.b, t.c}) {
        if (v < 0 || size_t(v) >= vertex_count) {
          fail(path, "a face refers to vertex " + std::to_string(static_cast<long long>(v) + 1) + " of " +
                         std::to_string(vertex_count));
        }
      }
      triangles.push_back(t);
    }
  }
  return triangles;
}

void check_usable(const std::string& path, const TriangleMesh& mesh) {
  if (mesh.vertices.empty()) fail(path, "no vertices (empty file?)");
  if (mesh.triangles.empty()) fail(path, "no faces (only points or lines?)");
  if (!any_triangle_has_area(mesh)) {
    fail(path, "all " + std::to_string(mesh.triangles.size()) + " triangles have zero area");
  }
}

}  // namespace

TriangleMesh load_obj(const std::string& path) { return load_obj_text(read_text(path), path); }

TriangleMesh load_obj_text(std::string_view contents, const std::string& origin) {
  const CheckedObjText text = check_obj_text(contents);
  if (text.problem) fail(origin, *text.problem);
  const tinyobj::ObjReader reader = parse(origin, text.geometry);
  TriangleMesh mesh;
  mesh.vertices = vertices_of(origin, reader.GetAttrib());
  mesh.triangles = triangles_of(origin, reader.GetShapes(), mesh.vertices.size());
  check_usable(origin, mesh);
  return mesh;
}

}  // namespace SIM_PRECISION
}  // namespace sim
