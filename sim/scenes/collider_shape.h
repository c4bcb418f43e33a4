// The shapes a scene can collide with, normalised to height 1 with the base centred on the origin (so a
// scene places them with one scale and one translation, constraints/sdf_collider.h): the Stanford bunny,
// loaded from its OBJ file, or an analytic sphere of diameter 1 (drawn as a UV sphere). Each comes with
// its SDF grid and the mesh to draw. The bunny's parts far from its main part are dropped first, with a
// note (far_parts.h), then its holes are closed (close_holes.h). A bunny file whose mesh cannot give a
// field (mesh_quality.h: sdf_refusal; far_parts.h: no part dominates) is treated like a broken file; what
// makes its field less trustworthy (non-manifold or flipped edges, far vertices) becomes notes.
// Built once per SDF resolution and shared in the process, and cached on disk by mesh hash.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "assets/asset_path.h"
#include "mesh/sdf_build.h"
#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ColliderShape {
  TriangleMesh mesh;               // normalised: height 1, base centre at the origin; no unused vertices
  SdfGrid sdf;                     // of `mesh`, in the same frame
  std::vector<std::string> notes;  // one line each: why the shape is not the one asked for, or what
                                   // makes its field less trustworthy
};

enum class ShapeKind { Bunny, Sphere };

// The bunny when its file is found, loads and can give a field, else the sphere with a note naming the
// problem and the places searched (a directory under the file's name is bad input: find_asset throws
// ParamError); built once per (kind, resolution, padding) in a process. The field's
// grid reaches `padding_cells` cells beyond the shape's bounds (sdf_padding).
std::shared_ptr<const ColliderShape> collider_shape(ShapeKind kind, int sdf_resolution,
                                                    int padding_cells = kSdfPaddingCells);

// Padding, in cells, for a field of `sdf_resolution` cells whose shape is placed at `scale` and touched
// by particles of radius r with detection margin m: every point within r + m of the surface must lie
// on the grid (outside it φ is only an upper bound: φ at the nearest grid point plus the distance to
// it), so (r + m)/scale in the shape's frame, where a cell is at most 1/resolution (the shapes are 1
// high, and the longest side spans the resolution), rounded up to kSdfPaddingCells times a power of two
// so that dragging collider_size builds a few fields, not one per value; at most resolution/4, which
// keeps the grid within 1.5 times its size per axis: a collider placed smaller than that allows leaves
// contacts farther out to the estimate.
struct SdfPadding {
  int cells;          // grid cells beyond the shape's bounds
  bool covers_reach;  // false when the cap left part of the reach off the grid
};
SdfPadding sdf_padding(int sdf_resolution, Real scale, Real reach);

// The two shapes themselves, uncached: the sphere's field is exact (|x − c| − ½ at every node); the
// bunny's comes from its OBJ at lookup.path, holes closed, with a note per mesh_warnings line (prefixed
// with the path), and falls back to the sphere with a note.
ColliderShape sphere_shape(int sdf_resolution, int padding_cells = kSdfPaddingCells);
ColliderShape bunny_shape(const AssetLookup& lookup, int sdf_resolution,
                          int padding_cells = kSdfPaddingCells);

}  // namespace SIM_PRECISION
}  // namespace sim
