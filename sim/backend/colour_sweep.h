// A Gauss-Seidel sweep over colours written as one Exec::parallel_for per colour, in order: the CUDA
// policy's sweep (the stream orders the launches) and the tests' shuffled one (each colour's items in a
// drawn order, the colours in theirs). The CPU policy runs the whole sweep in one parallel region instead
// (backend/cpu_exec.h).
#pragma once

#include <vector>

#include "core/index.h"

namespace sim {

// pass(first) is the functor over the colour [first, first + size).
template <class Exec, class ColourPass>
void sweep_colour_by_colour(const std::vector<IndexRange>& colours, const ColourPass& pass) {
  for (const IndexRange& c : colours) Exec::parallel_for(c.size(), pass(c.begin));
}

}  // namespace sim
