// How well a triangle mesh suits a signed distance field (sdf_build.h): what the user should be warned of,
// and what makes the field useless. The field's sign (pseudo-normals) can be trusted only on a closed,
// manifold, consistently oriented mesh: near the rim of a hole (an edge with one face), an edge with more
// than two faces, or an edge whose two faces run it the same way (one of them flipped) it may be wrong.
// The grid spans the mesh bounds, so a few far vertices can take its cells from the rest: the bounds are
// compared with the bulk's, the 1st to 99th percentile of the vertex coordinates along each axis (of the
// triangles with an area: a vertex that only zero-area faces reach adds no surface, only grid to span).
// A flat mesh has no inside at all, and a closed mesh whose faces point inward has its field inside out.
// Only the vertices that faces use shape the field (collider shapes drop the rest), but an unused vertex
// outside the mesh says something is wrong with the file. Heights are along y, the scenes' up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct MeshQuality {
  int rim_edges = 0;           // edges with one face (triangles with a repeated vertex are not counted)
  int holes = 0;               // groups of rim edges joined at their vertices
  Real highest_rim = 0.0;      // [-] height of the highest rim vertex above the lowest vertex, / mesh height
  int non_manifold_edges = 0;  // edges with more than two faces
  int flipped_edges = 0;       // edges whose two faces run them in the same direction
  Real volume = 0.0;           // [file units³] enclosed_volume: negative when a closed mesh faces inward
  int stray_vertices = 0;      // vertices no face uses that lie outside `bounds`
  int farthest_stray = -1;     // the one farthest outside; -1 when there is none
  MeshBounds bounds;           // [file units] of the vertices that faces use
  MeshBounds bulk;             // [file units] 1st to 99th percentile, per axis, of the coordinates of the
                               // corners of triangles with an area (zero-area faces add no surface)
  int farthest_outlier = -1;   // the used vertex farthest outside `bulk`; -1 when all are inside
  Real thickness = 0.0;  // [file units] largest distance of a used vertex from the largest triangle's plane
};

// Needs a mesh with a triangle of non-zero area and every index in range, as load_obj returns.
MeshQuality assess_mesh(const TriangleMesh& mesh);

// Whether the rims, non-manifold and flipped edges allow the field's sign to be trusted everywhere.
inline bool is_closed(const MeshQuality& q) {
  return q.rim_edges == 0 && q.non_manifold_edges == 0 && q.flipped_edges == 0;
}

// Largest bounds extent over the bulk's: the field's grid gives the bulk 1/spread of its cells.
Real bounds_spread(const MeshQuality& q);

// One line for each problem that makes a field of `sdf_resolution` cells (along the longest side) less
// trustworthy; none for a clean mesh. Vertex numbers count from 1, as in the OBJ file.
std::vector<std::string> mesh_warnings(const TriangleMesh& mesh, const MeshQuality& q, int sdf_resolution);

// Why such a field could not stand for the mesh at all, or nothing: far vertices would leave its bulk
// fewer than 8 cells, it is flat (every used vertex within 1e-5 of its size from one plane), or it is
// closed and faces inward. Far vertices are judged first: a spike to one of them would make the rest look
// flat.
std::optional<std::string> sdf_refusal(const TriangleMesh& mesh, const MeshQuality& q, int sdf_resolution);

}  // namespace SIM_PRECISION
}  // namespace sim
