#include "mesh/tet_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>
#include <sstream>

#include "assets/text_file.h"
#include "constraints/tet_elasticity.h"
#include "mesh/obj_loader.h"
#include "params/decimal.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

Real signed_six_volume(const std::vector<Vec3>& v, Int4 t) {
  const Vec3 a = v[size_t(t.a)];
  return determinant(Mat3{v[size_t(t.b)] - a, v[size_t(t.c)] - a, v[size_t(t.d)] - a});
}

Int4 flipped(Int4 t) { return {t.a, t.c, t.b, t.d}; }

}  // namespace

Real tet_volume(const TetMesh& mesh, int t) { return signed_six_volume(mesh.vertices, mesh.tets[size_t(t)]) / 6.0; }

TetMesh box_beam(Vec3 size, Int3 cells) {
  TetMesh mesh;
  const int nx = cells.a, ny = cells.b, nz = cells.c;
  const auto id = [&](int i, int j, int k) { return (i * (ny + 1) + j) * (nz + 1) + k; };
  for (int i = 0; i <= nx; ++i)
    for (int j = 0; j <= ny; ++j)
      for (int k = 0; k <= nz; ++k)
        mesh.vertices.push_back({size.x * i / nx, size.y * (Real(j) / ny - 0.5), size.z * (Real(k) / nz - 0.5)});
  // Cube corners c[b] for b = 4·dk + 2·dj + di; the central tet takes the corners of one parity.
  static const std::array<std::array<int, 4>, 5> kEven = {
      {{1, 2, 4, 7}, {0, 1, 2, 4}, {3, 1, 2, 7}, {5, 1, 4, 7}, {6, 2, 4, 7}}};
  static const std::array<std::array<int, 4>, 5> kOdd = {
      {{0, 3, 5, 6}, {1, 0, 3, 5}, {2, 0, 3, 6}, {4, 0, 5, 6}, {7, 3, 5, 6}}};
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < ny; ++j)
      for (int k = 0; k < nz; ++k) {
        int c[8];
        for (int b = 0; b < 8; ++b) c[b] = id(i + (b & 1), j + ((b >> 1) & 1), k + ((b >> 2) & 1));
        for (const auto& t : ((i + j + k) % 2 == 0 ? kEven : kOdd)) {
          const Int4 tet{c[t[0]], c[t[1]], c[t[2]], c[t[3]]};
          mesh.tets.push_back(signed_six_volume(mesh.vertices, tet) > 0.0 ? tet : flipped(tet));
        }
      }
  return mesh;
}

std::vector<Int3> boundary_faces(const TetMesh& mesh) {
  std::map<std::array<int, 3>, std::pair<int, Int3>> faces;  // sorted corners → (count, oriented face)
  for (const Int4& t : mesh.tets)
    for (const Int3 f : {Int3{t.a, t.c, t.b}, Int3{t.a, t.b, t.d}, Int3{t.a, t.d, t.c}, Int3{t.b, t.c, t.d}}) {
      std::array<int, 3> key{f.a, f.b, f.c};
      std::sort(key.begin(), key.end());
      auto& entry = faces.try_emplace(key, 0, f).first->second;
      ++entry.first;
    }
  std::vector<Int3> out;
  for (const auto& [key, entry] : faces)
    if (entry.first == 1) out.push_back(entry.second);
  return out;
}

