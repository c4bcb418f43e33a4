// Small index tuples shared by the Model, meshes and constraints: a pair of particles (a distance
// constraint), a triple of vertices (a triangle) and a quadruple (a tetrahedron).
#pragma once

namespace sim {

struct Int2 {
  int a, b;
};

struct Int3 {
  int a, b, c;
};

struct Int4 {
  int a, b, c, d;
};

}  // namespace sim
