// Closing the holes of an open triangle mesh before its SDF is built: the pseudo-normal sign of
// sdf_build.h (Bærentzen & Aanæs 2005) holds only on a closed, consistently oriented surface, and near a
// hole's rim it can call outside points inside (the Stanford bunny's scan has five holes in its
// underside). Each hole, a group of rim edges (edges with one face) joined at their vertices, gets a cap
// that runs each rim edge the other way from the edge's one face, so every former rim edge has two faces
// that run it in opposite directions: a simple rim loop is cut into triangles by ear clipping on its plane
// (Newell's normal), which keeps the cap from folding over itself where the loop is not convex (the
// pseudo-normals need a surface that does not cross itself); any other rim gets a fan from its centroid.
#pragma once

#include "mesh/triangle_mesh.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ClosedHoles {
  int holes = 0;      // caps added
  int rim_edges = 0;  // rim edges they close
};

// Closes every hole of `mesh` in place; a closed mesh is left as it is. Triangles with a repeated vertex
// count as no face of their edges, as in mesh_quality.h.
ClosedHoles close_holes(TriangleMesh& mesh);

}  // namespace SIM_PRECISION
}  // namespace sim