std::vector<Int2> tet_edges(const TetMesh& mesh) {
  std::vector<Int2> edges;
  edges.reserve(6 * mesh.tets.size());
  for (const Int4& t : mesh.tets) {
    const int c[4] = {t.a, t.b, t.c, t.d};
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) edges.push_back({std::min(c[i], c[j]), std::max(c[i], c[j])});
  }
  std::sort(edges.begin(), edges.end(), [](Int2 x, Int2 y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  edges.erase(
      std::unique(edges.begin(), edges.end(), [](Int2 x, Int2 y) { return x.a == y.a && x.b == y.b; }),
      edges.end());
  return edges;
}

std::vector<Real> lumped_masses(const TetMesh& mesh, Real density) {
  std::vector<Real> mass(mesh.vertices.size(), 0.0);
  for (size_t t = 0; t < mesh.tets.size(); ++t) {
    const Real quarter = density * std::fabs(tet_volume(mesh, int(t))) / 4.0;
    const Int4 c = mesh.tets[t];
    for (const int v : {c.a, c.b, c.c, c.d}) mass[size_t(v)] += quarter;
  }
  return mass;
}

namespace {

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// The data lines of a TetGen file: comments (#) stripped, blank lines skipped, each with its line number.
struct Lines {
  std::vector<std::pair<int, std::string>> lines;
  std::string origin;

  Lines(std::string_view text, std::string origin_) : origin(std::move(origin_)) {
    int number = 0;
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      ++number;
      std::string line(text.substr(start, end - start));
      if (line.find('\0') != std::string::npos) fail(number, "binary data");
      const size_t hash = line.find('#');
      if (hash != std::string::npos) line.resize(hash);
      if (line.find_first_not_of(" \t\r") != std::string::npos) lines.emplace_back(number, line);
      start = end + 1;
    }
  }
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw MeshError(origin + ":" + std::to_string(line) + ": " + what);
  }
  // The numbers of data line i: at least `min` of them, all finite.
  std::vector<double> numbers(size_t i, size_t min, const char* what) const {
    std::istringstream in(lines[i].second);
    in.imbue(std::locale::classic());
    std::vector<double> out;
    std::string token;
    while (in >> token) {
      if (const std::optional<std::string> problem = decimal_problem(token))
        fail(lines[i].first, std::string(what) + ": " + in_quotes(token) + " " + *problem);
      out.push_back(*finite_decimal(token));
    }
    if (out.size() < min)
      fail(lines[i].first, std::string(what) + ": expected at least " + std::to_string(min) + " numbers");
    return out;
  }
  // A count or index: a whole number in [lo, hi].
  long whole(double value, size_t i, long lo, long hi, const char* what) const {
    if (value != std::floor(value) || value < double(lo) || value > double(hi))
      fail(lines[i].first, std::string(what) + " " + number_text(value) + " is not a whole number in [" +
                               std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return long(value);
  }
};

constexpr long kMaxEntries = 50'000'000;
constexpr double kMaxCoordinate = 1e6;  // [m]; beyond it a tet's D_m⁻¹ and volume lose their precision

std::string read_file(const std::string& path) {
  TextFile file = read_text_file(path, kMaxMeshFileBytes, "a TetGen file");
  if (!file.problem.empty()) throw MeshError(escaped(path) + ": " + file.problem);
  return std::move(file.text);
}

}  // namespace

