// A Gauss-Seidel sweep over colours written as one Exec::parallel_for per colour, in order: the CUDA
// policy's sweep (the stream orders the launches) and the tests' shuffled one (each colour's items in a
// drawn order, the colours in theirs). The CPU policy runs the whole sweep in one parallel region instead
// (exec/cpu_exec.h).
#pragma once

namespace sim {

// Colour c, in order, runs size(c) items of the functor pass(c).
template <class Exec, class Size, class ColourPass>
void sweep_colour_by_colour(int colours, const Size& size, const ColourPass& pass) {
  for (int c = 0; c < colours; ++c) Exec::parallel_for(size(c), pass(c));
}

}  // namespace sim
