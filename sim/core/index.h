// Small index tuples shared by the Model, meshes and constraints: a pair of particles (a distance
// constraint), a triple of vertices (a triangle), a quadruple (a tetrahedron), and a range of
// constraints (a colour).
#pragma once

#include <cstddef>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

struct Int2 {
  int a, b;
};

struct Int3 {
  int a, b, c;
};

struct Int4 {
  int a, b, c, d;
};

struct IndexRange {
  int begin, end;  // [begin, end)
  int size() const { return end - begin; }
};

// The ranges [offsets[c], offsets[c + 1]) of consecutive offsets (the colours of model/colouring.h).
inline std::vector<IndexRange> ranges_between(const std::vector<int>& offsets) {
  std::vector<IndexRange> ranges;
  for (std::size_t c = 0; c + 1 < offsets.size(); ++c) ranges.push_back({offsets[c], offsets[c + 1]});
  return ranges;
}

}  // namespace SIM_PRECISION
}  // namespace sim