TetMesh load_tetgen_text(std::string_view node_text, std::string_view ele_text, const std::string& path) {
  const std::string origin = escaped(path);
  TetMesh mesh;
  const Lines node(node_text, origin + ".node");
  if (node.lines.empty()) throw MeshError(node.origin + ": no header line");
  const std::vector<double> nh = node.numbers(0, 1, "header");
  const long points = node.whole(nh[0], 0, 1, kMaxEntries, "point count");
  if (nh.size() > 1 && nh[1] != 3) node.fail(node.lines[0].first, "dimension must be 3");
  const long attributes = nh.size() > 2 ? node.whole(nh[2], 0, 0, 1000, "attribute count") : 0;
  const long markers = nh.size() > 3 ? node.whole(nh[3], 0, 0, 1, "boundary marker flag") : 0;
  if (long(node.lines.size()) - 1 < points)
    node.fail(node.lines.back().first, "the header promises " + std::to_string(points) + " points, the file has " +
                                           std::to_string(node.lines.size() - 1));
  long base = 0;
  for (long p = 0; p < points; ++p) {
    const size_t i = size_t(p) + 1;
    const std::vector<double> v = node.numbers(i, size_t(4 + attributes + markers), "point");
    const long number = node.whole(v[0], i, 0, kMaxEntries + 1, "point number");
    if (p == 0) base = number;
    if (number != base + p || base > 1)
      node.fail(node.lines[i].first, "points must be numbered consecutively from 0 or 1; found " + std::to_string(number));
    for (int k = 1; k <= 3; ++k)
      if (std::fabs(v[size_t(k)]) > kMaxCoordinate)
        node.fail(node.lines[i].first, "point coordinate " + number_text(v[size_t(k)]) + " is beyond 1e6 m");
    mesh.vertices.push_back({v[1], v[2], v[3]});
  }

  const Lines ele(ele_text, origin + ".ele");
  if (ele.lines.empty()) throw MeshError(ele.origin + ": no header line");
  const std::vector<double> eh = ele.numbers(0, 1, "header");
  const long tets = ele.whole(eh[0], 0, 1, kMaxEntries, "tetrahedron count");
  const long corners = eh.size() > 1 ? ele.whole(eh[1], 0, 4, 10, "nodes per tetrahedron") : 4;
  if (corners != 4 && corners != 10) ele.fail(ele.lines[0].first, "nodes per tetrahedron must be 4 or 10");
  if (long(ele.lines.size()) - 1 < tets)
    ele.fail(ele.lines.back().first, "the header promises " + std::to_string(tets) + " tetrahedra, the file has " +
                                         std::to_string(ele.lines.size() - 1));
  for (long t = 0; t < tets; ++t) {
    const size_t i = size_t(t) + 1;
    const std::vector<double> v = ele.numbers(i, size_t(1 + corners), "tetrahedron");
    int c[4];
    for (int e = 0; e < 4; ++e) {
      const double corner = v[size_t(1 + e)];
      if (!(corner >= double(base) && corner < double(base + points)) || corner != std::floor(corner))
        ele.fail(ele.lines[i].first, "corner " + number_text(v[size_t(1 + e)]) +
                                         " is not a point of the .node file (" + std::to_string(base) +
                                         " to " + std::to_string(base + points - 1) + ")");
      c[e] = int(long(corner) - base);
      for (int f = 0; f < e; ++f)
        if (c[f] == c[e])
          ele.fail(ele.lines[i].first, "tetrahedron names corner " + number_text(corner) + " twice");
    }
    mesh.tets.push_back({c[0], c[1], c[2], c[3]});
  }

  // Orientation (the file's majority), then degeneracy and inversion on the order stored, with the test
  // ModelBuilder::add_tet applies (degenerate_tet).
  int positive = 0;
  for (const Int4& t : mesh.tets) positive += signed_six_volume(mesh.vertices, t) > 0.0 ? 1 : 0;
  const bool flip = positive == 0;
  if (flip) mesh.notes.push_back(origin + ": every tetrahedron has negative volume; all were flipped");
  for (size_t t = 0; t < mesh.tets.size(); ++t) {
    if (flip) mesh.tets[t] = flipped(mesh.tets[t]);
    const Int4 c = mesh.tets[t];
    const Vec3 x[4] = {mesh.vertices[size_t(c.a)], mesh.vertices[size_t(c.b)], mesh.vertices[size_t(c.c)],
                       mesh.vertices[size_t(c.d)]};
    const std::string name = "tetrahedron " + std::to_string(long(t) + base);
    if (degenerate_tet(edge_matrix(x)))
      ele.fail(ele.lines[t + 1].first, name + " is degenerate (zero volume)");
    if (!(determinant(edge_matrix(x)) > 0.0))
      ele.fail(ele.lines[t + 1].first,
               name + " is inverted: its orientation is opposite to the file's other tetrahedra");
  }
  return mesh;
}

TetMesh load_tetgen(const std::string& path) {
  std::string stem = path;
  for (const char* ext : {".node", ".ele"})
    if (stem.size() > std::string(ext).size() && stem.compare(stem.size() - std::string(ext).size(), std::string::npos, ext) == 0)
      stem.resize(stem.size() - std::string(ext).size());
  const std::string node = read_file(stem + ".node");
  return load_tetgen_text(node, read_file(stem + ".ele"), stem);
}

}  // namespace SIM_PRECISION
}  // namespace sim
