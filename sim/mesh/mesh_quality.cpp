// Rims, non-manifold and flipped edges, outliers, flatness and orientation of a mesh; see mesh_quality.h.
#include "mesh/mesh_quality.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

#include "mesh/mesh_edges.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr Real kBulkQuantile = 0.01;  // [-] share of the vertices left out of the bulk at each end of an axis
constexpr Real kWarnSpread = 2.0;     // [-] bounds this many times the bulk's are worth a warning
constexpr Real kMinBulkCells = 8.0;   // [-] fewer grid cells across the bulk lose its shape
constexpr Real kFlatThickness = 1e-5;  // [-] of the largest extent: thinner is flat

bool has_repeated_vertex(const Int3& t) { return t.a == t.b || t.b == t.c || t.c == t.a; }

Real largest_extent(const MeshBounds& b) {
  const Vec3 e = b.hi - b.lo;
  return std::max({e.x, e.y, e.z});
}

Real distance_outside(const MeshBounds& b, Vec3 p) {
  return length(max3(max3(b.lo - p, p - b.hi), Vec3{0.0, 0.0, 0.0}));
}

std::string number(Real x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

// "1 edge", "2 edges".
std::string counted(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string vertex_at(const TriangleMesh& mesh, int v) {
  const Vec3 p = mesh.vertices[size_t(v)];
  return "vertex " + std::to_string(v + 1) + " at (" + number(p.x) + ", " + number(p.y) + ", " + number(p.z) +
         ")";
}

// Which vertices the faces use; with `area_only`, only the faces with an area.
std::vector<bool> used_vertices(const TriangleMesh& mesh, bool area_only = false) {
  std::vector<bool> used(mesh.vertices.size(), false);
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    if (area_only && !has_area(triangle_corners(mesh, int(t)))) continue;
    const Int3 tri = mesh.triangles[t];
    used[size_t(tri.a)] = used[size_t(tri.b)] = used[size_t(tri.c)] = true;
  }
  return used;
}

// Rim, non-manifold and flipped edges; holes are the groups of rim edges that share vertices.
void assess_edges(const TriangleMesh& mesh, MeshQuality& q) {
  const std::vector<TriangleEdge> edges = edges_by_vertex_pair(mesh);
  std::vector<int> parent(mesh.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<int> rim_vertices;
  Real top = -std::numeric_limits<Real>::infinity();
  for (size_t begin = 0, end = 0; begin < edges.size(); begin = end) {
    end = edge_group_end(edges, begin);
    std::vector<int> faces;  // the group's edge slots in triangles with three distinct vertices
    for (size_t i = begin; i < end; ++i)
      if (!has_repeated_vertex(mesh.triangles[size_t(edges[i].slot / 3)])) faces.push_back(edges[i].slot);
    if (faces.size() == 1) {
      ++q.rim_edges;
      const int a = edge_start(mesh, faces[0]), b = edge_end(mesh, faces[0]);
      parent[size_t(group_root(parent, a))] = group_root(parent, b);
      rim_vertices.insert(rim_vertices.end(), {a, b});
      top = std::max({top, mesh.vertices[size_t(a)].y, mesh.vertices[size_t(b)].y});
    } else if (faces.size() > 2) {
      ++q.non_manifold_edges;
    } else if (faces.size() == 2 && edge_start(mesh, faces[0]) == edge_start(mesh, faces[1])) {
      ++q.flipped_edges;
    }
  }
  std::vector<int> roots;
  for (const int v : rim_vertices) roots.push_back(group_root(parent, v));
  std::sort(roots.begin(), roots.end());
  q.holes = int(std::unique(roots.begin(), roots.end()) - roots.begin());
  const Real height = q.bounds.hi.y - q.bounds.lo.y;
  if (q.rim_edges > 0 && height > 0.0) q.highest_rim = (top - q.bounds.lo.y) / height;
}

// The bulk box: per axis, the coordinates at the kBulkQuantile and 1 − kBulkQuantile ranks.
MeshBounds bulk_of(const std::vector<Vec3>& points) {
  MeshBounds bulk{};
  const auto skip = long(kBulkQuantile * Real(points.size() - 1));
  std::vector<Real> c(points.size());
  for (Real Vec3::*axis : {&Vec3::x, &Vec3::y, &Vec3::z}) {
    std::transform(points.begin(), points.end(), c.begin(), [axis](const Vec3& p) { return p.*axis; });
    std::nth_element(c.begin(), c.begin() + skip, c.end());
    bulk.lo.*axis = c[size_t(skip)];
    std::nth_element(c.begin(), c.end() - 1 - skip, c.end());
    bulk.hi.*axis = *(c.end() - 1 - skip);
  }
  return bulk;
}

// The corners of the triangles with an area, each vertex once: the surface the field measures. A vertex
// that only zero-area faces use adds nothing to it, but still stretches the grid to reach it.
std::vector<Vec3> surface_points(const TriangleMesh& mesh) {
  const std::vector<bool> on_surface = used_vertices(mesh, true);
  std::vector<Vec3> points;
  for (size_t v = 0; v < on_surface.size(); ++v)
    if (on_surface[v]) points.push_back(mesh.vertices[v]);
  return points;
}

// Index of the vertex among `candidates` farthest outside `box`, or -1 when none is outside.
int farthest_outside(const TriangleMesh& mesh, const std::vector<int>& candidates, const MeshBounds& box) {
  int farthest = -1;
  Real distance = 0.0;
  for (const int v : candidates) {
    const Real d = distance_outside(box, mesh.vertices[size_t(v)]);
    if (d > distance) {
      distance = d;
      farthest = v;
    }
  }
  return farthest;
}

// Largest distance of the points from the plane of the triangle with the largest area.
Real thickness_of(const TriangleMesh& mesh, const std::vector<Vec3>& points) {
  Vec3 normal{0.0, 0.0, 0.0}, on{0.0, 0.0, 0.0};
  Real largest = 0.0;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const TriangleCorners c = triangle_corners(mesh, int(t));
    const Vec3 n = area_normal(c);
    if (length(n) <= largest) continue;
    largest = length(n);
    normal = (1.0 / largest) * n;
    on = c.a;
  }
  Real thickness = 0.0;
  for (const Vec3& p : points) thickness = std::max(thickness, std::fabs(dot(p - on, normal)));
  return thickness;
}

}  // namespace

