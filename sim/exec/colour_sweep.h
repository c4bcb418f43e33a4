// A Gauss-Seidel sweep over colours written as one Exec::parallel_for per colour, in order: the CUDA
// policy's sweep when grid sweeps are off (the stream orders the launches) and the tests' shuffled one (each
// colour's items in a drawn order, the colours in theirs). The CPU policy runs the whole sweep in one
// parallel region instead (exec/cpu_exec.h), and the CUDA policy by default one cooperative grid per
// kGridSweepColours<F> colours, synchronised between colours (exec/cuda_exec.cuh).
#pragma once

namespace sim {
inline namespace SIM_PRECISION {

// Colour c, in order, runs size(c) items of the functor pass(c).
template <class Exec, class Size, class ColourPass>
void sweep_colour_by_colour(int colours, const Size& size, const ColourPass& pass) {
  for (int c = 0; c < colours; ++c) Exec::parallel_for(size(c), pass(c));
}

// The colours one grid sweep of functor F covers: the functors of every colour travel as the kernel's
// arguments, which stay within 4 KB (the limit on every architecture the build targets).
template <class F>
inline constexpr int kGridSweepColours = int((3840 - 8) / (sizeof(F) + sizeof(int))) < 32
                                             ? int((3840 - 8) / (sizeof(F) + sizeof(int)))
                                             : 32;

// The device operations a sweep of `colours` colours of F takes: one a colour, or one a grid of colours.
template <class F>
int sweep_operations(int colours, bool grid_sweeps) {
  return grid_sweeps ? (colours + kGridSweepColours<F> - 1) / kGridSweepColours<F> : colours;
}

}  // namespace SIM_PRECISION
}  // namespace sim
