// Small index tuples shared by the Model, meshes and constraints: a pair of particles (a distance
// constraint) and a triple of vertices (a triangle).
#pragma once

namespace sim {

struct Int2 {
  int a, b;
};

struct Int3 {
  int a, b, c;
};

}  // namespace sim
