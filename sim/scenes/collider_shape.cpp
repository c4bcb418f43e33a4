// The bunny (loaded, its far parts dropped, its holes closed, judged by mesh_quality, stripped of unused
// vertices, normalised, its field built through the disk cache) and the analytic sphere it falls back to;
// see collider_shape.h.
#include "scenes/collider_shape.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

#include "assets/asset_path.h"
#include "mesh/close_holes.h"
#include "mesh/far_parts.h"
#include "mesh/mesh_quality.h"
#include "mesh/obj_loader.h"
#include "mesh/sdf_cache.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr const char* kBunnyFile = "stanford-bunny.obj";

// Scales and moves the mesh so that it is 1 tall with the centre of its base at the origin.
void normalise(TriangleMesh& mesh) {
  const MeshBounds b = mesh_bounds(mesh);
  const Real height = b.hi.y - b.lo.y;
  if (!(height > 0.0)) throw MeshError("the mesh is flat (zero height)");
  const Vec3 base{0.5 * (b.lo.x + b.hi.x), b.lo.y, 0.5 * (b.lo.z + b.hi.z)};
  for (Vec3& v : mesh.vertices) v = (1.0 / height) * (v - base);
}

// A UV sphere of diameter 1 resting on the origin, counter-clockwise from outside.
TriangleMesh unit_sphere(int slices, int stacks) {
  TriangleMesh m;
  m.vertices.push_back({0.0, 1.0, 0.0});
  for (int j = 1; j < stacks; ++j) {
    const Real theta = M_PI * Real(j) / Real(stacks);
    for (int i = 0; i < slices; ++i) {
      const Real phi = 2.0 * M_PI * Real(i) / Real(slices);
      m.vertices.push_back({0.5 * std::sin(theta) * std::cos(phi), 0.5 + 0.5 * std::cos(theta),
                            0.5 * std::sin(theta) * std::sin(phi)});
    }
  }
  m.vertices.push_back({0.0, 0.0, 0.0});
  const int bottom = int(m.vertices.size()) - 1;
  auto ring = [slices](int j, int i) { return 1 + (j - 1) * slices + (i % slices); };
  for (int i = 0; i < slices; ++i) {
    m.triangles.push_back({0, ring(1, i + 1), ring(1, i)});
    m.triangles.push_back({bottom, ring(stacks - 1, i), ring(stacks - 1, i + 1)});
    for (int j = 1; j + 1 < stacks; ++j) {
      m.triangles.push_back({ring(j, i), ring(j, i + 1), ring(j + 1, i)});
      m.triangles.push_back({ring(j + 1, i), ring(j, i + 1), ring(j + 1, i + 1)});
    }
  }
  return m;
}

// The exact field of the sphere of diameter 1 centred at (0, 0.5, 0) on the grid the mesh would get.
SdfGrid analytic_sphere_sdf(const TriangleMesh& mesh, int sdf_resolution, int padding_cells) {
  SdfGrid g = sdf_layout(mesh, sdf_resolution, padding_cells);
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        g.phi[sdf_node_index(g, i, j, k)] = float(length(sdf_node_position(g, i, j, k) - Vec3{0.0, 0.5, 0.0}) - 0.5);
      }
  return g;
}

// $XDG_CACHE_HOME/smallsteps, else ~/.cache/smallsteps; empty (no disk cache) when neither is set.
std::string sdf_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/smallsteps";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/smallsteps";
  return "";
}

}  // namespace

ColliderShape sphere_shape(int sdf_resolution, int padding_cells) {
  ColliderShape shape;
  shape.mesh = unit_sphere(48, 24);
  shape.sdf = analytic_sphere_sdf(shape.mesh, sdf_resolution, padding_cells);
  return shape;
}

ColliderShape bunny_shape(const AssetLookup& lookup, int sdf_resolution, int padding_cells) {
  std::string reason;
  const std::string name = escaped(lookup.path);
  if (lookup.path.empty()) {
    reason = std::string(kBunnyFile) + " was not found (looked for";
    for (const std::string& s : lookup.searched) reason += " " + escaped(s);
    reason += "); run scripts/fetch_bunny.sh or set SMALLSTEPS_ASSET_DIR";
  } else {
    try {
      ColliderShape shape;
      shape.mesh = load_obj(lookup.path);
      if (const auto note = drop_far_parts(shape.mesh, name)) shape.notes.push_back(*note);
      close_holes(shape.mesh);  // the scan's holes would make the field's sign unreliable near them
      const MeshQuality quality = assess_mesh(shape.mesh);
      if (const auto refusal = sdf_refusal(shape.mesh, quality, sdf_resolution)) {
        throw MeshError(name + ": " + *refusal);
      }
      for (const std::string& warning : mesh_warnings(shape.mesh, quality, sdf_resolution)) {
        shape.notes.push_back(name + ": " + warning);
      }
      drop_unused_vertices(shape.mesh);
      normalise(shape.mesh);
      shape.sdf = load_or_build_sdf(shape.mesh, sdf_resolution, sdf_cache_dir(), padding_cells);
      return shape;
    } catch (const MeshError& e) {
      reason = e.what();
    } catch (const std::invalid_argument& e) {  // build_sdf: nothing with an area to measure against
      reason = name + ": " + e.what();
    }
  }
  ColliderShape sphere = sphere_shape(sdf_resolution, padding_cells);
  sphere.notes = {"the Stanford bunny is unavailable: " + reason + ". Using a sphere collider instead."};
  return sphere;
}

std::shared_ptr<const ColliderShape> collider_shape(ShapeKind kind, int sdf_resolution, int padding_cells) {
  static std::mutex mutex;
  static std::map<std::tuple<ShapeKind, int, int>, std::shared_ptr<const ColliderShape>> built;
  const std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<const ColliderShape>& entry = built[{kind, sdf_resolution, padding_cells}];
  if (!entry)
    entry = std::make_shared<const ColliderShape>(
        kind == ShapeKind::Bunny ? bunny_shape(find_asset(kBunnyFile), sdf_resolution, padding_cells)
                                 : sphere_shape(sdf_resolution, padding_cells));
  return entry;
}

SdfPadding sdf_padding(int sdf_resolution, Real scale, Real reach) {
  const Real needed = std::ceil(reach / scale * Real(sdf_resolution));
  const int most = std::max(kSdfPaddingCells, sdf_resolution / 4);
  int cells = kSdfPaddingCells;
  while (cells < needed && cells < most) cells *= 2;
  cells = std::min(cells, most);
  return {cells, Real(cells) >= needed};
}

}  // namespace SIM_PRECISION
}  // namespace sim
