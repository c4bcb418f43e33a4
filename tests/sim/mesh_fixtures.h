// Meshes and files shared by the mesh and SDF tests: a unit cube, an icosphere, temporary OBJ files (and
// a mesh written as one) and the optional Stanford bunny asset (SMALLSTEPS_ASSET_DIR/stanford-bunny.obj).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "assets/asset_path.h"
#include "mesh/triangle_mesh.h"

namespace sim::test {

// The cube [0, 1]³: 8 vertices, 12 triangles, counter-clockwise seen from outside.
inline TriangleMesh unit_cube() {
  TriangleMesh m;
  for (int v = 0; v < 8; ++v) m.vertices.push_back({Real(v & 1), Real((v >> 1) & 1), Real((v >> 2) & 1)});
  // Vertex v has x = bit 0, y = bit 1, z = bit 2. Each face: two triangles of its four corners.
  m.triangles = {{0, 2, 3}, {0, 3, 1},   // z = 0, normal −z
                 {4, 5, 7}, {4, 7, 6},   // z = 1, normal +z
                 {0, 1, 5}, {0, 5, 4},   // y = 0, normal −y
                 {2, 6, 7}, {2, 7, 3},   // y = 1, normal +y
                 {0, 4, 6}, {0, 6, 2},   // x = 0, normal −x
                 {1, 3, 7}, {1, 7, 5}};  // x = 1, normal +x
  return m;
}

inline Vec3 scaled_to(Vec3 v, Real radius) { return (radius / length(v)) * v; }

// The regular icosahedron: its 20 faces are the vertex triples at mutual edge distance, oriented outward.
inline TriangleMesh icosahedron(Real radius) {
  const Real g = (1.0 + std::sqrt(5.0)) / 2.0;
  TriangleMesh m;
  for (const Real s : {-1.0, 1.0}) {
    for (const Real t : {-1.0, 1.0}) {
      m.vertices.push_back(scaled_to({s, t * g, 0.0}, radius));
      m.vertices.push_back(scaled_to({0.0, s, t * g}, radius));
      m.vertices.push_back(scaled_to({t * g, 0.0, s}, radius));
    }
  }
  // Before scaling, neighbours such as (±1, g, 0) are 2 apart at radius √(1 + g²); the next pairs are 2g
  // apart, so a float's rounding of the squared distance (1e-5 of it) tells them apart as well.
  const Real edge2 = 4.0 * radius * radius / (1.0 + g * g);
  auto adjacent = [&](int a, int b) {
    return std::abs(length_squared(m.vertices[size_t(a)] - m.vertices[size_t(b)]) - edge2) < 1e-5 * edge2;
  };
  for (int a = 0; a < 12; ++a) {
    for (int b = a + 1; b < 12; ++b) {
      for (int c = b + 1; c < 12; ++c) {
        if (!adjacent(a, b) || !adjacent(b, c) || !adjacent(a, c)) continue;
        const TriangleCorners k{m.vertices[size_t(a)], m.vertices[size_t(b)], m.vertices[size_t(c)]};
        const bool outward = dot(area_normal(k), k.a + k.b + k.c) > 0.0;
        m.triangles.push_back(outward ? Int3{a, b, c} : Int3{a, c, b});
      }
    }
  }
  return m;
}

// Each subdivision splits every triangle into four at its edge midpoints, pushed out to the sphere.
inline TriangleMesh icosphere(int subdivisions, Real radius) {
  TriangleMesh m = icosahedron(radius);
  for (int s = 0; s < subdivisions; ++s) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int a, int b) {
      const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
      if (const auto it = midpoint.find(key); it != midpoint.end()) return it->second;
      m.vertices.push_back(scaled_to(m.vertices[size_t(a)] + m.vertices[size_t(b)], radius));
      return midpoint[key] = int(m.vertices.size()) - 1;
    };
    std::vector<Int3> finer;
    for (const Int3 t : m.triangles) {
      const int ab = mid(t.a, t.b), bc = mid(t.b, t.c), ca = mid(t.c, t.a);
      finer.insert(finer.end(), {{t.a, ab, ca}, {ab, t.b, bc}, {ca, bc, t.c}, {ab, bc, ca}});
    }
    m.triangles = std::move(finer);
  }
  return m;
}

// A fresh folder under the GoogleTest temporary directory, named after the running test.
inline std::filesystem::path test_folder() {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "smallsteps_mesh_tests" /
                                    (std::string(info->test_suite_name()) + "." + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The mesh as OBJ text ("v" and "f" lines, 1-based indices).
inline std::string obj_text(const TriangleMesh& m) {
  std::string text;
  for (const Vec3& v : m.vertices) {
    text += "v " + std::to_string(v.x) + " " + std::to_string(v.y) + " " + std::to_string(v.z) + "\n";
  }
  for (const Int3& t : m.triangles) {
    text +=
        "f " + std::to_string(t.a + 1) + " " + std::to_string(t.b + 1) + " " + std::to_string(t.c + 1) + "\n";
  }
  return text;
}

// The Stanford bunny where sim::find_asset finds it ($SMALLSTEPS_ASSET_DIR, the build or source tree).
inline std::optional<std::string> bunny_path() {
  const AssetLookup lookup = find_asset("stanford-bunny.obj");
  if (lookup.path.empty()) return std::nullopt;
  return lookup.path;
}

}  // namespace sim::test
