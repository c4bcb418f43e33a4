// TetMesh: vertices and positively oriented tetrahedra (((b − a) × (c − a))·(d − a) > 0), the bodies of
// the tet constraint family. box_beam() builds a box from cubes of five tets each; load_tetgen() reads a
// TetGen .node/.ele pair (tetgen.h's file formats) so users can bring their own bodies.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/index.h"
#include "core/vec3.h"

namespace sim {
inline namespace SIM_PRECISION {

struct TetMesh {
  std::vector<Vec3> vertices;  // [m]
  std::vector<Int4> tets;      // positively oriented
  std::vector<std::string> notes;  // what the loader wants the user told (e.g. that it flipped every tet)
};

// A box [0, size.x] × [−size.y/2, size.y/2] × [−size.z/2, size.z/2] of cells.a × cells.b × cells.c cubes,
// each split into 5 tets (a central one and four corners) with the split mirrored in alternate cubes so
// that neighbouring cubes share their face diagonals: 5·a·b·c tets, (a+1)(b+1)(c+1) vertices, vertex
// (i, j, k) at index (i·(b+1) + j)·(c+1) + k.
TetMesh box_beam(Vec3 size, Int3 cells);

// The faces of exactly one tet, oriented outward (counter-clockwise seen from outside).
std::vector<Int3> boundary_faces(const TetMesh& mesh);

// Every edge of the tets once, as (a, b) with a < b, sorted (the lectures' deformable cube's springs).
std::vector<Int2> tet_edges(const TetMesh& mesh);

// ρ V/4 of every tet at each of its corners [kg].
std::vector<Real> lumped_masses(const TetMesh& mesh, Real density);

// Rest volume ((b − a) × (c − a))·(d − a)/6 of tet t [m³] (negative when inverted).
Real tet_volume(const TetMesh& mesh, int t);

// Reads <stem>.node and <stem>.ele (path: either file, or the stem). Throws MeshError naming the file
// and line for a missing file, a malformed header or line, a dimension other than 3, numbering that is
// not consecutive from 0 or 1, non-finite coordinates or coordinates beyond 10⁶ m, a corner index out of
// range or repeated, and for degenerate tets (constraints/tet_elasticity.h: degenerate_tet) or tets inverted
// against the others' orientation (a file whose tets all have negative volume, the other common convention,
// is flipped, with a note).
TetMesh load_tetgen(const std::string& path);
// The same from the two files' contents; origin names them in messages, escaped (params/quoted.h): the
// fuzz harness's entry.
TetMesh load_tetgen_text(std::string_view node, std::string_view ele, const std::string& origin);

}  // namespace SIM_PRECISION
}  // namespace sim
