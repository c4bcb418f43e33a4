// Angle-weighted pseudo-normals (Bærentzen & Aanæs, "Signed distance computation using the angle weighted
// pseudonormal", IEEE TVCG 11(3), 2005). The sign of the distance from p to its closest point c on a
// closed mesh is the sign of (p − c)·n, with n the pseudo-normal of the feature c lies on: the face
// normal inside a face, the sum of the two face normals on an edge, and on a vertex the sum of the
// incident face normals each weighted by the face's angle there. An open mesh's boundary edge has one face
// and uses its normal. Used by both the SDF grid build and the brute-force reference, so they agree.
#pragma once

#include <vector>

#include "mesh/closest_point.h"
#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct PseudoNormals {
  std::vector<Vec3> face;    // [-] unit normal per triangle; zero for a triangle without area
  std::vector<Vec3> edge;    // [-] per triangle edge (index 3·t + e): Σ unit normals of the faces on it
  std::vector<Vec3> vertex;  // [rad] per vertex: Σ angle at the vertex × unit face normal
};

PseudoNormals compute_pseudo_normals(const TriangleMesh& mesh);

// |p − c| [m], negative when (p − c)·n < 0, for the closest point c = hit.on.point found on the mesh.
Real signed_distance(const PseudoNormals& normals, const TriangleMesh& mesh, Vec3 p, const MeshHit& hit);

}  // namespace SIM_PRECISION
}  // namespace sim