MeshQuality assess_mesh(const TriangleMesh& mesh) {
  MeshQuality q;
  const std::vector<bool> used = used_vertices(mesh);
  std::vector<int> used_ids, unused_ids;
  std::vector<Vec3> points;
  for (size_t v = 0; v < used.size(); ++v) {
    (used[v] ? used_ids : unused_ids).push_back(int(v));
    if (used[v]) points.push_back(mesh.vertices[v]);
  }
  q.bounds = {points[0], points[0]};
  for (const Vec3& p : points) q.bounds = {min3(q.bounds.lo, p), max3(q.bounds.hi, p)};
  q.bulk = bulk_of(surface_points(mesh));
  q.farthest_outlier = farthest_outside(mesh, used_ids, q.bulk);
  q.farthest_stray = farthest_outside(mesh, unused_ids, q.bounds);
  for (const int v : unused_ids)
    q.stray_vertices += distance_outside(q.bounds, mesh.vertices[size_t(v)]) > 0.0;
  q.thickness = thickness_of(mesh, points);
  q.volume = enclosed_volume(mesh);
  assess_edges(mesh, q);
  return q;
}

Real bounds_spread(const MeshQuality& q) {
  const Real bulk = largest_extent(q.bulk);
  return bulk > 0.0 ? largest_extent(q.bounds) / bulk : std::numeric_limits<Real>::infinity();
}

std::vector<std::string> mesh_warnings(const TriangleMesh& mesh, const MeshQuality& q, int sdf_resolution) {
  std::vector<std::string> warnings;
  const std::string unreliable = ": the SDF sign near them is unreliable";
  if (q.rim_edges > 0) {
    warnings.push_back("the mesh is open: " + counted(q.holes, "hole", "holes") + " (" +
                       counted(q.rim_edges, "edge", "edges") + " on the rims, none above " +
                       std::to_string(int(std::ceil(100.0 * q.highest_rim))) + "% of its height)" +
                       unreliable);
  }
  if (q.non_manifold_edges > 0) {
    warnings.push_back(counted(q.non_manifold_edges, "edge", "edges") +
                       " shared by more than two faces (non-manifold)" + unreliable);
  }
  if (q.flipped_edges > 0) {
    warnings.push_back(counted(q.flipped_edges, "edge", "edges") +
                       " joining two faces that run it the same way (one of them is flipped)" + unreliable);
  }
  if (bounds_spread(q) >= kWarnSpread) {
    warnings.push_back(
        "a few far vertices dominate its bounds (the farthest: " + vertex_at(mesh, q.farthest_outlier) +
        "): the SDF grid spans them, leaving the bulk of the "
        "mesh " +
        number(Real(sdf_resolution) / bounds_spread(q)) + " of its " + std::to_string(sdf_resolution) +
        " cells");
  }
  if (q.stray_vertices > 0) {
    warnings.push_back(
        "left out: " + counted(q.stray_vertices, "vertex", "vertices") +
        " that no face uses, outside the mesh (the farthest: " + vertex_at(mesh, q.farthest_stray) + ")");
  }
  return warnings;
}

std::optional<std::string> sdf_refusal(const TriangleMesh& mesh, const MeshQuality& q, int sdf_resolution) {
  const Real bulk_cells = Real(sdf_resolution) / bounds_spread(q);
  if (bulk_cells < kMinBulkCells) {
    return vertex_at(mesh, q.farthest_outlier) + " lies far outside the rest of the mesh, which spans " +
           number(largest_extent(q.bulk)) + ": a signed distance field of " + std::to_string(sdf_resolution) +
           " cells reaching it would give the mesh " + number(bulk_cells) + " cells, too few for its shape";
  }
  const Real span = largest_extent(q.bounds);
  if (q.thickness <= kFlatThickness * span) {
    return "the mesh is flat (no vertex is farther than " + number(q.thickness) +
           " from the plane of its largest triangle, across a span of " + number(span) +
           "): it has no inside for a signed distance field";
  }
  if (is_closed(q) && q.volume < 0.0) {
    return "its faces point inward (it is closed but encloses a negative volume, " + number(q.volume) +
           "): its signed distance field would be inside out";
  }
  return std::nullopt;
}

}  // namespace SIM_PRECISION
}  // namespace sim
